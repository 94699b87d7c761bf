"""The app's half of tests/net/test_resume_host_app_netns.py: run by that test with pytest inside
a network namespace, twice with the same home, never collected on its own.

First run (LANPURR_TEST_MODE=first): a real window hosts a Momistigri table for three, writes its
address for the outer test (which starts two headless laptops), presses Start once they sit, and
plays a few moves with the mouse; then it says so in a file and waits to be killed (kill -9).
Second run (back): a new window with the same home must offer the table in its lobby at once;
Resume is clicked, the game comes back where it was (my hand in front of me), and is played to
its end with the mouse; the final scores go where the outer test compares them. A game over is
not offered again."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.ui.test_table_momistigri import my_move
from tests.ui.test_tables_support import no_animations
from ui.lobby.come_back import GAMES_OVER
from ui.lobby.host_join_dialogs import HostChoice
from ui.lobby.network_client import LobbyNetwork
from ui.lobby.table_setup import TableSetupView
from ui.main_window import MainWindow
from ui.settings import Settings
from ui.tables.momistigri.view import MomistigriTable
from ui.tables.network_table import NetworkTableScreen


def test_the_host_app_resumes_its_table_after_a_crash(
    qtbot: QtBot, english: None, closing_never_asks: None
) -> None:
    address = os.environ["LANPURR_TEST_APP_ADDRESS"]
    mode = os.environ["LANPURR_TEST_MODE"]
    marker = Path(os.environ["LANPURR_TEST_MARKER"])
    window = MainWindow(Settings(name="Ann"), start_network=False)
    qtbot.addWidget(window)
    window.resize(1024, 600)
    window.show()
    client = LobbyNetwork(window, window.lobby.network, "Ann",
                          lobby_options={"bind": address, "interfaces": [address]},
                          browse=False, home=Path(os.environ["LANPURR_TEST_HOME"]),
                          host_options={"announce": False})  # fmt: skip
    client.bot_pace = 0.0
    window.connect_network(client)
    client.start()
    qtbot.waitUntil(lambda: client.link.up, timeout=10000)
    offer = window.lobby.resume_offer
    if mode == "first":
        qtbot.wait(300)
        assert not offer.isVisible(), "nothing to resume on a first run"
        assert client.host(HostChoice("momistigri", 3, False, {}))
        qtbot.waitUntil(lambda: isinstance(window.table, TableSetupView), timeout=10000)
        setup = window.table
        assert isinstance(setup, TableSetupView)
        Path(os.environ["LANPURR_TEST_ADDRESS_FILE"]).write_text(f"{address}:{client.seat.port}")
        setup.ready_button.click()
        qtbot.waitUntil(setup.start_button.isEnabled, timeout=60000)  # both laptops sat, ready
        setup.start_button.click()
    else:
        qtbot.waitUntil(offer.isVisible, timeout=10000)
        assert offer.text.text() == "Your Momistigri table is waiting for you."
        qtbot.mouseClick(offer.resume_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(window.table, NetworkTableScreen), timeout=30000)
    screen = window.table
    assert isinstance(screen, NetworkTableScreen)
    view = screen.view
    assert isinstance(view, MomistigriTable)
    overs: list[object] = []
    screen.source.finished_game.connect(overs.append)
    if mode == "back":
        qtbot.waitUntil(lambda: bool(view.my_hand()), timeout=60000)  # the same moment
    changes, last = 0, view.state
    with no_animations():
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and not overs:
            my_move(qtbot, view)
            if view.state is not last:
                changes, last = changes + 1, view.state
            if mode == "first" and changes >= 8 and not marker.exists():
                marker.write_text("kill me")  # in the middle of the first round
            qtbot.wait(10)
        assert mode == "back", "the first run was not killed"
        assert overs, f"the game did not end; banner: {view.banner()}"
    Path(os.environ["LANPURR_TEST_RESULT_FILE"]).write_text(
        json.dumps({"scores": list(overs[0].scores), "audits": list(overs[0].audits)})  # type: ignore[attr-defined]
    )
    # Were the app to stop now, before Ann leaves the table, there would be nothing to resume:
    # a window started with the same home offers nothing (the table is still hers, in play).
    home = Path(os.environ["LANPURR_TEST_HOME"])
    qtbot.waitUntil(lambda: (home / GAMES_OVER).exists(), timeout=5000)
    later = MainWindow(Settings(name="Ann"), start_network=False)
    qtbot.addWidget(later)
    again = LobbyNetwork(later, later.lobby.network, "Ann", browse=False, home=home,
                         lobby_options={"bind": address, "interfaces": [address]})  # fmt: skip
    later.connect_network(again)
    again.start()
    qtbot.waitUntil(lambda: later.seats is not None, timeout=10000)
    assert later.seats is not None and later.seats.sitting_at  # her seat is still in play
    assert later.seats.hosted is None and not later.lobby.resume_offer.isVisible()
    later.close()
    window.close()
