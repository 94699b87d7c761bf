"""English, Italian and Spanish: the system language by default, switching live, and catalogues
that cover every string in the app and match their compiled files."""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from ui import i18n
from ui.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = ROOT / "ui" / "i18n"


def qt_tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    assert found, f"{name} is not installed next to {sys.executable}; install PySide6"
    return found


class FakeLocale:
    def __init__(self, languages: list[str]) -> None:
        self.languages = languages

    def uiLanguages(self) -> list[str]:
        return self.languages


@pytest.mark.parametrize(
    ("system", "expected"),
    [(["it-IT", "en-US"], "it"), (["es_AR"], "es"), (["de-DE", "es-ES"], "es"), (["ja-JP"], "en")],
)
def test_the_default_language_is_the_systems_when_lanpurr_speaks_it(
    monkeypatch: pytest.MonkeyPatch, system: list[str], expected: str
) -> None:
    monkeypatch.setattr(i18n.QLocale, "system", staticmethod(lambda: FakeLocale(system)))
    assert i18n.resolve("") == expected
    assert i18n.resolve("it") == "it"  # an explicit choice wins over the system


@pytest.mark.parametrize(
    ("language", "play", "network", "title"),
    [
        ("en", "Play", "Tables on this network", "Choose a game"),
        ("it", "Gioca", "Tavoli su questa rete", "Scegli un gioco"),
        ("es", "Jugar", "Mesas en esta red", "Elige un juego"),
    ],
)
def test_the_lobby_speaks_the_chosen_language(
    qtbot: QtBot, english: None, language: str, play: str, network: str, title: str
) -> None:
    from ui.main_window import MainWindow

    i18n.install(language)
    window = MainWindow(Settings(name="Ana", language=language), start_network=False)
    qtbot.addWidget(window)
    assert window.lobby.cards["momistigri"].play_button.text() == play
    assert window.lobby.network.title.text() == network
    assert title in window.windowTitle()


def test_plural_forms_follow_the_number(qtbot: QtBot, english: None) -> None:
    from ui.lobby.game_card import players_text

    assert players_text(1, 1) == "1 player"
    i18n.install("it")
    assert players_text(1, 1) == "1 giocatore"
    assert players_text(2, 2) == "2 giocatori"
    i18n.install("es")
    assert players_text(4, 4) == "4 jugadores"


def test_changing_the_language_in_settings_applies_at_once(qtbot: QtBot, english: None) -> None:
    from ui.main_window import MainWindow

    window = MainWindow(Settings(name="Ana", language="en"), start_network=False)
    qtbot.addWidget(window)
    window.lobby.network.set_unavailable("offline for this test")
    window.apply_settings(Settings(name="Ana", language="es"))
    assert i18n.current_language() == "es"
    assert window.lobby.cards["gutters"].name_label.text() == "No sin mi gato"
    assert window.lobby.network.hint_text() == "offline for this test"  # state kept
    window.apply_settings(Settings(name="Ana", language="it"))
    assert window.lobby.cards["gutters"].name_label.text() == "Non senza il mio gatto"


def messages(ts_file: Path) -> dict[tuple[str, str], ET.Element]:
    found = {}
    for context in ET.parse(ts_file).getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            found[(name, message.findtext("source", ""))] = message
    return found


def is_finished(message: ET.Element) -> bool:
    translation = message.find("translation")
    if translation is None or translation.get("type") in ("unfinished", "vanished", "obsolete"):
        return False
    if message.get("numerus") == "yes":
        forms = [form.text for form in translation.iter("numerusform")]
        return len(forms) >= 2 and all(forms)
    return bool(translation.text)


@pytest.mark.parametrize("language", ["it", "es"])
def test_every_string_in_the_app_is_translated(tmp_path: Path, language: str) -> None:
    extracted = tmp_path / f"all_{language}.ts"
    terminal = ROOT / "ui" / "terminal"  # (no Qt: its own catalogues, ui/terminal/speech.py)
    sources = sorted(str(p) for p in (ROOT / "ui").rglob("*.py") if terminal not in p.parents)
    done = subprocess.run(
        [qt_tool("pyside6-lupdate"), *sources, "-ts", str(extracted)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    wanted = messages(extracted)
    assert len(wanted) > 50, "lupdate found almost nothing; is it reading ui/?"
    have: dict[tuple[str, str], ET.Element] = {}
    for catalogue in sorted(CATALOGUES.glob(f"*_{language}.ts")):
        have.update(messages(catalogue))
    missing = [f"{ctx}: {text!r}" for ctx, text in wanted if (ctx, text) not in have]
    unfinished = [
        f"{ctx}: {text!r}"
        for (ctx, text) in wanted
        if (ctx, text) in have and not is_finished(have[(ctx, text)])
    ]
    assert not missing, f"not in any *_{language}.ts (run lupdate):\n" + "\n".join(missing)
    assert not unfinished, f"untranslated in *_{language}.ts:\n" + "\n".join(unfinished)


@pytest.mark.parametrize("ts_file", sorted(CATALOGUES.glob("*.ts")), ids=lambda path: path.name)
def test_compiled_catalogues_match_their_sources(tmp_path: Path, ts_file: Path) -> None:
    compiled = tmp_path / ts_file.with_suffix(".qm").name
    done = subprocess.run(
        [qt_tool("pyside6-lrelease"), "-silent", str(ts_file), "-qm", str(compiled)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    committed = ts_file.with_suffix(".qm")
    assert committed.exists(), f"{committed.name} is missing: run lrelease on {ts_file.name}"
    assert committed.read_bytes() == compiled.read_bytes(), (
        f"{committed.name} is out of date: run pyside6-lrelease {ts_file.name}"
    )


@pytest.mark.parametrize(("language", "yes", "no"), [("it", "Sì", "No"), ("es", "Sí", "No")])
def test_qts_own_buttons_speak_the_chosen_language(
    qtbot: QtBot, english: None, language: str, yes: str, no: str
) -> None:
    from PySide6.QtWidgets import QMessageBox

    i18n.install(language)
    box = QMessageBox(
        QMessageBox.Icon.Question,
        "?",
        "?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
    )
    qtbot.addWidget(box)
    assert box.button(QMessageBox.StandardButton.Yes).text().replace("&", "") == yes
    assert box.button(QMessageBox.StandardButton.No).text().replace("&", "") == no


@pytest.mark.parametrize(
    ("language", "leave", "stay"), [("it", "Esci", "Resta"), ("es", "Salir", "Quedarme")]
)
def test_leaving_a_game_asks_with_buttons_in_the_chosen_language(
    qtbot: QtBot, english: None, language: str, leave: str, stay: str
) -> None:
    from PySide6.QtWidgets import QMessageBox, QWidget

    from ui.tables.screen import leave_question

    i18n.install(language)
    parent = QWidget()
    qtbot.addWidget(parent)
    box = leave_question(parent)
    assert box.button(QMessageBox.StandardButton.Yes).text() == leave
    assert box.button(QMessageBox.StandardButton.No).text() == stay


def test_the_table_catalogue_reads_every_module_of_the_tables() -> None:
    from ui.i18n.build import PARTS

    tables = set((ROOT / "ui" / "tables").rglob("*.py"))
    assert any(path.parent.name == "momistigri" for path in tables)  # the games' sub-packages
    assert set(PARTS["tables"]) == tables
    assert not tables & set(PARTS["app"])


def test_table_strings_with_plural_forms_are_still_asked_with_a_number(tmp_path: Path) -> None:
    """lupdate sees a plural only in `self.tr(text, "", n)` (not in `translate(ctx, text, "", n)`
    with a variable n); a plural asked the other way would lose its forms at the next build."""
    extracted = tmp_path / "tables.ts"
    sources = sorted(str(path) for path in (ROOT / "ui" / "tables").rglob("*.py"))
    done = subprocess.run(
        [qt_tool("pyside6-lupdate"), *sources, "-ts", str(extracted)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    asked = {key for key, m in messages(extracted).items() if m.get("numerus") == "yes"}
    plural = {
        key for key, m in messages(CATALOGUES / "tables_it.ts").items() if m.get("numerus") == "yes"
    }
    assert plural, "the table catalogue has no plural forms; is it the right file?"
    assert not plural - asked, f"asked without a number: {sorted(plural - asked)}"
