"""A table's sounds: each event as it is shown, and "your turn" with a nudge of the taskbar when
the window is behind another one or minimised."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication, QWidget

from ui.sound.cues import cue_of, ends_turns, turn_of
from ui.sound.player import SoundPlayer, player


def alert_if_away(widget: QWidget) -> bool:
    """Make the window's taskbar entry ask for attention if the player is looking elsewhere
    (another window in front, or this one minimised). True if it was asked."""
    window = widget.window()
    if window.isActiveWindow() and not window.isMinimized():
        return False
    QApplication.alert(window, 0)  # until the player comes back to the window
    return True


class TableSounds(QObject):
    """Listens to a table view's events (`event_shown`) and plays what they sound like."""

    def __init__(self, view: Any, game_id: str, sounds: SoundPlayer | None = None) -> None:
        super().__init__(view)
        self.view = view
        self.game_id = game_id
        self._sounds = sounds
        self.turn: int | None = None
        """Whose turn the table is in, as far as the events said."""
        view.event_shown.connect(self.on_event)

    @property
    def sounds(self) -> SoundPlayer:
        return self._sounds or player()

    def on_event(self, event: Any) -> None:
        cue = cue_of(self.game_id, event)
        if cue is not None:
            self.sounds.play(cue)
        if ends_turns(self.game_id, event):
            self.turn = None
        seat = turn_of(self.game_id, event, self.view.seat)
        if seat is None:
            return
        if seat == self.view.seat and self.turn != seat:
            self.sounds.play("turn")
            alert_if_away(self.view)
        self.turn = seat
