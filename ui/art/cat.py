"""A simple cat drawn from a few vector shapes, in one of several poses.

The drawing works in a 100×100 box that is scaled into the target rectangle, so it stays crisp at
any size and pixel ratio.
"""

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF


@dataclass(frozen=True)
class Pose:
    body: str
    """"upright", "loaf" or "standing"."""
    eyes: str = "open"
    """"open", "closed" or "wide"."""
    mouth: str = "smile"
    """"smile", "open" or "grin"."""
    paw_up: bool = False
    head_low: bool = False
    ball: bool = False


# P-2.2 poses, plus the Mistigri's grin and the plain portrait used on Momistigri faces.
POSES: dict[str, Pose] = {
    "sitting": Pose("upright"),
    "sleeping": Pose("loaf", eyes="closed"),
    "stretching": Pose("standing", head_low=True),
    "pouncing": Pose("standing", eyes="wide", head_low=True, paw_up=True),
    "grooming": Pose("upright", eyes="closed", paw_up=True),
    "playing": Pose("upright", eyes="wide", paw_up=True, ball=True),
    "walking": Pose("standing"),
    "curled": Pose("loaf", eyes="closed", mouth="smile"),
    "yawning": Pose("upright", eyes="closed", mouth="open"),
    "grinning": Pose("upright", eyes="wide", mouth="grin"),
}


def _outline(coat: QColor) -> QPen:
    pen = QPen(coat.darker(220), 2.2)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen


def draw_cat(
    p: QPainter, rect: QRectF, coat: QColor, accent: QColor, pose_name: str = "sitting"
) -> None:
    """Paint a cat of coat colour `coat` (ears and nose in `accent`) fitting `rect`."""
    pose = POSES[pose_name]
    side = min(rect.width(), rect.height())
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.translate(rect.center().x() - side / 2, rect.center().y() - side / 2)
    p.scale(side / 100, side / 100)
    p.setPen(_outline(coat))
    p.setBrush(QBrush(coat))
    if pose.body == "upright":
        head = _upright_body(p, coat, pose)
    elif pose.body == "loaf":
        head = _loaf_body(p, coat)
    else:
        head = _standing_body(p, coat, pose)
    _head(p, head, 17.0, coat, accent, pose)
    if pose.ball:
        p.setPen(QPen(QColor("#7a2d2d"), 1.5))
        p.setBrush(QBrush(QColor("#e0554f")))
        p.drawEllipse(QPointF(80, 84), 7, 7)
        p.drawArc(QRectF(75, 79, 10, 10), 30 * 16, 120 * 16)
    p.restore()


def _tail(p: QPainter, path: QPainterPath, coat: QColor) -> None:
    p.save()
    pen = QPen(coat.darker(220), 9.0)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)
    pen = QPen(coat, 5.4)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    p.drawPath(path)
    p.restore()


def _upright_body(p: QPainter, coat: QColor, pose: Pose) -> QPointF:
    tail = QPainterPath(QPointF(64, 90))
    tail.cubicTo(QPointF(88, 92), QPointF(92, 70), QPointF(82, 58))
    _tail(p, tail, coat)
    body = QPainterPath(QPointF(50, 40))
    body.cubicTo(QPointF(72, 42), QPointF(76, 92), QPointF(62, 93))
    body.lineTo(QPointF(38, 93))
    body.cubicTo(QPointF(24, 92), QPointF(28, 42), QPointF(50, 40))
    p.drawPath(body)
    p.setBrush(QBrush(coat.lighter(125)))
    p.drawEllipse(QPointF(50, 72), 9, 14)  # chest
    p.setBrush(QBrush(coat))
    p.drawEllipse(QPointF(43, 92), 6, 4)
    if pose.paw_up:
        p.drawEllipse(QPointF(60, 56), 5, 7)
    else:
        p.drawEllipse(QPointF(57, 92), 6, 4)
    return QPointF(50, 34)


def _loaf_body(p: QPainter, coat: QColor) -> QPointF:
    tail = QPainterPath(QPointF(84, 80))
    tail.cubicTo(QPointF(92, 96), QPointF(50, 98), QPointF(34, 92))
    _tail(p, tail, coat)
    p.drawEllipse(QPointF(56, 74), 34, 18)
    p.setBrush(QBrush(coat.lighter(125)))
    p.drawEllipse(QPointF(38, 86), 8, 4)
    p.setBrush(QBrush(coat))
    return QPointF(30, 64)


def _standing_body(p: QPainter, coat: QColor, pose: Pose) -> QPointF:
    tail = QPainterPath(QPointF(82, 58))
    if pose.head_low:
        tail.cubicTo(QPointF(94, 50), QPointF(92, 30), QPointF(96, 24))
    else:
        tail.cubicTo(QPointF(96, 56), QPointF(94, 34), QPointF(86, 30))
    _tail(p, tail, coat)
    legs = ((34, 66), (44, 66), (68, 66), (78, 66))
    for x, y in legs:
        p.drawRoundedRect(QRectF(x - 4, y, 8, 24), 4, 4)
    p.drawEllipse(QPointF(57, 62), 32, 13)
    if pose.paw_up:
        p.drawEllipse(QPointF(20, 76), 7, 4)
    return QPointF(24, 60) if pose.head_low else QPointF(26, 44)


def _head(p: QPainter, c: QPointF, r: float, coat: QColor, accent: QColor, pose: Pose) -> None:
    x, y = c.x(), c.y()
    for sign in (-1, 1):
        ear = QPolygonF(
            [
                QPointF(x + sign * r * 0.95, y - r * 0.15),
                QPointF(x + sign * r * 0.85, y - r * 1.25),
                QPointF(x + sign * r * 0.2, y - r * 0.8),
            ]
        )
        p.setBrush(QBrush(coat))
        p.drawPolygon(ear)
        inner = QPolygonF(
            [
                QPointF(x + sign * r * 0.8, y - r * 0.35),
                QPointF(x + sign * r * 0.78, y - r * 1.0),
                QPointF(x + sign * r * 0.35, y - r * 0.75),
            ]
        )
        p.save()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(accent))
        p.drawPolygon(inner)
        p.restore()
    p.setBrush(QBrush(coat))
    p.drawEllipse(QPointF(x, y), r * 1.05, r * 0.92)
    ink = QColor("#231f20")
    p.save()
    for sign in (-1, 1):
        ex, ey = x + sign * r * 0.42, y - r * 0.08
        if pose.eyes == "closed":
            p.setPen(QPen(ink, 1.8))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawArc(QRectF(ex - r * 0.22, ey - r * 0.15, r * 0.44, r * 0.3), 200 * 16, 140 * 16)
        else:
            size = 0.24 if pose.eyes == "wide" else 0.19
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QBrush(QColor("#f4e04d") if pose.mouth == "grin" else QColor("#9fd36b")))
            p.drawEllipse(QPointF(ex, ey), r * size, r * size * 1.15)
            p.setBrush(QBrush(ink))
            p.drawEllipse(QPointF(ex, ey), r * 0.06, r * size * 1.05)
    # Nose, mouth and whiskers.
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(accent))
    nose = QPolygonF(
        [
            QPointF(x - r * 0.12, y + r * 0.2),
            QPointF(x + r * 0.12, y + r * 0.2),
            QPointF(x, y + r * 0.34),
        ]
    )
    p.drawPolygon(nose)
    p.setPen(QPen(ink, 1.4))
    p.setBrush(Qt.BrushStyle.NoBrush)
    if pose.mouth == "open":
        p.setBrush(QBrush(QColor("#8b2b3a")))
        p.drawEllipse(QPointF(x, y + r * 0.55), r * 0.2, r * 0.24)
    elif pose.mouth == "grin":
        grin = QPainterPath(QPointF(x - r * 0.6, y + r * 0.35))
        grin.quadTo(QPointF(x, y + r * 1.0), QPointF(x + r * 0.6, y + r * 0.35))
        grin.quadTo(QPointF(x, y + r * 0.62), QPointF(x - r * 0.6, y + r * 0.35))
        p.setBrush(QBrush(QColor("white")))
        p.drawPath(grin)
    else:
        p.drawArc(QRectF(x - r * 0.24, y + r * 0.26, r * 0.24, r * 0.22), 180 * 16, 180 * 16)
        p.drawArc(QRectF(x, y + r * 0.26, r * 0.24, r * 0.22), 180 * 16, 180 * 16)
    p.setPen(QPen(ink.lighter(250), 0.9))
    for sign in (-1, 1):
        for dy in (-0.05, 0.12):
            p.drawLine(
                QPointF(x + sign * r * 0.35, y + r * (0.3 + dy)),
                QPointF(x + sign * r * 1.35, y + r * (0.2 + dy * 2)),
            )
    p.restore()
