"""`lanpurr simulate momistigri`: bots play complete games, invariants checked after every
action. Same config, same report."""

from typing import Any

from lanpurr.core.game import CHANCE
from lanpurr.core.rng import derive, rng_from
from lanpurr.core.simulation import SimulationConfig, SimulationReport
from lanpurr.games.momistigri.bots import BOTS
from lanpurr.games.momistigri.game import GAME
from lanpurr.games.momistigri.invariants import check_invariants
from lanpurr.games.momistigri.render import render
from lanpurr.games.momistigri.state import State

MAX_ACTIONS_PER_GAME = 20_000
"""Far above any real game (a few hundred actions); reaching it counts as a game that never
ends."""


def line_up(config: SimulationConfig) -> list[str]:
    """One bot per seat: as asked, or the heuristic in seat 0 against random bots."""
    if not GAME.min_players <= config.players <= GAME.max_players:
        raise ValueError(f"momistigri is for 3 to 5 players, not {config.players}")
    if config.variant is not None:
        raise ValueError(f"momistigri has no variants (got --variant {config.variant})")
    if config.games < 0:
        raise ValueError(f"--games must be 0 or more, not {config.games}")
    if config.bots is None:
        return ["heuristic"] + ["random"] * (config.players - 1)
    names = list(config.bots)
    if len(names) != config.players:
        raise ValueError(
            f"--bots names {len(names)} bot(s) for {config.players} players; give one per seat"
        )
    unknown = [name for name in names if name not in BOTS]
    if unknown:
        raise ValueError(
            f"unknown bot {unknown[0]!r}; momistigri bots are: {', '.join(sorted(BOTS))}"
        )
    return names


def play_one(
    config: SimulationConfig, names: list[str], number: int, report: SimulationReport
) -> tuple[State, int] | None:
    """One complete game; None (with the violation noted) if an invariant broke."""
    bots = [BOTS[name]() for name in names]
    rngs = [rng_from(config.seed, number, "bot", seat) for seat in range(config.players)]
    state = GAME.new_state(config.players, {})
    actions = 0
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        action: Any
        if seat == CHANCE:
            action = GAME.chance_action(state, derive(config.seed, number, "deal", actions))
        else:
            action = bots[seat].choose(GAME.view(state, seat), seat, rngs[seat])
        state = GAME.apply(state, action).state
        actions += 1
        problems = check_invariants(state)
        if problems or actions >= MAX_ACTIONS_PER_GAME:
            found = problems or [f"M-11: no end after {actions} actions"]
            report.violations.append(f"game {number}: {'; '.join(found)}\n{render(state)}")
            return None
    return state, actions


def simulate(config: SimulationConfig) -> SimulationReport:
    names = line_up(config)
    report = SimulationReport(
        "momistigri",
        config.players,
        config.games,
        config.seed,
        names,
        wins=[0.0] * config.players,
    )
    rounds = turns = third_rounds = 0
    penalty_sums = [0] * config.players
    for number in range(config.games):
        played = play_one(config, names, number, report)
        if played is None:
            continue
        state, _ = played
        report.completed += 1
        for winner in state.winners:
            report.wins[winner] += 1 / len(state.winners)
        rounds += len(state.penalties)
        turns += state.turns_played
        third_rounds += len(state.penalties) == 3
        for seat, total in enumerate(state.totals):
            penalty_sums[seat] += total
        if config.show:
            report.shown.append(f"game {number}:\n{render(state)}")
    done = max(report.completed, 1)
    report.figures["mean_turns_per_round"] = turns / max(rounds, 1)
    report.figures["rounds_per_game"] = rounds / done
    report.figures["third_round_rate"] = third_rounds / done
    for seat, total in enumerate(penalty_sums):
        report.figures[f"mean_total_seat_{seat}"] = total / done
    return report
