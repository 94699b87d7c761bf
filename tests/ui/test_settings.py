"""Settings are remembered between runs, stay inside LANPURR_HOME, and the settings screen edits
them."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from ui import theme
from ui.settings import Settings, SettingsDialog, load_settings, save_settings


def test_nothing_saved_yet_gives_the_defaults_with_no_name() -> None:
    settings = load_settings()
    assert settings == Settings()
    assert settings.name == ""  # so the first run asks for one


def test_settings_round_trip_through_a_file_in_lanpurr_home(lanpurr_home: Path) -> None:
    chosen = Settings(
        name="Ana",
        language="it",
        animation_speed="slow",
        colour_blind=True,
        bot_pace="relaxed",
        zoom=1.3,
        gone_laptop="end",
    )
    save_settings(chosen)
    assert (lanpurr_home / "settings.ini").exists()
    assert load_settings() == chosen


def test_a_hand_edited_file_with_nonsense_falls_back_to_defaults(lanpurr_home: Path) -> None:
    (lanpurr_home / "settings.ini").write_text(
        "[General]\nname=  Ben \\t  Bo\nlanguage=klingon\nanimation_speed=warp\nzoom=99\n"
        "colour_blind=maybe\ngone_laptop=shrug\n"
    )
    settings = load_settings()
    assert settings.name == "Ben Bo"
    assert settings.language == ""
    assert settings.animation_speed == "normal"
    assert settings.zoom == 1.0
    assert settings.colour_blind is False
    assert settings.gone_laptop == "bot"


def test_the_settings_screen_edits_every_setting(qtbot: QtBot, english: None) -> None:
    dialog = SettingsDialog(Settings(name="Ana"))
    qtbot.addWidget(dialog)
    dialog.name.setText("  Cleo  ")
    dialog.language.setCurrentIndex(dialog.language.findData("es"))
    dialog.animation.setCurrentIndex(dialog.animation.findData("off"))
    dialog.colour_blind.setChecked(True)
    dialog.bot_pace.setCurrentIndex(dialog.bot_pace.findData("relaxed"))
    dialog.zoom.setCurrentIndex(theme.ZOOM_STEPS.index(1.5))
    dialog.gone_laptop.setCurrentIndex(dialog.gone_laptop.findData("end"))
    assert dialog.chosen() == Settings(
        name="Cleo",
        language="es",
        animation_speed="off",
        colour_blind=True,
        bot_pace="relaxed",
        zoom=1.5,
        gone_laptop="end",
    )


def test_the_settings_screen_refuses_an_empty_name(qtbot: QtBot, english: None) -> None:
    dialog = SettingsDialog(Settings(name="Ana"))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.name.setText("   ")
    dialog.accept()
    assert dialog.isVisible()
    assert dialog.result() != SettingsDialog.DialogCode.Accepted
    assert "empty" in dialog.error.text()


def test_saved_settings_apply_at_once_and_persist(qtbot: QtBot, english: None) -> None:
    from ui.main_window import MainWindow

    window = MainWindow(Settings(name="Ana"), start_network=False)
    qtbot.addWidget(window)
    window.apply_settings(Settings(name="Dan", zoom=1.3, colour_blind=True, animation_speed="fast"))
    assert theme.current().zoom == 1.3
    assert theme.current().colour_blind
    assert theme.current().duration_ms(400) == 200
    assert window.lobby.name_button.text() == "Dan"
    assert load_settings().name == "Dan"


def test_zoom_makes_the_lobby_bigger(qtbot: QtBot, english: None) -> None:
    from ui.main_window import MainWindow

    window = MainWindow(Settings(name="Ana"), start_network=False)
    qtbot.addWidget(window)
    before = window.lobby.cards["purrfect"].name_label.font().pointSizeF()
    emblem_before = window.lobby.cards["purrfect"].emblem.width()
    window.apply_settings(Settings(name="Ana", zoom=1.5))
    after = window.lobby.cards["purrfect"].name_label.font().pointSizeF()
    assert after == pytest.approx(before * 1.5)
    assert window.lobby.cards["purrfect"].emblem.width() > emblem_before
