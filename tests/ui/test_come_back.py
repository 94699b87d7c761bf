"""Coming back to a table after the app stopped, in a real window: the host is offered its table
and resumes it with one click; a guest's row of its table says Rejoin and joins with no code.

The other laptops are real `lanpurr` processes whose tables listen on loopback only
(tests/ui/loopback_lanpurr.py, no mDNS); the laptop that comes back is killed with kill -9
in the middle of the game first, then a window with its home takes its place."""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.net.test_discovery_netns import ROOT, Process
from tests.ui.test_lobby_network import LOOPBACK, close_as_a_person, found
from ui.lobby.host_join_dialogs import JoinDialog
from ui.lobby.network_client import LobbyNetwork
from ui.main_window import MainWindow
from ui.settings import Settings
from ui.tables.momistigri.view import MomistigriTable
from ui.tables.network_table import NetworkTableScreen

PACE = "0.25"
"""Seconds each bot thinks: slow enough that the game is still on when the laptop is back."""


class Loopback:
    """`lanpurr` processes on loopback, each with its home in `tmp`."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.running: list[Process] = []

    def lanpurr(self, name: str, *args: str, pace: str = PACE) -> Process:
        argv = [sys.executable, str(ROOT / "tests/ui/loopback_lanpurr.py"), *args, "--json",
                "--interface", "127.0.0.1", "--name", name, "--home", str(self.tmp / name),
                "--bot", "normal", "--pace", pace]  # fmt: skip
        process = Process(_Here(), argv)
        self.running.append(process)
        return process

    def host(self, *extra: str, pace: str = PACE) -> tuple[Process, dict[str, object]]:
        """Ann hosts Momistigri for three: one seat a bot, the game starts once Ben is ready."""
        ann = self.lanpurr("Ann", "host", "momistigri", "--seats", "3", "--bots", "1",
                           "--autostart", "--no-announce", "--port", "0", *extra,
                           pace=pace)  # fmt: skip
        return ann, ann.wait_for(lambda line: line.get("event") == "hosting", 20)

    def stop(self) -> None:
        for process in self.running:
            process.stop()


class _Here:
    """This machine's own namespace, for `Process` (loopback only)."""

    def popen(self, argv: list[str], **kwargs: object) -> object:
        import subprocess

        return subprocess.Popen(argv, text=True, **kwargs)  # type: ignore[call-overload]


@pytest.fixture
def loopback(tmp_path: Path) -> Iterator[Loopback]:
    laptops = Loopback(tmp_path)
    try:
        yield laptops
    finally:
        laptops.stop()


def kill_mid_game(laptop: Process, updates: int = 4) -> None:
    """Wait until `laptop` has seen a few moves of the game, then kill -9 it."""
    laptop.wait_for(
        lambda _: sum(line.get("event") == "update" for line in list(laptop.lines)) >= updates, 60
    )
    assert not any(line.get("event") == "game_over" for line in laptop.lines), "killed too late"
    laptop.process.send_signal(signal.SIGKILL)
    laptop.process.wait(10)


def window_at_home(
    qtbot: QtBot, home: Path, name: str, **lobby: Any
) -> tuple[MainWindow, LobbyNetwork]:
    """`lobby`: more of net's Lobby options (e.g. its grace period)."""
    window = MainWindow(Settings(name=name), start_network=False)
    window.resize(1024, 600)
    window.show()
    client = LobbyNetwork(window, window.lobby.network, name, lobby_options={**LOOPBACK, **lobby},
                          browse=False, home=home, host_options={"announce": False})  # fmt: skip
    window.connect_network(client)
    client.start()
    qtbot.waitUntil(lambda: client.link.up, timeout=5000)
    return window, client


def test_a_host_killed_mid_game_resumes_its_table_with_one_click(
    qtbot: QtBot, loopback: Loopback, english: None
) -> None:
    ann, hosting = loopback.host()
    ben = loopback.lanpurr("Ben", "join", str(hosting["address"]))
    kill_mid_game(ann)
    ben.wait_for(lambda line: line.get("event") == "PeerWaiting", 30)

    window, _ = window_at_home(qtbot, loopback.tmp / "Ann", "Ann")
    try:
        offer = window.lobby.resume_offer
        qtbot.waitUntil(offer.isVisible, timeout=5000)
        assert offer.text.text() == "Your Momistigri table is waiting for you."
        assert offer.later_button.isVisible()
        qtbot.mouseClick(offer.resume_button, Qt.MouseButton.LeftButton)
        # The game comes back on the table's own address: Ben's laptop finds Ann again.
        qtbot.waitUntil(lambda: isinstance(window.table, NetworkTableScreen), timeout=20000)
        back = ben.wait_for(lambda line: line.get("event") == "PeerBack", 30)
        assert back["name"] == "Ann"
        assert not offer.isVisible()
        # Ann leaves the table on purpose: in the lobby, nothing is waiting for her any more.
        assert window.seats is not None and window.seats.hosted is not None
        window.leave_network_table()
        qtbot.waitUntil(lambda: window.seats is not None and window.seats.hosted is None,
                        timeout=5000)  # fmt: skip
        assert not window.lobby.resume_offer.isVisible()
    finally:
        close_as_a_person(window)


def test_not_now_hides_the_offer_and_the_lobby_stays_usable(
    qtbot: QtBot, loopback: Loopback, english: None
) -> None:
    ann, hosting = loopback.host()
    loopback.lanpurr("Ben", "join", str(hosting["address"]))
    kill_mid_game(ann, updates=1)

    window, _ = window_at_home(qtbot, loopback.tmp / "Ann", "Ann")
    try:
        offer = window.lobby.resume_offer
        qtbot.waitUntil(offer.isVisible, timeout=5000)
        qtbot.mouseClick(offer.later_button, Qt.MouseButton.LeftButton)
        assert not offer.isVisible()
        window.back_to_lobby()  # the journals are read again: a dismissed table stays hidden
        qtbot.wait(300)
        assert not offer.isVisible() and window.table is None
        assert window.lobby.network.host_button.isEnabled()
    finally:
        close_as_a_person(window)


def test_a_guest_holding_a_seat_rejoins_from_the_list_without_a_code(
    qtbot: QtBot, loopback: Loopback, english: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, hosting = loopback.host("--private")
    state = ann.wait_for(lambda line: line.get("event") == "TableStateChanged", 10)["state"]
    cleo = loopback.lanpurr("Cleo", "join", str(hosting["address"]), "--code", str(hosting["code"]))
    kill_mid_game(cleo)
    ann.wait_for(lambda line: line.get("event") == "PeerWaiting", 30)

    asked: list[str] = []

    def ask_for_the_code(dialog: JoinDialog) -> int:
        asked.append("code")
        return 0  # (as if the player cancelled)

    monkeypatch.setattr(JoinDialog, "exec", ask_for_the_code)
    window, client = window_at_home(qtbot, loopback.tmp / "Cleo", "Cleo")
    try:
        mine = found(service="ann", addresses=("127.0.0.1",), port=hosting["port"],
                     game="momistigri", taken=3, seats=3, state="playing", host="Ann",
                     private=True, table=hosting["table"],
                     key=bytes.fromhex(state["host"]))  # fmt: skip
        other = found(service="dan", host="Dan", taken=5, seats=5, state="playing", table="t2")
        for listing in (mine, other):
            client.bridge.call_soon(client.bridge.publish, _table_found(listing))
        panel = window.lobby.network
        qtbot.waitUntil(lambda: len(panel.rows()) == 2, timeout=5000)
        qtbot.waitUntil(lambda: panel.rows()[0].join_button.text() == "Rejoin", timeout=5000)
        rows = {row.table.host_name: row for row in panel.rows()}
        assert rows["Ann"].join_button.isEnabled()
        assert "no code" in rows["Ann"].detail.text()
        assert rows["Dan"].join_button.text() == "Join"
        assert not rows["Dan"].join_button.isEnabled()  # somebody else's game, every seat taken

        qtbot.mouseClick(rows["Ann"].join_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: isinstance(window.table, NetworkTableScreen), timeout=20000)
        assert asked == []  # no code was asked for
        screen = window.table
        assert isinstance(screen, NetworkTableScreen)
        view = screen.view
        assert isinstance(view, MomistigriTable)
        qtbot.waitUntil(lambda: bool(view.my_hand()), timeout=20000)  # my cards, where they were
        assert ann.wait_for(lambda line: line.get("event") == "PeerBack", 30)["name"] == "Cleo"
    finally:
        close_as_a_person(window)


def _table_found(listing: object) -> object:
    from net.events import TableFound

    return TableFound(listing)  # type: ignore[arg-type]
