"""Shared fixtures for the app's tests: offscreen Qt, a private lanpurr home, English, default
theme. Nothing here touches the real home directory or the real network."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def lanpurr_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh home for settings and identity, so tests never see or change the real one."""
    home = tmp_path / "lanpurr-home"
    home.mkdir()
    monkeypatch.setenv("LANPURR_HOME", str(home))
    return home


@pytest.fixture
def english(qapp: object) -> Iterator[None]:
    """The app in English with the default theme, restored after the test."""
    from ui import i18n, theme

    i18n.install("en")
    theme.set_theme(theme.Theme())
    yield
    i18n.install("en")
    theme.set_theme(theme.Theme())


@pytest.fixture
def closing_never_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    """For the app scripts that other tests run in a subprocess, where nobody can answer a
    dialog: closing the window of a failed game (pytest-qt closes it at teardown) leaves without
    the "Leave the table?" question, which would otherwise wait forever and hide the failure."""
    monkeypatch.setattr("ui.tables.screen.ask_to_leave", lambda parent, *how: True)


@pytest.fixture(autouse=True)
def sounds() -> Iterator[object]:
    """A sound player that never opens the computer's audio device; `played` lists what the
    app asked to hear (tests/ui/test_sound.py checks the real device path on its own)."""
    from ui.sound.player import SoundPlayer, player, use_player

    before = player()
    recording = use_player(SoundPlayer(opener=lambda mixer: None))
    yield recording
    use_player(before)
