"""Joint randomness by commit-then-reveal: unbiased as long as one peer is honest.

Every seat commits to a 32-byte seed; only when every commitment is in does anyone reveal.
The result hashes every seed in seat order. A seat whose reveal does not open its commitment
is caught at once (F-COMMIT). A seat that never reveals cannot be waited for forever: after the
table's timeout the caller asks `overdue()` and the round is abandoned with that seat named
(F-REVEAL).

Walking away never re-rolls. A round restarted because seats were given to someone else (a
laptop gone, a cheater dropped) draws no fresh luck: every seat that stays reveals again the
seed it committed to in the void round (its `Carry`: that round's binding and digest), and
the seed of every replaced seat is `fallback_seed`, a public function of the kept ones. A seat
that walks after seeing the others' seeds can only choose between the value its own seed gives
and that one fallback, once, at the price of its seats (docs/fair-play.md).
"""

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lanpurr.fair.accusation import Fault
from lanpurr.fair.commitment import Binding, opens

SEED_BYTES = 32
_DOMAIN = b"lanpurr/fair/joint-random/v1"
_FALLBACK = b"lanpurr/fair/joint-random/fallback/v1"


@dataclass(frozen=True)
class Carried:
    """A seat's seed commitment from a void round, which it must open again in the restart."""

    seat: int
    table: bytes
    """The round id the commitment was bound to (the void round's, or the one it carried from)."""
    digest: bytes
    envelope: bytes = b""
    """The seat's signed `key` of the void try that holds the commitment: what shows it to a
    laptop that never saw that key."""


class Uncarried(Fault):
    """A kept seat's commitment in a restart is not the one this laptop saw it make in the void
    try (`known`): every other seat must be shown that key, to judge alike."""

    def __init__(self, detail: str, known: Carried) -> None:
        super().__init__("F-COMMIT", detail)
        self.known = known


@dataclass(frozen=True)
class Carry:
    """What a restarted round keeps of the luck of the round it replaces."""

    replaced: tuple[int, ...]
    """Seats given to someone else in this round (in any restart of it): their seed is always
    the fallback, whatever they sent."""
    known: tuple[Carried, ...] = ()
    """Commitments of the void round this laptop saw: a kept seat must carry exactly these."""
    origins: tuple[bytes, ...] = ()
    """The round ids a carried commitment may come from (every earlier try of this round)."""

    def known_for(self, seat: int) -> Carried | None:
        return next((c for c in self.known if c.seat == seat), None)


def fallback_seed(seat: int, kept: Mapping[int, bytes]) -> bytes:
    """The seed of a seat that was replaced: a public function of the kept seats' seeds."""
    h = hashlib.sha256(_FALLBACK)
    h.update(seat.to_bytes(2, "big"))
    for other in sorted(kept):
        h.update(other.to_bytes(2, "big"))
        h.update(kept[other])
    return h.digest()


def joint_seed(seeds: Mapping[int, bytes], seats: int, replaced: Sequence[int] = ()) -> bytes:
    """The round's joint value: every seed in seat order, a replaced seat's by the fallback."""
    kept = {s: seeds[s] for s in range(seats) if s not in replaced}
    h = hashlib.sha256(_DOMAIN)
    for seat in range(seats):
        h.update(kept[seat] if seat in kept else fallback_seed(seat, kept))
    return h.digest()


class JointRandom:
    def __init__(
        self,
        table: bytes,
        round_no: int,
        label: str,
        senders: Sequence[bytes],
        carry: Carry | None = None,
    ) -> None:
        self.bindings = [Binding(table, round_no, s, label) for s in senders]
        self.commitments: dict[int, bytes] = {}
        self.seeds: dict[int, bytes] = {}
        self.carry = carry

    def carried(self, seat: int) -> Carried | None:
        """The seat's commitment as the next restart must carry it (None: not committed)."""
        if seat not in self.commitments:
            return None
        return Carried(seat, self.bindings[seat].table, self.commitments[seat])

    def _carried_commitment(self, seat: int, digest: bytes, origin: object) -> None:
        """A seat that stays after a restart opens the seed it committed to before."""
        carry = self.carry
        known = carry.known_for(seat) if carry is not None else None
        if origin is None:
            if known is not None and seat not in carry.replaced:  # type: ignore[union-attr]
                raise Uncarried(
                    "committed to a fresh seed instead of its seed of the void round", known
                )
            return
        if carry is None or seat in carry.replaced:
            raise Fault("F-FORM", "carried a seed into a round that is not a restart")
        if known is not None and (known.table, known.digest) != (origin, digest):
            raise Uncarried("carried another seed commitment than it made in the void round", known)
        if origin not in carry.origins:
            raise Fault("F-COMMIT", "carried a seed commitment of another round")
        b = self.bindings[seat]
        self.bindings[seat] = Binding(origin, b.round, b.sender, b.label)

    def learn(self, shown: Carried) -> str:
        """A kept seat's commitment of the void try, shown by another seat: kept as this
        laptop's own sight of it. What it shows the seat did wrong ("" nothing): a commitment
        in this round that is not it, or another one of the void try."""
        carry = self.carry
        if carry is None or shown.seat in carry.replaced:
            return ""
        known = carry.known_for(shown.seat)
        if known is not None and (known.table, known.digest) != (shown.table, shown.digest):
            return "signed two seed commitments in the tries of this round"
        if known is None:
            self.carry = Carry(carry.replaced, (*carry.known, shown), carry.origins)
        if shown.seat not in self.commitments:
            return ""  # (its key, when it comes, is judged on it)
        taken = (self.bindings[shown.seat].table, self.commitments[shown.seat])
        if taken != (shown.table, shown.digest):
            return "committed to another seed than its seed of the void round"
        return ""

    @property
    def seats(self) -> int:
        return len(self.bindings)

    def add_commitment(self, seat: int, digest: object, origin: object = None) -> None:
        """`origin`: the round id of a seed commitment carried from a void round."""
        if seat in self.commitments:
            raise Fault("F-TURN", "committed twice to the joint random seed")
        if not isinstance(digest, bytes) or len(digest) != 32:
            raise Fault("F-FORM", "a seed commitment is 32 bytes")
        self._carried_commitment(seat, digest, origin)
        self.commitments[seat] = digest

    @property
    def all_committed(self) -> bool:
        return len(self.commitments) == self.seats

    def add_reveal(self, seat: int, seed: object, nonce: object) -> None:
        # Revealing early only hurts the revealer, but a reveal with no commitment of its own
        # is a seed chosen after seeing others: refuse it.
        if seat not in self.commitments:
            raise Fault("F-TURN", "revealed a seed without committing to one first")
        if seat in self.seeds:
            raise Fault("F-TURN", "revealed its seed twice")
        if not isinstance(seed, bytes) or len(seed) != SEED_BYTES:
            raise Fault("F-FORM", f"a seed is {SEED_BYTES} bytes")
        if not isinstance(nonce, bytes) or not opens(
            self.bindings[seat], self.commitments[seat], seed, nonce
        ):
            raise Fault("F-COMMIT", "the revealed seed does not open its commitment")
        self.seeds[seat] = seed

    @property
    def done(self) -> bool:
        return len(self.seeds) == self.seats

    def overdue(self) -> tuple[int, ...]:
        """Seats still owing a commitment or a reveal (call when the table's timeout expires)."""
        return tuple(s for s in range(self.seats) if s not in self.seeds)

    def result(self) -> bytes:
        if not self.done:
            raise RuntimeError(f"seats {self.overdue()} have not revealed yet")
        replaced = self.carry.replaced if self.carry is not None else ()
        return joint_seed(self.seeds, self.seats, replaced)
