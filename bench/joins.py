"""Starting a table on bad Wi-Fi, again and again: does every laptop get in, and how long does it
take? Run as root from the repository root:

    .venv/bin/python bench/joins.py --starts 25

Each start is one `lanpurr host` (Momistigri, 4 seats, a bot in one, `--autostart`) and two
`lanpurr join` processes, each in its own throw-away network namespace joined by the project's
impairing hub (tests/net/netns.py, tests/net/impairing_hub.py: nothing reaches this machine's
own network), every frame lost with probability `--loss` and the others `--delay` ± `--jitter`
seconds late. A start counts when the host prints `game_started` within `--timeout` seconds of
the joins; a laptop that exits before then fails it, with its last words. Every loop is bounded
in count and time.
"""

import argparse
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_play import NAMES, Laptop  # noqa: E402

from tests.net.impairing_hub import Impairment  # noqa: E402
from tests.net.netns import Lan  # noqa: E402


def one_start(args: argparse.Namespace, home: Path) -> tuple[float | None, str]:
    """Seconds from the joins to the game's start (None: it never started), and why not."""
    with Lan(3, Impairment(args.delay, args.jitter, args.loss)) as lan:
        laptops: list[Laptop] = []

        def start(index: int, *command: str) -> Laptop:
            host = lan.hosts[index]
            argv = host.python("-m", "ui.cli", *command, "--interface", host.address, "--name",
                               NAMES[index], "--home", str(home / NAMES[index]))  # fmt: skip
            laptops.append(Laptop(host, argv))
            return laptops[-1]

        try:
            hosting = start(0, "host", "momistigri", "--seats", "4", "--bots", "1",
                            "--autostart", "--json", "--no-announce")  # fmt: skip
            address = hosting.wait_for("hosting", 60)["address"]
            began = time.monotonic()
            for index in (1, 2):
                start(index, "join", address, "--bot", "normal", "--json")
            while time.monotonic() - began < args.timeout:
                if hosting.first("game_started") is not None:
                    return time.monotonic() - began, ""
                gone = [i for i, laptop in enumerate(laptops) if laptop.process.poll() is not None]
                if gone:
                    time.sleep(0.3)  # (its last words)
                    said = "".join(laptops[gone[0]].errors[-2:]).strip()
                    return None, f"{NAMES[gone[0]]}: {said or 'exited'}"
                time.sleep(0.05)
            return None, f"no start within {args.timeout:.0f} s"
        finally:
            for laptop in laptops:
                laptop.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description="Tables started on bad Wi-Fi, again and again.")
    parser.add_argument("--starts", type=int, default=25)
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("--jitter", type=float, default=0.05)
    parser.add_argument("--loss", type=float, default=0.1)
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()
    took: list[float] = []
    failed: list[str] = []
    with tempfile.TemporaryDirectory(prefix="lanpurr-joins-") as folder:
        for number in range(args.starts):
            seconds, why = one_start(args, Path(folder) / str(number))
            if seconds is None:
                failed.append(why)
                print(f"#{number} FAILED: {why}", flush=True)
            else:
                took.append(seconds)
                print(f"#{number} ok in {seconds:.1f} s", flush=True)
    print(f"\n{len(took)} of {args.starts} starts got every laptop in", end="")
    if took:
        print(f"; joins → game started: median {median(took):.1f} s, "
              f"{min(took):.1f}–{max(took):.1f} s", end="")  # fmt: skip
    print()
    for why in failed:
        print(f"  failed: {why}")
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
