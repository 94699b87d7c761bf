"""What making a game's record durable costs: one pass appended to `<home>/games/…/inputs`
(net.game.record.GameRecord.append, fsynced), against the same append with fsync left out; and the
table journal's fsync before a pass that fed frames from it (net.wire.journal.Journal.sync).

    .venv/bin/python bench/bench_record.py [--folder DIR] [--passes N]

DIR (default: a new folder under the current one) must be on the disk the app's home is on:
fsync costs what that disk and its file system make it cost.
"""

import argparse
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from net.game.record import GameRecord, Pass
from net.wire.journal import Journal, TableRecord

TABLE = bytes(range(16))


def _appends(folder: Path, passes: int, durable: bool) -> list[float]:
    """Milliseconds per append, for `passes` passes like a game's (a frame named, a bot)."""
    fsync = os.fsync
    if not durable:
        os.fsync = lambda fd: None
    try:
        record = GameRecord.create(folder, TABLE, 1, 0.0, replace=True)
        times = []
        for k in range(passes):
            done = Pass(inbox=[(k % 3, os.urandom(300))], bots=[1], fresh=record.begin())
            start = time.perf_counter()
            record.append(done)
            times.append((time.perf_counter() - start) * 1000)
        record.close()
    finally:
        os.fsync = fsync
    return times


def _journal_syncs(folder: Path, passes: int) -> list[float]:
    """Milliseconds per journal fsync after a batch of about 2 kB was journaled."""
    journal = Journal(folder / "table.journal")
    journal.start(TableRecord(TABLE, bytes(32), "127.0.0.1", 1, 2))
    times = []
    for _ in range(passes):
        journal.append(os.urandom(2000))
        start = time.perf_counter()
        journal.sync()
        times.append((time.perf_counter() - start) * 1000)
    journal.close()
    return times


def _line(what: str, times: list[float]) -> str:
    times = sorted(times)
    p90 = times[int(len(times) * 0.9)]
    return f"{what}: median {statistics.median(times):.3f} ms, 90th percentile {p90:.3f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, default=Path.cwd())
    parser.add_argument("--passes", type=int, default=200)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-record-", dir=args.folder))
    try:
        with open("/proc/loadavg") as load:
            print(f"load average {load.read().split()[0]}, folder {folder}")
        print(_line("pass appended, flushed only", _appends(folder, args.passes, False)))
        print(_line("pass appended and fsynced", _appends(folder, args.passes, True)))
        print(_line("journal fsynced after a 2 kB batch", _journal_syncs(folder, args.passes)))
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
