"""How fast `lanpurr share` hands out the app: K friends download the Linux archive at once.

    .venv/bin/python bench/bench_share.py [--kit dist/kit] [--friends 1,4,7]

Runs on loopback (the server and the friends on this machine), so it measures the server's own
cost, not a Wi-Fi: a real party is limited by its network (a 60 MB archive takes ~10 s at
50 Mbit/s per laptop). Every run is bounded: one download per friend, 120 s at most.
"""

from __future__ import annotations

import argparse
import http.client
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from net.share.server import ShareServer, scan_kit  # noqa: E402


def download(port: int, path: str, sizes: list[int]) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    connection.request("GET", path)
    response = connection.getresponse()
    total = 0
    while block := response.read(1 << 20):
        total += len(block)
    connection.close()
    sizes.append(total)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kit", type=Path, default=ROOT / "dist" / "kit")
    parser.add_argument("--friends", default="1,4,7")
    args = parser.parse_args()
    kit = scan_kit(args.kit)
    archive = next(a for a in kit.archives if a.system == "linux")
    server = ShareServer(kit, host="127.0.0.1", port=0).start()
    print(f"{archive.name}: {archive.size / 1e6:.1f} MB")
    try:
        for friends in (int(n) for n in args.friends.split(",")):
            sizes: list[int] = []
            threads = [
                threading.Thread(
                    target=download, args=(server.port, f"/downloads/{archive.name}", sizes)
                )
                for _ in range(friends)
            ]
            started, cpu = time.monotonic(), time.process_time()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(120)
            seconds = time.monotonic() - started
            cpu_s = time.process_time() - cpu
            assert sizes == [archive.size] * friends, "a download came back short"
            print(
                f"{friends} friend(s) at once: {seconds:.2f} s, "
                f"{friends * archive.size / 1e6 / seconds:.0f} MB/s in all, "
                f"CPU {cpu_s:.2f} s (server and clients)"
            )
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
