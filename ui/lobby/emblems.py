"""Small pictures of the three games for the lobby, made of the same card and tile art as the
tables (`ui.art`), drawn with QPainter so they stay crisp at any zoom and pixel ratio."""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ui import theme
from ui.art import draw_home, draw_momistigri_face, draw_purrfect_face, draw_stray_cat, draw_tile
from ui.art.cards import card_size

FacePainter = Callable[[QPainter, QRectF, str, bool], None]


def _rotated_card(
    p: QPainter, centre: QPointF, width: float, angle: float, draw: FacePainter, face: str
) -> None:
    """A card from the shared art, turned by `angle` degrees around its centre."""
    w, h = card_size(width)
    p.save()
    p.translate(centre)
    p.rotate(angle)
    draw(p, QRectF(-w / 2, -h / 2, w, h), face, theme.current().colour_blind)
    p.restore()


def paint_momistigri(p: QPainter, area: QRectF) -> None:
    """A fan of cards with the black Mistigri on top."""
    width = min(area.width() / 2.6, area.height() / 1.75)
    centre = area.center() + QPointF(0, width * 0.08)
    for face, angle, shift in (("3.0", -16.0, -0.45), ("5.1", 16.0, 0.45)):
        spot = centre + QPointF(shift * width, width * 0.1)
        _rotated_card(p, spot, width, angle, draw_momistigri_face, face)
    _rotated_card(p, centre, width, 0.0, draw_momistigri_face, "M")


def paint_purrfect(p: QPainter, area: QRectF) -> None:
    """Two cards of different cats with the arrows of a blind swap above them."""
    pal = theme.current().palette
    width = min(area.width() / 2.8, area.height() / 2.0)
    _, h = card_size(width)
    centre = area.center() + QPointF(0, h * 0.15)
    for side, face in ((-1, "Luna-2"), (1, "Simba-5")):
        spot = QPointF(centre.x() + side * width * 0.62, centre.y() + h * 0.08)
        _rotated_card(p, spot, width, side * 8.0, draw_purrfect_face, face)
    pen = QPen(QColor(pal.accent_dark), max(2.0, width * 0.08))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    arc = QRectF(centre.x() - width * 0.7, centre.y() - h * 0.68, width * 1.4, h * 0.5)
    p.drawArc(arc, 30 * 16, 120 * 16)
    tip = QPointF(
        arc.center().x() + math.cos(math.radians(30)) * arc.width() / 2,
        arc.center().y() - math.sin(math.radians(30)) * arc.height() / 2,
    )
    p.drawLine(tip, tip + QPointF(-width * 0.18, -width * 0.02))
    p.drawLine(tip, tip + QPointF(-width * 0.02, -width * 0.18))


# A 3×3 corner of the board whose gutter leads from the cat at the top left to the house on
# the right: (shape, rotation) per cell, in the rules' notation (G-2.2).
GUTTER_CELLS = (
    (("I", 0), ("C", 90), ("J", 0)),
    (("I", 0), ("J", 180), ("C", 270)),
    (("C", 0), ("I", 90), ("I", 90)),
)


def paint_gutters(p: QPainter, area: QRectF) -> None:
    """Gutter tiles with a stray cat waiting at one end of a channel and a house at the other."""
    side = min(area.width() * 0.8, area.height()) * 0.72
    cell = side / 3
    board = QRectF(0, 0, side, side)
    board.moveCenter(area.center() + QPointF(-cell * 0.3, cell * 0.25))
    for row, cells in enumerate(GUTTER_CELLS):
        for col, (shape, rotation) in enumerate(cells):
            tile = QRectF(board.left() + col * cell, board.top() + row * cell, cell, cell)
            draw_tile(p, tile, shape, rotation)
    draw_stray_cat(p, QRectF(board.left(), board.top() - cell, cell, cell), "k01", 1)
    draw_home(p, QRectF(board.right(), board.top() + 2 * cell, cell, cell), "A")


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
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        rect = QRectF(self.rect())
        pal = theme.current().palette
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor(pal.felt)))
        radius = theme.current().px(10)
        painter.drawRoundedRect(rect, radius, radius)
        PAINTERS[self.game_id](painter, rect.adjusted(8, 12, -8, -8))
        painter.end()
