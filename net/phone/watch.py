"""Phones at a table: this laptop's phone server tied to its table session.

`PhoneWatch.open(session, desk, bind)` starts serving the page next to the table's own port
(the next port when it is free, else any), on the address the table is bound to; it feeds the
phones this laptop's public feed (net/phone/feed.py) and stops when the table closes or this
laptop leaves it. `PhonesWatching` tells the app and the terminal how many phones watch here.
It tells the page where else it may go on watching (net/phone/laptops.py), and says something
at least every BEAT seconds, so that a page that hears nothing for longer knows it lost it.
"""

import asyncio
import contextlib
import errno
import logging

from net.events import Event, GameResumed
from net.phone.feed import PhoneFeed
from net.phone.laptops import line_laptops, table_laptops
from net.phone.server import PhoneServer
from net.phones_told import TELL_EVERY
from net.table.session import TableSession
from net.table.watch_desk import WatchDesk
from net.table_state import CLOSED
from net.watch_events import PhonesWatching

log = logging.getLogger("lanpurr.net")
_TICK = 1.0
BEAT = 5.0
"""Seconds between two `beat` messages to the phones (the page gives up after 20 s of silence)."""


def phone_url(address: str, port: int) -> str:
    """The address a phone opens: plain http, on the address the table uses on the LAN."""
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}/"


class PhoneWatch:
    def __init__(self, session: TableSession, desk: WatchDesk | None) -> None:
        self.session = session
        self.desk = desk
        self.server = PhoneServer(self._catch_up, self._phones, reach=self.reach)
        self.feed = PhoneFeed(self.server.publish, desk.book if desk is not None else None)
        if session.state is not None:
            self.feed.see_table(session.state)
        self._watch: asyncio.Task[None] | None = None
        self.closed = False
        self._told = 0
        """The count the other players were last told (net/phones_told.py)."""
        self._tell: asyncio.TimerHandle | None = None
        self._told_at = -TELL_EVERY
        self._line: tuple[object, frozenset[bytes]] | None = None
        """The line read last, and who had left then (the laptops are read again on a change)."""
        self._at: list[str] = []
        self._reach: tuple[object, list[str]] | None = None

    @property
    def port(self) -> int:
        return self.server.port

    @classmethod
    async def open(
        cls, session: TableSession, desk: WatchDesk | None, bind: str, port: int | None = None
    ) -> "PhoneWatch":
        """Serve phones for `session`'s table on `bind` (`port` None: the table's port + 1 if
        free, else any free port)."""
        watch = cls(session, desk)
        tries = [port] if port is not None else [session.port + 1, 0]
        for index, trying in enumerate(tries):
            try:
                await watch.server.start(bind, trying if 0 < trying < 65536 else 0)
                break
            except OSError as error:
                if error.errno != errno.EADDRINUSE or index == len(tries) - 1:
                    raise
        session.listeners.append(watch._on_event)
        watch._watch = asyncio.ensure_future(watch._follow())
        log.info("phones may watch the table on port %s", watch.port)
        return watch

    def _catch_up(self) -> list[dict[str, object]]:
        self._laptops()
        return self.feed.catch_up()

    def laptops(self) -> list[str]:
        """Where the page goes on watching if this laptop goes: the other laptops of the
        game's line that agreed to its start, as it names them (net/phone/laptops.py)."""
        state = self.session.state
        line = self.desk.book.line if self.desk is not None else None
        gone = state.left if state is not None else frozenset()
        if self._line is None or self._line[0] is not line or self._line[1] != gone:
            me, host = self.session.me, self.session.host_address
            self._line = (line, gone)
            self._at = line_laptops(line, me, host, gone) if line is not None else []
        return self._at

    def reach(self) -> list[str]:
        """The laptops whose page may hand a phone to this one and back: the others the
        table's signed state names, and those of the game's line."""
        state, me, host = self.session.state, self.session.me, self.session.host_address
        line = self.desk.book.line if self.desk is not None else None
        if self._reach is None or self._reach[0] is not line:
            # (those of the line that left too: a phone comes from a laptop that went)
            self._reach = (line, line_laptops(line, me, host))
        near = table_laptops(state, me, host)
        return near + [a for a in self._reach[1] if a not in near]

    def _laptops(self) -> None:
        if not self.closed:
            self.feed.go_on_at(self.laptops())

    def _phones(self, count: int) -> None:
        self.feed.phones(count)
        if not self.closed:
            self.session.emit(PhonesWatching(count, self.port))
            self._tell_soon()

    def _tell_soon(self) -> None:
        if self._tell is not None:
            return
        loop = asyncio.get_running_loop()
        wait = max(0.0, self._told_at + TELL_EVERY - loop.time())
        self._tell = loop.call_later(wait, self._tell_players)

    def _tell_players(self) -> None:
        """The players see who watches from a phone: this laptop tells them how many."""
        self._tell = None
        count, state = len(self.server.phones), self.session.state
        if count == self._told or self.closed or self.session.closed:
            return
        if state is None or state.phase == CLOSED:
            return
        self._told, self._told_at = count, asyncio.get_running_loop().time()
        with contextlib.suppress(Exception):
            self.session.send({"phones": count})

    def _on_event(self, event: Event) -> None:
        if self.closed:
            return
        if isinstance(event, GameResumed) and self.desk is not None:
            self.feed.resumed(self.desk.book)
            return
        self.feed.heard(event, self.session.state)
        self._laptops()

    async def _follow(self) -> None:
        """The page stops with the table: closed by its host, or left by this laptop (the
        app's Leave closes only the session)."""
        beat = 0.0
        while not self.closed:
            await asyncio.sleep(_TICK)
            state = self.session.state
            if self.session.closed or (state is not None and state.phase == CLOSED):
                await self.close()
                return
            self._laptops()
            beat += _TICK
            if beat >= BEAT:
                beat = 0.0
                self.server.publish({"k": "beat"})

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self._tell is not None:
            self._tell.cancel()
        with contextlib.suppress(ValueError):
            self.session.listeners.remove(self._on_event)
        if self._watch is not None and self._watch is not asyncio.current_task():
            self._watch.cancel()
        await self.server.close()
