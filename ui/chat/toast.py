"""The newest chat line over a corner of the table, for a few seconds, while the chat column is
hidden: read at a glance, gone before it is in the way."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel, QWidget

from ui import theme

SHOWN_MS = 6000


class ChatToast(QLabel):
    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        t = theme.current()
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setFont(t.font(theme.FontRole.BODY))
        self.setStyleSheet(
            f"color: {t.palette.ink}; background: {t.palette.cream};"
            f" border: 1px solid {t.palette.wood}; border-left: {t.px(6)}px solid"
            f" {t.palette.accent}; border-radius: {t.px(6)}px; padding: {t.px(6)}px {t.px(10)}px;"
        )
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.hide()

    def say(self, text: str) -> None:
        """Show `text` in the table's top left corner, then hide it."""
        t = theme.current()
        parent = self.parentWidget()
        width = min(t.px(360), max(t.px(160), parent.width() // 2 if parent else t.px(300)))
        self.setText(text)
        self.setFixedWidth(width)
        self.adjustSize()
        self.move(t.px(14), t.px(12))
        self.raise_()
        self.show()
        self._timer.start(SHOWN_MS)
