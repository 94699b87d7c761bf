"""Latency per action (issue 36, point 1): on a clean LAN and on bad Wi-Fi, how long Start takes
to deal every hand, how long each game's main action takes to reach every laptop's screen, and
how long a whole bot game takes. Run as root from the repository root:

    .venv/bin/python bench/latency.py --games 3 --out latency.json     # clean, then bad Wi-Fi
    .venv/bin/python bench/latency.py --games 1 --only gutters --clean # one quick game
    .venv/bin/python bench/latency.py --games 3 --impaired --parallel 3 --against latency.json
    .venv/bin/python bench/latency.py --report clean.json impaired.json   # sum up saved runs

Every game is one `lanpurr host` and `--laptops - 1` `lanpurr join` processes, each in its own
throw-away network namespace joined by the project's impairing hub (tests/net/netns.py,
tests/net/impairing_hub.py: nothing reaches this machine's own network), a bot at every seat
(the host's `--bots` fill the seats the laptops leave), shuffle proofs on. Tables: Momistigri 5
seats, Purrfect 7, No sin mi gato 4 (each game's largest table). `--clean` runs the hub with no
loss and no delay (`--bridge`: the kernel's bridge instead); `--impaired` loses `--loss` of the
frames on every path and delays the others `--delay` ± `--jitter` seconds (default 10 %,
200 ± 50 ms). Without either flag both run, clean first.

Each laptop runs through bench/latency_probe.py, which stamps, in a file of its own, when one
of its seats took an action and the seats of every step it drew (the `--json` lines name
neither). The figures, all on the `t` of one clock that every namespace shares:

- deal: from the host's `game_started` line to each laptop's first `update` after it (its
  hand dealt); the slowest laptop is "every hand dealt";
- action → screens: for each game's main action (Momistigri: a blind `Draw` until its
  `CardsDrawn`; Purrfect: an `AcceptOffer` until the `SwapMade` of that offer; No sin mi gato:
  an `Insert` until its `TilePushed`), from the moment the acting seat took the action to the
  first `update` on each laptop holding its result: on the acting laptop, on each other
  laptop, and on the last of them ("every screen"); p50 and p95 (nearest rank) over all the
  actions of the condition's games (a Purrfect acceptance that another one beat to the offer
  leads to no swap: it counts as "not on every screen"); every laptop draws a swap when it
  takes its place, and its two sides draw the faces they received when the hand-overs come:
  for Purrfect, from the acceptance to those faces on each side's laptop too;
- Momistigri's turns: on the drawer's laptop, from the `update` that begins the drawer's turn
  to the one holding its card (the table asks for the draw when the turn begins, so this is
  what a person who clicks at once waits; a bot acts only once the draw is done);
- Momistigri's pairs: on the discarder's laptop, from the `DiscardPair` to the `update` that
  shows it (until then its seat may not act again);
- game: from the host's `game_started` to the last laptop's `game_over`.

A game counts when every laptop printed `game_over` and exited 0. Every loop is bounded: a
game gives up after `--game-timeout` seconds and no game starts after `--budget` seconds;
Ctrl+C (or SIGTERM) stops the games and removes their namespaces. `--out` keeps one JSON line
per game (its condition, figures and every paired action).
"""

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from statistics import median
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_play import NAMES, Laptop  # noqa: E402
from latency_figures import (  # noqa: E402
    MAIN_ACTIONS,
    faces_waits,
    first_after,
    own_waits,
    pair,
    percentile,
    turn_waits,
)

from tests.net.impairing_hub import Impairment  # noqa: E402
from tests.net.netns import Host, Lan  # noqa: E402

SEATS = {"momistigri": 5, "purrfect": 7, "gutters": 4}
"""Each game's largest table (Momistigri 3–5, Purrfect 4–7, No sin mi gato 1–4 seats)."""
PROBE = ROOT / "bench" / "latency_probe.py"
STEPS = {
    "momistigri": "play (Draw): 1; its draw, asked for when the turn begins, is done before"
    " the seat may act: a one-card random draw read on arrival (the holder's hand, with the"
    " other seats' shares carried and its own sealed to the drawer's ticket): 1; any other"
    " (hand → pick → draw shares): 3",
    "purrfect": "move (AcceptOffer) → take (the offerer's laptop, on receipt; with every other"
    " seat's tick answering the acceptance, it is placed with it, and every laptop draws the"
    " swap): 2; → transfer (both sides, each with every share of its cards but the receiver's,"
    " the faces): 3",
    "gutters": "play (Insert): 1 (a cat it turns up: every seat's reveal shares, 1 more)",
}
"""Sequential one-way message steps of each main action, counted from docs/fair-play.md and
docs/realtime-order.md (a step between two seats of one laptop costs no network trip)."""
STOPPING = threading.Event()


@dataclass
class Played:
    number: int
    game: str
    network: str
    seats: int
    laptops: int
    finished: bool = False
    reason: str = ""
    deal: list[float] = field(default_factory=list)
    """Per laptop: seconds from the host's `game_started` to its first `update`."""
    game_seconds: float = 0.0
    """The host's `game_started` to the last laptop's `game_over`."""
    actions: list[dict[str, Any]] = field(default_factory=list)
    """Each main action: `laptop`, `seat`, `at`, `shown` (seconds per laptop, None: never)."""
    turns: list[float] = field(default_factory=list)
    """Momistigri: each draw's wait on the drawer's laptop from its turn's start to its card."""
    pairs: list[float] = field(default_factory=list)
    """Momistigri: each pair's wait on the discarder's laptop until the table shows it."""
    faces: list[float] = field(default_factory=list)
    """Purrfect: each swap's wait, on each side's laptop, from the acceptance to its faces."""
    hub: str = ""
    logs: dict[str, list[Any]] = field(default_factory=dict)


def _argv(host: Host, probe: Path, home: Path, name: str, *args: str) -> list[str]:
    return host.python(str(PROBE), str(probe), *args, "--interface", host.address, "--name",
                       name, "--home", str(home / name))  # fmt: skip


def _wait(laptop: Laptop, event: str, deadline: float) -> dict[str, Any]:
    return laptop.wait_until(event, deadline, STOPPING)


def _records(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def one_game(number: int, game: str, network: str, args: argparse.Namespace, home: Path) -> Played:
    seats = args.seats or SEATS[game]
    laptops_here = min(args.laptops, seats)
    played = Played(number, game, network, seats, laptops_here)
    impairment = None
    if network == "impaired":
        impairment = Impairment(args.delay, args.jitter, args.loss)
    elif not args.bridge:
        impairment = Impairment(0.0, 0.0, 0.0)
    deadline = time.monotonic() + args.game_timeout
    home = home / f"{network}{number}"
    home.mkdir(parents=True)
    probes = [home / f"probe{index}.jsonl" for index in range(laptops_here)]
    with Lan(laptops_here, impairment) as lan:
        pace = ["--pace", str(args.pace)]
        hosting = _argv(lan.hosts[0], probes[0], home, NAMES[0], "host", game, "--seats",
                        str(seats), "--bots", str(seats - laptops_here), "--bot", "normal",
                        "--autostart", "--json", "--no-announce", *pace)  # fmt: skip
        running = [Laptop(lan.hosts[0], hosting)]
        try:
            address = _wait(running[0], "hosting", time.monotonic() + 60)["address"]
            for index, host in enumerate(lan.hosts[1:], 1):
                running.append(Laptop(host, _argv(host, probes[index], home, NAMES[index],
                                                  "join", address, "--bot", "normal", "--json",
                                                  *pace)))  # fmt: skip
            for laptop in running:
                _wait(laptop, "game_over", deadline)
            for laptop in running:
                laptop.process.wait(max(1.0, min(30.0, deadline - time.monotonic())))
            codes = [laptop.process.returncode for laptop in running]
            played.finished = all(code == 0 for code in codes)
            if not played.finished:
                played.reason = f"exit codes {codes}"
        except (RuntimeError, TimeoutError, subprocess.TimeoutExpired) as failure:
            played.reason = str(failure)[-400:]
        finally:
            for laptop in running:
                laptop.stop()
            if not played.finished:
                played.logs = {NAMES[index]: [laptop.process.returncode, *laptop.errors[-12:]]
                               for index, laptop in enumerate(running)}  # fmt: skip
    played.hub = lan.hub_counts
    time.sleep(0.2)  # (the reader threads take the last lines)
    started = running[0].first("game_started")
    if started is None:
        played.finished = False
        played.reason = played.reason or "no game_started"
        return played
    for laptop in running:
        dealt = first_after(list(laptop.lines), "update", started["t"])
        played.deal.append(-1.0 if dealt is None else round(dealt - started["t"], 3))
        over = first_after(list(laptop.lines), "game_over", started["t"])
        if over is not None:
            played.game_seconds = max(played.game_seconds, round(over - started["t"], 2))
    records = [_records(p) for p in probes]
    played.actions = [asdict(p) for p in pair(game, records)]
    if game == "momistigri":
        played.turns = turn_waits(records)
        played.pairs = own_waits(records, "DiscardPair", "PairDiscarded")
    if game == "purrfect":
        played.faces = faces_waits(records)
    return played


def _stats(values: list[float]) -> str:
    if not values:
        return "—"
    return f"{percentile(values, 0.5):.2f} / {percentile(values, 0.95):.2f} s"


def summary(games: list[Played]) -> list[str]:
    """One row per game and network: the figures of docs/benchmarks.md's table."""
    rows = [
        "| game (seats, laptops) | network | games | Start → every hand dealt, median (max) "
        "| action → acting laptop, p50 / p95 | → each other laptop, p50 / p95 "
        "| → every screen, p50 / p95 | actions (not on every screen) "
        "| whole game, median (range) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for game in SEATS:
        for network in ("clean", "impaired"):
            mine = [g for g in games if g.game == game and g.network == network and g.finished]
            failed = sum(1 for g in games if g.game == game and g.network == network) - len(mine)
            if not mine and not failed:
                continue
            deals = [max(g.deal) for g in mine if g.deal and min(g.deal) >= 0]
            acts = [a for g in mine for a in g.actions]
            done = [a for a in acts if all(s is not None for s in a["shown"])]
            own = [a["shown"][a["laptop"]] for a in done]
            others = [s for a in done for i, s in enumerate(a["shown"]) if i != a["laptop"]]
            every = [max(a["shown"]) for a in done]
            seconds = sorted(g.game_seconds for g in mine)
            deal = f"{median(deals):.2f} s ({max(deals):.2f})" if deals else "—"
            whole = (f"{median(seconds):.1f} s ({seconds[0]:.1f}–{seconds[-1]:.1f})"
                     if seconds else "—")  # fmt: skip
            count = f"{len(mine)}" + (f" (+{failed} failed)" if failed else "")
            rows.append(
                f"| {game} ({mine[0].seats if mine else SEATS[game]}, "
                f"{mine[0].laptops if mine else '?'}) | {network} | {count} | {deal} "
                f"| {_stats(own)} | {_stats(others)} | {_stats(every)} "
                f"| {len(done)} ({len(acts) - len(done)}) | {whole} |"
            )
    return rows


def ratios(games: list[Played], delay: float) -> list[str]:
    """Per game: the whole game and the action on bad Wi-Fi against clean, and how many one-way
    delays the action's extra time is worth."""
    rows = []
    for game in SEATS:
        clean = [g for g in games if g.game == game and g.network == "clean" and g.finished]
        bad = [g for g in games if g.game == game and g.network == "impaired" and g.finished]
        if not clean or not bad:
            continue
        slow = median(g.game_seconds for g in bad)
        fast = median(g.game_seconds for g in clean)

        def every(played: list[Played]) -> list[float]:
            return [max(a["shown"]) for g in played for a in g.actions
                    if all(s is not None for s in a["shown"])]  # fmt: skip

        line = f"  {game:11} whole game {slow:.1f} s / {fast:.1f} s = {slow / fast:.1f}x"
        if every(clean) and every(bad) and delay > 0:
            extra = percentile(every(bad), 0.5) - percentile(every(clean), 0.5)
            line += (f"; action → every screen p50 {percentile(every(bad), 0.5):.2f} s / "
                     f"{percentile(every(clean), 0.5):.2f} s, extra {extra:.2f} s = "
                     f"{extra / delay:.1f} one-way delays (protocol: {STEPS[game]})")  # fmt: skip
        rows.append(line)
    return rows


def turns(games: list[Played]) -> list[str]:
    """Per network, what a person waits on their own laptop: Momistigri's turns (a person who
    clicks at once, for its card) and pairs; a Purrfect swap's two sides, for their new cards."""
    rows = []
    for network in ("clean", "impaired"):
        waits = [t for g in games if g.network == network and g.finished for t in g.turns]
        if waits:
            rows.append(f"  momistigri {network}: turn's start → the drawer's card, on its laptop "
                        f"(a person who clicks at once), p50 / p95 {_stats(waits)}")  # fmt: skip
        pairs = [t for g in games if g.network == network and g.finished for t in g.pairs]
        if pairs:
            rows.append(f"  momistigri {network}: a pair → discarded on the discarder's laptop "
                        f"(before it may act again), p50 / p95 {_stats(pairs)}")  # fmt: skip
        faces = [t for g in games if g.network == network and g.finished for t in g.faces]
        if faces:
            rows.append(f"  purrfect {network}: acceptance → the faces received, on each side's "
                        f"laptop, p50 / p95 {_stats(faces)}")  # fmt: skip
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description="Latency per action, clean and on bad Wi-Fi.")
    parser.add_argument("--games", type=int, default=3, help="games per game and network")
    parser.add_argument("--only", choices=list(SEATS), help="play only this game")
    parser.add_argument("--clean", action="store_true", help="only the clean network")
    parser.add_argument("--impaired", action="store_true", help="only bad Wi-Fi")
    parser.add_argument("--bridge", action="store_true", help="clean: the kernel's bridge")
    parser.add_argument("--seats", type=int, help="seats per table (default: the largest)")
    parser.add_argument("--laptops", type=int, default=3, help="laptops per table (bots fill)")
    parser.add_argument("--parallel", type=int, default=1, help="games played at once")
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("--jitter", type=float, default=0.05)
    parser.add_argument("--loss", type=float, default=0.1)
    parser.add_argument("--pace", type=float, default=0.0, help="seconds a bot thinks")
    parser.add_argument("--game-timeout", type=float, default=2700.0)
    parser.add_argument("--budget", type=float, default=3600.0, help="no game starts after")
    parser.add_argument("--seed", type=int, default=1, help="order of the games (rotation)")
    parser.add_argument("--out", type=Path, help="one JSON line per game")
    parser.add_argument("--against", type=Path, help="another run's --out, for the ratios")
    parser.add_argument("--report", type=Path, nargs="+", help="only sum up these runs' --out")
    args = parser.parse_args()
    if args.report:
        saved = [Played(**json.loads(line)) for path in args.report
                 for line in path.read_text().splitlines() if line.strip()]  # fmt: skip
        print("\n".join(summary(saved) + ratios(saved, args.delay) + turns(saved)))
        return 0
    networks = [n for n, on in (("clean", args.clean), ("impaired", args.impaired)) if on]
    networks = networks or ["clean", "impaired"]
    names = [args.only] if args.only else list(SEATS)
    names = names[args.seed % len(names) :] + names[: args.seed % len(names)]

    lock = threading.Lock()
    games: list[Played] = []
    began = time.monotonic()

    def run(job: tuple[int, str, str]) -> None:
        number, game, network = job
        if time.monotonic() - began > args.budget or STOPPING.is_set():
            return
        played = one_game(number, game, network, args, home)
        with lock:
            games.append(played)
            if args.out:
                with args.out.open("a") as records:
                    records.write(json.dumps(asdict(played)) + "\n")
        done = [a for a in played.actions if all(s is not None for s in a["shown"])]
        every = [max(a["shown"]) for a in done]
        mark = "ok" if played.finished else f"FAILED: {played.reason}"
        print(f"#{number} {game} {network}: deal {max(played.deal, default=-1):.2f} s, "
              f"{len(done)} actions, every screen {_stats(every)}, game "
              f"{played.game_seconds} s, load {os.getloadavg()[0]:.1f} {mark}",
              flush=True)  # fmt: skip

    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, lambda *_: STOPPING.set())
    if args.out:
        args.out.write_text("")
    loads = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory(prefix="lanpurr-latency-") as folder:
        home = Path(folder)
        for network in networks:
            jobs = [(n, names[n % len(names)], network) for n in range(args.games * len(names))]
            with ThreadPoolExecutor(args.parallel) as pool:
                list(pool.map(run, jobs))
            loads.append(os.getloadavg()[0])
    wall = (time.monotonic() - began) / 60
    print(f"\n{len(games)} games in {wall:.1f} min, load average (1 min) "
          f"{' → '.join(f'{x:.1f}' for x in loads)}")  # fmt: skip
    everything = list(games)
    if args.against is not None:
        for line in args.against.read_text().splitlines():
            if line.strip():
                everything.append(Played(**json.loads(line)))
    print("\n".join(summary(everything)))
    print("\n".join(ratios(everything, args.delay)))
    for game in names:
        print(f"  {game}: main action {MAIN_ACTIONS[game].words}; steps {STEPS[game]}")
    print("\n".join(turns(everything)))
    return 0 if all(g.finished for g in games) else 1


if __name__ == "__main__":
    sys.exit(main())
