"""Whole games between seat runtimes, one process per seat, as laptops would play them.

    .venv/bin/python bench/bench_seat.py                 # the three games (several minutes)
    .venv/bin/python bench/bench_seat.py --game gutters --games 1

Every seat is its own process (spawned, so nothing is shared) running one `SeatRuntime` with a
bot; the parent is a plain relay that hands every frame a seat sends to every other seat, in the
order it reads them (pipes: bytes only, the frames as they would go on the wire). Shuffle proofs
are on, as at every real table. Per game it reports:

- deal: from the moment every seat is told to start (the table's last Ready) to the moment the
  last seat holds its cards in round 1 (keys, joint seed, every seat's proven shuffle, the deal's
  shares), wall time on this machine's clock;
- CPU seconds each seat spends per round (its own process time: checking every proof it
  receives, making its own, its engine, its audit), mean over rounds, for the busiest and the
  least busy seat;
- bytes each seat sends per round (each frame counted once; the network carries it to every
  other seat).

No figure here is asserted anywhere: the machine is shared and two cores run all the seats.
"""

import argparse
import multiprocessing as mp
import os
import random
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any

from lanpurr.fair.identity import Identity
from lanpurr.seat.table import TableSpec

GAMES = {"momistigri": 5, "purrfect": 7, "gutters": 4}
BOTS = {"momistigri": "heuristic", "purrfect": "heuristic", "gutters": "planner"}
OPTIONS: dict[str, dict[str, str]] = {"gutters": {"mode": "competitive", "board": "standard"}}
WALL_LIMIT = 900.0
"""Seconds before a game counts as stalled and the bench stops it."""
QUIET_LIMIT = 400
"""Times in a row the relay finds the table quiet and wakes everyone before it gives up."""


def _seat(conn: Connection, spec: TableSpec, seat: int, private: bytes, bot_seed: int) -> None:
    """One laptop: a seat runtime and its bot; frames in, frames out, its own clock."""
    from lanpurr.seat.harness import bot_player
    from lanpurr.seat.registry import layer_for
    from lanpurr.seat.runtime import SeatRuntime
    from lanpurr.seat.whole_game import bots_of

    choose = bots_of(spec.game, [BOTS[spec.game]])[0]
    on_turn = bot_player(choose, random.Random(bot_seed))
    runtime = SeatRuntime(
        spec, seat, Identity.from_private_bytes(private), layer_for(spec.game), on_turn=on_turn
    )
    cpu: dict[int, float] = defaultdict(float)
    sent: dict[int, int] = defaultdict(int)
    dealt_at: float | None = None
    conn.send("built")
    while True:
        message = conn.recv()
        kind = message[0]
        if kind == "stop":
            conn.send((dict(cpu), dict(sent), dealt_at, runtime.round, runtime.over))
            return
        began = time.process_time()
        number = runtime.round
        if kind == "start":
            runtime.start()
        elif kind == "frame":
            runtime.receive(message[1], message[2])
        elif kind == "quiet":
            runtime.tick()
        if not runtime.ordering.turns and runtime.may_act():
            on_turn(runtime)  # a bot at a table without turns looks at its view now
        if dealt_at is None and runtime.round == 1 and runtime.dealt:
            dealt_at = time.monotonic()
        frames = runtime.take_outgoing()
        runtime.take_updates()
        cpu[max(number, 1)] += time.process_time() - began
        for frame in frames:
            sent[runtime.round] += len(frame)
        problems = [str(a) for a in runtime.accusations[:1]]
        conn.send((frames, runtime.over, problems))


@dataclass
class GameFigures:
    deal: float
    rounds: int
    cpu_per_round: list[float]
    """Each seat's mean CPU seconds per round, in seat order."""
    sent_per_round: list[float]
    """Each seat's mean bytes sent per round."""
    wall: float
    frames: int = 0
    notes: list[str] = field(default_factory=list)


def play_game(game: str, players: int, seed: int) -> GameFigures:
    identities = [Identity.generate() for _ in range(players)]
    spec = TableSpec.of(
        os.urandom(16), game, tuple(i.public_key for i in identities), OPTIONS.get(game, {})
    )
    context = mp.get_context("spawn")
    links: list[Connection] = []
    processes = []
    for seat, identity in enumerate(identities):
        mine, theirs = context.Pipe()
        process = context.Process(
            target=_seat, args=(theirs, spec, seat, identity.private_bytes(), seed * 10 + seat)
        )
        process.start()
        links.append(mine)
        processes.append(process)
    for link in links:  # every laptop is up, its deck's points made, before the clock starts
        assert link.recv() == "built"
    over = [False] * players
    owed = 0
    frames = 0
    quiet = 0
    began = time.monotonic()
    for link in links:
        link.send(("start",))
        owed += 1
    while not all(over):
        if time.monotonic() - began > WALL_LIMIT:
            _stop(processes)
            raise RuntimeError(f"no end after {WALL_LIMIT:.0f} s")
        if not owed:
            quiet += 1
            if quiet > QUIET_LIMIT:
                _stop(processes)
                raise RuntimeError("the table stalled")
            for link in links:
                link.send(("quiet",))
                owed += 1
        for link in wait(links):
            assert isinstance(link, Connection)
            seat = links.index(link)
            try:
                sent, over[seat], problems = link.recv()
            except EOFError:
                _stop(processes)
                raise RuntimeError(f"seat {seat}'s process died (see its traceback)") from None
            owed -= 1
            if problems:
                _stop(processes)
                raise RuntimeError(f"seat {seat} accused someone: {problems[0]}")
            if sent:
                quiet = 0
            for frame in sent:
                for other, out in enumerate(links):
                    if other != seat:
                        out.send(("frame", frame, seat))
                        owed += 1
                        frames += 1
    wall = time.monotonic() - began
    while owed:  # late frames (another seat's last secrets) still on their way
        for link in wait(links):
            assert isinstance(link, Connection)
            link.recv()
            owed -= 1
    cpu_rounds, sent_rounds, dealt = [], [], []
    rounds = 0
    for link in links:
        link.send(("stop",))
        cpu, sent_by_round, dealt_at, rounds, _ = link.recv()
        cpu_rounds.append(sum(cpu.values()) / rounds)
        sent_rounds.append(sum(sent_by_round.values()) / rounds)
        dealt.append(dealt_at)
    for process in processes:
        process.join(timeout=30)
    return GameFigures(max(dealt) - began, rounds, cpu_rounds, sent_rounds, wall, frames)


def _stop(processes: list[Any]) -> None:
    """End this game's seat processes (they are ours, by their handles)."""
    for process in processes:
        process.terminate()
        process.join(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--games", type=int, default=3, help="games per game (default 3)")
    args = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()}; {os.cpu_count()} cores")
    for game in args.game or list(GAMES):
        players = GAMES[game]
        runs: list[GameFigures] = []
        failed: list[str] = []
        seed = 0
        while len(runs) < args.games and len(failed) < args.games:
            try:
                runs.append(play_game(game, players, seed))
            except (RuntimeError, EOFError) as error:  # a seat accused or crashed: say so
                failed.append(f"game {seed}: {error or type(error).__name__}")
            seed += 1
        for failure in failed:
            print(f"{game}: FAILED {failure}")
        if not runs:
            continue
        deal = statistics.median(r.deal for r in runs)
        rounds = sum(r.rounds for r in runs)
        cpu = [c for r in runs for c in r.cpu_per_round]
        sent = [s for r in runs for s in r.sent_per_round]
        wall = sum(r.wall for r in runs) / rounds
        print(
            f"{game}, {players} seats, {len(runs)} games, {rounds} rounds: "
            f"deal {deal:.2f} s (median; each game {', '.join(f'{r.deal:.2f}' for r in runs)}); "
            f"CPU per seat per round {statistics.mean(cpu):.2f} s "
            f"(seats {min(cpu):.2f}-{max(cpu):.2f}); "
            f"sent per seat per round {statistics.mean(sent) / 1024:.0f} KiB "
            f"({min(sent) / 1024:.0f}-{max(sent) / 1024:.0f}); "
            f"wall per round {wall:.1f} s"
        )
    print(f"load average at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
