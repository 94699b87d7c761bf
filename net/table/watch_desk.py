"""The host's watch desk: the laptops that watch its table, and the feed it sends them.

The host feeds every watcher (docs/protocol.md §12): it admits at most MAX_WATCHERS, sends
each the public feed (net/watch/watch_feed.py) as its own session's events come, and tells the
members who watches (an `app` message `{"watchers": [name, ...]}`). A watcher takes nothing
from the table: no seat, no vote, no message in the log. It may only send `ping` and `bye`,
slowly; anything else, or too much, cuts it off (for the table's life) and nobody else
notices. A watcher that reads too slowly is dropped rather than make the host buffer for it.
The feed carries the game's start as its first host signed it (`line`), read from the table's
log, so that a watcher knows the game's line without taking any host's word for it.
When the host's laptop goes, its watchers' feed ends with it. A member keeps a desk closed to
watchers (`hosting=False`) that follows the feed all the same, and opens it when the table is
handed over to it (net/table/handover.py): watchers may watch the rest of the game there.
"""

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lanpurr.fair.envelope import Envelope, SignedLog
from lanpurr.fair.identity import fingerprint_of
from net.events import Event, GameOver, GameResumed, GameStarted, GameStopped
from net.game.setup import line_of
from net.limits import HANDSHAKE, HANDSHAKE_TIMEOUT, MAX_WATCHERS
from net.table.session import TableSession
from net.table_state import CLOSED, PLAYING
from net.text import clean
from net.watch.watch_feed import FeedBook
from net.watch.watch_keep import FeedKeep
from net.watch.watch_line import StartFinder, agreement, in_play
from net.watch.watch_link import (
    PING,
    Silence,
    Watcher,
    accept_watcher,
    bye_frame,
    read_watch_frame,
    shown_frame,
)
from net.watch_events import WatcherCutOff, WatchersChanged
from net.wire import framing, messages
from net.wire.framing import FrameError
from net.wire.guard import Bucket, code_gate
from net.wire.handshake import HandshakeError, Refused
from net.wire.messages import Bye, Ping, Refuse

log = logging.getLogger("lanpurr.net")
FULL = f"This table already has {MAX_WATCHERS} watchers"
PINGS_PER_SECOND = 2.0
"""A watcher's frames a second (it needs one ping every two seconds)..."""
PING_BURST = 10.0
"""...in bursts of at most this many."""
BEHIND = 4 * 1024 * 1024
"""Bytes a watcher may leave unread before it is dropped as too slow to follow."""
HANDSHAKES = 8
"""Watch handshakes under way at once."""
FOLLOWERS_BACK = 5.0
"""Seconds a laptop the table came to waits at the game's end for the watchers of the host
before it to come back (`WatchDesk.followers_back`): each calls once a second."""
ARRIVALS_PER_MINUTE = 20.0
"""Watchers one address may bring in a minute (bursts of 10): coming and going costs the
table a message to its members each time."""
TELL_EVERY = 2.0
"""Seconds between two messages to the members saying who watches (changes in between are
merged), so that watchers coming and going cannot fill the host's log."""
_TICK = 0.5


@dataclass
class Seen:
    """One admitted watcher's connection."""

    watcher: Watcher
    writer: asyncio.StreamWriter
    name: str
    silence: Silence = field(default_factory=Silence)
    bucket: Bucket = field(default_factory=lambda: Bucket(PINGS_PER_SECOND, PING_BURST))
    closed: bool = False


def refuse_watcher(writer: asyncio.StreamWriter, refusal: Refuse) -> None:
    with contextlib.suppress(Exception):
        writer.write(framing.frame(messages.to_wire(refusal), HANDSHAKE))
        writer.close()


SITS_HERE = "You sit at this table: join it instead of watching it"
"""Refused to a watcher that has a seat to play here (`member`)."""
SEAT_GOING = "A bot takes your seat in a moment: then you can watch the game"
"""Refused to a watcher that dropped out of the game still on without leaving it (cut from
the table, gone), until the game has shown its seats going to a bot (`member`)."""
NOT_HERE = "Only the host's laptop shows its table to watchers: watch at the host's address"


class WatchDesk:
    def __init__(self, session: TableSession, hosting: bool = True) -> None:
        """`hosting`: this laptop hosts the table (else it keeps the feed and sends watchers
        to the host until `open`)."""
        self.session = session
        self.book = FeedBook()
        self.kept = FeedKeep(session.profile.home)
        """The game's public feed on disk, for watchers after a restart
        (net/watch/watch_keep.py)."""
        self._before: list[dict[str, Any]] = []
        """What was kept of the game that just started, until it turns out to be taken up
        again (GameResumed follows GameStarted at once) rather than new."""
        self.starts = StartFinder()
        self._agreed: set[bytes] = set()
        """The games' starts this laptop agreed to (or found it had, in its own chain)."""
        self.seen: dict[bytes, Seen] = {}
        self.cut_off: dict[bytes, str] = {}
        self._handshakes = 0
        self._arrivals: dict[str, Bucket] = {}
        self._told: list[str] = []
        """The names the members were last told."""
        self._tell: asyncio.TimerHandle | None = None
        self._told_at = -TELL_EVERY
        self._tasks: set[asyncio.Task[None]] = set()
        self.shut = False
        """The host left or closed the table: nobody watches here any more."""
        self.clock: Callable[[], float] = time.monotonic
        self.game_ended: str | None = None
        """Why this laptop's game ended (its end, or why it stopped here), until the next."""
        self.hosting = hosting
        self.followers = 0
        """At a member's laptop: how many laptops watched the table at its host, as the host
        last said. From `open` on, they may come here to follow the game."""
        self.taken_over = False
        """The table came to this laptop from a host that left (`open`)."""
        session.mesh.on_watch = self._asked if hosting else self._not_here
        session.listeners.append(self._on_event)

    def open(self) -> None:
        """The table came to this laptop (its host dropped out of the game): it feeds the
        laptops that watch it from now on."""
        self.session.mesh.on_watch = self._asked
        self.hosting = self.taken_over = True

    async def followers_back(self) -> None:
        """The table came to this laptop and its game is over: wait until the laptops that
        watched it at the host before it watch here too (a watcher calls the game's next
        laptops once a second), or `FOLLOWERS_BACK` seconds. A game that ended moments after
        the table came here would otherwise end unseen: a laptop that leaves at the game's end
        (a terminal) is gone before they call. How many watched is the host's word, which a
        host that went at once may never have sent: at least one is awaited."""
        deadline = self.clock() + FOLLOWERS_BACK
        awaited = max(self.followers, 1)
        while self.taken_over and not self.shut and len(self.seen) < awaited:
            if self.clock() >= deadline:
                return
            await asyncio.sleep(0.05)

    def _not_here(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, first: dict[str, Any]
    ) -> None:
        """At a member's laptop, which feeds nobody: a watcher that follows the game here is
        told to call again while the game may come here, or that it ended here."""
        refuse_watcher(writer, self._elsewhere() or Refuse("table", NOT_HERE))

    def _elsewhere(self) -> Refuse | None:
        """Why a watcher cannot watch the game here, as the game stands at this laptop: it
        ended here (`closed`, the watch ends), or it goes on at another laptop (`table`, the
        watcher calls the next one)."""
        state, session = self.session.state, self.session
        if self.game_ended is not None and state is not None and state.phase == PLAYING:
            if state.host != session.me:
                return Refuse("table", f"The game went on without this laptop: {NOT_HERE}")
            return Refuse("closed", f"The game ended here: {self.game_ended}")
        return None

    def _seated(self, key: bytes) -> str | None:
        """Why the laptop `key` may not watch, having a seat to play here (None: it may): it
        sits at the table and has not left, unless it dropped out of the game here. One that
        dropped out without leaving (cut from the table, gone) waits until the game has shown
        its seats going to a bot, when the table's setting gives them one: its watch would
        open on a game still waiting for it, and the swap would then tell it, in its own
        window, that its own laptop "did not come back" (its app calls again by itself,
        net/watch/watching.py)."""
        state, play = self.session.state, self.session.play
        game = play.game if play is not None else None
        if game is not None and key in game.drops.out:
            drops = game.drops
            on = drops.replace_gone and not (game.finished or game.over)
            if on and drops.seated(key) and drops.how.get(key) != "left":
                return SEAT_GOING
            return None  # (the game goes on, or ended, without it: it may watch)
        if state is None or state.member(key) is None or key in state.left:
            return None
        return SITS_HERE

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seen.values()]

    # -- the feed -------------------------------------------------------------------------

    def _on_event(self, event: Event) -> None:
        state = self.session.state
        if isinstance(event, WatchersChanged) and not self.hosting:
            self.followers = len(event.names)  # (what the host said: net/watch/watch_list.py)
        if isinstance(event, GameStarted):
            self.game_ended = None
            if event.seat is not None and state is not None:
                self._before = self.kept.begin(state.table, event.number)
                self.book.keep = self.kept.keep
        elif isinstance(event, GameOver):
            self.game_ended = "the game is over"
        elif isinstance(event, GameStopped):
            self.game_ended = clean(event.reason, 300) or "the game stopped"
        messages = self.book.feed(event, state)
        if isinstance(event, GameResumed):
            # Back in the game after a restart: watchers see it from its start all the same,
            # those admitted while the game was being taken up too (they got its start only).
            before, self._before = self._before, []
            self.book.restore(before)
            messages = self.book.catch_up(self.names)[1:] if self.seen else []
        log = self.session.mesh.signed
        if state is not None and state.phase == PLAYING and log is not None:
            # The game's start as its first host signed it: watchers read the line from it.
            start = self.starts.start_of(log, state)
            if start is not None:
                self._agree(log, start)
                messages.extend(self.book.started(start, self.starts.agreed(log, start)))
        for message in messages:
            data = framing.pack(message)
            for seen in list(self.seen.values()):
                self._write(seen, shown_frame(data))
        if state is not None and state.phase == CLOSED:
            self.close("the host closed the table")

    def _agree(self, log: SignedLog, start: bytes) -> None:
        """A laptop of the game's line, other than the first host that signed its start,
        signs once that it agrees to that start: a watcher follows the game only to laptops
        whose agreement it holds (net/watch/watch_line.py)."""
        if start in self._agreed:
            return
        self._agreed.add(start)
        envelope = Envelope.decode(start)
        state = in_play(envelope)
        me = self.session.me
        if state is None or envelope.sender == me or me not in line_of(state):
            return
        self.starts.agreed(log, start)  # (reads this laptop's own chain too)
        if me not in self.starts.agreements.get((state.games, envelope.digest), {}):
            self.session.send(agreement(state.games, envelope))  # (after a restart: it did)

    def _write(self, seen: Seen, frame: bytes) -> None:
        if seen.closed:
            return
        transport = seen.writer.transport
        if transport.is_closing():
            self._drop(seen, "")
            return
        if transport.get_write_buffer_size() > BEHIND:
            self._drop(seen, "too slow to follow the table")
            return
        seen.writer.write(frame)
        seen.silence.said = self.clock()

    # -- admission ------------------------------------------------------------------------

    def _asked(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, first: dict[str, Any]
    ) -> None:
        if self._handshakes >= HANDSHAKES:
            writer.close()
            return
        self._handshakes += 1
        task = asyncio.ensure_future(self._welcome(reader, writer, first))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _welcome(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, first: dict[str, Any]
    ) -> None:
        mesh = self.session.mesh
        try:
            assert mesh.table is not None
            watcher = await asyncio.wait_for(
                accept_watcher(
                    reader,
                    writer,
                    first,
                    mesh.identity,
                    mesh.name,
                    mesh.table,
                    mesh.private,
                    mesh.code,
                    self._admit,
                    lambda address: code_gate(
                        mesh.code_tries, mesh.offenders, self.clock(), address
                    ),
                ),
                HANDSHAKE_TIMEOUT,
            )
        except Refused as refused:
            log.info("refused a watcher: %s", refused.reason)
            writer.close()
            return
        except (TimeoutError, FrameError, HandshakeError, EOFError, ConnectionError, OSError) as e:
            log.info("a watcher's handshake failed: %s", e)
            writer.close()
            return
        finally:
            self._handshakes -= 1
        await self._serve(reader, writer, watcher)

    def _admit(self, watcher: Watcher) -> Refuse | None:
        state = self.session.state
        mesh = self.session.mesh
        if state is None or state.phase == CLOSED or self.session.closed or self.shut:
            return Refuse("closed", "This table is closed")
        elsewhere = self._elsewhere()
        if elsewhere is not None and elsewhere.why == "table":
            return elsewhere  # (it came back after the game went on without it)
        if watcher.key in mesh.banned or watcher.key in self.cut_off:
            said = self.cut_off.get(watcher.key, "You were cut off from this table")
            return Refuse("banned", said)
        if watcher.code_ok:
            mesh.code_tries.succeeded(watcher.address)
        if state.private and not watcher.code_ok:
            if watcher.code_tried:
                return Refuse("private", "The code is wrong: check the code on the host's screen")
            return Refuse("private", "This table is private: ask the host for the code to watch it")
        seated = self._seated(watcher.key)
        if seated is not None:
            return Refuse("member", seated)
        if watcher.key not in self.seen and len(self.seen) >= MAX_WATCHERS:
            return Refuse("watchers", FULL)
        arrivals = self._arrivals.setdefault(
            watcher.address, Bucket(ARRIVALS_PER_MINUTE / 60.0, 10.0)
        )
        if not arrivals.take(self.clock()):
            return Refuse(
                "slowdown", "Too many laptops came to watch from your address: wait a minute"
            )
        return None

    # -- one watcher ----------------------------------------------------------------------

    async def _serve(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, watcher: Watcher
    ) -> None:
        old = self.seen.pop(watcher.key, None)
        if old is not None:
            self._drop(old, "", announce=False)  # the same laptop again: the newer connection
        name = clean(watcher.name, 32) or fingerprint_of(watcher.key)
        seen = Seen(watcher, writer, name)
        self.seen[watcher.key] = seen
        log.info("%s watches the table from %s", name, watcher.address)
        self._announce(but=seen)
        for message in self.book.catch_up(self.names):
            self._write(seen, shown_frame(framing.pack(message)))
        beat = asyncio.ensure_future(self._beat(seen))
        try:
            await self._listen(reader, seen)
        finally:
            beat.cancel()

    async def _listen(self, reader: asyncio.StreamReader, seen: Seen) -> None:
        while not seen.closed:
            try:
                frame = await read_watch_frame(reader)
            except (EOFError, ConnectionError, OSError, asyncio.IncompleteReadError):
                self._drop(seen, "")
                return
            except FrameError as error:
                self._cut(seen, f"it sent a frame a watcher may not send ({error})")
                return
            seen.silence.heard = self.clock()
            if isinstance(frame, Bye):
                self._drop(seen, "")
                return
            if not isinstance(frame, Ping):
                self._cut(seen, "it sent a frame a watcher may not send")
                return
            if not seen.bucket.take(self.clock(), 1.0):
                self._cut(seen, "it sent far more than a watcher needs")
                return

    async def _beat(self, seen: Seen) -> None:
        while not seen.closed:
            await asyncio.sleep(_TICK)
            now = self.clock()
            if self.session.closed and not self.shut:
                # This laptop left the table (the app's Leave closes only the session): its
                # watchers are told at once, to follow the game where it goes on.
                self.close("the host left the table")
                return
            if seen.silence.dead(now):
                self._drop(seen, "")
            elif seen.silence.ping_due(now):
                self._write(seen, PING)

    def _cut(self, seen: Seen, why: str) -> None:
        """Cut a watcher off for the table's life: it alone notices."""
        self.cut_off[seen.watcher.key] = f"You were cut off from watching this table: {why}"
        log.warning("cut %s off from watching: %s", seen.name, why)
        self._drop(seen, self.cut_off[seen.watcher.key])
        self.session.emit(WatcherCutOff(seen.name, why))

    def _drop(self, seen: Seen, bye: str, announce: bool = True) -> None:
        if seen.closed:
            return
        seen.closed = True
        with contextlib.suppress(Exception):
            if bye:
                # Closed a moment later: a watcher still sending would get a reset that can
                # overtake the goodbye.
                seen.writer.write(bye_frame(bye))
                seen.writer.write_eof()
                asyncio.get_running_loop().call_later(0.5, seen.writer.close)
            else:
                seen.writer.close()
        if self.seen.get(seen.watcher.key) is seen:
            del self.seen[seen.watcher.key]
            if announce:
                self._announce()

    def _announce(self, but: Seen | None = None) -> None:
        """Tell the members (and the watchers) who watches now."""
        names = self.names
        self._tell_members_soon()
        self.session.emit(WatchersChanged(tuple(names)))
        data = framing.pack({"k": "watchers", "names": names})
        for other in list(self.seen.values()):
            if other is not but:
                self._write(other, shown_frame(data))

    def _tell_members_soon(self) -> None:
        if self._tell is not None:
            return
        wait = max(0.0, self._told_at + TELL_EVERY - self.clock())
        self._tell = asyncio.get_running_loop().call_later(wait, self._tell_members)

    def _tell_members(self) -> None:
        self._tell = None
        names, session = self.names, self.session
        if names == self._told or session.closed:
            return
        if session.state is None or session.state.phase == CLOSED:
            return
        self._told, self._told_at = names, self.clock()
        with contextlib.suppress(Exception):
            session.send({"watchers": names})

    def close(self, reason: str) -> None:
        """The table closed (or the host leaves): every watcher is told, then let go, and
        none is admitted any more."""
        self.shut = True
        self.kept.close()
        for seen in list(self.seen.values()):
            self._drop(seen, reason, announce=False)
        self.seen.clear()
        if self._tell is not None:
            self._tell.cancel()
            self._tell = None


__all__ = ["FULL", "WatchDesk"]
