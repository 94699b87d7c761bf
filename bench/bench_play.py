"""Games between laptops: how long Start takes, how fast a move reaches the table, and what
each laptop sends. Run as root from the repository root:

    .venv/bin/python bench/bench_play.py --runs 3 --out figures.json   # all (~15 min)
    .venv/bin/python bench/bench_play.py --games purrfect --start-only  # Start -> cards only
    .venv/bin/python bench/bench_play.py --runs 1 --trace /tmp/trace   # + where a move's time goes
    .venv/bin/python bench/bench_play.py --runs 1 --games gutters --laptops 2 --paced 0

Every laptop is one `lanpurr host`/`lanpurr join` process in its own throw-away network
namespace (tests/net/netns.py; nothing reaches this machine's own network), a bot plays every
seat, and shuffle proofs are on (the default). Times come from the `t` field every `--json`
line carries (time.time(): the namespaces share one clock).

1. Start -> first card visible: from the host's `game_started` line to each laptop's first
   `update` line after it (the deal), per game at its largest table.
2. One move -> drawn on every other laptop: the k-th `update` line of the laptop that moved
   against the k-th `update` lines of the others (their public `steps` must agree), next to a
   raw msgpack fan-out over TCP between the same namespaces (`fanout` below). The laptop that
   drew a move first stands for the one that made it (the lines do not name the mover): if
   the mover drew it later, the true figure is smaller. The first game of each table is
   played whole with bots answering at once; then a whole Momistigri game with bots that
   think `--paced` seconds, as people would. With `--trace DIR` every laptop of a whole game
   stamps each stage of each move (bench/move_trace.py) and the run prints where the time
   goes, from the mover's publish to each other laptop's update line, with the CPU each stage
   took. `--laptops N` plays smaller tables (fewer receivers per move).
3. Bytes sent per laptop per round: each namespace's veth tx_bytes before and after a whole
   game, over the number of `round_checked` lines.
"""

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import move_trace  # noqa: E402
from tests.net.netns import Host, Lan  # noqa: E402

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus"]
LARGEST = {"momistigri": 5, "purrfect": 7, "gutters": 4}
GAME_TIMEOUT = 600.0
"""Seconds a whole game may take on the loaded machine before the run gives up."""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class Laptop:
    """One `lanpurr` process in a namespace; its JSON lines, collected by a thread."""

    def __init__(self, host: Host, argv: list[str]) -> None:
        self.host = host
        self.process = host.popen(
            argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, cwd=str(ROOT)
        )
        self.lines: list[dict[str, Any]] = []
        self.errors: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith("{"):
                self.lines.append(json.loads(line))

    def _read_errors(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.errors.append(line)
            del self.errors[:-50]

    def first(self, event: str) -> dict[str, Any] | None:
        return next((line for line in list(self.lines) if line.get("event") == event), None)

    def wait_for(self, event: str, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = self.first(event)
            if line is not None:
                return line
            if self.process.poll() is not None:
                time.sleep(0.2)
                line = self.first(event)
                if line is not None:
                    return line
                raise RuntimeError(f"{self.host.namespace} ended: {''.join(self.errors[-5:])}")
            time.sleep(0.02)
        raise TimeoutError(f"no {event} within {timeout} s in {self.host.namespace}")

    def wait_until(self, event: str, deadline: float, stopping: threading.Event) -> dict[str, Any]:
        """`wait_for` until the monotonic `deadline`, looking at `stopping` every second (a
        benchmark stopped by a signal)."""
        while True:
            if stopping.is_set():
                raise RuntimeError("stopped")
            try:
                return self.wait_for(event, max(0.01, min(1.0, deadline - time.monotonic())))
            except TimeoutError:
                if time.monotonic() >= deadline:
                    raise

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (`ip netns exec` execs the command itself)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tx_bytes(host: Host) -> int:
    done = subprocess.run(
        host.command(["cat", f"/sys/class/net/{host.interface}/statistics/tx_bytes"]),
        capture_output=True, text=True, timeout=10, check=True,
    )  # fmt: skip
    return int(done.stdout)


@dataclass
class Game:
    game: str
    laptops: list[Laptop]
    sent: list[int] = field(default_factory=list)
    """Bytes each namespace sent during the whole game (whole games only)."""
    cpu: float | None = None
    """CPU seconds of all laptops from Start to the last first card (start-only games)."""
    trace: Path | None = None
    """Where the laptops stamped the stages of each move (`--trace`)."""


TRACE: Path | None = None
"""With `--trace`: every laptop of a whole game stamps the stages of each move (move_trace.py)."""
PROFILE: Path | None = None
"""With `--profile DIR`: every laptop runs under cProfile (all threads), into DIR/<game>/."""


def lanpurr(host: Host, home: Path, name: str, *args: str, trace: Path | None = None) -> list[str]:
    start = ["-m", "ui.cli"]
    if trace is not None:
        start = [str(ROOT / "bench" / "move_trace.py"), str(trace)]
    elif PROFILE is not None:
        start = [str(ROOT / "bench" / "profiled.py"), str(PROFILE), "ui.cli"]
    return host.python(*start, *args, "--interface", host.address, "--name", name,
                       "--home", str(home / name))  # fmt: skip


def play(lan: Lan, home: Path, game: str, laptops: int, whole: bool, *extra: str) -> Game:
    """One game of `laptops` laptops (a bot at every seat); `whole`: to the end, else only
    until every laptop has shown its first card."""
    hosts = lan.hosts[:laptops]
    before = [tx_bytes(h) for h in hosts] if whole else []
    running: list[Laptop] = []
    trace = None
    if whole and TRACE is not None:
        trace = Path(tempfile.mkdtemp(prefix=f"{game}-", dir=TRACE))
    try:
        running.append(Laptop(hosts[0], lanpurr(
            hosts[0], home, NAMES[0], "host", game, "--seats", str(laptops), "--bots", "0",
            "--bot", "normal", "--autostart", "--json", "--no-announce", *extra,
            trace=trace)))  # fmt: skip
        address = running[0].wait_for("hosting", 30)["address"]
        for index, host in enumerate(hosts[1:], 1):
            running.append(Laptop(host, lanpurr(
                host, home, NAMES[index], "join", address, "--bot", "normal", "--json",
                *extra, trace=trace)))  # fmt: skip
        if whole:
            for laptop in running:
                laptop.wait_for("game_over", GAME_TIMEOUT)
                laptop.process.wait(30)
        else:
            deadline = time.monotonic() + 120
            while running[0].first("game_started") is None and time.monotonic() < deadline:
                time.sleep(0.005)
            cpu = sum(cpu_seconds(laptop.process.pid) for laptop in running)
            started = running[0].wait_for("game_started", 1)
            while time.monotonic() < deadline and not all(
                any(
                    line.get("event") == "update" and line["t"] >= started["t"]
                    for line in list(laptop.lines)
                )
                for laptop in running
            ):
                time.sleep(0.005)
            cpu = sum(cpu_seconds(laptop.process.pid) for laptop in running) - cpu
    finally:
        for laptop in running:
            laptop.stop()
    result = Game(game, running, trace=trace)
    if not whole:
        result.cpu = cpu
    if whole:
        result.sent = [tx_bytes(h) - b for h, b in zip(hosts, before, strict=True)]
    return result


# -- the figures of one game ----------------------------------------------------------------


def start_to_card(game: Game) -> list[float]:
    """Seconds from the host's `game_started` to each laptop's first `update` after it."""
    started = game.laptops[0].first("game_started")
    assert started is not None, "the game did not start"
    times = []
    for laptop in game.laptops:
        shown = next(
            (line["t"] for line in list(laptop.lines)
             if line.get("event") == "update" and line["t"] >= started["t"]),
            None,
        )  # fmt: skip
        if shown is None:
            said = [line.get("reason") for line in laptop.lines if line.get("event") == "stopped"]
            errors = {other.host.namespace: "".join(other.errors[-8:]) for other in game.laptops}
            raise RuntimeError(f"{laptop.host.namespace} showed no card: {said}; stderr: {errors}")
        times.append(shown - started["t"])
    return times


PRIVATE_STEPS = {"FacesShown"}
"""Steps only the seats that learn a face see: left out when the laptops' updates are compared."""


@dataclass
class Moves:
    spreads: list[float] = field(default_factory=list)
    """Per move: last laptop to draw it minus the first (the first is the one that moved)."""
    each: list[float] = field(default_factory=list)
    """Per move and other laptop: when it drew it minus when the first one did."""
    by_kind: dict[str, list[float]] = field(default_factory=dict)
    """The spreads by the move's first public step (CardsDrawn, PairDiscarded, ...)."""
    skipped: int = 0
    """Updates whose public steps did not agree on every laptop (left out)."""


def moves(game: Game) -> Moves:
    """The k-th `update` of every laptop is the same move (turn-based games: every seat
    processes the same sequence). The laptop that drew it first is taken as the one that
    moved: if the mover drew it later, the true figure is smaller than this one."""
    updates = [[line for line in laptop.lines if line.get("event") == "update"]
               for laptop in game.laptops]  # fmt: skip
    counts = {len(u) for u in updates}
    if len(counts) != 1:
        raise RuntimeError(f"the laptops drew different numbers of updates: {sorted(counts)}")
    found = Moves()
    for same in zip(*updates, strict=True):
        public = {tuple(s for s in line["steps"] if s not in PRIVATE_STEPS) for line in same}
        if len(public) != 1:
            found.skipped += 1
            continue
        steps = public.pop()
        if not steps or "RoundDealt" in steps:
            continue  # a deal, not a move
        times = sorted(line["t"] for line in same)
        found.spreads.append(times[-1] - times[0])
        found.by_kind.setdefault(steps[0], []).append(times[-1] - times[0])
        found.each.extend(t - times[0] for t in times[1:])
    return found


def rounds_of(game: Game) -> int:
    return sum(1 for line in game.laptops[0].lines if line.get("event") == "round_checked")


# -- the raw fan-out ----------------------------------------------------------------------------

FANOUT_PORT = 47123


async def _fanout_receive(address: str, count: int) -> None:
    import msgpack

    got: dict[int, float] = {}
    done = asyncio.Event()

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        unpacker = msgpack.Unpacker()
        while len(got) < count:
            data = await reader.read(65536)
            if not data:
                break
            unpacker.feed(data)
            for message in unpacker:
                got[message["i"]] = time.time()
        done.set()
        writer.close()

    server = await asyncio.start_server(serve, address, FANOUT_PORT)
    print("listening", flush=True)
    await asyncio.wait_for(done.wait(), 120)
    server.close()
    print(json.dumps(got), flush=True)


async def _fanout_send(addresses: list[str], count: int, every: float) -> None:
    import msgpack

    writers = []
    for address in addresses:
        _, writer = await asyncio.open_connection(address, FANOUT_PORT)
        writers.append(writer)
    await asyncio.sleep(0.5)
    sent: dict[int, float] = {}
    for i in range(count):
        sent[i] = time.time()
        data = msgpack.packb({"i": i, "t": sent[i], "move": b"x" * 60})
        for writer in writers:
            writer.write(data)
        for writer in writers:
            await writer.drain()
        await asyncio.sleep(every)
    for writer in writers:
        writer.close()
    print(json.dumps(sent), flush=True)


def fanout(lan: Lan, processes: int, count: int, every: float) -> Moves:
    """One process sends `count` small msgpack messages over TCP to `processes - 1` others, each
    in its own namespace; per message, when the last one got it."""
    hosts = lan.hosts[:processes]
    receivers = [
        subprocess.Popen(
            h.python(__file__, "--fanout-receive", h.address, "--count", str(count)),
            stdout=subprocess.PIPE,
            text=True,
            env=ENV,
            cwd=str(ROOT),
        )
        for h in hosts[1:]
    ]
    try:
        for receiver in receivers:
            assert receiver.stdout is not None
            assert receiver.stdout.readline().strip() == "listening"
        sender = subprocess.run(
            hosts[0].python(__file__, "--fanout-send", *[h.address for h in hosts[1:]],
                            "--count", str(count), "--every", str(every)),
            capture_output=True, text=True, env=ENV, cwd=str(ROOT), timeout=120, check=True,
        )  # fmt: skip
        sent = {int(k): v for k, v in json.loads(sender.stdout).items()}
        got = []
        for receiver in receivers:
            out, _ = receiver.communicate(timeout=60)
            got.append({int(k): v for k, v in json.loads(out).items()})
    finally:
        for receiver in receivers:
            if receiver.poll() is None:
                receiver.kill()
                receiver.wait(5)
    found = Moves()
    for i, at in sent.items():
        times = [g[i] - at for g in got]
        found.spreads.append(max(times))
        found.each.extend(times)
    return found


# -- the run ------------------------------------------------------------------------------------


def ms(values: list[float]) -> str:
    return (f"median {statistics.median(values) * 1e3:.1f} ms, "
            f"p99 {percentile(values, 0.99) * 1e3:.1f} ms (n={len(values)})")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="games per table (default 3)")
    parser.add_argument("--games", nargs="*", default=list(LARGEST), choices=list(LARGEST))
    parser.add_argument(
        "--paced",
        type=float,
        default=0.5,
        help="also a whole Momistigri game with bots thinking this long (0: no)",
    )
    parser.add_argument(
        "--start-only", action="store_true", help="only Start -> first card (no whole game)"
    )
    parser.add_argument(
        "--laptops",
        type=int,
        help="play every game at this many laptops instead of its largest table (moves to"
        " fewer receivers, beside a fan-out to as many)",
    )
    parser.add_argument("--out", type=Path, help="write every figure to this JSON file")
    parser.add_argument(
        "--trace",
        type=Path,
        help="stamp the stages of every move in whole games (bench/move_trace.py) into this"
        " folder, and print where a move's time goes",
    )
    parser.add_argument(
        "--profile",
        type=Path,
        help="run every laptop under cProfile and write its profiles to this folder "
        "(slower: for where the time goes, not for the figures; "
        "`python bench/profiled.py --report DIR/GAME` adds them up)",
    )
    parser.add_argument("--fanout-receive", help=argparse.SUPPRESS)
    parser.add_argument("--fanout-send", nargs="*", help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, default=300, help=argparse.SUPPRESS)
    parser.add_argument("--every", type=float, default=0.02, help=argparse.SUPPRESS)
    options = parser.parse_args()
    global TRACE, PROFILE
    TRACE = options.trace
    if TRACE is not None:
        TRACE.mkdir(parents=True, exist_ok=True)
    if options.fanout_receive:
        asyncio.run(_fanout_receive(options.fanout_receive, options.count))
        return
    if options.fanout_send:
        asyncio.run(_fanout_send(options.fanout_send, options.count, options.every))
        return
    report: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_before": os.getloadavg(),
        "cores": os.cpu_count(),
        "command": " ".join(sys.argv),
    }
    print(f"{report['date']}, {report['cores']} cores, load average {report['load_before']}")
    with tempfile.TemporaryDirectory() as tmp, Lan(hosts=max(LARGEST.values())) as lan:
        home = Path(tmp)
        for game in options.games:
            laptops = options.laptops or LARGEST[game]
            PROFILE = options.profile.resolve() / game if options.profile else None
            figures: dict[str, Any] = {"laptops": laptops}
            report[game] = figures
            print(f"{game}, {laptops} laptops, a bot at every seat, shuffle proofs on", flush=True)
            runs: list[list[float]] = []
            whole = None if options.start_only else play(lan, home, game, laptops, True)
            if whole is not None:
                runs.append(start_to_card(whole))
            cpu = []
            for _ in range(options.runs - len(runs)):
                started = play(lan, home, game, laptops, False)
                runs.append(start_to_card(started))
                cpu.append(started.cpu or 0.0)
            figures["start_to_card"] = [[round(t, 3) for t in run] for run in runs]
            figures["start_cpu"] = cpu
            for number, run in enumerate(runs, 1):
                print(
                    f"  run {number}: Start -> first card, every laptop: max {max(run):.2f} s,"
                    f" median {statistics.median(run):.2f} s; each {[round(t, 2) for t in run]}"
                )
            if cpu:
                print(f"  CPU of all laptops from Start to the last card (start-only runs): "
                      f"{[round(c, 2) for c in cpu]} s")  # fmt: skip
            if whole is None:
                continue
            rounds = rounds_of(whole)
            figures["rounds"] = rounds
            figures["bytes_per_round"] = [round(b / rounds) for b in whole.sent]
            print(
                f"  bytes sent per laptop per round ({rounds} rounds, lobby included): "
                f"{[round(b / rounds / 1024) for b in whole.sent]} KiB"
            )
            found = moves(whole)
            figures["moves"] = {"spread": found.spreads, "each": found.each,
                                "by_kind": found.by_kind, "skipped": found.skipped}  # fmt: skip
            fan = fanout(lan, laptops, 300, 0.02)
            figures["fanout"] = {"spread": fan.spreads, "each": fan.each}
            print(
                f"  one move -> drawn on every other laptop: {ms(found.spreads)}"
                f" ({found.skipped} updates left out)"
            )
            for kind, spreads in sorted(found.by_kind.items(), key=lambda k: -len(k[1]))[:6]:
                print(f"    {kind}: {ms(spreads)}")
            print(f"  raw msgpack fan-out to {laptops - 1} processes: {ms(fan.spreads)}")
            ratio = statistics.median(found.spreads) / statistics.median(fan.spreads)
            print(f"  ratio of the medians: {ratio:.1f}x", flush=True)
            if whole.trace is not None:
                print(f"  where a move's time goes (publish -> each other laptop):\n"
                      f"{move_trace.report(whole.trace)}", flush=True)  # fmt: skip
        if options.paced > 0 and "momistigri" in options.games and not options.start_only:
            paced = play(
                lan, home, "momistigri", options.laptops or 5, True, "--pace", str(options.paced)
            )
            found = moves(paced)
            report["momistigri_paced"] = {"pace": options.paced, "spread": found.spreads,
                                          "each": found.each, "by_kind": found.by_kind,
                                          "skipped": found.skipped}  # fmt: skip
            count = options.laptops or 5
            print(f"momistigri, {count} laptops, bots thinking {options.paced:g} s (--pace)")
            print(f"  one move -> drawn on every other laptop: {ms(found.spreads)}")
            if paced.trace is not None:
                print(f"  where a move's time goes:\n{move_trace.report(paced.trace)}")
            for kind, spreads in sorted(found.by_kind.items(), key=lambda k: -len(k[1]))[:6]:
                print(f"    {kind}: {ms(spreads)}")
    report["load_after"] = os.getloadavg()
    print(f"load average after: {report['load_after']}")
    if options.out:
        options.out.write_text(json.dumps(report))


if __name__ == "__main__":
    main()
