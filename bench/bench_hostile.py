"""A table under attack: how fast an honest player still joins, and what the host spends.

Run as root from the repository root (it builds throw-away network namespaces, see
tests/net/netns.py; nothing reaches this machine's own network):

    .venv/bin/python bench/bench_hostile.py            # every attack, about 2 minutes
    .venv/bin/python bench/bench_hostile.py flood big  # some of them

A real `lanpurr host` (purrfect, 7 seats, the desktop limit of 1 024 open files) runs in one
namespace, the attacker (tests/net/rogue.py) in a second, and in a third an honest player joins
and leaves again and again for the whole attack, timing each join (connect, handshake, table
state received). For each attack it prints the joins' median and worst time, how many failed,
the host's CPU seconds, memory, journal size and log lines during the attack.
"""

import argparse
import asyncio
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.net.netns import Lan  # noqa: E402

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
ATTACKS: dict[str, list[str]] = {
    "none": ["squat", "--count", "0", "--hold", "8"],
    "flood": ["flood", "--rate", "1000", "--seconds", "10"],
    "squat": ["squat", "--count", "40", "--hold", "8"],
    "bomb": ["bomb", "--name", "Bomber", "--hold", "6"],
    "big": ["big", "--name", "Hoarder", "--count", "30", "--hold", "4"],
    "toggle": ["toggle", "--name", "Toggler", "--count", "20000", "--hold", "8"],
    "guess": ["guess", "--count", "200"],
}


async def time_joins(target: str, seconds: float, home: str, code: str | None) -> None:
    """Inside a namespace: join, leave, join again... printing each join's time."""
    from net.home import load_profile
    from net.lobby import Lobby

    deadline = time.monotonic() + seconds
    profile = load_profile(Path(home), "Honest")
    while time.monotonic() < deadline:
        lobby = Lobby(profile, lambda event: None)
        started = time.monotonic()
        try:
            await asyncio.wait_for(lobby.join(target, code=code), 10)
            print(json.dumps({"join": time.monotonic() - started}), flush=True)
        except Exception as error:  # a failed join is a figure too
            print(json.dumps({"failed": f"{type(error).__name__}: {error}"[:200]}), flush=True)
        await lobby.close()
        await asyncio.sleep(0.3)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    match = re.search(r"VmRSS:\s+(\d+) kB", status)
    return int(match.group(1)) / 1024 if match else 0.0


def run_attack(name: str, argv: list[str], tmp: Path) -> dict[str, object]:
    with Lan(hosts=3) as lan:
        hosting, attacking, honest = lan.hosts
        private = ["--private"] if name == "guess" else []
        errors = (tmp / f"{name}-host.stderr").open("w")
        files = 1024
        host = hosting.popen(
            hosting.python("-m", "ui.cli", "host", "purrfect", "--seats", "7", "--no-announce",
                           "--json", "--grace", "3", "--home", str(tmp / f"{name}-host"),
                           *private),
            stdout=subprocess.PIPE, stderr=errors, env=ENV, cwd=str(ROOT),
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (files, files)),
        )  # fmt: skip
        assert host.stdout is not None
        hosted = json.loads(host.stdout.readline())
        while hosted.get("event") != "Hosting":
            hosted = json.loads(host.stdout.readline())
        target = f"{hosting.address}:{hosted['port']}"
        drain = threading.Thread(target=lambda: [None for _ in host.stdout], daemon=True)
        drain.start()  # the host prints every table state: never let its pipe fill up
        before_cpu = cpu_seconds(host.pid)
        rogue = attacking.popen(
            attacking.python("tests/net/rogue.py", argv[0], target, *argv[1:]),
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=ENV, cwd=str(ROOT),
        )  # fmt: skip
        time.sleep(0.5)
        timer = honest.popen(
            honest.python(__file__, "--timer", target, "--seconds", "10", "--home",
                          str(tmp / f"{name}-honest"), "--code", hosted.get("code") or ""),
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=ENV, cwd=str(ROOT),
        )  # fmt: skip
        out, _ = timer.communicate(timeout=60)
        peak_rss = rss_mb(host.pid)
        rogue.wait(120)
        cpu = cpu_seconds(host.pid) - before_cpu
        peak_rss = max(peak_rss, rss_mb(host.pid))
        host.terminate()
        host.wait(10)
        errors.close()
        lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
        joins = [line["join"] for line in lines if "join" in line]
        journals = list((tmp / f"{name}-host" / "tables").glob("*.journal"))
        log = (tmp / f"{name}-host.stderr").read_text()
        return {
            "attack": name,
            "joins": len(joins),
            "failed": sum(1 for line in lines if "failed" in line),
            "median_ms": round(statistics.median(joins) * 1000, 1) if joins else None,
            "worst_ms": round(max(joins) * 1000, 1) if joins else None,
            "host_cpu_s": round(cpu, 2),
            "host_rss_mb": round(peak_rss, 1),
            "journal_kb": round(sum(p.stat().st_size for p in journals) / 1024, 1),
            "log_lines": len(log.splitlines()),
            "tracebacks": log.count("Traceback"),
        }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("attacks", nargs="*", default=list(ATTACKS))
    parser.add_argument("--timer", help=argparse.SUPPRESS)
    parser.add_argument("--seconds", type=float, default=10, help=argparse.SUPPRESS)
    parser.add_argument("--home", help=argparse.SUPPRESS)
    parser.add_argument("--code", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.timer:
        asyncio.run(time_joins(args.timer, args.seconds, args.home, args.code or None))
        return
    print(f"load average before: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.attacks:
            print(json.dumps(run_attack(name, ATTACKS[name], Path(tmp))), flush=True)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
