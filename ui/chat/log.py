"""What was said at a table: chat lines and emotes, kept for the waiting room and the game alike.

A line from a peer is text that peer chose. It is cleaned (net.text.clean), cut to LINE_LIMIT
characters, and each sender may only say so much: past a burst of BURST lines, one line every
REFILL_S seconds; the rest is dropped with one note per flood, so a peer that floods can neither
freeze the window nor push everyone else's lines out of sight. The same limit holds for me, so
that what I see is what the others see.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal

from net.text import clean

LINE_LIMIT = 200
"""Characters of one chat line (the line to type takes no more either)."""
RAW_LIMIT = 1000
"""Characters of a peer's message looked at at all: a megabyte of text is cut before cleaning."""
KEPT = 100
"""Lines kept (and shown, scrolling) per table."""
BURST = 5
REFILL_S = 2.0
EMOTES = ("meow", "laugh", "turn")
"""The one-click emotes: a cat's meow, a laugh, "your turn!"."""


@dataclass(frozen=True)
class ChatLine:
    name: str
    """Who said it ("" for a note of the table itself)."""
    text: str = ""
    emote: str = ""
    """One of EMOTES, or "" for text."""
    mine: bool = False


def line_from(name: str, data: Any) -> ChatLine | None:
    """The chat line a table message carries (text, or {"emote": one of EMOTES}), else None."""
    who = clean(name[:RAW_LIMIT], 32) or "?"
    if isinstance(data, str):
        text = clean(data[:RAW_LIMIT], LINE_LIMIT)
        return ChatLine(who, text) if text else None
    if isinstance(data, dict) and len(data) == 1 and data.get("emote") in EMOTES:
        return ChatLine(who, emote=str(data["emote"]))
    return None


class _Allowance:
    """A sender's right to speak: BURST lines at once, then one every REFILL_S seconds."""

    def __init__(self, now: float) -> None:
        self.tokens = float(BURST)
        self.at = now
        self.warned = False

    def take(self, now: float) -> bool:
        self.tokens = min(float(BURST), self.tokens + (now - self.at) / REFILL_S)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.warned = False
            return True
        return False


class ChatLog(QObject):
    """The lines of one table, newest last."""

    added = Signal(object)
    """A ChatLine that is now in the log."""
    flooding = Signal(str)
    """The name of a sender whose lines are being dropped (said once per flood)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.lines: deque[ChatLine] = deque(maxlen=KEPT)
        self._clock = clock
        self._allowances: dict[str, _Allowance] = {}

    def offer(self, sender: str, line: ChatLine) -> bool:
        """Keep `line` from `sender` (a key or "me") if the sender is within the limit."""
        now = self._clock()
        allowance = self._allowances.setdefault(sender, _Allowance(now))
        if not allowance.take(now):
            if not allowance.warned:
                allowance.warned = True
                self.flooding.emit(line.name)
            return False
        self.lines.append(line)
        self.added.emit(line)
        return True
