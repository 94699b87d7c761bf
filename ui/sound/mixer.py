"""Several cues at once: the mixer the audio device pulls samples from.

The UI thread adds cues; the audio device's own thread takes the mixed samples. A deque hands
the cues over (its append and popleft are safe between threads), so neither waits for the other.
"""

from __future__ import annotations

from array import array
from collections import deque
from dataclasses import dataclass

from ui.sound.synth import Samples

VOICES = 5
"""Cues that sound at once; a newer one pushes the oldest out (a burst of moves stays clear)."""


@dataclass
class _Voice:
    samples: Samples
    gain: float
    position: int = 0


class Mixer:
    def __init__(self, voices: int = VOICES) -> None:
        self.voices = voices
        self._incoming: deque[tuple[Samples, float]] = deque(maxlen=voices * 2)
        self._playing: list[_Voice] = []
        """The cues sounding now (the device thread's alone)."""
        self._silence = array("h")

    def add(self, samples: Samples, gain: float) -> None:
        """Start `samples` at `gain` (0 to 1) with the next block the device asks for."""
        if gain > 0 and len(samples):
            self._incoming.append((samples, gain))

    def busy(self) -> bool:
        return bool(self._incoming or self._playing)

    def render(self, frames: int) -> Samples:
        """The next `frames` samples: every sounding cue added up, clipped to 16 bits."""
        while self._incoming:
            samples, gain = self._incoming.popleft()
            self._playing.append(_Voice(samples, gain))
        del self._playing[: max(0, len(self._playing) - self.voices)]
        if not self._playing:
            if len(self._silence) != frames:
                self._silence = array("h", bytes(2 * frames))
            return self._silence
        mixed = [0.0] * frames
        for voice in self._playing:
            gain = voice.gain
            chunk = voice.samples[voice.position : voice.position + frames]
            for i, value in enumerate(chunk):
                mixed[i] += value * gain
            voice.position += frames
        self._playing = [v for v in self._playing if v.position < len(v.samples)]
        return array("h", (max(-32768, min(32767, round(v))) for v in mixed))
