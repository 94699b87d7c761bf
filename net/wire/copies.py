"""The second paths of a message on a lossy network: its datagram copy and its mirror.

A layer of `Mesh` (mesh.py), on the network thread. A message of mine also goes in UDP
datagrams (whole, or in pieces) to each member I am linked to (net/wire/datagrams.py), and one
I take from datagrams counts exactly as if its sender's link had brought it. A message I
received from its sender is handed on at once to each member whose mirror for that sender I am
(net/wire/relay.py, "Mirroring"). Either way the receiver takes the first copy to come and
drops the others as duplicates, so a frame lost on one path costs the time of another path,
not a TCP timeout.
"""

import logging
from collections.abc import Callable, Mapping
from typing import Protocol

from lanpurr.fair.envelope import Envelope, EnvelopeError, Rejected, SignedLog
from net.wire import datagrams
from net.wire.datagrams import DatagramPort
from net.wire.delivery import DeliveryError
from net.wire.guard import Bucket
from net.wire.link import Link, LinkClosing
from net.wire.relay import MIRROR_MAX, mirror

log = logging.getLogger("lanpurr.net")


class Listening(Protocol):
    """Where a member's app listens (the mesh's `Address`): its UDP socket has that port."""

    @property
    def port(self) -> int: ...


class Copies:
    """The datagram copies and the mirrors of `Mesh` (the mesh's own parts it uses are declared
    here)."""

    key: bytes
    table: bytes | None
    signed: SignedLog | None
    links: dict[bytes, Link]
    banned: dict[bytes, str]
    answered_at: Mapping[bytes, Listening]
    _chains: dict[bytes, list[Envelope]]
    _port: DatagramPort | None
    _datagrams_taken: dict[str, Bucket]
    """Per linked member's address: the datagrams of this table it may still have looked at."""
    _pieces: datagrams.Assembler
    clock: Callable[[], float]
    _take: Callable[..., None]
    _hand_on: Callable[[Link, bytes], None]

    def _send_copies(self, data: bytes) -> None:
        """My message `data`, also in datagrams to each member I am linked to."""
        if self._port is None or self.table is None:
            return
        sent = datagrams.wrap(self.table, data)
        to = [
            (link.address, listens.port)
            for key, link in self.links.items()
            if (listens := self.answered_at.get(key)) is not None and not link.closed
        ]
        for _ in range(datagrams.COPIES):
            for address, port in to:
                for datagram in sent:
                    self._port.send(datagram, address, port)

    def _on_datagram(self, datagram: bytes, host: str) -> None:
        """A datagram from `host`: taken only as the next message of a member linked to me from
        that address, signed by it; anything else is dropped and names nobody (anyone on the
        LAN can send a datagram under any address)."""
        if self.signed is None or self.table is None:
            return
        data = datagrams.unwrap(self.table, datagram)
        piece = datagrams.piece(self.table, datagram) if data is None else None
        if data is None and piece is None:
            return  # not this table's: nothing spent on it
        hosts = {link.address for link in self.links.values() if not link.closed}
        if host not in hosts:
            return
        bucket = self._datagrams_taken.get(host)
        if bucket is None:
            if len(self._datagrams_taken) > len(hosts):
                self._pieces.forget(hosts)  # (addresses of links gone since)
                self._datagrams_taken = {
                    h: b for h, b in self._datagrams_taken.items() if h in hosts
                }
            rate = datagrams.TAKEN_PER_SECOND
            bucket = self._datagrams_taken[host] = Bucket(rate, rate)
        if not bucket.take(self.clock()):
            return
        if piece is not None:
            data = self._pieces.add(host, piece)
        if data is None:
            return
        try:
            envelope = Envelope.decode(data)
        except EnvelopeError:
            return
        link = self.links.get(envelope.sender)
        if link is None or link.closed or link.address != host or envelope.sender in self.banned:
            return
        if envelope.table != self.table:
            return  # (signed by the member, for another table: anyone may replay that)
        if envelope.seq != self.signed.next_seq(envelope.sender) or not envelope.signature_ok():
            return  # a duplicate or one ahead (its link brings it in turn), or not the sender's
        try:
            self._take(link, envelope, data, copy=True)
        except (Rejected, LinkClosing, DeliveryError) as error:
            log.debug("a datagram copy from %s was not taken: %s", link.name, error)
            return
        link.received(self.signed.next_seq(link.key))

    def _mirror(self, sender: bytes, data: bytes, handed: list[bytes]) -> None:
        """Hand a message I just received from its sender on to each member whose mirror for
        that sender I am (net/wire/relay.py, "Mirroring"), but for those the relays already
        handed it to (`handed`)."""
        if len(data) > MIRROR_MAX:
            return
        live = [k for k, link in self.links.items() if not link.closed and k not in self.banned]
        members = sorted({*self._chains, *live, self.key} - self.banned.keys())
        for member in live:
            if member not in (sender, *handed) and mirror(sender, member, members) == self.key:
                self._hand_on(self.links[member], data)
