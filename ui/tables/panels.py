"""The boxes a table draws over its game: what is happening, a refusal, the keys, the results.

Each is drawn on a `TableCanvas` (`ui.tables.canvas`) from words the view hands over, so the
view keeps its own words (and their translations) and this module only decides where a box sits
and how it looks: the caption of the event being animated, the notice of a refused action, the
overlay listing the keys, and the result panel of a round or a game with its buttons.
"""

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPen

from ui import theme
from ui.tables.canvas import Key, TableCanvas
from ui.tables.table_text import table_font, wrapped_height

CAPTION_PX = 15
"""The size of the caption's words."""


def caption_rect(canvas: TableCanvas) -> QRectF:
    """Where the moving event is said in words while it animates."""
    w = min(canvas.width() * 0.6, 620.0)
    h = 34.0
    return QRectF((canvas.width() - w) / 2, canvas.height() * 0.5 - h / 2, w, h)


def paint_caption(canvas: TableCanvas, p: QPainter, text: str, rect: QRectF) -> None:
    """The animation says what happens, in the same words as the move log, in `rect` (taller
    when the words need more lines)."""
    t = theme.current()
    rect = QRectF(rect)
    font = table_font(theme.FontRole.BODY, CAPTION_PX)
    height = (
        QFontMetricsF(font)
        .boundingRect(rect.adjusted(12, 0, -12, 0), int(Qt.TextFlag.TextWordWrap), text)
        .height()
    )
    rect.setHeight(max(rect.height(), height + 10))
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    colour = QColor(t.palette.ink)
    colour.setAlpha(200)
    p.setBrush(QBrush(colour))
    p.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
    p.restore()
    canvas.label(p, rect.adjusted(12, 0, -12, 0), text, px=CAPTION_PX, colour=t.color("cream"))


def paint_notice(canvas: TableCanvas, p: QPainter, text: str) -> None:
    """A message for the player (a refused action) across the middle of the table."""
    t = theme.current()
    w = min(canvas.width() * 0.7, 760.0)
    rect = QRectF((canvas.width() - w) / 2, canvas.height() * 0.42, w, 64)
    p.save()
    p.setPen(QPen(t.color("danger"), 3))
    p.setBrush(QBrush(t.color("cream")))
    p.drawRoundedRect(rect, 12, 12)
    p.restore()
    canvas.label(p, rect.adjusted(12, 4, -12, -4), text, px=15, colour=t.color("ink"))


def paint_keys_help(
    canvas: TableCanvas, p: QPainter, title: str, lines: list[tuple[str, str]]
) -> None:
    """The overlay listing the keys: `title` above rows of (keys, what they do)."""
    t = theme.current()
    z = 1.0
    w = min(canvas.width() - 40.0, 640.0 * z)
    row = 30.0 * z
    h = 70 * z + row * len(lines)
    rect = QRectF((canvas.width() - w) / 2, (canvas.height() - h) / 2, w, h)
    p.save()
    p.setPen(QPen(t.color("accent"), 3))
    p.setBrush(QBrush(t.color("cream")))
    p.drawRoundedRect(rect, 14, 14)
    p.restore()
    ink = t.color("ink")
    canvas.label(
        p,
        QRectF(rect.left(), rect.top() + 8, w, 40 * z),
        title,
        px=22,
        role=theme.FontRole.TITLE,
        colour=ink,
    )
    y = rect.top() + 54 * z
    key_w = min(190.0 * z, w * 0.35)
    for keys, what in lines:
        canvas.label(
            p,
            QRectF(rect.left() + 16, y, key_w, row),
            keys,
            px=15,
            role=theme.FontRole.HEADING,
            colour=ink,
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )
        canvas.label(
            p,
            QRectF(rect.left() + 24 + key_w, y, w - key_w - 40, row),
            what,
            px=14,
            colour=ink,
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )
        y += row


def results_layout(
    canvas: TableCanvas, title: str, rows: int, footer: str
) -> tuple[QRectF, float, float, float]:
    """(panel, title height, row height, footer height) of a result panel that holds a
    wrapped title, `rows` rows and a footer, and never runs off the table: the rows get
    closer together (never under 24 px) before the panel grows past the table."""
    w = min(canvas.width() * 0.8, 620.0)
    title_h = max(40.0, wrapped_height(w - 40, title, 26, theme.FontRole.TITLE) + 8)
    footer_h = wrapped_height(w - 40, footer, 15) + 8 if footer else 0.0
    fixed = 14 + title_h + 12 + footer_h + 12 + 46 + 14
    room = canvas.height() - 12 - fixed
    row_h = max(24.0, min(34.0, room / max(1, rows)))
    h = fixed + row_h * rows
    top = max(6.0, (canvas.height() - h) / 2)
    return QRectF((canvas.width() - w) / 2, top, w, h), title_h, row_h, footer_h


def paint_results(
    canvas: TableCanvas,
    p: QPainter,
    title: str,
    lines: list[tuple[str, str, bool]],
    footer: str,
    buttons: tuple[tuple[str, Key], ...],
    waiting: str | None,
) -> None:
    """A result panel in the middle: a title, rows (name, figure, highlighted) and buttons.

    `waiting`: where this player may not start another game (a guest at a network table), the
    words shown in place of Play again ("Waiting for the host…"); None where they may."""
    t = theme.current()
    rect, title_h, row_h, footer_h = results_layout(canvas, title, len(lines), footer)
    w = rect.width()
    p.save()
    p.setPen(QPen(t.color("accent"), 4))
    p.setBrush(QBrush(t.color("cream")))
    p.drawRoundedRect(rect, 18, 18)
    p.restore()
    ink = t.color("ink")
    canvas.label(
        p,
        QRectF(rect.left() + 20, rect.top() + 14, w - 40, title_h),
        title,
        px=26,
        role=theme.FontRole.TITLE,
        colour=ink,
    )
    y = rect.top() + 14 + title_h + 12
    px = 17.0 if row_h >= 30 else 15.0
    for name, figure, best in lines:
        row = QRectF(rect.left() + 30, y, w - 60, row_h - 4)
        if best:
            p.save()
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QBrush(t.color("accent")))
            p.drawRoundedRect(row, 8, 8)
            p.restore()
        canvas.label(
            p,
            row.adjusted(12, 0, 0, 0),
            name,
            px=px,
            colour=ink,
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )
        canvas.label(
            p,
            row.adjusted(0, 0, -12, 0),
            figure,
            px=px,
            colour=ink,
            role=theme.FontRole.NUMBER,
            align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
        )
        y += row_h
    if footer:
        canvas.label(p, QRectF(rect.left() + 20, y, w - 40, footer_h), footer, px=15, colour=ink)
        y += footer_h
    bw = min(220.0, (w - 40 - 16 * (len(buttons) - 1)) / max(1, len(buttons)))
    x = rect.center().x() - (len(buttons) * (bw + 16) - 16) / 2
    for text, key in buttons:
        again = key in (("button", "again"), ("again",))
        if again and waiting is not None:
            canvas.button(p, QRectF(x, y + 12, bw, 46), waiting, key, enabled=False)
        else:
            canvas.button(p, QRectF(x, y + 12, bw, 46), text, key, accent=True)
        x += bw + 16
