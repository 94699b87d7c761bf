"""A notice lives only while it is true: "Ben is back." goes as the game moves on, who watches
goes with the watcher and with the table, and the lobby forgets the news of a table left long
ago."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot

from lanpurr.seat.table import TableUpdate
from net import events
from net import watch_events as w
from tests.ui.test_network_table_news import _at_a_network_game, _network_screen


def _a_move(screen: Any) -> None:
    """The game moved on: an update of my seat's view reaches the table."""
    screen.source.on_event(events.GameUpdate(TableUpdate((), screen.source._view)))


def test_a_laptop_that_came_back_is_said_until_the_game_moves_on(
    qtbot: QtBot, english: None, tmp_path: Path, closing_never_asks: None
) -> None:
    with _at_a_network_game(qtbot, tmp_path) as (window, client, screen):
        client.bridge.publish(events.PeerBack("Ben"))
        assert screen.line.text() == "Ben is back." and not screen.line.isHidden()
        assert window.lobby.notice.text() == "Ben is back."
        _a_move(screen)
        assert screen.line.isHidden() and screen.line.text() == ""
        assert window.lobby.notice.text() == ""


def test_news_that_came_after_the_return_stays_when_the_game_moves_on(
    qtbot: QtBot, english: None, tmp_path: Path, closing_never_asks: None
) -> None:
    with _at_a_network_game(qtbot, tmp_path) as (_window, client, screen):
        client.bridge.publish(events.PeerBack("Ben"))
        client.bridge.publish(events.PeerLeft("Cleo", "bot"))
        _a_move(screen)
        assert screen.line.text().startswith("Cleo left the table")


def test_who_watches_goes_when_the_watcher_leaves_and_never_reaches_another_table(
    qtbot: QtBot, english: None, tmp_path: Path, closing_never_asks: None
) -> None:
    with _at_a_network_game(qtbot, tmp_path) as (window, client, screen):
        client.follow_game(screen)  # (as when the game started)
        client.bridge.publish(w.WatchersChanged(("Dan",)))
        [line] = screen.findChildren(type(screen.line), "WatchersLine")
        assert not line.isHidden() and line.text() == "Watching: Dan"
        client.bridge.publish(w.WatchersChanged(()))
        assert line.isHidden()
        client.bridge.publish(w.WatchersChanged(("Dan",)))

        window.leave_network_table()  # Ann leaves; at her next table nobody watches
        later: Any = _network_screen(qtbot)
        client.follow_game(later)
        window.show_network_game(later)
        lines = later.findChildren(type(screen.line), "WatchersLine")
        assert lines and not any(not line.isHidden() for line in lines)


def test_the_lobby_forgets_why_a_table_closed_once_another_table_is_opened(
    qtbot: QtBot, english: None, tmp_path: Path, closing_never_asks: None
) -> None:
    with _at_a_network_game(qtbot, tmp_path) as (window, client, _screen):
        client.bridge.publish(events.TableClosed("the host stopped the game"))
        window.back_to_lobby()
        assert window.lobby.notice.text() == "The table was closed: The host stopped the game."
        another: Any = _network_screen(qtbot)
        window.show_network_game(another)  # another table, later
        window.back_to_lobby()
        assert window.lobby.notice.text() == ""


def test_a_table_that_moved_to_another_laptop_is_listed_once_where_it_is_now(
    qtbot: QtBot, english: None
) -> None:
    from ui.lobby.listing import TableListing
    from ui.lobby.network_panel import NetworkPanel

    panel = NetworkPanel()
    qtbot.addWidget(panel)
    old = TableListing("ana-svc", "momistigri", "Ana", 3, 3, True, "10.0.0.2:47300",
                       table_id="ab12")  # fmt: skip
    panel.add_or_update(old)
    panel.add_or_update(TableListing("x", "purrfect", "Eve", 1, 4, False, "10.0.0.9:47300"))
    moved = TableListing("ben-svc", "momistigri", "Ben", 3, 3, True, "10.0.0.3:47300",
                         table_id="ab12")  # fmt: skip
    panel.add_or_update(moved)
    assert sorted(panel.tables) == ["ben-svc", "x"]
    assert [row.table.address for row in panel.rows()].count("10.0.0.2:47300") == 0
