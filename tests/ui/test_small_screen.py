"""A 1024×600 screen: the Rules window fits it, and the keyboard help closes with Esc."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.ui.test_tables_support import open_table
from ui.rules.viewer import RulesViewer
from ui.window_size import FRAME_ROOM


def test_the_rules_window_fits_the_screen_it_opens_on(qtbot: QtBot, english: None) -> None:
    from ui import theme

    theme.set_theme(theme.Theme(zoom=1.5))  # 150 %: it wants 1080×960
    viewer = RulesViewer("momistigri", "en")
    qtbot.addWidget(viewer)
    room = viewer.screen().availableGeometry()
    assert room.height() < theme.current().px(640) + FRAME_ROOM.height()
    assert viewer.height() <= room.height() - FRAME_ROOM.height()
    assert viewer.width() <= room.width() - FRAME_ROOM.width()


def test_the_keys_help_opened_by_its_button_closes_with_esc(qtbot: QtBot, english: None) -> None:
    screen = open_table(qtbot, "purrfect", 4, "heuristic", seed=1, size=(1024, 560))
    screen.activateWindow()
    qtbot.waitExposed(screen)
    qtbot.mouseClick(screen.keys, Qt.MouseButton.LeftButton)
    assert screen.view.keys_help
    assert screen.focusWidget() is screen.view  # (Esc goes there, not to the button)
    qtbot.keyClick(screen.view, Qt.Key.Key_Escape)
    assert not screen.view.keys_help


def test_the_banner_keeps_its_height_from_step_to_step_at_1024_by_600(
    qtbot: QtBot, english: None
) -> None:
    screen = open_table(qtbot, "momistigri", 5, "heuristic", seed=1, size=(1024, 560))
    banner = screen.banner
    banner.show_text("Ben's turn", "Ben draws a card from Cleo's hand.", False)
    height, table_top = banner.height(), screen.view.mapTo(screen, screen.view.rect().topLeft())
    long = "Choose the card Ben must draw: click one of your cards, or reverse the arrow of play."
    banner.show_text("Your turn", long, True)
    qtbot.wait(10)
    assert banner.height() == height
    assert screen.view.mapTo(screen, screen.view.rect().topLeft()) == table_top  # no jump
    _top, bottom = banner.text_rects()
    from ui.tables.table_view import text_fits

    assert text_fits(bottom, long, banner.detail_font(), True)  # all of it, smaller
