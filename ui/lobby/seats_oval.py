"""The table seen from above: an oval of felt with a name plate for every seat around it."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ui import theme


class SeatsOval(QWidget):
    """Shows `plates`: one (text, kind) per seat in seat order, kind being "me", "player",
    "ready", "bot" or "free"; seat 0 sits at the bottom and the others follow clockwise."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plates: list[tuple[str, str]] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(theme.current().px(210))

    @staticmethod
    def room_needed() -> int:
        """The width under which seven plates would crowd each other (the waiting room then
        hides the oval: its list of seats says it all)."""
        return theme.current().px(300)

    def sizeHint(self) -> QSize:
        t = theme.current()
        return QSize(t.px(420), t.px(300))

    def show_seats(self, plates: list[tuple[str, str]]) -> None:
        self.plates = plates
        self.setAccessibleDescription(", ".join(text for text, _ in plates))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        t = theme.current()
        pal = t.palette
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        room = QRectF(self.rect()).adjusted(t.px(70), t.px(34), -t.px(70), -t.px(34))
        # A card table is wider than deep, whatever shape the widget has.
        width = min(room.width(), room.height() * 1.6)
        area = QRectF(0, 0, width, min(room.height(), width / 1.6))
        area.moveCenter(room.center())
        p.setPen(QPen(QColor(pal.wood_dark), t.px(10)))
        p.setBrush(QColor(pal.felt_light))
        p.drawEllipse(area)
        count = len(self.plates)
        p.setFont(t.font(theme.FontRole.HEADING))
        metrics = p.fontMetrics()
        placed: list[QRectF] = []
        for index, (text, kind) in enumerate(self.plates):
            # Seat 0 at the bottom, then clockwise as seen from above.
            angle = math.pi / 2 + 2 * math.pi * index / max(count, 1)
            centre = QPointF(
                area.center().x() + math.cos(angle) * area.width() / 2,
                area.center().y() + math.sin(angle) * area.height() / 2,
            )
            lines = text.split("\n")
            width = max(metrics.horizontalAdvance(line) for line in lines) + t.px(24)
            plate = QRectF(0, 0, width, metrics.height() * len(lines) + t.px(12))
            plate.moveCenter(centre)
            plate.moveLeft(max(2.0, min(plate.left(), self.width() - plate.width() - 2)))
            # Plates never cover each other: one that would is moved away from the middle.
            for other in placed:
                if plate.intersects(other):
                    up = plate.center().y() < area.center().y()
                    if up:
                        plate.moveBottom(other.top() - t.px(4))
                    else:
                        plate.moveTop(other.bottom() + t.px(4))
            plate.moveTop(max(2.0, min(plate.top(), self.height() - plate.height() - 2)))
            placed.append(QRectF(plate))
            fill = {"me": pal.accent, "free": pal.felt_dark}.get(kind, pal.cream)
            pen = QPen(QColor(pal.cream if kind == "free" else pal.wood_dark), t.px(2))
            if kind == "free":
                pen.setStyle(Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(QColor(fill))
            p.drawRoundedRect(plate, t.px(10), t.px(10))
            p.setPen(QColor(pal.text_on_felt if kind == "free" else pal.ink))
            p.drawText(plate, int(Qt.AlignmentFlag.AlignCenter), text)
        p.end()
