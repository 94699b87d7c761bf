"""The full mesh of one table: a listening socket, one link per other peer, the signed log.

The mesh knows nothing about seats or games. It keeps:
- my log (every envelope I sealed, journaled before it is sent) and the table's `SignedLog`
  (every envelope accepted from anyone, journaled before it is acknowledged);
- one `Link` per other member, whoever dialed. Both sides dial a member they have no link to
  (with backoff); when two links to the same peer meet, both sides keep the one dialed by the
  smaller key, so the choice needs no extra message;
- the admission decision, asked of its owner for every peer that completes a handshake;
- the guards of a hostile LAN (net.wire.guard): handshakes under way per address and in all, online
  code guesses, each member's message rate and journal quota, one log line per offender;
- the echoes (net.wire.echo) that catch a member showing different messages to different peers,
  and the `Evidence` frames that turn a mismatch into proof;
- relaying (net.wire.relay): what it hands on, signed; a relay caught handing on bytes no honest
  laptop holds, with its signed word as proof; and who holds what this laptop lacks.
Relays and proofs are a layer of their own (net/wire/proofs.py).
"""

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from lanpurr.fair.envelope import Envelope, EnvelopeError, Outbox, Rejected, SignedLog
from lanpurr.fair.identity import Identity
from net.limits import (
    CODE_TRIES_PER_ADDRESS,
    CODE_TRIES_PER_TABLE,
    CONNECT_TIMEOUT,
    HANDSHAKE_TIMEOUT,
    PENDING_PER_ADDRESS,
    PENDING_TOTAL,
)
from net.wire import framing, handshake
from net.wire.budget import Budget, Budgets, counted_as
from net.wire.copies import Copies
from net.wire.datagrams import Assembler, DatagramPort, open_port
from net.wire.delivery import Arrival, DeliveryError, ReceiveCursor
from net.wire.echo import EchoBook
from net.wire.framing import FrameError
from net.wire.guard import Bucket, CodeTries, HandshakeGate, Offenders, code_gate
from net.wire.handshake import Applicant, Greeting, HandshakeError, Refused, WatchAsked
from net.wire.journal import Journal, TableRecord
from net.wire.link import Link, LinkClosing
from net.wire.messages import Refuse, Unwelcome
from net.wire.proofs import Proofs
from net.wire.relay import RelayBook, RelayProof, Words

log = logging.getLogger("lanpurr.net")
FATAL_REFUSALS = frozenset(
    {"version", "private", "removed", "full", "started", "table", "banned", "slowdown"}
)
"""Refusals that another try cannot change soon; anything else ("not yet") is retried."""
STRIKES = 3
"""Messages too large only for the table's phase (a peer that saw the start before us) that
a member may send before it is cut off."""
_MAX_WAIT = 2.0
"""Longest pause the rate limit puts between two messages of one member."""


@dataclass(frozen=True)
class Address:
    host: str
    port: int


class NothingAnswered(TimeoutError):
    """Nothing accepted a connection at an address within CONNECT_TIMEOUT: no laptop is
    there, or the network swallows what is sent to it."""

    def __init__(self, address: Address) -> None:
        super().__init__(
            f"nothing answered at {address.host}:{address.port} within {CONNECT_TIMEOUT:g} s"
        )
        self.address = address


async def reach(address: Address) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A TCP connection to `address`, or NothingAnswered once CONNECT_TIMEOUT has passed."""
    try:
        return await asyncio.wait_for(
            asyncio.open_connection(address.host, address.port), CONNECT_TIMEOUT
        )
    except TimeoutError:
        raise NothingAnswered(address) from None


class Mesh(Proofs, Copies):
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
        self._chains: dict[bytes, list[Envelope]] = {}
        """Each sender's accepted messages in order (the log's own copy costs a whole tuple)."""
        self.outbox: Outbox | None = None
        self.mine: list[bytes] = []
        self.journal: Journal | None = None
        self.replayed: list[Envelope] = []
        """Envelopes loaded from the journal at `bind_table`, for the owner to re-apply."""
        self.links: dict[bytes, Link] = {}
        self.wanted: dict[bytes, Address] = {}
        self.answered_at: dict[bytes, Address] = {}
        """Where each member's app last completed a handshake with this laptop (the address it
        dialed, or the one it came from with the port it listens on): only a refusal there
        says its app is gone (net/table/absence.py)."""
        self._dialers: dict[bytes, asyncio.Task[None]] = {}
        self._server: asyncio.Server | None = None
        self._port: DatagramPort | None = None
        self._datagrams_taken: dict[str, Bucket] = {}
        self._pieces = Assembler()
        self._closing = False
        self._pending: set[asyncio.Task[None]] = set()
        self.clock: Callable[[], float] = time.monotonic
        self.gate = HandshakeGate(PENDING_PER_ADDRESS, PENDING_TOTAL)
        self.code_tries = CodeTries(CODE_TRIES_PER_ADDRESS, CODE_TRIES_PER_TABLE)
        self.offenders = Offenders()
        self.budgets = Budgets()
        self.banned: dict[bytes, str] = {}
        self.recall: set[bytes] = set()
        """Members still called after they refused this laptop as `banned` (a game goes on
        with them through the others; a call refused at once then says their app is gone)."""
        """Members cut off for the table's life, with the reason."""
        self.echo = EchoBook(self.key)
        self._evidence_sent: set[tuple[bytes, bytes, int, bytes]] = set()
        self.proofs: dict[bytes, tuple[Envelope, Envelope]] = {}
        """Members caught signing two messages under one number: the two messages."""
        self.relays = RelayBook(self.key)
        self.relayed_from: dict[bytes, list[bytes]] = {}
        """Members whose messages reached me relayed, with the members that relayed them."""
        self.relay_proofs: dict[bytes, RelayProof] = {}
        """Relays caught handing on bytes that no honest laptop holds: the proof."""
        self.words = Words(self.key)
        """The relays' signed words, to hold against their echoes."""
        self._relay_task: asyncio.Task[None] | None = None
        # Set by the owner:
        self.admit: Callable[[Applicant], Refuse | None] = lambda a: Refuse("closed", "no table")
        self.screen: Callable[[Envelope], dict[str, Any]] = lambda e: {}
        """Decodes and checks a member's message before it is kept; raises Unwelcome."""
        self.on_envelope: Callable[[Envelope, dict[str, Any]], None] = lambda e, body: None
        self.on_link_up: Callable[[Link], None] = lambda link: None
        self.on_link_down: Callable[[Link], None] = lambda link: None
        self.on_refused: Callable[[bytes, Refused], None] = lambda key, refused: None
        self.on_called: Callable[[bytes, bool], None] = lambda key, refused: None
        """A call to a member with no link, at the address where its app answered before:
        refused at once (True), or unanswered (False; a call its app answers is neither)."""
        self.on_rejected: Callable[[Link, Rejected], None] = lambda link, rejected: None
        self.on_banned: Callable[[bytes, str, str], None] = lambda key, reason, said: None
        """(key, the reason told to the laptop cut off, the same said of it to others)"""
        self.on_cheater: Callable[[bytes, tuple[Envelope, Envelope]], None] = lambda k, p: None
        self.on_relayed: Callable[[bytes, bytes], None] = lambda sender, via: None
        """Told of every message a member handed on from another (sender, via)."""
        self.on_watch: Callable[[asyncio.StreamReader, asyncio.StreamWriter, dict[str, Any]], None]
        self.on_watch = lambda reader, writer, frame: writer.close()
        """A connection whose first frame asks to watch the table (net/table/watch_desk.py)."""
        self.on_disputed: Callable[[bytes], None] = lambda sender: None
        """Two members hold different messages of `sender` under one number (an echo showed
        it; the proof is on its way)."""
        """(a member whose messages reach me through another, that other)"""

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
                self._hold(envelope)
            except (EnvelopeError, Rejected) as error:
                log.warning("ignoring a damaged journal entry: %s", error)
                continue
            if envelope.sender == self.key:
                self.mine.append(data)
            else:
                self.budgets.keep(envelope.sender, len(data))
            self.replayed.append(envelope)
        self.outbox = Outbox(
            self.identity, table, self.signed.next_seq(self.key), self.signed.head(self.key)
        )
        self.journal.start(record)

    def publish(self, body: dict[str, Any]) -> Envelope:
        """Seal `body` (with my echo added) as my next message, journal it, and send it to
        every linked peer."""
        if self.outbox is None or self.signed is None or self.journal is None:
            raise RuntimeError("publish before joining a table")
        envelope = self.outbox.seal(framing.pack({**body, "h": self.echo.take()}))
        data = envelope.encode()
        self._hold(envelope)
        self.journal.append(data)
        self.mine.append(data)
        for link in list(self.links.values()):
            link.wake()
        self._send_copies(data)
        return envelope

    @property
    def closing(self) -> bool:
        return self._closing

    def held(self, key: bytes) -> int:
        return self.signed.next_seq(key) if self.signed is not None else 0

    @property
    def budget(self) -> Budget:
        return self.budgets.budget

    def set_budget(self, budget: Budget) -> None:
        """The table's stage changed: every member's rate follows, its quota counts afresh."""
        self.budgets.set(budget)

    @property
    def exempt(self) -> frozenset[bytes]:
        return self.budgets.exempt

    @exempt.setter
    def exempt(self, keys: frozenset[bytes]) -> None:
        self.budgets.exempt = keys

    def throttle(self, link: Link, size: int) -> float:
        """Seconds to wait before taking `link`'s next message of `size` bytes (its rate)."""
        now = self.clock()
        wait = self.budgets.wait(link.key, now, size)
        if wait > 0:
            self.offenders.report(
                now,
                link.key,
                "rate",
                f"slowing down {link.name} at {link.address}: more than "
                f"{self.budget.messages_per_second:g} messages or "
                f"{self.budget.bytes_per_second / 1024:g} KiB a second",
            )
        return min(wait, _MAX_WAIT)

    def _receive(self, link: Link, data: bytes) -> None:
        assert self.signed is not None
        envelope = Envelope.decode(data)
        if envelope.sender != link.key:
            raise DeliveryError("a peer may only send its own messages")
        if ReceiveCursor(self.signed.next_seq(link.key)).offer(envelope.seq) is Arrival.DUPLICATE:
            held = self._held_at(link.key, envelope.seq)
            if held is not None and held != envelope and envelope.signature_ok():
                self._caught(link.key, (held, envelope))  # another message under a used number
                raise LinkClosing("it signed two different messages under one number")
            # Still acknowledge: the sender must learn it can stop re-sending this one.
            link.received(self.signed.next_seq(link.key))
            return
        self._take(link, envelope, data)
        link.received(self.signed.next_seq(link.key))

    def _take(self, link: Link, envelope: Envelope, data: bytes, copy: bool = False) -> None:
        """Check, keep and hand on a member's next message (from it, or relayed by `link`'s
        peer; `copy`: its datagram copy, net/wire/copies.py); raises, after reporting, when it
        is refused."""
        assert self.signed is not None and self.journal is not None
        sender = envelope.sender
        if not envelope.signature_ok():
            self._accept_or_report(link, envelope)  # raises
        try:
            body = self.screen(envelope)
        except Unwelcome as unwelcome:
            if (sender != link.key or copy) and not unwelcome.lasting:
                raise Rejected("early", unwelcome.reason) from None  # its own link brings it
            if sender != link.key:
                self.ban(sender, f"your messages were refused: {unwelcome.reason}",
                         f"its message was refused: {unwelcome.reason}")  # fmt: skip
                return
            self._unwelcome(link, unwelcome)
        kind = counted_as(body)
        over = self.budgets.over_quota(sender, len(data), kind)
        if over is not None:
            if sender != link.key:
                self.ban(sender, f"your messages were refused: {over}",
                         f"its message was refused: {over}")  # fmt: skip
                return
            self._unwelcome(link, Unwelcome(over))
        self._accept_or_report(link, envelope)
        self.journal.append(data)
        self.budgets.keep(sender, len(data), kind)
        handed = self.relays.accepted(sender, envelope.seq, self.clock())
        for member in handed:
            link_to = self.links.get(member)
            if link_to is not None and not link_to.closed:
                self._hand_on(link_to, data)
        if link.key == sender:  # (from the sender itself, by its link or a datagram)
            self._mirror(sender, data, handed)
        mismatches = self.echo.held(envelope, needs_echo=body.get("k") != "seen")
        echo = body.get("h")
        if echo:
            self.relays.echoed(sender, echo)
            mismatches += self.echo.heard(sender, echo, self._held_at)
            for proof in self.words.echoed(sender, echo, envelope, self._held_at):
                self._relay_caught(proof)
        for mismatch in mismatches:
            # Before the body reaches the game: what it answers may be another version.
            self.on_disputed(mismatch.sender)
            self._answer_mismatch(mismatch)
        self.on_envelope(envelope, body)

    def _accept_or_report(self, link: Link, envelope: Envelope) -> None:
        """Accept `envelope` into the signed log, or report why not and raise (a relayed one
        only in the log: the owner would name the relay, which may have had it as it is)."""
        assert self.signed is not None
        try:
            self._hold(envelope)
        except Rejected as rejected:
            if envelope.sender == link.key:
                self.on_rejected(link, rejected)
            if rejected.reason == "equivocation":
                self._caught(envelope.sender, (rejected.evidence[0], rejected.evidence[1]))
            raise

    def _unwelcome(self, link: Link, unwelcome: Unwelcome) -> NoReturn:
        """Refuse one of `link`'s messages: close the link; cut the member off for good when
        the message can never be right (or after STRIKES that were early only). Raises."""
        account = self.budgets.account(link.key)
        account.strikes += 1
        lasting = unwelcome.lasting or account.strikes >= STRIKES
        what = "cutting it off" if lasting else "closing the connection"
        self.offenders.report(
            self.clock(),
            link.key,
            "unwelcome",
            f"refused a message from {link.name} at {link.address} ({unwelcome.reason}): {what}",
        )
        if lasting:
            self.ban(
                link.key,
                f"your messages were refused: {unwelcome.reason}",
                f"its message was refused: {unwelcome.reason}",
            )
        raise LinkClosing(f"refused its message: {unwelcome.reason}")

    def ban(self, key: bytes, reason: str, said: str = "") -> None:
        """Cut `key` off for the table's life: no link, no handshake, no message. `reason` is
        told to that laptop; `said`, the same of it, to the others."""
        if key in self.banned or key == self.key:
            return
        self.banned[key] = reason
        self.unwant(key)
        link = self.links.get(key)
        if link is not None:
            link.close()
        self.on_banned(key, reason, said or reason)

    # -- listening ------------------------------------------------------------------------

    async def listen(self) -> int:
        self._server = await asyncio.start_server(self._accept, self.bind, self.port)
        sockets = self._server.sockets
        self.port = int(sockets[0].getsockname()[1]) if sockets else self.port
        self._port = await open_port(self.bind, self.port, self._on_datagram)
        return self.port

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        host = str(peer[0]) if isinstance(peer, tuple) else "?"
        where = f"{host}:{peer[1]}" if isinstance(peer, tuple) else "?"
        if self.table is None or self._closing:
            writer.close()
            return
        task = asyncio.current_task()
        admitted, evicted = self.gate.enter(host, task)
        if not admitted:
            self.offenders.report(
                self.clock(),
                host,
                "pending",
                f"too many handshakes under way from {host} "
                f"(at most {self.gate.per_address} at once): closing the newest",
            )
            writer.close()
            return
        if isinstance(evicted, asyncio.Task):
            evicted.cancel()
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
                    self._code_gate,
                ),
                HANDSHAKE_TIMEOUT,
            )
        except Refused as refused:
            log.info("refused a peer from %s: %s", where, refused.reason)
            writer.close()
            return
        except asyncio.CancelledError:  # closing the table, or room made for another peer
            writer.close()
            return
        except WatchAsked as asked:
            self.on_watch(reader, writer, asked.frame)
            return
        except EOFError:
            # A lobby checking that the table still answers connects and hangs up at once.
            log.debug("a connection from %s closed before its handshake", where)
            writer.close()
            return
        except (TimeoutError, FrameError, HandshakeError, ConnectionError, OSError) as error:
            slow = isinstance(error, TimeoutError)
            why = "handshake took too long" if slow else f"handshake failed: {error}"
            kind = "slow" if slow else "handshake"
            self.offenders.report(
                self.clock(), host, kind, f"closing the connection from {where}: {why}"
            )
            writer.close()
            return
        finally:
            self.gate.leave(host, task)
        if greeting.key in self.banned:
            writer.close()
            return
        if isinstance(peer, tuple) and greeting.port:
            self.wanted[greeting.key] = Address(peer[0], greeting.port)
            self.answered_at[greeting.key] = Address(peer[0], greeting.port)
        self._register(reader, writer, greeting)

    def _code_gate(self, address: str) -> Refuse | None:
        """Before spending a PAKE on a code from `address`: within the limits of guesses?"""
        return code_gate(self.code_tries, self.offenders, self.clock(), address)

    def _admit(self, applicant: Applicant) -> Refuse | None:
        if applicant.key in self.banned:
            return Refuse("banned", self.banned[applicant.key])
        if applicant.code_ok:
            self.code_tries.succeeded(applicant.address)
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
        link.on_evidence = self._on_evidence
        link.on_relay = self._on_relay
        link.throttle = self.throttle
        if self._relay_task is None:
            self._relay_task = asyncio.ensure_future(self._relay_loop())
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
        self,
        address: Address,
        code: str | None = None,
        expect: bytes | None = None,
        timeout: float = HANDSHAKE_TIMEOUT,
    ) -> Link:
        """Dial `address` once and complete the handshake within `timeout` seconds (binding the
        table if need be)."""
        reader, writer = await reach(address)
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
                timeout,
            )
        except BaseException:
            writer.close()
            raise
        if greeting.key in self.banned:
            writer.close()
            raise HandshakeError("this peer was cut off from the table")
        self.private = greeting.private if self.table is None else self.private
        self.wanted.setdefault(greeting.key, address)
        self.answered_at[greeting.key] = address
        return self._register(reader, writer, greeting)

    async def _have_for(self, table: bytes, key: bytes) -> int:
        if self.table is None:
            self.bind_table(table, TableRecord(table, key, "", 0, self.port))
        return self.held(key)

    def want(self, key: bytes, address: Address) -> None:
        """Keep a link to `key` (dialing `address` whenever there is none)."""
        if key == self.key or key in self.banned:
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
            address = self.wanted[key]
            try:
                await self.connect(address, expect=key)
                delay = 0.2
                continue
            except Refused as refused:
                if refused.why in FATAL_REFUSALS:
                    self.on_refused(key, refused)
                    if refused.why != "banned" or key not in self.recall:
                        return
                    delay = 2.0  # (a refuser in a game: its calls tell when its app is gone)
            except (HandshakeError, FrameError, EOFError, TimeoutError, OSError) as error:
                log.debug("dialing %s failed: %s", address, error)
                if self.answered_at.get(key) == address and not self._closing:
                    self._report_call(key, error)
            await asyncio.sleep(delay * random.uniform(0.8, 1.2))
            delay = min(delay * 2, 2.0)

    def _report_call(self, key: bytes, error: Exception) -> None:
        """A failed call to where `key`'s app answered before: refused at once (nothing
        listens there), or unanswered (the laptop is silent or out of reach)."""
        if isinstance(error, ConnectionRefusedError):
            self.on_called(key, True)
        elif isinstance(error, OSError) and not isinstance(error, ConnectionError):
            self.on_called(key, False)  # (a timeout, EHOSTUNREACH, ENETUNREACH…)

    # -- closing --------------------------------------------------------------------------

    async def close(self, bye: str | None = None) -> None:
        self._closing = True
        if self._relay_task is not None:
            self._relay_task.cancel()
        for task in self._dialers.values():
            task.cancel()
        if self._server is not None:
            self._server.close()
        if self._port is not None:
            self._port.close()
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
