"""A new user's small screen and small surprises: the Rules window fits 1024×600, the banner
keeps its height, the waiting room's plates sit on the felt, the chat or the moves beside a
narrow table, the Keys help closes with Esc, and the words of leaving, sharing and bots' names
say what is true."""

from __future__ import annotations

from typing import Any

import pytest
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
    qtbot.wait(10)  # (as after the second: a loaded machine may lay the window out late)
    height, table_top = banner.height(), screen.view.mapTo(screen, screen.view.rect().topLeft())
    long = "Choose the card Ben must draw: click one of your cards, or reverse the arrow of play."
    banner.show_text("Your turn", long, True)
    qtbot.wait(10)
    assert banner.height() == height
    assert screen.view.mapTo(screen, screen.view.rect().topLeft()) == table_top  # no jump
    _top, bottom = banner.text_rects()
    from ui.tables.table_text import text_fits

    assert text_fits(bottom, long, banner.detail_font(), True)  # all of it, smaller


def test_the_banners_headline_is_never_cut_in_a_narrow_banner(qtbot: QtBot, english: None) -> None:
    """Beside a networked table's buttons at 1024×600 (Watch on a phone, sound, Chat, Rules,
    Moves, Keys, Leave the table) the banner is about 275 px wide, and Purrfect's headline was
    cut mid-word on screen: "Everyone plays at on". It now takes a smaller font, and a headline
    too long even so ends in "…"."""
    from ui.tables.screen import Banner
    from ui.tables.table_text import text_fits

    banner = Banner()
    qtbot.addWidget(banner)
    banner.resize(275, banner.height())
    banner.show()
    detail = "Select 1–4 cards of a cat you do not want, then click Offer — or click an offer."
    banner.show_text("Everyone plays at once", detail, False)
    top, _bottom = banner.text_rects()
    assert banner.headline_text() == "Everyone plays at once"
    assert text_fits(top, banner.headline_text(), banner.headline_font(), False)
    assert banner.headline_font().pixelSize() < 20
    banner.show_text("Everyone plays at once, all around the table, all of the time", detail, False)
    assert banner.headline_text().endswith("…")
    assert text_fits(top, banner.headline_text(), banner.headline_font(), False)


def _on_felt(oval: object, point: object) -> bool:
    c, a, b = oval.center(), oval.width() / 2, oval.height() / 2  # type: ignore[attr-defined]
    x, y = point.x() - c.x(), point.y() - c.y()  # type: ignore[attr-defined]
    return (x / a) ** 2 + (y / b) ** 2 <= 1.0


def test_the_waiting_rooms_plates_sit_on_the_felt_bots_included(
    qtbot: QtBot, english: None
) -> None:
    from ui.lobby.seats_oval import SeatsOval

    plates = [("Ana", "me"), ("Bot\n(Medium)", "bot"), ("Ben ✓", "ready"), ("Bot\n(Clever)", "bot"),
              ("Free", "free"), ("Bot\n(Beginner)", "bot"), ("Cleo", "player")]  # fmt: skip
    oval = SeatsOval()
    qtbot.addWidget(oval)
    for size in ((420, 230), (360, 210), (600, 300)):
        oval.resize(*size)
        for count in range(1, 8):
            oval.show_seats(plates[:count])
            _font, rects = oval.plate_rects()
            felt = oval.oval()
            for rect in rects:
                corners = (rect.topLeft(), rect.topRight(), rect.bottomLeft(), rect.bottomRight())
                assert all(_on_felt(felt, c) for c in corners), (size, count, rect)
            for i, rect in enumerate(rects):
                assert not any(rect.intersects(other) for other in rects[i + 1 :]), (size, count)


def test_a_small_window_shows_the_chat_or_the_moves_beside_the_table_not_both(
    qtbot: QtBot, english: None
) -> None:
    from net import events
    from ui.chat.log import ChatLog
    from ui.tables.network_table import create_network_table

    local = open_table(qtbot, "momistigri", 5, "heuristic", seed=3)
    started = events.GameStarted("momistigri", 0, ("Ann", "Ben", "Cleo", "Dan", "Eva"), 1,
                                 local.view.state)  # fmt: skip
    screen = create_network_table(started, local.view.state, lambda a: None, lambda: None,
                                  host=False, chat=(ChatLog(), lambda data: None))  # fmt: skip
    qtbot.addWidget(screen)
    screen.resize(1024, 560)
    screen.show()
    assert screen.chat_button is not None
    screen.chat_button.setChecked(True)
    screen.moves.setChecked(True)  # the moves: the chat steps aside
    assert not screen.chat_button.isChecked() and screen.chat is not None
    assert screen.chat.isHidden()
    screen.chat_button.setChecked(True)  # the chat again: the moves step aside
    assert not screen.moves.isChecked() and screen.side.isHidden()
    qtbot.wait(10)
    assert screen.view.width() >= 600  # the table keeps its room: no seat is cut


def test_leaving_a_hosted_table_of_my_own_bots_speaks_of_no_other_laptop(
    qtbot: QtBot, english: None
) -> None:
    from types import SimpleNamespace

    from net import events
    from ui.lobby.network_client import other_laptops
    from ui.tables.network_table import create_network_table
    from ui.tables.screen import leave_question

    me, ben = b"a" * 32, b"b" * 32
    mine = SimpleNamespace(player=me, bot=None, runner=None)
    my_bot = SimpleNamespace(player=None, bot="normal", runner=None)  # (no runner: the host's)
    bens = SimpleNamespace(player=ben, bot=None, runner=None)
    bots_only = SimpleNamespace(host=me, seats=[mine, my_bot])
    with_ben = SimpleNamespace(host=me, seats=[mine, my_bot, bens])
    assert not other_laptops(bots_only, me)  # type: ignore[arg-type]
    assert other_laptops(with_ben, me)  # type: ignore[arg-type]

    local = open_table(qtbot, "momistigri", 3, "heuristic", seed=3)
    started = events.GameStarted("momistigri", 0, ("Ann", "Bot 2", "Bot 3"), 1, local.view.state)
    screen = create_network_table(started, local.view.state, lambda a: None, lambda: None,
                                  host=True, bots_take_over=True, others=False)  # fmt: skip
    qtbot.addWidget(screen)
    box = leave_question(screen, screen.leave_ends_for_all(), screen.leave_hands_on())
    assert "laptop" not in box.text() and box.text().startswith("The game is not over")


def test_start_sharing_with_no_kit_says_why_in_the_warning_colour(
    qtbot: QtBot, english: None, tmp_path: object, monkeypatch: object
) -> None:
    from ui import theme
    from ui.lobby.share_panel import ShareDialog, ShareService

    monkeypatch.setenv("LANPURR_HOME", str(tmp_path))  # type: ignore[attr-defined]
    monkeypatch.delenv("LANPURR_KIT", raising=False)  # type: ignore[attr-defined]
    monkeypatch.setattr("net.share.share_self.running_app_folder", lambda: None)  # type: ignore[attr-defined]
    dialog = ShareDialog(ShareService())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert dialog.status.text().startswith("There is nothing to give yet")
    assert theme.current().palette.danger in dialog.status.styleSheet()


def test_learn_to_play_names_no_bot_like_the_player(
    qtbot: QtBot, english: None, closing_never_asks: None
) -> None:
    from ui.main_window import MainWindow
    from ui.settings import Settings

    window = MainWindow(Settings(name="Ben"), start_network=False)
    qtbot.addWidget(window)
    table: Any = window.start_tutorial("momistigri")
    names = table.view.names
    assert "Ben" not in names and len(set(names)) == len(names)
    window.close()


def test_the_first_run_suggests_no_system_account_as_a_name(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    import getpass

    from ui.first_run import suggested_name

    monkeypatch.setenv("LANPURR_HOME", str(tmp_path))
    monkeypatch.setattr(getpass, "getuser", lambda: "root")
    assert suggested_name() == ""
    monkeypatch.setattr(getpass, "getuser", lambda: "ana.lopez")
    assert suggested_name() == "Ana Lopez"
