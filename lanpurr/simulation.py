"""`lanpurr simulate GAME`: bots play complete games with invariant checks after every action.

Each game provides `lanpurr.games.<id>.simulate.simulate(config) -> SimulationReport`, which
plays on one full state (fast: thousands of games to check the rules and compare bots); this
module owns the command line, the report and its two printed forms, so that every game's
simulator speaks the same way. With `--seats` every game is played as at a LAN table instead:
one seat runtime per bot, each with its own keys, masked cards and replica, frames interleaved
at random for every seat, every round audited by every seat (`simulate_seats`).
"""

import argparse
import json
from typing import Any

from lanpurr.core.simulation import SimulationConfig, SimulationReport
from lanpurr.games import GAME_IDS as GAMES
from lanpurr.seat.registry import parts


def add_parser(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = commands.add_parser(
        "simulate",
        help="bots play complete games with invariant checks",
        description="Bots play complete games with invariant checks after every action.",
    )
    p.add_argument("game", choices=GAMES)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", help="comma-separated bot per seat, e.g. heuristic,random,random")
    p.add_argument("--variant", help="gutters: solo, coop, teams or mini")
    p.add_argument("--show", action="store_true", help="print a text rendering of each game end")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--seats",
        action="store_true",
        help="play as at a LAN table: one seat runtime per bot, masked cards, every round "
        "audited by every seat (much slower)",
    )
    p.add_argument(
        "--no-proofs",
        dest="shuffle_proofs",
        action="store_false",
        help="with --seats: shuffles unproven (checked at the audit only), to measure their cost",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    config = SimulationConfig(
        game=args.game,
        players=args.players,
        games=args.games,
        seed=args.seed,
        bots=tuple(args.bots.split(",")) if args.bots else None,
        variant=args.variant,
        show=args.show,
        seats=args.seats,
        shuffle_proofs=args.shuffle_proofs,
    )
    if not config.shuffle_proofs and not config.seats:
        print("lanpurr simulate: --no-proofs goes with --seats")
        return 2
    try:
        simulate = simulate_seats if config.seats else parts(config.game).simulate
        report = simulate(config)
    except ValueError as error:  # bad arguments: a player count, a bot name, a variant
        print(f"lanpurr simulate: {error}")
        return 2
    print(json.dumps(report.as_json(), sort_keys=True) if args.json else report.as_text())
    return 1 if report.violations or report.completed < report.games else 0


DEFAULT_BOT = {"momistigri": "heuristic", "purrfect": "heuristic", "gutters": "planner"}


def seat_options(game: str, variant: str | None, players: int) -> dict[str, str]:
    """The table options of a game and --variant, as a host would set them."""
    if game == "gutters":
        from lanpurr.games.gutters.simulate import options_for

        return options_for(variant, players)
    if variant is not None:
        raise ValueError(f"{game} has no variants (got --variant {variant})")
    return {"allow_three": "on"} if game == "purrfect" and players == 3 else {}


def simulate_seats(config: SimulationConfig) -> SimulationReport:
    """Every game between seat runtimes; a game counts as completed only if it keeps every
    promise of `lanpurr.seat.whole_game.problems` (its failures are the report's violations)."""
    from lanpurr.core.game import Game
    from lanpurr.seat.registry import layer_for
    from lanpurr.seat.whole_game import bots_of, play, problems

    if config.games < 0:
        raise ValueError(f"--games must be 0 or more, not {config.games}")
    names = list(config.bots) if config.bots else [DEFAULT_BOT[config.game]] * config.players
    if len(names) != config.players:
        raise ValueError(
            f"--bots names {len(names)} bot(s) for {config.players} players; give one per seat"
        )
    bots_of(config.game, names)  # an unknown name is refused before anything is played
    options = seat_options(config.game, config.variant, config.players)
    engine: Game[Any] = layer_for(config.game).game
    engine.new_state(config.players, options)  # a wrong player count: the game's own message
    proofs = "on" if config.shuffle_proofs else "off"
    report = SimulationReport(
        config.game,
        config.players,
        config.games,
        config.seed,
        names,
        wins=[0.0] * config.players,
        table=f"seat runtimes, one per seat (shuffle proofs {proofs})",
    )
    rounds = frames = 0
    sent = 0
    for number in range(config.games):
        run = play(
            config.game,
            names,
            config.seed * 1_000_003 + number,
            options=options,
            shuffle_proofs=config.shuffle_proofs,
        )
        found = problems(run)
        report.violations += [f"game {number}: {problem}" for problem in found]
        if found:
            continue
        report.completed += 1
        winners = run.winners()
        for seat in winners:
            report.wins[seat] += 1 / len(winners)
        rounds += len(run.runtimes[0].rounds)
        frames += run.outcome.frames
        sent += sum(run.bytes_sent())
        if config.show:
            render = parts(config.game).render
            report.shown.append(f"game {number}:\n{render(run.final_state())}")
    done = max(report.completed, 1)
    report.figures["rounds_per_game"] = rounds / done
    report.figures["frames_per_game"] = frames / done
    report.figures["kib_per_seat_round"] = sent / 1024 / max(rounds, 1) / config.players
    return report
