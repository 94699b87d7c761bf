"""A game between laptops that stops here: the banner no longer asks anyone to play."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from net import events
from tests.ui.test_tables_support import no_animations, open_table
from ui.tables.network_table import create_network_table


def test_a_stopped_game_no_longer_says_whose_turn_it_is(qtbot: QtBot, english: None) -> None:
    with no_animations():
        local = open_table(qtbot, "momistigri", 3, "heuristic", seed=3)
        names = ("Ann", "Ben", "Cleo")
        started = events.GameStarted("momistigri", 0, names, 1, local.view.state)
        screen = create_network_table(started, local.view.state, lambda a: None, lambda: None,
                                      host=False)  # fmt: skip
        qtbot.addWidget(screen)
        screen.resize(1024, 600)
        screen.show()
        before = screen.banner.headline
        assert before and before != "The game cannot go on"
        screen.source.on_event(
            events.GameStopped("this laptop was cut from the table: …", cut=True)
        )
        assert screen.banner.headline == "The game cannot go on"
        assert screen.banner.detail == "The line below says why."
        assert not screen.banner.mine  # (nothing lights up as if it were my turn)
        screen.refresh_banner()  # (a language change draws it again: still true)
        assert screen.banner.headline == "The game cannot go on"
        if screen.notice_box is not None:
            screen.notice_box.close()
