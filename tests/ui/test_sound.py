"""Sounds: made by code, mixed, played at the chosen volume or not at all, heard at the tables,
and silent without a crash where a computer has no audio output."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from lanpurr.games.purrfect.meows import MEOW_WORDS
from tests.ui.test_table_momistigri import my_move
from tests.ui.test_table_purrfect import select, unlocked_by_cat
from tests.ui.test_tables_support import click, no_animations, open_table, wait_for
from ui.settings import Settings, SettingsDialog, load_settings, save_settings
from ui.sound import synth
from ui.sound.mixer import Mixer
from ui.sound.player import SoundPlayer
from ui.tables.momistigri.view import MomistigriTable
from ui.tables.purrfect.view import PurrfectTable

ROOT = Path(__file__).resolve().parent.parent.parent


def pitch(samples: synth.Samples, start: float, seconds: float = 0.03) -> float:
    """The pitch (Hz) around `start` (a fraction of the sound), from its zero crossings."""
    a = round(len(samples) * start)
    window = samples[a : a + round(seconds * synth.RATE)]
    crossings = sum(1 for x, y in itertools.pairwise(window) if (x < 0) != (y < 0))
    return crossings / 2 / (len(window) / synth.RATE)


def test_every_cue_is_a_short_sound_that_is_neither_silent_nor_clipped() -> None:
    for cue in [*synth.CUES, "meow:Nyaong"]:
        samples = synth.render(cue)
        assert 0.05 < len(samples) / synth.RATE < 1.5, cue
        loudest = max(abs(v) for v in samples)
        assert 0.5 * 32767 < loudest <= 0.81 * 32767, cue
        # It ends softly, without a click.
        assert max(abs(v) for v in samples[-20:]) < 0.05 * 32767, cue


def test_a_meow_glides_up_then_down_and_every_meow_word_has_its_own_voice() -> None:
    meow = synth.render("meow:Miao")
    start, middle, end = pitch(meow, 0.05), pitch(meow, 0.4), pitch(meow, 0.85)
    assert middle > start * 1.2 and middle > end * 1.2, (start, middle, end)
    voices = {synth.render(f"meow:{word}").tobytes() for word in MEOW_WORDS}
    assert len(voices) == len(MEOW_WORDS)
    # The same word sounds the same on every laptop: it depends on the word alone.
    assert synth.meow_shape("Nyan") == synth.meow_shape("Nyan") != synth.meow_shape("Nyaa")


def test_the_mixer_adds_cues_up_at_their_gain_and_falls_silent_after() -> None:
    mixer = Mixer(voices=2)
    a = synth.render("play")
    b = synth.render("draw")
    mixer.add(a, 0.5)
    mixer.add(b, 0.25)
    block = mixer.render(64)
    assert list(block) == [round(x * 0.5 + y * 0.25) for x, y in zip(a[:64], b[:64], strict=True)]
    while mixer.busy():
        mixer.render(512)
    assert set(mixer.render(128)) == {0}
    # A third cue at once pushes out the oldest: a burst of moves never piles up.
    for cue in ("play", "draw", "turn"):
        mixer.add(synth.render(cue), 1.0)
    mixer.render(1)
    assert mixer.voices == 2 and len(mixer._playing) == 2


def test_muted_or_at_volume_zero_nothing_plays_and_a_cue_is_not_doubled_in_a_burst() -> None:
    opened: list[Mixer] = []
    sounds = SoundPlayer(opener=lambda mixer: opened.append(mixer) or None)
    sounds.configure(volume=0, muted=False)
    assert not sounds.play("turn")
    sounds.configure(volume=80, muted=True)
    assert not sounds.play("turn")
    assert not opened and not sounds.mixer.busy()
    sounds.configure(volume=80, muted=False)
    assert sounds.play("turn")
    assert not sounds.play("turn")  # the same cue a moment later: once is enough
    assert sounds.play("draw")
    assert not sounds.play("no such sound")
    assert sounds.wait_open() is None and opened == [sounds.mixer]  # opened once, in the back
    assert list(sounds.played) == ["turn", "draw"]
    sounds.configure(volume=50, muted=False)
    quieter = sounds.gain
    sounds.configure(volume=100, muted=False)
    assert 0 < quieter < sounds.gain == 1.0


def test_without_an_audio_output_the_app_is_silent_and_says_so_in_one_log_line(
    tmp_path: Path,
) -> None:
    """The real device path (miniaudio), on a computer made to have no sound at all: no card
    ALSA knows of, no sound server to reach."""
    empty = tmp_path / "alsa.conf"
    empty.write_text("")
    script = (
        "import json, logging, sys\n"
        "records = []\n"
        "class Keep(logging.Handler):\n"
        "    def emit(self, record): records.append(record.getMessage())\n"
        "logging.getLogger().addHandler(Keep()); logging.getLogger().setLevel(logging.DEBUG)\n"
        "from ui.sound.player import SoundPlayer\n"
        "sounds = SoundPlayer()\n"
        "played = sounds.play('turn') and sounds.play('meow:Nyan')\n"
        "device = sounds.wait_open()\n"
        "print(json.dumps({'played': played, 'device': device is not None, 'log': records}))\n"
    )
    env = {**os.environ, "ALSA_CONFIG_PATH": str(empty), "PULSE_SERVER": "unix:/nonexistent",
           "JACK_NO_START_SERVER": "1", "PYTHONPATH": str(ROOT)}  # fmt: skip
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, timeout=60, cwd=str(ROOT))  # fmt: skip
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout.strip().splitlines()[-1])
    assert said["played"] and not said["device"]
    assert len(said["log"]) == 1 and said["log"][0].startswith("no sound"), said["log"]
    assert "ALSA lib" not in done.stderr and "Traceback" not in done.stderr


def test_a_momistigri_table_sounds_the_deal_draws_discards_my_turn_and_the_rounds_end(
    qtbot: QtBot, sounds: SoundPlayer
) -> None:
    with no_animations():
        screen = open_table(qtbot, "momistigri", 3, "random", seed=4)
        view = screen.view
        assert isinstance(view, MomistigriTable)
        deadline = time.monotonic() + 120
        while view.round_result is None and time.monotonic() < deadline:
            my_move(qtbot, view)
            qtbot.wait(10)
        assert view.round_result is not None, "the round did not end"
    heard = set(sounds.played)
    assert {"deal", "draw", "turn", "round_end"} <= heard, heard
    assert heard & {"play", "trade"}, heard


def test_a_purrfect_offer_says_its_meow_word_aloud(qtbot: QtBot, sounds: SoundPlayer) -> None:
    with no_animations():
        screen = open_table(qtbot, "purrfect", 4, "random", seed=5)
        view = screen.view
        assert isinstance(view, PurrfectTable)
        wait_for(qtbot, lambda: view.state.phase == "round")
        assert "turn" in sounds.played  # everyone plays at once: the round's start is my turn
        cards = max(unlocked_by_cat(view).values(), key=len)[:2]
        select(qtbot, view, cards)
        click(qtbot, view, ("button", "offer"))
        word = view.offer_word(view.seat)
        wait_for(qtbot, lambda: f"meow:{word}" in sounds.played)


def test_my_turn_asks_for_attention_only_when_the_window_is_not_in_front(
    qtbot: QtBot, sounds: SoundPlayer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QApplication, QWidget

    from lanpurr.games.momistigri.events import TurnEnded, TurnStarted

    alerts: list[QWidget] = []
    monkeypatch.setattr(QApplication, "alert", lambda widget, ms=0: alerts.append(widget))
    screen = open_table(qtbot, "momistigri", 3, "random", seed=4)
    view = screen.view
    me, other = view.seat, (view.seat + 1) % 3
    screen.activateWindow()
    qtbot.waitUntil(screen.isActiveWindow, timeout=3000)
    sounds.played.clear()
    for seat in (other, me):
        view.event_shown.emit(TurnStarted(seat, (seat + 2) % 3, 1))
    assert alerts == [] and list(sounds.played) == ["turn"]
    view.event_shown.emit(TurnEnded(me, passed=True))
    elsewhere = QWidget()
    qtbot.addWidget(elsewhere)
    elsewhere.show()
    elsewhere.activateWindow()
    qtbot.waitUntil(lambda: not screen.isActiveWindow(), timeout=3000)
    for seat in (other, me):
        time.sleep(0.1)  # past the guard against a cue doubled in one burst
        view.event_shown.emit(TurnStarted(seat, (seat + 2) % 3, 2))
    assert alerts == [screen] and list(sounds.played) == ["turn", "turn"]


def test_volume_and_mute_are_remembered_and_the_tables_speaker_button_mutes_at_once(
    qtbot: QtBot, sounds: SoundPlayer, english: None, closing_never_asks: None
) -> None:
    from ui.main_window import MainWindow

    dialog = SettingsDialog(Settings(name="Ana", volume=35))
    qtbot.addWidget(dialog)
    assert dialog.volume.value() == 35 and not dialog.muted.isChecked()
    dialog.volume.setValue(55)
    dialog.muted.setChecked(True)
    assert not dialog.volume.isEnabled()
    chosen = dialog.chosen()
    assert (chosen.volume, chosen.muted) == (55, True)
    save_settings(chosen)
    assert (load_settings().volume, load_settings().muted) == (55, True)

    window = MainWindow(Settings(name="Ana", volume=55), start_network=False)
    qtbot.addWidget(window)
    window.apply_settings(window.settings)
    assert sounds.volume == 55 and not sounds.muted
    with no_animations():
        table = window.start_local_table("momistigri", 3, {}, "random")
    assert table is not None
    table.sound.click()  # type: ignore[attr-defined]
    assert sounds.muted and not sounds.play("turn")
    assert load_settings().muted and window.settings.muted
    assert table.sound.toolTip() == "Sound is off: click to turn it on"  # type: ignore[attr-defined]
    table.sound.click()  # type: ignore[attr-defined]
    assert not sounds.muted and not load_settings().muted
