"""A window sized for the screen it opens on: the size it wants, or as much as the screen holds
(a 1024×600 netbook, a 150 % scale), maximised where the wanted size does not fit."""

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QWidget

FRAME_ROOM = QSize(16, 48)
"""What a window's frame and title bar (and a panel the desktop forgets to count) may take
around it; a window knows its own frame only once it is shown."""


def fit_to_screen(window: QWidget, width: int, height: int) -> bool:
    """Size `window` at `width`×`height`, or as large as its screen holds with its frame.
    True when the wanted size does not fit: the window is best shown maximised there."""
    room = window.screen().availableGeometry()
    fits = QSize(
        min(width, room.width() - FRAME_ROOM.width()),
        min(height, room.height() - FRAME_ROOM.height()),
    )
    window.resize(fits)
    return fits != QSize(width, height)


def show_fitting(window: QWidget, maximised: bool) -> None:
    """Show a window sized by `fit_to_screen`: maximised on a screen too small for it."""
    if maximised:
        window.showMaximized()
    else:
        window.show()
