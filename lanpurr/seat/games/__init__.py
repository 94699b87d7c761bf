"""Each game's layer: how its hidden moves map onto masked-deck steps (see `GameLayer`)."""

from collections.abc import Callable

from lanpurr.seat.layer import GameLayer


def layer_for(game: str) -> GameLayer:
    """A fresh layer for one seat (layers keep the round's public seed)."""
    makers: dict[str, Callable[[], GameLayer]] = {}
    from lanpurr.seat.games.gutters import GuttersLayer
    from lanpurr.seat.games.momistigri import MomistigriLayer
    from lanpurr.seat.games.purrfect import PurrfectLayer

    makers["momistigri"] = lambda: MomistigriLayer()
    makers["gutters"] = lambda: GuttersLayer()
    makers["purrfect"] = lambda: PurrfectLayer()
    try:
        return makers[game]()
    except KeyError:
        raise ValueError(f"no network play for {game!r} yet") from None
