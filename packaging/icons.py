"""Draw lanpurr's app icon (a cat on the teal felt, from the app's own art) for the three
systems: PNG for Linux, .ico for Windows, .icns for macOS.

    python packaging/icons.py OUT_DIR
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter

from ui.art.cat import draw_cat
from ui.theme import Palette

# .icns entry types holding PNG data, by pixel size (Apple's icon family format).
ICNS_TYPES = {32: b"ic11", 64: b"ic12", 128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}


def draw(size: int) -> QImage:
    palette = Palette()
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(palette.felt))
    margin = size * 0.06
    p.drawRoundedRect(QRectF(margin, margin, size - 2 * margin, size - 2 * margin),
                      size * 0.2, size * 0.2)  # fmt: skip
    inset = size * 0.16
    draw_cat(p, QRectF(inset, inset, size - 2 * inset, size - 2 * inset),
             QColor(palette.paper), QColor(palette.accent))  # fmt: skip
    p.end()
    return image


def png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


def write_icns(path: Path) -> None:
    entries = b"".join(
        kind + struct.pack(">I", 8 + len(png)) + png
        for size, kind in ICNS_TYPES.items()
        for png in [png_bytes(draw(size))]
    )
    path.write_bytes(b"icns" + struct.pack(">I", 8 + len(entries)) + entries)


def write_ico(path: Path) -> None:
    """An .ico holding PNG images (Windows Vista and later read those)."""
    sizes = (16, 24, 32, 48, 64, 128, 256)
    pngs = [png_bytes(draw(size)) for size in sizes]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    directory = b""
    for size, png in zip(sizes, pngs, strict=True):
        side = 0 if size >= 256 else size  # 0 means 256 in an .ico directory
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset)
        offset += len(png)
    path.write_bytes(header + directory + b"".join(pngs))


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "build/icons")
    out.mkdir(parents=True, exist_ok=True)
    _app = QGuiApplication.instance() or QGuiApplication([])
    draw(256).save(str(out / "lanpurr.png"))
    write_ico(out / "lanpurr.ico")
    write_icns(out / "lanpurr.icns")
    print(f"icons in {out}: lanpurr.png, lanpurr.ico, lanpurr.icns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
