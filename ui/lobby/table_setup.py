"""The table before the game: who sits where, bots in empty seats, ready, and the host's Start.

It shows the network layer's `TableState` as it arrives and sends requests through the lobby's
network client; the host orders every change, so every laptop shows the same table.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from net.table.commands import AddBot, Ready, Remove, RemoveBot, Sit, Start, TableCommand
from net.table_state import Seat, TableState
from ui import theme
from ui.catalogue import bot_hint, bot_label, game_name, option_label, value_label
from ui.chat.log import ChatLog
from ui.chat.panel import ChatPanel
from ui.lobby.seats_oval import SeatsOval
from ui.said import Said, say


class TableRequests(Protocol):
    """What the waiting room asks of the network (the lobby's network client)."""

    @property
    def chat(self) -> ChatLog: ...

    def say(self, data: object) -> None: ...

    def table_command(self, command: TableCommand) -> None: ...


class TableSetupView(QWidget):
    leave_requested = Signal()

    def __init__(
        self,
        client: TableRequests,
        me: bytes,
        join_address: str = "",
        code: str | None = None,
        fingerprint: str = "",
    ) -> None:
        """`fingerprint`: the host's (mine when I host), which joining players compare."""
        super().__init__()
        t = theme.current()
        self.client = client
        self.me = me
        self.state: TableState | None = None
        self.setObjectName("TableSetup")
        # A plain QWidget paints its style-sheet background only when asked to: without this
        # the light header text sat on the window's cream background.
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(
            f"#TableSetup {{ background: {t.palette.felt}; }}"
            f"#TableSetup QLabel {{ color: {t.palette.text_on_felt}; }}"
            f"#Seats {{ background: {t.palette.felt_dark}; border-radius: {t.px(12)}px; }}"
            "#SeatScroll, #SeatList { background: transparent; }"
        )
        self.title = QLabel("")
        self.title.setFont(t.font(theme.FontRole.TITLE))
        self.options = QLabel("")
        self.options.setWordWrap(True)
        self.where = QLabel("")
        self.where.setFont(t.font(theme.FontRole.HEADING))
        self.where.setWordWrap(True)
        self.join_address = join_address
        self.code = code
        self.fingerprint = fingerprint
        self.closed_to_me: bool | None = None
        """Set once the table is closed to me: True when the host removed me."""
        self.notice_said: Said = ""
        self.expected = QLabel("")
        self.expected.setFont(t.font(theme.FontRole.HEADING))
        self.expected.setStyleSheet(f"color: {t.palette.accent};")
        self.expected.setWordWrap(True)
        self.notice = QLabel("")
        self.notice.setWordWrap(True)
        self.notice.hide()
        self.seats_frame = QFrame()
        self.seats_frame.setObjectName("Seats")
        self.oval = SeatsOval()
        # The oval beside the list of seats, and the list scrolls: seven seats fit a
        # 1024×600 screen with the buttons below them in sight.
        seats_row = QHBoxLayout(self.seats_frame)
        seats_row.addWidget(self.oval, 4)
        seat_list = QWidget()
        seat_list.setObjectName("SeatList")
        self.seats_grid = QGridLayout(seat_list)
        self.seats_scroll = QScrollArea()
        self.seats_scroll.setObjectName("SeatScroll")
        self.seats_scroll.setWidgetResizable(True)
        self.seats_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.seats_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.seats_scroll.setWidget(seat_list)
        seats_row.addWidget(self.seats_scroll, 5)
        self.seats_grid.setContentsMargins(t.px(8), t.px(12), t.px(16), t.px(12))
        self.seats_grid.setAlignment(Qt.AlignmentFlag.AlignVCenter)
        self.seats_grid.setVerticalSpacing(t.px(6))
        self.seat_buttons: list[QPushButton] = []
        self.ready_button = QPushButton()
        self.ready_button.setCheckable(True)
        # Pressed, it turns green with a tick, as the player's name does in the seats.
        green = QColor(t.palette.good).darker(135).name()
        self.ready_button.setStyleSheet(
            f"QPushButton:checked {{ background: {green}; color: {t.palette.cream};"
            f" border-color: {green}; }}"
        )
        self.ready_button.toggled.connect(lambda on: self.client.table_command(Ready(on)))
        self.start_button = QPushButton()
        self.start_button.setProperty("accent", True)
        self.start_button.clicked.connect(lambda: self.client.table_command(Start()))
        from net.table_state import BOT_NAMES

        self.bot_level = QComboBox()
        for level in BOT_NAMES:
            self.bot_level.addItem(bot_label(level), level)
            self.bot_level.setItemData(
                self.bot_level.count() - 1, bot_hint(level), Qt.ItemDataRole.ToolTipRole
            )
        self.bot_level.setCurrentIndex(max(0, self.bot_level.findData("normal")))
        self.bot_level_label = QLabel()
        self.bots_note = QLabel()
        self.bots_note.setWordWrap(True)
        self.leave_button = QPushButton()
        self.leave_button.clicked.connect(self._leave_clicked)
        buttons = QHBoxLayout()
        buttons.addWidget(self.leave_button)
        buttons.addWidget(self.bots_note, 3)  # most of the room, so it fits on one line
        buttons.addStretch(1)
        buttons.addWidget(self.bot_level_label)
        buttons.addWidget(self.bot_level)
        buttons.addWidget(self.ready_button)
        buttons.addWidget(self.start_button)
        column = QVBoxLayout(self)
        column.setContentsMargins(t.px(24), t.px(18), t.px(24), t.px(18))
        column.setSpacing(t.px(12))
        column.addWidget(self.title)
        column.addWidget(self.options)
        column.addWidget(self.where)
        self.column = column
        column.addWidget(self.expected)
        column.addWidget(self.notice)
        # The chat beside the seats: the players talk while the table fills up.
        self.chat = ChatPanel(client.chat, client.say)
        middle = QHBoxLayout()
        middle.setSpacing(t.px(12))
        middle.addWidget(self.seats_frame, 1)
        middle.addWidget(self.chat)
        column.addLayout(middle, 1)
        column.addLayout(buttons)
        self._say_fixed_words()

    def add_phone_panel(self, panel: QWidget) -> None:
        """ "Watch on a phone" under the table's address (ui/lobby/phone_panel.py)."""
        self.column.insertWidget(self.column.indexOf(self.where) + 1, panel)

    def _say_fixed_words(self) -> None:
        """The words that do not depend on the table's state, in the current language."""
        from net.table_state import BOT_NAMES

        self.start_button.setText(self.tr("Start the game"))
        for index, level in enumerate(BOT_NAMES):
            self.bot_level.setItemText(index, bot_label(level))
            self.bot_level.setItemData(index, bot_hint(level), Qt.ItemDataRole.ToolTipRole)
        self.bot_level.setAccessibleName(self.tr("Strength of new bots"))
        self.bot_level_label.setText(self.tr("New bots play"))
        self.bots_note.setText(self.tr("A bot you add plays on your laptop."))
        self.leave_button.setText(
            self.tr("Back to the lobby")
            if self.closed_to_me is not None
            else self.tr("Leave the table")
        )
        self.ready_button.setText(self.tr("I'm ready"))

    def changeEvent(self, event: QEvent) -> None:
        """A language change: every word on the screen is said again."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self._say_fixed_words()
            if self.state is not None:
                self.show_state(self.state)
            self.show_notice(self.notice_said)

    def table_closed(self, removed: bool) -> None:
        """The table is closed to me (the host closed it, or removed me): nothing here can be
        done any more but going back to the lobby."""
        self.closed_to_me = removed
        self._say_fixed_words()
        if self.state is not None:
            self.show_state(self.state)

    def game_in_progress(self) -> bool:
        """Whether other people are at this table (leaving then needs a confirmation)."""
        state = self.state
        if state is None or state.phase == "closed" or self.closed_to_me is not None:
            return False
        return any(seat.player not in (None, self.me) for seat in state.seats)

    def _leave_clicked(self) -> None:
        from ui.tables.screen import ask_to_leave

        if not self.game_in_progress() or ask_to_leave(self):
            self.leave_requested.emit()

    def show_notice(self, said: Said) -> None:
        """News about the table: a refused request, a player reconnecting or leaving."""
        self.notice_said = said
        text = say(said)
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

    def open_to_me(self, state: TableState) -> bool:
        """Whether I may still change things at this table (sit, add bots, say ready)."""
        member = state.member(self.me) is not None
        return self.closed_to_me is None and state.phase == "open" and member

    @property
    def game_id(self) -> str:
        return str(self.state.game) if self.state is not None else "momistigri"

    def is_host(self) -> bool:
        return self.state is not None and self.state.host == self.me

    def show_state(self, state: TableState) -> None:
        self.state = state
        host_name = state.name_of(state.host)
        self.title.setText(
            self.tr("%1 · %2's table").replace("%1", game_name(state.game)).replace("%2", host_name)
        )
        self.options.setText(
            " · ".join(
                f"{option_label(name)[0]}: {value_label(value)}" for name, value in state.options
            )
        )
        self.options.setVisible(bool(state.options))
        where = []
        if self.is_host() and self.join_address and self.closed_to_me is None:
            where.append(self.tr("Others can join at %1").replace("%1", self.join_address))
            if self.code:
                where.append(self.tr("code %1").replace("%1", self.code))
        if self.fingerprint and self.closed_to_me is None:
            # Joining by address, a player checks that this is the table they were told of.
            key = (
                self.tr("your fingerprint %1")
                if self.is_host()
                else self.tr("the host's fingerprint %1")
            )
            where.append(key.replace("%1", self.fingerprint))
        text = " · ".join(where)
        self.where.setText(text[:1].upper() + text[1:])
        self.where.setVisible(bool(text))
        self._fill_seats(state)
        self.expected.setText(self.what_now(state))
        my_seat = state.seat_of(self.me)
        open_to_me = self.open_to_me(state)
        self.ready_button.setEnabled(my_seat is not None and open_to_me)
        self.ready_button.blockSignals(True)
        self.ready_button.setChecked(self.me in state.ready)
        self.ready_button.blockSignals(False)
        ready_text = self.tr("I'm ready")
        self.ready_button.setText(ready_text + " ✓" if self.me in state.ready else ready_text)
        self.start_button.setVisible(self.is_host() and self.closed_to_me is None)
        # Bots go in free seats: with none left, their strength and note are only clutter.
        room_for_bots = open_to_me and any(s.free for s in state.seats)
        self.bot_level.setVisible(room_for_bots)
        self.bot_level_label.setVisible(room_for_bots)
        self.bots_note.setVisible(room_for_bots and my_seat is not None)
        self.start_button.setEnabled(self.is_host() and state.phase == "open" and self._all_set())

    def _all_set(self) -> bool:
        state = self.state
        if state is None:
            return False
        players = [seat.player for seat in state.seats if seat.player is not None]
        return all(not seat.free for seat in state.seats) and all(p in state.ready for p in players)

    def what_now(self, state: TableState) -> str:
        """The one sentence that says what this player is expected to do."""
        if self.closed_to_me:
            return self.tr("The host removed you from this table. Go back to the lobby.")
        if self.closed_to_me is not None:
            return self.tr("This table is closed. Go back to the lobby.")
        if state.phase == "playing":
            return self.tr("The game has started: the table opens in a moment…")
        if state.phase == "closed":
            return self.tr("This table is closed.")
        if state.member(self.me) is None:
            return self.tr("You are no longer at this table. Leave it to go back to the lobby.")
        if state.seat_of(self.me) is None:
            return self.tr("Pick a free seat.")
        if self.me not in state.ready:
            return self.tr("Press “I'm ready” when you are.")
        if self.is_host():
            if self._all_set():
                return self.tr("Everyone is ready: start the game.")
            return self.tr("Fill the free seats with players or bots, then start.")
        return self.tr("Waiting for the host to start.")

    def _plate_kind(self, state: TableState, seat: Seat) -> str:
        if seat.bot:
            return "bot"
        if seat.player is None:
            return "free"
        if seat.player == self.me:
            return "me"
        return "ready" if seat.player in state.ready else "player"

    def _fill_seats(self, state: TableState) -> None:
        t = theme.current()
        while self.seats_grid.count():
            item = self.seats_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.seat_buttons = []
        plates: list[tuple[str, str]] = []
        for index, seat in enumerate(state.seats):
            number = QLabel(self.tr("Seat %1").replace("%1", str(index + 1)))
            number.setStyleSheet(f"color: {t.palette.text_on_felt_soft};")
            laptop = ""
            if seat.bot:
                who = self.tr("Bot (%1)").replace("%1", bot_label(seat.bot))
                if seat.runner is not None:
                    # Each bot plays on the laptop that added it, and sees only its own cards.
                    laptop = self.tr("on %1's laptop").replace("%1", state.name_of(seat.runner))
                    who += "\n" + laptop
            elif seat.player is not None:
                who = state.name_of(seat.player)
                if seat.player in state.ready:
                    who += " ✓"
            else:
                who = self.tr("Free")
            # On the oval a bot's level goes on a second line, so seven plates fit around it;
            # its laptop is said in the list beside.
            plate = who.split("\n")[0].replace(" (", "\n(") if seat.bot else who
            plates.append((plate, self._plate_kind(state, seat)))
            name = QLabel(who)
            # A right-to-left name starts at the left like every other name of the list.
            name.setAlignment(
                Qt.AlignmentFlag.AlignLeft
                | Qt.AlignmentFlag.AlignAbsolute
                | Qt.AlignmentFlag.AlignVCenter
            )
            # A bot's two lines take the height of a person's one.
            name.setFont(t.font(theme.FontRole.BODY if laptop else theme.FontRole.HEADING))
            self.seats_grid.addWidget(number, index, 0)
            self.seats_grid.addWidget(name, index, 1)
            if not self.open_to_me(state):
                continue
            if seat.free:
                sit = QPushButton(self.tr("Sit here"))
                sit.clicked.connect(lambda _=False, i=index: self.client.table_command(Sit(i)))
                self.seats_grid.addWidget(sit, index, 2)
                self.seat_buttons.append(sit)
                # Any player may seat a bot: their own laptop runs it.
                bot = QPushButton(self.tr("Add a bot"))
                bot.clicked.connect(
                    lambda _=False, i=index: self.client.table_command(
                        AddBot(i, str(self.bot_level.currentData()))
                    )
                )
                self.seats_grid.addWidget(bot, index, 3)
                self.seat_buttons.append(bot)
            elif seat.player is not None and seat.player != self.me and self.is_host():
                remove_player = QPushButton(self.tr("Remove"))
                remove_player.setToolTip(self.tr("Send this player away from the table"))
                remove_player.clicked.connect(
                    lambda _=False, key=seat.player: self.client.table_command(Remove(key))
                )
                self.seats_grid.addWidget(remove_player, index, 2, 1, 2)
                self.seat_buttons.append(remove_player)
            elif seat.bot and (self.is_host() or seat.runner == self.me):
                remove = QPushButton(self.tr("Remove the bot"))
                remove.clicked.connect(
                    lambda _=False, i=index: self.client.table_command(RemoveBot(i))
                )
                self.seats_grid.addWidget(remove, index, 2, 1, 2)
                self.seat_buttons.append(remove)
        self.oval.show_seats(plates)
        self.seats_grid.setColumnStretch(1, 1)
        self.seats_grid.setColumnMinimumWidth(0, t.px(70))
        # The rows' widgets show once the event loop runs; the list is measured then.
        QTimer.singleShot(0, self, self._fit_list)  # (not once the view is gone)

    def _fit_list(self) -> None:
        """The list keeps the width its names and buttons need (it scrolls up and down, never
        sideways); the oval has what is left, and steps aside when that is too little."""
        bar = self.seats_scroll.verticalScrollBar().sizeHint().width()
        self.seats_scroll.setMinimumWidth(self.seats_grid.sizeHint().width() + bar)
        self._fit_oval()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_oval()

    def _fit_oval(self) -> None:
        room = self.seats_frame.contentsRect().width() - self.seats_scroll.minimumWidth()
        self.oval.setVisible(room >= self.oval.room_needed())
