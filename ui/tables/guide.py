"""The Learn-to-play guide on a table: it rings the piece to click and says why, in a bubble.

A `Guide` sits on a table view (`TableView.guide`). Each time the view is painted it asks the
game's coach (each game's `coach.py`) for the next `Hint`: a line of words and the key of the
piece to click (a card, a button, an arrow), the same keys the view registers for clicks. The
guide rings that piece, draws a speech bubble beside it where it covers the least of what can be
clicked or read, says each rule worth knowing once, and gets out of the way once the player has
finished the tutorial or skips it. It never blocks: the table takes every click as usual.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPen

from ui import theme
from ui.tables.canvas import Key
from ui.tables.table_text import table_font
from ui.tables.table_view import TableView


@dataclass(frozen=True)
class Hint:
    text: str
    """What to do now, in a sentence or two."""
    target: Key | None = None
    """The piece to click (None: nothing to click now, watch the others)."""
    lesson: str = ""
    """A rule of the game worth knowing at this moment; said once, the first time."""
    final: bool = False
    """The last hint: the tutorial is over once it is read (or its target clicked)."""


class Guide:
    """The tutorial's hints on one table view."""

    BUBBLE_W = 400.0

    def __init__(self, view: TableView, coach: Callable[[TableView], Hint]) -> None:
        self.view = view
        self.coach = coach
        self.lessons_said: set[str] = set()
        self.hint: Hint | None = None
        """The hint shown last."""
        self.lesson = ""
        """The lesson shown with it (kept while the hint stays the same)."""
        self.done = False
        self.bubble = QRectF()
        self.skip_text = QCoreApplication.translate("Tutorial", "Skip the tutorial")
        self.close_text = QCoreApplication.translate("Tutorial", "Close")

    # -- what the table asks ------------------------------------------------------------------

    def current(self) -> Hint | None:
        """The hint for the table as it is now (kept as it was while an animation plays)."""
        if self.done:
            return None
        if self.view.animator.busy() and self.hint is not None:
            return Hint(self.hint.text, None, self.hint.lesson, self.hint.final)
        hint = self.coach(self.view)
        if hint != self.hint:
            self.lesson = ""
            if hint.lesson and hint.lesson not in self.lessons_said:
                self.lessons_said.add(hint.lesson)
                self.lesson = hint.lesson
            self.hint = hint
        return hint

    def target(self) -> Key | None:
        """The key of the piece the hint points at, if the table shows it now."""
        hint = self.current()
        if hint is None or hint.target is None:
            return None
        return hint.target if hint.target in self.view.clickable() else None

    def pressed(self, what: str) -> None:
        if what in ("skip", "close"):
            self.finish()
            self.view.banner_changed.emit()

    def clicked(self, key: Key) -> None:
        """The player clicked a piece of the table: the final hint's target ends the tour."""
        if self.hint is not None and self.hint.final and key == self.hint.target:
            self.finish()

    def finish(self) -> None:
        self.done = True
        self.view.guide = None
        self.view.update()

    # -- painting -----------------------------------------------------------------------------

    def paint(self, p: QPainter) -> None:
        view = self.view
        hint = self.current()
        if hint is None:
            return
        t = theme.current()
        target = None
        if hint.target is not None:
            target = next((r for r, k in view.regions if k == hint.target), None)
        text = f"{self.lesson}\n\n{hint.text}" if self.lesson else hint.text
        font = table_font(theme.FontRole.BODY, 15)
        w = min(self.BUBBLE_W, view.width() * 0.5)
        text_h = (
            QFontMetricsF(font)
            .boundingRect(QRectF(0, 0, w - 28, 10000), int(Qt.TextFlag.TextWordWrap), text)
            .height()
        )
        title_h = 28.0
        button_h = 36.0
        h = 12 + title_h + text_h + 10 + button_h + 12
        self.bubble = self.place(QRectF(0, 0, w, h), target)
        b = self.bubble
        if target is not None and not _is_guide(hint.target):
            p.save()
            p.setPen(QPen(t.color("accent"), 5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(target.adjusted(-6, -6, 6, 6), 10, 10)
            p.setPen(QPen(t.color("accent"), 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawLine(_edge_towards(b, target.center()), _edge_towards(target, b.center()))
            p.restore()
        p.save()
        p.setPen(QPen(t.color("accent_dark"), 3))
        p.setBrush(QBrush(t.color("cream")))
        p.drawRoundedRect(b, 14, 14)
        p.restore()
        view.region(b, ("guide", "bubble"))
        ink = t.color("ink")
        view.label(
            p,
            QRectF(b.left() + 14, b.top() + 10, w - 28, title_h),
            QCoreApplication.translate("Tutorial", "Learn to play"),
            px=17,
            role=theme.FontRole.HEADING,
            colour=QColor(t.palette.accent_dark),
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )
        view.label(
            p,
            QRectF(b.left() + 14, b.top() + 12 + title_h, w - 28, text_h),
            text,
            px=15,
            colour=ink,
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
        )
        label = self.close_text if hint.final else self.skip_text
        bw = min(w - 28, 200.0)
        view.button(
            p,
            QRectF(b.right() - 14 - bw, b.bottom() - 12 - button_h, bw, button_h),
            label,
            ("guide", "close" if hint.final else "skip"),
        )

    def place(self, bubble: QRectF, target: QRectF | None) -> QRectF:
        """Where the bubble covers the least of what can be clicked, and never the target;
        the middle of the table if it is free."""
        view = self.view
        margin = 12.0
        w, h = bubble.width(), bubble.height()
        right = view.width() - w - margin
        bottom = view.height() - h - margin
        middle_x = (view.width() - w) / 2
        middle_y = (view.height() - h) / 2
        spots = [
            (middle_x, middle_y),
            (margin, margin),
            (right, margin),
            (margin, bottom),
            (right, bottom),
            (margin, middle_y),
            (right, middle_y),
            (middle_x, margin),
            (middle_x, bottom),
        ]
        pieces = [r for r, k in view.regions if not _is_guide(k)]
        # What the table says in words (names, scores, the meow key) stays readable too.
        words = [r for r, *_ in view.texts]

        def cost(spot: tuple[float, float]) -> float:
            rect = QRectF(spot[0], spot[1], w, h)
            covered = sum(_area(rect.intersected(r)) for r in pieces)
            covered += 0.5 * sum(_area(rect.intersected(r)) for r in words)
            if target is not None:
                covered += 1e7 * _area(rect.intersected(target.adjusted(-10, -10, 10, 10)))
            # Among free places, the middle of the table: the hands and seats sit round it.
            return covered + 0.001 * _distance(rect.center(), QRectF(view.rect()).center())

        best = min(spots, key=cost)
        return QRectF(max(margin, best[0]), max(margin, best[1]), w, h)


def _is_guide(key: Key | None) -> bool:
    """Whether `key` is one of the guide's own pieces (its bubble and buttons)."""
    return isinstance(key, tuple) and key[:1] == ("guide",)


def _area(r: QRectF) -> float:
    return max(0.0, r.width()) * max(0.0, r.height())


def _distance(a: QPointF, b: QPointF) -> float:
    return float(((a.x() - b.x()) ** 2 + (a.y() - b.y()) ** 2) ** 0.5)


def _edge_towards(rect: QRectF, point: QPointF) -> QPointF:
    """The point of `rect`'s border on the way from its centre to `point`."""
    c = rect.center()
    dx, dy = point.x() - c.x(), point.y() - c.y()
    if dx == 0 and dy == 0:
        return c
    scale = min(
        (rect.width() / 2) / abs(dx) if dx else float("inf"),
        (rect.height() / 2) / abs(dy) if dy else float("inf"),
    )
    scale = min(scale, 1.0)
    return QPointF(c.x() + dx * scale, c.y() + dy * scale)
