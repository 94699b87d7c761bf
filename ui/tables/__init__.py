"""The three game tables, and local play against bots.

`create_local_table` is what the lobby calls: a ready table screen with bots in every other
seat, whose `leave_requested` signal says the player wants to go back.
"""

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QCoreApplication

from ui.tables.local_table import BOT_THINK_MS, LocalTable
from ui.tables.screen import TableScreen


def _momistigri() -> Any:
    from ui.tables.momistigri.view import MomistigriTable

    return MomistigriTable


def _purrfect() -> Any:
    from ui.tables.purrfect.view import PurrfectTable

    return PurrfectTable


def _gutters() -> Any:
    from ui.tables.gutters.view import GuttersTable

    return GuttersTable


VIEWS = {"momistigri": _momistigri, "purrfect": _purrfect, "gutters": _gutters}
"""Each game's table view, by the game's id (lanpurr.seat.registry has the game's other
parts); imported when a table of that game first opens."""

BOT_NAMES = ("Ben", "Cleo", "Dan", "Eva", "Finn", "Gia", "Hugo")
"""Names for bots: short, friendly, the same in every language."""


def seat_names(players: int, seat: int, player_name: str = "") -> tuple[str, ...]:
    """ "You" in my seat, a bot's name in every other; never the name I play under, so that
    no two players at the table share one."""
    you = QCoreApplication.translate("tables", "You")
    taken = {player_name.strip().casefold(), you.casefold()}
    bots = iter(name for name in BOT_NAMES if name.casefold() not in taken)
    return tuple(you if s == seat else next(bots) for s in range(players))


def view_class(game_id: str) -> Any:
    return VIEWS[game_id]()


def create_local_table(
    game_id: str,
    players: int,
    options: Mapping[str, str],
    bot: str,
    seed: int | None = None,
    think_ms: int = BOT_THINK_MS,
    pace: str = "normal",
    player_name: str = "",
) -> TableScreen:
    """A table on this laptop: me in seat 0, `bot` in every other seat (named unlike
    `player_name`). Raises ValueError (or OptionError) naming what to change if the game, the
    bot or an option is unknown."""
    if game_id not in VIEWS:
        raise ValueError(f"unknown game {game_id!r}; lanpurr has: {', '.join(VIEWS)}")
    controller = LocalTable(
        game_id,
        players,
        options,
        bot,
        seat_names(players, 0, player_name),
        seed=seed,
        think_ms=think_ms,
        pace=pace,
    )
    view = view_class(game_id)(controller)
    controller.updated.connect(view.receive)
    controller.set_busy_check(view.busy)
    screen = TableScreen(game_id, view, controller)
    controller.setParent(screen)
    controller.start()
    return screen


def create_tutorial_table(
    game_id: str, think_ms: int = BOT_THINK_MS, player_name: str = ""
) -> TableScreen:
    """Learn to play: a first game against bots with a fixed deal, and hints that point at what
    to click (`ui.tables.tutorial`); the bots are named unlike `player_name`."""
    from ui.tables.guide import Guide
    from ui.tables.tutorial import COACHES, TUTORIALS

    setup = TUTORIALS[game_id]
    screen = create_local_table(
        game_id,
        setup.players,
        setup.options,
        setup.bot,
        seed=setup.seed,
        think_ms=think_ms,
        pace=setup.pace,
        player_name=player_name,
    )
    screen.view.guide = Guide(screen.view, COACHES[game_id]())
    screen.tutorial = True
    return screen


__all__ = [
    "LocalTable",
    "TableScreen",
    "create_local_table",
    "create_tutorial_table",
    "seat_names",
]
