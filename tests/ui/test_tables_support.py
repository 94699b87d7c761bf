"""Helpers for the table tests: a table against fast bots, clicks through the view's own
hit-testing, and waiting on the table without a fixed sleep."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from ui import theme
from ui.tables import TableScreen, create_local_table
from ui.tables.table_view import TableView

FAST_BOTS_MS = 5
"""Bots think this long in tests (the app uses ~900 ms so that a person can follow)."""


@contextmanager
def no_animations() -> Iterator[None]:
    before = theme.current()
    theme.set_theme(theme.Theme(animation_speed="off"))
    try:
        yield
    finally:
        theme.set_theme(before)


def open_table(
    qtbot: QtBot,
    game: str,
    players: int,
    bot: str,
    seed: int,
    options: dict[str, str] | None = None,
    size: tuple[int, int] = (1280, 860),
) -> TableScreen:
    screen = create_local_table(game, players, options or {}, bot, seed=seed, think_ms=FAST_BOTS_MS)
    qtbot.addWidget(screen)
    screen.resize(*size)
    screen.show()
    return screen


def click(qtbot: QtBot, view: TableView, key: Hashable) -> None:
    """Click the piece `key` where the view draws it, as a player would."""
    rect = view.rect_of(key)
    assert rect is not None, f"{key!r} is not on the table; clickable now: {view.clickable()}"
    centre = rect.center()
    qtbot.mouseClick(
        view, Qt.MouseButton.LeftButton, pos=QPoint(round(centre.x()), round(centre.y()))
    )


def wait_for(qtbot: QtBot, condition: Callable[[], bool], timeout_ms: int = 20000) -> None:
    qtbot.waitUntil(condition, timeout=timeout_ms)
