"""Watching a table: this laptop's end of a watch connection (net/watch/watch_link.py).

    session = await watch(profile, address, code, emit)   # emits Watching, then the feed
    ...
    await session.close()

The feed's messages become the same events a player's laptop gives its user (`GameStarted`
with no seat, `GameUpdate`, `RoundChecked`, `GameOver`, ...) plus `WatchedTable` and
`WatchersChanged`; `WatchEnded` says when and why it stops. A watcher sends nothing but pings.

When the host's laptop goes in the middle of a game, the game goes on among the others and the
next laptop of the game's line takes the table over (docs/protocol.md §8). The watcher follows
it there: it says so (`WatchFollowing`), calls the host again and the laptops of the game's
line, in turn, until one of them hosts the table, and watches the game from there (`Watching`
again, then the game from its start, caught up at once). The line is the one the game's first
host signed when it put the table in play, and only its laptops that signed their agreement to
that start are called (`line`, checked by the watcher itself, net/watch/watch_line.py); the host's
`next` only gives their addresses, and any other key is never called.
"""

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Sequence

from lanpurr.fair.identity import fingerprint_of
from net.events import Event, GameOver, GameStopped
from net.home import Profile
from net.limits import BODY, BODY_OBJECTS, HANDSHAKE_TIMEOUT, RECONNECT_GRACE
from net.table_state import PLAYING
from net.text import clean
from net.watch.watch_feed import WatchReplica, check
from net.watch.watch_link import (
    PING,
    Silence,
    WatchedHost,
    bye_frame,
    dial_as_watcher,
    read_watch_frame,
)
from net.watch_events import WatchEnded, WatchFollowing, Watching
from net.wire import framing
from net.wire.handshake import HandshakeError, Refused
from net.wire.mesh import Address, reach
from net.wire.messages import Bye, Shown

log = logging.getLogger("lanpurr.net")
_TICK = 0.5
FOLLOW_EVERY = 1.0
"""Seconds between two rounds of calls to the laptops that may take the table over."""
FOLLOW_FOR = RECONNECT_GRACE + 10.0
"""How long a watcher follows a table whose host went: the others first wait out their grace
period for it (120 s unless set otherwise), then the next laptop of the line takes it over at
once; a watcher still waiting after that is told so rather than left watching nothing..."""
NOBODY_FOR = 10.0
"""...but no longer than this once none of those laptops answers at all (they all stopped:
the game goes on nowhere this watcher can reach)."""

Connection = tuple[asyncio.StreamReader, asyncio.StreamWriter, WatchedHost]
Dial = Callable[[Address, bytes | None], Awaitable[Connection]]
"""Opens a watch connection to an address, expecting a key (None: any)."""


class WatchSession:
    def __init__(
        self,
        connection: Connection,
        address: Address,
        emit: Callable[[Event], None],
        record: Callable[[bytes], None] | None = None,
        dial: Dial | None = None,
    ) -> None:
        self.emit = emit
        self.record = record
        """Told every feed message as it came (`lanpurr join --watch --record FILE`)."""
        self.dial = dial
        """How to reach the laptop that takes the table over (None: this watch never moves)."""
        self.table = connection[2].table
        self.ended = asyncio.Event()
        self.reason = ""
        self.over = False
        self.stopped = False
        """The host's game stopped (it does not go on elsewhere)."""
        self.following = False
        self.follow_for = FOLLOW_FOR
        self._tasks: list[asyncio.Future[None]] = []
        self.replica = WatchReplica()
        self._attach(connection, address)

    def _attach(self, connection: Connection, address: Address) -> None:
        """Watch through this connection, from the start of its feed."""
        self.reader, self.writer, host = connection
        self.host = (host.key, address.host, address.port)
        line = self.replica.line
        self.replica = WatchReplica(self.table, host.key)
        if line is not None and host.key in line.keys:
            self.replica.line = line  # (the game's line, proven at the laptop watched before)
        self.silence = Silence()
        self.following = False
        where = f"{address.host}:{address.port}"
        self.emit(Watching(clean(host.name, 32), fingerprint_of(host.key), where))
        self._tasks = [
            asyncio.ensure_future(self._read()),
            asyncio.ensure_future(self._beat()),
        ]

    async def _read(self) -> None:
        try:
            while True:
                frame = await read_watch_frame(self.reader)
                self.silence.heard = time.monotonic()
                if isinstance(frame, Bye):
                    self._lost(clean(frame.reason, 400) or "the host let this laptop go")
                    return
                if isinstance(frame, Shown):
                    self._shown(frame.d)
        except (EOFError, ConnectionError, OSError, asyncio.IncompleteReadError):
            self._lost("the host's laptop is gone")
        except Exception as error:  # (a feed that does not fit the game, whatever breaks)
            log.warning("the host's feed could not be read: %s", error)
            self._end(f"the host's feed could not be read ({clean(error, 200)})")

    def _shown(self, data: bytes) -> None:
        if self.record is not None:
            self.record(data)
        message = check(framing.unpack(data, BODY, objects=BODY_OBJECTS))
        for event in self.replica.read(message):
            if isinstance(event, GameOver):
                self.over = True
            elif isinstance(event, GameStopped):
                self.stopped = True
            self.emit(event)

    async def _beat(self) -> None:
        while not self.ended.is_set():
            await asyncio.sleep(_TICK)
            now = time.monotonic()
            if self.silence.dead(now):
                self._lost("the host's laptop stopped answering")
                return
            if self.silence.ping_due(now):
                self._send(PING)

    def _send(self, frame: bytes) -> None:
        with contextlib.suppress(Exception):
            self.writer.write(frame)
            self.silence.said = time.monotonic()

    # -- the host's laptop went -----------------------------------------------------------

    def _lost(self, reason: str) -> None:
        """The host's connection ended: follow the game to the laptop that takes it over, if
        it goes on elsewhere, else stop watching."""
        if self.ended.is_set() or self.following:
            return
        goes_on = self.replica.phase == PLAYING and not (self.over or self.stopped)
        if self.dial is None or not goes_on:
            self._end(reason)
            return
        self.following = True
        self._hang_up()
        self.emit(WatchFollowing(reason))
        # The host first: the connection may have dropped on this laptop's side only.
        laptops = [self.host, *self.replica.takers()]
        self._tasks = [asyncio.ensure_future(self._follow(reason, laptops))]

    async def _follow(self, reason: str, laptops: list[tuple[bytes, str, int]]) -> None:
        assert self.dial is not None
        began = answered = time.monotonic()
        while True:
            for turn, (key, host, port) in enumerate(laptops):
                where = Address(host, port)
                try:
                    connection = await asyncio.wait_for(self.dial(where, key), HANDSHAKE_TIMEOUT)
                except Refused as refused:
                    if turn == 0:
                        continue  # (the host that went: it left, or closed its table)
                    if refused.why == "closed":  # (its game ended there)
                        self._end(f"{reason}; {clean(refused.reason, 400)}")
                        return
                    if refused.why not in ("table", "slowdown"):  # (not the host, or not yet)
                        self._end(f"{reason}; where its game went on: {refused.reason}")
                        return
                    answered = time.monotonic()
                    continue
                except Exception as error:  # (no answer there, or not a lanpurr laptop)
                    log.info("no watch at %s:%s: %s", host, port, error)
                    continue
                if connection[2].table != self.table:
                    connection[1].close()
                    continue
                self._attach(connection, where)
                return
            now = time.monotonic()
            if now - began >= self.follow_for or now - answered >= NOBODY_FOR:
                waited = round(now - began)
                self._end(
                    f"{reason}, and no laptop of the table took its game over "
                    f"in the {waited} s this laptop waited"
                )
                return
            await asyncio.sleep(FOLLOW_EVERY)

    def _hang_up(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()
        for task in self._tasks:
            if task is not asyncio.current_task():
                task.cancel()

    def _end(self, reason: str) -> None:
        if self.ended.is_set():
            return
        self.reason = reason
        self.ended.set()
        self._hang_up()
        if not self.over:
            self.emit(WatchEnded(reason))

    async def close(self, reason: str = "stopped watching") -> None:
        """Stop watching: say goodbye and hang up."""
        if self.ended.is_set():
            return
        if not self.following:
            self._send(bye_frame(reason))
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.writer.drain(), 1.0)
        self.over = True  # (no WatchEnded: this laptop chose to stop)
        self._end(reason)


async def dial(
    profile: Profile, address: Address, code: str | None, expect_key: bytes | None
) -> Connection:
    """A watch connection to the table at `address` (its handshake done)."""
    reader, writer = await reach(address)
    try:
        host = await asyncio.wait_for(
            dial_as_watcher(reader, writer, profile.identity, profile.name, code, expect_key),
            HANDSHAKE_TIMEOUT,
        )
    except BaseException:
        writer.close()
        raise
    return reader, writer, host


SPLIT_PATIENCE = 600.0
"""How long a laptop cut from the table (a split network) calls the laptops the game may go on
at, to watch it there once the network heals."""


async def watch_elsewhere(
    profile: Profile,
    table: bytes,
    laptops: Sequence[tuple[bytes, str, int]],
    emit: Callable[[Event], None],
    code: str | None = None,
    patience: float = SPLIT_PATIENCE,
) -> WatchSession:
    """Watch the game this laptop was cut from where it goes on: call each of `laptops` (key,
    address, port) in turn, again every few seconds, until one of them hosts the table `table`
    and admits this laptop as a watcher. Raises TimeoutError after `patience` seconds, or
    `Refused` when the laptop that hosts the table refuses (a private table, its watchers
    full, its game over and the table closed)."""
    began = time.monotonic()
    while True:
        for key, host, port in laptops:
            where = Address(host, port)
            try:
                connection = await dial(profile, where, code, key)
            except Refused as refused:
                if refused.why in ("table", "slowdown", "member"):  # (not hosting it, or yet)
                    continue
                raise
            except Exception as error:  # (out of reach still, or no lanpurr there)
                log.info("no watch at %s:%s yet: %s", host, port, error)
                continue
            if connection[2].table != table:
                connection[1].close()
                continue
            return WatchSession(
                connection, where, emit, None, lambda at, expect: dial(profile, at, code, expect)
            )
        if time.monotonic() - began >= patience:
            raise TimeoutError(
                f"no laptop of the table was reached again in {round(patience / 60)} minutes"
            )
        await asyncio.sleep(FOLLOW_EVERY * 3)


async def watch(
    profile: Profile,
    address: Address,
    emit: Callable[[Event], None],
    code: str | None = None,
    expect_key: bytes | None = None,
    record: Callable[[bytes], None] | None = None,
) -> WatchSession:
    """Watch the table hosted at `address`. Raises `Refused` with the host's sentence (a
    private table without its code, a table that already has its watchers, ...)."""
    connection = await dial(profile, address, code, expect_key)
    return WatchSession(
        connection,
        address,
        emit,
        record,
        lambda where, key: dial(profile, where, code, key),
    )


__all__ = [
    "Event",
    "GameStopped",
    "HandshakeError",
    "Refused",
    "WatchSession",
    "watch",
    "watch_elsewhere",
]
