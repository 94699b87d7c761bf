"""The table seen from above: an oval of felt with a name plate for every seat on it."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ui import theme


def _on_felt(felt: QRectF, plate: QRectF) -> bool:
    """Whether every corner of `plate` lies inside the ellipse `felt`."""
    a, b = felt.width() / 2, felt.height() / 2
    if a <= 0 or b <= 0:
        return False
    c = felt.center()
    corners = (plate.topLeft(), plate.topRight(), plate.bottomLeft(), plate.bottomRight())
    return all(((p.x() - c.x()) / a) ** 2 + ((p.y() - c.y()) / b) ** 2 <= 1.0 for p in corners)


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

    def oval(self) -> QRectF:
        """The felt: as large as the widget holds, wider than deep like a card table."""
        t = theme.current()
        room = QRectF(self.rect()).adjusted(t.px(6), t.px(6), -t.px(6), -t.px(6))
        width = min(room.width(), room.height() * 1.6)
        area = QRectF(0, 0, width, min(room.height(), width / 1.6))
        area.moveCenter(room.center())
        return area

    def plate_rects(self) -> tuple[QFont, list[QRectF]]:
        """The font and where each plate goes: inside the felt, none over another (a smaller
        font when the table is crowded)."""
        t = theme.current()
        fonts = [t.font(theme.FontRole.HEADING), t.font(theme.FontRole.BODY)]
        small = QFont(fonts[-1])
        small.setPixelSize(max(11, round(QFontMetricsF(small).height() * 0.7)))
        fonts.append(small)
        for font in fonts:
            rects = self._placed(QFontMetricsF(font))
            if not any(a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1 :]):
                break
        return font, rects

    def _placed(self, metrics: QFontMetricsF) -> list[QRectF]:
        t = theme.current()
        area = self.oval()
        count = len(self.plates)
        placed: list[QRectF] = []
        for index, (text, _kind) in enumerate(self.plates):
            # Seat 0 at the bottom, then clockwise as seen from above.
            angle = math.pi / 2 + 2 * math.pi * index / max(count, 1)
            lines = text.split("\n")
            width = max(metrics.horizontalAdvance(line) for line in lines) + t.px(24)
            plate = QRectF(0, 0, width, metrics.height() * len(lines) + t.px(12))
            # Inside the felt: its centre on an oval drawn in from the rim by half the plate
            # (its corners then stay on the felt too).
            inset = t.px(10)
            rx = max(0.0, area.width() / 2 - width / 2 - inset)
            ry = max(0.0, area.height() / 2 - plate.height() / 2 - inset)
            felt = area.adjusted(inset, inset, -inset, -inset)
            for step in range(20, -1, -1):  # drawn in towards the middle until on the felt
                plate.moveCenter(
                    QPointF(
                        area.center().x() + math.cos(angle) * rx * step / 20,
                        area.center().y() + math.sin(angle) * ry * step / 20,
                    )
                )
                if _on_felt(felt, plate):
                    break
            placed.append(plate)
        return placed

    def paintEvent(self, event: QPaintEvent) -> None:
        t = theme.current()
        pal = t.palette
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor(pal.wood_dark), t.px(10)))
        p.setBrush(QColor(pal.felt_light))
        p.drawEllipse(self.oval())
        font, rects = self.plate_rects()
        p.setFont(font)
        for (text, kind), plate in zip(self.plates, rects, strict=True):
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
