"""The rules are one click away at every table."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.ui.test_tables_support import open_table
from ui.rules.viewer import RulesViewer


@pytest.mark.parametrize(
    ("game", "players", "bot"), [("gutters", 1, "planner"), ("purrfect", 4, "heuristic")]
)
def test_the_rules_button_opens_this_tables_game_and_the_game_goes_on(
    qtbot: QtBot, game: str, players: int, bot: str
) -> None:
    screen = open_table(qtbot, game, players, bot, seed=3)
    qtbot.mouseClick(screen.rules, Qt.MouseButton.LeftButton)
    viewer = RulesViewer._open
    assert viewer is not None and viewer.isVisible()
    qtbot.addWidget(viewer)
    assert viewer.current_game() == game
    assert screen.isVisible()
