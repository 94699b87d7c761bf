"""Text on a table: fonts sized in table pixels, and whether a text fits the room it is given.

The tables draw through a painter that already carries the zoom (`ui.tables.canvas`), so their
fonts are asked for at zoom 1 (`table_font`); widgets around the table scale theirs with the
zoom setting (`font_px`). Nothing on a table is written smaller than `MIN_TEXT_PX`: a drawn
button's text wraps onto two lines before it would shrink below it, and a name too long for its
place is shortened with "…" rather than wrapped.
"""

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF

from ui import theme

MIN_TEXT_PX = 13.0
"""Text on the table never gets smaller than this (before zoom): it wraps instead."""


def text_fits(rect: QRectF, text: str, font: Any, wrap: bool) -> bool:
    """Whether `text` in `font` fits inside `rect` (wrapping at word boundaries if `wrap`)."""
    metrics = QFontMetricsF(font)
    flags = int(Qt.TextFlag.TextWordWrap) if wrap else 0
    bound = metrics.boundingRect(QRectF(0, 0, rect.width(), 100000), flags, text)
    return bound.width() <= rect.width() + 0.5 and bound.height() <= rect.height() + 0.5


def fit_name(name: str, font: Any, width: float) -> str:
    """`name` shortened with "…" to `width` in `font` (whole if it fits)."""
    metrics = QFontMetricsF(font)
    return str(metrics.elidedText(name, Qt.TextElideMode.ElideRight, max(0.0, width)))


def button_font(rect: QRectF, text: str) -> tuple[Any, bool]:
    """The font for a drawn button and whether its text wraps: the largest size up to the normal
    one at which the text fits on one line, else two lines, never below MIN_TEXT_PX."""
    inner = rect.adjusted(8, 2, -8, -2)
    px = min(18.0, rect.height() * 0.42)
    while px >= MIN_TEXT_PX:
        font = table_font(theme.FontRole.HEADING, px)
        if text_fits(inner, text, font, False):
            return font, False
        if text_fits(inner, text, font, True):
            return font, True
        px -= 1
    return table_font(theme.FontRole.HEADING, MIN_TEXT_PX), True


def font_px(role: theme.FontRole, px: float, zoom: float | None = None) -> Any:
    """A font of `role`'s weight at `px` logical pixels scaled by `zoom` (the zoom setting if
    None). The tables draw through a painter scaled by the zoom, so they pass 1."""
    font = theme.current().font(role)
    font.setPixelSize(max(1, round(px * (theme.current().zoom if zoom is None else zoom))))
    return font


def table_font(role: theme.FontRole, px: float) -> Any:
    """A font for drawing on a table (whose painter already carries the zoom)."""
    return font_px(role, px, 1.0)


def wrapped_height(
    width: float, text: str, px: float, role: theme.FontRole = theme.FontRole.BODY
) -> float:
    """The height `text` takes at `px` when wrapped in `width` table pixels."""
    metrics = QFontMetricsF(table_font(role, px))
    flags = int(Qt.TextFlag.TextWordWrap)
    return float(metrics.boundingRect(QRectF(0, 0, width, 100000), flags, text).height())
