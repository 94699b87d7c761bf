"""Drawn pieces kept as images, so a table with forty cards repaints in a few milliseconds.

A piece is drawn once per (what, size, pixel ratio) at full device resolution, so the cached
copy is as crisp as a fresh drawing on high-DPI screens.
"""

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

LIMIT = 800
"""Pieces kept; the least recently drawn go first."""

_pixmaps: OrderedDict[Hashable, QImage] = OrderedDict()


def draw_cached(
    p: QPainter, rect: QRectF, key: Hashable, draw: Callable[[QPainter, QRectF], None]
) -> None:
    """Draw `draw(painter, rect)` through the cache; `key` names what is drawn."""
    # The scale from logical to device pixels. The device's own ratio is not enough: a widget
    # rendered into a 2x pixmap paints on a redirected device that reports 1.
    scale = p.deviceTransform()
    ratio = round(max(1.0, math.hypot(scale.m11(), scale.m12())), 2)
    w, h = rect.width(), rect.height()
    full = (key, round(w * 4), round(h * 4), ratio)
    pixmap = _pixmaps.get(full)
    if pixmap is None:
        pixmap = QImage(
            max(1, math.ceil(w * ratio)),
            max(1, math.ceil(h * ratio)),
            QImage.Format.Format_ARGB32_Premultiplied,
        )
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        draw(painter, QRectF(0, 0, w, h))
        painter.end()
        _pixmaps[full] = pixmap
        if len(_pixmaps) > LIMIT:
            _pixmaps.popitem(last=False)
    else:
        _pixmaps.move_to_end(full)
    p.save()
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    p.drawImage(rect, pixmap, QRectF(0, 0, pixmap.width(), pixmap.height()))
    p.restore()


def clear() -> None:
    _pixmaps.clear()
