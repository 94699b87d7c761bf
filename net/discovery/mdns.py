"""Finding tables on the LAN with mDNS/DNS-SD (python-zeroconf, asyncio API).

A hosted table is the service `<host>-<table id>._lanpurr._tcp.local.`; its TXT record carries
what a lobby shows before joining, signed with the host's identity key (so a forged listing,
or a real one copied to another address, is not listed). Records live 120 s, but
python-zeroconf raises a received pointer record's TTL to 1125 s, so the browser checks by
itself that each listed table still answers (a TCP connection to it, every RECHECK seconds)
and drops one that does not.

    announce: register (no probing, see below) -> ANNOUNCED --update--> ANNOUNCED --withdraw--> gone
    browse:   Added -> resolve -> verify signature -> answers? -> TableFound
              Updated -> TableUpdated; Removed | no answer at a re-check | forget -> TableLost

A Removed listing (goodbye packets, or expired) is gone for good, and a table is listed once:
where it was announced last (a game that moved to another laptop is announced there anew).
When a host announces and withdraws its table: net/discovery/announcement.py.
"""

import asyncio
import contextlib
import ipaddress
import logging
import random
from collections.abc import Callable, Mapping, Sequence

from zeroconf import IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from lanpurr.fair.identity import Identity, fingerprint_of, verify_signature
from net.limits import PROTOCOL_VERSION
from net.listing import Listing, TableFound, TableLost, TableUpdated
from net.text import clean
from net.wire import framing

SERVICE = "_lanpurr._tcp.local."
TTL = 120
RECHECK = 30.0
"""Seconds between two checks that a listed table still answers."""
PROBE_TIMEOUT = 3.0
"""Seconds a table may take to accept a TCP connection before it counts as gone."""
_LISTING_DOMAIN = b"lanpurr/listing/v2\x00"
log = logging.getLogger("lanpurr.net")


DiscoveryEvent = TableFound | TableUpdated | TableLost


def txt_record(
    game: str,
    options: str,
    taken: int,
    seats: int,
    state: str,
    host: str,
    key: bytes,
    private: bool,
    table: bytes,
) -> dict[str, str]:
    """The TXT entries of a table, before the announcer adds `port`, `addr` and `sig`."""
    return {
        "v": str(PROTOCOL_VERSION),
        "game": game,
        "opt": options,
        "seats": f"{taken}/{seats}",
        "state": state,
        "host": host,
        "key": key.hex(),
        "fp": fingerprint_of(key),
        "priv": "1" if private else "0",
        "id": table.hex(),
    }


def listing_signed_bytes(entries: Mapping[str, str]) -> bytes:
    """What the `sig` entry signs: every other entry, sorted by key, as msgpack [[k, v], ...]."""
    pairs = sorted([k, v] for k, v in entries.items() if k != "sig")
    return _LISTING_DOMAIN + framing.pack(pairs)


def sign_txt(
    identity: Identity, entries: Mapping[str, str], port: int, addresses: Sequence[str]
) -> dict[str, str]:
    """`entries` plus the port and addresses they are announced with, signed by the host."""
    signed = {**entries, "port": str(port), "addr": ",".join(addresses)}
    signed["sig"] = identity.sign(listing_signed_bytes(signed)).hex()
    return signed


def _decoded(info: AsyncServiceInfo) -> dict[str, str]:
    return {
        (k.decode("utf-8", "replace") if isinstance(k, bytes) else str(k)): (
            v.decode("utf-8", "replace") if isinstance(v, bytes) else ""
        )
        for k, v in (info.properties or {}).items()
    }


class ListingRefused(ValueError):
    """A record that is not a genuine lanpurr table's. The message says why."""


def verify_listing(info: AsyncServiceInfo) -> Listing:
    """The listing of a resolved service, if its signature, key, port and addresses check
    out; ListingRefused otherwise."""
    props = _decoded(info)
    try:
        taken, seats = (int(x) for x in props["seats"].split("/", 1))
        version = int(props["v"])
    except (KeyError, ValueError):
        raise ListingRefused("not a lanpurr table record") from None
    if version != PROTOCOL_VERSION:
        # Another version cannot be checked, but the player should see that it exists.
        return _listing(info, props, taken, seats, version, b"", tuple(_resolved(info)))
    try:
        key = bytes.fromhex(props["key"])
        signature = bytes.fromhex(props["sig"])
        port = int(props["port"])
    except (KeyError, ValueError):
        raise ListingRefused("the listing is not signed") from None
    if not verify_signature(key, listing_signed_bytes(props), signature):
        raise ListingRefused("the listing's signature does not match its key")
    if props.get("fp") != fingerprint_of(key):
        raise ListingRefused("the listing's fingerprint is not its key's")
    if info.port != port:
        raise ListingRefused(f"announced on port {info.port}, signed for port {port}")
    signed = props.get("addr", "").split(",")
    addresses = tuple(a for a in _resolved(info) if a in signed)
    if not addresses:
        raise ListingRefused(
            f"announced at {', '.join(_resolved(info)) or 'no address'}, signed for "
            f"{', '.join(signed)} (a copy of another table's listing)"
        )
    return _listing(info, props, taken, seats, version, key, addresses)


def _resolved(info: AsyncServiceInfo) -> list[str]:
    return list(info.parsed_scoped_addresses(IPVersion.V4Only))


def _listing(
    info: AsyncServiceInfo,
    props: dict[str, str],
    taken: int,
    seats: int,
    version: int,
    key: bytes,
    addresses: tuple[str, ...],
) -> Listing:
    return Listing(
        service=clean(info.name, 120),
        addresses=addresses,
        port=info.port or 0,
        version=version,
        game=clean(props.get("game", "?"), 32),
        options=clean(props.get("opt", ""), 16),
        taken=taken,
        seats=seats,
        state=clean(props.get("state", "?"), 16),
        host=clean(props.get("host", "?"), 32),
        fingerprint=clean(props.get("fp", ""), 32),
        private=props.get("priv") == "1",
        table=clean(props.get("id", ""), 32),
        key=key,
    )


def parse_listing(info: AsyncServiceInfo) -> Listing | None:
    """The listing of a resolved service, or None if it is not a genuine lanpurr table's."""
    try:
        return verify_listing(info)
    except ListingRefused:
        return None


async def answers(listing: Listing, timeout: float = PROBE_TIMEOUT) -> bool:
    """True when the table accepts a TCP connection at one of its addresses (then hung up at
    once: the host logs nothing for a connection that closes before its handshake)."""
    for address in listing.addresses:
        try:
            _, writer = await asyncio.wait_for(
                asyncio.open_connection(address, listing.port), timeout
            )
        except (OSError, TimeoutError):
            continue
        writer.close()
        with contextlib.suppress(Exception):
            await writer.wait_closed()
        return True
    return False


def _zeroconf(interfaces: Sequence[str] | None) -> AsyncZeroconf:
    if interfaces:
        for address in interfaces:
            ipaddress.ip_address(address)  # refuse names: bind to addresses only
        return AsyncZeroconf(interfaces=list(interfaces), ip_version=IPVersion.V4Only)
    return AsyncZeroconf(ip_version=IPVersion.V4Only)


class Announcer:
    """Announces one table while it is open; `update` refreshes its TXT record."""

    def __init__(
        self,
        instance: str,
        port: int,
        addresses: Sequence[str],
        interfaces: Sequence[str] | None,
        identity: Identity,
    ) -> None:
        self._zc = _zeroconf(interfaces)
        self._identity = identity
        safe = "".join(ch for ch in instance if ch.isalnum() or ch in "-_ ")[:40] or "table"
        self.service = f"{safe}.{SERVICE}"
        self._port = port
        self._addresses = list(addresses)
        self._server = f"lanpurr-{safe.replace(' ', '-').lower()}.local."
        self._info: AsyncServiceInfo | None = None

    def _make(self, properties: dict[str, str]) -> AsyncServiceInfo:
        return AsyncServiceInfo(
            SERVICE,
            self.service,
            port=self._port,
            properties=sign_txt(self._identity, properties, self._port, self._addresses),
            server=self._server,
            parsed_addresses=self._addresses,
            host_ttl=TTL,
            other_ttl=TTL,
        )

    async def announce(self, properties: dict[str, str]) -> None:
        self._info = self._make(properties)
        # No probing: the instance name carries 48 random bits of the table id, so a clash is
        # impossible in practice, and probing would add ~1.1 s before anyone sees the table
        # (docs/decisions/0005). The announcements go out in the background.
        await self._zc.async_register_service(
            self._info, allow_name_change=True, cooperating_responders=True
        )
        self.service = self._info.name

    async def update(self, properties: dict[str, str]) -> None:
        if self._info is None:
            return
        info = self._make(properties)
        info.name = self._info.name  # keep the name chosen at registration
        self._info = info
        await self._zc.async_update_service(info)

    async def withdraw(self) -> None:
        with contextlib.suppress(Exception):
            if self._info is not None:
                # Wait for the goodbye packets, so lists drop the table now, not in 2 minutes.
                goodbyes = await self._zc.async_unregister_service(self._info)
                await asyncio.wait_for(goodbyes, 3.0)
        self._info = None
        await self._zc.async_close()


class Browser:
    """Keeps an up-to-date list of tables and reports every change to `on_event`.

    A table is listed once its signed record checks out and it answers a TCP connection;
    every `recheck` seconds each table is asked again, and one that does not answer is
    dropped (TableLost), to come back if it answers a later check."""

    def __init__(
        self,
        on_event: Callable[[DiscoveryEvent], None],
        interfaces: Sequence[str] | None,
        recheck: float = RECHECK,
    ) -> None:
        self._on_event = on_event
        self._interfaces = interfaces
        self.recheck = recheck
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self.tables: dict[str, Listing] = {}
        self._silent: dict[str, Listing] = {}
        """Genuine listings whose table did not answer: checked again, not shown."""
        self._refused: set[str] = set()
        self._removals: dict[str, int] = {}
        """How many times each service was withdrawn: a resolve under way meanwhile is void."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._checker: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._zc = _zeroconf(self._interfaces)
        self._browser = AsyncServiceBrowser(self._zc.zeroconf, SERVICE, handlers=[self._changed])
        self._checker = asyncio.ensure_future(self._check_regularly())

    def _changed(
        self,
        zeroconf: Zeroconf,
        service_type: str,
        name: str,
        state_change: ServiceStateChange,
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            self._withdrawn(name)
            return
        task = asyncio.ensure_future(self._resolve(name))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _withdrawn(self, name: str) -> None:
        """Its host withdrew the table (goodbye packets), or its records expired: it is gone
        for good. A re-check never brings it back (another table may answer at its port
        now), nor does a resolve that was under way; a new announcement does."""
        self._removals[name] = self._removals.get(name, 0) + 1
        self._silent.pop(name, None)
        listing = self.tables.pop(name, None)
        if listing is not None:
            self._on_event(TableLost(listing.service))

    def _drop(self, name: str) -> None:
        listing = self.tables.pop(name, None)
        if listing is not None:
            self._silent[name] = listing
            self._on_event(TableLost(listing.service))

    def forget(self, listing: Listing) -> None:
        """A join to `listing` could not reach it: drop it now (a later check may bring it
        back if it answers again)."""
        for name, known in list(self.tables.items()):
            if known.service == listing.service:
                self._drop(name)

    async def _resolve(self, name: str) -> None:
        if self._zc is None:
            return
        removals = self._removals.get(name, 0)
        info = AsyncServiceInfo(SERVICE, name)
        if not await info.async_request(self._zc.zeroconf, 3000):
            return
        try:
            listing = verify_listing(info)
        except ListingRefused as refused:
            if name not in self._refused:  # once per service, not at every update
                self._refused.add(name)
                log.warning("not listing %s: %s", name, refused)
            return
        self._refused.discard(name)
        up = listing.version != PROTOCOL_VERSION or await answers(listing)
        if self._removals.get(name, 0) != removals:
            return  # (withdrawn while it was being resolved)
        if not up:
            if len(self._silent) < 64:
                self._silent[name] = listing
            self._drop(name)
            return
        self._show(name, listing)

    def _show(self, name: str, listing: Listing) -> None:
        """List `listing`. A table is listed once, where it was announced last: when its game
        moves to another laptop, that laptop announces it anew, and the gone host may have
        said no goodbye."""
        self._silent.pop(name, None)
        for other, older in list(self.tables.items()):
            if other != name and listing.table and older.table == listing.table:
                del self.tables[other]
                self._on_event(TableLost(older.service))
        known = self.tables.get(name)
        self.tables[name] = listing
        if known is None:
            self._on_event(TableFound(listing))
        elif known != listing:
            self._on_event(TableUpdated(listing))

    async def _check_regularly(self) -> None:
        while True:
            await asyncio.sleep(self.recheck * random.uniform(0.9, 1.1))
            names = [*self.tables.items(), *self._silent.items()]
            alive = await asyncio.gather(*(answers(listing) for _, listing in names))
            for (name, listing), up in zip(names, alive, strict=True):
                elsewhere = any(
                    listing.table and known.table == listing.table and other != name
                    for other, known in self.tables.items()
                )
                if up and name in self._silent and elsewhere:
                    del self._silent[name]  # (the table moved on meanwhile: listed there)
                elif up and name in self._silent:
                    self._show(name, listing)
                elif not up and name in self.tables:
                    log.info("%s's table no longer answers: dropping it", listing.host)
                    self._drop(name)

    async def close(self) -> None:
        if self._checker is not None:
            self._checker.cancel()
        for task in list(self._tasks):
            task.cancel()
        if self._browser is not None:
            await self._browser.async_cancel()
        if self._zc is not None:
            await self._zc.async_close()
