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

        # The section's title already says "Play on this laptop": the button needs one word,
        # which keeps the three buttons on one row in Italian and Spanish too.
        self.play_button = QPushButton(self.tr("Play"))
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
        # The buttons share one row where the card is wide enough; else Play takes a row of
        # its own above the other two (Italian and Spanish); only in a narrow window or at a
        # large zoom do all three stack, so three games fit on a 1024×600 screen.
        self.buttons = QGridLayout()
        self.arrangement = ""
        """How the buttons sit: "row", "two rows" or "stacked"."""
        self._arrange_buttons("stacked")
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

    def _row_width(self, buttons: list[QPushButton]) -> int:
        spacing = max(0, self.buttons.horizontalSpacing())
        widths = [b.sizeHint().width() for b in buttons]
        return sum(widths) + spacing * (len(widths) - 1)

    def _stacked_width(self) -> int:
        return max(b.sizeHint().width() for b in self._button_list())

    def _button_list(self) -> list[QPushButton]:
        return [self.play_button, self.learn_button, self.rules_button]

    def _arrange_buttons(self, arrangement: str) -> None:
        if arrangement == self.arrangement:
            return
        self.arrangement = arrangement
        for button in self._button_list():
            self.buttons.removeWidget(button)
        for column in range(4):
            self.buttons.setColumnStretch(column, 0)
        play, learn, rules = self._button_list()
        if arrangement == "row":
            places = [(play, 0, 0, 1), (learn, 0, 1, 1), (rules, 0, 2, 1)]
        elif arrangement == "two rows":
            places = [(play, 0, 0, 2), (learn, 1, 0, 1), (rules, 1, 1, 1)]
        else:
            places = [(play, 0, 0, 1), (learn, 1, 0, 1), (rules, 2, 0, 1)]
        for button, row, column, span in places:
            self.buttons.addWidget(button, row, column, 1, span)
        self.buttons.setColumnStretch(3 if arrangement == "row" else 2, 1)

    def arrangement_for(self, room: int) -> str:
        """The roomiest arrangement of the buttons that fits in `room` pixels."""
        play, learn, rules = self._button_list()
        if room >= self._row_width([play, learn, rules]):
            return "row"
        if room >= max(play.sizeHint().width(), self._row_width([learn, rules])):
            return "two rows"
        return "stacked"

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        t = theme.current()
        room = self.width() - self.emblem.minimumWidth() - t.px(10) * 2 - t.px(14)
        self._arrange_buttons(self.arrangement_for(room))


def players_text(low: int, high: int) -> str:
    from PySide6.QtCore import QCoreApplication

    if low == high:
        return QCoreApplication.translate("GameCard", "%n player(s)", "", low)
    text = QCoreApplication.translate("GameCard", "%1–%2 players")
    return text.replace("%1", str(low)).replace("%2", str(high))
