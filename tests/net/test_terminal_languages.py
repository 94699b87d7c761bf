"""The terminal speaks the app's language: English, Italian or Spanish (decision 0040).

Every catalogue has the same sentences with the same fields; the language is the app's setting,
else the system's; and a guest plays a whole game of Momistigri at a terminal in Italian, then
in Spanish, reading no English sentence of the catalogue.
"""

import re
import string
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.net.test_terminal_guest import GAME_LENGTH, Terminal, host_table, last_menu
from ui.terminal import speech

__all__ = ["host_table"]  # (the fixture, from the guest's tests)


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_catalogue_has_the_same_sentences_with_the_same_fields() -> None:
    english = speech.catalogue("en")
    for language in ("it", "es"):
        other = speech.catalogue(language)
        assert sorted(other) == sorted(english), language
        for key, template in english.items():
            assert fields(other[key]) == fields(template), (language, key)


def test_the_terminal_speaks_the_apps_language(tmp_path: Path) -> None:
    home = {"LANPURR_HOME": str(tmp_path)}
    assert speech.chosen({**home, "LANG": "it_IT.UTF-8"}) == "it"
    assert speech.chosen({**home, "LC_ALL": "es_AR.UTF-8", "LANG": "it_IT.UTF-8"}) == "es"
    assert speech.chosen({**home, "LANGUAGE": "fr:es", "LANG": "fr_FR.UTF-8"}) == "es"
    assert speech.chosen({**home, "LANG": "C.UTF-8", "LANGUAGE": "it"}) == "en"
    assert speech.chosen({**home, "LANG": "de_DE.UTF-8"}) == "en"
    # The app's Settings win over the system (ui/settings.py writes this file).
    (tmp_path / "settings.ini").write_text("[General]\nlanguage=es\nzoom=1.0\n")
    assert speech.chosen({**home, "LANG": "it_IT.UTF-8"}) == "es"


def test_a_spanish_list_says_e_before_an_i_sound() -> None:
    try:
        speech.use("es")
        assert speech.join_words(["Ana", "Ben", "Inés"]) == "Ana, Ben e Inés"
        assert speech.join_words(["Ana", "Ben"]) == "Ana y Ben"
        speech.use("it")
        assert speech.join_words(["Ana", "Ben"]) == "Ana e Ben"
    finally:
        speech.use("en")


KEY_LINES = {
    "it": (r"Il tuo nome al tavolo: ", r"Scrivi `ready`", r"Inizia la partita 1 di Momistigri",
           r"^Tocca a te: .*$|^Partita finita: .*$", r"^Partita finita: (vince .+|.+ condividono)"),
    "es": (r"Tu nombre en la mesa: ", r"Escribe `ready`", r"Empieza la partida 1 de Momistigri",
           r"^Te toca: .*$|^Fin de la partida: .*$", r"^Fin de la partida: (gana .+|.+ comparten)"),
}  # fmt: skip


def english_sentences(language: str) -> set[str]:
    """The English of the catalogue that its translation does not share: the runs of words
    between a template's fields (two words or more), each a piece of an English sentence."""
    translated = speech.catalogue(language)
    pieces: set[str] = set()
    for key, template in speech.catalogue("en").items():
        for literal, *_ in string.Formatter().parse(template):
            for piece in re.split(r"[\n():;`\"]", literal):
                piece = piece.strip(" .,!?-…")
                if len(re.findall(r"[A-Za-z]+", piece)) >= 2 and piece not in translated[key]:
                    pieces.add(piece)
    return pieces


@pytest.mark.parametrize("language", ["it", "es"])
def test_a_guest_plays_a_whole_game_at_a_terminal_in_its_language(
    tmp_path: Path,
    host_table: Callable[..., tuple[int, object]],
    monkeypatch: pytest.MonkeyPatch,
    language: str,
) -> None:
    name_prompt, ready_hint, started, turn_or_over, over = KEY_LINES[language]
    port, _ = host_table("momistigri", 3, 1)
    monkeypatch.setenv("LANPURR_HOME", str(tmp_path / "settings"))  # (no settings: the system's)
    monkeypatch.setenv("LANG", f"{language}_{language.upper()}.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)
    guest = Terminal(tmp_path / "guest", f"127.0.0.1:{port}", "--interface", "127.0.0.1")
    try:
        guest.wait_for(name_prompt)
        guest.type("Ana")
        guest.wait_for(ready_hint)
        guest.type("help")
        guest.type("ready")
        guest.wait_for(started, 120)
        while True:  # (the first choice, a step at a time, until the game is over)
            found = guest.wait_for(turn_or_over, GAME_LENGTH)
            if re.match(over, found.group(0)):
                break
            menu = last_menu(guest.text[: found.start()] + "Your turn:")
            guest.type(str(next((n for n, _ in menu if n), 1)))  # (never 0: back)
        transcript = guest.text
    finally:
        guest.stop()
    assert "Traceback" not in transcript
    leaked = sorted(piece for piece in english_sentences(language) if piece in transcript)
    assert not leaked, f"English in the {language} terminal: {leaked}\n{transcript[-3000:]}"
