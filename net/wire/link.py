"""One authenticated TCP connection to another peer of the table, after the handshake.

A link runs two loops. The reader decodes frames within the session limits and hands each
envelope to its owner; a frame that breaks a rule, or seven seconds without a whole frame, ends
this link only. The writer sends, in order: the acknowledgement due, then my log from where
the other side stands, and a ping whenever it has been silent for HEARTBEAT_INTERVAL.

    CONNECTED --(bad frame | silence > DEAD_AFTER | EOF | Bye | close())--> CLOSED
"""

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Sequence

from net.limits import DEAD_AFTER, HEARTBEAT_INTERVAL, SESSION
from net.text import clean
from net.wire import framing, messages
from net.wire.delivery import DeliveryError, SendWindow
from net.wire.framing import FrameError
from net.wire.handshake import Greeting
from net.wire.messages import Ack, Bye, Env, Evidence, Ping, Relay

log = logging.getLogger("lanpurr.net")
_TICK = 0.5
"""Seconds between two heartbeat checks."""
_BATCH = 64
_ACK_BATCH = 32
_ACK_DELAY = 0.02
"""Seconds an acknowledgement may wait for more messages to acknowledge with it."""
"""Envelopes written between two drains, so one slow peer cannot make us buffer a whole log."""
_EVIDENCE_PER_LINK = 64
"""Evidence frames a peer may send on one link (each answers one mismatch)."""


class LinkClosing(Exception):
    """The owner refused what came on this link and already said so in the log."""


class Link:
    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        greeting: Greeting,
        my_log: Sequence[bytes],
        on_envelope: Callable[["Link", bytes], None],
        on_closed: Callable[["Link", str], None],
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.greeting = greeting
        self.key = greeting.key
        self.name = clean(greeting.name, 64)
        peer = writer.get_extra_info("peername")
        self.address: str = peer[0] if isinstance(peer, tuple) else "?"
        self.window = SendWindow.starting_at(greeting.their_have)
        self.held = greeting.my_have
        """How many of the other side's messages I hold (what I acknowledge)."""
        self._acked_held = greeting.my_have
        self._my_log = my_log
        self._on_envelope = on_envelope
        self._on_closed = on_closed
        self._wake = asyncio.Event()
        self._bye: str | None = None
        self.closed = False
        self.close_reason = ""
        self._tasks: list[asyncio.Task[None]] = []
        self.peer_said_bye: str | None = None
        """The reason of the peer's `bye` (unsigned: it only closed this link)."""
        self.timed_out = False
        """True when the link died of silence (rather than being closed)."""
        self._last_received = self._last_sent = time.monotonic()
        self._ping_due = False
        self._idle = False
        """The write loop waits for something to write (nothing of mine is unwritten)."""
        self._ack_timer: asyncio.TimerHandle | None = None
        self._evidence_out: list[bytes] = []
        self._relay_out: list[tuple[bytes, bytes]] = []
        self._evidence_in = 0
        self.on_evidence: Callable[[Link, bytes], None] = lambda link, data: None
        self.on_relay: Callable[[Link, bytes, bytes], None] = lambda link, data, sig: None
        """(link, another member's envelope, the relay's signature of its word, net.wire.relay)"""
        self.throttle: Callable[[Link, int], float] = lambda link, size: 0.0
        """Seconds to wait before taking the next message of this size (the member's rate)."""

    def __repr__(self) -> str:
        return f"Link({self.name!r} at {self.address})"

    def start(self) -> None:
        self._tasks = [
            asyncio.create_task(self._read_loop(), name=f"read {self.name}"),
            asyncio.create_task(self._write_loop(), name=f"write {self.name}"),
            asyncio.create_task(self._watch(), name=f"heartbeat {self.name}"),
        ]
        self._wake.set()

    def wake(self) -> None:
        """New messages in my log: written at once when the connection is idle (nothing
        buffered, the write loop waiting), so a move goes out without waiting for a turn of
        the loop; else by the write loop, which waits for the socket to drain."""
        if self._idle and not self.closed and self.writer.transport.get_write_buffer_size() == 0:
            try:
                self._write_due()
                return
            except (ConnectionError, OSError) as error:
                self._finish(f"connection lost ({error})")
                return
            except DeliveryError as error:
                self._finish(f"protocol error, closing: {error}")
                return
        self._wake.set()

    def send_evidence(self, envelope: bytes) -> None:
        """Send another member's message to this peer, as evidence (see net.wire.echo)."""
        self._evidence_out.append(envelope)
        self._wake.set()

    def send_relayed(self, envelope: bytes, signature: bytes) -> None:
        """Hand another member's message to this peer, with my signature of my word that I
        hand it on (net/wire/relay.py)."""
        self._relay_out.append((envelope, signature))
        self._wake.set()

    def received(self, held: int) -> None:
        """Acknowledge up to `held`: at once after ACK_BATCH messages, else within ACK_DELAY
        (one ack for a burst costs the sender one wake-up instead of one per message)."""
        self.held = held
        if held - self._acked_held >= _ACK_BATCH:
            self._wake.set()
        elif self._ack_timer is None:
            self._ack_timer = asyncio.get_running_loop().call_later(_ACK_DELAY, self._ack_now)

    def _ack_now(self) -> None:
        self._ack_timer = None
        self._wake.set()

    async def _read_loop(self) -> None:
        reason = "connection closed"
        try:
            while True:
                value = await framing.read_frame(self.reader, SESSION)
                self._last_received = time.monotonic()
                message = messages.parse(value, (Env, Evidence, Relay, Ack, Ping, Bye))
                if isinstance(message, Env | Relay):
                    wait = self.throttle(self, len(message.e))
                    if wait > 0:
                        await asyncio.sleep(wait)  # the peer's rate: TCP pushes back on it
                        self._last_received = time.monotonic()
                    if isinstance(message, Env):
                        self._on_envelope(self, message.e)
                    else:
                        self.on_relay(self, message.e, message.sig)
                elif isinstance(message, Evidence):
                    self._evidence_in += 1
                    if self._evidence_in > _EVIDENCE_PER_LINK:
                        raise FrameError("too many evidence frames")
                    self.on_evidence(self, message.e)
                elif isinstance(message, Ack):
                    self.window.acknowledge(message.n, len(self._my_log))
                elif isinstance(message, Bye):
                    self.peer_said_bye = clean(message.reason)
                    reason = f"said goodbye: {self.peer_said_bye}"
                    break
        except EOFError:
            reason = "connection closed by the other side"
        except LinkClosing as closing:
            reason = str(closing)
        except (FrameError, DeliveryError) as error:
            reason = f"protocol error, closing: {error}"
            log.warning("closing the connection with %s at %s: %s", self.name, self.address, error)
        except (ConnectionError, OSError) as error:
            reason = f"connection lost ({error})"
        except Exception as error:  # a bad peer must never crash us
            reason = f"refused a message: {error}"
            log.warning("closing the connection with %s at %s: %s", self.name, self.address, error)
        self._finish(reason)

    async def _watch(self) -> None:
        """The heartbeat: ping after silence, declare the link dead after DEAD_AFTER.

        One cheap timer per link instead of a timeout around every read (which costs a task
        per frame)."""
        while not self.closed:
            await asyncio.sleep(_TICK)
            now = time.monotonic()
            if now - self._last_received > DEAD_AFTER:
                self.timed_out = True
                self._finish(f"no word for {DEAD_AFTER:.0f} s, the connection is dead")
                return
            if now - self._last_sent >= HEARTBEAT_INTERVAL - _TICK / 2:
                self._ping_due = True
                self._wake.set()

    async def _write_loop(self) -> None:
        try:
            while not self.closed:
                self._idle = True
                await self._wake.wait()
                self._idle = False
                self._wake.clear()
                if self.closed:
                    break
                if self._write_due():
                    await self.writer.drain()
        except (ConnectionError, OSError) as error:
            self._finish(f"connection lost ({error})")
        except DeliveryError as error:
            self._finish(f"protocol error, closing: {error}")

    def _write_due(self) -> bool:
        """Write, in order, the acknowledgement due, evidence, my log from where the other
        side stands (at most _BATCH envelopes), or a ping after silence. True if written."""
        chunks: list[bytes] = []
        if self.held > self._acked_held:
            chunks.append(framing.frame(messages.to_wire(Ack(self.held)), SESSION))
            self._acked_held = self.held
        while self._evidence_out:
            evidence = Evidence(self._evidence_out.pop(0))
            chunks.append(framing.frame(messages.to_wire(evidence), SESSION))
        relayed, self._relay_out = self._relay_out, []
        for data, signature in relayed:
            chunks.append(framing.frame(messages.to_wire(Relay(data, signature)), SESSION))
        pending = self.window.to_send(len(self._my_log))
        batch = range(pending.start, min(pending.stop, pending.start + _BATCH))
        for seq in batch:
            chunks.append(framing.frame(messages.to_wire(Env(self._my_log[seq])), SESSION))
        if batch:
            self.window.mark_sent(batch.stop)
            if batch.stop < pending.stop:
                self._wake.set()
        if not chunks and self._ping_due:
            chunks.append(framing.frame(messages.to_wire(Ping()), SESSION))
        self._ping_due = False
        if not chunks:
            return False
        self.writer.write(b"".join(chunks))
        self._last_sent = time.monotonic()
        return True

    def _finish(self, reason: str) -> None:
        if self.closed:
            return
        self.closed = True
        self.close_reason = reason
        if self._ack_timer is not None:
            self._ack_timer.cancel()
        self._wake.set()
        for task in self._tasks:
            if task is not asyncio.current_task():
                task.cancel()
        with contextlib.suppress(Exception):
            if self._bye is not None and not self.writer.is_closing():
                self.writer.write(framing.frame(messages.to_wire(Bye(self._bye)), SESSION))
            self.writer.close()
        self._on_closed(self, reason)

    def close(self, bye: str | None = None) -> None:
        """Close this link; with `bye`, tell the other side why first."""
        self._bye = bye
        self._finish(f"closed here: {bye}" if bye else "closed here")

    async def wait_closed(self) -> None:
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.writer.wait_closed(), 1.0)
