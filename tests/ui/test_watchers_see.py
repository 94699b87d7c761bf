"""A watcher is offered what a watcher may do: Watch on a private table asks for its code with
"Only watch" ticked, and a Purrfect watcher has neither "Purrfect!" nor "Offer" to press."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from ui.lobby.listing import TableListing
from ui.lobby.network_client import LobbyNetwork
from ui.main_window import MainWindow
from ui.settings import Settings


def test_watch_on_a_private_table_asks_its_code_with_only_watch_ticked(
    qtbot: QtBot, english: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ui.lobby.host_join_dialogs import JoinDialog

    window = MainWindow(Settings(name="Ann"), start_network=False)
    qtbot.addWidget(window)
    client = LobbyNetwork(window, window.lobby.network, "Ann", browse=False, home=tmp_path)
    window.connect_network(client)
    asked: list[Any] = []

    def answer(dialog: JoinDialog) -> int:
        asked.append((dialog.watch.isChecked(), dialog.ok.text()))
        dialog.code.setText("PURR-42")
        return JoinDialog.DialogCode.Accepted

    monkeypatch.setattr(JoinDialog, "exec", answer)
    watched: list[Any] = []
    monkeypatch.setattr(client.watch, "watch_listed", lambda t, code="": watched.append(code))
    joined: list[Any] = []
    monkeypatch.setattr(client, "join", joined.append)
    private = TableListing("ben", "purrfect", "Ben", 4, 4, True, "10.0.0.3:47300", private=True)
    window.watch_listed_table(private)
    assert asked == [(True, "Watch")]
    assert watched == ["PURR-42"] and not joined  # no seat taken
    window.network = None
    window.close()


def test_a_purrfect_watcher_has_no_purrfect_or_offer_to_press(qtbot: QtBot, english: None) -> None:
    from net import events
    from tests.ui.test_tables_support import no_animations, open_table
    from ui.tables.watching import create_watching_table

    with no_animations():
        local = open_table(qtbot, "purrfect", 4, "heuristic", seed=2)
        qtbot.waitUntil(lambda: local.view.state.phase == "round")  # (the cards are dealt)
        started = events.GameStarted("purrfect", None, ("Ann", "Ben", "Cleo", "Dan"), 1,
                                     local.view.state)  # fmt: skip
        screen = create_watching_table(started)
        qtbot.addWidget(screen)
        screen.resize(1024, 560)
        screen.show()
        view: Any = screen.view
        qtbot.waitUntil(lambda: "Meow key" in [t for _r, t, _f, _w in view.texts])  # painted
        said = [text for _rect, text, _font, _wrap in view.texts]
        assert "Offer" not in said and "Purrfect!" not in said
        assert not [key for key in view.clickable() if key[0] == "button"]
