"""The lobby's side of network play.

Starts the bridge thread and, through the link (ui/lobby/lobby_link.py), the network layer's
`Lobby` on it; shows what the lobby and the table-setup screen show of the network, and sends
the player's host and join requests. It holds nothing of the network thread: the table this
laptop sits at is a snapshot (`seat`, net.lobby.AtTable) kept up to date by the events, and
each event type goes to what shows it (ui/event_listener.py): the found tables to the panel,
the game's events to its table, watching to the watch client, the rest listed here.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from net import events
from net.table.commands import Again, TableCommand
from ui.chat.log import ChatLog, line_from
from ui.event_listener import shows
from ui.lobby.host_join_dialogs import HostChoice, JoinChoice
from ui.lobby.join_progress import JoinAttempt, JoinProgress
from ui.lobby.listing import TableListing
from ui.lobby.lobby_link import LobbyLink, LobbySettings, Opened, Seated
from ui.lobby.network_panel import NetworkPanel
from ui.lobby.phone_panel import PhoneCount
from ui.lobby.table_news import NEWS
from ui.net_bridge import NetBridge
from ui.said import sentence
from ui.tables.network_table import BOT_PACE

if TYPE_CHECKING:
    from net.home import IdentityDamaged
    from net.lobby import AtTable
    from net.table_state import TableState
    from ui.tables.network_table import NetworkTable, NetworkTableScreen

log = logging.getLogger(__name__)


class LobbyNetwork(QObject):
    session_opened = Signal(object)
    """The `AtTable` of a table this player now sits at (hosted or joined)."""
    table_changed = Signal(object)
    """The table's new TableState."""
    notice = Signal(object)
    """Something to show in the status line (a refusal, the table closed...): a
    `ui.said.Said`, so that it can be said again in another language."""
    table_news = Signal(object)
    """News of the table being played (a player reconnecting, back, gone...): a `Said` that
    means nothing once this laptop has left that table."""
    passing_news = Signal(object)
    """News of the table true only for a moment (a laptop came back)."""
    game_started = Signal(object)
    """A NetworkTableScreen: the game at my table began."""
    table_closed = Signal(bool)
    """The table I sat at is closed to me: True when the host removed me."""
    join_failed = Signal(object, object)
    """(the JoinAttempt, the JoinProblem): a join did not get a seat; the window says why."""

    def __init__(
        self,
        window: QWidget,
        panel: NetworkPanel,
        name: str,
        bridge: NetBridge | None = None,
        lobby_options: dict[str, Any] | None = None,
        browse: bool = True,
        home: Path | None = None,
        host_options: dict[str, Any] | None = None,
    ) -> None:
        """`lobby_options` and `host_options` go to net's Lobby and Lobby.host (tests bind
        to loopback and skip announcing); `home` overrides where the identity is kept."""
        super().__init__(window)
        self.window = window
        self.name = name
        self.bridge = bridge or NetBridge(self)
        self.link = LobbyLink(self.bridge)
        """The one way down to the network: every call posts onto its loop."""
        self.lobby_options = lobby_options or {}
        self.browse = browse
        self.home = home
        self.host_options = host_options or {}
        self.bot_pace = BOT_PACE
        self.replace_gone: str | None = "normal"
        """At a table I host, the level of the bot that takes a dropped-out laptop's seats
        (None: the game ends)."""
        self.seat: AtTable | None = None
        """The table I sit at, as its session opened and as its states since said."""
        self.ticket: int | None = None
        """That table's session, for the link."""
        self.journals: Path | None = None
        """Where this laptop keeps its tables' journals, once the network is up."""
        self.game_source: NetworkTable | None = None
        """The table of the game being played, which listens to the game's events."""
        self.chat = ChatLog()
        """What was said at my table (a new log for each table)."""
        self.bridge.command_failed.connect(self._on_failure)
        self.bridge.command_error.connect(self._on_error)
        self.attempt: JoinAttempt | None = None
        """The join under way, so that a failure can say where and keep what was typed."""
        self.joined: JoinAttempt | None = None
        """The latest join asked for (where a seat given away while away is watched)."""
        self.join_progress: JoinProgress | None = None
        """Says "Joining the table at …" while a join is under way, with Cancel."""
        self._join_future: concurrent.futures.Future[Any] | None = None
        self.show_join_problems = False
        """True once a window shows join problems itself (in the join dialog); else a box."""
        from ui.lobby.watch_client import WatchClient

        self.watch = WatchClient(self, self)
        """Watching tables, and who watches mine (ui/lobby/watch_client.py)."""
        self.phone_count = PhoneCount(self)
        """Phones watching my table, from this laptop's page and the others' (net/phone/)."""
        self.bridge.listen(self)
        self.bridge.listen(self.phone_count)
        self.panel = panel
        self.show_tables_on(panel)

    def show_tables_on(self, panel: NetworkPanel) -> None:
        """`panel` lists the tables found from now on (the lobby was built again)."""
        self.panel = panel
        panel.journals = self.journals
        self.bridge.listen(panel)

    # -- starting ------------------------------------------------------------------------

    def start(self) -> None:
        self.bridge.start()
        if self.browse:
            self.panel.start_searching()
        self.link.set_pace(self.bot_pace)
        self.link.set_replace_gone(self.replace_gone)
        self._open(replace_damaged=False)

    def _open(self, replace_damaged: bool) -> None:
        settings = LobbySettings(self.name, self.home, self.lobby_options, self.browse)
        self.link.open(settings, self._opened, replace_damaged)

    def _opened(self, result: Opened | IdentityDamaged) -> None:
        if not isinstance(result, Opened):
            answer = QMessageBox.question(
                self.window,
                QCoreApplication.translate("NetworkClient", "Your identity is damaged"),
                QCoreApplication.translate(
                    "NetworkClient",
                    "The file that lets your friends recognise you cannot be read:\n%1\n\n"
                    "Make a new identity? You will appear to others as a new player.",
                ).replace("%1", str(result.path)),
            )
            if answer == QMessageBox.StandardButton.Yes:
                self._open(replace_damaged=True)
            else:
                self.panel.set_unavailable(
                    QCoreApplication.translate(
                        "NetworkClient",
                        "Network play is off until the identity file is restored or replaced.",
                    )
                )
            return
        self.journals = self.panel.journals = result.journals
        if result.browse_failed:
            self.panel.set_unavailable(
                QCoreApplication.translate(
                    "NetworkClient",
                    "This laptop cannot look for tables on this network (%1). Host a table, or "
                    "ask the host for their address and use Join by address.",
                ).replace("%1", result.browse_failed)
            )

    # -- what it shows ---------------------------------------------------------------------

    def phone_address(self) -> str | None:
        """Where a phone watches my table: the page this laptop serves (net/phone/)."""
        from ui.lobby.phone_panel import phone_address

        seat = self.seat
        return phone_address(seat.bind, seat.phones) if seat is not None else None

    def attach_phones(self, screen: QWidget) -> None:
        """A table on show (the waiting room or the game's) offers "Watch on a phone"."""
        from ui.lobby.phone_panel import PhoneButton, PhonePanel

        address = self.phone_address()
        if address is None:
            return
        view: PhoneButton | PhonePanel
        top = getattr(screen, "top_row", None)
        if top is not None:
            view = PhoneButton(address, screen)
            top.insertWidget(min(2, top.count()), view, 0, Qt.AlignmentFlag.AlignVCenter)
        elif hasattr(screen, "add_phone_panel"):
            view = PhonePanel(address, screen)
            screen.add_phone_panel(view)
        else:
            return
        self.phone_count.show_on(view)

    @shows(events.GameStarted)
    def _game_began(self, started: events.GameStarted) -> None:
        if self.watch.watching:
            self.watch.game_started(started)  # the watched table's game
        else:
            self._game_started(started)

    @shows(events.TableStateChanged)
    def _state_changed(self, event: events.TableStateChanged) -> None:
        seat = self.seat
        if seat is not None and (seat.state is None or seat.state.table == event.state.table):
            self.seat = dataclasses.replace(seat, state=event.state)
        self.table_changed.emit(event.state)

    @shows(*(NEWS.keys() - {events.TableClosed}))
    def _news(self, event: object) -> None:
        news = NEWS[type(event)]
        line = {"table": self.table_news, "passing": self.passing_news, "notice": self.notice}
        line[news.line].emit(news.words(event))

    @shows(events.TableClosed)
    def _closed(self, event: events.TableClosed) -> None:
        self.table_closed.emit(event.removed)
        self._news(event)

    @shows(events.MessageReceived)
    def _chat_received(self, message: events.MessageReceived) -> None:
        """A line or an emote from another laptop at my table (docs/protocol.md, "Chat")."""
        if message.private or self.seat is None:
            return
        line = line_from(message.name, message.data)
        if line is None or not self.chat.offer(message.sender.hex(), line):
            return
        if not message.replayed:
            from ui.chat.sounds import sound_line

            sound_line(line, self.window)

    def say(self, data: Any) -> None:
        """Send a chat line (text) or an emote ({"emote": ...}) to everyone at my table."""
        if self.ticket is not None:
            self.link.say(self.ticket, data)

    def _game_started(self, started: events.GameStarted) -> None:
        from ui.tables.network_table import create_network_table

        seat, ticket = self.seat, self.ticket
        if seat is None or ticket is None:
            return
        screen = create_network_table(
            started,
            started.view,
            lambda action: self.link.act(ticket, action),
            lambda: self.link.next_round(ticket),
            host=seat.is_host,
            chat=(self.chat, self.say),
            bots_take_over=self.replace_gone is not None,
            others=other_laptops(seat.state, seat.me),
        )
        screen.play_again.connect(lambda: self.table_command(Again()))
        self.follow_game(screen)
        self.attach_phones(screen)
        self.game_started.emit(screen)

    def follow_game(self, screen: NetworkTableScreen) -> None:
        """`screen` shows the game from now on: its table listens to the game's events (the
        table before it no longer does), and it says who watches."""
        self._forget_game()
        self.game_source = screen.source
        self.bridge.listen(screen.source, screen.source.handlers())
        self.watch.attach(screen)  # who watches the table; after the table's own handlers

    def _forget_game(self) -> None:
        if self.game_source is not None:
            self.bridge.release(self.game_source)
            self.game_source = None
        self.watch.let_table_go()

    def _on_failure(self, what: str, message: str) -> None:
        if what == "open":
            self.panel.set_unavailable(
                QCoreApplication.translate(
                    "NetworkClient",
                    "The network could not start (%1). You can still play on this laptop.",
                ).replace("%1", message)
            )
        elif what == "table":
            self.notice.emit(sentence(message))
        elif what == "host":
            self._tell(
                QCoreApplication.translate("NetworkClient", "Could not host the table"), message
            )

    def _on_error(self, what: str, error: object) -> None:
        if what != "join" or not isinstance(error, BaseException):
            return
        from ui.lobby.join_errors import explain

        attempt = self.attempt
        if attempt is None:
            return  # (a join left while under way: nobody waits for it)
        self._joined()
        problem = explain(error, attempt.address, attempt.code)
        if problem.table_gone and attempt.listing is not None:
            # Nobody is there: the listing must not invite anyone else to try.
            self.panel.remove(attempt.listing.key)
        if self.show_join_problems:
            self.join_failed.emit(attempt, problem)
        else:
            self._tell(QCoreApplication.translate("NetworkClient", "Could not join"), problem.text)

    def _tell(self, title: str, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Information, title, text, parent=self.window)
        box.setModal(False)
        box.show()

    # -- commands ------------------------------------------------------------------------

    def _network_up(self) -> bool:
        if not self.link.up:
            self._tell(
                QCoreApplication.translate("NetworkClient", "Not connected yet"),
                QCoreApplication.translate(
                    "NetworkClient", "The network is still starting or is off. Try again shortly."
                ),
            )
        return self.link.up

    def host(self, choice: HostChoice) -> bool:
        if not self._network_up():
            return False
        self.link.host(
            choice.game_id,
            choice.seats,
            choice.options,
            choice.private,
            self.host_options,
            self._session_opened,
        )
        return True

    def join(self, choice: JoinChoice) -> bool:
        return self._join(JoinAttempt(choice.address, choice.code))

    def join_listed(self, table: TableListing, code: str = "") -> bool:
        """Join a table from the list, trying every address it advertises when that is known."""
        attempt = JoinAttempt(table.address, code, table)
        if table.source is None:
            host, _, port = table.address.rpartition(":")
            return self._join(attempt, JoinChoice(host.strip("[]"), int(port), code).address)
        return self._join(attempt)

    def resume_host(self, table_id: bytes) -> bool:
        """Host again the table `table_id` this laptop hosted before it stopped."""
        if not self._network_up():
            return False
        announce = bool(self.host_options.get("announce", True))
        self.link.resume_host(table_id, announce, self._session_opened)
        return True

    def _join(self, attempt: JoinAttempt, address: str = "") -> bool:
        """One join at a time: a new one replaces the one under way; `address`: where to join,
        when the attempt's listing has no record of the network layer (else every address it
        advertises is tried)."""
        self.cancel_join()
        if not self._network_up():
            return False
        self.attempt = self.joined = attempt

        def opened(seated: Seated) -> None:
            if self._join_future is joining:
                self._session_opened(seated)
            else:  # (left or cancelled while it opened: e.g. its game went on without me)
                self.link.leave(seated.ticket)

        listing = attempt.listing.source if attempt.listing is not None else None
        where = address or attempt.address
        joining = self._join_future = self.link.join(where, attempt.code, listing, opened)
        self.join_progress = JoinProgress(self.window, attempt.address, self.cancel_join)
        return True

    def cancel_join(self) -> None:
        """Stop the join under way, if any (the player pressed Cancel)."""
        future = self._join_future
        self._joined()
        if future is not None:
            future.cancel()

    def _joined(self) -> None:
        self.attempt = None
        self._join_future = None
        if self.join_progress is not None:
            self.join_progress.finish()
            self.join_progress = None

    def _session_opened(self, seated: Seated) -> None:
        self._joined()
        if seated.ticket != self.ticket:
            self.chat = ChatLog()
        self.ticket, self.seat = seated.ticket, seated.at
        self.session_opened.emit(seated.at)
        if seated.at.state is not None:
            self.table_changed.emit(seated.at.state)

    def table_command(self, command: TableCommand) -> None:
        """Ask the table for `command` (net/table/commands.py) on the network thread; a refusal
        comes back as a notice for the status line."""
        if self.ticket is not None:
            self.link.command(self.ticket, command)

    def leave_table(self) -> None:
        """Leave the table (or the join under way: its session is left once it opens)."""
        self._joined()
        self.watch.stop()
        self.watch.forget_table()
        self._forget_game()
        if self.ticket is not None:
            ticket, self.ticket, self.seat = self.ticket, None, None
            self.link.leave(ticket)

    def set_pace(self, pace: str) -> None:
        """The bots' pace setting ("relaxed", "normal", "fast") for the bots this laptop runs
        in the games it plays from now on."""
        from ui.tables.local_table import PACES

        self.bot_pace = BOT_PACE * PACES.get(pace, PACES["normal"])[0]
        self.link.set_pace(self.bot_pace)

    def set_gone_laptop(self, choice: str) -> None:
        """The "A laptop drops out" setting ("bot" or "end") for the tables I host."""
        self.replace_gone = "normal" if choice == "bot" else None
        self.link.set_replace_gone(self.replace_gone)

    def rename(self, name: str) -> None:
        self.name = name
        self.link.rename(self.home, name)

    def stop(self) -> None:
        self.link.close()


def start_lobby_network(window: QWidget, panel: NetworkPanel, name: str) -> LobbyNetwork:
    client = LobbyNetwork(window, panel, name)
    client.start()
    return client


def other_laptops(state: TableState | None, me: bytes) -> bool:
    """Whether another laptop plays at the table (a person, or bots it runs)."""
    if state is None:
        return True
    return any(
        (seat.player is not None and seat.player != me)
        or (seat.bot and (seat.runner or state.host) != me)  # (no runner: the host's bot)
        for seat in state.seats
    )
