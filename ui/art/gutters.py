"""Art for No sin mi gato: roof tiles with their gutter, stray cats and homes."""

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen

from ui.art.cache import draw_cached
from ui.art.cat import draw_cat
from ui.art.palette import (
    GUTTER,
    GUTTER_DARK,
    HOME_COLOURS,
    ROOF,
    ROOF_DARK,
    STRAY_COATS,
    qcolor,
)

# G-2.2: open sides of each shape at rotation 0; a quarter turn clockwise maps N→E→S→W→N.
SIDES = ("N", "E", "S", "W")
SHAPE_SIDES: dict[str, tuple[str, ...]] = {"I": ("N", "S"), "C": ("N", "E"), "J": ("N", "E", "W")}


def open_sides(shape: str, rotation: int) -> tuple[str, ...]:
    turns = (rotation // 90) % 4
    return tuple(SIDES[(SIDES.index(side) + turns) % 4] for side in SHAPE_SIDES[shape])


def _font(px: float) -> QFont:
    font = QFont()
    font.setPixelSize(max(1, round(px)))
    font.setBold(True)
    return font


def draw_tile(
    p: QPainter,
    rect: QRectF,
    shape: str,
    rotation: int,
    *,
    lit: bool = False,
    ghost: bool = False,
) -> None:
    """A roof tile (see `paint_tile`), through the pixmap cache."""
    draw_cached(
        p,
        rect,
        ("tile", shape, rotation, lit, ghost),
        lambda q, r: paint_tile(q, r, shape, rotation, lit=lit, ghost=ghost),
    )


def paint_tile(
    p: QPainter,
    rect: QRectF,
    shape: str,
    rotation: int,
    *,
    lit: bool = False,
    ghost: bool = False,
) -> None:
    """A roof tile with its gutter channel; `lit` paints the channel as part of a winning path."""
    s = rect.width()
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    if ghost:
        p.setOpacity(0.55)
    body = QPainterPath()
    body.addRoundedRect(rect.adjusted(1, 1, -1, -1), s * 0.06, s * 0.06)
    p.setPen(QPen(qcolor(ROOF_DARK), max(1.0, s * 0.02)))
    p.setBrush(QBrush(qcolor(ROOF)))
    p.drawPath(body)
    # Rows of overlapping roof tiles: scallops.
    p.setClipPath(body)
    p.setPen(QPen(qcolor(ROOF_DARK, 150), max(1.0, s * 0.012)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    rows = 4
    for row in range(rows + 1):
        y = rect.top() + row * s / rows
        offset = (s / 8) if row % 2 else 0
        x = rect.left() - offset
        while x < rect.right():
            p.drawArc(QRectF(x, y - s / 8, s / 4, s / 4), 180 * 16, 180 * 16)
            x += s / 4
    p.setClipping(False)
    # The gutter: a thick rounded channel from the centre to every open side.
    centre = rect.center()
    ends = {
        "N": QPointF(centre.x(), rect.top()),
        "E": QPointF(rect.right(), centre.y()),
        "S": QPointF(centre.x(), rect.bottom()),
        "W": QPointF(rect.left(), centre.y()),
    }
    channel = QPainterPath()
    sides = open_sides(shape, rotation)
    for side in sides:
        channel.moveTo(centre)
        channel.lineTo(ends[side])
    if shape == "C":
        # A curve reads better as a bend than as an L.
        a, b = (ends[side] for side in sides)
        channel = QPainterPath(a)
        channel.quadTo(centre, b)
    water = QColor("#f4d35e") if lit else qcolor(GUTTER)
    edge = QColor("#b07d00") if lit else qcolor(GUTTER_DARK)
    for colour, width in ((edge, 0.36), (water, 0.26), (water.lighter(118), 0.08)):
        pen = QPen(colour, s * width)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(channel)
    if shape == "J":
        # The junction where three runs meet: a round basin.
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(edge))
        p.drawEllipse(centre, s * 0.18, s * 0.18)
        p.setBrush(QBrush(water))
        p.drawEllipse(centre, s * 0.13, s * 0.13)
    p.restore()


def draw_stray_cat(
    p: QPainter, rect: QRectF, cat_id: str, value: int, *, lit: bool = False
) -> None:
    """A stray cat (see `paint_stray_cat`), through the pixmap cache."""
    draw_cached(
        p,
        rect,
        ("stray", cat_id, value, lit),
        lambda q, r: paint_stray_cat(q, r, cat_id, value, lit=lit),
    )


def paint_stray_cat(
    p: QPainter, rect: QRectF, cat_id: str, value: int, *, lit: bool = False
) -> None:
    """A stray cat: a round portrait with its value on a badge (G-2.3)."""
    s = min(rect.width(), rect.height())
    coat, accent = STRAY_COATS.get(cat_id, ("#c0a080", "#806040"))
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    circle = QRectF(rect.center().x() - s * 0.45, rect.center().y() - s * 0.45, s * 0.9, s * 0.9)
    p.setPen(QPen(QColor("#f4d35e") if lit else QColor("#3b2f2a"), s * (0.08 if lit else 0.04)))
    p.setBrush(QBrush(QColor("#f1e6cf")))
    p.drawEllipse(circle)
    p.setClipRect(circle.adjusted(0, 0, 0, -s * 0.02))
    draw_cat(
        p,
        circle.adjusted(s * 0.08, s * 0.1, -s * 0.08, s * 0.02),
        qcolor(coat),
        qcolor(accent),
        "sitting",
    )
    p.setClipping(False)
    badge = QRectF(rect.center().x() + s * 0.12, rect.center().y() + s * 0.12, s * 0.36, s * 0.36)
    p.setPen(QPen(QColor("#3b2f2a"), max(1.0, s * 0.02)))
    p.setBrush(QBrush(QColor("#fff7d6")))
    p.drawEllipse(badge)
    p.setPen(QPen(QColor("#3b2f2a")))
    p.setFont(_font(s * 0.26))
    p.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(value))
    p.restore()


def draw_home(p: QPainter, rect: QRectF, home: str) -> None:
    """A home (see `paint_home`), through the pixmap cache."""
    draw_cached(p, rect, ("home", home), lambda q, r: paint_home(q, r, home))


def paint_home(p: QPainter, rect: QRectF, home: str) -> None:
    """A small house with its letter (A or B) on the door, so colour is not the only cue."""
    s = min(rect.width(), rect.height())
    x0, y0 = rect.center().x() - s / 2, rect.center().y() - s / 2
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    wall = QColor("#f3e7d3")
    roof = qcolor(HOME_COLOURS.get(home, "#777777"))
    p.setPen(QPen(QColor("#3b2f2a"), max(1.0, s * 0.03)))
    p.setBrush(QBrush(wall))
    p.drawRect(QRectF(x0 + s * 0.2, y0 + s * 0.45, s * 0.6, s * 0.45))
    roof_path = QPainterPath(QPointF(x0 + s * 0.08, y0 + s * 0.5))
    roof_path.lineTo(QPointF(x0 + s * 0.5, y0 + s * 0.1))
    roof_path.lineTo(QPointF(x0 + s * 0.92, y0 + s * 0.5))
    roof_path.closeSubpath()
    p.setBrush(QBrush(roof))
    p.drawPath(roof_path)
    door = QRectF(x0 + s * 0.38, y0 + s * 0.58, s * 0.24, s * 0.32)
    p.setBrush(QBrush(roof.darker(130)))
    p.drawRoundedRect(door, s * 0.04, s * 0.04)
    p.setPen(QPen(QColor("white")))
    p.setFont(_font(s * 0.2))
    p.drawText(door, Qt.AlignmentFlag.AlignCenter, home)
    p.restore()
