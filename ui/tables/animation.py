"""Animations that explain what happened, one event after another, and never block.

`Animator` plays a queue of steps. Each step has a base duration (scaled by the animation speed
setting, 0 shows it at once; shorter when the queue has fallen behind) and a callback run when
it starts. While a step runs, `progress()` goes from 0 to 1 and the view paints the moving
piece. `skip()` finishes everything at once; a click on the table calls it.
"""

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QElapsedTimer, QObject, QTimer, Signal

from ui import theme

FRAME_MS = 16
BEHIND_MS = 1500
"""At most this much animation waits in the queue: when events come faster than they play (a
Purrfect table of seven trading at once), each step is shortened so that the table catches up
with the game instead of showing it later and later."""


@dataclass
class Step:
    base_ms: int
    start: Callable[[], None]
    """Shows the step's outcome (sets what the view draws); run when the step begins."""
    tag: str = ""


def ease(t: float) -> float:
    """Ease in and out, so pieces leave gently and land softly."""
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


class Animator(QObject):
    frame = Signal()
    """Something moved: repaint."""
    idle = Signal()
    """The queue ran empty."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._queue: deque[Step] = deque()
        self._current: Step | None = None
        self._duration = 0
        self._clock = QElapsedTimer()
        self._timer = QTimer(self)
        self._timer.setInterval(FRAME_MS)
        self._timer.timeout.connect(self._tick)

    @property
    def current(self) -> Step | None:
        return self._current

    def busy(self) -> bool:
        return self._current is not None or bool(self._queue)

    @property
    def duration_ms(self) -> int:
        """How long the running step plays, in ms (0: none runs)."""
        return self._duration if self._current is not None else 0

    def progress(self) -> float:
        if self._current is None or self._duration <= 0:
            return 1.0
        return ease(self._clock.elapsed() / self._duration)

    def add(self, step: Step) -> None:
        self._queue.append(step)
        if self._current is None:
            self._next()

    def skip(self) -> None:
        """Finish the running step and every queued one at once."""
        while self._current is not None or self._queue:
            self._current = None
            if self._queue:
                step = self._queue.popleft()
                step.start()
        self._timer.stop()
        self.frame.emit()
        self.idle.emit()

    def _next(self) -> None:
        while self._queue:
            step = self._queue.popleft()
            step.start()
            speed = theme.current()
            duration = speed.duration_ms(step.base_ms)
            queued = sum(speed.duration_ms(s.base_ms) for s in self._queue)
            if duration > 0 and queued > BEHIND_MS:
                duration = duration * BEHIND_MS // (queued + duration)
            if duration > 0:
                self._current = step
                self._duration = duration
                self._clock.start()
                self._timer.start()
                self.frame.emit()
                return
        self._current = None
        self._timer.stop()
        self.frame.emit()
        self.idle.emit()

    def _tick(self) -> None:
        if self._current is not None and self._clock.elapsed() >= self._duration:
            self._current = None
            self._next()
        else:
            self.frame.emit()
