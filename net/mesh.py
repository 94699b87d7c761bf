"""The full mesh of one table: a listening socket, one link per other peer, the signed log.

The mesh knows nothing about seats or games. It keeps:
- my log (every envelope I sealed, journaled before it is sent) and the table's `SignedLog`
  (every envelope accepted from anyone, journaled before it is acknowledged);
- one `Link` per other member, whoever dialed. Both sides dial a member they have no link to
  (with backoff); when two links to the same peer meet, both sides keep the one dialed by the
  smaller key, so the choice needs no extra message;
- the admission decision, asked of its owner for every peer that completes a handshake.
"""

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from lanpurr.fair.envelope import Envelope, EnvelopeError, Outbox, Rejected, SignedLog
from lanpurr.fair.identity import Identity
from net import handshake
from net.delivery import Arrival, DeliveryError, ReceiveCursor
from net.framing import FrameError
from net.handshake import Applicant, Greeting, HandshakeError, Refused
from net.journal import Journal, TableRecord
from net.limits import HANDSHAKE_TIMEOUT
from net.link import Link
from net.messages import Refuse

log = logging.getLogger("lanpurr.net")
FATAL_REFUSALS = frozenset({"version", "private", "removed", "full", "started", "table"})
"""Refusals that another try cannot change; anything else ("not yet") is retried."""


@dataclass(frozen=True)
class Address:
    host: str
    port: int


class Mesh:
    def __init__(
        self,
        identity: Identity,
        name: str,
        journal_dir: Path,
        bind: str = "0.0.0.0",
        port: int = 0,
    ) -> None:
        self.identity = identity
        self.key = identity.public_key
        self.name = name
        self.journal_dir = journal_dir
        self.bind = bind
        self.port = port
        self.table: bytes | None = None
        self.private = False
        self.code: str | None = None
        self.signed: SignedLog | None = None
        self.outbox: Outbox | None = None
        self.mine: list[bytes] = []
        self.journal: Journal | None = None
        self.replayed: list[Envelope] = []
        """Envelopes loaded from the journal at `bind_table`, for the owner to re-apply."""
        self.links: dict[bytes, Link] = {}
        self.wanted: dict[bytes, Address] = {}
        self._dialers: dict[bytes, asyncio.Task[None]] = {}
        self._server: asyncio.Server | None = None
        self._closing = False
        self._pending: set[asyncio.Task[None]] = set()
        # Set by the owner:
        self.admit: Callable[[Applicant], Refuse | None] = lambda a: Refuse("closed", "no table")
        self.on_envelope: Callable[[Envelope], None] = lambda e: None
        self.on_link_up: Callable[[Link], None] = lambda link: None
        self.on_link_down: Callable[[Link], None] = lambda link: None
        self.on_refused: Callable[[bytes, Refused], None] = lambda key, refused: None
        self.on_rejected: Callable[[Link, Rejected], None] = lambda link, rejected: None

    # -- the table and its log ------------------------------------------------------------

    def bind_table(self, table: bytes, record: TableRecord) -> None:
        """Attach to `table`, loading its journal if this peer was there before."""
        if self.table is not None:
            if self.table != table:
                raise RuntimeError("this mesh already belongs to another table")
            return
        self.table = table
        self.signed = SignedLog(table)
        self.journal = Journal.for_table(self.journal_dir, table)
        _, stored = self.journal.read()
        for data in stored:
            try:
                envelope = Envelope.decode(data)
                self.signed.accept(envelope)
            except (EnvelopeError, Rejected) as error:
                log.warning("ignoring a damaged journal entry: %s", error)
                continue
            if envelope.sender == self.key:
                self.mine.append(data)
            self.replayed.append(envelope)
        self.outbox = Outbox(
            self.identity, table, self.signed.next_seq(self.key), self.signed.head(self.key)
        )
        self.journal.start(record)

    def publish(self, body: bytes) -> Envelope:
        """Seal `body` as my next message, journal it, and send it to every linked peer."""
        if self.outbox is None or self.signed is None or self.journal is None:
            raise RuntimeError("publish before joining a table")
        envelope = self.outbox.seal(body)
        data = envelope.encode()
        self.signed.accept(envelope)
        self.journal.append(data)
        self.mine.append(data)
        for link in list(self.links.values()):
            link.wake()
        return envelope

    def held(self, key: bytes) -> int:
        return self.signed.next_seq(key) if self.signed is not None else 0

    def _receive(self, link: Link, data: bytes) -> None:
        assert self.signed is not None and self.journal is not None
        envelope = Envelope.decode(data)
        if envelope.sender != link.key:
            raise DeliveryError("a peer may only send its own messages")
        if ReceiveCursor(self.signed.next_seq(link.key)).offer(envelope.seq) is Arrival.DUPLICATE:
            # Still acknowledge: the sender must learn it can stop re-sending this one.
            link.received(self.signed.next_seq(link.key))
            return
        try:
            self.signed.accept(envelope)
        except Rejected as rejected:
            self.on_rejected(link, rejected)
            raise
        self.journal.append(data)
        link.received(self.signed.next_seq(link.key))
        self.on_envelope(envelope)

    # -- listening ------------------------------------------------------------------------

    async def listen(self) -> int:
        self._server = await asyncio.start_server(self._accept, self.bind, self.port)
        sockets = self._server.sockets
        self.port = int(sockets[0].getsockname()[1]) if sockets else self.port
        return self.port

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        where = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else "?"
        if self.table is None or self._closing:
            writer.close()
            return
        try:
            greeting = await asyncio.wait_for(
                handshake.accept(
                    reader,
                    writer,
                    self.identity,
                    self.name,
                    self.table,
                    self.private,
                    self.code,
                    self._admit,
                    self.held,
                ),
                HANDSHAKE_TIMEOUT,
            )
        except Refused as refused:
            log.info("refused a peer from %s: %s", where, refused.reason)
            writer.close()
            return
        except TimeoutError:
            log.warning("closing the connection from %s: handshake took too long", where)
            writer.close()
            return
        except asyncio.CancelledError:  # closing the table while a handshake was under way
            writer.close()
            return
        except (FrameError, HandshakeError, EOFError, ConnectionError, OSError) as error:
            log.warning("closing the connection from %s: handshake failed: %s", where, error)
            writer.close()
            return
        if isinstance(peer, tuple) and greeting.port:
            self.wanted[greeting.key] = Address(peer[0], greeting.port)
        self._register(reader, writer, greeting)

    def _admit(self, applicant: Applicant) -> Refuse | None:
        existing = self.links.get(applicant.key)
        if existing is not None and not existing.closed:
            smaller = min(self.key, applicant.key)
            if existing.greeting.dialer == smaller and applicant.key != smaller:
                return Refuse("duplicate", "we are already connected")
        return self.admit(applicant)

    def _register(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, greeting: Greeting
    ) -> Link:
        existing = self.links.get(greeting.key)
        if existing is not None and not existing.closed:
            smaller = min(self.key, greeting.key)
            if existing.greeting.dialer == smaller and greeting.dialer != smaller:
                writer.close()
                return existing
        link = Link(reader, writer, greeting, self.mine, self._receive, self._closed)
        self.links[greeting.key] = link
        if existing is not None:
            existing.close()  # quietly: it is no longer the current link
        link.start()
        self.on_link_up(link)
        return link

    def _closed(self, link: Link, reason: str) -> None:
        if self.links.get(link.key) is link:
            del self.links[link.key]
            log.info("lost %s at %s: %s", link.name, link.address, reason)
            self.on_link_down(link)
        task = asyncio.ensure_future(link.wait_closed())
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    # -- dialing --------------------------------------------------------------------------

    async def connect(
        self, address: Address, code: str | None = None, expect: bytes | None = None
    ) -> Link:
        """Dial `address` once and complete the handshake (binding the table if need be)."""
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(address.host, address.port), HANDSHAKE_TIMEOUT
        )
        try:
            greeting = await asyncio.wait_for(
                handshake.dial(
                    reader,
                    writer,
                    self.identity,
                    self.name,
                    self.port,
                    self.table,
                    code,
                    expect,
                    self._have_for,
                ),
                HANDSHAKE_TIMEOUT,
            )
        except BaseException:
            writer.close()
            raise
        self.private = greeting.private if self.table is None else self.private
        self.wanted.setdefault(greeting.key, address)
        return self._register(reader, writer, greeting)

    async def _have_for(self, table: bytes, key: bytes) -> int:
        if self.table is None:
            self.bind_table(table, TableRecord(table, key, "", 0, self.port))
        return self.held(key)

    def want(self, key: bytes, address: Address) -> None:
        """Keep a link to `key` (dialing `address` whenever there is none)."""
        if key == self.key:
            return
        self.wanted[key] = address
        task = self._dialers.get(key)
        if task is None or task.done():
            self._dialers[key] = asyncio.create_task(self._keep_dialing(key), name="dial")

    def unwant(self, key: bytes) -> None:
        self.wanted.pop(key, None)
        task = self._dialers.pop(key, None)
        if task is not None:
            task.cancel()

    async def _keep_dialing(self, key: bytes) -> None:
        delay = 0.2
        while not self._closing and key in self.wanted:
            link = self.links.get(key)
            if link is not None and not link.closed:
                await asyncio.sleep(0.5)
                delay = 0.2
                continue
            try:
                await self.connect(self.wanted[key], expect=key)
                delay = 0.2
                continue
            except Refused as refused:
                if refused.why in FATAL_REFUSALS:
                    self.on_refused(key, refused)
                    return
            except (HandshakeError, FrameError, EOFError, TimeoutError, OSError) as error:
                log.debug("dialing %s failed: %s", self.wanted.get(key), error)
            await asyncio.sleep(delay * random.uniform(0.8, 1.2))
            delay = min(delay * 2, 2.0)

    # -- closing --------------------------------------------------------------------------

    async def close(self, bye: str | None = None) -> None:
        self._closing = True
        for task in self._dialers.values():
            task.cancel()
        if self._server is not None:
            self._server.close()
        links = list(self.links.values())
        for link in links:
            link.close(bye)
        for link in links:
            await link.wait_closed()
        for task in list(self._pending):
            with contextlib.suppress(Exception):
                await task
        for task in self._dialers.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 1.0)
        if self.journal is not None:
            self.journal.close()
