"""Variants and scoring (G-8, G-9, G-13): modes, board sizes, teams, winners and ratings."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lanpurr.core.errors import OptionError
from lanpurr.core.options import OptionSpec, resolve_options

COMPETITIVE, TEAMS, COOP, SOLO = "competitive", "teams", "coop", "solo"
STANDARD, MINI = "standard", "mini"

OPTION_SPECS = (
    OptionSpec("mode", (COMPETITIVE, TEAMS, COOP, SOLO), COMPETITIVE, "G-13"),
    OptionSpec("board", (STANDARD, MINI), STANDARD, "G-13"),
)

# mode -> (rule, fewest players, most players)
PLAYER_COUNTS = {
    COMPETITIVE: ("G-9.1", 2, 4),
    TEAMS: ("G-9.2", 4, 4),
    COOP: ("G-9.3", 2, 4),
    SOLO: ("G-9.4", 1, 1),
}

BOARD_SIZES = {STANDARD: 4, MINI: 3}

# G-9.5: (most turns, rating), best first.
RATINGS = (
    (7, "Best friend of the cats!"),
    (9, "Second-best friend of the cats!"),
    (11, "Good job."),
    (13, "Not bad."),
    (15, "You can do better."),
    (17, "It will do this time."),
)
WORST_RATING = "Poor cats."


@dataclass(frozen=True)
class Setup:
    mode: str
    size: int


def choose_setup(players: int, options: Mapping[str, str]) -> Setup:
    """The mode and board size for a table, or an OptionError that says what to change."""
    chosen = resolve_options(OPTION_SPECS, options)
    mode = chosen["mode"]
    if "mode" not in options and players == 1:
        mode = SOLO  # G-13: solo is the default for one player
    rule, fewest, most = PLAYER_COUNTS[mode]
    if not fewest <= players <= most:
        wanted = f"exactly {fewest}" if fewest == most else f"{fewest} to {most}"
        raise OptionError(
            f"{rule}: the {mode} game needs {wanted} player{'s' if most > 1 else ''}, "
            f"not {players}; change the mode or the number of players"
        )
    return Setup(mode, BOARD_SIZES[chosen["board"]])


def default_mode(players: int) -> str:
    return SOLO if players == 1 else COMPETITIVE


def rating(turns: int) -> str:
    """G-9.5."""
    for most, name in RATINGS:
        if turns <= most:
            return name
    return WORST_RATING


def teams_of(mode: str, players: int) -> tuple[tuple[int, ...], ...]:
    """The sides that score together: partners sit opposite in teams (G-9.2), the whole table
    is one side in co-op and solo (G-9.3, G-9.4), every player alone otherwise."""
    if mode == TEAMS:
        return ((0, 2), (1, 3))
    if mode in (COOP, SOLO):
        return (tuple(range(players)),)
    return tuple((seat,) for seat in range(players))


def winners(mode: str, scores: Sequence[int], cats: Sequence[int]) -> tuple[int, ...]:
    """G-8.3 (and G-9.2 for teams): highest score, then more cats, else a shared win."""
    sides = teams_of(mode, len(scores))
    totals = [(sum(scores[s] for s in side), sum(cats[s] for s in side)) for side in sides]
    best = max(totals)
    return tuple(
        sorted(s for side, total in zip(sides, totals, strict=True) if total == best for s in side)
    )
