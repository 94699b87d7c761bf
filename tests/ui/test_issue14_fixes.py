"""What a new user ran into (issue 14), each checked through the real widgets."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from tests.ui.test_tables_support import open_table, wait_for
from ui import theme
from ui.tables.animation import Step
from ui.tables.momistigri import words


def test_a_click_during_an_animation_selects_the_card_at_once(qtbot: QtBot, english: None) -> None:
    theme.set_theme(theme.Theme(animation_speed="slow"))
    screen = open_table(qtbot, "purrfect", 4, "heuristic", seed=3)
    view: Any = screen.view
    wait_for(qtbot, lambda: view.state.phase == "round" and not view.busy())
    screen.controller.stop()  # the bots wait, so only our own animation runs
    view.animator.add(Step(5000, lambda: None))
    assert view.animator.busy()
    token = next(k[1] for k in view.clickable() if k[0] == "card")
    rect = view.rect_of(("card", token))
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    assert view.selected == [token], "the click only skipped the animation"
    assert not view.animator.busy()


def test_a_declaration_is_not_shown_again_in_the_next_round(qtbot: QtBot, english: None) -> None:
    from lanpurr.games.purrfect.events import PurrfectDeclared

    theme.set_theme(theme.Theme(animation_speed="off"))
    screen = open_table(qtbot, "purrfect", 4, "heuristic", seed=3)
    view: Any = screen.view
    wait_for(qtbot, lambda: view.state.phase == "round" and not view.busy())
    screen.controller.stop()
    view.before_event(PurrfectDeclared(seat=1, hand=(), valid=True))
    view.after_update()
    # Any later animation (a swap in the next round) must not bring the panel back.
    theme.set_theme(theme.Theme(animation_speed="slow"))
    view.animator.add(Step(5000, lambda: None))
    view._layout()
    texts = [text for _, text, _, _ in view.texts]
    assert not any("declares" in text for text in texts), texts


def test_after_a_pair_the_refusal_names_the_one_pair_rule(qtbot: QtBot, english: None) -> None:
    from dataclasses import replace

    from lanpurr.games.momistigri.state import DISCARD

    theme.set_theme(theme.Theme(animation_speed="off"))
    screen = open_table(qtbot, "momistigri", 4, "heuristic", seed=2)
    view: Any = screen.view
    wait_for(qtbot, lambda: bool(view.state.hands) and not view.busy())
    screen.controller.stop()
    state = replace(
        view.state, phase=DISCARD, active=view.seat, pairs_this_turn=1, may_discard=False
    )
    view.state = state
    assert (
        words.prompt(view, state) == "You have discarded your pair for this turn: click End turn."
    )
    view.selected = view.my_hand()[:2]
    assert words.prompt(view, state).startswith("One pair per turn")


def test_the_moves_log_says_what_happened(qtbot: QtBot, english: None) -> None:
    theme.set_theme(theme.Theme(animation_speed="off"))
    screen = open_table(qtbot, "momistigri", 4, "heuristic", seed=2)
    wait_for(qtbot, lambda: len(screen.side.lines()) >= 2, timeout_ms=30000)
    assert any("drew" in line for line in screen.side.lines()), screen.side.lines()


def test_leaving_a_running_game_asks_first(
    qtbot: QtBot, english: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    asked: list[str] = []

    def answer(box: QMessageBox) -> int:
        asked.append(box.text())
        return int(QMessageBox.StandardButton.No)  # "Stay"

    monkeypatch.setattr(QMessageBox, "exec", answer)
    screen = open_table(qtbot, "gutters", 2, "planner", seed=1)
    left: list[bool] = []
    screen.leave_requested.connect(lambda: left.append(True))
    qtbot.mouseClick(screen.leave, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    assert asked and not left


def test_the_footer_keeps_the_address_in_the_new_language(qtbot: QtBot, english: None) -> None:
    from ui.main_window import MainWindow
    from ui.settings import Settings

    window = MainWindow(Settings(name="Ana"), start_network=False)
    qtbot.addWidget(window)
    window.lobby.set_status(window.address_status())
    window.show_notice("Ben left the table.")
    assert window.lobby.status.text() == window.address_status()
    window.apply_settings(Settings(name="Ana", language="it"))
    assert window.lobby.notice.text() == "Ben left the table."


def test_join_errors_are_said_in_words() -> None:
    from net.wire.handshake import Refused
    from ui.lobby.join_errors import explain

    gone = explain(ConnectionRefusedError(111, "Connect call failed"), "10.0.0.9:1", "")
    assert "Errno" not in gone.text and gone.table_gone
    private = explain(Refused("private", "ask the host"), "10.0.0.9:1", "")
    assert private.wants_code and "lanpurr join" not in private.text
    wrong = explain(Refused("private", "ask the host"), "10.0.0.9:1", "ABC-DEF")
    assert wrong.text != private.text
    wait = "too many codes were tried from your address: try again in a minute"
    slowed = explain(Refused("slowdown", wait), "10.0.0.9:1", "ABC-DEF")
    assert slowed.text == wait and slowed.wants_code and not slowed.table_gone


def test_a_watch_refused_to_a_laptop_with_a_seat_says_why_in_the_persons_language(
    english: None,
) -> None:
    from net.table.watch_desk import SEAT_GOING, SITS_HERE
    from net.wire.handshake import Refused
    from ui import i18n
    from ui.lobby.join_errors import explain

    going = explain(Refused("member", SEAT_GOING), "10.0.0.9:1", "")
    assert going.text == SEAT_GOING + "." and not going.table_gone
    try:
        i18n.install("it")
        going = explain(Refused("member", SEAT_GOING), "10.0.0.9:1", "")
        sits = explain(Refused("member", SITS_HERE), "10.0.0.9:1", "")
    finally:
        i18n.install("en")
    assert going.text.startswith("Tra un attimo un bot prende il tuo posto")
    assert sits.text.startswith("Hai un posto a questo tavolo")


def test_an_address_where_nothing_answers_is_said_in_words() -> None:
    from net.wire.mesh import Address, NothingAnswered
    from ui.lobby.join_errors import explain

    silent = explain(NothingAnswered(Address("10.0.0.9", 7000)), "10.0.0.9:7000", "")
    assert silent.text.startswith("Nothing answered at 10.0.0.9:7000 within 8 s.")
    assert silent.table_gone


def test_the_first_run_dialog_grows_for_its_error_and_enter_still_submits(
    qtbot: QtBot, english: None
) -> None:
    from ui.first_run import FirstRunDialog

    dialog = FirstRunDialog(suggestion="")
    qtbot.addWidget(dialog)
    dialog.show()
    field_height = dialog.name.height()
    qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    assert dialog.error.isVisible() and dialog.name.height() == field_height
    qtbot.keyClicks(dialog.name, "Ana")
    qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    assert dialog.result() == FirstRunDialog.DialogCode.Accepted
