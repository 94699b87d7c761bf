"""A seat at one table: membership, requests, messages and reconnection, over a `Mesh`.

The host keeps the authoritative `TableState` until the game starts: it admits players,
applies their requests and publishes every new state in its signed log. Guests adopt the
host's latest state and keep a link to every member. Messages (`send`) go to every member in
the sender's log; a private one is sealed to its recipient.

What it hears of the other members (absences, relays, refusals) is net/table/members.py; the
table's game is net/table/table_game.py.

Seats: the host gives a seat only to a peer that completed the whole handshake (its link is
up), never on the way, so connections that stop half-way hold nothing.
"""

import asyncio
import dataclasses
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

from lanpurr.fair.envelope import Envelope
from lanpurr.fair.identity import Identity, fingerprint_of
from net import table_state as table
from net.discovery.announcement import Announcement
from net.events import (
    Event,
    GameStopped,
    MessageRefused,
    PeerLeft,
    RequestRefused,
    TableClosed,
    TableStateChanged,
)
from net.game import record as game_record
from net.game.driver import GameDriver
from net.game.setup import PlaySettings
from net.home import Profile
from net.limits import BODY, ECHO_DELAY, STATE_INTERVAL
from net.phones_told import is_phones
from net.table import bodies
from net.table.absence import Absences
from net.table.commands import AddBot, Again, Ready, Remove, RemoveBot, Sit, Start, TableCommand
from net.table.handover import Handover
from net.table.members import Members
from net.table.table_game import TableGame
from net.table_state import CLOSED, OPEN, PLAYING, TableError, TableState
from net.text import clean
from net.watch import watch_list
from net.watch.watch_line import is_agreement
from net.watch_events import PhonesElsewhere
from net.wire import framing
from net.wire.budget import GAME_BUDGET, LOBBY_BUDGET
from net.wire.framing import FrameError
from net.wire.link import Link
from net.wire.mesh import Address, Mesh
from net.wire.messages import Unwelcome
from net.wire.private import SealError, open_sealed, seal_for

log = logging.getLogger("lanpurr.net")


class TableSession(Members):
    def __init__(
        self, profile: Profile, mesh: Mesh, emit: Callable[[Event], None], grace: float
    ) -> None:
        self.profile = profile
        self.mesh = mesh
        self.me = profile.identity.public_key
        self._emit = emit
        self.grace = grace
        self.state: TableState | None = None
        self.code: str | None = None
        self.host_address = ""
        self.host_name = ""
        """The name the host gave in the handshake (clean), when this session joined."""
        self.host_fingerprint = ""
        """The fingerprint of the key the host proved it holds, when this session joined:
        what a person compares with the one on the host's screen."""
        self.announcement = Announcement(self)
        """The table's listing on the LAN, while this laptop hosts it
        (net.discovery.announcement)."""
        self.announce_on: Sequence[str] | None = None
        """The addresses to announce a table on, if this laptop comes to host it (handover)."""
        self.absences = Absences(grace, self.emit, self._did_not_come_back)
        self._background: set[asyncio.Task[None]] = set()
        self.state_seen = asyncio.Event()
        self._echo_timer: asyncio.TimerHandle | None = None
        self._state_timer: asyncio.TimerHandle | None = None
        self._state_due = False
        self._state_published = 0.0
        self.closed = False
        self._former: dict[bytes, str] = {}
        """The names of the table's members, kept when they leave or are removed."""
        self.bot_identities: dict[bytes, Identity] = {}
        """The keys of the bots this laptop added (each bot signs its seat's messages)."""
        self.play_settings = PlaySettings()
        self.games = TableGame(self)
        """The game of this table on this laptop (net.table.table_game)."""
        self.absences.on_away = self._away
        self.absences.on_back = self._back
        self.absences.heard_of = self._heard_of
        self.absences.owes = lambda key: self.play is not None and self.play.game.owes(key)
        self.handover = Handover(self)
        """The table passing to the next laptop of the game's line (net.table.handover)."""
        self.hosting: list[Callable[[], None]] = []
        """Called when the table passes to this laptop (the watch desk opens)."""
        self._relayed_said: set[bytes] = set()
        """Members this laptop said it hears through another."""
        self._refusals: dict[bytes, str] = {}
        """Members whose laptop refuses this one for good in this game, with what they said."""
        self.listeners: list[Callable[[Event], None]] = [self.announcement.heard]
        """Also told every event (the listing, the host's watch desk, net/table/watch_desk.py)."""
        mesh.admit = self._admit
        mesh.screen = self._screen
        mesh.on_envelope = self._on_envelope
        mesh.on_rejected = self._rejected
        mesh.on_link_up = self._link_up
        mesh.on_link_down = self._link_down
        mesh.on_banned = self._banned
        mesh.on_cheater = self._cheater
        mesh.on_relayed = self._relayed
        mesh.on_refused = self._refused_me
        mesh.on_called = self.absences.called
        mesh.on_disputed = self._disputed

    @property
    def play(self) -> GameDriver | None:
        """The game being played, from the start on (net.game)."""
        return self.games.play

    @property
    def is_host(self) -> bool:
        return self.state is not None and self.state.host == self.me

    @property
    def port(self) -> int:
        return self.mesh.port

    def emit(self, event: Event) -> None:
        """Hand an event to the user; a failing listener must not break the table."""
        if isinstance(event, GameStopped) and event.cut:
            event = dataclasses.replace(event, elsewhere=self.where_the_game_goes_on())
        # (The listeners first: the user may act on an event, and what follows must reach
        # them after it.)
        for listener in (*self.listeners, self._emit):
            try:
                listener(event)
            except Exception:
                log.exception("the listener failed on %s", type(event).__name__)

    def where_the_game_goes_on(self) -> tuple[tuple[bytes, str, int], ...]:
        """The other laptops of the game's line that may still play it, at the addresses this
        laptop calls them: where a game it was cut from may go on. Those out here only by
        silence come first (the side this laptop cannot hear), each group in the line's order."""
        drops = self.play.game.drops if self.play is not None else None
        if drops is None:
            return ()
        laptops = []
        for key in sorted(drops.line, key=lambda key: key not in drops.silent):
            where = self.mesh.wanted.get(key)
            maybe = key not in drops.out or key in drops.silent
            if key != self.me and maybe and where is not None:
                laptops.append((key, where.host, where.port))
        return tuple(laptops)

    def _name(self, key: bytes, fallback: str = "") -> str:
        """A member's display name (clean), else `fallback` (cleaned), else the name it had at
        this table (a member removed a moment ago), else its fingerprint."""
        if self.state is not None and self.state.member(key) is not None:
            return self.state.name_of(key)
        return clean(fallback, 32) or self._former.get(key) or fingerprint_of(key)

    # -- creating and joining -------------------------------------------------------------

    def replay_journal(self) -> None:
        """Take in again, in order, the messages the table's journal held (a restart)."""
        for envelope in self.mesh.replayed:
            self._on_envelope(envelope, replayed=True)
        self.mesh.replayed.clear()

    async def announce(self, announce_on: Sequence[str] | None) -> None:
        """List the table on the LAN from now on, while it may be joined or watched."""
        await self.announcement.start(announce_on)

    # -- commands -------------------------------------------------------------------------

    def command(self, command: TableCommand) -> None:
        """What the player asks of the table (net/table/commands.py)."""
        match command:
            case Sit(seat):
                self.sit(seat)
            case Ready(ready):
                self.ready(ready)
            case AddBot(seat, level):
                self.add_bot(seat, level)
            case RemoveBot(seat):
                self.remove_bot(seat)
            case Remove(key):
                self.remove(key)
            case Start():
                self.start()
            case Again():
                self.again()

    def sit(self, seat: int) -> None:
        self._request({"do": "sit", "seat": seat})

    def ready(self, ready: bool = True) -> None:
        self._request({"do": "ready", "ready": ready})

    def add_bot(self, seat: int, level: str = "normal") -> None:
        """Fill `seat` with a bot that this laptop will run, with a key of its own."""
        identity = Identity.generate()
        self.bot_identities[identity.public_key] = identity
        if self.state is not None:  # (kept, so that after a crash this laptop plays it again)
            game_record.save_bot_key(
                self.profile.journals, self.state.table, identity.private_bytes()
            )
        self._request({"do": "bot", "seat": seat, "level": level, "key": identity.public_key})

    def remove_bot(self, seat: int) -> None:
        self._request({"do": "unbot", "seat": seat})

    def start(self) -> None:
        self._request({"do": "start"})

    def again(self) -> None:
        """After a game (host): open the same table again for another game."""
        self._request({"do": "again"})

    def act(self, action: Any) -> None:
        """My player's action in the game being played (a refusal comes back as an event)."""
        if self.play is not None:
            self.play.act(action)

    def next_round(self) -> None:
        """My player has read the round's scores: my seat may go on to the next round."""
        if self.play is not None:
            self.play.next_round()

    def remove(self, key: bytes) -> None:
        self._request({"do": "remove", "key": key})

    def _request(self, body: dict[str, Any]) -> None:
        if self.state is None or self.closed:
            raise TableError("not at a table")
        if self.is_host:
            # Check at once, so the host's own mistakes raise instead of going on the wire.
            self.adopt(table.request(self.state, self.me, body))
            if body["do"] == "remove":
                self._expel(body["key"])
        else:
            self._publish({"k": "req", **body})

    def send(self, data: Any, to: bytes | None = None) -> Envelope:
        """Send `data` (plain msgpack data) to every member, or sealed to `to` alone."""
        if to is None:
            return self._publish({"k": "app", "d": data})
        return self._publish({"k": "sealed", "to": to, "box": seal_for(to, framing.pack(data))})

    def ban(self, key: bytes, what: str) -> None:
        """Cut a member off for good (the game found what it sent dishonest)."""
        self.mesh.ban(key, f"your messages were refused: {what}", what)

    def host_moved(self, acting: bytes) -> None:
        """The game's acting host changed (the host dropped out): the table follows it."""
        self.handover.moved(acting)

    def sync_journal(self) -> None:
        """Make the table's journal durable now (a game's record names frames read from it)."""
        if self.mesh.journal is not None:
            self.mesh.journal.sync()

    def _publish(self, body: dict[str, Any]) -> Envelope:
        if self._state_due and body.get("k") != "table":
            self._publish_state_now()  # a table state waiting to go out goes first, in order
        if self._echo_timer is not None:
            self._echo_timer.cancel()
            self._echo_timer = None
        return self.mesh.publish(body)

    async def flush(self, timeout: float = 2.0) -> bool:
        """Wait until every linked peer acknowledged all my messages (or `timeout`)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if all(link.window.acked >= len(self.mesh.mine) for link in self.mesh.links.values()):
                return True
            await asyncio.sleep(0.02)
        return False

    async def leave(self, reason: str = "left the table") -> None:
        """Leave politely: tell the table, wait briefly for acknowledgement, close."""
        if self.closed:
            return
        self.announcement.leave()  # (other lobbies drop the table before the goodbyes here)
        if self.play is not None:
            self.play.leave()
        if self.state is not None and self.state.phase != CLOSED:
            if self.is_host and self.state.phase == OPEN:
                self.adopt(table.close(self.state))
                reason = "the host closed the table"
            else:
                self._publish({"k": "req", "do": "leave"})
            self._publish_state_now()  # the closed table, when hosting
            await self.flush()
        await self.close(reason)

    async def close(self, bye: str | None = None) -> None:
        if self.closed:
            return
        self.closed = True
        listing = asyncio.ensure_future(self.announcement.close())  # goodbye packets
        if self._echo_timer is not None:
            self._echo_timer.cancel()
        if self._state_timer is not None:
            self._state_timer.cancel()
        for task in [*self.absences.waiting.values(), *self._background]:
            task.cancel()
        if self.play is not None:
            await self.play.close()
        await listing
        await self.mesh.close(bye)

    # -- the table state ------------------------------------------------------------------

    def adopt(self, state: TableState, replayed: bool = False) -> None:
        """A table state, mine or the host's latest: followed by the table, its game and the
        announcement."""
        previous = self.state
        if previous is not None and state.version <= previous.version:
            return
        self.state = state
        self._former.update((m.key, m.name) for m in state.members)
        if state.member(self.me) is not None:
            self.state_seen.set()
        if self.is_host and not replayed and (previous is None or state != previous):
            self._publish_state_soon()
        self.mesh.set_budget(GAME_BUDGET if state.phase == PLAYING else LOBBY_BUDGET)
        self.mesh.exempt = frozenset({state.host}) if state.phase == OPEN else frozenset()
        self._follow_members(state)
        away = self.absences.waiting
        self.absences.stop([k for k in away if state.member(k) is None or k in state.left])
        self.emit(TableStateChanged(state))
        self.games.follow(replayed)
        if not replayed:
            self.announcement.follow()
        closing = state.phase == CLOSED and previous is not None and previous.phase != CLOSED
        if closing and not self.is_host:
            self.in_background(self._host_closed(state.host))
        if state.removed and self.me in state.removed and not self.closed:
            self.emit(TableClosed("the host removed you from this table", removed=True))
            self.in_background(self.close("removed by the host"))

    async def _host_closed(self, host: bytes) -> None:
        """The host closed the table (a game not over here is played out first)."""
        await self.games.host_closed(host)
        self.emit(TableClosed("the host closed the table"))
        await self.close("the table is closed")

    def _publish_state_soon(self) -> None:
        """Publish the table at once, or (when it changed less than STATE_INTERVAL ago) its
        latest version when the interval is over: a member toggling "ready" as fast as it can
        makes at most 1/STATE_INTERVAL states a second, which every newcomer downloads."""
        self._state_due = True
        if self._state_timer is not None:
            return
        wait = self._state_published + STATE_INTERVAL - time.monotonic()
        if wait <= 0:
            self._publish_state_now()
        else:
            self._state_timer = asyncio.get_running_loop().call_later(wait, self._publish_state_now)

    def _publish_state_now(self) -> None:
        if self._state_timer is not None:
            self._state_timer.cancel()
            self._state_timer = None
        if not self._state_due or self.state is None or self.mesh.closing:
            return
        self._state_due = False
        self._state_published = time.monotonic()
        self._publish({"k": "table", "s": table.to_plain(self.state)})

    def _follow_members(self, state: TableState) -> None:
        keys = {m.key for m in state.members}
        for member in state.members:
            if member.key == self.me:
                continue
            known = self.mesh.wanted.get(member.key)
            if known is not None and member.key != state.host:
                address = Address(member.address or known.host, member.port or known.port)
            elif known is not None:
                address = known
            else:
                host = member.address or self.host_address
                address = Address(host, member.port)
            self.mesh.want(member.key, address)
        for key in list(self.mesh.wanted):
            if key not in keys and state.phase == OPEN:
                self.mesh.unwant(key)

    def _expel(self, key: bytes) -> None:
        """Close the link of a removed player once it holds the signed state that removes it
        (that, not the unsigned `bye`, is what tells it)."""
        self.mesh.unwant(key)
        self._publish_state_now()
        link = self.mesh.links.get(key)
        if link is not None:
            self.in_background(self._close_after_delivery(link, "removed by the host"))

    async def _close_after_delivery(self, link: Link, bye: str, timeout: float = 2.0) -> None:
        deadline = time.monotonic() + timeout
        while not link.closed and link.window.acked < len(self.mesh.mine):
            if time.monotonic() > deadline:
                break
            await asyncio.sleep(0.02)
        link.close(bye)

    # -- incoming messages ----------------------------------------------------------------

    def _screen(self, envelope: Envelope) -> dict[str, Any]:
        """A member's message, decoded and checked before it is kept (raises Unwelcome)."""
        playing = self.state is not None and self.state.phase != OPEN
        body = bodies.check(envelope.body, playing)
        state = self.state
        sender = envelope.sender
        foreign = state is not None and sender != state.host
        if body.get("k") == "table" and foreign and not self.handover.may_publish(sender):
            raise Unwelcome("only the host publishes the table")
        if playing and body.get("k") == "app" and not bodies.game_or_chat(body["d"]):
            raise Unwelcome("during a game an app message is a game message or a chat line")
        return body

    def _on_envelope(
        self, envelope: Envelope, body: dict[str, Any] | None = None, replayed: bool = False
    ) -> None:
        try:
            if body is None:
                body = framing.unpack(envelope.body, BODY)
                if not isinstance(body, dict):
                    raise FrameError("a message body is a map")
            self._dispatch(envelope, body, replayed)
            if self._refusals and not replayed:
                self.absences.moved(envelope.sender)
        except (FrameError, TableError, SealError, KeyError, TypeError, ValueError) as error:
            name = self._name(envelope.sender)
            log.warning("ignoring message %d from %s: %s", envelope.seq, name, error)
            self.emit(MessageRefused(name, clean(error)))
        if not replayed and self.mesh.echo.due and self._echo_timer is None and not self.closed:
            loop = asyncio.get_running_loop()
            self._echo_timer = loop.call_later(ECHO_DELAY, self._echo_now)

    def _echo_now(self) -> None:
        """Nothing of mine carried my echo for ECHO_DELAY: say what I hold in a message."""
        self._echo_timer = None
        if self.mesh.echo.due and not self.closed and not self.mesh.closing and self.state:
            self._publish({"k": "seen"})

    def _dispatch(self, envelope: Envelope, body: dict[str, Any], replayed: bool) -> None:
        kind = body.get("k")
        sender = envelope.sender
        if kind == "table":
            state = table.from_plain(body["s"])
            if self.state is not None and sender != self.state.host:
                if not self.handover.received(sender, state):
                    raise TableError("only the host may publish the table")
                return
            if self.state is None and (state.member(sender) is None or sender != state.host):
                raise TableError("a table state not published by its host")
            if (
                self.state is not None
                and self.state.phase == PLAYING
                and state.removed - (self.state.removed)
            ):  # (the host's word alone never takes a player out of a game: it is cut off)
                self.ban(sender, "it removed a player in the middle of a game")
                raise TableError("it removed a player in the middle of a game")
            if self.state is None or sender == self.me or not self.is_host:
                self.adopt(state, replayed=replayed or sender == self.me)
        elif kind == "req":
            self._on_request(sender, body, replayed)
        elif kind == "app":
            if watch_list.is_watchers(body["d"]):  # who watches (net/watch/watch_list.py)
                watch_list.heard(self, envelope.sender, body["d"], replayed)
            elif is_agreement(body["d"]):
                pass  # a laptop agrees to its game's start: for watchers (net/watch/watch_line.py)
            elif is_phones(body["d"]):  # phones watching from a laptop (net/phones_told.py)
                if envelope.sender != self.me:
                    name = self._name(envelope.sender)
                    self.emit(PhonesElsewhere(envelope.sender, name, body["d"]["phones"]))
            elif not self.games.message(envelope.sender, body["d"], False, replayed, envelope):
                self._deliver(envelope, body["d"], False, replayed)
        elif kind == "refused":
            if body["to"] == self.me and not replayed:
                self.emit(RequestRefused(clean(body["why"])))
        elif kind == "sealed":
            if body["to"] == self.me:
                data = framing.unpack(open_sealed(self.profile.identity, body["box"]), BODY)
                if not self.games.message(envelope.sender, data, True, replayed, envelope):
                    self._deliver(envelope, data, True, replayed)
        elif kind == "seen":
            pass  # its echo is all it says (checked by the mesh)
        else:
            raise FrameError(f"unknown message kind {str(kind)[:30]!r}")

    def _on_request(self, sender: bytes, body: dict[str, Any], replayed: bool) -> None:
        state = self.state
        if state is None or sender == self.me:
            return
        if state.phase == PLAYING and (body.get("do") != "leave" or sender in state.left):
            # Void: during a game only a first `leave` means something. Those sent as the game
            # started are on their way; a flood is cut off by the game's allowance of requests
            # (net.wire.budget), unanswered: an answer would cost every laptop as much again.
            return
        if body.get("do") == "leave":
            if state.phase == PLAYING and not replayed:
                then = self.play.game.after_leaving(sender) if self.play is not None else ""
                self.emit(PeerLeft(state.name_of(sender), then))
            if state.phase == PLAYING or (self.is_host and not replayed):
                self._adopt_local_or_published(table.leave(state, sender), replayed)
            return
        if not self.is_host or replayed:
            return
        request = {k: v for k, v in body.items() if k not in ("k", "h")}
        try:
            self.adopt(table.request(state, sender, request))
        except TableError as error:
            self._publish({"k": "refused", "to": sender, "why": str(error)})

    def _adopt_local_or_published(self, state: TableState, replayed: bool) -> None:
        if self.is_host and state.phase == OPEN:
            self.adopt(state, replayed)
        else:
            # After the start every peer applies a departure itself (it needs no ordering).
            before = self.state.left if self.state else frozenset()
            self.state = state
            self.absences.stop([k for k in self.absences.waiting if k in state.left])
            self.emit(TableStateChanged(state))
            if self.play is not None:  # (which may hand the table over: after the above)
                for key in state.left - before:
                    self.play.laptop_gone(key, "left the table")

    def resume_game(self) -> None:
        """After a restart (`join` or `resume_host` read the journal back): take up the game
        this laptop was playing (net.table.table_game). Call it with `play_settings` set, before the
        event loop runs again: a game message that comes while no game runs is dropped."""
        self.games.resume()

    def in_background(self, coroutine: Any) -> None:
        task = asyncio.ensure_future(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
