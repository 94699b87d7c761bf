"""lanpurr's sounds, made by code: short tones, chirps, swishes and meows as 16-bit samples.

Nothing here is recorded or taken from elsewhere: every sound is a few sine partials or a bit
of filtered noise under an envelope, computed when it is first needed (a few milliseconds) and
kept. Plain Python, no Qt and no audio device, so tests can listen by looking at the numbers.
"""

from __future__ import annotations

import math
import random
import zlib
from array import array
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TypeAlias

RATE = 22050
"""Samples a second: plenty for sounds that stay below 5 kHz, and half the work of 44.1 kHz."""
PEAK = 0.8
"""The loudest a cue reaches before the player's volume (room for two cues at once)."""

Samples: TypeAlias = "array[int]"
"""Mono, signed 16-bit (array("h"))."""


def _seconds(length: float) -> int:
    return max(1, round(length * RATE))


def _envelope(i: int, n: int, attack: float, release: float) -> float:
    """A smooth rise over `attack` seconds and fall over the last `release` seconds."""
    a, r = max(1, round(attack * RATE)), max(1, round(release * RATE))
    level = 1.0
    if i < a:
        level = math.sin(0.5 * math.pi * i / a)
    if i > n - r:
        level *= max(0.0, (n - i) / r) ** 2
    return level


def _to_samples(values: Sequence[float]) -> Samples:
    """Floats scaled so the loudest is PEAK, as 16-bit samples."""
    top = max((abs(v) for v in values), default=0.0) or 1.0
    scale = PEAK * 32767 / top
    return array("h", (round(v * scale) for v in values))


def _bell(freq: float, length: float, decay: float) -> list[float]:
    """A soft bell: a few partials, the upper ones dying faster."""
    n = _seconds(length)
    partials = ((1.0, 1.0), (2.0, 0.35), (3.01, 0.12), (4.2, 0.05))
    out = []
    for i in range(n):
        t = i / RATE
        v = sum(w * math.sin(2 * math.pi * freq * k * t) * math.exp(-t * k / decay)
                for k, w in partials)  # fmt: skip
        out.append(v * _envelope(i, n, 0.004, 0.02))
    return out


def _notes(pitches: Sequence[float], step: float, ring: float, decay: float) -> list[float]:
    """Bells one after another, `step` seconds apart, the last ringing `ring` seconds."""
    total = _seconds(step * (len(pitches) - 1) + ring)
    out = [0.0] * total
    for index, freq in enumerate(pitches):
        start = _seconds(step * index)
        length = ring if index == len(pitches) - 1 else step * 2.2
        for i, v in enumerate(_bell(freq, length, decay)):
            if start + i < total:
                out[start + i] += v
    return out


def _swish(length: float, low: float, high: float, seed: int) -> list[float]:
    """Filtered noise whose brightness sweeps from `low` to `high`: a card sliding."""
    noise = random.Random(seed)
    n = _seconds(length)
    out, smooth = [], 0.0
    for i in range(n):
        cutoff = low + (high - low) * i / n
        alpha = 1 - math.exp(-2 * math.pi * cutoff / RATE)
        smooth += alpha * (noise.uniform(-1, 1) - smooth)
        out.append(smooth * _envelope(i, n, length * 0.3, length * 0.6))
    return out


def _tock(freq: float, length: float) -> list[float]:
    """A card laid on the felt: a low knock with a short click on top."""
    n = _seconds(length)
    noise = random.Random(3)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        phase += 2 * math.pi * freq * (1 + 0.6 * math.exp(-t * 60)) / RATE
        body = math.sin(phase) * math.exp(-t * 35)
        click = noise.uniform(-1, 1) * math.exp(-t * 400) * 0.5
        out.append((body + click) * _envelope(i, n, 0.001, 0.01))
    return out


def _mix(*parts: tuple[float, list[float]]) -> list[float]:
    """Lay `(start seconds, values)` parts over each other."""
    total = max(_seconds(start) + len(values) for start, values in parts)
    out = [0.0] * total
    for start, values in parts:
        offset = _seconds(start)
        for i, v in enumerate(values):
            out[offset + i] += v
    return out


# -- a meow -------------------------------------------------------------------------------


def meow_shape(word: str) -> dict[str, float]:
    """How a meow word sounds: its pitch, length, where the pitch peaks, its vibrato and trill.
    Each word gets its own voice (from its letters), the same on every laptop."""
    lower = word.lower()
    spread = zlib.crc32(word.encode("utf-8")) / 0xFFFFFFFF
    vowels = sum(1 for i, ch in enumerate(lower) if ch in "aeiouyäáň" and
                 (i == 0 or lower[i - 1] not in "aeiouyäá"))  # fmt: skip
    return {
        "pitch": 430 + 300 * spread,
        "length": min(0.62, 0.26 + 0.09 * max(1, vowels) + 0.012 * len(lower)),
        "peak": 0.3 + 0.25 * ((spread * 7) % 1),
        "vibrato": 5.0 + 2.5 * ((spread * 13) % 1),
        "trill": 1.0 if "rr" in lower else 0.0,
        "nasal": 1.0 if lower.endswith(("ng", "n", "u")) else 0.0,
    }


def _meow(word: str) -> list[float]:
    """A meow: a voice that rises then falls, with vibrato, opening from "m" to "a" and back."""
    shape = meow_shape(word)
    n = _seconds(shape["length"])
    base, peak = shape["pitch"], shape["peak"]
    out, phase = [], 0.0
    for i in range(n):
        x = i / n
        t = i / RATE
        # The contour: from 0.8 of the pitch up to 1.35 at `peak`, then down to 0.7.
        if x < peak:
            rise = math.sin(0.5 * math.pi * x / peak)
            glide = 0.8 + 0.55 * rise
        else:
            fall = (x - peak) / (1 - peak)
            glide = 1.35 - 0.65 * fall**1.4
        vibrato = 1 + 0.025 * math.sin(2 * math.pi * shape["vibrato"] * t) * min(1.0, x * 3)
        phase += 2 * math.pi * base * glide * vibrato / RATE
        # The mouth: closed ("m") at first, open in the middle, closing at the end.
        opening = 0.25 + 0.75 * math.sin(math.pi * x) ** 0.7
        if shape["nasal"]:
            opening *= 1 - 0.6 * max(0.0, x - 0.7) / 0.3
        v = 0.0
        for k in range(1, 7):
            weight = (opening ** (k * 0.6)) / k
            v += weight * math.sin(k * phase)
        if shape["trill"] and x < 0.45:
            v *= 0.65 + 0.35 * math.sin(2 * math.pi * 28 * t)
        out.append(v * _envelope(i, n, 0.025, 0.09))
    return out


# -- the cues -----------------------------------------------------------------------------

C5, E5, G5, A5, C6, E6 = 523.25, 659.26, 783.99, 880.0, 1046.5, 1318.5


def _laugh() -> list[float]:
    """Four short "ha"s, each a little lower: a cat's giggle."""
    parts = []
    for index in range(4):
        pitch = 620 - 55 * index
        n = _seconds(0.09)
        noise = random.Random(index)
        values = []
        phase = 0.0
        for i in range(n):
            phase += 2 * math.pi * pitch * (1 - 0.15 * i / n) / RATE
            voice = sum(math.sin(k * phase) / k for k in range(1, 5))
            breath = noise.uniform(-1, 1) * 0.25
            values.append((voice + breath) * _envelope(i, n, 0.01, 0.05))
        parts.append((0.13 * index, values))
    return _mix(*parts)


CUES: dict[str, Callable[[], list[float]]] = {
    "draw": lambda: _swish(0.16, 900, 3200, seed=1),
    "deal": lambda: _mix(*((0.07 * k, _swish(0.09, 1200, 3000, seed=10 + k)) for k in range(4))),
    "play": lambda: _tock(190, 0.16),
    "rotate": lambda: _mix((0, _tock(420, 0.06)), (0.05, _tock(470, 0.06))),
    "trade": lambda: _mix(
        (0, _swish(0.14, 800, 2600, seed=5)), (0.04, _notes((E5, A5), 0.08, 0.22, 0.12))
    ),
    "turn": lambda: _notes((G5, C6), 0.14, 0.55, 0.35),
    "round_end": lambda: _notes((C5, E5, G5, C6), 0.11, 0.6, 0.3),
    "game_end": lambda: _notes((C5, E5, G5, C6, E6), 0.12, 0.9, 0.45),
    "won": lambda: _notes((G5, C6, E6), 0.08, 0.4, 0.25),
    "chat": lambda: _notes((A5, E6), 0.05, 0.12, 0.06),
    "laugh": _laugh,
}
"""Every cue's recipe. A meow word is a cue of its own: "meow:<word>"."""


@lru_cache(maxsize=64)
def render(cue: str) -> Samples:
    """The samples of `cue` ("draw", "turn", "meow:Nyan", ...); KeyError for an unknown cue."""
    if cue.startswith("meow:"):
        return _to_samples(_meow(cue[5:] or "Meow"))
    return _to_samples(CUES[cue]())
