"""The facade of the network layer: one object per player, async commands, plain events.

    lobby = Lobby(profile, on_event)       # on_event(Event) is called in the loop's thread
    await lobby.browse()                   # TableFound / TableUpdated / TableLost
    session = await lobby.host("momistigri", seats=4, private=True)
    session = await lobby.join("10.0.0.5:40123", code="ABC-DEF")
    session.sit(2); session.ready(); session.send({...}); await session.leave()
    await lobby.close()

The app runs it on its own asyncio loop in a background thread (`run_coroutine_threadsafe`)
and re-emits the events as Qt signals; the CLI and bots use it directly.
"""

import asyncio
import errno
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lanpurr.fair.envelope import Envelope
from lanpurr.fair.identity import fingerprint_of
from net import table_state as table
from net.discovery.mdns import RECHECK, Browser
from net.events import Event, GameStopped, Joined, JoinRefused
from net.game.setup import PlaySettings
from net.home import Profile
from net.limits import BODY, CONNECT_TRIES, JOIN_ATTEMPT, JOIN_PATIENCE, RECONNECT_GRACE
from net.listing import Listing
from net.phone.watch import PhoneWatch
from net.table import opening
from net.table.session import TableSession
from net.table.watch_desk import WatchDesk
from net.table_state import CLOSED, TableError, TableState
from net.watch.watching import WatchSession, watch, watch_elsewhere
from net.wire import framing
from net.wire.address import TABLE_PORT, host_and_port
from net.wire.framing import FrameError
from net.wire.handshake import HandshakeError, Refused
from net.wire.journal import Journal, TableRecord
from net.wire.mesh import Address, NothingAnswered

log = logging.getLogger("lanpurr.net")

RETRY_AFTER = 1.0
"""Seconds between two tries of a join that got no answer."""
_LOST = {errno.ETIMEDOUT, errno.ECONNRESET}
"""What a join sees when the table answered but the packets of its handshake got lost (a
connection reset, or one that timed out). Where nothing answers at all the system has already
tried several times: the join says so after CONNECT_TRIES connects (NothingAnswered, or no
answer to ARP: EHOSTUNREACH after the system's three ARP requests, which Wi-Fi that loses 10 %
of the frames each way loses all of about one cold connect in 150)."""
_NO_ARP = errno.EHOSTUNREACH


class AddressError(ValueError):
    """Not a `host:port` a player can join."""


def parse_address(text: str) -> Address:
    """`host:port` (IPv4 or a name; the usual port when none is given) as an Address, or
    AddressError saying what is wrong."""
    try:
        host, port = host_and_port(text)
    except ValueError as error:
        raise AddressError(str(error)) from None
    return Address(host, port)


def latest_hosted_table(profile: Profile) -> bytes:
    """The table this laptop hosted most recently, from its journals."""
    journals = sorted(
        profile.journals.glob("*.journal"), key=lambda p: p.stat().st_mtime, reverse=True
    )
    for path in journals:
        record, _ = Journal(path).read()
        if record is not None and record.host == profile.identity.public_key:
            return record.table
    raise TableError("you have not hosted a table on this laptop yet")


@dataclass(frozen=True)
class MySeat:
    """A table this laptop still sits at, as its journal last saw it: not closed, and this
    laptop a member that neither left nor was removed."""

    record: TableRecord
    state: TableState
    """The last table state its host published."""
    hosted: bool
    """This laptop hosts it."""


def my_seats(profile: Profile) -> list[MySeat]:
    """The tables this laptop may go back to, from its journals, the latest first."""
    me = profile.identity.public_key
    journals = sorted(
        profile.journals.glob("*.journal"), key=lambda p: p.stat().st_mtime, reverse=True
    )
    seats = []
    for path in journals:
        record, envelopes = Journal(path).read()
        if record is None:
            continue
        state, left = _where_i_stand(record, envelopes, me)
        if state is None or state.phase == CLOSED or left:
            continue
        if state.member(me) is None or me in state.left or me in state.removed:
            continue
        seats.append(MySeat(record, state, record.host == me))
    return seats


def _where_i_stand(
    record: TableRecord, envelopes: list[bytes], me: bytes
) -> tuple[TableState | None, bool]:
    """The last table state the host published in a journal (None when it holds none; the
    host as the table states themselves say, after a handover too), and whether I asked to
    leave since (a host's own leave mid-game changes no state)."""
    state: TableState | None = None
    left_at: int | None = None
    for data in envelopes:
        try:
            envelope = Envelope.decode(data)
            host = state.host if state is not None else record.host
            body = framing.unpack(envelope.body, BODY)
            if not isinstance(body, dict):
                continue
            if body.get("k") == "table":
                new = table.from_plain(body["s"])
                if envelope.sender == host or (
                    state is not None and table.handed_over(state, envelope.sender, new)
                ):
                    state = new
            elif envelope.sender == me and body.get("k") == "req" and body.get("do") == "leave":
                left_at = state.version if state is not None else -1
        except (FrameError, ValueError, TypeError, KeyError, TableError):
            continue  # (a damaged entry: the session skips it too)
    # Left, unless the table changed since (the host let me in again).
    left = left_at is not None and (state is None or state.version <= left_at)
    return state, left


@dataclass(frozen=True)
class AtTable:
    """This laptop at a table, as a front end on another thread shows it: values read on the
    network thread when the session opened, so that nothing there reads the session itself
    (the table's later states come in `TableStateChanged`)."""

    me: bytes
    port: int
    """Where the table listens on this laptop."""
    code: str | None
    """The table's code, when it is private."""
    host_fingerprint: str
    """The fingerprint the host proved, when this laptop joined ("" when it hosts)."""
    state: TableState | None
    bind: str
    """The address the table is bound to ("0.0.0.0": every address of this laptop)."""
    phones: int | None
    """The port of the page phones watch the table from on this laptop (None: none served)."""

    @property
    def is_host(self) -> bool:
        return self.state is not None and self.state.host == self.me

    @property
    def fingerprint(self) -> str:
        """The host's fingerprint (mine when I host), which a joining player compares."""
        return fingerprint_of(self.me) if self.is_host else self.host_fingerprint


class Lobby:
    def __init__(
        self,
        profile: Profile,
        on_event: Callable[[Event], None],
        interfaces: Sequence[str] | None = None,
        bind: str = "0.0.0.0",
        grace: float = RECONNECT_GRACE,
        recheck: float = RECHECK,
    ) -> None:
        """`interfaces`: the addresses mDNS binds to (None: all of this machine's);
        `recheck`: seconds between two checks that a listed table still answers."""
        self.recheck = recheck
        self.profile = profile
        self.on_event = on_event
        self.interfaces = interfaces
        self.bind = bind
        self.grace = grace
        self.browser: Browser | None = None
        self.session: TableSession | None = None
        self.play_settings = PlaySettings()
        """How this laptop plays its seats at the tables it hosts or joins."""
        self.desk: WatchDesk | None = None
        """The laptops watching the table this laptop hosts (net/table/watch_desk.py)."""
        self.watching: WatchSession | None = None
        """The table this laptop watches, if it watches one."""
        self.serve_phones = True
        """Serve the table's page to phones on the LAN (net/phone/) at each table it sits at."""
        self.phones: PhoneWatch | None = None
        """The page phones watch this laptop's table on, while it sits at one."""

    @property
    def tables(self) -> dict[str, Listing]:
        return dict(self.browser.tables) if self.browser else {}

    async def browse(self) -> None:
        if self.browser is None:
            self.browser = Browser(self.on_event, self.interfaces, self.recheck)
            await self.browser.start()

    async def stop_browsing(self) -> None:
        if self.browser is not None:
            browser, self.browser = self.browser, None
            await browser.close()

    async def host(
        self,
        game: str,
        seats: int,
        options: dict[str, str] | None = None,
        private: bool = False,
        port: int | None = None,
        announce: bool = True,
    ) -> TableSession:
        """Host a table on `port`; None: on the usual port (net.wire.address), else on any free one,
        so that a player may type the address without its port."""
        ports = [port] if port is not None else [TABLE_PORT, 0]
        for index, trying in enumerate(ports):
            try:
                self.session = await opening.host(
                    self.profile,
                    self.on_event,
                    game,
                    seats,
                    options,
                    private,
                    bind=self.bind,
                    port=trying,
                    announce_on=self.interfaces,
                    announce=announce,
                    grace=self.grace,
                )
                break
            except OSError as error:
                if error.errno != errno.EADDRINUSE or index == len(ports) - 1:
                    raise
        assert self.session is not None
        self.session.play_settings = self.play_settings
        self.desk = WatchDesk(self.session)
        await self._serve_phones(self.session)
        return self.session

    async def resume_host(
        self, table_id: bytes | None = None, announce: bool = True
    ) -> TableSession:
        """Host again the table this laptop hosted last (or `table_id`), after a crash."""
        if table_id is None:
            table_id = latest_hosted_table(self.profile)
        self.session = await opening.resume_host(
            self.profile,
            self.on_event,
            table_id,
            bind=self.bind,
            announce_on=self.interfaces,
            announce=announce,
            grace=self.grace,
        )
        self.session.play_settings = self.play_settings
        self.desk = WatchDesk(self.session)
        # (The game is taken up before the event loop runs again: what comes for it meanwhile
        # must find it taken up, not started afresh. Only then may anything be awaited.)
        self.session.resume_game()  # a game under way when this laptop stopped
        await self._serve_phones(self.session)
        return self.session

    async def watch(
        self,
        address: str | Address,
        code: str | None = None,
        expect_key: bytes | None = None,
        record: Callable[[bytes], None] | None = None,
    ) -> WatchSession:
        """Watch a table without a seat (net/watch/watching.py); on refusal emits JoinRefused and
        raises `Refused` with the host's sentence."""
        where = parse_address(address) if isinstance(address, str) else address
        try:
            self.watching = await watch(
                self.profile,
                where,
                self.on_event,
                code,
                expect_key,
                record,
            )
        except Refused as refused:
            self.on_event(JoinRefused(refused.reason))
            raise
        return self.watching

    async def watch_elsewhere(
        self, stopped: GameStopped, table_id: bytes, code: str | None = None
    ) -> WatchSession:
        """Cut from the table (`stopped.cut`): watch its game at the laptop of its line that
        goes on with it, once the network lets this laptop reach it (net/watch/watching.py)."""
        self.watching = await watch_elsewhere(
            self.profile, table_id, stopped.elsewhere, self.on_event, code
        )
        return self.watching

    async def watch_listing(self, listing: Listing, code: str | None = None) -> WatchSession:
        """Watch a table found on the LAN, trying each address it advertises in turn."""
        failures: list[str] = []
        for host in listing.addresses:
            try:
                return await self.watch(Address(host, listing.port), code, listing.key or None)
            except (OSError, TimeoutError, EOFError, HandshakeError) as error:
                failures.append(f"{host}: {str(error) or 'no answer'}")
        raise ConnectionError(
            f"could not reach {listing.host}'s table at any address ({'; '.join(failures)})"
        )

    async def join(
        self,
        address: str | Address,
        code: str | None = None,
        port: int = 0,
        expect_key: bytes | None = None,
        patience: float = JOIN_PATIENCE,
    ) -> TableSession:
        """Join a table; on refusal emits JoinRefused and raises `Refused`. With `expect_key`
        (the host's key, from a listing) the peer must prove it holds that key. A handshake that
        does not complete within JOIN_ATTEMPT seconds or is cut (lost packets on bad Wi-Fi) is
        tried again on a fresh connection for `patience` seconds;
        an address where nothing answers (NothingAnswered after CONNECT_TIMEOUT, CONNECT_TRIES
        times, or no answer to ARP as many times) or that refuses the connection (nobody at
        that port) or has no route is reported at once.

        On success emits `Joined` with the host's fingerprint, for a person to compare with
        the one on the host's screen."""
        where = parse_address(address) if isinstance(address, str) else address
        give_up = time.monotonic() + patience
        tries = 0
        while True:
            try:
                self.session = await opening.join(
                    self.profile,
                    self.on_event,
                    where,
                    code,
                    bind=self.bind,
                    port=port,
                    grace=self.grace,
                    expect_key=expect_key,
                    handshake_timeout=JOIN_ATTEMPT,
                )
                break
            except Refused as refused:
                self.on_event(JoinRefused(refused.reason))
                raise
            except (TimeoutError, EOFError, OSError) as error:
                if isinstance(error, NothingAnswered) or getattr(error, "errno", 0) == _NO_ARP:
                    tries += 1
                    if tries >= CONNECT_TRIES:
                        raise
                    log.info("nothing answered at %s:%s: trying again", where.host, where.port)
                    continue
                lost = isinstance(error, TimeoutError | EOFError) or error.errno in _LOST
                if not lost or time.monotonic() + RETRY_AFTER >= give_up:
                    raise
                log.info("no answer from %s:%s (%s): trying again", where.host, where.port, error)
                await asyncio.sleep(RETRY_AFTER)
        session = self.session
        session.play_settings = self.play_settings
        session.announce_on = self.interfaces  # (if the table comes to this laptop: handover)
        # Only the host feeds watchers; this laptop keeps the game's public feed all the same,
        # to feed them from the moment the table comes to it (net/table/handover.py).
        self.desk = WatchDesk(session, hosting=False)
        session.hosting.append(self.desk.open)
        self.on_event(
            Joined(
                session.host_name or "the host",
                session.host_fingerprint,
                f"{where.host}:{where.port}",
                checked=expect_key is not None,
            )
        )
        # (Taken up before the event loop runs again, then the phones' page: see resume_host.)
        session.resume_game()  # back at a table whose game went on while this laptop was off
        await self._serve_phones(session)
        return session

    async def join_listing(self, listing: Listing, code: str | None = None) -> TableSession:
        """Join a table found on the LAN, trying each address it advertises in turn (VPN and
        virtual adapters get advertised too, and only some of them lead to the host). The
        peer must prove it holds the listing's key. A table that cannot be reached is dropped
        from the list at once."""
        failures: list[str] = []
        for host in listing.addresses:
            try:
                return await self.join(
                    Address(host, listing.port),
                    code=code,
                    expect_key=listing.key or None,
                    patience=JOIN_PATIENCE / len(listing.addresses),
                )
            except (OSError, TimeoutError, EOFError, HandshakeError) as error:
                failures.append(f"{host}: {str(error) or 'no answer'}")
        if self.browser is not None:
            self.browser.forget(listing)
        tried = "; ".join(failures) or "none advertised"
        raise ConnectionError(
            f"could not reach {listing.host}'s table ({fingerprint_of(listing.key)}) at any "
            f"address ({tried})"
            if listing.key
            else f"could not reach {listing.host}'s table at any address ({tried})"
        )

    def at_table(self, session: TableSession) -> AtTable:
        """What a front end shows of `session` (call it on the network thread)."""
        phones = self.phones if self.phones is not None and not self.phones.closed else None
        return AtTable(
            session.me,
            session.port,
            session.code,
            session.host_fingerprint,
            session.state,
            self.bind,
            phones.port if phones is not None else None,
        )

    async def _serve_phones(self, session: TableSession) -> None:
        """Phones may watch the table from this laptop (net/phone/): a page served on the
        address the table is bound to; it stops with the table."""
        if self.phones is not None:
            await self.phones.close()
            self.phones = None
        if not self.serve_phones:
            return
        try:
            self.phones = await PhoneWatch.open(session, self.desk, self.bind)
        except OSError as error:
            log.warning("phones cannot watch this table from this laptop: %s", error)

    async def followers_back(self) -> None:
        """At the game's end, before this laptop leaves: if the table came to it from a host
        that left, give the watchers of that host time to come and see the end here
        (`WatchDesk.followers_back`)."""
        if self.desk is not None:
            await self.desk.followers_back()

    async def close(self) -> None:
        if self.phones is not None:
            await self.phones.close()
            self.phones = None
        await self.stop_browsing()
        if self.watching is not None:
            await self.watching.close()
            self.watching = None
        if self.desk is not None:
            self.desk.close("the host left the table")
            self.desk = None
        if self.session is not None:
            await self.session.leave()
