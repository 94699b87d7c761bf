"""Datagram copies: each small message of mine also goes, once, in a UDP datagram straight to
every member I am linked to.

On the party's Wi-Fi one frame in ten may be lost. TCP sends a lost frame again only after a
retransmission timeout (on a 400 ms round trip, about a second), and everything behind it on
that connection waits meanwhile. A datagram waits for nothing: when it arrives first, its
message is taken at once; when it is lost, the link brings the message as before. The link's
copy is then a duplicate, dropped.

A datagram is `MAGIC ‖ table (16 B) ‖ envelope`. Anyone on the LAN can send one, so the
receiver takes it only as the next message of a member linked to it, from that member's
address, with the member's own signature (docs/protocol.md §4, "Datagram copies"); anything
else is dropped without a word, since nobody can tell who made it. This module is the format
and the socket; the mesh decides what to do with what comes (`Copies`, net/wire/copies.py).
"""

import asyncio
import logging
from collections.abc import Callable
from typing import cast

log = logging.getLogger("lanpurr.net")

MAGIC = b"lpd1"
DATAGRAM_MAX = 8192
"""Largest envelope sent as a datagram. Up to about 1 450 bytes one fits an Ethernet frame;
a larger one travels in IP fragments (at most six) and is lost when any of them is, which
still brings it first often enough: a hand's re-shuffle with its proof, a round's secrets."""
TAKEN_PER_SECOND = 2000.0
"""Datagrams this laptop looks at a second, from everyone (the rest are dropped): a flood of
forged ones costs at most that many signature checks."""


def wrap(table: bytes, envelope: bytes) -> bytes | None:
    """The datagram that carries `envelope`, or None when it is too large for one."""
    if len(envelope) > DATAGRAM_MAX:
        return None
    return MAGIC + table + envelope


def unwrap(table: bytes, datagram: bytes) -> bytes | None:
    """The envelope a datagram of `table` carries; None for anything else."""
    head = MAGIC + table
    if not datagram.startswith(head) or len(datagram) > len(head) + DATAGRAM_MAX:
        return None
    return datagram[len(head) :]


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
