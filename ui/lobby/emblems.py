"""Small vector pictures of the three games for the lobby, drawn with QPainter so they stay
crisp at any zoom and pixel ratio."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ui import theme


def _cat_head(p: QPainter, centre: QPointF, size: float, fur: QColor, eyes: QColor) -> None:
    """A round cat head with two ears, the lobby's recurring motif."""
    r = size / 2
    ears = QPainterPath()
    for side in (-1, 1):
        ears.moveTo(centre.x() + side * r * 0.85, centre.y() - r * 0.2)
        ears.lineTo(centre.x() + side * r * 0.75, centre.y() - r * 1.15)
        ears.lineTo(centre.x() + side * r * 0.2, centre.y() - r * 0.75)
        ears.closeSubpath()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(fur)
    p.drawPath(ears)
    p.drawEllipse(centre, r, r * 0.9)
    p.setBrush(eyes)
    for side in (-1, 1):
        p.drawEllipse(
            QPointF(centre.x() + side * r * 0.38, centre.y() - r * 0.1), r * 0.14, r * 0.2
        )
    p.setPen(QPen(eyes, max(1.0, r * 0.06)))
    p.drawLine(
        QPointF(centre.x(), centre.y() + r * 0.15), QPointF(centre.x(), centre.y() + r * 0.3)
    )


def _card(p: QPainter, rect: QRectF, angle: float, face: QColor, frame: QColor) -> None:
    p.save()
    p.translate(rect.center())
    p.rotate(angle)
    local = QRectF(-rect.width() / 2, -rect.height() / 2, rect.width(), rect.height())
    p.setPen(QPen(frame, max(1.5, rect.width() * 0.05)))
    p.setBrush(face)
    radius = rect.width() * 0.12
    p.drawRoundedRect(local, radius, radius)
    p.restore()


def paint_momistigri(p: QPainter, area: QRectF) -> None:
    pal = theme.current().palette
    w = min(area.width() / 2.6, area.height() / 1.75)
    h = w * 1.4
    centre = area.center()
    for index, angle in enumerate((-18.0, 0.0, 18.0)):
        rect = QRectF(0, 0, w, h)
        rect.moveCenter(QPointF(centre.x() + (index - 1) * w * 0.45, centre.y() + h * 0.05))
        frame = QColor(pal.series[index * 2])
        _card(p, rect, angle, QColor(pal.cream), frame)
    # The black Mistigri on top, with its moon.
    top = QRectF(0, 0, w, h)
    top.moveCenter(QPointF(centre.x(), centre.y() - h * 0.05))
    _card(p, top, 0.0, QColor("#222222"), QColor(pal.accent))
    _cat_head(
        p,
        QPointF(top.center().x(), top.center().y() + h * 0.08),
        w * 0.55,
        QColor("#3a3a3a"),
        QColor(pal.accent),
    )
    moon = QPainterPath()
    moon_centre = QPointF(top.left() + w * 0.25, top.top() + w * 0.25)
    moon.addEllipse(moon_centre, w * 0.12, w * 0.12)
    bite = QPainterPath()
    bite.addEllipse(moon_centre + QPointF(w * 0.06, -w * 0.03), w * 0.1, w * 0.1)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(pal.cream))
    p.drawPath(moon.subtracted(bite))


def paint_purrfect(p: QPainter, area: QRectF) -> None:
    pal = theme.current().palette
    w = min(area.width() / 2.8, area.height() / 2.0)
    h = w * 1.4
    centre = area.center() + QPointF(0, h * 0.15)
    colours = (QColor(pal.series[6]), QColor(pal.series[1]))
    for side, colour in zip((-1, 1), colours, strict=True):
        rect = QRectF(0, 0, w, h)
        rect.moveCenter(QPointF(centre.x() + side * w * 0.62, centre.y() + h * 0.08))
        _card(p, rect, side * 8.0, QColor(pal.cream), colour)
        _cat_head(p, rect.center(), w * 0.55, colour, QColor(pal.ink))
    # Two curved arrows: the blind swap.
    pen = QPen(QColor(pal.accent_dark), max(2.0, w * 0.08))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    arc = QRectF(centre.x() - w * 0.7, centre.y() - h * 0.68, w * 1.4, h * 0.5)
    p.drawArc(arc, 30 * 16, 120 * 16)
    tip = QPointF(
        arc.center().x() + math.cos(math.radians(30)) * arc.width() / 2,
        arc.center().y() - math.sin(math.radians(30)) * arc.height() / 2,
    )
    p.drawLine(tip, tip + QPointF(-w * 0.18, -w * 0.02))
    p.drawLine(tip, tip + QPointF(-w * 0.02, -w * 0.18))


def paint_gutters(p: QPainter, area: QRectF) -> None:
    pal = theme.current().palette
    side = min(area.width(), area.height()) * 0.66
    board = QRectF(0, 0, side, side)
    board.moveCenter(area.center())
    cell = side / 3
    p.setPen(QPen(QColor(pal.wood_dark), max(1.0, side * 0.01)))
    for row in range(3):
        for col in range(3):
            shade = QColor("#c8684a") if (row + col) % 2 else QColor("#b5573c")
            p.setBrush(shade)
            p.drawRect(QRectF(board.left() + col * cell, board.top() + row * cell, cell, cell))
    # One gutter channel from the top-left edge to the right edge, with a bend.
    channel = QPainterPath()
    channel.moveTo(board.left() + cell * 0.5, board.top() - cell * 0.1)
    channel.lineTo(board.left() + cell * 0.5, board.top() + cell * 1.5)
    channel.quadTo(
        QPointF(board.left() + cell * 0.5, board.top() + cell * 2.5),
        QPointF(board.left() + cell * 1.5, board.top() + cell * 2.5),
    )
    channel.lineTo(board.right() + cell * 0.1, board.top() + cell * 2.5)
    pen = QPen(QColor(pal.felt_dark), cell * 0.42)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(channel)
    pen.setColor(QColor("#7fb7c9"))
    pen.setWidthF(cell * 0.22)
    p.setPen(pen)
    p.drawPath(channel)
    # A cat waiting at the top, a house at the right.
    _cat_head(
        p,
        QPointF(board.left() + cell * 0.5, board.top() - cell * 0.35),
        cell * 0.6,
        QColor(pal.accent),
        QColor(pal.ink),
    )
    house = QPainterPath()
    hx, hy, hs = board.right() + cell * 0.05, board.top() + cell * 2.5, cell * 0.55
    house.moveTo(hx, hy - hs * 0.1)
    house.lineTo(hx + hs * 0.5, hy - hs * 0.6)
    house.lineTo(hx + hs, hy - hs * 0.1)
    house.lineTo(hx + hs, hy + hs * 0.5)
    house.lineTo(hx, hy + hs * 0.5)
    house.closeSubpath()
    p.setPen(QPen(QColor(pal.ink), max(1.0, cell * 0.04)))
    p.setBrush(QColor(pal.cream))
    p.drawPath(house)


PAINTERS = {"momistigri": paint_momistigri, "purrfect": paint_purrfect, "gutters": paint_gutters}


class GameEmblem(QWidget):
    """A game's picture, scaled to the widget."""

    def __init__(self, game_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if game_id not in PAINTERS:
            raise ValueError(f"no emblem for game {game_id!r}; known: {', '.join(PAINTERS)}")
        self.game_id = game_id
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        t = theme.current()
        return QSize(t.px(180), t.px(130))

    def minimumSizeHint(self) -> QSize:
        t = theme.current()
        return QSize(t.px(110), t.px(90))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect())
        pal = theme.current().palette
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor(pal.felt)))
        radius = theme.current().px(10)
        painter.drawRoundedRect(rect, radius, radius)
        PAINTERS[self.game_id](painter, rect.adjusted(8, 12, -8, -8))
        painter.end()
