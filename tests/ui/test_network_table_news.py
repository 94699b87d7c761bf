"""News a game between laptops adds to the table: a laptop that never came back and the bot
that took its seat."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from pytestqt.qtbot import QtBot

from net import events
from tests.ui.test_tables_support import no_animations, open_table
from ui.lobby.network_client import LobbyNetwork
from ui.main_window import MainWindow
from ui.settings import Settings
from ui.tables.network_table import create_network_table


def test_a_bot_taking_a_gone_laptops_seat_is_named_at_the_table_and_said(
    qtbot: QtBot, english: None
) -> None:
    with no_animations():
        local = open_table(qtbot, "momistigri", 3, "heuristic", seed=3)
        names = ("Ann", "Ben", "Cleo")
        started = events.GameStarted("momistigri", 0, names, 1, local.view.state)
        screen = create_network_table(started, local.view.state, lambda a: None, lambda: None,
                                      host=False)  # fmt: skip
        qtbot.addWidget(screen)
        screen.resize(1280, 800)
        screen.show()
        assert screen.view.names == names
        replaced = ("Ann", "Bot 2 (Ann)", "Cleo")
        screen.source.on_event(events.SeatReplaced((1,), "Ben", 2, replaced))
        assert screen.view.names == replaced
        assert screen.line.isVisible()
        said = screen.line.text()
        assert "Ben: the laptop did not come back" in said and "Round 2" in said, said
        assert not screen.back.isVisible()  # the game goes on: no way out offered as if it ended
        assert screen.game_in_progress()


def test_the_news_of_a_replaced_seat_reaches_the_table_from_the_network(
    qtbot: QtBot, english: None, tmp_path: Path
) -> None:
    window = MainWindow(Settings(name="Ann"), start_network=False)
    client = LobbyNetwork(window, window.lobby.network, "Ann", browse=False, home=tmp_path)
    heard: list[object] = []
    client.game_source = SimpleNamespace(on_event=heard.append)
    news = events.SeatReplaced((1,), "Ben", 2, ("Ann", "Bot 2 (Ann)", "Cleo"))
    client._on_event(news)
    assert heard == [news]
    window.close()
