"""Where the time of one move goes, from the laptop that makes it to every other laptop's view.

Run as a `lanpurr` command with timestamps taken at each stage of the path (bench_play.py
`--trace DIR` starts every laptop this way):

    python bench/move_trace.py DIR host momistigri ...   # the arguments of `lanpurr`

Each process writes DIR/<pid>.json when it exits: its key and a list of stamped stages, all on
`time.time()` (one clock for every namespace of the machine). The code of lanpurr is not
changed: the stages are wrapped here, around

- `Mesh.publish` (the mover seals a game batch: its seq, and the time the envelope is signed,
  journaled and handed to the links),
- `Mesh._receive` (a receiver checks, journals and dispatches one envelope, SecretBox opened
  and frames queued for the worker included),
- `GameWorker.work` (a pass of the worker thread: runtimes receive the frames, bots act),
- `LaptopGame.passed` (back on the network loop: sends, views),
- the `update` JSON line printed.

`breakdown(DIR)` joins them: for every game batch of every laptop, on every other laptop, the
time from the mover's publish to its receipt, to the start and end of the worker pass that
took it, and to the view's update line printed by that pass.
"""

import atexit
import bisect
import json
import os
import runpy
import statistics
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def install(directory: Path) -> None:
    from net.game.laptop_game import Job, LaptopGame
    from net.game.worker import GameWorker
    from net.wire import mesh
    from ui.terminal import printer

    stamps: list[list[Any]] = []
    lock = threading.Lock()
    me: dict[str, str] = {}

    def stamp(*fields: Any) -> None:
        with lock:
            stamps.append(list(fields))

    publish = mesh.Mesh.publish

    def traced_publish(self: mesh.Mesh, body: dict[str, Any]) -> Any:
        start = time.time()
        envelope = publish(self, body)
        data = body.get("d")
        kind = "g" if isinstance(data, dict) and "b" in data else str(body.get("k"))
        me["key"] = self.key.hex()[:16]
        stamp("pub", envelope.seq, kind, start, time.time())
        return envelope

    receive = mesh.Mesh._receive
    receiving = None
    if os.environ.get("MOVE_TRACE_PROFILE"):
        import cProfile

        receiving = cProfile.Profile(time.thread_time)

    def traced_receive(self: mesh.Mesh, link_: Any, data: bytes) -> None:
        start, cpu = time.time(), time.thread_time()
        assert self.signed is not None
        before = self.signed.next_seq(link_.key)
        if receiving is not None:
            receiving.enable()
        try:
            receive(self, link_, data)
        finally:
            if receiving is not None:
                receiving.disable()
            if self.signed.next_seq(link_.key) > before:
                used = time.thread_time() - cpu
                stamp("recv", link_.key.hex()[:16], before, start, time.time(), used)

    work = GameWorker.work
    profile = None
    if os.environ.get("MOVE_TRACE_PROFILE"):
        import cProfile

        profile = cProfile.Profile(time.thread_time)

    def traced_work(self: GameWorker, job: Job, now: float) -> Any:
        start, cpu = time.time(), time.thread_time()
        if profile is not None and not job.first:
            profile.enable()
        try:
            result = work(self, job, now)
        finally:
            if profile is not None:
                profile.disable()
        end = time.time()
        used = time.thread_time() - cpu
        stamp(
            "work", start, end, len(job.inbox), len(result.frames), len(result.updates), used, cpu
        )
        return result

    after = LaptopGame.passed

    def traced_after(self: LaptopGame, result: Any, now: float, moved: bool = True) -> None:
        start = time.time()
        after(self, result, now, moved)
        stamp("after", start, time.time(), len(result.updates))

    line = printer.Printer.line

    def traced_line(self: printer.Printer, said: str, **fields: Any) -> None:
        line(self, said, **fields)
        if fields.get("event") == "update":
            stamp("line", time.time())

    mesh.Mesh.publish = traced_publish  # type: ignore[method-assign]
    mesh.Mesh._receive = traced_receive  # type: ignore[method-assign,assignment]
    GameWorker.work = traced_work  # type: ignore[method-assign]
    LaptopGame.passed = traced_after  # type: ignore[method-assign]
    printer.Printer.line = traced_line  # type: ignore[method-assign]

    def dump() -> None:
        path = directory / f"{os.getpid()}.json"
        with lock:
            cpu = time.process_time()
            if profile is not None and receiving is not None:
                profile.dump_stats(directory / f"{os.getpid()}.prof")
                receiving.dump_stats(directory / f"{os.getpid()}.receive.prof")
            path.write_text(json.dumps({"key": me.get("key", ""), "cpu": cpu, "stamps": stamps}))

    atexit.register(dump)


def _after_time(times: list[float], at: float) -> float | None:
    """The first of the sorted `times` at or after `at`."""
    index = bisect.bisect_left(times, at)
    return times[index] if index < len(times) else None


@dataclass
class _Laptop:
    """One laptop's stamps, indexed for the joins (sorted by time)."""

    key: str
    published: list[list[Any]]
    received: dict[tuple[str, int], list[Any]]
    works: list[list[Any]]
    shows: list[list[Any]]
    collects: list[list[Any]]
    lines: list[float]

    @classmethod
    def of(cls, data: dict[str, Any]) -> "_Laptop":
        stamps = data["stamps"]

        def kind(name: str) -> list[list[Any]]:
            return sorted((s for s in stamps if s[0] == name), key=lambda s: s[1])

        return cls(
            data["key"],
            [s for s in stamps if s[0] == "pub" and s[2] == "g"],
            {(s[1], s[2]): s for s in stamps if s[0] == "recv"},
            kind("work"),
            [s for s in kind("after") if s[3]],
            kind("collect"),
            sorted(s[1] for s in stamps if s[0] == "line"),
        )


def _first_from(stamps: list[list[Any]], at: float) -> list[Any] | None:
    """The first of `stamps` (sorted by their time, s[1]) at or after `at`."""
    index = bisect.bisect_left(stamps, at, key=lambda s: s[1])
    return stamps[index] if index < len(stamps) else None


def breakdown(directory: Path) -> dict[str, list[float]]:
    """Per game batch and receiving laptop, the milliseconds from the mover's publish to each
    stage (only batches after which the receiver printed a view update in the same pass)."""
    laptops = [_Laptop.of(json.loads(p.read_text())) for p in sorted(directory.glob("*.json"))]
    stages: dict[str, list[float]] = {
        "publish (mover: seal batch, sign, journal)": [],
        "publish -> received (socket, read, decode)": [],
        "receive (check 2 signatures, screen, journal, open box)": [],
        "received -> worker pass starts (thread hop, queue)": [],
        "worker pass (frame checks, engine, replica)": [],
        "worker hands the update -> update line printed": [],
        "publish -> update line (total)": [],
        "publish -> drawn on every other laptop (batches all of them drew)": [],
        "CPU of that receive (its thread)": [],
        "CPU of that worker pass until the update is handed over": [],
        "CPU of that worker pass (its thread, bots' thinking included)": [],
    }
    for mover in laptops:
        for _, seq, _, start, end in mover.published:
            drawn: list[float] = []
            for other in laptops:
                if other is mover:
                    continue
                got = other.received.get((mover.key, seq))
                if got is None:
                    continue
                r0, r1 = got[3], got[4]
                work = _first_from(other.works, r1)
                if work is None:
                    continue
                after = _first_from(other.shows, work[1])
                if after is None or after[1] > work[2] + 0.001:
                    continue  # not drawn by the pass that took it
                shown = _after_time(other.lines, after[1])
                if shown is None:
                    continue
                stages["publish (mover: seal batch, sign, journal)"].append(end - start)
                stages["publish -> received (socket, read, decode)"].append(r0 - end)
                stages["receive (check 2 signatures, screen, journal, open box)"].append(r1 - r0)
                stages["received -> worker pass starts (thread hop, queue)"].append(work[1] - r1)
                stages["worker pass (frame checks, engine, replica)"].append(after[1] - work[1])
                stages["worker hands the update -> update line printed"].append(shown - after[1])
                stages["publish -> update line (total)"].append(shown - start)
                drawn.append(shown - start)
                stages["CPU of that receive (its thread)"].append(got[5])
                collect = _first_from(other.collects, work[1])
                if collect is not None and collect[1] <= work[2]:
                    stages["CPU of that worker pass until the update is handed over"].append(
                        collect[2] - work[7]
                    )
                stages["CPU of that worker pass (its thread, bots' thinking included)"].append(
                    work[6]
                )
            if len(drawn) == len(laptops) - 1:
                stages["publish -> drawn on every other laptop (batches all of them drew)"].append(
                    max(drawn)
                )
    return {k: [v * 1e3 for v in values] for k, values in stages.items()}


def cpu_seconds(directory: Path) -> list[float]:
    """Each laptop's CPU seconds over its whole life (lobby, deal and game)."""
    return [json.loads(p.read_text())["cpu"] for p in sorted(directory.glob("*.json"))]


def report(directory: Path) -> str:
    rows = [f"    CPU of each laptop, whole run: {[round(c, 1) for c in cpu_seconds(directory)]} s"]
    for name, values in breakdown(directory).items():
        if not values:
            continue
        ordered = sorted(values)
        p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
        rows.append(
            f"    {name}: median {statistics.median(values):.2f} ms, p90 {p90:.2f} ms"
            f" (n={len(values)})"
        )
    return "\n".join(rows)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--report":
        print(report(Path(sys.argv[2])))
        sys.exit(0)
    sys.path.insert(0, str(ROOT))
    if os.environ.get("MOVE_TRACE_SWITCH"):
        sys.setswitchinterval(float(os.environ["MOVE_TRACE_SWITCH"]))
    install(Path(sys.argv[1]))
    sys.argv = ["lanpurr", *sys.argv[2:]]
    runpy.run_module("ui.cli", run_name="__main__", alter_sys=True)
