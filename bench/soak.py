"""Soak: many whole bot games between laptops, on bad Wi-Fi, with a laptop that crashes, one
that misbehaves, or two that cannot reach each other.

Run as root from the repository root:

    .venv/bin/python bench/soak.py impaired --games 200 --parallel 6 --out impaired.json
    .venv/bin/python bench/soak.py crash --games 200 --parallel 4 --out crash.json
    .venv/bin/python bench/soak.py cheat --games 12 --parallel 2 --out cheat.json
    .venv/bin/python bench/soak.py blame --games 102 --parallel 3 --out blame.json
    .venv/bin/python bench/soak.py isolated --games 12 --parallel 2 --out isolated.json
    .venv/bin/python bench/soak.py host-gone --games 30 --parallel 3 --out gone.json
    .venv/bin/python bench/soak.py guest-gone --games 30 --parallel 3 --out guest-gone.json

Every game is played by one `lanpurr host` and two `lanpurr join` processes (`--laptops`;
Purrfect needs four), a bot at every seat, each in its own throw-away network namespace
(tests/net/netns.py: nothing reaches this machine's own network). The games cycle through
Momistigri, Purrfect and No sin mi gato.

- `impaired`: the laptops' bridge is replaced by an impairing hub (tests/net/impairing_hub.py):
  every frame on every path is `--delay` ± `--jitter` seconds late and lost with probability
  `--loss` (default 200 ± 50 ms and 10 %), mDNS and TCP alike. With `--loss 0 --delay 0
  --jitter 0` the same hub is clean; `--against` that run's `--out` file says how much longer
  each game took on bad Wi-Fi.
- `crash`: once the first round is being played (a laptop has drawn its first `update`), one
  laptop drawn at random is killed with SIGKILL, waits `--down` seconds, and is started again
  with the same command and the same home directory (a host with `--resume`).
- `cheat`: one joiner drawn at random runs tests/net/misbehaving_laptop.py and, after a random
  number of its own game batches (2 to 40), signs two versions of one message (`equivocate`),
  sends a box no key opens (`bad-box`) or withholds a batch (`withhold`), drawn at random
  (`--cheats` narrows the draw). The host gives its seat to a bot (`--replace-gone normal`);
  every laptop has `--table-timeout` and `--turn-timeout` of `--timeout` seconds. An honest
  laptop named by another (cut off, or for a cheat) fails the game.
- `blame`: as `cheat`, with a laptop that lies about the others instead (docs/fair-play.md,
  "Who may accuse whom"; `--lies` narrows the draw): `evict` (the host gives a playing laptop's
  seats to its bot for a made-up cheat), `refuse` (a joiner cuts every other laptop off as
  `banned`, says so to the acting host alone and hangs up on the others' calls), `refuse-one`
  (a joiner cuts one other joiner off as `banned`, in words, while the host still hears it:
  the refused laptop's game must go on), `wrong-key`
  (the host seals the last member another game key). Besides naming the liar and nobody else,
  every honest laptop must play the game to `game_over`.
- `isolated`: the last two joiners cannot reach each other (netns.Lan.isolate): they play
  through a laptop that reaches both.
- `host-gone`: once the first round is being played, the host's laptop is killed with SIGKILL
  and never comes back. The table gives a gone laptop's seats to a bot (`--replace-gone
  normal`): once `--grace` is over, the next laptop of the line takes over the host's part.
  A `lanpurr join --watch` process (in the last laptop's namespace) watches every game from
  before the kill: it must follow the game to the laptop that takes it over and end like the
  players. Only the remaining laptops and the watcher are judged; each game also records, per
  remaining laptop, the seconds from the kill to `host_handed_on`, to `seat_replaced`, and to
  the first move drawn after it (`after_kill`), and for the watcher the seconds from the kill to
  watching the new host and to the first move it draws there (`watch_moved`). Without `--grace`
  every laptop has the app's grace period: a killed app's laptop refuses calls at once, so the
  others wait for it only the closed app's 15 s (docs/protocol.md §7).
- `guest-gone`: as `host-gone`, with a joiner drawn at random killed for good instead of the
  host (no watcher): the acting host gives its seats to a bot. `after_kill` as above (the
  host's handing on, if any, comes only when it leaves after the game's end).

A game counts as finished when every laptop printed `game_over` and exited 0 and all of them
report the same final scores (in `host-gone`, every laptop but the host, and the watcher). In
`cheat`, only the honest laptops count, and a game is judged well ended when each of them ended
by itself (finished, or stopped with a reason) and dropped the misbehaving laptop (`cut_off`,
`cheat`, `unheard`, or its seats given to a bot: `_drops`) at most `--timeout` plus `--margin`
seconds after it misbehaved (unless its game was over by then), and no honest laptop; none may
hang. Every loop is bounded: a game gives up after `--game-timeout` seconds, and no game starts
after `--budget` seconds; Ctrl+C (or SIGTERM) stops the games and removes their namespaces. The
summary goes to stdout; `--out` keeps every game's record as a JSON line (duration, outcome,
and for a failure its reason and the laptops' last stderr lines).
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

from tests.net import misbehaving_laptop  # noqa: E402
from tests.net.impairing_hub import Impairment  # noqa: E402
from tests.net.netns import Lan  # noqa: E402

STOPPING = threading.Event()
"""Set by SIGINT/SIGTERM: no new game starts, and the running ones give up and clean up."""
SCENARIOS = ["impaired", "crash", "cheat", "blame", "isolated", "host-gone", "guest-gone"]
GAMES = ["momistigri", "purrfect", "gutters"]
CHEATS = ["equivocate", "bad-box", "withhold"]
LIES = list(misbehaving_laptop.BLAME_KINDS)
"""`blame`: the lies one laptop tells about the others (the host tells those that need it)."""
DROPPED = ("cut_off", "cheat", "unheard")
"""`cheat`, `blame`: the events that drop a laptop from a game (`unheard`, in words that blame
nobody: the round waited for it and its last messages came through another laptop, as when
the misbehaving laptop's own game ended first and its process quit before another laptop
called it again). Every honest laptop must drop the misbehaving laptop (`_drops`), and no
honest laptop."""
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
    cheat: str = ""
    """`cheat`: who misbehaved and how ("Cleo withhold after 12")."""
    named_after: list[float] = field(default_factory=list)
    """`cheat`: seconds from the misbehaviour to each honest laptop naming the laptop."""
    over_after: list[float] = field(default_factory=list)
    """`cheat`: seconds from the misbehaviour to each honest laptop's `game_over`."""
    relayed: bool = False
    """`isolated`: both laptops that cannot reach each other said they play relayed."""
    wrongly_named: list[str] = field(default_factory=list)
    """`cheat`: honest laptops that another honest laptop dropped (DROPPED: cut off, for a
    cheat, or as not heard from)."""
    ends: list[str] = field(default_factory=list)
    """`cheat`: how each honest laptop's game ended (`game_over`, or the reason it stopped)."""
    after_kill: list[list[float]] = field(default_factory=list)
    """`host-gone`: per remaining laptop, seconds from the kill to `host_handed_on`, to
    `seat_replaced` and to the first move drawn after it."""
    watch_moved: list[float] = field(default_factory=list)
    """`host-gone`: seconds from the kill to the watcher watching the new host, and to the first
    move it draws there (-1: never)."""
    hub: str = ""
    logs: dict[str, list[Any]] = field(default_factory=dict)
    """A failed game's laptops: exit code and last lines of stderr."""


def _wait(laptop: Laptop, event: str, deadline: float) -> dict[str, Any]:
    return laptop.wait_until(event, deadline, STOPPING)


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
        if args.scenario == "isolated":
            lan.isolate(lan.hosts[-2], lan.hosts[-1])
        home = home / f"game{number}"
        extra = ["--pace", str(args.pace)]
        if args.grace is not None:  # (else the app's grace period)
            extra += ["--grace", str(args.grace)]
        hosting = []
        cheater = None
        kind = ""
        if args.scenario in ("cheat", "blame"):
            extra += ["--table-timeout", str(args.timeout), "--turn-timeout", str(args.timeout)]
            hosting = ["--replace-gone", "normal"]
            kind = chance.choice(args.cheats if args.scenario == "cheat" else args.lies)
            cheater = chance.randrange(1, laptops_at_table)
            if kind in misbehaving_laptop.HOST_KINDS:
                cheater = 0
        after = chance.randint(2, 40)
        if args.scenario in ("host-gone", "guest-gone"):
            hosting = ["--replace-gone", "normal"]
        argvs = [lanpurr(lan.hosts[0], home, NAMES[0], "host", game, "--seats",
                         str(laptops_at_table), "--bots", "0", "--bot", "normal", "--autostart",
                         "--json", "--no-announce", *extra, *hosting)]  # fmt: skip
        if cheater == 0:
            outcome.cheat = f"{NAMES[0]} {kind} after {after}"
            argvs[0] = misbehaving_laptop.command(argvs[0], kind, after=after)
        laptops = [Laptop(lan.hosts[0], argvs[0])]
        try:
            address = _wait(laptops[0], "hosting", time.monotonic() + 60)["address"]
            for index, host in enumerate(lan.hosts[1:], 1):
                argvs.append(lanpurr(host, home, NAMES[index], "join", address, "--bot",
                                     "normal", "--json", *extra))  # fmt: skip
                if index == cheater:
                    outcome.cheat = f"{NAMES[index]} {kind} after {after}"
                    argvs[index] = misbehaving_laptop.command(argvs[index], kind, after=after)
                laptops.append(Laptop(host, argvs[index]))
            if args.scenario == "crash":
                victim = chance.randrange(len(laptops))
                outcome.killed = NAMES[victim]
                _crash_mid_round(laptops, victim, argvs, args, deadline)
            if args.scenario == "host-gone":
                outcome.killed = NAMES[0]
                where = lan.hosts[-1]
                watcher = Laptop(where, lanpurr(where, home, "Wes", "join", address, "--watch",
                                                "--json"))  # fmt: skip
                laptops.append(watcher)
                _wait(watcher, "update", deadline)
                killed_at = _kill_host(laptops, deadline)
                _judge_alike(outcome, laptops[1:], deadline)
                outcome.after_kill = [_after_kill(laptop, killed_at) for laptop in laptops[1:-1]]
                outcome.watch_moved = _watch_moved(watcher, killed_at)
            elif args.scenario == "guest-gone":
                victim = chance.randrange(1, len(laptops))
                outcome.killed = NAMES[victim]
                killed_at = _kill_for_good(laptops, victim, deadline)
                staying = [laptop for index, laptop in enumerate(laptops) if index != victim]
                _judge_alike(outcome, staying, deadline)
                outcome.after_kill = [_after_kill(laptop, killed_at) for laptop in staying]
            elif cheater is not None:
                _judge_cheat(outcome, laptops, cheater, args, deadline)
                if args.scenario == "blame":
                    _judge_blame(outcome)
            else:
                _judge_alike(outcome, laptops, deadline)
            if args.scenario == "isolated":
                outcome.relayed = all(laptop.first("PlaysRelayed") for laptop in laptops[-2:])
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


def _judge_alike(outcome: Outcome, laptops: list[Laptop], deadline: float) -> None:
    """Every laptop ends with `game_over`, exit 0 and the same scores."""
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


def _judge_cheat(
    outcome: Outcome, laptops: list[Laptop], cheater: int, args: argparse.Namespace,
    deadline: float,
) -> None:  # fmt: skip
    """Every honest laptop ends by itself (finished, or stopped with a reason), having named
    the cheater within the table's timeout and the margin after it misbehaved."""
    name = NAMES[cheater]
    honest = [laptop for index, laptop in enumerate(laptops) if index != cheater]
    for laptop in honest:
        laptop.process.wait(max(1.0, deadline - time.monotonic()))
    time.sleep(0.3)  # the reader threads take the last lines
    said = laptops[cheater].first("misbehaving")
    scores = []
    over_first = 0  # honest laptops whose game was over before the lie: they have nothing to name
    for laptop in honest:
        lines = list(laptop.lines)
        last = lines[-1] if lines else {}
        if last.get("event") == "game_over":
            outcome.ends.append("game_over")
            scores.append(last["scores"])
            over_first += said is not None and last["t"] <= said["t"]
            if said is not None:
                outcome.over_after.append(round(last["t"] - said["t"], 2))
        else:
            outcome.ends.append(str(last.get("reason") or last.get("text") or last)[:200])
        named = [line for line in lines if _drops(line, name)]
        if said is not None and named:
            outcome.named_after.append(round(named[0]["t"] - said["t"], 1))
    honest_names = {NAMES[index] for index in range(len(laptops)) if index != cheater}
    for laptop in honest:
        for line in list(laptop.lines):
            dropped = [n for n in honest_names if _drops(line, n)]
            outcome.wrongly_named += dropped
    codes = [laptop.process.returncode for laptop in honest]
    outcome.scores = scores[0] if scores else []
    outcome.same_scores = len(scores) == len(honest) and all(s == scores[0] for s in scores)
    in_time = args.timeout + args.margin
    problems = []
    if said is None or over_first == len(honest):  # judged as any game, every laptop alike
        outcome.cheat += " (never: the game ended first)" if said is None else " (after the end)"
        if outcome.ends != ["game_over"] * len(honest) or not outcome.same_scores:
            problems.append("the game did not end alike")
    elif len(outcome.named_after) < len(honest) - over_first and not (
        " refuse-one after " in outcome.cheat
        and outcome.ends == ["game_over"] * len(honest)
        and outcome.same_scores
    ):  # (a refusal of one laptop names its teller only once its own game stalls: the refused
        # laptop cannot tell who is right, and a game over first harmed nobody)
        problems.append(f"not every honest laptop named {name}")
    elif max(outcome.named_after) > in_time:
        problems.append(f"named after {max(outcome.named_after)} s (more than {in_time} s)")
    for code, end in zip(codes, outcome.ends, strict=True):
        if (code == 0 and end != "game_over") or code not in (0, 4, 5) or not end:
            problems.append(f"exit {code} after {end!r}")
    if outcome.wrongly_named:
        problems.append(f"an honest laptop was named: {sorted(set(outcome.wrongly_named))}")
    if scores and not outcome.same_scores:
        problems.append(f"scores differ: {scores}")
    outcome.finished = not problems
    outcome.reason = "; ".join(problems)


def _judge_blame(outcome: Outcome) -> None:
    """`blame`: besides `_judge_cheat`, no honest laptop's game was stopped by the liar's word:
    each played to `game_over` (a lie is only ever its teller's loss)."""
    stopped = [end for end in outcome.ends if end != "game_over"]
    if stopped and "(never: the game ended first)" not in outcome.cheat:
        outcome.finished = False
        problem = f"an honest game was stopped: {stopped}"
        outcome.reason = f"{outcome.reason}; {problem}" if outcome.reason else problem


def _drops(line: dict[str, Any], name: str) -> bool:
    """The JSON line drops `name`'s laptop from the game: it names it (DROPPED), or gives its
    seats to a bot (`seat_replaced`: its app closed, as the liar's does once its own game, every
    other seat a bot's, is over)."""
    if line.get("event") == "seat_replaced":
        return line.get("name") == name
    return line.get("event") in DROPPED and line.get("laptop") == name


def _kill_host(laptops: list[Laptop], deadline: float) -> float:
    """Kill the host for good once a laptop draws the round's second move: when (time.time)."""
    return _kill_for_good(laptops, 0, deadline)


def _kill_for_good(laptops: list[Laptop], victim: int, deadline: float) -> float:
    """Kill `victim` for good once a laptop draws the round's second move: when (time.time)."""
    _round_under_way(laptops, deadline)
    killed_at = time.time()
    laptops[victim].process.kill()
    laptops[victim].process.wait(10)
    return killed_at


def _after_kill(laptop: Laptop, killed_at: float) -> list[float]:
    """Seconds from the kill to the takeover said, the seat replaced, the next move drawn."""
    lines = list(laptop.lines)
    handed = next((line["t"] for line in lines if line.get("event") == "host_handed_on"), None)
    replaced = next((line["t"] for line in lines if line.get("event") == "seat_replaced"), None)
    moved = None
    if replaced is not None:
        later = [line for line in lines if line.get("event") == "update"]
        moved = next((line["t"] for line in later if line["t"] >= replaced), None)
    return [round(t - killed_at, 2) if t is not None else -1.0 for t in (handed, replaced, moved)]


def _watch_moved(watcher: Laptop, killed_at: float) -> list[float]:
    """Seconds from the kill to the watcher watching another laptop, and to its first move
    drawn there."""
    lines = list(watcher.lines)
    again = [line["t"] for line in lines if line.get("event") == "watching"][1:2]
    drawn = [line["t"] for line in lines if line.get("event") == "update" and again
             and line["t"] >= again[0] and line.get("steps")][:1]  # fmt: skip
    return [round(t[0] - killed_at, 2) if t else -1.0 for t in (again, drawn)]


def _round_under_way(laptops: list[Laptop], deadline: float) -> None:
    """Wait until some laptop has drawn the round's second move."""
    while time.monotonic() < deadline and not STOPPING.is_set():
        if any(
            sum(1 for line in list(laptop.lines) if line.get("event") == "update") >= 2
            for laptop in laptops
        ):
            return
        if any(laptop.process.poll() is not None for laptop in laptops):
            raise RuntimeError("a laptop ended before the first round was under way")
        time.sleep(0.02)
    raise TimeoutError("the first round never got under way")


def _crash_mid_round(
    laptops: list[Laptop],
    victim: int,
    argvs: list[list[str]],
    args: argparse.Namespace,
    deadline: float,
) -> None:
    """Kill `victim` once some laptop draws the round's second move, then start it again."""
    _round_under_way(laptops, deadline)
    laptops[victim].process.kill()
    laptops[victim].process.wait(10)
    time.sleep(args.down)
    argv = argvs[victim] + (["--resume"] if victim == 0 else [])
    laptops[victim] = Laptop(laptops[victim].host, argv)


def main() -> int:
    parser = argparse.ArgumentParser(description="Soak whole games between laptops.")
    parser.add_argument("scenario", choices=SCENARIOS)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--parallel", type=int, default=4, help="games played at once")
    parser.add_argument("--laptops", type=int, default=3)
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("--jitter", type=float, default=0.05)
    parser.add_argument("--loss", type=float, default=0.1)
    parser.add_argument("--down", type=float, default=3.0, help="seconds a killed laptop is off")
    parser.add_argument("--pace", type=float, default=0.0, help="seconds a bot thinks")
    parser.add_argument("--grace", type=float, help="seconds (default: the app's own)")
    parser.add_argument("--timeout", type=float, default=10.0, help="cheat: the table's timeout")
    parser.add_argument("--margin", type=float, default=20.0, help="cheat: seconds it may add")
    parser.add_argument("--cheats", nargs="+", choices=CHEATS, default=CHEATS,
                        help="cheat: the misbehaviours drawn from")  # fmt: skip
    parser.add_argument("--lies", nargs="+", choices=LIES, default=LIES,
                        help="blame: the lies drawn from")  # fmt: skip
    parser.add_argument("--game-timeout", type=float, default=900.0)
    parser.add_argument("--budget", type=float, default=6 * 3600.0, help="no game starts after")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=GAMES, help="play only this game")
    parser.add_argument("--out", type=Path)
    parser.add_argument(
        "--against", type=Path, help="a clean run's --out: say how much longer each game took"
    )
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
        what = outcome.killed and f"killed {outcome.killed} "
        if args.scenario in ("host-gone", "guest-gone"):
            what = (f"{outcome.killed} killed, then (handed on, replaced, moved) "
                    f"{outcome.after_kill} s, watcher (moved, drew) "
                    f"{outcome.watch_moved} s ")  # fmt: skip
        if args.scenario == "isolated":
            what = "relayed " if outcome.relayed else "NOT relayed "
        if outcome.cheat:
            what = f"{outcome.cheat}, named after {outcome.named_after} s, {outcome.ends} "
        print(f"[{done}/{args.games}] #{number} {outcome.game} {outcome.seconds} s {what}{mark} "
              f"({ok} ok)", flush=True)  # fmt: skip

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
    if args.against is not None:
        _compare(outcomes, args.against)
    if args.scenario in ("host-gone", "guest-gone"):
        grace = "the app's" if args.grace is None else f"{args.grace} s"
        for index, what in enumerate(("handed on", "seat replaced", "next move")):
            seen = sorted(t[index] for o in outcomes for t in o.after_kill if t[index] >= 0)
            if seen and (index or args.scenario == "host-gone"):  # (a guest hands nothing on)
                print(f"  killed -> {what}: median {seen[len(seen) // 2]} s, "
                      f"p95 {seen[int(len(seen) * 0.95)]} s, max {seen[-1]} s "
                      f"({len(seen)} laptops; grace {grace})")  # fmt: skip
        for index, what in enumerate(("watching the new host", "its first move drawn there")):
            seen = sorted(o.watch_moved[index] for o in outcomes
                          if o.watch_moved and o.watch_moved[index] >= 0)  # fmt: skip
            if seen:
                print(f"  host killed -> the watcher {what}: median {seen[len(seen) // 2]} s, "
                      f"p95 {seen[int(len(seen) * 0.95)]} s, max {seen[-1]} s "
                      f"({len(seen)} of {len(outcomes)} watchers)")  # fmt: skip
    return 0


def _compare(outcomes: list[Outcome], clean_run: Path) -> None:
    """How much longer this run's finished games took than those of a clean run (`--out` of
    `impaired --loss 0 --delay 0 --jitter 0`), game by game, median against median."""
    clean = [json.loads(line) for line in clean_run.read_text().splitlines() if line.strip()]
    for game in GAMES:
        here = sorted(o.seconds for o in outcomes if o.game == game and o.finished)
        there = sorted(r["seconds"] for r in clean if r["game"] == game and r["finished"])
        if here and there:
            slow, fast = here[len(here) // 2], there[len(there) // 2]
            print(
                f"  {game:11} median {slow} s here, {fast} s on the clean run: "
                f"{slow / max(fast, 0.001):.1f}x as long ({len(here)} and {len(there)} games)"
            )


if __name__ == "__main__":
    sys.exit(main())
