"""What a chat line sounds like when it arrives: a soft blip for words, the emote's own sound,
and "your turn!" nudges the taskbar like a turn does."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from ui.chat.log import ChatLine
from ui.sound.player import player
from ui.sound.table_sounds import alert_if_away

EMOTE_CUES = {"meow": "meow:Meow", "laugh": "laugh", "turn": "turn"}


def sound_line(line: ChatLine, window: QWidget) -> None:
    player().play(EMOTE_CUES.get(line.emote, "chat"))
    if line.emote == "turn" and not line.mine:
        alert_if_away(window)
