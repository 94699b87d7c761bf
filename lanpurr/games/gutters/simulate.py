"""`lanpurr simulate gutters`: bots play whole games, invariants checked after every action."""

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from lanpurr.core.game import CHANCE
from lanpurr.core.rng import derive, rng_from
from lanpurr.core.simulation import SimulationConfig, SimulationReport
from lanpurr.games.gutters.bots import BOTS, Bot
from lanpurr.games.gutters.engine import GAME
from lanpurr.games.gutters.events import GameEnded
from lanpurr.games.gutters.invariants import check_invariants
from lanpurr.games.gutters.render import render
from lanpurr.games.gutters.state import GuttersState
from lanpurr.games.gutters.variants import COOP, MINI, SOLO, TEAMS, choose_setup, rating

VARIANTS = (SOLO, COOP, TEAMS, MINI)
DEFAULT_BOT = "planner"
MAX_TURNS = 5000
"""A game still running after this many turns counts as not completed (random bots need about
a thousand turns on the standard board; the planner needs a dozen or two)."""


def options_for(variant: str | None, players: int) -> dict[str, str]:
    """The game options of a --variant (None: the default mode for the player count)."""
    if variant is None:
        options: dict[str, str] = {}
    elif variant == MINI:
        options = {"board": MINI}
    elif variant in (SOLO, COOP, TEAMS):
        options = {"mode": variant}
    else:
        raise ValueError(
            f"gutters has no variant {variant!r}; choose one of: {', '.join(VARIANTS)}"
        )
    choose_setup(players, options)  # raises a one-line OptionError for a wrong player count
    return options


@dataclass
class Played:
    state: GuttersState
    end: GameEnded | None
    violations: list[str]


def play_game(
    options: dict[str, str],
    players: int,
    bots: list[Bot],
    seed: bytes,
    check: Callable[[GuttersState], list[str]] = check_invariants,
) -> Played:
    """One whole game: chance from `seed`, each seat's bot choosing from its own view."""
    state = GAME.new_state(players, options)
    rngs = [rng_from(seed, "bot", seat) for seat in range(players)]
    violations: list[str] = []
    end: GameEnded | None = None
    for step in _steps():
        if GAME.is_over(state) or state.turn > MAX_TURNS:
            break
        (seat,) = GAME.to_act(state)
        if seat == CHANCE:
            action = GAME.chance_action(state, derive(seed, "chance", step))
        else:
            action = bots[seat].choose(GAME.view(state, seat), seat, rngs[seat])
        result = GAME.apply(state, action)
        state = result.state
        for event in result.events:
            if isinstance(event, GameEnded):
                end = event
        violations += [f"action {step}: {problem}" for problem in check(state)]
    if end is None:
        violations.append(f"the game did not end within {MAX_TURNS} turns")
    return Played(state, end, violations)


def _steps() -> Iterator[int]:
    step = 0
    while True:
        yield step
        step += 1


def simulate(config: SimulationConfig) -> SimulationReport:
    players = config.players
    options = options_for(config.variant, players)
    names = list(config.bots) if config.bots else [DEFAULT_BOT] * players
    if len(names) != players:
        raise ValueError(f"--bots names {len(names)} bots for {players} players; give one per seat")
    unknown = [name for name in names if name not in BOTS]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r}; gutters has: {', '.join(BOTS)}")
    report = SimulationReport("gutters", players, config.games, config.seed, names)
    report.wins = [0.0] * players
    turns: list[int] = []
    mode = choose_setup(players, options).mode
    for index in range(config.games):
        bots = [BOTS[name]() for name in names]
        played = play_game(options, players, bots, derive(config.seed, "gutters", index))
        report.violations += [f"game {index}: {v}" for v in played.violations]
        if played.end is not None:
            report.completed += 1
            turns.append(played.end.turns)
            for seat in played.end.winners:
                report.wins[seat] += 1 / len(played.end.winners)
        if config.show:
            report.shown.append(f"game {index}:\n{render(played.state)}")
    if turns:
        mean = sum(turns) / len(turns)
        if mode in (SOLO, COOP):
            report.figures["mean_turns"] = mean
            report.figures["not_bad_or_better"] = sum(t <= 13 for t in turns) / len(turns)
            report.shown.append(f"mean turns {mean:.2f}: {rating(round(mean))}")
        else:
            report.figures["turns_per_game"] = mean
    return report
