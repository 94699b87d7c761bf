"""A host whose app was killed and that comes back after the others went on without it: its
lobby, in a real window, says what happened and leads only to the live game (to watch it at
the laptop that hosts it now), never to a frozen copy of the old game.

The other laptops are real `lanpurr` processes whose tables listen on loopback only
(tests/ui/loopback_lanpurr.py, no mDNS: the test hands the lobby the listing the laptop that
took the table over announces)."""

from __future__ import annotations

import signal
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.ui.test_come_back import Loopback, _table_found, kill_mid_game, window_at_home
from tests.ui.test_lobby_network import close_as_a_person, found
from ui.lobby.network_client import LobbyNetwork
from ui.main_window import MainWindow
from ui.tables.network_table import NetworkTableScreen


@pytest.fixture
def loopback(tmp_path: Path) -> Iterator[Loopback]:
    laptops = Loopback(tmp_path)
    try:
        yield laptops
    finally:
        laptops.stop()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_host_back_after_the_others_went_on_is_told_and_offered_only_to_watch(
    qtbot: QtBot, loopback: Loopback, english: None
) -> None:
    # Ann hosts, Ben plays, a bot fills the third seat. Ann's app is killed; once the grace
    # period is over Ben's laptop takes the table over and a bot plays Ann's seat. Ann starts
    # her app again: no Resume, no Rejoin; a sentence says what happened, and Watch shows the
    # live game at Ben's.
    grace = ("--grace", "3", "--replace-gone", "normal")
    ann, hosting = loopback.host(*grace)
    port = free_port()
    ben = loopback.lanpurr("Ben", "join", str(hosting["address"]), "--port", str(port),
                           "--grace", "3")  # fmt: skip
    kill_mid_game(ann)
    ben.wait_for(lambda line: line.get("event") == "host_handed_on", 60)
    ben.wait_for(lambda line: line.get("event") == "seat_replaced", 30)

    window, client = window_at_home(qtbot, loopback.tmp / "Ann", "Ann")
    try:
        offer = window.lobby.resume_offer
        qtbot.waitUntil(offer.isVisible, timeout=5000)  # (what the journal alone says)
        at_ben = found(service="ben", addresses=("127.0.0.1",), port=port, game="momistigri",
                       taken=3, seats=3, state="playing", host="Ben",
                       table=hosting["table"], key=b"")  # fmt: skip
        client.bridge.call_soon(client.bridge.publish, _table_found(at_ben))
        panel = window.lobby.network
        qtbot.waitUntil(lambda: len(panel.rows()) == 1, timeout=5000)
        qtbot.waitUntil(lambda: offer.resume_button.text() == "Watch", timeout=5000)
        assert offer.text.text() == (
            "While you were away, Ben's laptop took your Momistigri table over and a bot plays "
            "your seat: you can watch the rest of the game there."
        )
        row = panel.rows()[0]
        assert not row.join_button.isEnabled() and row.join_button.text() == "Join"
        assert row.watch_button.isEnabled()
        assert "a bot took your seat" in row.detail.text()

        qtbot.mouseClick(offer.resume_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: isinstance(window.table, NetworkTableScreen), timeout=20000)
        screen = window.table
        assert isinstance(screen, NetworkTableScreen)
        # (no seat, no old game: the session closes as the watch begins)
        qtbot.waitUntil(lambda: client.watch.watching and client.seat is None, timeout=40000)
        assert "Bot 1 (Ben)" in screen.view.names
        assert not offer.isVisible()
    finally:
        close_as_a_person(window)


def rejoin_after_the_seat_went_to_a_bot(
    qtbot: QtBot, loopback: Loopback
) -> tuple[MainWindow, LobbyNetwork]:
    """Ben's app is killed mid-game; once the grace period is over Ann's laptop (the host)
    gives his seat to a bot and the game goes on. Ben starts his app again and rejoins from
    the list."""
    # (Ann's bots think a second a move: on a busy machine the game is still on when Ben's
    # window is up and watches it)
    ann, hosting = loopback.host("--grace", "3", "--replace-gone", "normal", pace="1")
    state = ann.wait_for(lambda line: line.get("event") == "TableStateChanged", 10)["state"]
    ben = loopback.lanpurr("Ben", "join", str(hosting["address"]), "--grace", "3")
    kill_mid_game(ben)
    ann.wait_for(lambda line: line.get("event") == "seat_replaced", 60)

    window, client = window_at_home(qtbot, loopback.tmp / "Ben", "Ben")
    at_ann = found(service="ann", addresses=("127.0.0.1",), port=hosting["port"],
                   game="momistigri", taken=3, seats=3, state="playing", host="Ann",
                   table=hosting["table"], key=bytes.fromhex(state["host"]))  # fmt: skip
    client.bridge.call_soon(client.bridge.publish, _table_found(at_ann))
    panel = window.lobby.network
    qtbot.waitUntil(lambda: len(panel.rows()) == 1, timeout=5000)
    qtbot.waitUntil(lambda: panel.rows()[0].join_button.text() == "Rejoin", timeout=5000)
    qtbot.mouseClick(panel.rows()[0].join_button, Qt.MouseButton.LeftButton)
    return window, client


GIVEN_AWAY_WORDS = (
    "While you were away, the others gave your seat to a bot and went on with the game: you "
    "watch it now."
)


def watches_instead(qtbot: QtBot, window: MainWindow, client: LobbyNetwork) -> None:
    qtbot.waitUntil(
        lambda: (
            isinstance(window.table, NetworkTableScreen)
            and window.table.line.text() == GIVEN_AWAY_WORDS
        ),
        timeout=30000,
    )
    # (no seat, no old game: the session closes as the watch begins)
    qtbot.waitUntil(lambda: client.watch.watching and client.seat is None, timeout=40000)
    assert getattr(window.table, "notice_box", None) is None  # (no "cannot go on" box)


def test_a_guest_whose_seat_went_to_a_bot_learns_it_when_it_rejoins(
    qtbot: QtBot, loopback: Loopback, english: None
) -> None:
    window, client = rejoin_after_the_seat_went_to_a_bot(qtbot, loopback)
    try:
        watches_instead(qtbot, window, client)
    finally:
        close_as_a_person(window)


def test_a_laptop_cut_from_the_table_watches_the_game_where_it_went_on_once_the_network_heals(
    qtbot: QtBot, loopback: Loopback, english: None
) -> None:
    # Ben plays at Ann's table from this window. Ann's laptop goes silent (stopped) for longer
    # than Ben's grace period: Ben's, which hears 1 of the 2 laptops and not the first of the
    # line, stops its game (cut from the table) rather than go on alone. When Ann's laptop
    # wakes it goes on with a bot in Ben's seat, and Ben's window shows that game, watched.
    ann, hosting = loopback.host("--grace", "60", "--replace-gone", "normal", pace="1")
    state = ann.wait_for(lambda line: line.get("event") == "TableStateChanged", 10)["state"]
    ben = loopback.lanpurr("Ben", "join", str(hosting["address"]), "--grace", "60")
    kill_mid_game(ben)

    window, client = window_at_home(qtbot, loopback.tmp / "Ben", "Ben", grace=3.0)
    try:
        at_ann = found(service="ann", addresses=("127.0.0.1",), port=hosting["port"],
                       game="momistigri", taken=3, seats=3, state="playing", host="Ann",
                       table=hosting["table"], key=bytes.fromhex(state["host"]))  # fmt: skip
        client.bridge.call_soon(client.bridge.publish, _table_found(at_ann))
        panel = window.lobby.network
        qtbot.waitUntil(lambda: len(panel.rows()) == 1, timeout=5000)
        qtbot.waitUntil(lambda: panel.rows()[0].join_button.text() == "Rejoin", timeout=5000)
        qtbot.mouseClick(panel.rows()[0].join_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: isinstance(window.table, NetworkTableScreen), timeout=30000)
        qtbot.waitUntil(lambda: client.seat is not None, timeout=30000)

        ann.process.send_signal(signal.SIGSTOP)
        try:
            waits = "once the network lets it reach the others again"
            qtbot.waitUntil(lambda: waits in window.table.line.text(), timeout=30000)
            assert client.seat is None and not client.watch.watching
        finally:
            ann.process.send_signal(signal.SIGCONT)
        healed = (
            "This laptop reaches the table again: you watch the game at Ann's laptop, where it "
            "went on."
        )
        qtbot.waitUntil(
            lambda: client.watch.watching and window.table.line.text() == healed, timeout=60000
        )
        # (Ann's laptop lets Ben watch once a bot plays his seat, not before: the line is not
        # followed by "Ben's laptop did not come back" in Ben's own window)
        assert window.table.view.names[1] == "Bot 2 (Ann)"
    finally:
        close_as_a_person(window)
