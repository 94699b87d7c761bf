"""Datagram copies: each message of mine also goes in UDP datagrams straight to every member I
am linked to.

On the party's Wi-Fi one frame in ten may be lost. TCP sends a lost frame again only after a
retransmission timeout (on a 400 ms round trip, about a second), and everything behind it on
that connection waits meanwhile. A datagram waits for nothing: when it arrives first, its
message is taken at once; when it is lost, the link brings the message as before. The link's
copy is then a duplicate, dropped.

A message that fits one Ethernet frame goes in one datagram, `MAGIC ‖ table (16 B) ‖ envelope`.
A larger one (a shuffle with its proof, a deal's shares) goes in pieces of `PIECE` bytes, each
in a datagram of its own, `PIECES ‖ table ‖ digest (8 B) ‖ length (4 B) ‖ index ‖ count ‖
bytes`. Every datagram goes twice (`COPIES`): a datagram lost on the way most often comes in
its other copy, so the receiver takes the message a frame's delay after it was sent, long before
TCP has sent a lost frame again. (One datagram of many IP fragments is lost when any fragment
is: a 10 KiB one, about one time in two.)

Anyone on the LAN can send a datagram, so the receiver takes a message only as the next one of
a member linked to it, from that member's address, with the member's own signature
(docs/protocol.md §4, "Datagram copies"); anything else is dropped without a word, since nobody
can tell who made it. Pieces are kept only from the address of a linked member, for a bounded
number of messages at once. This module is the format, the pieces and the socket; the mesh
decides what to do with what comes (`Copies`, net/wire/copies.py).
"""

import asyncio
import logging
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from hashlib import sha256
from typing import cast

log = logging.getLogger("lanpurr.net")

MAGIC = b"lpd1"
PIECES = b"lpd2"
WHOLE_MAX = 1400
"""Largest envelope sent whole, in one datagram: with its headers it fits an Ethernet frame."""
PIECE = 1200
"""Bytes of an envelope in each of its pieces."""
PIECES_MAX = 64 * 1024
"""Largest envelope sent in pieces (a seven-seat Purrfect deck's shuffle is about 15 KiB); a
larger one goes by its link alone."""
ASSEMBLING = 8
"""Messages put together at once from pieces, from one address (its oldest is dropped first):
forged pieces under one member's address cannot push out another member's."""
COPIES = 2
"""Times each datagram is sent: all of a message's datagrams to every member, then all again. A
datagram is lost on both copies with probability 1 % where one frame in ten is lost."""
TAKEN_PER_SECOND = 500.0
"""Datagrams of this table this laptop looks at a second from one linked member's address (the
rest are dropped), charged only once a datagram has this table's header and comes from such an
address: a flood of forged ones costs at most that many signature checks per linked member (a
piece costs one only with the others of its message, put together), and a flood from anywhere
else, or under another member's address, leaves a member's copies alone. A member sends a few
dozen a second in a game, a deal's shuffle some thirty at once."""


_DIGEST = 8
_HEAD = 16 + _DIGEST + 4 + 2


def wrap(table: bytes, envelope: bytes) -> list[bytes]:
    """The datagrams that carry `envelope` once: one, or its pieces; none when it is too large
    for them. Each is sent `COPIES` times."""
    if len(envelope) <= WHOLE_MAX:
        return [MAGIC + table + envelope]
    if len(envelope) > PIECES_MAX:
        return []
    head = PIECES + table + sha256(envelope).digest()[:_DIGEST] + len(envelope).to_bytes(4, "big")
    count = -(-len(envelope) // PIECE)
    return [
        head + bytes([index, count]) + envelope[index * PIECE : (index + 1) * PIECE]
        for index in range(count)
    ]


def unwrap(table: bytes, datagram: bytes) -> bytes | None:
    """The envelope a whole datagram of `table` carries; None for anything else."""
    head = MAGIC + table
    if not datagram.startswith(head) or len(datagram) > len(head) + WHOLE_MAX:
        return None
    return datagram[len(head) :]


@dataclass(frozen=True)
class Piece:
    """One piece of a message: `index` of `count`, of an envelope of `length` bytes whose
    SHA-256 begins with `digest`."""

    digest: bytes
    length: int
    index: int
    count: int
    data: bytes


def piece(table: bytes, datagram: bytes) -> Piece | None:
    """The piece a datagram of `table` carries, checked against its own header; None for
    anything else."""
    if not datagram.startswith(PIECES + table) or len(datagram) < len(PIECES) + _HEAD:
        return None
    at = len(PIECES) + 16
    digest = datagram[at : at + _DIGEST]
    length = int.from_bytes(datagram[at + _DIGEST : at + _DIGEST + 4], "big")
    index, count = datagram[at + _DIGEST + 4], datagram[at + _DIGEST + 5]
    data = datagram[len(PIECES) + _HEAD :]
    if not WHOLE_MAX < length <= PIECES_MAX or count != -(-length // PIECE) or index >= count:
        return None
    if len(data) != (PIECE if index < count - 1 else length - PIECE * (count - 1)):
        return None
    return Piece(digest, length, index, count, data)


class Assembler:
    """Messages put together from their pieces, per address (at most `ASSEMBLING` at once from
    each): a message is whole once every piece came and its bytes match the digest."""

    def __init__(self) -> None:
        self._parts: dict[str, OrderedDict[tuple[bytes, int], dict[int, bytes]]] = {}
        self._done: dict[str, deque[tuple[bytes, int]]] = {}
        """Per address, messages put together lately: their pieces' second copies are dropped."""

    def add(self, host: str, piece: Piece) -> bytes | None:
        """Keep `piece`, come from `host`; the whole envelope when it was the last one."""
        key = (piece.digest, piece.length)
        done = self._done.setdefault(host, deque(maxlen=ASSEMBLING))
        if key in done:
            return None
        assembling = self._parts.setdefault(host, OrderedDict())
        parts = assembling.get(key)
        if parts is None:
            if len(assembling) >= ASSEMBLING:
                assembling.popitem(last=False)
            parts = assembling[key] = {}
        parts.setdefault(piece.index, piece.data)
        if len(parts) < piece.count:
            return None
        del assembling[key]
        whole = b"".join(parts[index] for index in range(piece.count))
        if sha256(whole).digest()[:_DIGEST] != piece.digest:
            return None  # (a piece not of that message came first: its others may still come)
        done.append(key)
        return whole

    def forget(self, keep: set[str]) -> None:
        """Drop what addresses other than `keep` (those of live links) left half put together."""
        for table in (self._parts, self._done):
            for host in [h for h in table if h not in keep]:
                del table[host]


class DatagramPort(asyncio.DatagramProtocol):
    """The UDP socket beside the mesh's listening one (same address and port)."""

    def __init__(self, on_datagram: Callable[[bytes, str], None]) -> None:
        self.on_datagram = on_datagram
        self.transport: asyncio.DatagramTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.DatagramTransport, transport)

    def datagram_received(self, data: bytes, addr: tuple[str | object, ...]) -> None:
        self.on_datagram(data, str(addr[0]))

    def error_received(self, exc: Exception) -> None:
        # (An ICMP "port unreachable" for an earlier datagram: the link says what matters.)
        log.debug("a datagram copy could not be delivered: %s", exc)

    def send(self, datagram: bytes, host: str, port: int) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.sendto(datagram, (host, port))

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


async def open_port(
    bind: str, port: int, on_datagram: Callable[[bytes, str], None]
) -> DatagramPort | None:
    """A UDP socket on `bind`:`port`; None when it cannot be had (then every message goes by
    its link alone, as before)."""
    loop = asyncio.get_running_loop()
    try:
        _, protocol = await loop.create_datagram_endpoint(
            lambda: DatagramPort(on_datagram), local_addr=(bind, port)
        )
    except OSError as error:
        log.info("no datagram copies on %s:%s (%s): messages go by their links", bind, port, error)
        return None
    return protocol
