"""The lobby's side of network play.

Starts the bridge thread and the network layer's `Lobby` on it, turns network events into what
the lobby panel and the table-setup screen show, and sends the player's host and join requests.
Everything that touches sockets, files or keys runs on the network thread; this object only
reacts to signals on the UI thread.
"""

from __future__ import annotations

import concurrent.futures
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from net.table.commands import Again, TableCommand
from ui.chat.log import ChatLog, line_from
from ui.lobby.host_join_dialogs import HostChoice, JoinChoice
from ui.lobby.join_progress import JoinProgress
from ui.lobby.listing import TableListing
from ui.lobby.network_panel import NetworkPanel
from ui.lobby.table_news import NEWS
from ui.net_bridge import NetBridge
from ui.said import sentence
from ui.tables.network_table import BOT_PACE

log = logging.getLogger(__name__)


def listing_from_net(found: Any, protocol: int, journals: Path | None = None) -> TableListing:
    """The lobby's view of a `net.listing.Listing`; `journals`: where this laptop keeps the
    journals of the tables it sat at (such a table's game may be joined again: net.game.take_up)."""
    mine = journals is not None and (journals / f"{found.table}.journal").exists()
    return TableListing(
        key=found.service,
        game_id=found.game,
        host_name=found.host,
        seats_taken=found.taken,
        seats_total=found.seats,
        playing=found.state != "open",
        address=found.address,
        private=found.private,
        protocol_ok=found.version == protocol,
        protocol_note=QCoreApplication.translate("NetworkClient", "%1 here, %2 there")
        .replace("%1", str(protocol))
        .replace("%2", str(found.version)),
        source=found,
        mine=mine,
        table_id=found.table,
    )


@dataclass(frozen=True)
class JoinAttempt:
    """A join as the player asked for it: where, with which code, from which listing."""

    address: str
    code: str
    listing: TableListing | None = None


@dataclass(frozen=True)
class BrowseFailed:
    """The lobby started, but looking for tables did not."""

    lobby: Any
    reason: str


class LobbyNetwork(QObject):
    session_opened = Signal(object)
    """A TableSession this player now sits at (hosted or joined)."""
    table_changed = Signal(object)
    """The table's new TableState."""
    notice = Signal(object)
    """Something to show in the status line (a refusal, the table closed...): a
    `ui.said.Said`, so that it can be said again in another language."""
    table_news = Signal(object)
    passing_news = Signal(object)
    """News of the table true only for a moment (a laptop came back)."""
    """News of the table being played (a player reconnecting, back, gone...): a `Said` that
    means nothing once this laptop has left that table."""
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
        self.panel = panel
        self.name = name
        self.bridge = bridge or NetBridge(self)
        self.lobby_options = lobby_options or {}
        self.browse = browse
        self.home = home
        self.host_options = host_options or {}
        self.bot_pace = BOT_PACE
        self.replace_gone: str | None = "normal"
        """At a table I host, the level of the bot that takes a dropped-out laptop's seats
        (None: the game ends)."""
        self.lobby: Any = None
        self.session: Any = None
        self.game_source: Any = None
        self.game_handlers: dict[type, Callable[[Any], None]] = {}
        """The game events the table of the game being played listens to (its `handlers`)."""
        """The NetworkTable of the game being played, which game events go to."""
        self.chat = ChatLog()
        """What was said at my table (a new log for each table)."""
        self.protocol = 0
        self.bridge.event_received.connect(self._on_event)
        self.bridge.command_failed.connect(self._on_failure)
        self.bridge.command_error.connect(self._on_error)
        self.attempt: JoinAttempt | None = None
        self.joined: JoinAttempt | None = None
        """The latest join asked for (where a seat given away while away is watched)."""
        """The join under way, so that a failure can say where and keep what was typed."""
        self.join_progress: JoinProgress | None = None
        """Says "Joining the table at …" while a join is under way, with Cancel."""
        self._join_future: concurrent.futures.Future[Any] | None = None
        self.show_join_problems = False
        """True once a window shows join problems itself (in the join dialog); else a box."""
        from ui.lobby.watch_client import WatchClient

        self.watch = WatchClient(self)
        """Watching tables, and who watches mine (ui/lobby/watch_client.py)."""
        self.phones = 0
        """Phones watching my table from this laptop's page (net/phone/)."""
        self.phones_elsewhere: dict[bytes, int] = {}
        """Phones watching it from the other laptops' pages, as they say (by laptop)."""
        self._phone_views: list[Any] = []
        """What shows that count: the waiting room's phone panel, the table's phone button."""

    # -- starting ------------------------------------------------------------------------

    def start(self) -> None:
        self.bridge.start()
        if self.browse:
            self.panel.start_searching()
        self.bridge.submit(self._open(replace_damaged=False), self._opened, "open")

    async def _open(self, replace_damaged: bool) -> Any:
        from net.home import IdentityDamaged, load_profile
        from net.limits import PROTOCOL_VERSION
        from net.lobby import Lobby

        self.protocol = PROTOCOL_VERSION
        try:
            profile = load_profile(self.home, name=self.name, replace_damaged=replace_damaged)
        except IdentityDamaged as damaged:
            return damaged
        lobby = Lobby(profile, self.bridge.publish, **self.lobby_options)
        lobby.play_settings.hold_rounds = True  # a person reads the scores between rounds
        lobby.play_settings.pace = self.bot_pace
        lobby.play_settings.replace_gone = self.replace_gone
        if self.browse:
            try:
                await lobby.browse()
            except OSError as error:
                # No discovery here (no multicast, no interface up), but joining and hosting by
                # address may still work: keep the lobby and say what is missing.
                return BrowseFailed(lobby, str(error) or type(error).__name__)
        return lobby

    def _opened(self, result: Any) -> None:
        from net.home import IdentityDamaged

        if isinstance(result, IdentityDamaged):
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
                self.bridge.submit(self._open(replace_damaged=True), self._opened, "open")
            else:
                self.panel.set_unavailable(
                    QCoreApplication.translate(
                        "NetworkClient",
                        "Network play is off until the identity file is restored or replaced.",
                    )
                )
            return
        if isinstance(result, BrowseFailed):
            self.lobby = result.lobby
            self.panel.set_unavailable(
                QCoreApplication.translate(
                    "NetworkClient",
                    "This laptop cannot look for tables on this network (%1). Host a table, or "
                    "ask the host for their address and use Join by address.",
                ).replace("%1", result.reason)
            )
            return
        self.lobby = result

    # -- events --------------------------------------------------------------------------

    def phone_address(self) -> str | None:
        """Where a phone watches my table: the page this laptop serves (net/phone/)."""
        from ui.lobby.phone_panel import phone_address

        return phone_address(self.lobby) if self.lobby is not None else None

    def attach_phones(self, screen: Any) -> None:
        """A table on show (the waiting room or the game's) offers "Watch on a phone"."""
        from ui.lobby.phone_panel import PhoneButton, PhonePanel

        address = self.phone_address()
        if address is None:
            return
        top = getattr(screen, "top_row", None)
        if top is not None:
            view: Any = PhoneButton(address, screen)
            top.insertWidget(min(2, top.count()), view, 0, Qt.AlignmentFlag.AlignVCenter)
        elif hasattr(screen, "add_phone_panel"):
            view = PhonePanel(address, screen)
            screen.add_phone_panel(view)
        else:
            return
        view.show_phones(self.phones, sum(self.phones_elsewhere.values()))
        self._phone_views.append(view)

    def _phones_changed(self, count: int | None = None) -> None:
        if count is not None:
            self.phones = count
        elsewhere = sum(self.phones_elsewhere.values())
        for view in list(self._phone_views):
            try:
                view.show_phones(self.phones, elsewhere)
            except RuntimeError:  # (that table is gone)
                self._phone_views.remove(view)

    def _on_event(self, event: object) -> None:
        from net import events
        from net.watch_events import WATCH_EVENTS, PhonesElsewhere, PhonesWatching

        if isinstance(event, events.GameStopped) and self.watch.watch_instead(event, self.joined):
            return  # (back at a table whose game went on without me: I watch it)
        handler = self.game_handlers.get(type(event))
        if handler is not None:
            handler(event)  # the table of the game being played listens to it
            if isinstance(event, events.GameStopped) and event.cut:
                self.watch.watch_where_it_goes_on(event)
            if isinstance(event, events.GameProgress) and self.watch.watching:
                self.watch.progress_shown(event.step)
        elif isinstance(event, events.GameStarted) and self.watch.watching:
            self.watch.game_started(event)
        elif isinstance(event, PhonesWatching):
            self._phones_changed(event.count)
        elif isinstance(event, PhonesElsewhere):
            self.phones_elsewhere[event.key] = event.count
            self._phones_changed()
        elif isinstance(event, WATCH_EVENTS):
            self.watch.on_event(event)
        elif isinstance(event, events.GameStarted):
            self._game_started(event)
        elif isinstance(event, events.MessageReceived):
            self._chat_received(event)
        elif isinstance(event, events.TableFound | events.TableUpdated):
            journals = self.lobby.profile.journals if self.lobby is not None else None
            self.panel.add_or_update(listing_from_net(event.listing, self.protocol, journals))
        elif isinstance(event, events.TableLost):
            self.panel.remove(event.service)
        elif isinstance(event, events.TableStateChanged):
            self.table_changed.emit(event.state)
        elif (news := NEWS.get(type(event))) is not None:
            if isinstance(event, events.TableClosed):
                self.table_closed.emit(event.removed)
            line = {"table": self.table_news, "passing": self.passing_news, "notice": self.notice}
            line[news.line].emit(news.words(event))

    def _chat_received(self, message: Any) -> None:
        """A line or an emote from another laptop at my table (docs/protocol.md, "Chat")."""
        if message.private or self.session is None:
            return
        line = line_from(message.name, message.data)
        if line is None or not self.chat.offer(message.sender.hex(), line):
            return
        if not message.replayed:
            from ui.chat.sounds import sound_line

            sound_line(line, self.window)

    def say(self, data: Any) -> None:
        """Send a chat line (text) or an emote ({"emote": ...}) to everyone at my table."""
        session = self.session
        if session is None:
            return

        async def send() -> None:
            session.send(data)

        self.bridge.submit(send(), None, "chat")

    def _game_started(self, started: Any) -> None:
        from ui.tables.network_table import create_network_table

        session = self.session
        if session is None:
            return
        screen = create_network_table(
            started,
            started.view,
            lambda action: self.bridge.call_soon(session.act, action),
            lambda: self.bridge.call_soon(session.next_round),
            host=bool(session.is_host),
            chat=(self.chat, self.say),
            bots_take_over=self.replace_gone is not None,
            others=_other_laptops(session),
        )
        self.game_source = screen.source
        self.game_handlers = screen.source.handlers()
        screen.play_again.connect(lambda: self.table_command(Again()))
        self.watch.attach(screen)  # who watches the table
        self.attach_phones(screen)
        self.game_started.emit(screen)

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

    def _with_lobby(self, action: Callable[[Any], Any], describe: str) -> bool:
        if self.lobby is None:
            self._tell(
                QCoreApplication.translate("NetworkClient", "Not connected yet"),
                QCoreApplication.translate(
                    "NetworkClient", "The network is still starting or is off. Try again shortly."
                ),
            )
            return False
        self.bridge.submit(action(self.lobby), self._session_opened, describe)
        return True

    def host(self, choice: HostChoice) -> bool:
        return self._with_lobby(
            lambda lobby: lobby.host(
                choice.game_id,
                choice.seats,
                options=choice.options,
                private=choice.private,
                **self.host_options,
            ),
            "host",
        )

    def join(self, choice: JoinChoice) -> bool:
        return self._join(
            JoinAttempt(choice.address, choice.code),
            lambda lobby: lobby.join(choice.address, choice.code or None),
        )

    def join_listed(self, table: TableListing, code: str = "") -> bool:
        """Join a table from the list, trying every address it advertises when that is known."""
        attempt = JoinAttempt(table.address, code, table)
        if table.source is None:
            host, _, port = table.address.rpartition(":")
            choice = JoinChoice(host.strip("[]"), int(port), code)
            return self._join(attempt, lambda lobby: lobby.join(choice.address, code or None))
        return self._join(attempt, lambda lobby: lobby.join_listing(table.source, code or None))

    def resume_host(self, table_id: bytes) -> bool:
        """Host again the table `table_id` this laptop hosted before it stopped."""
        announce = self.host_options.get("announce", True)
        return self._with_lobby(lambda lobby: lobby.resume_host(table_id, announce), "host")

    def _join(self, attempt: JoinAttempt, action: Callable[[Any], Any]) -> bool:
        """One join at a time: a new one replaces the one under way."""
        self.cancel_join()
        if self.lobby is None:
            return self._with_lobby(action, "join")  # says the network is not ready yet
        self.attempt = self.joined = attempt

        def opened(session: Any) -> None:
            if self._join_future is joining:
                self._session_opened(session)
            else:  # (left or cancelled while it opened: e.g. its game went on without me)
                self.bridge.submit(session.leave(), None, "leave")

        joining = self._join_future = self.bridge.submit(action(self.lobby), opened, "join")
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

    def _session_opened(self, session: Any) -> None:
        self._joined()
        if session is not self.session:
            self.chat = ChatLog()
        self.session = session
        self.session_opened.emit(session)
        if session.state is not None:
            self.table_changed.emit(session.state)

    def table_command(self, command: TableCommand) -> None:
        """Ask the table for `command` (net/table/commands.py) on the network thread; a refusal
        comes back as a notice for the status line."""
        session = self.session
        if session is None:
            return

        async def request() -> None:
            session.command(command)

        self.bridge.submit(request(), None, "table")

    def leave_table(self) -> None:
        """Leave the table (or the join under way: its session is left once it opens)."""
        self._joined()
        self.watch.stop()
        self.watch.forget_table()
        self.game_source = None
        self.game_handlers = {}
        if self.session is not None:
            session, self.session = self.session, None
            self.bridge.submit(session.leave(), None, "leave")

    def set_pace(self, pace: str) -> None:
        """The bots' pace setting ("relaxed", "normal", "fast") for the bots this laptop runs
        in the games it plays from now on."""
        from ui.tables.local_table import PACES

        self.bot_pace = BOT_PACE * PACES.get(pace, PACES["normal"])[0]
        lobby = self.lobby
        if lobby is not None:
            seconds = self.bot_pace
            self.bridge.call_soon(setattr, lobby.play_settings, "pace", seconds)

    def set_gone_laptop(self, choice: str) -> None:
        """The "A laptop drops out" setting ("bot" or "end") for the tables I host."""
        self.replace_gone = "normal" if choice == "bot" else None
        lobby = self.lobby
        if lobby is not None:
            self.bridge.call_soon(setattr, lobby.play_settings, "replace_gone", self.replace_gone)

    def rename(self, name: str) -> None:
        self.name = name

        async def rename_profile() -> None:
            from net.home import load_profile

            profile = load_profile(self.home, name=name)
            if self.lobby is not None:
                self.lobby.profile = profile

        if self.bridge.running:
            self.bridge.submit(rename_profile(), None, "rename")

    def stop(self) -> None:
        lobby, self.lobby = self.lobby, None
        self.bridge.stop(lobby.close() if lobby is not None else None)


def start_lobby_network(window: QWidget, panel: NetworkPanel, name: str) -> LobbyNetwork:
    client = LobbyNetwork(window, panel, name)
    client.start()
    return client


def _other_laptops(session: Any) -> bool:
    """Whether another laptop plays at the session's table (a person, or bots it runs)."""
    state = session.state
    if state is None:
        return True
    me = session.me
    return any(
        (seat.player is not None and seat.player != me)
        or (seat.bot and (seat.runner or state.host) != me)  # (no runner: the host's bot)
        for seat in state.seats
    )
