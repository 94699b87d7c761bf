"""Finding tables on the LAN with mDNS/DNS-SD (python-zeroconf, asyncio API).

A hosted table is the service `<host>-<table id>._lanpurr._tcp.local.`; its TXT record carries
what a lobby shows before joining. Records live 120 s (not zeroconf's default 75 min), so a
laptop that went to sleep drops off everyone's list within about two minutes.

    announce: register (no probing, see below) -> ANNOUNCED --update--> ANNOUNCED --withdraw--> gone
    browse:   Added -> resolve -> TableFound; Updated -> TableUpdated; Removed -> TableLost
"""

import asyncio
import contextlib
import ipaddress
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from net.limits import PROTOCOL_VERSION

SERVICE = "_lanpurr._tcp.local."
TTL = 120
log = logging.getLogger("lanpurr.net")


@dataclass(frozen=True)
class Listing:
    """A table as its TXT record describes it."""

    service: str
    addresses: tuple[str, ...]
    port: int
    version: int
    game: str
    options: str
    taken: int
    seats: int
    state: str
    host: str
    fingerprint: str
    private: bool
    table: str

    @property
    def address(self) -> str:
        """`host:port` to join, using the first advertised address."""
        first = self.addresses[0] if self.addresses else "?"
        return f"{first}:{self.port}"


@dataclass(frozen=True)
class TableFound:
    listing: Listing


@dataclass(frozen=True)
class TableUpdated:
    listing: Listing


@dataclass(frozen=True)
class TableLost:
    service: str


DiscoveryEvent = TableFound | TableUpdated | TableLost


def txt_record(
    game: str,
    options: str,
    taken: int,
    seats: int,
    state: str,
    host: str,
    fingerprint: str,
    private: bool,
    table: bytes,
) -> dict[str, str]:
    return {
        "v": str(PROTOCOL_VERSION),
        "game": game,
        "opt": options,
        "seats": f"{taken}/{seats}",
        "state": state,
        "host": host,
        "fp": fingerprint,
        "priv": "1" if private else "0",
        "id": table.hex(),
    }


def parse_listing(info: AsyncServiceInfo) -> Listing | None:
    """The listing of a resolved service, or None if its record is not a lanpurr table's."""
    props = {
        (k.decode("utf-8", "replace") if isinstance(k, bytes) else str(k)): (
            v.decode("utf-8", "replace") if isinstance(v, bytes) else ""
        )
        for k, v in (info.properties or {}).items()
    }
    try:
        taken, seats = (int(x) for x in props["seats"].split("/", 1))
        version = int(props["v"])
    except (KeyError, ValueError):
        return None
    if info.port is None:
        return None
    return Listing(
        service=info.name,
        addresses=tuple(info.parsed_scoped_addresses(IPVersion.V4Only)),
        port=info.port,
        version=version,
        game=props.get("game", "?")[:32],
        options=props.get("opt", "")[:16],
        taken=taken,
        seats=seats,
        state=props.get("state", "?")[:16],
        host=props.get("host", "?")[:32],
        fingerprint=props.get("fp", "")[:32],
        private=props.get("priv") == "1",
        table=props.get("id", "")[:32],
    )


def _zeroconf(interfaces: Sequence[str] | None) -> AsyncZeroconf:
    if interfaces:
        for address in interfaces:
            ipaddress.ip_address(address)  # refuse names: bind to addresses only
        return AsyncZeroconf(interfaces=list(interfaces), ip_version=IPVersion.V4Only)
    return AsyncZeroconf(ip_version=IPVersion.V4Only)


class Announcer:
    """Announces one table while it is open; `update` refreshes its TXT record."""

    def __init__(
        self, instance: str, port: int, addresses: Sequence[str], interfaces: Sequence[str] | None
    ) -> None:
        self._zc = _zeroconf(interfaces)
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
            properties=properties,
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
    """Keeps an up-to-date list of tables and reports every change to `on_event`."""

    def __init__(
        self, on_event: Callable[[DiscoveryEvent], None], interfaces: Sequence[str] | None
    ) -> None:
        self._on_event = on_event
        self._interfaces = interfaces
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self.tables: dict[str, Listing] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self._zc = _zeroconf(self._interfaces)
        self._browser = AsyncServiceBrowser(self._zc.zeroconf, SERVICE, handlers=[self._changed])

    def _changed(
        self,
        zeroconf: Zeroconf,
        service_type: str,
        name: str,
        state_change: ServiceStateChange,
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            if self.tables.pop(name, None) is not None:
                self._on_event(TableLost(name))
            return
        task = asyncio.ensure_future(self._resolve(name))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _resolve(self, name: str) -> None:
        if self._zc is None:
            return
        info = AsyncServiceInfo(SERVICE, name)
        if not await info.async_request(self._zc.zeroconf, 3000):
            return
        listing = parse_listing(info)
        if listing is None:
            log.info("ignoring %s: not a lanpurr table record", name)
            return
        known = self.tables.get(name)
        self.tables[name] = listing
        if known is None:
            self._on_event(TableFound(listing))
        elif known != listing:
            self._on_event(TableUpdated(listing))

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self._browser is not None:
            await self._browser.async_cancel()
        if self._zc is not None:
            await self._zc.async_close()
