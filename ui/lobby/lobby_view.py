"""The first screen: who I am, the three games to play on this laptop, and the tables nearby."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ui import theme
from ui.catalogue import GAMES
from ui.lobby.come_back import ResumeOffer
from ui.lobby.game_card import GameCard
from ui.lobby.network_panel import NetworkPanel
from ui.lobby.share_panel import add_lobby_buttons


class LobbyView(QWidget):
    play_requested = Signal(str)
    rules_requested = Signal(str)
    tutorial_requested = Signal(str)
    """Learn to play: a guided first game of this game."""
    settings_requested = Signal()

    def __init__(
        self,
        player_name: str,
        parent: QWidget | None = None,
        hint_delay_ms: int | None = None,
    ) -> None:
        super().__init__(parent)
        t = theme.current()
        self.setObjectName("Lobby")
        self.setAutoFillBackground(True)
        self.setStyleSheet(f"#Lobby {{ background: {t.palette.paper}; }}")

        brand = QLabel("lanpurr")
        brand.setFont(t.font(theme.FontRole.DISPLAY))
        brand.setStyleSheet(f"color: {t.palette.felt_dark};")
        self.name_button = QPushButton(player_name)
        self.name_button.setFont(t.font(theme.FontRole.HEADING))
        self.name_button.setToolTip(self.tr("Your name at the tables: click to change it"))
        self.settings_button = QPushButton("⚙")
        self.settings_button.setFont(t.font(theme.FontRole.HEADING))
        self.settings_button.setToolTip(self.tr("Settings"))
        self.settings_button.setAccessibleName(self.tr("Settings"))
        self.name_button.clicked.connect(self.settings_requested)
        self.settings_button.clicked.connect(self.settings_requested)
        header = QHBoxLayout()
        header.addWidget(brand)
        header.addStretch(1)
        header.addWidget(self.name_button)
        header.addWidget(self.settings_button)
        self.share = add_lobby_buttons(header, self)
        self.share.rules_requested.connect(self.rules_requested)

        local_title = QLabel(self.tr("Play on this laptop"))
        local_title.setFont(t.font(theme.FontRole.TITLE))
        local_title.setWordWrap(True)  # zoomed, in a long language, it takes two lines
        self.cards: dict[str, GameCard] = {}
        games = QWidget()
        games.setObjectName("Games")
        local = QVBoxLayout(games)
        local.setContentsMargins(0, 0, t.px(4), 0)
        local.setSpacing(t.px(10))
        for game in GAMES:
            card = GameCard(game)
            card.play_requested.connect(self.play_requested)
            card.rules_requested.connect(self.rules_requested)
            card.tutorial_requested.connect(self.tutorial_requested)
            card.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
            self.cards[game.game_id] = card
            card.play_button.installEventFilter(self)
            card.rules_button.installEventFilter(self)
            card.learn_button.installEventFilter(self)
            local.addWidget(card, 1)

        if hint_delay_ms is None:
            self.network = NetworkPanel()
        else:
            self.network = NetworkPanel(hint_delay_ms=hint_delay_ms)
        # The games scroll when zoom or a long language makes them taller than the window.
        scroller = QScrollArea()
        scroller.setWidget(games)
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroller.setStyleSheet(
            f"QScrollArea, #Games {{ background: {t.palette.paper}; border: none; }}"
        )
        # Never narrower than a game card needs; the network panel gives way first.
        scroller.setMinimumWidth(
            games.minimumSizeHint().width() + scroller.verticalScrollBar().sizeHint().width()
        )
        left = QVBoxLayout()
        left.setSpacing(t.px(10))
        left.addWidget(local_title)
        left.addWidget(scroller, 1)
        body = QHBoxLayout()
        body.setSpacing(t.px(18))
        body.addLayout(left, 11)
        body.addWidget(self.network, 9)

        self.status = QLabel("")
        """This laptop's address (or why there is none): always shown."""
        self.status.setStyleSheet(f"color: {t.palette.ink_soft};")
        self.status.setFont(t.font(theme.FontRole.SMALL))
        self.notice = QLabel("")
        """The latest news from the network, beside the address, never in its place."""
        self.notice.setStyleSheet(f"color: {t.palette.ink};")
        self.notice.setFont(t.font(theme.FontRole.SMALL))
        self.notice.setWordWrap(True)
        self.notice.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        footer = QHBoxLayout()
        footer.addWidget(self.status)
        footer.addWidget(self.notice, 1)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setStyleSheet(f"color: {t.palette.ink_soft};")

        column = QVBoxLayout(self)
        column.setContentsMargins(t.px(20), t.px(14), t.px(20), t.px(10))
        column.setSpacing(t.px(12))
        self.resume_offer = ResumeOffer()
        """The table this laptop hosted, waiting for it after the app stopped (hidden when none)."""
        # A table found hosted by another laptop tells the offer the game went on without me.
        self.network.tables_changed.connect(
            lambda: self.resume_offer.see(list(self.network.tables.values()))
        )
        self.resume_offer.away_changed.connect(self.network.set_given_away)
        self.resume_offer.watch_requested.connect(self.network.watch_requested)
        self.resume_offer.join_requested.connect(self.network.join_requested)
        column.addLayout(header)
        column.addWidget(self.resume_offer)
        column.addLayout(body, 1)
        column.addWidget(line)
        column.addLayout(footer)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Up and Down move between the games, Left and Right between a game's buttons, Enter
        presses the one in focus.

        Filtered on the buttons, because a QPushButton uses arrow keys for itself."""
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and isinstance(
                watched, QPushButton
            ):
                watched.click()  # Enter confirms, like Space, as everywhere else in lanpurr
                return True
            target = self._arrow_target(watched, event.key())
            if target is not None:
                target.setFocus(Qt.FocusReason.OtherFocusReason)
                return True
        return super().eventFilter(watched, event)

    def _arrow_target(self, button: QObject, key: int) -> QPushButton | None:
        grid = [
            [card.play_button, card.learn_button, card.rules_button] for card in self.cards.values()
        ]
        for row, pair in enumerate(grid):
            if button in pair:
                column = pair.index(button)
                if key == Qt.Key.Key_Down:
                    return grid[min(row + 1, len(grid) - 1)][column]
                if key == Qt.Key.Key_Up:
                    return grid[max(row - 1, 0)][column]
                if key == Qt.Key.Key_Left:
                    return pair[max(column - 1, 0)]
                if key == Qt.Key.Key_Right:
                    return pair[min(column + 1, len(pair) - 1)]
        return None

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.focusWidget() is None:
            self.cards["momistigri"].play_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def set_player_name(self, name: str) -> None:
        self.name_button.setText(name)

    def set_status(self, text: str) -> None:
        self.status.setText(text)

    def set_notice(self, text: str) -> None:
        self.notice.setText(text)
