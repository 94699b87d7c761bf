"""The rules of every game, readable in the app in English, Italian and Spanish."""

from __future__ import annotations

import re

import pytest
from pytestqt.qtbot import QtBot

from ui import i18n
from ui.catalogue import GAMES, OPTION_LABELS, game_name
from ui.rules import rules_path, rules_text, show_rules
from ui.rules.viewer import RulesViewer

GAME_IDS = [game.game_id for game in GAMES]
LANGUAGES = ["en", "it", "es"]
OPTIONS = {"momistigri": ["strict_discard", "five_pair"], "purrfect": ["allow_three"]}


def sections(text: str) -> list[str]:
    return re.findall(r"^## (.+)$", text, flags=re.MULTILINE)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_exist_with_the_same_sections_in_every_language(game_id: str, language: str) -> None:
    assert rules_path(game_id, language).exists()
    english, text = rules_text(game_id, "en"), rules_text(game_id, language)
    assert len(sections(text)) == len(sections(english)) >= 6
    assert len(text.split()) > 0.8 * len(english.split())  # a translation, not a stub


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_are_titled_with_the_games_name_in_that_language(
    qapp: object, english: None, game_id: str, language: str
) -> None:
    i18n.install(language)
    assert rules_text(game_id, language).splitlines()[0] == f"# {game_name(game_id)}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_momistigri_rules_explain_every_value_pair(language: str) -> None:
    text = rules_text("momistigri", language)
    for value in range(1, 9):
        assert f"| {value}+{value} |" in text
    assert "10" in text  # the Mistigri's penalty


@pytest.mark.parametrize("language", LANGUAGES)
def test_purrfect_rules_name_every_cat_and_the_winning_score(language: str) -> None:
    text = rules_text("purrfect", language)
    for cat in ("Luna", "Milo", "Nala", "Oscar", "Pepper", "Simba", "Tigre"):
        assert cat in text
    assert "**2 " in text and "**1 " in text  # pawprints for the winner and the best groups


@pytest.mark.parametrize("language", LANGUAGES)
def test_gutters_rules_give_the_whole_rating_table(language: str) -> None:
    text = rules_text("gutters", language)
    rating_rows = [line for line in text.splitlines() if re.match(r"^\| (\d|7 |18)", line)]
    assert len(rating_rows) == 7
    assert "28" in text and "15" in text


@pytest.mark.parametrize(("game_id", "names"), OPTIONS.items())
@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_describe_each_option_under_the_name_the_setup_dialog_shows(
    qapp: object, english: None, game_id: str, names: list[str], language: str
) -> None:
    from PySide6.QtCore import QCoreApplication

    i18n.install(language)
    text = rules_text(game_id, language)
    for name in names:
        label = QCoreApplication.translate("Games", OPTION_LABELS[name][0])
        assert f"**{label}**" in text, f"{game_id}.{language}.md does not explain {label!r}"


def test_the_rules_open_in_the_apps_language_and_can_switch(qtbot: QtBot, english: None) -> None:
    i18n.install("it")
    viewer = show_rules("gutters")
    qtbot.addWidget(viewer)
    assert isinstance(viewer, RulesViewer)
    assert viewer.isVisible()
    assert "Non senza il mio gatto" in viewer.browser.toPlainText()
    viewer.language.setCurrentIndex(viewer.language.findData("es"))
    assert "No sin mi gato" in viewer.browser.toPlainText()
    viewer.game.setCurrentIndex(viewer.game.findData("purrfect"))
    assert "Luna" in viewer.browser.toPlainText()
    assert "huellas" in viewer.browser.toPlainText()


def test_asking_for_rules_again_reuses_the_open_window(qtbot: QtBot, english: None) -> None:
    first = show_rules("momistigri")
    qtbot.addWidget(first)
    second = show_rules("purrfect")
    assert second is first
    assert isinstance(first, RulesViewer)
    assert first.current_game() == "purrfect"
    assert "Purrfect" in first.windowTitle()
