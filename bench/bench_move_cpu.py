"""CPU a receiving laptop spends per move, measured on whole games, one process per seat.

    .venv/bin/python bench/bench_move_cpu.py                    # the three games, 1 game each
    .venv/bin/python bench/bench_move_cpu.py --game momistigri --games 2
    .venv/bin/python bench/bench_move_cpu.py --game gutters --profile /tmp/prof

Every seat is its own process (spawned: nothing shared, each with its own caches, as on a
laptop) running one `SeatRuntime` with a bot (the tables of issue 11: Momistigri 5 seats,
No sin mi gato 4, Purrfect 7; shuffle proofs on); the parent relays every frame a seat sends to
every other seat, in the order it reads them. No sockets: what is timed is the work a laptop's
game worker does when a frame arrives (envelope checks, fair-play protocol, engine, replica,
view), without the network layer's own (~0.35 ms a frame, docs/benchmarks.md).

Only frames a seat receives while its round is being played count (the deal and the audit at a
round's end are left out): the CPU (`time.process_time`, one process per seat) of each
`receive`, minus what its own bot spends choosing and sending a move from inside it (the mover's
work, reported apart). Per game it prints:

- CPU per move per receiving seat: all that receive CPU divided by the moves played and by the
  seats that receive each move (every seat but the mover; the answers a move brings, shares,
  re-shuffled hands, picks, ticks, count towards it);
- by kind of frame received: how many, and the mean CPU of one (`play`/`move` by the action
  they carry; `shares` are decryption shares, `hand` a re-shuffled hand, `pick` a draw's pick,
  `tick` Purrfect's order).

Seeds are fixed (the bots' and the runtimes' randomness; the keys are fresh). No figure is
asserted anywhere: the machine is shared. `--profile DIR` writes DIR/<game>-seat<N>.prof, a
cProfile of those receives only.

`--one-process` plays the same games with every seat in this one process instead (as
`lanpurr simulate --seats` does; the game then goes the same way every run, Purrfect's too) and
splits the same CPU into the time inside libsodium's group operations and the rest (envelopes,
the fair-play protocol's bookkeeping, engine, replica, views). The seats then share the caches
of checks already made (a proof, a signature checked by one seat is not checked again by the
next), so the group-operation part is smaller than on laptops: use it for the rest.
"""

import argparse
import cProfile
import multiprocessing as mp
import os
import random
import statistics
import time
from collections import defaultdict
from multiprocessing.connection import Connection, wait
from typing import Any

import msgpack

from lanpurr.fair.identity import Identity
from lanpurr.seat.table import TableSpec

TABLES = {"momistigri": 5, "gutters": 4, "purrfect": 7}
NAMES = {"momistigri": "Momistigri", "gutters": "No sin mi gato", "purrfect": "Purrfect"}
WALL_LIMIT = 900.0
"""Seconds before a game counts as stalled and the bench stops it."""
QUIET_LIMIT = 400
"""Times in a row the relay finds the table quiet and wakes everyone before it gives up."""


def kind_of(frame: bytes) -> str:
    """The kind of a fair-play message; a play or move by the game action it carries."""
    from lanpurr.core.wire import decode
    from lanpurr.fair.envelope import Envelope

    body = msgpack.unpackb(Envelope.decode(frame).body, raw=False)
    kind = str(body.get("k"))
    if kind in ("play", "move"):
        played = decode(body["action"])
        inner = getattr(played, "action", played)
        return f"{kind} {type(inner).__name__}"
    return kind


COUNTED = {
    "crypto_scalarmult_ristretto255": "mul",
    "crypto_scalarmult_ristretto255_base": "base",
    "crypto_core_ristretto255_add": "add",
    "crypto_core_ristretto255_sub": "add",
}
"""libsodium's group operations, counted while a receive is timed (a point multiplication
costs ~90 µs here, a base-point one ~17 µs, an addition ~14 µs)."""


def _count_group_operations(counts: dict[str, int], on: list[bool]) -> None:
    import rbcl as bindings

    for name, what in COUNTED.items():
        original = getattr(bindings, name)

        def counted(*args: Any, _original: Any = original, _what: str = what) -> Any:
            if on[0]:
                counts[_what] += 1
            return _original(*args)

        setattr(bindings, name, counted)


def _seat(
    conn: Connection, spec: TableSpec, seat: int, private: bytes, seed: int, profile: str
) -> None:
    """One laptop: a seat runtime and its bot; frames in, frames out, its own clock."""
    from lanpurr.seat.harness import bot_player
    from lanpurr.seat.registry import layer_for
    from lanpurr.seat.runtime import SeatRuntime
    from lanpurr.seat.whole_game import bots_of
    from lanpurr.simulation import DEFAULT_BOT

    choose = bots_of(spec.game, [DEFAULT_BOT[spec.game]])[0]
    player = bot_player(choose, random.Random(seed))
    inner = [0.0]
    mover = [0.0]

    def on_turn(runtime: SeatRuntime) -> None:
        start = time.process_time()
        try:
            player(runtime)
        finally:
            spent = time.process_time() - start
            inner[0] += spent
            if runtime.progress[0] == "playing":
                mover[0] += spent

    randomness = random.Random(seed).randbytes
    runtime = SeatRuntime(
        spec,
        seat,
        Identity.from_private_bytes(private),
        layer_for(spec.game),
        rng=randomness,
        on_turn=on_turn,
    )
    profiler = cProfile.Profile() if profile else None
    operations: dict[str, int] = defaultdict(int)
    counting = [False]
    _count_group_operations(operations, counting)
    frames: dict[str, int] = defaultdict(int)
    cpu: dict[str, float] = defaultdict(float)
    conn.send("built")
    while True:
        message = conn.recv()
        kind = message[0]
        if kind == "stop":
            if profiler is not None:
                profiler.dump_stats(profile)
            moves = sum(record.plays for record in runtime.rounds)
            conn.send((dict(frames), dict(cpu), mover[0], moves, dict(operations)))
            return
        if kind == "start":
            runtime.start()
        elif kind == "frame":
            if runtime.progress[0] == "playing":
                what = kind_of(message[1])
                inner[0] = 0.0
                if profiler is not None:
                    profiler.enable()
                counting[0] = True
                start = time.process_time()
                runtime.receive(message[1], message[2])
                spent = time.process_time() - start - inner[0]
                counting[0] = False
                if profiler is not None:
                    profiler.disable()
                frames[what] += 1
                cpu[what] += spent
            else:
                runtime.receive(message[1], message[2])
        elif kind == "quiet":
            runtime.tick()
        if not runtime.ordering.turns and runtime.may_act():
            on_turn(runtime)  # a bot at a table without turns looks at its view now
        out = runtime.take_outgoing()
        runtime.take_updates()
        problems = [str(a) for a in runtime.accusations[:1]]
        conn.send((out, runtime.over, problems))


def play_game(game: str, seed: int, profile: str) -> list[tuple[Any, ...]]:
    """One whole game; each seat's (frames by kind, CPU by kind, mover CPU, moves, group
    operations)."""
    players = TABLES[game]
    rng = random.Random(seed)
    identities = [Identity.generate() for _ in range(players)]
    options = {"gutters": {"mode": "competitive", "board": "standard"}}.get(game, {})
    spec = TableSpec.of(rng.randbytes(16), game, tuple(i.public_key for i in identities), options)
    context = mp.get_context("spawn")
    links: list[Connection] = []
    processes = []
    for seat, identity in enumerate(identities):
        mine, theirs = context.Pipe()
        where = os.path.join(profile, f"{game}-seat{seat}.prof") if profile else ""
        process = context.Process(
            target=_seat,
            args=(theirs, spec, seat, identity.private_bytes(), seed * 10 + seat, where),
        )
        process.start()
        links.append(mine)
        processes.append(process)
    try:
        for link in links:
            assert link.recv() == "built"
        _relay(links)
        results = []
        for link in links:
            link.send(("stop",))
            results.append(link.recv())
    finally:
        for process in processes:
            process.join(timeout=30)
            if process.is_alive():
                process.terminate()
    return results


def _relay(links: list[Connection]) -> None:
    over = [False] * len(links)
    owed = quiet = 0
    began = time.monotonic()
    for link in links:
        link.send(("start",))
        owed += 1
    while not all(over):
        if time.monotonic() - began > WALL_LIMIT:
            raise RuntimeError(f"no end after {WALL_LIMIT:.0f} s")
        if not owed:
            quiet += 1
            if quiet > QUIET_LIMIT:
                raise RuntimeError("the table stalled")
            for link in links:
                link.send(("quiet",))
                owed += 1
        for ready in wait(links):
            assert isinstance(ready, Connection)
            seat = links.index(ready)
            sent, over[seat], problems = ready.recv()
            owed -= 1
            if problems:
                raise RuntimeError(f"seat {seat} accused someone: {problems[0]}")
            if sent:
                quiet = 0
            for frame in sent:
                for other, out in enumerate(links):
                    if other != seat:
                        out.send(("frame", frame, seat))
                        owed += 1
    while owed:  # late frames (another seat's last secrets) still on their way
        for ready in wait(links):
            assert isinstance(ready, Connection)
            ready.recv()
            owed -= 1


def one_process(game: str, seed: int) -> None:
    """A whole game, every seat in this process: CPU per move per receiving seat, split."""
    import rbcl as bindings

    from lanpurr.seat.harness import seat_table
    from lanpurr.seat.runtime import SeatRuntime
    from lanpurr.seat.whole_game import bots_of
    from lanpurr.simulation import DEFAULT_BOT, seat_options

    inside = [0.0]
    for name in COUNTED:
        original = getattr(bindings, name)

        def timed_op(*args: Any, _original: Any = original) -> Any:
            start = time.process_time()
            try:
                return _original(*args)
            finally:
                inside[0] += time.process_time() - start

        setattr(bindings, name, timed_op)
    seats = TABLES[game]
    network = seat_table(
        game,
        seats,
        bots_of(game, [DEFAULT_BOT[game]] * seats),
        random.Random(seed),
        options=seat_options(game, None, seats),
    )
    total, group, bots = [0.0], [0.0], [0.0]
    for runtime in network.runtimes:
        receive, on_turn = runtime.receive, runtime.on_turn
        assert on_turn is not None

        def turn(rt: SeatRuntime, _on_turn: Any = on_turn) -> None:
            start, before = time.process_time(), inside[0]
            try:
                _on_turn(rt)
            finally:
                bots[0] += time.process_time() - start
                inside[0] = before  # the mover's own work is not the receiver's

        def timed(data: bytes, sender: int, _receive: Any = receive, rt: Any = runtime) -> None:
            if rt.progress[0] != "playing":
                _receive(data, sender)
                return
            start, before, thought = time.process_time(), inside[0], bots[0]
            _receive(data, sender)
            total[0] += time.process_time() - start - (bots[0] - thought)
            group[0] += inside[0] - before

        runtime.on_turn = turn
        runtime.receive = timed  # type: ignore[method-assign]
    outcome = network.run(max_frames=400_000)
    if not outcome.finished:
        raise RuntimeError(f"{game}: the game did not end")
    moves = sum(record.plays for record in network.runtimes[0].rounds)
    per = moves * (seats - 1) / 1000
    print(
        f"{NAMES[game]}, {seats} seats, one process, seed {seed}: {moves} moves; CPU per move per"
        f" receiving seat {total[0] / per:.2f} ms: libsodium group operations"
        f" {group[0] / per:.2f} ms, the rest {(total[0] - group[0]) / per:.2f} ms"
    )


def report(game: str, games: list[list[tuple[Any, ...]]]) -> None:
    seats = TABLES[game]
    frames: dict[str, int] = defaultdict(int)
    cpu: dict[str, float] = defaultdict(float)
    per_game = []
    moves = 0
    mover = 0.0
    operations: dict[str, int] = defaultdict(int)
    for results in games:
        game_cpu = 0.0
        game_moves = results[0][3]
        for seat_frames, seat_cpu, seat_mover, _, seat_operations in results:
            for what, count in seat_operations.items():
                operations[what] += count
            for kind, count in seat_frames.items():
                frames[kind] += count
                cpu[kind] += seat_cpu[kind]
            game_cpu += sum(seat_cpu.values())
            mover += seat_mover
        per_game.append(game_cpu / game_moves / (seats - 1) * 1000)
        moves += game_moves
    total = sum(cpu.values())
    print(f"\n{NAMES[game]}, {seats} seats: {len(games)} game(s), {moves} moves")
    spread = f"; spread {statistics.pstdev(per_game):.2f}" if len(per_game) > 1 else ""
    print(
        f"  CPU per move per receiving seat: {total / moves / (seats - 1) * 1000:.2f} ms"
        f" (by game: {', '.join(f'{p:.2f}' for p in per_game)}{spread})"
    )
    per = moves * (seats - 1)
    print(
        f"  group operations per move per receiving seat: {operations['mul'] / per:.1f} point"
        f" multiplications, {operations['base'] / per:.1f} base-point ones,"
        f" {operations['add'] / per:.1f} additions"
    )
    print(f"  mover's own work per move (its bot's choice included): {mover / moves * 1000:.2f} ms")
    print(f"  {'frame received':<28} {'count':>7} {'ms each':>8} {'share':>6}")
    for kind, count in sorted(frames.items(), key=lambda kv: -cpu[kv[0]]):
        print(f"  {kind:<28} {count:>7} {cpu[kind] / count * 1000:>8.3f} {cpu[kind] / total:>6.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--game", choices=sorted(TABLES), action="append")
    parser.add_argument("--games", type=int, default=1, help="games per table (seeds 1, 2, …)")
    parser.add_argument("--profile", default="", help="a directory for cProfile files")
    parser.add_argument("--one-process", action="store_true", help="every seat in this process")
    args = parser.parse_args()
    if args.one_process:
        print(f"load average at the start: {os.getloadavg()}; {os.cpu_count()} cores")
        for game in args.game or list(TABLES):
            for seed in range(1, args.games + 1):
                one_process(game, seed)
        print(f"load average at the end: {os.getloadavg()}")
        return
    if args.profile:
        os.makedirs(args.profile, exist_ok=True)
    print(f"load average at the start: {os.getloadavg()}; {os.cpu_count()} cores")
    for game in args.game or list(TABLES):
        games = [play_game(game, seed, args.profile) for seed in range(1, args.games + 1)]
        report(game, games)
    print(f"\nload average at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
