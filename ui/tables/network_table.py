"""A game between laptops, as the table views see it.

`NetworkTable` is a `TableSource` (decision 7): it hands the view the `TableUpdate`s of my
seat's runtime, which runs in the game's worker (net.game), and sends my actions back there.
`NetworkTableScreen` is the game's usual table screen with what network play adds: a progress
line while the cards are shuffled and dealt, each round's check ("round 2 checked: fair"), a
clear message when a laptop cheats or leaves, and at the end Play again or back to the lobby.
"""

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMessageBox, QPushButton

from lanpurr.core.game import Game
from lanpurr.seat.registry import engine as load
from ui import theme
from ui.chat.log import ChatLine, ChatLog
from ui.chat.panel import ChatPanel
from ui.chat.toast import ChatToast
from ui.said import Said, say, sentence
from ui.tables.network_words import NetworkWords
from ui.tables.refusals import said_to_player
from ui.tables.screen import TableScreen

WAIT_NEWS_MS = 3000
"""The countdown of a long wait goes away when the network stops renewing it (about once a
second while the wait lasts) for this long, even if nothing else moved at my seat."""
BOT_PACE = 0.9
"""Seconds a bot at a network table seems to think, so a person can follow the table."""
CHAT_WIDTH = 290
ROOM_FOR_CHAT = 1240
"""The window width (at zoom 100 %) from which the chat column shows by itself."""


class NetworkTable(NetworkWords, QObject):
    """My seat at a game between laptops (the view's source)."""

    updated = Signal(object)
    """A TableUpdate for my seat."""
    status = Signal(str, object)
    """(kind, `ui.said.Said`) for the status line: progress, checked, cheat, stopped, over."""
    finished_game = Signal(object)
    """net.events.GameOver: the final scores."""
    seats_replaced = Signal(object)
    separator = Signal(object)
    """News that parts the moves (a laptop went, and what happens next): a `Said`."""
    """The seats' names after bots took a dropped-out laptop's seats."""
    hosting = Signal()
    """The host dropped out and this laptop took over its part: it hosts the table now."""
    countdown = Signal(object)
    """While the round waits long for laptops that owe a message, how long before the table
    drops them (a `ui.said.Said`, renewed every second); "" once the game moves on."""

    def __init__(
        self,
        started: Any,
        view: Any,
        act: Callable[[Any], None],
        next_round: Callable[[], None],
        parent: QObject | None = None,
    ) -> None:
        """`started`: net.events.GameStarted; `view`: my seat's view at the start; `act` and
        `next_round` run on the network thread (the caller makes them thread-safe)."""
        super().__init__(parent)
        self.game: Game[Any] = load(started.game)
        self.game_id = started.game
        self.seat = started.seat if started.seat is not None else 0
        self.names = tuple(started.names)
        self._view = view
        self._act = act
        self._next_round = next_round
        self._busy: Callable[[], bool] = lambda: False
        self.resting = False
        self.over = False
        self._named: Any = None
        """Why a laptop was dropped (net.events.CheatNamed or LaptopCutOff), said again with
        its seats' replacement while the game goes on without it."""
        self._poll = QTimer(self)
        self._poll.setInterval(150)
        self._poll.timeout.connect(self._maybe_next_round)
        self._waiting = False
        """The countdown of a long wait is on show."""
        self._wait_news = QTimer(self)
        self._wait_news.setSingleShot(True)
        self._wait_news.setInterval(WAIT_NEWS_MS)
        self._wait_news.timeout.connect(self._wait_over)

    # -- what the view uses ------------------------------------------------------------------

    def current_view(self) -> Any:
        return self._view

    def submit(self, action: Any) -> str | None:
        """Sent to my seat's runtime; a refusal comes back on the status line."""
        self._act(action)
        return None

    def set_busy_check(self, busy: Callable[[], bool]) -> None:
        """The next round waits while `busy()` (I am still reading the round's scores)."""
        self._busy = busy

    def stop(self) -> None:
        self._poll.stop()

    # -- from the network --------------------------------------------------------------------

    def handlers(self) -> dict[type, Callable[[Any], None]]:
        """The game events this table listens to, each with what it does with them (the
        lobby's client hands each event to the handler of its type)."""
        from net import events

        return {
            events.GameUpdate: self._on_update,
            events.GameProgress: self._on_progress,
            events.ActionRefused: self._on_refused,
            events.RoundChecked: self._on_round_checked,
            events.CheatNamed: self._on_cheat,
            events.LaptopCutOff: self._on_cut_off,
            events.LaptopUnheard: self._on_unheard,
            events.HostHandedOn: self._on_host_handed_on,
            events.TableWaits: self._on_waits,
            events.SeatReplaced: self._on_seats_replaced,
            events.GameStopped: self._on_stopped,
            events.GameOver: self._on_over,
        }

    def on_event(self, event: Any) -> None:
        handler = self.handlers().get(type(event))
        if handler is not None:
            handler(event)

    def _on_update(self, event: Any) -> None:
        self._wait_over()
        self._view = event.update.view
        self.updated.emit(event.update)

    def _on_progress(self, event: Any) -> None:
        self._wait_over()
        self.resting = event.step == "between"
        if self.resting:
            self._poll.start()
        self.status.emit("progress", lambda: self._progress_text(event))

    def _on_refused(self, event: Any) -> None:
        reason = event.reason
        self.status.emit("refused", lambda: said_to_player(reason))

    def _on_round_checked(self, checked: Any) -> None:
        self._wait_over()
        self.status.emit(
            "checked",
            lambda: (
                self.tr("Round %1 checked: %2")
                .replace("%1", str(checked.number))
                .replace("%2", self.tr("fair") if checked.fair else checked.verdict)
            ),
        )

    def _on_cheat(self, named: Any) -> None:
        self._dropped(named, lambda: self._cheat_text(named))

    def _on_cut_off(self, cut: Any) -> None:
        self._dropped(cut, lambda: self._cut_off_text(cut))

    def _on_unheard(self, unheard: Any) -> None:
        self._dropped(unheard, lambda: self._unheard_text(unheard))

    def _dropped(self, event: Any, said: Callable[[], str]) -> None:
        """A laptop was dropped for breaking the rules (a CheatNamed or a LaptopCutOff): the
        game ends, or its seats' replacement follows and says why again."""
        self._wait_over()
        if event.ends:
            self.over = True
        else:
            self._named = event
        self.status.emit("cheat" if event.ends else "named", said)

    def _on_host_handed_on(self, handed: Any) -> None:
        """The laptop doing the host's part dropped out: the next one of the line does it."""
        if handed.me:
            self.hosting.emit()
            said = lambda: self.tr(  # noqa: E731
                "%1's laptop no longer hosts the game: yours takes over."
            ).replace("%1", handed.gone)
        else:
            said = lambda: (  # noqa: E731
                self.tr("%1's laptop no longer hosts the game: %2's laptop takes over.")
                .replace("%1", handed.gone)
                .replace("%2", handed.name)
            )
        self.status.emit("notice", said)

    def _on_waits(self, waits: Any) -> None:
        """The round has long waited for laptops that owe a message: the countdown before the
        table drops them, renewed about once a second while the wait lasts."""
        if self.over:
            return
        self._waiting = True
        self._wait_news.start()
        self.countdown.emit(lambda: self._waits_text(waits))

    def _wait_over(self) -> None:
        self._wait_news.stop()
        if self._waiting:
            self._waiting = False
            self.countdown.emit("")

    def _on_seats_replaced(self, replaced: Any) -> None:
        self._wait_over()
        self.names = tuple(replaced.names)
        self.seats_replaced.emit(self.names)
        said = lambda: self._replaced_text(replaced)  # noqa: E731
        self.status.emit("named" if replaced.cheat else "notice", said)
        self.separator.emit(said)

    def _on_stopped(self, event: Any) -> None:
        self._wait_over()
        if not self.over:
            self.over = True
            self.status.emit("stopped", sentence(event.reason))

    def _on_over(self, event: Any) -> None:
        self._wait_over()
        self.over = True
        self._poll.stop()
        self.finished_game.emit(event)

    def _maybe_next_round(self) -> None:
        """Once I have closed the round's scores, my seat is ready for the next round."""
        if self.resting and not self._busy():
            self.resting = False
            self._poll.stop()
            self._next_round()


PASSING_MS = 8000
"""How long news that is true only for a moment stays when the game does not move on."""


class NetworkTableScreen(TableScreen):
    """The table screen of a game between laptops."""

    play_again = Signal()
    back_requested = Signal()
    news_passed = Signal(object)
    stopped = False
    """The game cannot go on here: the banner no longer asks anyone to play (the base class
    draws the banner before this one's own fields are set)."""
    """A passing notice (see `show_passing`) left the line: what it said."""

    def __init__(
        self,
        game_id: str,
        view: Any,
        source: NetworkTable,
        host: bool,
        chat: tuple[ChatLog, Callable[[Any], None]] | None = None,
        bots_take_over: bool = False,
    ) -> None:
        """`chat`: the table's chat log and how to send to it (None: no chat column);
        `bots_take_over`: hosting, my drop-out setting gives a gone laptop's seats to a bot."""
        super().__init__(game_id, view, None)
        self.source = source
        self.host = host
        self.bots_take_over = bots_take_over
        self.chat: ChatPanel | None = None
        self.chat_button: QPushButton | None = None
        self.unread = 0
        """Lines from others that arrived while the chat column was hidden."""
        if chat is not None:
            self._add_chat(*chat)
        # Only the host starts another game: a guest's end panel waits for the host instead.
        view.can_play_again = host
        self.end_text = ""
        """What the line says once the game is over (news follows it)."""
        self.end_kind = "over"
        self.said: tuple[str, Said] = ("", "")
        """The line's news, said again after a language change."""
        self.countdown: Said = ""
        """While the round waits long for a laptop: how long before the table drops it, under
        the line's news (which stays on show)."""
        self.over_event: Any = None
        self.passing: Said | None = None
        """News true only for a moment ("Ben is back."): it leaves the line as the game moves
        on, or after PASSING_MS if nothing moves."""
        self._passing_timer = QTimer(self)
        self._passing_timer.setSingleShot(True)
        self._passing_timer.timeout.connect(self._news_passed)
        self._reopened: Callable[[], None] | None = None
        """Takes a guest to the waiting room the host opened again (see `reopened`)."""
        self.line = QLabel("")
        self.line.setWordWrap(True)
        self.line.setAccessibleName(self.tr("What the table is doing"))
        self._paint_line("progress")
        # Back to the lobby when the game cannot go on (a cheat named, a laptop gone); at the
        # end of a game the table's own panel offers it, with Play again.
        self.back = QPushButton(self.tr("Back to the lobby"))
        self.back.clicked.connect(self.back_requested)
        self.back.hide()
        bar = QHBoxLayout()
        bar.addWidget(self.line, 1)
        bar.addWidget(self.back, 0, Qt.AlignmentFlag.AlignVCenter)
        layout = self.layout()
        assert layout is not None
        layout.insertLayout(1, bar)  # type: ignore[attr-defined]
        source.status.connect(self.show_status)
        source.updated.connect(self._news_passed)
        source.seats_replaced.connect(self._rename_seats)
        source.separator.connect(lambda said: self.side.add_line(f"— {say(said)} —"))
        source.countdown.connect(self.show_countdown)
        source.hosting.connect(self._now_hosting)
        source.finished_game.connect(self.show_over)
        self.line.hide()
        self.back_requested.connect(self.leave_requested)
        self.play_again_requested.connect(self._again)

    others = True
    """Another laptop plays at this table (else only my own bots play beside me)."""

    def leave_ends_for_all(self) -> bool:
        return self.others and self.host and not self.bots_take_over and not self.source.over

    def leave_hands_on(self) -> bool:
        return self.others and self.host and self.bots_take_over and not self.source.over

    def _now_hosting(self) -> None:
        """The host dropped out and this laptop took over (its table's setting gives a gone
        laptop's seats to a bot, or there would be no takeover): Play again is mine now."""
        self.host = self.bots_take_over = True
        self.view.can_play_again = True
        self.view.update()

    def _add_chat(self, log: ChatLog, send: Callable[[Any], None]) -> None:
        """The chat column beside the table, shown by itself where the window leaves the table
        room enough (else the Chat button shows it, and new lines pass over the table)."""
        self.chat = ChatPanel(log, send)
        self.chat.setFixedWidth(theme.current().px(CHAT_WIDTH))
        self.room_for_moves += CHAT_WIDTH  # the chat comes first: the moves when both fit
        self.body.insertWidget(1, self.chat)
        self.chat_button = QPushButton(self.tr("Chat"))
        self.chat_button.setCheckable(True)
        self.chat_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.chat_button.setToolTip(self.tr("Show or hide the chat"))
        self.chat_button.toggled.connect(self._show_chat)
        self.moves.toggled.connect(self._moves_shown)
        self.top_row.insertWidget(2, self.chat_button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.toast = ChatToast(self.view)
        self._chat_decided = False
        self.chat.hide()
        log.added.connect(self._chat_line)

    def _both_fit(self) -> bool:
        """The window holds the table with both the chat and the moves beside it."""
        return self.width() >= round(self.room_for_moves * theme.current().zoom)

    def _moves_shown(self, shown: bool) -> None:
        """A window too narrow for both columns shows one: the table keeps its room (its seats
        are never cut)."""
        chat = self.chat_button
        if shown and chat is not None and chat.isChecked() and not self._both_fit():
            chat.setChecked(False)

    def _show_chat(self, shown: bool) -> None:
        assert self.chat is not None
        if shown and self.moves.isChecked() and not self._both_fit():
            self.moves.setChecked(False)
        self.chat.setVisible(shown)
        if shown:
            self.unread = 0
            self.toast.hide()
            self.chat.entry.setFocus()
        self._name_chat_button()

    def _chat_line(self, line: ChatLine) -> None:
        if self.chat is None or self.chat.isVisible() or line.mine:
            return
        self.unread += 1
        self._name_chat_button()
        self.toast.say(self.chat.describe(line))

    def _name_chat_button(self) -> None:
        if self.chat_button is not None:
            text = self.tr("Chat")
            self.chat_button.setText(f"{text} ({self.unread})" if self.unread else text)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.chat_button is not None and not self._chat_decided and self.width() > 1:
            self._chat_decided = True
            self.chat_button.setChecked(self.width() >= round(ROOM_FOR_CHAT * theme.current().zoom))

    def _paint_line(self, kind: str) -> None:
        """Dark text on cream, with a coloured edge that says what kind of news it is: the
        accent while the table works, green for a fair round, red when the game cannot go on."""
        t = theme.current()
        edge = {"checked": "good", "over": "good", "refused": "warning", "notice": "warning",
                "waits": "warning", "cheat": "danger", "stopped": "danger",
                "named": "danger"}  # fmt: skip
        self.line.setFont(t.font(theme.FontRole.HEADING))
        self.line.setStyleSheet(
            f"color: {t.palette.ink}; background: {t.palette.cream};"
            f" border: 1px solid {t.palette.wood};"
            f" border-left: {t.px(8)}px solid {getattr(t.palette, edge.get(kind, 'accent'))};"
            f" padding: {t.px(6)}px {t.px(12)}px;"
        )

    def changeEvent(self, event: QEvent) -> None:
        """A language change: the line's news is said again in the new language."""
        super().changeEvent(event)
        if event.type() != QEvent.Type.LanguageChange:
            return
        kind, said = self.said
        if self.over_event is not None and kind not in ("cheat", "stopped"):
            self.show_over(self.over_event, said)
        elif said or self.countdown:
            self._say_line(kind, said)

    def show_status(self, kind: str, said: Said) -> None:
        """News on the line; when the game cannot go on, also in a box."""
        text = self._say_line(kind, said)
        if kind in ("cheat", "stopped"):
            self.stopped = True
            self.refresh_banner()
            self.back.show()
            box = QMessageBox(QMessageBox.Icon.Warning, self.tr("The game cannot go on"), text,
                              parent=self)  # fmt: skip
            box.setModal(False)  # the table stays readable behind it
            box.show()
            self.notice_box = box

    def refresh_banner(self) -> None:
        if not self.stopped:
            super().refresh_banner()
            return
        self.banner.show_text(
            self.tr("The game cannot go on"), self.tr("The line below says why."), False
        )

    def show_passing(self, said: Said) -> None:
        """News true only for a moment, such as a laptop that came back: on the line until the
        game's next move (or PASSING_MS), then gone."""
        self.show_status("notice", said)
        self.passing = said
        self._passing_timer.start(PASSING_MS)

    def _news_passed(self, *_: object) -> None:
        passing, self.passing = self.passing, None
        self._passing_timer.stop()
        if passing is not None and self.said[1] is passing:
            self._say_line("", "")
            self.news_passed.emit(passing)

    def show_countdown(self, said: Said) -> None:
        """The countdown of a long wait under the line's news ("": the wait is over)."""
        self.countdown = said
        self._say_line(*self.said)

    def _say_line(self, kind: str, said: Said) -> str:
        """The news on the line (returned), with the countdown of a long wait under it."""
        self.said = (kind, said)
        text = say(said)
        if self.end_text and kind not in ("cheat", "stopped"):
            # After the game, news (a laptop leaving) follows the game's last word, never
            # replaces it.
            kind, text = self.end_kind, " ".join(part for part in (self.end_text, text) if part)
        countdown = say(self.countdown)
        if countdown and kind not in ("cheat", "stopped", "named"):
            kind = "waits"  # the edge warns while the table counts down
        shown = "\n".join(part for part in (text, countdown) if part)
        self._paint_line(kind)
        self.line.setText(shown)
        self.line.setVisible(bool(shown))
        return text

    def _rename_seats(self, names: tuple[str, ...]) -> None:
        """Bots took a dropped-out laptop's seats: the table names them."""
        self.view.names = names
        self.view.update()

    def show_over(self, over: Any, news: Said = "") -> None:
        self.over_event = over
        fair = all(verdict == "fair" for verdict in over.audits)
        checked = self.tr("every round checked: fair") if fair else self.tr("a round was not fair")
        # The table's own end panel shows the scores with Play again and Back to the lobby:
        # this line adds only what a game between laptops adds, with no second pair of buttons.
        self.end_text = checked[:1].upper() + checked[1:] + "."  # the banner says Game over
        self.end_kind = "over" if fair else "stopped"
        self.back.hide()
        if self._reopened is not None:
            news = lambda: self.tr(  # noqa: E731
                "The host opened the table again: Play again takes you to your seat."
            )
        elif not news and not self.host:
            news = lambda: self.tr("The host may start another game at this table.")  # noqa: E731
        self._say_line("over", news)

    def reopened(self, go: Callable[[], None]) -> None:
        """The host opened the table again while this laptop was still drawing the game's last
        moves: the game plays out here, and the end panel's Play again then takes this player
        to the waiting room (`go`) once they have seen the scores."""
        self._reopened = go
        self.view.can_play_again = True
        self.view.update()

    def game_in_progress(self) -> bool:
        return not self.source.over

    def _again(self) -> None:
        if self.host:
            self.play_again.emit()
        elif self._reopened is not None:
            self._reopened()
        else:
            self.show_status(
                "", lambda: self.tr("Only the host can start another game at this table.")
            )


def create_network_table(
    started: Any,
    view: Any,
    act: Callable[[Any], None],
    next_round: Callable[[], None],
    host: bool,
    chat: tuple[ChatLog, Callable[[Any], None]] | None = None,
    bots_take_over: bool = False,
    others: bool = True,
) -> NetworkTableScreen:
    """`others`: another laptop plays at the table (False: only my bots beside me)."""
    from ui.tables import view_class

    source = NetworkTable(started, view, act, next_round)
    table_view = view_class(started.game)(source)
    source.updated.connect(table_view.receive)
    source.set_busy_check(table_view.busy)
    screen = NetworkTableScreen(started.game, table_view, source, host, chat, bots_take_over)
    screen.others = others
    source.setParent(screen)
    return screen
