"""How long a laptop takes to take its seats back: replaying a whole game's record.

    .venv/bin/python bench/bench_resume.py --game purrfect --seats 4 --bots 2

Plays one bot game between two `lanpurr` processes on loopback (127.0.0.1 only, no discovery),
then rebuilds the host's seats from its record and the table's journal as a restarted laptop
does (net.game.take_up) and times it: the worst case of a laptop killed just before the game's end.
Prints one JSON line: passes replayed, seconds, the record's and the journal's sizes.

A restart replays only the passes after the latest snapshot of the seats (net.game.snapshot,
kept at each round's end and after every 1.5 s of the seats' work). `--whole` also takes the
same laptop back from a copy of its home without the snapshot (the whole record replayed), and
says what keeping them costs: where that whole replay goes through a round's end, or 1.5 s of
work, the time to pickle the seats (what the game's worker pays there during a game) and the
pickle's size.
"""

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lanpurr.fair.identity import Identity  # noqa: E402
from net.game import record as resume  # noqa: E402
from net.game import snapshot  # noqa: E402
from net.game.driver import GameDriver  # noqa: E402
from net.home import load_profile  # noqa: E402
from net.table.session import TableSession  # noqa: E402
from net.wire.journal import Journal  # noqa: E402
from net.wire.mesh import Mesh  # noqa: E402


def cli(home: Path, name: str, *args: str) -> list[str]:
    return [sys.executable, "-m", "ui.cli", *args, "--interface", "127.0.0.1", "--name", name,
            "--home", str(home / name), "--json"]  # fmt: skip


def play_game(home: Path, game: str, seats: int, bots: int) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    host = subprocess.Popen(cli(home, "Ann", "host", game, "--seats", str(seats), "--bots",
                                str(bots), "--bot", "normal", "--autostart", "--no-announce"),
                            stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env)  # fmt: skip
    assert host.stdout is not None
    address = json.loads(host.stdout.readline())["address"]
    guests: list[subprocess.Popen[str]] = [
        subprocess.Popen(
            cli(home, f"Guest{i}", "join", address, "--bot", "normal"),
            stdout=subprocess.DEVNULL,
            text=True,
            cwd=ROOT,
            env=env,
        )
        for i in range(seats - bots - 1)
    ]
    host.stdout.read()
    for process in [host, *guests]:
        if process.wait(900) != 0:
            raise SystemExit("the game did not end well")


async def replay(home: Path) -> dict[str, object]:
    profile = load_profile(home)
    path = next(profile.journals.glob("*.journal"))
    record, _ = Journal(path).read()
    assert record is not None
    mesh = Mesh(profile.identity, profile.name, profile.journals, "127.0.0.1", 0)
    session = TableSession(profile, mesh, lambda event: None, 120)
    session.play_settings.me_bot = "normal"
    mesh.bind_table(record.table, record)
    for envelope in mesh.replayed:
        session._on_envelope(envelope, replayed=True)
    for private in resume.load_bot_keys(profile.journals, record.table):
        bot = Identity.from_private_bytes(private)
        session.bot_identities[bot.public_key] = bot
    state = session.state
    assert state is not None
    mine = [m for m in session.games.replayed if m[1].get("n", m[1].get("g")) == state.games]
    game = GameDriver(session, state, session.play_settings, lambda event: None, mine)
    started = time.perf_counter()
    taken = game._take_up()
    seconds = time.perf_counter() - started
    assert taken.output.over, "the replay did not reach the game's end"
    folder = game.record.folder
    kept = folder / snapshot.NAME
    return {
        "seats_here": len(game.seats.runtimes),
        "passes": taken.passes,
        "passes_in_record": len(game.record.read()),
        "replay_s": round(seconds, 2),
        "record_bytes": sum(f.stat().st_size for f in folder.iterdir() if f != kept),
        "snapshot_bytes": kept.stat().st_size if kept.exists() else 0,
        "journal_bytes": path.stat().st_size,
        "loadavg": os.getloadavg()[0],
    }


def time_snapshots() -> tuple[list[tuple[float, int]], list[tuple[float, int]]]:
    """Times pickling the seats where a game would keep them, at each round's end and after
    every `WORK_BETWEEN_SNAPSHOTS` of work, as a replay goes through them: (ms, bytes) each."""
    ends: list[tuple[float, int]] = []
    between: list[tuple[float, int]] = []
    passed = snapshot.Keeper.passed
    work = [0.0]

    def timed(
        self: snapshot.Keeper, seats: Any, result: Any, replaying: bool, seconds: float = 0.0
    ) -> None:
        passed(self, seats, result, replaying, seconds)
        if result.over:
            return
        work[0] += seconds
        finished = min(sum(1 for r in rt.rounds if r.audit is not None)
                       for rt in seats.runtimes.values())  # fmt: skip
        into = ends if finished > len(ends) else between
        if into is ends or work[0] >= snapshot.WORK_BETWEEN_SNAPSHOTS:
            work[0] = 0.0
            started = time.perf_counter()
            state = snapshot.dump(seats)
            into.append((round((time.perf_counter() - started) * 1000, 1), len(state)))

    snapshot.Keeper.passed = timed  # type: ignore[method-assign]
    return ends, between


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="purrfect")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--bots", type=int, default=2, help="bots on the host's laptop")
    parser.add_argument("--whole", action="store_true", help="also replay the whole record")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        play_game(home, args.game, args.seats, args.bots)
        if args.whole:
            shutil.copytree(home / "Ann", home / "Ann-whole")
            for kept in (home / "Ann-whole" / "games").glob(f"*/{snapshot.NAME}"):
                kept.unlink()
        figures = asyncio.run(replay(home / "Ann"))
        if args.whole:
            ends, between = time_snapshots()
            whole = asyncio.run(replay(home / "Ann-whole"))
            figures["round_end_pickles_ms_bytes"] = ends
            figures["mid_round_pickles_ms_bytes"] = between
            figures["whole_passes"], figures["whole_replay_s"] = whole["passes"], whole["replay_s"]
            figures["whole_loadavg"] = whole["loadavg"]
    print(json.dumps({"game": args.game, "seats": args.seats, **figures}))


if __name__ == "__main__":
    main()
