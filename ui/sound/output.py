"""The audio device, through miniaudio (docs/decisions/0023-sound.md).

`open_device` starts the system's default output pulling from a `Mixer`, or returns None (after
one log line) where there is no sound: no miniaudio wheel for this computer, no sound card, no
sound server (tests, Xvfb, a headless box). lanpurr then simply plays silently.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Generator
from typing import Any, Protocol

from ui.sound.mixer import Mixer
from ui.sound.synth import RATE

log = logging.getLogger(__name__)
BUFFER_MS = 60
"""Short enough that a card's sound comes with its card, long enough not to stutter."""


class Device(Protocol):
    def close(self) -> None: ...


def _stream(mixer: Mixer) -> Generator[Any, int, None]:
    """What the device pulls: it sends how many frames it wants, gets them mixed."""
    frames = yield b""
    while True:
        frames = yield mixer.render(frames)


_alsa_quiet: list[Any] = []
"""The no-op error handler given to ALSA (kept alive: ALSA holds a pointer to it)."""


def _quiet_alsa() -> None:
    """ALSA prints a dozen lines to the terminal when a computer has no sound card; lanpurr
    says so once in its own log instead."""
    if not sys.platform.startswith("linux") or _alsa_quiet:
        return
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("asound") or "libasound.so.2"
    with contextlib.suppress(OSError, AttributeError):
        alsa = ctypes.CDLL(name)
        handler_type = ctypes.CFUNCTYPE(
            None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p
        )
        handler = handler_type(lambda *args: None)
        alsa.snd_lib_error_set_handler(handler)
        _alsa_quiet.append(handler)


def open_device(mixer: Mixer) -> Device | None:
    """The default output playing `mixer`, or None (logged once) where there is no sound."""
    try:
        import miniaudio
    except ImportError:
        log.info("no sound: the miniaudio package is not installed on this computer")
        return None
    _quiet_alsa()
    try:
        device = miniaudio.PlaybackDevice(
            output_format=miniaudio.SampleFormat.SIGNED16,
            nchannels=1,
            sample_rate=RATE,
            buffersize_msec=BUFFER_MS,
            app_name="lanpurr",
        )
    except Exception as error:  # miniaudio raises its own error, or an OSError from a driver
        log.info("no sound: this computer has no audio output lanpurr can use (%s)", error)
        return None
    stream = _stream(mixer)
    next(stream)
    try:
        device.start(stream)
    except Exception as error:
        device.close()
        log.info("no sound: the audio output would not start (%s)", error)
        return None
    return device  # type: ignore[no-any-return]
