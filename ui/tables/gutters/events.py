"""How the No sin mi gato table follows the game's events: how long each one shows, the path
that lights up and the walk of a cat going home, the game's result.
"""

from lanpurr.core.game import Event
from lanpurr.games.gutters.events import (
    CatConnected,
    CatTurnedUp,
    CatWon,
    GameEnded,
    HomeMoved,
    TilePushed,
    TileRotated,
)
from lanpurr.games.gutters.state import GuttersState
from ui.tables.gutters import layout
from ui.tables.gutters.choices import GuttersChoices


def duration_of(view: GuttersChoices, event: Event) -> int:
    if isinstance(event, TileRotated):
        return 260
    if isinstance(event, TilePushed):
        return 420
    if isinstance(event, CatConnected):
        return 650
    if isinstance(event, CatWon):
        return 800
    if isinstance(event, HomeMoved):
        return 380
    if isinstance(event, CatTurnedUp):
        return 300
    return 0


def before_event(view: GuttersChoices, event: Event) -> None:
    if isinstance(event, CatConnected):
        view.lit_path = event.path
        view.walk = layout.walk_points(view, event)
    elif isinstance(event, TilePushed | TileRotated):
        view.lit_path = ()
    elif isinstance(event, GameEnded):
        view.result = event


def after_update(view: GuttersChoices) -> None:
    view.lit_path = ()
    view.rotating = None
    s: GuttersState = view.state
    if s.phase == "play" and not view.my_turn():
        view.pile_rotation = 0
