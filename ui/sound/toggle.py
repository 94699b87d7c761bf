"""The speaker button at a table: one click mutes lanpurr, another brings the sound back."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QPushButton, QWidget

from ui import theme
from ui.sound.player import player


class SoundToggle(QPushButton):
    muted_changed = Signal(bool)
    """The player muted (True) or unmuted lanpurr here; the window remembers it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        t = theme.current()
        self.setCheckable(True)
        self.setChecked(player().muted)
        self.setIconSize(QSize(t.px(22), t.px(22)))
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.toggled.connect(self._toggled)
        self._show_state()

    def _toggled(self, muted: bool) -> None:
        sounds = player()
        sounds.configure(sounds.volume, muted)
        self._show_state()
        self.muted_changed.emit(muted)

    def _show_state(self) -> None:
        muted = self.isChecked()
        self.setIcon(QIcon(str(theme.ICON_DIR / ("sound-off.svg" if muted else "sound-on.svg"))))
        said = (
            self.tr("Sound is off: click to turn it on")
            if muted
            else self.tr("Sound is on: click to mute")
        )
        self.setToolTip(said)
        self.setAccessibleName(self.tr("Sound"))
        self.setAccessibleDescription(said)
