"""The app's half of tests/ui/test_network_game.py: run by that test with pytest inside a
network namespace, never collected on its own (its name does not start with `test_`).

A real window hosts a Momistigri table on the namespace's address, waits for the two headless
laptops the outer test starts in other namespaces, presses Start, and plays the whole game with
the mouse. It writes the final scores where the outer test can compare them."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.ui.test_table_momistigri import my_move
from tests.ui.test_tables_support import click, no_animations
from ui.lobby.host_join_dialogs import HostChoice
from ui.lobby.network_client import LobbyNetwork
from ui.lobby.table_setup import TableSetupView
from ui.main_window import MainWindow
from ui.said import say
from ui.settings import Settings
from ui.tables.momistigri.view import MomistigriTable
from ui.tables.network_table import NetworkTableScreen


def test_the_app_plays_a_whole_game_between_laptops_with_the_mouse(
    qtbot: QtBot, tmp_path: Path, english: None, closing_never_asks: None
) -> None:
    address = os.environ["LANPURR_TEST_APP_ADDRESS"]
    address_file = Path(os.environ["LANPURR_TEST_ADDRESS_FILE"])
    result_file = Path(os.environ["LANPURR_TEST_RESULT_FILE"])
    window = MainWindow(Settings(name="Ana"), start_network=False)
    qtbot.addWidget(window)
    window.resize(1280, 860)
    window.show()
    client = LobbyNetwork(window, window.lobby.network, "Ana",
                          lobby_options={"bind": address, "interfaces": [address]},
                          browse=False, home=tmp_path / "ana")  # fmt: skip
    client.bot_pace = 0.0
    window.connect_network(client)
    client.start()
    qtbot.waitUntil(lambda: client.link.up, timeout=10000)
    assert client.host(HostChoice("momistigri", 3, False, {}))
    qtbot.waitUntil(lambda: isinstance(window.table, TableSetupView), timeout=10000)
    setup = window.table
    assert isinstance(setup, TableSetupView)
    address_file.write_text(f"{address}:{client.seat.port}")
    setup.ready_button.click()
    qtbot.waitUntil(setup.start_button.isEnabled, timeout=60000)  # both laptops sat, ready
    setup.start_button.click()
    qtbot.waitUntil(lambda: isinstance(window.table, NetworkTableScreen), timeout=10000)
    screen = window.table
    assert isinstance(screen, NetworkTableScreen)
    said: list[str] = []
    screen.source.status.connect(lambda kind, text: said.append(say(text)))
    overs: list[object] = []
    screen.source.finished_game.connect(overs.append)
    view = screen.view
    assert isinstance(view, MomistigriTable)
    with no_animations():
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and not overs:
            my_move(qtbot, view)
            qtbot.wait(10)
        assert overs, f"the game did not end; the table said: {said[-5:]}; banner: {view.banner()}"
        qtbot.waitUntil(lambda: view.result is not None, timeout=10000)
    over = overs[0]
    assert any("turn to shuffle" in text for text in said)  # the progress line while shuffling
    assert any(text.startswith("Round 1 checked: fair") for text in said)
    assert screen.line.text().startswith("Every round checked: fair.")
    # The host may play again at the same table, from the table's own end panel (after the
    # last round's hands, "See who won").
    with no_animations():
        qtbot.waitUntil(lambda: ("button", "next") in view.clickable() or
                        ("button", "again") in view.clickable(), timeout=5000)  # fmt: skip
        if ("button", "next") in view.clickable():
            click(qtbot, view, ("button", "next"))
    qtbot.waitUntil(lambda: ("button", "again") in view.clickable(), timeout=5000)
    result_file.write_text(json.dumps({"scores": list(over.scores), "audits": list(over.audits)}))
    # Play again: the same table opens again, in the waiting room (the headless laptops have
    # gone home after their game, so their seats are free).
    click(qtbot, view, ("button", "again"))
    qtbot.waitUntil(lambda: isinstance(window.table, TableSetupView), timeout=10000)
    again = window.table
    assert isinstance(again, TableSetupView)
    qtbot.waitUntil(lambda: again.state is not None and again.state.phase == "open", timeout=5000)
    assert again.state.games == 1 and again.state.seats[0].player == client.seat.me
    window.close()
