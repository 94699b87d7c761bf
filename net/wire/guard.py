"""What keeps one hostile peer from starving a table: quotas, rate limits, quiet logging.

Pure bookkeeping with the clock passed in (no sockets, no sleeping), so each piece is tested
alone. The mesh asks before it spends: `HandshakeGate` before it runs a handshake,
`CodeTries` before it computes a PAKE, `Bucket.wait` before it reads a member's next message.
`Offenders` turns a flood of refusals into one log line per offender and per minute.
"""

import logging
from collections.abc import Hashable
from dataclasses import dataclass, field

from net.wire.messages import Refuse

log = logging.getLogger("lanpurr.net")


@dataclass
class Bucket:
    """A token bucket: `rate` tokens a second, at most `burst` saved up."""

    rate: float
    burst: float
    tokens: float | None = None
    """None until first used (then full); negative when in debt (see `wait`)."""
    stamp: float = 0.0

    def _refill(self, now: float) -> float:
        if self.tokens is None:
            self.tokens, self.stamp = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        return self.tokens

    def take(self, now: float, cost: float = 1.0) -> bool:
        """Spend `cost` tokens if there are enough; False (nothing spent) otherwise."""
        if self._refill(now) >= cost:
            self.tokens = (self.tokens or 0.0) - cost
            return True
        return False

    def wait(self, now: float, cost: float = 1.0) -> float:
        """Spend `cost` tokens, going into debt if need be; the seconds to wait before acting
        so that the average stays within `rate` (0 when there was enough)."""
        self.tokens = self._refill(now) - min(cost, self.burst)
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate

    def give_back(self, cost: float = 1.0) -> None:
        if self.tokens is not None:
            self.tokens = min(self.burst, self.tokens + cost)


@dataclass
class Offenders:
    """Logs the first refusal of each (offender, kind), then at most one line a `window`."""

    window: float = 60.0
    _first: dict[tuple[Hashable, str], tuple[float, int]] = field(default_factory=dict)

    def report(self, now: float, offender: Hashable, kind: str, message: str) -> bool:
        """Count one refusal; log `message` (plus how many were not logged) when due.
        Returns True when a line was written."""
        key = (offender, kind)
        known = self._first.get(key)
        if known is not None and now - known[0] < self.window:
            self._first[key] = (known[0], known[1] + 1)
            return False
        unsaid = known[1] if known is not None else 0
        more = f" ({unsaid} more since the last report)" if unsaid else ""
        log.warning("%s%s", message, more)
        self._first[key] = (now, 0)
        if len(self._first) > 4096:  # forget the oldest offenders rather than grow forever
            for stale in sorted(self._first, key=lambda k: self._first[k][0])[:2048]:
                del self._first[stale]
        return True


@dataclass
class HandshakeGate:
    """How many handshakes may be under way at once, from one address and in all.

    A connection over the per-address cap is closed at once. When all slots are taken, a
    connection from an address that has fewer handshakes under way than the busiest one takes
    the oldest slot of the busiest address: a flood from a few addresses cannot keep a new
    player out."""

    per_address: int = 4
    total: int = 64
    pending: dict[str, list[object]] = field(default_factory=dict)

    @property
    def count(self) -> int:
        return sum(len(v) for v in self.pending.values())

    def enter(self, address: str, ticket: object) -> tuple[bool, object | None]:
        """(admitted, ticket of a handshake to end now to make room, if any)."""
        mine = self.pending.setdefault(address, [])
        if len(mine) >= self.per_address:
            if not mine:
                del self.pending[address]
            return False, None
        evicted: object | None = None
        if self.count >= self.total:
            busiest = max(self.pending, key=lambda a: len(self.pending[a]))
            if len(self.pending[busiest]) <= len(mine) + 1:
                if not mine:
                    del self.pending[address]
                return False, None
            evicted = self.pending[busiest].pop(0)
        mine.append(ticket)
        return True, evicted

    def leave(self, address: str, ticket: object) -> None:
        mine = self.pending.get(address)
        if mine is not None and ticket in mine:
            mine.remove(ticket)
        if mine is not None and not mine:
            del self.pending[address]


@dataclass
class CodeTries:
    """Online guesses at a private table's code: few per address, a few more per table.

    A try is charged when the host starts a PAKE (that costs it ~10 ms of CPU) and given back
    when the code proves right, so honest players never run out."""

    per_address_per_minute: float = 5.0
    per_table_per_minute: float = 30.0
    _addresses: dict[str, Bucket] = field(default_factory=dict)
    _table: Bucket | None = None

    def _buckets(self, address: str) -> tuple[Bucket, Bucket]:
        if self._table is None:
            rate = self.per_table_per_minute
            self._table = Bucket(rate / 60.0, rate)
        bucket = self._addresses.get(address)
        if bucket is None:
            if len(self._addresses) > 4096:
                self._addresses.clear()
            rate = self.per_address_per_minute
            bucket = self._addresses[address] = Bucket(rate / 60.0, rate)
        return bucket, self._table

    def start(self, now: float, address: str) -> str | None:
        """Charge one try; None if allowed, else "address" or "table" (whose limit it hit)."""
        mine, table = self._buckets(address)
        if not mine.take(now):
            return "address"
        if not table.take(now):
            mine.give_back()
            return "table"
        return None

    def succeeded(self, address: str) -> None:
        mine, table = self._buckets(address)
        mine.give_back()
        table.give_back()


def code_gate(tries: CodeTries, offenders: Offenders, now: float, address: str) -> Refuse | None:
    """Before spending a PAKE on a code from `address`: within the limits of guesses? (None:
    try it; else the refusal to send, the offender reported)."""
    limited = tries.start(now, address)
    if limited is None:
        return None
    if limited == "address":
        offenders.report(
            now,
            address,
            "code",
            f"too many table codes tried from {address}: refusing its tries for a while",
        )
        return Refuse(
            "slowdown",
            "too many codes were tried from your address: check the code on the host's "
            "screen and try again in a minute",
        )
    offenders.report(
        now,
        "table",
        "code",
        "too many wrong table codes from all addresses together: refusing codes for a while "
        f"(the last try from {address})",
    )
    return Refuse(
        "slowdown",
        "too many wrong codes were tried at this table in the last minute: wait a minute "
        "and try again",
    )
