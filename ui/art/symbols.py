"""The six colour symbols of Momistigri (M-2.2), drawn with a few vector shapes.

Each function paints into `rect` (a square works best) with the given ink colour.
"""

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen


def _pen(colour: QColor, width: float) -> QPen:
    pen = QPen(colour, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def yarn(p: QPainter, r: QRectF, ink: QColor) -> None:
    s = min(r.width(), r.height())
    ball = QRectF(r.center().x() - s * 0.36, r.center().y() - s * 0.36, s * 0.72, s * 0.72)
    p.setPen(_pen(ink, s * 0.07))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(ball)
    # The wound strands: three arcs across the ball.
    for start, span in ((30, 120), (200, 110), (110, 100)):
        inner = ball.adjusted(s * 0.1, s * 0.1, -s * 0.1, -s * 0.1)
        p.drawArc(inner, start * 16, span * 16)
    # A loose end trailing away.
    tail = QPainterPath(QPointF(ball.right() - s * 0.05, ball.bottom() - s * 0.1))
    tail.cubicTo(
        QPointF(r.right(), r.bottom()),
        QPointF(r.center().x(), r.bottom()),
        QPointF(r.center().x() + s * 0.05, r.bottom() - s * 0.02),
    )
    p.drawPath(tail)


def fish(p: QPainter, r: QRectF, ink: QColor) -> None:
    s = min(r.width(), r.height())
    cx, cy = r.center().x(), r.center().y()
    body = QPainterPath(QPointF(cx - s * 0.42, cy))
    body.quadTo(QPointF(cx - s * 0.05, cy - s * 0.38), QPointF(cx + s * 0.22, cy))
    body.quadTo(QPointF(cx - s * 0.05, cy + s * 0.38), QPointF(cx - s * 0.42, cy))
    tail = QPainterPath(QPointF(cx + s * 0.16, cy))
    tail.lineTo(QPointF(cx + s * 0.46, cy - s * 0.22))
    tail.lineTo(QPointF(cx + s * 0.46, cy + s * 0.22))
    tail.closeSubpath()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(ink))
    p.drawPath(body.united(tail))
    p.setBrush(QBrush(QColor("white")))
    p.drawEllipse(QPointF(cx - s * 0.24, cy - s * 0.04), s * 0.05, s * 0.05)


def mouse(p: QPainter, r: QRectF, ink: QColor) -> None:
    s = min(r.width(), r.height())
    cx, cy = r.center().x(), r.center().y() + s * 0.06
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(ink))
    body = QPainterPath(QPointF(cx - s * 0.4, cy + s * 0.12))
    body.quadTo(QPointF(cx - s * 0.1, cy - s * 0.42), QPointF(cx + s * 0.3, cy + s * 0.12))
    body.closeSubpath()
    p.drawPath(body)
    p.drawEllipse(QPointF(cx - s * 0.22, cy - s * 0.12), s * 0.1, s * 0.1)
    p.setPen(_pen(ink, s * 0.05))
    p.setBrush(Qt.BrushStyle.NoBrush)
    tail = QPainterPath(QPointF(cx + s * 0.3, cy + s * 0.1))
    tail.cubicTo(
        QPointF(cx + s * 0.5, cy + s * 0.1),
        QPointF(cx + s * 0.45, cy - s * 0.25),
        QPointF(cx + s * 0.3, cy - s * 0.3),
    )
    p.drawPath(tail)


def bell(p: QPainter, r: QRectF, ink: QColor) -> None:
    s = min(r.width(), r.height())
    cx, cy = r.center().x(), r.center().y()
    shell = QPainterPath(QPointF(cx - s * 0.36, cy + s * 0.22))
    shell.quadTo(QPointF(cx - s * 0.3, cy - s * 0.36), QPointF(cx, cy - s * 0.36))
    shell.quadTo(QPointF(cx + s * 0.3, cy - s * 0.36), QPointF(cx + s * 0.36, cy + s * 0.22))
    shell.closeSubpath()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(ink))
    p.drawPath(shell)
    p.drawEllipse(QPointF(cx, cy + s * 0.3), s * 0.09, s * 0.09)
    p.drawEllipse(QPointF(cx, cy - s * 0.4), s * 0.06, s * 0.06)


def feather(p: QPainter, r: QRectF, ink: QColor) -> None:
    s = min(r.width(), r.height())
    cx, cy = r.center().x(), r.center().y()
    vane = QPainterPath(QPointF(cx - s * 0.34, cy + s * 0.34))
    vane.cubicTo(
        QPointF(cx - s * 0.4, cy - s * 0.1),
        QPointF(cx + s * 0.05, cy - s * 0.45),
        QPointF(cx + s * 0.4, cy - s * 0.4),
    )
    vane.cubicTo(
        QPointF(cx + s * 0.35, cy - s * 0.05),
        QPointF(cx + s * 0.05, cy + s * 0.3),
        QPointF(cx - s * 0.34, cy + s * 0.34),
    )
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(ink))
    p.drawPath(vane)
    p.setPen(_pen(QColor("white"), s * 0.04))
    p.drawLine(QPointF(cx - s * 0.3, cy + s * 0.3), QPointF(cx + s * 0.34, cy - s * 0.36))
    p.setPen(_pen(ink, s * 0.05))
    p.drawLine(QPointF(cx - s * 0.34, cy + s * 0.34), QPointF(cx - s * 0.45, cy + s * 0.45))


def moon(p: QPainter, r: QRectF, ink: QColor) -> None:
    s = min(r.width(), r.height())
    cx, cy = r.center().x(), r.center().y()
    full = QPainterPath()
    full.addEllipse(QPointF(cx, cy), s * 0.38, s * 0.38)
    bite = QPainterPath()
    bite.addEllipse(QPointF(cx + s * 0.18, cy - s * 0.12), s * 0.32, s * 0.32)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(ink))
    p.drawPath(full.subtracted(bite))


SYMBOLS: dict[str, Callable[[QPainter, QRectF, QColor], None]] = {
    "yarn": yarn,
    "fish": fish,
    "mouse": mouse,
    "bell": bell,
    "feather": feather,
    "moon": moon,
}


def draw_symbol(p: QPainter, name: str, rect: QRectF, ink: QColor) -> None:
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    SYMBOLS[name](p, rect, ink)
    p.restore()
