"""The app's one sound player: cues by name, at the volume the player chose, or none when muted.

The audio device opens in the background the first time a cue plays (so a slow sound server
never holds up a window), and stays open. Where there is no sound the cues go nowhere.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable

from ui.sound import synth
from ui.sound.mixer import Mixer
from ui.sound.output import Device, open_device

log = logging.getLogger(__name__)
REPEAT_S = 0.08
"""A cue asked for again within this time is not played twice (a burst of events at once)."""


class SoundPlayer:
    def __init__(self, opener: Callable[[Mixer], Device | None] = open_device) -> None:
        self.volume = 70
        """0 to 100."""
        self.muted = False
        self.mixer = Mixer()
        self.played: deque[str] = deque(maxlen=100)
        """The cues handed to the mixer, newest last (what a person would have heard)."""
        self._opener = opener
        self._device: Device | None = None
        self._opening: threading.Thread | None = None
        self._last: dict[str, float] = {}

    def configure(self, volume: int, muted: bool) -> None:
        self.volume = max(0, min(100, int(volume)))
        self.muted = bool(muted)

    @property
    def gain(self) -> float:
        """The volume as a loudness factor: the slider's steps sound even to the ear."""
        return 0.0 if self.muted else (self.volume / 100) ** 2

    def play(self, cue: str) -> bool:
        """Play `cue` ("draw", "turn", "meow:Nyan", ...); False if nothing was played (muted,
        volume 0, an unknown cue, or the same cue a moment ago)."""
        gain = self.gain
        if gain <= 0:
            return False
        now = time.monotonic()
        if now - self._last.get(cue, -1.0) < REPEAT_S:
            return False
        try:
            samples = synth.render(cue)
        except KeyError:
            log.debug("no sound called %r", cue)
            return False
        self._last[cue] = now
        self._open()
        self.mixer.add(samples, gain)
        self.played.append(cue)
        return True

    def _open(self) -> None:
        if self._opening is None:
            self._opening = threading.Thread(target=self._open_now, name="lanpurr-sound",
                                             daemon=True)  # fmt: skip
            self._opening.start()

    def _open_now(self) -> None:
        self._device = self._opener(self.mixer)

    def wait_open(self, timeout: float = 5.0) -> Device | None:
        """The device, once the background opening is done (None: no sound here)."""
        if self._opening is not None:
            self._opening.join(timeout)
        return self._device

    def close(self) -> None:
        device, self._device = self.wait_open(), None
        if device is not None:
            device.close()


_player: SoundPlayer | None = None


def player() -> SoundPlayer:
    """The app's sound player."""
    global _player
    if _player is None:
        _player = SoundPlayer()
    return _player


def use_player(new: SoundPlayer) -> SoundPlayer:
    """Make `new` the app's player (tests give one that records instead of sounding)."""
    global _player
    _player = new
    return new
