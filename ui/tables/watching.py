"""Watching a game between laptops, and seeing who watches.

A watcher's table is the game's usual network table fed by the public feed (net/watch/watching.py):
the view sits behind the first seat's chair, every hand face down but at a round's end, and
nothing on it can be played. `WatchersLine` is the short line a table shows of who watches it.
"""

from collections.abc import Callable
from functools import cache
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QWidget

from ui import theme
from ui.tables.network_table import NetworkTable, NetworkTableScreen

NOT_MINE = ("acting", "my_turn", "can_offer", "can_accept", "may_choose", "hand_is_purrfect")
"""What each game's view asks to know whether its player may do something now."""


def watching_text() -> str:
    return QCoreApplication.translate(
        "Watching", "You are watching: you see what a player without a hand sees."
    )


class WatchedGame(NetworkTable):
    """The source of a watcher's table: the feed's updates in, nothing out."""

    def __init__(self, started: Any, view: Any) -> None:
        super().__init__(started, view, lambda action: None, lambda: None)

    def submit(self, action: Any) -> str | None:
        return "You are watching this table: you cannot play at it."


NOBODY = -100
"""The seat a watcher's table calls "you": none."""


def _never(*_: Any) -> bool:
    return False


@cache
def watching_view_class(game_id: str) -> Any:
    """The game's view, with nothing to play and words for someone who holds no seat."""
    from ui.tables import view_class

    base = view_class(game_id)

    def banner(self: Any) -> tuple[str, str, bool]:
        state = self.state
        acting = sorted(s for s in self.game.to_act(state) if 0 <= s < len(self.names))
        if self.game.is_over(state):
            whose = ""
        elif len(acting) == 1:
            whose = QCoreApplication.translate("Watching", "%1's turn").replace(
                "%1", self.names[acting[0]]
            )
        elif acting:
            whose = QCoreApplication.translate("Watching", "Everyone plays at once")
        else:
            whose = QCoreApplication.translate("Watching", "The table is dealing")
        return whose, watching_text(), False

    def describe(self: Any, event: Any) -> str | None:
        # Told as to someone at none of the seats: never "you".
        seat, self.seat = self.seat, NOBODY
        try:
            said: str | None = base.describe(self, event)
            return said
        finally:
            self.seat = seat

    def legal(self: Any) -> list[Any]:
        return []

    members: dict[str, Any] = {
        "banner": banner,
        "describe": describe,
        "legal": legal,
        "me": NOBODY,  # (words never say "you"; the first seat is still drawn nearest)
        "watching": True,  # (no buttons to play with: Purrfect!, Offer)
    }
    members.update({name: _never for name in NOT_MINE if hasattr(base, name)})
    return type(f"Watching{base.__name__}", (base,), members)


def create_watching_table(started: Any) -> NetworkTableScreen:
    """The table a watcher sees once the game starts (`started`: net.events.GameStarted)."""
    source = WatchedGame(started, started.view)
    table_view = watching_view_class(started.game)(source)
    table_view.can_play_again = False
    source.updated.connect(table_view.receive)
    source.set_busy_check(table_view.busy)
    screen = NetworkTableScreen(started.game, table_view, source, host=False, chat=None)
    screen.leave_ends_for_all = lambda: False  # type: ignore[method-assign]
    screen.game_in_progress = lambda: False  # type: ignore[method-assign]
    source.setParent(screen)
    return screen


class WatchersLine(QLabel):
    """ "Watching: Wes, Cleo" under a table's banner; hidden while nobody watches."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        t = theme.current()
        self.names: tuple[str, ...] = ()
        self.setObjectName("WatchersLine")
        self.setWordWrap(True)
        self.setStyleSheet(f"color: {t.palette.ink_soft}; padding: 0 {t.px(8)}px;")
        self.setAccessibleName(QCoreApplication.translate("Watching", "Who watches the table"))
        self.hide()

    def show_names(self, names: tuple[str, ...]) -> None:
        self.names = tuple(names)
        if names:
            self.setText(
                QCoreApplication.translate("Watching", "Watching: %1").replace(
                    "%1", ", ".join(names)
                )
            )
        self.setVisible(bool(names))


def add_watchers_line(screen: QWidget, names: tuple[str, ...]) -> Callable[[tuple[str, ...]], None]:
    """Put a `WatchersLine` in a table screen's top row; returns what updates it."""
    line = WatchersLine(screen)
    top = getattr(screen, "top_row", None)
    if top is not None:
        top.insertWidget(1, line, 0, Qt.AlignmentFlag.AlignVCenter)
    line.show_names(names)
    return line.show_names
