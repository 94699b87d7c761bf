"""A member that floods the table in the middle of a game: what it costs the honest laptops.

Run as root from the repository root (throw-away network namespaces, tests/net/netns.py;
nothing reaches this machine's own network):

    .venv/bin/python bench/bench_flood.py                       # every flood, about 6 minutes
    .venv/bin/python bench/bench_flood.py flood-tiny flood-many # some of them
    .venv/bin/python bench/bench_flood.py --honest              # no flood: the honest most

Ann hosts a three-seat Momistigri table (`--replace-gone normal`), Ben joins, and Cleo's laptop
runs tests/net/misbehaving_laptop.py: after 10 honest game batches it sends one of the floods
(each within the protocol's shapes and signed properly):

- flood-big:   30 `app` bodies just under the playing size limit (100 KiB each);
- flood-tiny:  2 000 `app` bodies of 4 000 tiny values each;
- flood-many:  20 000 small (empty) game batches;
- flood-batch: 600 batch-sized `app` bodies (60 MB, past the 48 MiB quota);

and floods of messages that each pass every check alone (tests/net/misbehaving_laptop.py,
STAGE_FLOODS): flood-req (20 000 `req ready`), flood-refused (20 000 `refused`), flood-seen
(100 000 `seen`), flood-sealed (20 000 private lines of 3 KiB), flood-chat (50 000 chat lines
of 1 KiB), flood-later (917 batches of 96 KiB sealed with the game key, for the next game);
and flood-table (HOST_FLOODS: Ann's laptop, hosting, publishes 20 000 table states).

A game without a flood (`none`, played twice) is the baseline. For each honest laptop it
prints the peak memory (VmHWM, read from /proc while the process lives), CPU seconds (utime +
stime), and the size of the table's journal (`*.journal` under its home, net/wire/journal.py), each
also as the extra over the larger baseline; and when the honest laptops cut the flooder off,
counted from the flood's start (for the floods of STAGE_FLOODS and HOST_FLOODS; the others say
so after their last message). The issue's goal: one member's flood adds at most 100 MB of memory,
50 MB of journal and 5 s of CPU to any honest laptop, and the flooder is cut off.
"""

import argparse
import json
import os
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench_play import Laptop, cpu_seconds, lanpurr  # noqa: E402

from lanpurr.fair.envelope import Envelope  # noqa: E402
from lanpurr.fair.identity import fingerprint_of  # noqa: E402
from net.game import messages  # noqa: E402
from net.limits import BODY  # noqa: E402
from net.wire import framing  # noqa: E402
from net.wire.journal import Journal  # noqa: E402
from tests.net import misbehaving_laptop  # noqa: E402
from tests.net.netns import Lan  # noqa: E402

FLOODS = ["flood-big", "flood-tiny", "flood-many", "flood-batch",
          *misbehaving_laptop.STAGE_FLOODS, *misbehaving_laptop.HOST_FLOODS]  # fmt: skip
NAMES = ["Ann", "Ben", "Cleo"]
GAME_TIMEOUT = 300.0
MB = 1_000_000
MIB = 1024 * 1024
GOAL = {"memory": 100 * MB, "journal": 50 * MB, "cpu": 5.0}
"""The issue's goal, in decimal megabytes (the journal quota, 48 MiB, is 50.3 MB)."""


@dataclass
class Cost:
    """What one honest laptop spent in one game."""

    peak: int = 0
    """VmHWM in bytes."""
    cpu: float = 0.0
    journal: int = 0
    end: str = ""
    cut_off_after: float | None = None
    """Seconds from the flood's start to this laptop's `cut_off` of Cleo (None: never)."""
    why: str = ""
    """Whom it cut off first, and why (Cleo, unless an honest laptop was wrongly named)."""


@dataclass
class Run:
    flood: str
    seconds: float = 0.0
    costs: dict[str, Cost] = field(default_factory=dict)
    flooded: str = ""


def _vm_hwm(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    return 0


class Watcher:
    """Reads a process's peak memory and CPU time from /proc until it ends (the last reading
    before its end stands)."""

    def __init__(self, laptop: Laptop) -> None:
        self.laptop = laptop
        self.peak = 0
        self.cpu = 0.0
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        pid = self.laptop.process.pid
        deadline = time.monotonic() + GAME_TIMEOUT + 30
        while self.laptop.process.poll() is None and time.monotonic() < deadline:
            try:
                self.peak = max(self.peak, _vm_hwm(pid))
                self.cpu = max(self.cpu, cpu_seconds(pid))
            except (OSError, ValueError, IndexError):
                break  # it ended between two readings
            time.sleep(0.1)

    def join(self) -> None:
        self._thread.join(GAME_TIMEOUT + 60)


def _journal_bytes(home: Path) -> int:
    return sum(path.stat().st_size for path in home.rglob("*.journal"))


def play(flood: str, home: Path) -> Run:
    """One game of three laptops, the flooder's (Cleo's, or Ann's for a host's flood) flooding;
    the costs of the others (of all three in a game without a flood)."""
    run = Run(flood)
    began = time.monotonic()
    flooder = "Ann" if flood in misbehaving_laptop.HOST_FLOODS else "Cleo"
    with Lan(3) as lan:
        ann_ns, ben_ns, cleo_ns = lan.hosts
        argv = lanpurr(ann_ns, home, "Ann", "host", "momistigri", "--seats", "3", "--bot",
                       "normal", "--autostart", "--json", "--no-announce", "--replace-gone",
                       "normal")  # fmt: skip
        if flooder == "Ann":
            argv = misbehaving_laptop.command(argv, flood)
        ann = Laptop(ann_ns, argv)
        laptops = [ann]
        try:
            address = ann.wait_for("hosting", 60)["address"]
            ben = Laptop(ben_ns, lanpurr(ben_ns, home, "Ben", "join", address, "--bot", "normal",
                                         "--json"))  # fmt: skip
            laptops.append(ben)
            ben.wait_for("Joined", 60)
            argv = lanpurr(cleo_ns, home, "Cleo", "join", address, "--bot", "normal", "--json")
            if flood != "none" and flooder == "Cleo":
                argv = misbehaving_laptop.command(argv, flood)
            laptops.append(Laptop(cleo_ns, argv))
            named = dict(zip(NAMES, laptops, strict=True))
            honest = [n for n in NAMES if flood == "none" or n != flooder]
            watchers = [Watcher(named[name]) for name in honest]
            for name in honest:
                named[name].process.wait(GAME_TIMEOUT)
            for watcher in watchers:
                watcher.join()
            time.sleep(0.3)  # the reader threads take the last lines
            said = named[flooder].first("misbehaving")
            run.flooded = said["what"] if said else ""
            for name, watcher in zip(honest, watchers, strict=True):
                laptop = named[name]
                cost = Cost(watcher.peak, round(watcher.cpu, 2), _journal_bytes(home / name))
                last = laptop.lines[-1] if laptop.lines else {}
                cost.end = "game_over" if last.get("event") == "game_over" else str(last)[:200]
                cut = laptop.first("cut_off")  # (whoever it names)
                if cut is not None and said is not None:
                    cost.cut_off_after = round(cut["t"] - said["t"], 1)
                    cost.why = f"{cut.get('laptop')}: {str(cut.get('why', ''))[:120]}"
                run.costs[name] = cost
        finally:
            for laptop in laptops:
                laptop.stop()
    run.seconds = round(time.monotonic() - began, 1)
    return run


def _mb(value: float) -> str:
    return f"{value / MB:.1f} MB ({value / MIB:.1f} MiB)"


def report(runs: list[Run]) -> list[str]:
    base = [run for run in runs if run.flood == "none"]
    lines = []
    for run in runs:
        for name, cost in run.costs.items():
            row = (f"{run.flood:11} {name}: peak {_mb(cost.peak)}, CPU {cost.cpu:.1f} s, "
                   f"journal {_mb(cost.journal)}, {cost.end}")  # fmt: skip
            if run.flood != "none" and base:
                memory = cost.peak - max(b.costs[name].peak for b in base)
                cpu = cost.cpu - max(b.costs[name].cpu for b in base)
                journal = cost.journal - max(b.costs[name].journal for b in base)
                cut = cost.cut_off_after
                over = [what for what, extra in (("memory", memory), ("journal", journal),
                        ("cpu", cpu)) if extra > GOAL[what]]  # fmt: skip
                said = "NOT cut off" if cut is None else f"cut off after {cut} s ({cost.why})"
                verdict = f"over the goal in {', '.join(over)}" if over else "within the goal"
                row += (f"; extra {_mb(memory)} memory, {cpu:+.1f} s CPU, {_mb(journal)} "
                        f"journal: {verdict}; {said}")  # fmt: skip
            lines.append(row)
    return lines


HONEST_TABLES = {"purrfect": 7, "momistigri": 5, "gutters": 4}
"""`--honest`: each game at its largest table, between two laptops: Ann's plays every seat
but one (its player and bots), Ben's the last."""


def kept_by_member(home: Path) -> dict[str, Counter[str]]:
    """What one laptop's journals keep of each member: messages and bytes, and messages by
    body kind (`app` split into game messages and the rest)."""
    kept: dict[str, Counter[str]] = {}
    for path in home.rglob("*.journal"):
        for data in Journal(path).read()[1]:
            envelope = Envelope.decode(data)
            body = framing.unpack(envelope.body, BODY)
            kind = str(body.get("k"))
            if kind == "app":
                kind = "game" if messages.game_number(body.get("d")) is not None else "app"
            counts = kept.setdefault(fingerprint_of(envelope.sender)[:4], Counter())
            counts.update({kind: 1, "messages": 1, "bytes": len(data)})
    return kept


def honest(home: Path) -> list[str]:
    """The largest honest members: what Ben's laptop keeps of each member in one game."""
    lines = []
    for game, seats in HONEST_TABLES.items():
        with Lan(2) as lan:
            ann_ns, ben_ns = lan.hosts
            ann = Laptop(ann_ns, lanpurr(ann_ns, home / game, "Ann", "host", game, "--seats",
                                         str(seats), "--bots", str(seats - 2), "--bot", "normal",
                                         "--autostart", "--json", "--no-announce"))  # fmt: skip
            laptops = [ann]
            try:
                address = ann.wait_for("hosting", 60)["address"]
                argv = lanpurr(ben_ns, home / game, "Ben", "join", address, "--bot", "normal",
                               "--json")  # fmt: skip
                laptops.append(Laptop(ben_ns, argv))
                for laptop in laptops:
                    laptop.wait_for("game_over", GAME_TIMEOUT)
                    laptop.process.wait(60)
            finally:
                for laptop in laptops:
                    laptop.stop()
        for member, counts in kept_by_member(home / game / "Ben").items():
            kinds = ", ".join(f"{n} {k}" for k, n in sorted(counts.items())
                              if k not in ("messages", "bytes"))  # fmt: skip
            lines.append(f"{game} ({seats} seats) {member}: {counts['messages']} messages, "
                         f"{_mb(counts['bytes'])} ({kinds})")  # fmt: skip
            print(lines[-1], flush=True)
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description="What a flood costs the honest laptops.")
    parser.add_argument("floods", nargs="*", help=f"some of {', '.join(FLOODS)} (all)")
    parser.add_argument("--out", type=Path, help="every run's figures, as JSON lines")
    parser.add_argument("--honest", action="store_true",
                        help="no flood: what the largest honest members send")  # fmt: skip
    args = parser.parse_args()
    if args.honest:
        with tempfile.TemporaryDirectory(prefix="lanpurr-honest-") as folder:
            honest(Path(folder))
        return 0
    floods = args.floods or FLOODS
    if not set(floods) <= set(FLOODS):
        parser.error(f"the floods are {', '.join(FLOODS)}")
    load = os.getloadavg()
    runs = []
    with tempfile.TemporaryDirectory(prefix="lanpurr-flood-") as folder:
        for index, flood in enumerate(["none", "none", *floods]):
            run = play(flood, Path(folder) / f"run{index}")
            runs.append(run)
            print(f"{flood}: {run.seconds} s {run.flooded}", flush=True)
            if args.out:
                with args.out.open("a") as out:
                    out.write(json.dumps(asdict(run)) + "\n")
    print(f"\nload average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the start, "
          f"{os.getloadavg()[0]:.2f} at the end")  # fmt: skip
    for line in report(runs):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
