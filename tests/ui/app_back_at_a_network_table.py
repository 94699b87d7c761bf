"""The app's half of tests/net/test_resume_app_netns.py: run by that test with pytest inside a
network namespace, twice with the same home, never collected on its own.

First run (LANPURR_TEST_MODE=first): a real window joins a Momistigri table by address, says
ready, and plays a few moves with the mouse; then it says so in a file and waits to be killed
(kill -9, by the outer test). Second run (back): a new window joins the same table again and must
show the game in progress at once (no waiting room, its hand in front of it), then plays it to
its end with the mouse and writes the final scores where the outer test compares them."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.ui.test_table_momistigri import my_move
from tests.ui.test_tables_support import no_animations
from ui.lobby.host_join_dialogs import JoinChoice
from ui.lobby.network_client import LobbyNetwork
from ui.lobby.table_setup import TableSetupView
from ui.main_window import MainWindow
from ui.settings import Settings
from ui.tables.momistigri.view import MomistigriTable
from ui.tables.network_table import NetworkTableScreen


def test_the_app_comes_back_to_its_game_after_a_crash(
    qtbot: QtBot, english: None, closing_never_asks: None
) -> None:
    address = os.environ["LANPURR_TEST_APP_ADDRESS"]
    host, port = os.environ["LANPURR_TEST_JOIN"].rsplit(":", 1)
    mode = os.environ["LANPURR_TEST_MODE"]
    marker = Path(os.environ["LANPURR_TEST_MARKER"])
    window = MainWindow(Settings(name="Cleo"), start_network=False)
    qtbot.addWidget(window)
    window.resize(1280, 860)
    window.show()
    client = LobbyNetwork(window, window.lobby.network, "Cleo",
                          lobby_options={"bind": address, "interfaces": [address]},
                          browse=False, home=Path(os.environ["LANPURR_TEST_HOME"]))  # fmt: skip
    client.bot_pace = 0.0
    window.connect_network(client)
    client.start()
    qtbot.waitUntil(lambda: client.link.up, timeout=10000)
    assert client.join(JoinChoice(host, int(port), ""))
    if mode == "first":
        qtbot.waitUntil(lambda: isinstance(window.table, TableSetupView), timeout=20000)
        setup = window.table
        assert isinstance(setup, TableSetupView)
        qtbot.waitUntil(lambda: setup.state is not None, timeout=10000)
        setup.ready_button.click()
    qtbot.waitUntil(lambda: isinstance(window.table, NetworkTableScreen), timeout=60000)
    screen = window.table
    assert isinstance(screen, NetworkTableScreen)
    view = screen.view
    assert isinstance(view, MomistigriTable)
    overs: list[object] = []
    screen.source.finished_game.connect(overs.append)
    if mode == "back":
        # The same moment: the game in progress, my hand in front of me, before anything new.
        qtbot.waitUntil(lambda: bool(view.my_hand()), timeout=60000)
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
    window.close()
