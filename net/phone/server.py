"""The phones' server: the page, its script and its art, and one read-only WebSocket a phone.

Built on `websockets` (asyncio; plain HTTP answers through its `process_request` hook,
docs/decisions/0038). Routes, all GET:

    /            the page (index.html)        /phone.js   its script     /phone.css   its style
    /feed        the WebSocket of the table's public feed (net/phone/feed.py), JSON text frames

Nothing else is answered (404), and nothing a phone sends does anything: the first message a
phone sends closes its socket (1008). Limits on a hostile LAN: at most MAX_PHONES sockets, at
most MAX_CONNECTIONS connections at once (more are closed as they come), requests of at most
8 KiB a line and 128 headers, a request within OPEN_TIMEOUT seconds, REQUESTS_PER_MINUTE from
one address, a phone that lets BEHIND bytes pile up unread is let go. It holds no key and is
bound where the table is bound; it stops with the table.
"""

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from importlib import resources
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.datastructures import Headers
from websockets.http11 import Request, Response
from websockets.protocol import State

from net.limits import MAX_PHONES
from net.wire.guard import Bucket

log = logging.getLogger("lanpurr.net")

MAX_CONNECTIONS = 64
"""TCP connections at once (page loads and sockets), whatever they are."""
REQUESTS_PER_MINUTE = 120.0
"""Requests one address may make a minute (bursts of 40): a phone loads four files, then its
socket, and opens the socket again when its Wi-Fi comes back."""
OPEN_TIMEOUT = 5.0
"""Seconds a connection has to send its whole request."""
INCOMING = 128
"""The largest message a phone may send (it has nothing to send: any message closes it)."""
BEHIND = 1024 * 1024
"""Bytes a phone may leave unread before it is let go."""
CLOSING = 2.0
"""Seconds a socket that was closed (by us, or on a malformed frame) may stay half-open
before its connection is cut: a peer that never answers the close holds nothing longer."""
PAGE_FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/phone.js": ("phone.js", "text/javascript; charset=utf-8"),
    "/phone.css": ("phone.css", "text/css; charset=utf-8"),
}
FEED = "/feed"
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'{reach}; "
    "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""Only this server's own files and socket, and the feeds of the other laptops of the table
(net/phone/laptops.py: `ws://host:port` each, addresses the table's signed state names), where
the page goes on watching when this laptop goes: no font, script or image from anywhere else."""
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": CSP.format(reach=""),
}
REACH_MARK = b'<meta name="lanpurr-reach" content="">'
"""Where the page is told which laptops its CSP lets it dial (it reloads to dial others)."""


def page_files() -> dict[str, tuple[bytes, str]]:
    """The page's files, from the installed package (path -> (bytes, content type))."""
    folder = resources.files("net.phone") / "page"
    return {path: ((folder / name).read_bytes(), kind) for path, (name, kind) in PAGE_FILES.items()}


def csp(reach: list[str]) -> str:
    """The page's Content-Security-Policy, letting it open the feed at each of `reach`."""
    return CSP.format(reach="".join(f" ws://{address}" for address in reach))


def _response(
    status: HTTPStatus,
    body: bytes,
    kind: str = "text/plain; charset=utf-8",
    reach: list[str] | None = None,
) -> Response:
    headers = Headers({**HEADERS, "Content-Security-Policy": csp(reach or [])})
    headers["Content-Type"] = kind
    headers["Content-Length"] = str(len(body))
    headers["Connection"] = "close"
    return Response(status.value, status.phrase, headers, body)


@dataclass
class Counters:
    """What the server refused, for the tests and the log."""

    refused: dict[str, int] = field(default_factory=dict)

    def add(self, why: str) -> None:
        self.refused[why] = self.refused.get(why, 0) + 1


class PhoneServer:
    """Serves the page and feeds the phones; `publish` hands it each new page message."""

    def __init__(
        self,
        catch_up: Callable[[], list[dict[str, Any]]],
        on_phones: Callable[[int], None] = lambda n: None,
        clock: Callable[[], float] = time.monotonic,
        reach: Callable[[], list[str]] = list,
    ) -> None:
        """`reach`: the `host:port` of the other laptops of the table whose page may hand a
        phone on to this one, and to which this one's page may hand it (net/phone/laptops.py)."""
        self.catch_up = catch_up
        self.reach = reach
        self.on_phones = on_phones
        self.clock = clock
        self.files = page_files()
        self.phones: set[ServerConnection] = set()
        self.open_connections = 0
        self._rates: dict[str, Bucket] = {}
        self.counters = Counters()
        self.server: Server | None = None
        self.port = 0
        self.closed = False
        self._closing: dict[ServerConnection, float] = {}
        self._reaper: asyncio.Task[None] | None = None

    async def start(self, bind: str, port: int = 0) -> int:
        """Listen on `bind`:`port` (0: any free port); the port listened on."""
        server = self

        class Connection(ServerConnection):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                if server.open_connections >= MAX_CONNECTIONS or server.closed:
                    server.counters.add("connections")
                    transport.close()  # (a TCP transport: nothing was written, so at once)
                    return
                server.open_connections += 1
                self._counted = True
                super().connection_made(transport)

            def connection_lost(self, exc: Exception | None) -> None:
                if not getattr(self, "_counted", False):
                    return  # (refused as it came: nothing of it was started)
                self._counted = False
                server.open_connections -= 1
                super().connection_lost(exc)

        self.server = await serve(
            self._serve,
            bind,
            port,
            process_request=self._request,
            create_connection=Connection,
            server_header=None,
            compression=None,
            open_timeout=OPEN_TIMEOUT,
            max_size=INCOMING,
            max_queue=4,
            ping_interval=15,
            ping_timeout=15,
            close_timeout=2,
            logger=logging.getLogger("lanpurr.net.phone"),
        )
        sockets = list(self.server.sockets)
        self.port = sockets[0].getsockname()[1] if sockets else port
        self._reaper = asyncio.ensure_future(self._reap())
        return self.port

    async def _reap(self) -> None:
        """Cut the connections of phones whose socket has been closing for too long."""
        while not self.closed:
            await asyncio.sleep(CLOSING / 2)
            now = self.clock()
            for connection in list(self.phones):
                if connection.state is not State.CLOSING:
                    continue
                since = self._closing.setdefault(connection, now)
                if now - since >= CLOSING and connection.transport is not None:
                    connection.transport.abort()
            self._closing = {c: t for c, t in self._closing.items() if c in self.phones}

    # -- HTTP -----------------------------------------------------------------------------

    def _request(self, connection: ServerConnection, request: Request) -> Response | None:
        address = _address_of(connection)
        rate = self._rates.setdefault(address, Bucket(REQUESTS_PER_MINUTE / 60.0, 40.0))
        if len(self._rates) > 256:
            self._rates = {address: rate}  # (forget old addresses rather than grow)
        if not rate.take(self.clock()):
            self.counters.add("rate")
            return _response(HTTPStatus.TOO_MANY_REQUESTS, b"Too many requests: wait a minute.\n")
        path = request.path.split("?", 1)[0]
        if path == FEED:
            if "websocket" not in request.headers.get("Upgrade", "").lower():
                self.counters.add("not a socket")
                return _response(HTTPStatus.BAD_REQUEST, b"This address is for the page's feed.\n")
            origin = request.headers.get("Origin")
            if (
                origin is not None
                and origin != f"http://{request.headers.get('Host', '')}"
                and origin.removeprefix("http://") not in self.reach()
            ):
                # A page from elsewhere (another site the phone opened) gets nothing here; the
                # page of another laptop of the table may see that this one serves it.
                self.counters.add("origin")
                return _response(HTTPStatus.FORBIDDEN, b"Only this laptop's page may watch.\n")
            if len(self.phones) >= MAX_PHONES or self.closed:
                self.counters.add("phones")
                return _response(
                    HTTPStatus.SERVICE_UNAVAILABLE,
                    f"This table already has {MAX_PHONES} phones watching.\n".encode(),
                )
            return None  # the WebSocket handshake goes on
        found = self.files.get(path)
        if found is None:
            self.counters.add("not found")
            return _response(HTTPStatus.NOT_FOUND, b"Not found.\n")
        body, kind = found
        if path == "/":
            reach = self.reach()
            said = f'<meta name="lanpurr-reach" content="{" ".join(reach)}">'.encode()
            return _response(HTTPStatus.OK, body.replace(REACH_MARK, said), kind, reach)
        return _response(HTTPStatus.OK, body, kind)

    # -- the feed -------------------------------------------------------------------------

    async def _serve(self, connection: ServerConnection) -> None:
        if len(self.phones) >= MAX_PHONES or self.closed:
            await connection.close(1013, "too many phones")
            return
        self.phones.add(connection)
        log.info("a phone watches the table from %s", _address_of(connection))
        try:
            for message in self.catch_up():
                self._send(connection, message)
            self.on_phones(len(self.phones))
            # A phone only listens: anything it sends ends its watch.
            async for _ in connection:
                self.counters.add("sent")
                await connection.close(1008, "a phone only watches")
                break
        except Exception as error:  # (a closed or broken socket: the phone is gone)
            log.info("a phone's socket ended: %s", error)
        finally:
            self.phones.discard(connection)
            self.on_phones(len(self.phones))

    def publish(self, message: dict[str, Any]) -> None:
        """Hand every phone one page message (never waits for a slow one)."""
        if not self.phones:
            return
        text = json.dumps(message, separators=(",", ":"))
        for connection in list(self.phones):
            self._send(connection, text)

    def _send(self, connection: ServerConnection, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else json.dumps(message, separators=(",", ":"))
        transport = connection.transport
        if transport is None or transport.is_closing():
            return
        if transport.get_write_buffer_size() > BEHIND:
            self.counters.add("behind")
            transport.abort()  # too slow to follow the table
            return
        broadcast([connection], text)

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self._reaper is not None:
            self._reaper.cancel()
        if self.server is not None:
            self.server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.server.wait_closed(), 3)


def _address_of(connection: ServerConnection) -> str:
    remote = connection.remote_address
    return str(remote[0]) if remote else "?"
