"""Card faces and the card back, drawn for lanpurr with QPainter.

Cards have a 5:7 aspect. Every function paints into a given rectangle in logical pixels, so a
painter on a high-DPI pixmap or screen draws crisp vector shapes at full resolution.
"""

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from ui.art.cache import draw_cached
from ui.art.cat import draw_cat
from ui.art.palette import (
    CARD_BACK,
    CARD_BACK_PAW,
    CARD_CREAM,
    MISTIGRI_SUIT,
    MOMISTIGRI_SUITS,
    PURRFECT_CATS,
    PURRFECT_POSES,
    Suit,
    qcolor,
)
from ui.art.symbols import draw_symbol

CARD_ASPECT = 7 / 5
"""Height over width of every card."""


def card_size(width: float) -> tuple[float, float]:
    return width, width * CARD_ASPECT


def momistigri_suit(face: str) -> tuple[int, Suit]:
    """The value and the colour of a Momistigri card named `v.i` or `M` (M-2.3)."""
    if face == "M":
        return 10, MISTIGRI_SUIT
    value_text, copy_text = face.split(".")
    value, copy = int(value_text), int(copy_text)
    # M-2.3: number the numbered cards by value, then by copy; card k has colour k mod 5.
    k = sum(10 - v for v in range(1, value)) + copy
    return value, MOMISTIGRI_SUITS[k % 5]


def _rounded(rect: QRectF) -> QPainterPath:
    path = QPainterPath()
    radius = rect.width() * 0.09
    path.addRoundedRect(rect, radius, radius)
    return path


def _font(px: float, bold: bool = True) -> QFont:
    font = QFont()
    font.setPixelSize(max(1, round(px)))
    font.setBold(bold)
    return font


def symbol_rect(rect: QRectF, strong: bool) -> QRectF:
    """Where the top-left colour symbol goes on a Momistigri face; larger in colour-blind mode."""
    w = rect.width()
    size = w * (0.2 if strong else 0.15)
    value_box = _value_box(rect)
    return QRectF(value_box.center().x() - size / 2, value_box.bottom(), size, size)


def _value_box(rect: QRectF) -> QRectF:
    w = rect.width()
    return QRectF(rect.left() + w * 0.1, rect.top() + w * 0.07, w * 0.26, w * 0.28)


TURNABLE = ("6", "9")
"""Values that read as each other upside down: underlined, as on real playing cards."""


def _underline(p: QPainter, box: QRectF, text: str, ink: QColor) -> None:
    """A short bar under `text` drawn centred in `box` with the painter's font."""
    digit = QFontMetricsF(p.font()).tightBoundingRect(text)
    width = box.width() * 0.05
    y = box.center().y() + digit.height() / 2 + width * 1.6
    half = digit.width() / 2 + width
    p.save()
    p.setPen(QPen(ink, max(1.0, width), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawLine(QPointF(box.center().x() - half, y), QPointF(box.center().x() + half, y))
    p.restore()


def draw_momistigri_face(p: QPainter, rect: QRectF, face: str, strong: bool = False) -> None:
    """A Momistigri card (see `paint_momistigri_face`), through the pixmap cache."""
    draw_cached(
        p,
        rect,
        ("momistigri", face, strong),
        lambda q, r: paint_momistigri_face(q, r, face, strong),
    )


def paint_momistigri_face(p: QPainter, rect: QRectF, face: str, strong: bool = False) -> None:
    """A Momistigri card: coloured frame, value and symbol in two corners, a cat in the middle.

    `strong` (colour-blind mode) enlarges the symbol, writes the colour letter and hatches
    the frame so that colour is never needed to tell two suits apart.
    """
    value, suit = momistigri_suit(face)
    mistigri = face == "M"
    w = rect.width()
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    outer = _rounded(rect)
    p.setPen(QPen(QColor("#00000060"), max(1.0, w * 0.012)))
    p.setBrush(QBrush(qcolor(suit.frame)))
    p.drawPath(outer)
    inner_rect = rect.adjusted(w * 0.07, w * 0.07, -w * 0.07, -w * 0.07)
    if strong and not mistigri:
        _hatch(p, outer.subtracted(_rounded(inner_rect)), suit.letter)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(qcolor(suit.tint if mistigri else CARD_CREAM)))
    p.drawPath(_rounded(inner_rect))
    ink = QColor("#f2efe6") if mistigri else qcolor(suit.frame).darker(130)
    # The cat, tinted with the suit colour.
    coat = QColor("#141217") if mistigri else qcolor(suit.tint).darker(108)
    accent = QColor("#c05a7a") if mistigri else qcolor(suit.frame)
    art = QRectF(
        inner_rect.left() + w * 0.08,
        inner_rect.top() + w * 0.22,
        inner_rect.width() - w * 0.16,
        inner_rect.height() - w * 0.44,
    )
    draw_cat(p, art, coat, accent, "grinning" if mistigri else "sitting")
    # Value and symbol in the top-left corner and, turned round, in the bottom-right one.
    text = "M" if mistigri else str(value)
    for turned in (False, True):
        p.save()
        if turned:
            p.translate(rect.center())
            p.rotate(180)
            p.translate(-rect.center())
        p.setPen(QPen(ink))
        p.setFont(_font(w * 0.24))
        p.drawText(_value_box(rect), Qt.AlignmentFlag.AlignCenter, text)
        if text in TURNABLE:
            _underline(p, _value_box(rect), text, ink)
        draw_symbol(p, suit.symbol, symbol_rect(rect, strong), ink)
        p.restore()
    if strong:
        # The colour letter in a badge at the top right: a second cue besides the symbol.
        badge = QRectF(inner_rect.right() - w * 0.24, inner_rect.top() + w * 0.03, w * 0.2, w * 0.2)
        p.setPen(QPen(ink, max(1.0, w * 0.015)))
        p.setBrush(QBrush(QColor("white") if not mistigri else QColor("#111")))
        p.drawEllipse(badge)
        p.setFont(_font(w * 0.14))
        p.drawText(badge, Qt.AlignmentFlag.AlignCenter, suit.letter)
    p.restore()


def _hatch(p: QPainter, area: QPainterPath, letter: str) -> None:
    """A suit-specific texture on the frame (colour-blind mode)."""
    styles = {
        "R": Qt.BrushStyle.BDiagPattern,
        "B": Qt.BrushStyle.HorPattern,
        "G": Qt.BrushStyle.CrossPattern,
        "Y": Qt.BrushStyle.Dense6Pattern,
        "P": Qt.BrushStyle.FDiagPattern,
    }
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(QColor(255, 255, 255, 150), styles.get(letter, Qt.BrushStyle.NoBrush)))
    p.drawPath(area)
    p.restore()


def draw_card_back(p: QPainter, rect: QRectF, highlight: bool = False) -> None:
    """The card back (see `paint_card_back`), through the pixmap cache."""
    draw_cached(p, rect, ("back", highlight), lambda q, r: paint_card_back(q, r, highlight))


def paint_card_back(p: QPainter, rect: QRectF, highlight: bool = False) -> None:
    """The one back of every lanpurr card: paw prints on teal."""
    w = rect.width()
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    outer = _rounded(rect)
    p.setPen(
        QPen(
            QColor("#f4d35e") if highlight else QColor("#00000070"),
            max(1.0, w * (0.05 if highlight else 0.012)),
        )
    )
    p.setBrush(QBrush(qcolor(CARD_CREAM)))
    p.drawPath(outer)
    inner = rect.adjusted(w * 0.06, w * 0.06, -w * 0.06, -w * 0.06)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(qcolor(CARD_BACK)))
    p.drawPath(_rounded(inner))
    p.setClipPath(_rounded(inner))
    step = w * 0.3
    row = 0
    y = inner.top() + step * 0.4
    while y < inner.bottom() + step:
        x = inner.left() + (step * 0.5 if row % 2 else 0) + step * 0.2
        while x < inner.right() + step:
            draw_paw(p, QPointF(x, y), step * 0.32, qcolor(CARD_BACK_PAW, 150))
            x += step
        y += step * 0.8
        row += 1
    p.restore()


def draw_paw(p: QPainter, centre: QPointF, size: float, colour: QColor) -> None:
    """A paw print: one pad and four toes."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(colour))
    p.drawEllipse(QPointF(centre.x(), centre.y() + size * 0.25), size * 0.42, size * 0.34)
    for dx, dy in ((-0.5, -0.2), (-0.18, -0.5), (0.18, -0.5), (0.5, -0.2)):
        p.drawEllipse(
            QPointF(centre.x() + dx * size, centre.y() + dy * size), size * 0.15, size * 0.19
        )
    p.restore()


def purrfect_cat_of(face: str) -> tuple[str, int]:
    """`Luna-3` -> ("Luna", 3) (P-2.1, P-2.2)."""
    name, pose = face.rsplit("-", 1)
    return name, int(pose)


def draw_purrfect_face(p: QPainter, rect: QRectF, face: str, strong: bool = False) -> None:
    """A Purrfect card (see `paint_purrfect_face`), through the pixmap cache."""
    draw_cached(
        p, rect, ("purrfect", face, strong), lambda q, r: paint_purrfect_face(q, r, face, strong)
    )


def paint_purrfect_face(p: QPainter, rect: QRectF, face: str, strong: bool = False) -> None:
    """A Purrfect card: the cat's colour as frame, its name and big initial, its pose."""
    name, pose = purrfect_cat_of(face)
    cat = PURRFECT_CATS[name]
    w = rect.width()
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    outer = _rounded(rect)
    p.setPen(QPen(QColor("#00000060"), max(1.0, w * 0.012)))
    p.setBrush(QBrush(qcolor(cat.frame)))
    p.drawPath(outer)
    inner_rect = rect.adjusted(w * 0.07, w * 0.07, -w * 0.07, -w * 0.07)
    if strong:
        draw_pattern(p, outer.subtracted(_rounded(inner_rect)), cat.pattern, w)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(qcolor(CARD_CREAM)))
    p.drawPath(_rounded(inner_rect))
    ink = qcolor(cat.frame).darker(140)
    p.setPen(QPen(ink))
    p.setFont(_font(w * (0.32 if strong else 0.26)))
    p.drawText(
        QRectF(inner_rect.left() + w * 0.04, inner_rect.top(), w * 0.34, w * 0.34),
        Qt.AlignmentFlag.AlignCenter,
        cat.initial,
    )
    p.setFont(_font(w * 0.13))
    p.drawText(
        QRectF(inner_rect.left(), inner_rect.bottom() - w * 0.22, inner_rect.width(), w * 0.2),
        Qt.AlignmentFlag.AlignCenter,
        cat.name,
    )
    art = QRectF(
        inner_rect.left() + w * 0.06,
        inner_rect.top() + w * 0.26,
        inner_rect.width() - w * 0.12,
        inner_rect.height() - w * 0.5,
    )
    draw_cat(p, art, qcolor(cat.coat), qcolor(cat.frame), PURRFECT_POSES[pose])
    p.restore()


def draw_pattern(p: QPainter, area: QPainterPath, pattern: str, w: float) -> None:
    """One of seven textures (data: `PurrfectCat.pattern`) laid over a frame."""
    p.save()
    p.setClipPath(area)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    box = area.boundingRect()
    light = QColor(255, 255, 255, 170)
    step = w * 0.1
    pen = QPen(light, max(1.0, w * 0.02))
    p.setPen(pen)
    p.setBrush(QBrush(light))
    y = box.top()
    row = 0
    while y < box.bottom() + step:
        x = box.left()
        while x < box.right() + step:
            if pattern == "dots":
                p.setPen(Qt.PenStyle.NoPen)
                p.drawEllipse(QPointF(x, y), step * 0.22, step * 0.22)
                p.setPen(pen)
            elif pattern == "crosses":
                p.drawLine(QPointF(x - step * 0.25, y), QPointF(x + step * 0.25, y))
                p.drawLine(QPointF(x, y - step * 0.25), QPointF(x, y + step * 0.25))
            elif pattern == "checks" and (row + round((x - box.left()) / step)) % 2 == 0:
                p.setPen(Qt.PenStyle.NoPen)
                p.drawRect(QRectF(x, y, step, step))
                p.setPen(pen)
            elif pattern == "zigzag":
                p.drawLine(QPointF(x, y), QPointF(x + step / 2, y + step / 2))
                p.drawLine(QPointF(x + step / 2, y + step / 2), QPointF(x + step, y))
            x += step
        if pattern == "stripes" and row % 2 == 0:
            p.drawLine(QPointF(box.left(), y), QPointF(box.right(), y))
        elif pattern == "waves":
            wave = QPainterPath(QPointF(box.left(), y))
            xx = box.left()
            while xx < box.right():
                wave.quadTo(QPointF(xx + step / 2, y - step / 2), QPointF(xx + step, y))
                xx += step
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(wave)
            p.setBrush(QBrush(light))
        y += step
        row += 1
    if pattern == "diagonal":
        x = box.left() - box.height()
        while x < box.right():
            p.drawLine(QPointF(x, box.top()), QPointF(x + box.height(), box.bottom()))
            x += step
    p.restore()
