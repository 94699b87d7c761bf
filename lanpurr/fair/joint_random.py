"""Joint randomness by commit-then-reveal: unbiased as long as one peer is honest.

Every seat commits to a 32-byte seed; only when every commitment is in does anyone reveal.
The result hashes every seed in seat order. A seat whose reveal does not open its commitment
is caught at once (F-COMMIT). A seat that never reveals cannot be waited for forever: after the
table's timeout the caller asks `overdue()` and the round is abandoned with that seat named
(F-REVEAL). Restarting without it is the only safe remedy, since a peer that can abort after
seeing the others' seeds could otherwise retry until it likes the result.
"""

import hashlib
from collections.abc import Sequence

from lanpurr.fair.accusation import Fault
from lanpurr.fair.commitment import Binding, opens

SEED_BYTES = 32
_DOMAIN = b"lanpurr/fair/joint-random/v1"


class JointRandom:
    def __init__(self, table: bytes, round_no: int, label: str, senders: Sequence[bytes]) -> None:
        self.bindings = [Binding(table, round_no, s, label) for s in senders]
        self.commitments: dict[int, bytes] = {}
        self.seeds: dict[int, bytes] = {}

    @property
    def seats(self) -> int:
        return len(self.bindings)

    def add_commitment(self, seat: int, digest: object) -> None:
        if seat in self.commitments:
            raise Fault("F-TURN", "committed twice to the joint random seed")
        if not isinstance(digest, bytes) or len(digest) != 32:
            raise Fault("F-FORM", "a seed commitment is 32 bytes")
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
        h = hashlib.sha256(_DOMAIN)
        for seat in range(self.seats):
            h.update(self.seeds[seat])
        return h.digest()
