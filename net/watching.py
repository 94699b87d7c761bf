"""Watching a table: this laptop's end of a watch connection (net/watch_link.py).

    session = await watch(profile, address, code, emit)   # emits Watching, then the feed
    ...
    await session.close()

The feed's messages become the same events a player's laptop gives its user (`GameStarted`
with no seat, `GameUpdate`, `RoundChecked`, `GameOver`, ...) plus `WatchedTable` and
`WatchersChanged`; `WatchEnded` says when and why it stops. A watcher sends nothing but pings.
"""

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

from lanpurr.fair.identity import fingerprint_of
from net import framing
from net.events import Event, GameOver, GameStopped
from net.handshake import HandshakeError, Refused
from net.home import Profile
from net.limits import BODY, BODY_OBJECTS, HANDSHAKE_TIMEOUT
from net.mesh import Address
from net.messages import Bye, Shown
from net.text import clean
from net.watch_events import WatchEnded, Watching
from net.watch_feed import WatchReplica, check
from net.watch_link import PING, Silence, bye_frame, dial_as_watcher, read_watch_frame

log = logging.getLogger("lanpurr.net")
_TICK = 0.5


class WatchSession:
    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        emit: Callable[[Event], None],
        record: Callable[[bytes], None] | None = None,
    ) -> None:
        self.reader = reader
        self.record = record
        """Told every feed message as it came (`lanpurr join --watch --record FILE`)."""
        self.writer = writer
        self.emit = emit
        self.replica = WatchReplica()
        self.silence = Silence()
        self.ended = asyncio.Event()
        self.reason = ""
        self.over = False
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
                    self._end(clean(frame.reason, 400) or "the host let this laptop go")
                    return
                if isinstance(frame, Shown):
                    self._shown(frame.d)
        except (EOFError, ConnectionError, OSError, asyncio.IncompleteReadError):
            self._end("the host's laptop is gone")
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
            self.emit(event)

    async def _beat(self) -> None:
        while not self.ended.is_set():
            await asyncio.sleep(_TICK)
            now = time.monotonic()
            if self.silence.dead(now):
                self._end("the host's laptop stopped answering")
            elif self.silence.ping_due(now):
                self._send(PING)

    def _send(self, frame: bytes) -> None:
        with contextlib.suppress(Exception):
            self.writer.write(frame)
            self.silence.said = time.monotonic()

    def _end(self, reason: str) -> None:
        if self.ended.is_set():
            return
        self.reason = reason
        self.ended.set()
        with contextlib.suppress(Exception):
            self.writer.close()
        for task in self._tasks:
            if task is not asyncio.current_task():
                task.cancel()
        if not self.over:
            self.emit(WatchEnded(reason))

    async def close(self, reason: str = "stopped watching") -> None:
        """Stop watching: say goodbye and hang up."""
        if self.ended.is_set():
            return
        self._send(bye_frame(reason))
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.writer.drain(), 1.0)
        self.over = True  # (no WatchEnded: this laptop chose to stop)
        self._end(reason)


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
    reader, writer = await asyncio.wait_for(
        asyncio.open_connection(address.host, address.port), HANDSHAKE_TIMEOUT
    )
    try:
        host = await asyncio.wait_for(
            dial_as_watcher(reader, writer, profile.identity, profile.name, code, expect_key),
            HANDSHAKE_TIMEOUT,
        )
    except BaseException:
        writer.close()
        raise
    emit(Watching(clean(host.name, 32), fingerprint_of(host.key), f"{address.host}:{address.port}"))
    return WatchSession(reader, writer, emit, record)


__all__ = ["Event", "GameStopped", "HandshakeError", "Refused", "WatchSession", "watch"]
