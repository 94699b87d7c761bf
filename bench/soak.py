"""Soak: many whole bot games between laptops, on bad Wi-Fi or with a laptop that crashes.

Run as root from the repository root:

    .venv/bin/python bench/soak.py impaired --games 200 --parallel 6 --out impaired.json
    .venv/bin/python bench/soak.py crash --games 200 --parallel 4 --out crash.json

Every game is played by one `lanpurr host` and two `lanpurr join` processes (`--laptops`;
Purrfect needs four), a bot at every seat, each in its own throw-away network namespace
(tests/net/netns.py: nothing reaches this machine's own network). The games cycle through
Momistigri, Purrfect and No sin mi gato.

- `impaired`: the laptops' bridge is replaced by an impairing hub (tests/net/impairing_hub.py):
  every frame on every path is `--delay` ± `--jitter` seconds late and lost with probability
  `--loss` (default 200 ± 50 ms and 10 %), mDNS and TCP alike.
- `crash`: once the first round is being played (a laptop has drawn its first `update`), one
  laptop drawn at random is killed with SIGKILL, waits `--down` seconds, and is started again
  with the same command and the same home directory (a host with `--resume`).

A game counts as finished when every laptop printed `game_over` and exited 0 and all of them
report the same final scores. Every loop is bounded: a game gives up after `--game-timeout`
seconds, and no game starts after `--budget` seconds; Ctrl+C (or SIGTERM) stops the games and
removes their namespaces. The summary goes to stdout; `--out` keeps every game's record as a
JSON line (duration, outcome, and for a failure its reason and the laptops' last stderr lines).
"""

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench_play import NAMES, Laptop, lanpurr  # noqa: E402

from tests.net.impairing_hub import Impairment  # noqa: E402
from tests.net.netns import Lan  # noqa: E402

STOPPING = threading.Event()
"""Set by SIGINT/SIGTERM: no new game starts, and the running ones give up and clean up."""
GAMES = ["momistigri", "purrfect", "gutters"]
FEWEST = {"purrfect": 4}
"""Laptops a game needs at least (Purrfect is played by 4 to 7)."""


@dataclass
class Outcome:
    number: int
    game: str
    finished: bool = False
    same_scores: bool = False
    seconds: float = 0.0
    reason: str = ""
    scores: list[Any] = field(default_factory=list)
    killed: str = ""
    hub: str = ""
    logs: dict[str, list[Any]] = field(default_factory=dict)
    """A failed game's laptops: exit code and last lines of stderr."""


def _wait(laptop: Laptop, event: str, deadline: float) -> dict[str, Any]:
    while True:
        if STOPPING.is_set():
            raise RuntimeError("stopped")
        try:
            return laptop.wait_for(event, max(0.01, min(1.0, deadline - time.monotonic())))
        except TimeoutError:
            if time.monotonic() >= deadline:
                raise


def _one_game(
    number: int, game: str, args: argparse.Namespace, home: Path, chance: random.Random
) -> Outcome:
    outcome = Outcome(number, game)
    impairment = None
    if args.scenario == "impaired":
        impairment = Impairment(args.delay, args.jitter, args.loss)
    started = time.monotonic()
    deadline = started + args.game_timeout
    laptops_at_table = max(args.laptops, FEWEST.get(game, 0))
    with Lan(laptops_at_table, impairment) as lan:
        home = home / f"game{number}"
        extra = ["--pace", str(args.pace), "--grace", str(args.grace)]
        argvs = [lanpurr(lan.hosts[0], home, NAMES[0], "host", game, "--seats",
                         str(laptops_at_table), "--bots", "0", "--bot", "normal", "--autostart",
                         "--json", "--no-announce", *extra)]  # fmt: skip
        laptops = [Laptop(lan.hosts[0], argvs[0])]
        try:
            address = _wait(laptops[0], "hosting", time.monotonic() + 60)["address"]
            for index, host in enumerate(lan.hosts[1:], 1):
                argvs.append(lanpurr(host, home, NAMES[index], "join", address, "--bot",
                                     "normal", "--json", *extra))  # fmt: skip
                laptops.append(Laptop(host, argvs[index]))
            if args.scenario == "crash":
                victim = chance.randrange(len(laptops))
                outcome.killed = NAMES[victim]
                _crash_mid_round(laptops, victim, argvs, args, deadline)
            for laptop in laptops:
                _wait(laptop, "game_over", deadline)
                laptop.process.wait(max(1.0, min(30.0, deadline - time.monotonic())))
            codes = [laptop.process.returncode for laptop in laptops]
            scores = [laptop.first("game_over")["scores"] for laptop in laptops]  # type: ignore[index]
            outcome.scores = scores[0]
            outcome.same_scores = all(s == scores[0] for s in scores)
            outcome.finished = all(code == 0 for code in codes) and outcome.same_scores
            if not outcome.finished:
                outcome.reason = f"exit codes {codes}, scores {scores}"
        except (RuntimeError, TimeoutError, subprocess.TimeoutExpired) as failure:
            outcome.reason = str(failure)[-400:]
        finally:
            for laptop in laptops:
                laptop.stop()
            if not outcome.finished:
                outcome.logs = {
                    NAMES[index]: [laptop.process.returncode, *laptop.errors[-12:]]
                    for index, laptop in enumerate(laptops)
                }
    outcome.hub = lan.hub_counts
    outcome.seconds = round(time.monotonic() - started, 1)
    return outcome


def _crash_mid_round(
    laptops: list[Laptop],
    victim: int,
    argvs: list[list[str]],
    args: argparse.Namespace,
    deadline: float,
) -> None:
    """Kill `victim` once some laptop draws the round's first move, then start it again."""
    while time.monotonic() < deadline and not STOPPING.is_set():
        if any(
            sum(1 for line in list(laptop.lines) if line.get("event") == "update") >= 2
            for laptop in laptops
        ):
            break
        if any(laptop.process.poll() is not None for laptop in laptops):
            raise RuntimeError("a laptop ended before the first round was under way")
        time.sleep(0.02)
    else:
        raise TimeoutError("the first round never got under way")
    laptops[victim].process.kill()
    laptops[victim].process.wait(10)
    time.sleep(args.down)
    argv = argvs[victim] + (["--resume"] if victim == 0 else [])
    laptops[victim] = Laptop(laptops[victim].host, argv)


def main() -> int:
    parser = argparse.ArgumentParser(description="Soak whole games between laptops.")
    parser.add_argument("scenario", choices=["impaired", "crash"])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--parallel", type=int, default=4, help="games played at once")
    parser.add_argument("--laptops", type=int, default=3)
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("--jitter", type=float, default=0.05)
    parser.add_argument("--loss", type=float, default=0.1)
    parser.add_argument("--down", type=float, default=3.0, help="seconds a killed laptop is off")
    parser.add_argument("--pace", type=float, default=0.0, help="seconds a bot thinks")
    parser.add_argument("--grace", type=float, default=120.0)
    parser.add_argument("--game-timeout", type=float, default=900.0)
    parser.add_argument("--budget", type=float, default=6 * 3600.0, help="no game starts after")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=GAMES, help="play only this game")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()

    chance = random.Random(args.seed)
    lock = threading.Lock()
    outcomes: list[Outcome] = []
    began = time.monotonic()

    def run(number: int) -> None:
        if time.monotonic() - began > args.budget or STOPPING.is_set():
            return
        with lock:
            own = random.Random(chance.random())
        game = args.only or GAMES[number % len(GAMES)]
        outcome = _one_game(number, game, args, home, own)
        with lock:
            outcomes.append(outcome)
            done = len(outcomes)
            ok = sum(o.finished for o in outcomes)
            if args.out:
                with args.out.open("a") as records:
                    records.write(json.dumps(asdict(outcome)) + "\n")
        mark = "ok" if outcome.finished else f"FAILED: {outcome.reason}"
        print(f"[{done}/{args.games}] #{number} {outcome.game} {outcome.seconds} s "
              f"{outcome.killed and 'killed ' + outcome.killed + ' '}{mark} ({ok} ok)",
              flush=True)  # fmt: skip

    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, lambda *_: STOPPING.set())
    if args.out:
        args.out.write_text("")
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="lanpurr-soak-") as folder:
        home = Path(folder)
        with ThreadPoolExecutor(args.parallel) as pool:
            list(pool.map(run, range(args.games)))
    wall = time.monotonic() - began
    print(f"\n{args.scenario}: {len(outcomes)} games in {wall / 60:.1f} min (load average "
          f"{load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end)")  # fmt: skip
    for game in GAMES:
        mine = [o for o in outcomes if o.game == game]
        if mine:
            ok = sum(o.finished for o in mine)
            median = sorted(o.seconds for o in mine)[len(mine) // 2]
            print(f"  {game:11} {ok}/{len(mine)} finished with the same scores "
                  f"({100 * ok / len(mine):.1f} %), median {median} s")  # fmt: skip
    ok = sum(o.finished for o in outcomes)
    print(f"  {'all':11} {ok}/{len(outcomes)} ({100 * ok / max(1, len(outcomes)):.1f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
