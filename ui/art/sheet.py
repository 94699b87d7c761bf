"""The art sheet: every piece of lanpurr's art on one page, to look at and to test."""

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from ui.art.cards import (
    CARD_ASPECT,
    draw_card_back,
    draw_momistigri_face,
    draw_purrfect_face,
)
from ui.art.gutters import draw_home, draw_stray_cat, draw_tile

SHEET_MOMISTIGRI = ("5.0", "5.1", "5.2", "5.3", "5.4", "M", "9.0", "2.3")
SHEET_PURRFECT = (
    "Luna-1",
    "Milo-2",
    "Nala-3",
    "Oscar-4",
    "Pepper-5",
    "Simba-6",
    "Tigre-7",
    "Luna-8",
    "Milo-9",
)
SHEET_TILES = (
    ("I", 0),
    ("I", 90),
    ("C", 0),
    ("C", 90),
    ("C", 180),
    ("C", 270),
    ("J", 0),
    ("J", 90),
    ("J", 180),
    ("J", 270),
)
SHEET_STRAYS = (("k01", 1), ("k07", 2), ("k08", 2), ("k12", 3), ("k15", 3))


class ArtSheet(QWidget):
    """Shows the whole art set; `strong` draws it as colour-blind mode does."""

    def __init__(self, strong: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.strong = strong
        self.resize(1180, 860)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#1f4e4a"))
        font = QFont()
        font.setPixelSize(18)
        font.setBold(True)
        p.setFont(font)
        p.setPen(QColor("#f3ead8"))
        w = 108.0
        h = w * CARD_ASPECT
        p.drawText(
            QRectF(20, 8, 800, 26),
            Qt.AlignmentFlag.AlignLeft,
            self.tr("Momistigri cards and the card back"),
        )
        for i, face in enumerate(SHEET_MOMISTIGRI):
            draw_momistigri_face(p, QRectF(20 + i * (w + 14), 40, w, h), face, self.strong)
        draw_card_back(p, QRectF(20 + 8 * (w + 14), 40, w, h))
        y = 40 + h + 20
        p.setPen(QColor("#f3ead8"))
        p.drawText(
            QRectF(20, y, 800, 26),
            Qt.AlignmentFlag.AlignLeft,
            self.tr("Purrfect cats in their poses"),
        )
        for i, face in enumerate(SHEET_PURRFECT):
            draw_purrfect_face(p, QRectF(20 + i * (w + 14), y + 32, w, h), face, self.strong)
        y += 32 + h + 20
        p.setPen(QColor("#f3ead8"))
        p.drawText(
            QRectF(20, y, 800, 26),
            Qt.AlignmentFlag.AlignLeft,
            self.tr("Gutter tiles, stray cats and homes"),
        )
        t = 86.0
        for i, (shape, rotation) in enumerate(SHEET_TILES):
            draw_tile(p, QRectF(20 + i * (t + 8), y + 32, t, t), shape, rotation, lit=i == 6)
        y += 32 + t + 16
        for i, (cat, value) in enumerate(SHEET_STRAYS):
            draw_stray_cat(p, QRectF(20 + i * (t + 16), y, t, t), cat, value, lit=i == 3)
        for i, home in enumerate(("A", "B")):
            draw_home(p, QRectF(20 + (5 + i) * (t + 16), y, t, t), home)
        p.end()
