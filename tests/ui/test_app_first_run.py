"""The first start asks for a display name; later starts go straight to the lobby."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot

from ui.app import launch
from ui.first_run import FirstRunDialog
from ui.settings import Settings, load_settings, save_settings


def answer_first_run(name: str | None) -> list[str]:
    """When the first-run dialog appears, type `name` and confirm (or close it if None)."""
    seen: list[str] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, FirstRunDialog):
            QTimer.singleShot(10, answer)
            return
        seen.append(dialog.windowTitle())
        if name is None:
            dialog.reject()
        else:
            dialog.name.setText(name)
            dialog.accept()

    QTimer.singleShot(0, answer)
    return seen


def test_first_run_asks_for_a_name_and_remembers_it(qtbot: QtBot, english: None) -> None:
    seen = answer_first_run("  Ana  ")
    _, window = launch([], start_network=False)
    assert seen, "the first-run dialog never appeared"
    assert window is not None
    qtbot.addWidget(window)
    window.close()
    assert load_settings().name == "Ana"
    assert window.lobby.name_button.text() == "Ana"


def test_a_later_start_does_not_ask_again(qtbot: QtBot, english: None) -> None:
    save_settings(Settings(name="Ben"))
    _, window = launch([], start_network=False)
    assert window is not None
    qtbot.addWidget(window)
    window.close()
    assert QApplication.activeModalWidget() is None
    assert window.lobby.name_button.text() == "Ben"


def test_closing_the_first_run_dialog_quits_without_saving(qtbot: QtBot, english: None) -> None:
    answer_first_run(None)
    _, window = launch([], start_network=False)
    assert window is None
    assert load_settings().name == ""


def test_first_run_refuses_an_empty_name(qtbot: QtBot, english: None) -> None:
    dialog = FirstRunDialog(suggestion="")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.accept()
    assert dialog.isVisible()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.error.isVisible()


def test_the_window_title_says_what_to_do(qtbot: QtBot, english: None) -> None:
    save_settings(Settings(name="Cleo"))
    _, window = launch([], start_network=False)
    assert window is not None
    qtbot.addWidget(window)
    assert "Choose a game" in window.windowTitle()
    window.close()


def test_first_run_suggests_the_name_this_laptop_already_uses_on_the_network(
    qtbot: QtBot, english: None
) -> None:
    from net.home import load_profile

    load_profile(name="Zoe")  # as `lanpurr host --name Zoe` would have left it
    dialog = FirstRunDialog()
    qtbot.addWidget(dialog)
    assert dialog.name.text() == "Zoe"


def test_f1_opens_the_rules_and_ctrl_comma_is_the_settings_key(qtbot: QtBot, english: None) -> None:
    # The offscreen platform never makes a window active, so the shortcuts are found by their
    # keys and fired the way Qt fires them.
    from PySide6.QtGui import QShortcut

    from ui.rules.viewer import RulesViewer

    save_settings(Settings(name="Ana"))
    _, window = launch([], start_network=False)
    assert window is not None
    qtbot.addWidget(window)
    shortcuts = {s.key().toString(): s for s in window.findChildren(QShortcut)}
    assert {"F1", "Ctrl+,", "Ctrl+Q"} <= set(shortcuts)
    shortcuts["F1"].activated.emit()
    viewer = RulesViewer._open
    assert viewer is not None and viewer.isVisible()
    qtbot.addWidget(viewer)
    window.close()
