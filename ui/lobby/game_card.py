"""One game in the lobby: its picture, name, one-line description and what you can do with it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ui import theme
from ui.catalogue import GameInfo, tr
from ui.lobby.emblems import GameEmblem


class GameCard(QFrame):
    play_requested = Signal(str)
    rules_requested = Signal(str)
    tutorial_requested = Signal(str)

    def __init__(self, game: GameInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        t = theme.current()
        self.game = game
        self.setObjectName("GameCard")
        self.setStyleSheet(
            f"#GameCard {{ background: {t.palette.cream}; border-radius: {t.px(12)}px;"
            f" border: {t.px(1)}px solid {t.palette.ink_soft}; }}"
        )
        self.emblem = GameEmblem(game.game_id)
        # The picture gives way first when the window is small or zoomed.
        self.emblem.setMinimumWidth(t.px(96))
        self.emblem.setMaximumWidth(t.px(170))
        self.name_label = QLabel(tr(game.name))
        self.name_label.setFont(t.font(theme.FontRole.HEADING))
        self.name_label.setWordWrap(True)
        self.tagline_label = QLabel(tr(game.tagline))
        self.tagline_label.setWordWrap(True)
        # Room for three lines: Italian and Spanish run longer than English, and a wrapped
        # label does not ask its layout for the height it needs.
        lines = self.tagline_label.fontMetrics().lineSpacing() * 3
        self.tagline_label.setMinimumHeight(lines)
        self.players_label = QLabel(players_text(game.min_players, game.max_players))
        self.players_label.setStyleSheet(f"color: {t.palette.ink_soft};")

        self.play_button = QPushButton(self.tr("Play on this laptop"))
        self.play_button.setProperty("accent", True)
        self.play_button.setToolTip(self.tr("Play against bots on this computer"))
        self.rules_button = QPushButton(self.tr("Rules"))
        self.learn_button = QPushButton(self.tr("Learn to play"))
        self.learn_button.setToolTip(
            self.tr("A first game against bots, with hints that show you what to click")
        )
        self.learn_button.clicked.connect(lambda: self.tutorial_requested.emit(game.game_id))
        self.play_button.clicked.connect(lambda: self.play_requested.emit(game.game_id))
        self.rules_button.clicked.connect(lambda: self.rules_requested.emit(game.game_id))

        title_row = QHBoxLayout()
        title_row.addWidget(self.name_label, 1)
        title_row.addWidget(self.players_label, 0, Qt.AlignmentFlag.AlignTop)
        text = QVBoxLayout()
        text.addLayout(title_row)
        text.addWidget(self.tagline_label)
        text.addStretch(1)
        # The buttons share one row where the card is wide enough, else they stack (a narrow
        # window, zoom, a long language): the card stays narrow enough for a 1024-pixel screen.
        self.buttons = QGridLayout()
        self.buttons_in_a_row: bool | None = None
        self._arrange_buttons(in_a_row=False)
        text.addLayout(self.buttons)

        row = QHBoxLayout(self)
        row.setContentsMargins(t.px(10), t.px(10), t.px(10), t.px(10))
        row.setSpacing(t.px(14))
        row.addWidget(self.emblem, 2)
        row.addLayout(text, 3)
        self.setAccessibleName(tr(game.name))
        self.name_label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        # The narrowest the card gets: its buttons stacked.
        margins = t.px(10) * 2 + t.px(14)
        self.setMinimumWidth(self.emblem.minimumWidth() + margins + self._stacked_width())

    def _row_width(self) -> int:
        spacing = max(0, self.buttons.horizontalSpacing())
        widths = [b.sizeHint().width() for b in self._button_list()]
        return sum(widths) + spacing * (len(widths) - 1)

    def _stacked_width(self) -> int:
        return max(b.sizeHint().width() for b in self._button_list())

    def _button_list(self) -> list[QPushButton]:
        return [self.play_button, self.learn_button, self.rules_button]

    def _arrange_buttons(self, in_a_row: bool) -> None:
        if in_a_row == self.buttons_in_a_row:
            return
        self.buttons_in_a_row = in_a_row
        for button in self._button_list():
            self.buttons.removeWidget(button)
        for column in range(4):
            self.buttons.setColumnStretch(column, 0)
        for i, button in enumerate(self._button_list()):
            self.buttons.addWidget(button, 0 if in_a_row else i, i if in_a_row else 0)
        self.buttons.setColumnStretch(3 if in_a_row else 1, 1)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        t = theme.current()
        room = self.width() - self.emblem.minimumWidth() - t.px(10) * 2 - t.px(14)
        self._arrange_buttons(in_a_row=room >= self._row_width())


def players_text(low: int, high: int) -> str:
    from PySide6.QtCore import QCoreApplication

    if low == high:
        return QCoreApplication.translate("GameCard", "%n player(s)", "", low)
    text = QCoreApplication.translate("GameCard", "%1–%2 players")
    return text.replace("%1", str(low)).replace("%2", str(high))
