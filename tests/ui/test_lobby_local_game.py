""" "Play on this laptop": the setup dialog takes player counts, options and bots from the engine,
refuses what the rules forbid, and hands the choice to the table views."""

from __future__ import annotations

import importlib

import pytest
from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from lanpurr.seat.registry import engine as load
from ui.lobby.local_game_dialog import LocalGameChoice, LocalGameDialog
from ui.main_window import MainWindow
from ui.settings import Settings


def test_the_dialog_offers_the_engines_player_range_options_and_bots(
    qtbot: QtBot, english: None
) -> None:
    engine = load("momistigri")
    dialog = LocalGameDialog("momistigri")
    qtbot.addWidget(dialog)
    assert (dialog.players.minimum(), dialog.players.maximum()) == (
        engine.min_players,
        engine.max_players,
    )
    assert set(dialog.option_boxes) == {spec.name for spec in engine.option_specs}
    for spec in engine.option_specs:
        box = dialog.option_boxes[spec.name]
        assert [box.itemData(i) for i in range(box.count())] == list(spec.values)
        assert box.currentData() == spec.default
    bots = importlib.import_module("lanpurr.games.momistigri.bots").BOTS
    assert sorted(dialog.bot.itemData(i) for i in range(dialog.bot.count())) == sorted(bots)
    assert dialog.bot.currentData() == "heuristic"  # the clever bot by default
    assert dialog.option_boxes["strict_discard"].currentText() == "off"
    assert "Must discard" in dialog.option_boxes["strict_discard"].accessibleName()


def test_the_choice_carries_every_setting(qtbot: QtBot, english: None) -> None:
    dialog = LocalGameDialog("momistigri")
    qtbot.addWidget(dialog)
    dialog.players.setValue(5)
    five = dialog.option_boxes["five_pair"]
    five.setCurrentIndex(five.findData("each_active_including_self"))
    dialog.bot.setCurrentIndex(dialog.bot.findData("random"))
    assert dialog.choice() == LocalGameChoice(
        "momistigri",
        5,
        {"strict_discard": "off", "five_pair": "each_active_including_self"},
        "random",
    )
    assert dialog.problem() is None


def test_P_3_1_three_players_need_the_allow_three_option(qtbot: QtBot, english: None) -> None:
    dialog = LocalGameDialog("purrfect")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.players.setValue(3)
    dialog.accept()
    assert dialog.isVisible()  # refused, with the reason on screen
    assert dialog.error.isVisible()
    assert "cannot start" in dialog.error.text()
    allow = dialog.option_boxes["allow_three"]
    allow.setCurrentIndex(allow.findData("on"))
    dialog.accept()
    assert dialog.result() == LocalGameDialog.DialogCode.Accepted


class FakeTable(QWidget):
    leave_requested = Signal()


@pytest.fixture
def recorded_tables(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, ...]]:
    import ui.tables

    calls: list[tuple[object, ...]] = []

    def create_local_table(
        game_id: str,
        players: int,
        options: dict[str, str],
        bot: str,
        seed: int | None = None,
        pace: str = "normal",
        player_name: str = "",
    ) -> QWidget:
        calls.append((game_id, players, options, bot))
        return FakeTable()

    monkeypatch.setattr(ui.tables, "create_local_table", create_local_table)
    return calls


def test_play_on_this_laptop_opens_the_table_and_leaving_returns_to_the_lobby(
    qtbot: QtBot, english: None, recorded_tables: list[tuple[object, ...]]
) -> None:
    window = MainWindow(Settings(name="Ana"), start_network=False)
    qtbot.addWidget(window)
    window.show()

    def start_in_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, LocalGameDialog):
            QTimer.singleShot(10, start_in_dialog)
            return
        dialog.players.setValue(3)
        dialog.accept()

    QTimer.singleShot(0, start_in_dialog)
    window.lobby.cards["momistigri"].play_button.click()
    assert recorded_tables == [
        ("momistigri", 3, {"strict_discard": "off", "five_pair": "each_opponent"}, "heuristic")
    ]
    table = window.table
    assert isinstance(table, FakeTable)
    assert window.stack.currentWidget() is table
    assert "Momistigri" in window.windowTitle()
    table.leave_requested.emit()
    assert window.stack.currentWidget() is window.lobby
    assert window.table is None
    assert "Choose a game" in window.windowTitle()


def test_cancelling_the_dialog_stays_in_the_lobby(
    qtbot: QtBot, english: None, recorded_tables: list[tuple[object, ...]]
) -> None:
    window = MainWindow(Settings(name="Ana"), start_network=False)
    qtbot.addWidget(window)

    def cancel() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, LocalGameDialog):
            QTimer.singleShot(10, cancel)
            return
        dialog.reject()

    QTimer.singleShot(0, cancel)
    window.open_local_game("purrfect")
    assert recorded_tables == []
    assert window.stack.currentWidget() is window.lobby


def test_the_real_table_view_opens_from_the_lobby(qtbot: QtBot, english: None) -> None:
    window = MainWindow(Settings(name="Ana"), start_network=False)
    qtbot.addWidget(window)
    table = window.start_local_table("momistigri", 3, {}, "random")
    assert table is not None
    assert window.stack.currentWidget() is table
    table.leave_requested.emit()  # type: ignore[attr-defined]
    assert window.stack.currentWidget() is window.lobby


def test_a_game_that_is_not_installed_is_explained_not_crashed(
    qtbot: QtBot, english: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text: shown.append(text))

    def no_engine(game_id: str) -> object:
        raise ImportError("no module named lanpurr.games.gutters.bots")

    monkeypatch.setattr("ui.lobby.local_game_dialog.engine_and_bots", no_engine)
    window = MainWindow(Settings(name="Ana"), start_network=False)
    qtbot.addWidget(window)
    window.open_local_game("gutters")
    assert shown == ["Not Without My Cat is not ready in this version of lanpurr yet."]


@pytest.mark.parametrize("game_id", ["momistigri", "purrfect", "gutters"])
def test_every_game_can_be_set_up_with_its_defaults(
    qtbot: QtBot, english: None, game_id: str
) -> None:
    dialog = LocalGameDialog(game_id)
    qtbot.addWidget(dialog)
    assert dialog.bot.count() >= 2
    assert dialog.problem() is None
    dialog.accept()
    assert dialog.result() == LocalGameDialog.DialogCode.Accepted


def test_G_9_4_solo_needs_exactly_one_player(qtbot: QtBot, english: None) -> None:
    dialog = LocalGameDialog("gutters")
    qtbot.addWidget(dialog)
    mode = dialog.option_boxes["mode"]
    dialog.players.setValue(3)
    mode.setCurrentIndex(mode.findData("solo"))
    assert dialog.problem() is not None
    assert "G-9" in str(dialog.problem())


def test_G_13_one_player_switches_the_mode_to_solo_and_back(qtbot: QtBot, english: None) -> None:
    dialog = LocalGameDialog("gutters")
    qtbot.addWidget(dialog)
    mode = dialog.option_boxes["mode"]
    dialog.players.setValue(1)
    assert mode.currentData() == "solo"
    assert dialog.problem() is None
    dialog.players.setValue(2)
    assert mode.currentData() == "competitive"
    assert dialog.problem() is None
