"""Reliable ordered delivery, as two tiny state machines with no I/O.

Every peer's messages form one numbered log (seq 0, 1, 2, ...), kept whole for the table's
life. Toward each other peer a `SendWindow` remembers what that peer acknowledged and what was
sent on the current connection; a new connection starts from what the peer says it holds, so
everything unacknowledged is re-sent in order. From each other peer a `ReceiveCursor` decides
whether an incoming number is the next one, a duplicate to drop, or a gap (a protocol error).
"""

from dataclasses import dataclass
from enum import Enum


class DeliveryError(Exception):
    """The other side broke the ordering rules; the connection is closed."""


class Arrival(Enum):
    NEXT = "next"
    DUPLICATE = "duplicate"


@dataclass
class SendWindow:
    """My log toward one peer, on one connection. `acked`: the peer holds seq < acked."""

    acked: int
    sent: int

    @classmethod
    def starting_at(cls, have: int) -> "SendWindow":
        """A fresh connection: the peer holds `have` of my messages; send from there."""
        return cls(acked=have, sent=have)

    def to_send(self, log_length: int) -> range:
        if self.sent > log_length:
            raise DeliveryError(
                f"the peer claims {self.sent} of my messages but I have only sent {log_length}"
            )
        return range(self.sent, log_length)

    def mark_sent(self, upto: int) -> None:
        self.sent = max(self.sent, upto)

    def acknowledge(self, n: int, log_length: int) -> None:
        """The peer holds my messages below `n`. It may hold more than this connection sent
        (an older connection delivered them): then there is no need to send those again."""
        if n > log_length:
            raise DeliveryError(
                f"acknowledgement of {n} messages, I have only written {log_length}"
            )
        self.acked = max(self.acked, n)
        self.sent = max(self.sent, n)

    @property
    def unacknowledged(self) -> int:
        return self.sent - self.acked


@dataclass
class ReceiveCursor:
    """The messages of one sender that I hold: seq < expected."""

    expected: int

    def offer(self, seq: int) -> Arrival:
        if seq < self.expected:
            return Arrival.DUPLICATE
        if seq > self.expected:
            raise DeliveryError(f"message {seq} arrived while {self.expected} was expected")
        return Arrival.NEXT

    def advance(self) -> None:
        self.expected += 1
