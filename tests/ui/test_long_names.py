"""Long and right-to-left names at a 1024×600 table: on one line, shortened with "…" where they
do not fit, never over the points beside them, and aligned like any other name."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QFontMetricsF
from pytestqt.qtbot import QtBot

from net import events
from tests.ui.test_tables_support import no_animations, open_table
from ui.tables.network_table import create_network_table
from ui.tables.table_text import text_fits

LONG = "Bartholomew Wolfeschlegel"[:24]
RTL = "محمد عبد الرحمن الخوارزمي"


@pytest.mark.parametrize(("game", "players", "bot"), [("momistigri", 5, "heuristic"),
                                                        ("purrfect", 5, "heuristic"),
                                                        ("gutters", 3, "planner")])  # fmt: skip
def test_long_and_right_to_left_names_stay_on_one_line_beside_the_points(
    qtbot: QtBot, english: None, game: str, players: int, bot: str
) -> None:
    with no_animations():
        local = open_table(qtbot, game, players, bot, seed=3)
        qtbot.waitUntil(lambda: bool(local.view.clickable()))
        names = ("Ana", LONG, RTL, "Dan", "Eva")[:players]
        started = events.GameStarted(game, 0, names, 1, local.view.state)
        screen = create_network_table(started, local.view.state, lambda a: None, lambda: None,
                                      host=False)  # fmt: skip
        qtbot.addWidget(screen)
        screen.resize(1024, 560)
        screen.show()
        view: Any = screen.view
        qtbot.waitUntil(lambda: any(t.startswith("Ana") for _r, t, _f, _w in view.texts))
        drawn = [(r, t, f) for r, t, f, _w in view.texts if t[:3] in (LONG[:3], RTL[:3])
                 or t.endswith(RTL[-3:])]  # fmt: skip
        assert drawn, "the long names are on the table"
        for rect, text, font in drawn:
            assert text_fits(rect, text, font, False), (text, rect)  # one line, inside
            assert text != LONG or QFontMetricsF(font).horizontalAdvance(LONG) <= rect.width()
        points = [(r, t, f) for r, t, f, _w in view.texts if "pts" in t]
        for rect, _text, _font in drawn:
            for p_rect, p_text, p_font in points:
                if abs(p_rect.center().y() - rect.center().y()) > 4:
                    continue
                p_left = p_rect.right() - QFontMetricsF(p_font).horizontalAdvance(p_text)
                if p_rect.intersects(rect):
                    assert rect.right() <= p_left, "a name runs into the points"


def test_a_right_to_left_name_starts_where_the_others_do_in_the_waiting_room(
    qtbot: QtBot, english: None
) -> None:
    from types import SimpleNamespace

    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel

    from net.table_state import Member, admit, create, sit
    from ui.chat.log import ChatLog
    from ui.lobby.table_setup import TableSetupView

    ana = Member(b"a" * 32, "Ana", "", 4000)
    rtl = Member(b"m" * 32, RTL, "", 4001)
    state = sit(admit(create(b"t" * 16, ana, "momistigri", 3), rtl), rtl.key, 1)
    client = SimpleNamespace(chat=ChatLog(), say=lambda data: None)
    view = TableSetupView(client, ana.key, "192.168.1.23:4000")
    qtbot.addWidget(view)
    view.show_state(state)
    labels = {label.text(): label for label in view.findChildren(QLabel)}
    for name in ("Ana", RTL):
        # Left means left for a right-to-left name too (Qt would start it at the right).
        wanted = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignAbsolute
        assert labels[name].alignment() & wanted == wanted, name
