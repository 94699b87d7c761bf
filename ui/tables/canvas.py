"""The surface every table is drawn on, and the pieces drawn on it: felt, panels, words, buttons.

A table is laid out on a canvas of `width()` × `height()` table pixels and painted through a
painter scaled by the zoom, so zooming makes everything bigger together (text, cards, gaps) and
a layout that fits a small window fits a zoomed one the same way. While it paints, a table
records the rectangle of every piece a player can click (`regions`, keyed by what the piece is)
and every text it wrote (`texts`), so that clicks, the keyboard, the Learn-to-play guide and
the tests all find a piece by the same key. `TableCanvas` holds that record and the drawing
pieces the three games share; `ui.tables.table_view.TableView` builds the game's table on it.
"""

from collections.abc import Hashable
from typing import Any

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPen, QRadialGradient
from PySide6.QtWidgets import QWidget

from ui import theme
from ui.art.cache import draw_cached
from ui.tables import table_text
from ui.tables.table_text import button_font, fit_name, table_font

Key = Hashable
"""What a clickable piece is, as the view names it: ("hand", token), ("button", "pass")…"""


class TableCanvas(QWidget):
    """A zoomed drawing surface that remembers where its clickable pieces and texts are."""

    ROOM = (900.0, 470.0)
    """The canvas (table pixels) the tables are laid out comfortably on: a zoom that would leave
    less is lowered as far as needed (never below 100 %), so a zoomed table on a small screen
    still has its seats, hand and buttons apart."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.regions: list[tuple[QRectF, Key]] = []
        self.texts: list[tuple[QRectF, str, Any, bool]] = []
        """Every text painted last time: (rectangle, text, font, wraps), so tests can check that
        each one fits its rectangle."""
        # Small enough for a 1024×600 screen once the banner and the window frame are counted.
        self.setMinimumSize(QSize(560, 380))

    # -- zoom --------------------------------------------------------------------------------

    def zoom(self) -> float:
        wanted = theme.current().zoom
        if wanted <= 1.0:
            return wanted
        room = min(QWidget.width(self) / self.ROOM[0], QWidget.height(self) / self.ROOM[1])
        return max(1.0, min(wanted, room))

    def width(self) -> int:
        return max(1, round(super().width() / self.zoom()))

    def height(self) -> int:
        return max(1, round(super().height() / self.zoom()))

    def rect(self) -> QRect:
        return QRect(0, 0, self.width(), self.height())

    def to_table(self, pos: QPointF) -> QPointF:
        """A point of the widget (mouse events) on the table's canvas."""
        return QPointF(pos.x() / self.zoom(), pos.y() / self.zoom())

    # -- what was drawn where ----------------------------------------------------------------

    def region(self, rect: QRectF, key: Key) -> None:
        self.regions.append((QRectF(rect), key))

    def key_at(self, pos: QPointF) -> Key | None:
        """The piece under `pos`, a point on the table's canvas (see `to_table`)."""
        for rect, key in reversed(self.regions):
            if rect.contains(pos):
                return key
        return None

    # -- pieces ------------------------------------------------------------------------------

    def paint_felt(self, p: QPainter) -> None:
        t = theme.current()
        key = ("felt", t.palette.felt, t.palette.felt_light, t.palette.felt_dark, t.palette.wood)
        draw_cached(p, QRectF(self.rect()), key, self._paint_felt)

    def _paint_felt(self, p: QPainter, r: QRectF) -> None:
        t = theme.current()
        p.fillRect(r, t.color("felt_dark"))
        oval = r.adjusted(
            r.width() * 0.03, r.height() * 0.04, -r.width() * 0.03, -r.height() * 0.04
        )
        gradient = QRadialGradient(oval.center(), max(oval.width(), oval.height()) / 2)
        gradient.setColorAt(0, t.color("felt_light"))
        gradient.setColorAt(1, t.color("felt"))
        p.setPen(QPen(t.color("wood"), 10))
        p.setBrush(QBrush(gradient))
        p.drawRoundedRect(oval, oval.height() * 0.35, oval.height() * 0.35)

    def button(
        self,
        p: QPainter,
        rect: QRectF,
        text: str,
        key: Key,
        *,
        enabled: bool = True,
        accent: bool = False,
    ) -> None:
        """A button drawn on the table (registered for clicks only when enabled)."""
        t = theme.current()
        p.save()
        fill = t.color("accent") if accent and enabled else t.color("cream")
        if not enabled:
            fill = QColor(t.palette.paper)
            fill.setAlpha(150)
        p.setPen(QPen(t.color("accent_dark") if accent else t.color("ink_soft"), 2))
        p.setBrush(QBrush(fill))
        p.drawRoundedRect(rect, 10, 10)
        p.setPen(t.color("ink") if enabled else t.color("ink_soft"))
        font, wrap = button_font(rect, text)
        inner = rect.adjusted(8, 2, -8, -2)
        flags = int(Qt.AlignmentFlag.AlignCenter | (Qt.TextFlag.TextWordWrap if wrap else 0))
        p.setFont(font)
        p.drawText(inner, flags, text)
        self.texts.append((inner, text, font, wrap))
        p.restore()
        if enabled:
            self.region(rect, key)

    def label(
        self,
        p: QPainter,
        rect: QRectF,
        text: str,
        *,
        px: float = 15,
        role: theme.FontRole = theme.FontRole.BODY,
        colour: QColor | None = None,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
    ) -> None:
        p.save()
        p.setPen(colour or theme.current().color("text_on_felt"))
        font = table_font(role, px)
        p.setFont(font)
        p.drawText(rect, int(align | Qt.TextFlag.TextWordWrap), text)
        self.texts.append((QRectF(rect), text, font, True))
        p.restore()

    def name(
        self,
        p: QPainter,
        rect: QRectF,
        name: str,
        *,
        px: float = 16,
        role: theme.FontRole = theme.FontRole.HEADING,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
        leave: str = "",
        leave_px: float = 14,
        leave_role: theme.FontRole = theme.FontRole.BODY,
    ) -> None:
        """A player's name on one line, shortened with "…" where it does not fit (long names
        never wrap out of their panel nor run into the points); `leave`: text drawn at the
        right of the same rectangle (the points), whose room the name leaves free. A
        right-to-left name is aligned like any other."""
        room = QRectF(rect)
        if leave:
            taken = QFontMetricsF(table_font(leave_role, leave_px)).horizontalAdvance(leave)
            room.setRight(rect.right() - taken - 8)
        font = table_font(role, px)
        shown = fit_name(name, font, room.width())
        p.save()
        p.setPen(theme.current().color("text_on_felt"))
        p.setFont(font)
        p.drawText(room, int(align | Qt.AlignmentFlag.AlignAbsolute), shown)
        self.texts.append((QRectF(room), shown, font, False))
        p.restore()

    wrapped_height = staticmethod(table_text.wrapped_height)

    def panel(self, p: QPainter, rect: QRectF, *, glow: bool = False) -> None:
        t = theme.current()
        p.save()
        p.setPen(QPen(t.color("accent") if glow else QColor(0, 0, 0, 60), 4 if glow else 1))
        colour = QColor(t.palette.felt_dark)
        colour.setAlpha(170)
        p.setBrush(QBrush(colour))
        p.drawRoundedRect(rect, 14, 14)
        p.restore()
