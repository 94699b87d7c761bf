"""Where each game's parts are: its engine, bots, renderer, invariants, simulator and seat layer.

Every look-up of a game's part by its id goes through here (the table views of the app, in
`ui/tables`, are the app's own registry of the same ids). A game's modules are imported when
its parts are first asked for, so that the lobby opens without loading an engine.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from lanpurr.core.game import Game
from lanpurr.core.simulation import SimulationConfig, SimulationReport
from lanpurr.games import GAME_IDS
from lanpurr.seat.layer import GameLayer


@dataclass(frozen=True)
class GameParts:
    game: str
    engine: Game[Any]
    bots: Mapping[str, Callable[[], Any]]
    """Each bot's maker, by name; a bot's `choose(view, seat, rng)` picks an action."""
    render: Callable[[Any], str]
    """A state as text (`lanpurr simulate --show`, the terminal's table)."""
    invariants: Callable[[Any], list[str]]
    """Every invariant a full state breaks, in words (empty: none)."""
    simulate: Callable[[SimulationConfig], SimulationReport]
    layer: Callable[[], GameLayer]
    """A fresh seat layer, for one seat (a layer keeps the round's public seed)."""


def _momistigri() -> GameParts:
    from lanpurr.games.momistigri.bots import BOTS
    from lanpurr.games.momistigri.game import GAME
    from lanpurr.games.momistigri.invariants import check_invariants
    from lanpurr.games.momistigri.render import render
    from lanpurr.games.momistigri.simulate import simulate
    from lanpurr.seat.games.momistigri import MomistigriLayer

    return GameParts("momistigri", GAME, BOTS, render, check_invariants, simulate, MomistigriLayer)


def _purrfect() -> GameParts:
    from lanpurr.games.purrfect.bots import BOTS
    from lanpurr.games.purrfect.engine import GAME
    from lanpurr.games.purrfect.invariants import check_invariants
    from lanpurr.games.purrfect.render import render
    from lanpurr.games.purrfect.simulate import simulate
    from lanpurr.seat.games.purrfect import PurrfectLayer

    return GameParts("purrfect", GAME, BOTS, render, check_invariants, simulate, PurrfectLayer)


def _gutters() -> GameParts:
    from lanpurr.games.gutters.bots import BOTS
    from lanpurr.games.gutters.engine import GAME
    from lanpurr.games.gutters.invariants import check_invariants
    from lanpurr.games.gutters.render import render
    from lanpurr.games.gutters.simulate import simulate
    from lanpurr.seat.games.gutters import GuttersLayer

    return GameParts("gutters", GAME, BOTS, render, check_invariants, simulate, GuttersLayer)


_MAKERS: dict[str, Callable[[], GameParts]] = {
    "momistigri": _momistigri,
    "purrfect": _purrfect,
    "gutters": _gutters,
}
assert tuple(_MAKERS) == GAME_IDS


@cache
def parts(game: str) -> GameParts:
    """A game's parts, by its id (ValueError for a game lanpurr does not have)."""
    maker = _MAKERS.get(game)
    if maker is None:
        raise ValueError(f"unknown game {game!r}; lanpurr has: {', '.join(GAME_IDS)}")
    return maker()


def engine(game: str) -> Game[Any]:
    return parts(game).engine


def bots_of(game: str) -> Mapping[str, Callable[[], Any]]:
    return parts(game).bots


def layer_for(game: str) -> GameLayer:
    """A fresh layer for one seat."""
    return parts(game).layer()
