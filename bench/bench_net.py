"""Network benchmarks. Run as root from the repository root:

    .venv/bin/python bench/bench_net.py discovery   # `host` -> listed in another namespace
    .venv/bin/python bench/bench_net.py latency     # one message applied at 6 other peers
    .venv/bin/python bench/bench_net.py cost        # CPU per message, send + receive
    .venv/bin/python bench/bench_net.py idle        # CPU of a host and a guest in a lobby
    .venv/bin/python bench/bench_net.py unreachable # `join` an address where nothing answers
    .venv/bin/python bench/bench_net.py listing     # a table over, closed, moved: other lists

Discovery, idle, unreachable and listing run inside throw-away network namespaces
(tests/net/netns.py): nothing goes on this machine's own network. Latency runs on loopback.
"""

import argparse
import asyncio
import json
import os
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from net import events  # noqa: E402
from net.home import load_profile  # noqa: E402
from net.lobby import Lobby  # noqa: E402
from tests.net.netns import SUBNET, Lan  # noqa: E402

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# -- discovery ----------------------------------------------------------------------------------


def discovery(trials: int) -> None:
    times: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        for trial in range(trials):
            with Lan(hosts=2) as lan:
                hosting, watching = lan.hosts
                watch = watching.popen(
                    watching.python("tests/net/watch_tables.py", watching.address, "20"),
                    stdout=subprocess.PIPE, env=ENV, cwd=str(ROOT),
                )  # fmt: skip
                assert watch.stdout is not None
                json.loads(watch.stdout.readline())  # browsing
                time.sleep(0.5)
                started = time.time()
                host = hosting.popen(
                    hosting.python("-m", "ui.cli", "host", "momistigri", "--interface",
                                   hosting.address, "--home", f"{tmp}/h{trial}"),
                    stdout=subprocess.DEVNULL, env=ENV, cwd=str(ROOT),
                )  # fmt: skip
                found = json.loads(watch.stdout.readline())
                times.append(found["at"] - started)
                host.terminate()
                host.wait(10)
                watch.terminate()
                watch.wait(10)
    print(f"discovery: `lanpurr host` started -> TableFound in another namespace, {trials} runs")
    print(f"  median {statistics.median(times):.3f} s   max {max(times):.3f} s   "
          f"all {[round(t, 3) for t in times]}")  # fmt: skip


# -- latency ------------------------------------------------------------------------------------


async def _echo_server() -> None:
    async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        import msgpack

        try:
            while True:
                head = await reader.readexactly(4)
                payload = await reader.readexactly(struct.unpack(">I", head)[0])
                data = msgpack.packb(msgpack.unpackb(payload))
                writer.write(struct.pack(">I", len(data)) + data)
                await writer.drain()
        except asyncio.IncompleteReadError:
            writer.close()  # the client is done

    server = await asyncio.start_server(echo, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    await asyncio.Event().wait()


async def _raw_round_trips(port: int, count: int) -> list[float]:
    import msgpack

    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    times: list[float] = []
    for i in range(count):
        data = msgpack.packb({"i": i, "t": time.monotonic(), "pad": b"x" * 40})
        started = time.monotonic()
        writer.write(struct.pack(">I", len(data)) + data)
        await writer.drain()
        head = await reader.readexactly(4)
        await reader.readexactly(struct.unpack(">I", head)[0])
        times.append(time.monotonic() - started)
    writer.close()
    return times


async def _receiver(port: int, home: str, count: int) -> None:
    latencies: dict[int, float] = {}
    done = asyncio.Event()

    def on_event(event: events.Event) -> None:
        data = event.data if isinstance(event, events.MessageReceived) else None
        if isinstance(data, dict) and "t" in data:
            latencies[data["i"]] = time.monotonic() - data["t"]
            if len(latencies) == count:
                done.set()

    lobby = Lobby(load_profile(Path(home), "peer"), on_event, bind="127.0.0.1")
    session = await lobby.join(f"127.0.0.1:{port}")
    session.ready(True)
    print("joined", flush=True)
    await done.wait()
    print(json.dumps(latencies), flush=True)
    await session.flush(1.0)
    await lobby.close()


async def _sender(tmp: str, count: int, others: int) -> tuple[list[float], list[float]]:
    lobby = Lobby(load_profile(Path(tmp) / "host", "host"), lambda e: None, bind="127.0.0.1")
    game = "purrfect" if others >= 3 else "momistigri"
    session = await lobby.host(game, others + 1, announce=False)
    peers = [
        subprocess.Popen(
            [sys.executable, __file__, "receive", str(session.port), f"{tmp}/p{n}", str(count)],
            stdout=subprocess.PIPE,
            text=True,
            env=ENV,
        )
        for n in range(others)
    ]
    for peer in peers:
        assert peer.stdout is not None
        await asyncio.to_thread(peer.stdout.readline)
    while not (session.state and len(session.state.ready) == others
               and all(len(session.mesh.links) == others for _ in [0])):  # fmt: skip
        await asyncio.sleep(0.05)
    session.start()
    await asyncio.sleep(1.0)
    for i in range(count):
        session.send({"i": i, "t": time.monotonic(), "pad": b"x" * 40})
        await asyncio.sleep(0.005)  # one move every 5 ms: latency, not throughput
    results: list[dict[str, float]] = []
    for peer in peers:
        assert peer.stdout is not None
        line = await asyncio.to_thread(peer.stdout.readline)
        results.append(json.loads(line))
        peer.wait(10)
    await lobby.close()
    applied_at_all = [max(r[str(i)] for r in results) for i in range(count)]
    return applied_at_all, [v for r in results for v in r.values()]


def latency(count: int) -> None:
    echo = subprocess.Popen([sys.executable, __file__, "echo"], stdout=subprocess.PIPE, text=True)
    assert echo.stdout is not None
    port = int(echo.stdout.readline())
    raw = asyncio.run(_raw_round_trips(port, count))
    echo.terminate()
    with tempfile.TemporaryDirectory() as tmp:
        at_all, each = asyncio.run(
            _sender(tmp, count, others=int(os.environ.get("BENCH_OTHERS", "6")))
        )
    raw_median = statistics.median(raw)
    median, p99 = statistics.median(at_all), percentile(at_all, 0.99)
    print(f"latency on loopback, {count} messages, 7 peers in 7 processes, {os.cpu_count()} cores")
    print(f"  raw msgpack TCP round trip:   median {raw_median * 1e3:.3f} ms  "
          f"p99 {percentile(raw, 0.99) * 1e3:.3f} ms")  # fmt: skip
    print(f"  applied at all 6 others:      median {median * 1e3:.3f} ms  p99 {p99 * 1e3:.3f} ms")
    print(f"  applied at one other (each):  median {statistics.median(each) * 1e3:.3f} ms")
    print(f"  ratio (median / raw median):  {median / raw_median:.2f}x")


# -- cost ---------------------------------------------------------------------------------------


async def _cost(count: int) -> float:
    received = [0]

    def on_event(event: events.Event) -> None:
        received[0] += isinstance(event, events.MessageReceived)

    with tempfile.TemporaryDirectory() as tmp:
        host = Lobby(load_profile(Path(tmp) / "a", "a"), lambda e: None, bind="127.0.0.1")
        guest = Lobby(load_profile(Path(tmp) / "b", "b"), on_event, bind="127.0.0.1")
        session = await host.host("gutters", 2, announce=False)
        (await guest.join(f"127.0.0.1:{session.port}")).ready()
        await asyncio.sleep(0.3)
        session.start()
        await asyncio.sleep(0.3)
        started = time.process_time()
        for i in range(count):
            session.send({"i": i, "pad": b"x" * 40})
            if i % 20 == 19:
                await asyncio.sleep(0)
        while received[0] < count:
            await asyncio.sleep(0.001)
        spent = time.process_time() - started
        await guest.close()
        await host.close()
    return spent / count


def cost(count: int) -> None:
    per_message = asyncio.run(_cost(count))
    print(f"CPU per message, sender and receiver in one process, {count} messages")
    print(f"  {per_message * 1e6:.0f} us (seal + sign + journal + frame + verify + accept + ack)")


# -- idle -------------------------------------------------------------------------------------


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle(seconds: float) -> None:
    with tempfile.TemporaryDirectory() as tmp, Lan(hosts=2) as lan:
        hosting, joining = lan.hosts
        host = hosting.popen(
            hosting.python("-m", "ui.cli", "host", "momistigri", "--json", "--interface",
                           hosting.address, "--home", f"{tmp}/h"),
            stdout=subprocess.PIPE, env=ENV, cwd=str(ROOT),
        )  # fmt: skip
        assert host.stdout is not None
        port = None
        while port is None:
            line: dict[str, Any] = json.loads(host.stdout.readline())
            port = line.get("port") if line.get("event") == "Hosting" else None
        threading.Thread(target=lambda: [None for _ in host.stdout or []], daemon=True).start()
        guest = joining.popen(
            joining.python("-m", "ui.cli", "join", f"{hosting.address}:{port}", "--interface",
                           joining.address, "--home", f"{tmp}/g"),
            stdout=subprocess.DEVNULL, env=ENV, cwd=str(ROOT),
        )  # fmt: skip
        time.sleep(3)
        before = {p.pid: _cpu_seconds(p.pid) for p in (host, guest)}
        time.sleep(seconds)
        after = {p.pid: _cpu_seconds(p.pid) for p in (host, guest)}
        for p in (host, guest):
            p.terminate()
            p.wait(10)
    share = {pid: (after[pid] - before[pid]) / seconds * 100 for pid in before}
    print(f"idle in a lobby (host announcing on mDNS + one guest, heartbeats), {seconds:g} s")
    print(f"  host CPU {share[host.pid]:.2f} %   guest CPU {share[guest.pid]:.2f} %")


# -- a join where nothing answers ---------------------------------------------------------------


def unreachable(trials: int) -> None:
    """`lanpurr join` where nothing answers: seconds until it gives up, and what it says.
    10.0.0.9 is a black hole (its SYNs leave, nothing answers); 10.77.0.99 is an address of
    the LAN where no laptop is (nothing answers ARP)."""
    with tempfile.TemporaryDirectory() as tmp, Lan(hosts=1) as lan:
        (joining,) = lan.hosts
        lan.black_hole(joining, "10.0.0.9")
        for where in ("10.0.0.9:7000", f"{SUBNET}.99:7000"):
            times: list[float] = []
            said = ""
            for trial in range(trials):
                started = time.monotonic()
                done = subprocess.run(
                    joining.python("-m", "ui.cli", "join", where, "--interface",
                                   joining.address, "--home", f"{tmp}/j{trial}"),
                    capture_output=True, text=True, env=ENV, cwd=str(ROOT), timeout=120,
                )  # fmt: skip
                times.append(time.monotonic() - started)
                said = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""
            print(f"unreachable: `lanpurr join {where}`, {trials} runs")
            print(f"  median {statistics.median(times):.2f} s   max {max(times):.2f} s   "
                  f"all {[round(t, 2) for t in times]}")  # fmt: skip
            print(f"  it says: {said}")


# -- a table's listing when it is over, closed or moved ------------------------------------------


class _Lines:
    """The JSON lines of a process in a namespace, each with the time it came."""

    def __init__(self, process: "subprocess.Popen[str]") -> None:
        self.process = process
        self.lines: list[dict[str, Any]] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith("{"):
                self.lines.append({"came": time.time(), **json.loads(line)})

    def first(
        self, since: float, timeout: float, but: str = "", **fields: object
    ) -> dict[str, Any] | None:
        """The first line since `since` with `fields` (and whose service is not `but`)."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            for line in list(self.lines):
                matches = all(line.get(k) == v for k, v in fields.items())
                other = not but or line.get("service") != but
                if line["came"] >= since and matches and other:
                    return line
            time.sleep(0.05)
        return None

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


def _lanpurr(host: Any, tmp: str, name: str, *args: str) -> "subprocess.Popen[str]":
    argv = host.python("-m", "ui.cli", *args, "--json", "--interface", host.address, "--name",
                       name, "--home", f"{tmp}/{name}")  # fmt: skip
    return host.popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=ENV,
                      cwd=str(ROOT), stdin=subprocess.PIPE)  # fmt: skip


def _watch(host: Any) -> _Lines:
    watch = _Lines(host.popen(host.python("tests/net/watch_tables.py", host.address, "300"),
                              stdout=subprocess.PIPE, env=ENV, cwd=str(ROOT)))  # fmt: skip
    watch.first(0, 10, event="browsing")
    return watch


def _seconds(line: dict[str, Any] | None, since: float) -> str:
    return "never" if line is None else f"{line['came'] - since:.2f} s"


def listing() -> None:
    """After a game over at a host that stays at its table (the app), a table closed (and the
    next table hosted on its port), and a table moved (its host killed mid-game): seconds until
    a lobby in another namespace drops the old listing (the usual re-check every 30 s)."""
    with tempfile.TemporaryDirectory() as tmp, Lan(hosts=4) as lan:
        ann, ben, cleo, wes = lan.hosts
        watch = _watch(wes)
        host = _Lines(ann.popen(ann.python("tests/net/staying_app_host.py", f"{tmp}/over",
                                           ann.address),
                                stdout=subprocess.PIPE, stdin=subprocess.PIPE, env=ENV,
                                cwd=str(ROOT)))  # fmt: skip
        over = host.first(0, 150, event="over")
        assert over is not None
        print(
            f"game over, the host stays at its table: lost after "
            f"{_seconds(watch.first(over['came'], 60, event='TableLost'), over['came'])}"
        )
        host.stop()
        time.sleep(2)

        first = _Lines(_lanpurr(ann, tmp, "Ann", "host", "momistigri", "--port", "47300"))
        found = watch.first(time.time(), 15, event="TableFound")
        assert found is not None
        closed = time.time()
        first.stop()
        lost = watch.first(closed, 15, event="TableLost", service=found["service"])
        print(f"the host closes its table: lost after {_seconds(lost, closed)}")
        second = _Lines(_lanpurr(ann, tmp, "Ann", "host", "purrfect", "--port", "47300"))
        back = watch.first(closed, 40, event="TableFound", service=found["service"])
        print(
            f"the next table on its port, 40 s: the closed one listed again after "
            f"{_seconds(back, closed)}"
        )
        second.stop()
        time.sleep(2)

        launched = time.time()
        moving = _Lines(_lanpurr(ann, tmp, "Ann", "host", "momistigri", "--seats", "3",
                                 "--autostart", "--bot", "normal", "--pace", "0.5",
                                 "--replace-gone", "normal", "--grace", "30"))  # fmt: skip
        hosting = moving.first(0, 15, event="hosting")
        assert hosting is not None
        listed = watch.first(launched, 15, event="TableFound")
        assert listed is not None
        guests = [_Lines(_lanpurr(ns, tmp, name, "join", hosting["address"], "--bot", "normal",
                                  "--pace", "0.5", "--grace", "30"))
                  for ns, name in ((ben, "Ben"), (cleo, "Cleo"))]  # fmt: skip
        watch.first(hosting["came"], 30, event="TableUpdated", state="playing")
        time.sleep(5)
        killed = time.time()
        moving.process.kill()
        moving.process.wait(10)
        moved = watch.first(killed, 90, but=listed["service"], event="TableFound")
        old = watch.first(killed, 90, event="TableLost", service=listed["service"])
        print(
            f"the host killed mid-game: the table listed at its next host after "
            f"{_seconds(moved, killed)}; the old listing lost after {_seconds(old, killed)}"
        )
        for guest in guests:
            guest.stop()
        watch.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    WHAT = ["discovery", "latency", "cost", "idle", "unreachable", "listing", "echo", "receive"]
    parser.add_argument("what", choices=WHAT)
    parser.add_argument("args", nargs="*")
    options = parser.parse_args()
    if options.what == "discovery":
        discovery(int(options.args[0]) if options.args else 10)
    elif options.what == "latency":
        latency(int(options.args[0]) if options.args else 1000)
    elif options.what == "cost":
        cost(int(options.args[0]) if options.args else 2000)
    elif options.what == "idle":
        idle(float(options.args[0]) if options.args else 30)
    elif options.what == "unreachable":
        unreachable(int(options.args[0]) if options.args else 3)
    elif options.what == "listing":
        listing()
    elif options.what == "echo":
        asyncio.run(_echo_server())
    else:
        port, home, count = options.args
        asyncio.run(_receiver(int(port), home, int(count)))
