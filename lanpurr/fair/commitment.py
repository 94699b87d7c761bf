"""Hash commitments bound to a table, a round, a sender and a purpose.

commit = SHA-256(domain ‖ table ‖ round ‖ sender ‖ label ‖ value ‖ nonce), every part
length-framed. The 32-byte random nonce hides the value (a seed, a card order, a face-down
offer); the binding to table, round, sender and label stops a peer from copying another
peer's commitment or reusing one from an earlier round.
"""

import hashlib
from dataclasses import dataclass

from lanpurr.fair.group import Randomness, os_randomness

NONCE_BYTES = 32
DIGEST_BYTES = 32
_DOMAIN = b"lanpurr/fair/commitment/v1"


@dataclass(frozen=True)
class Binding:
    """Where a commitment belongs: nobody can move it to another table, round, seat or use."""

    table: bytes
    round: int
    sender: bytes
    label: str


def commitment_digest(binding: Binding, value: bytes, nonce: bytes) -> bytes:
    h = hashlib.sha256()
    parts = (
        _DOMAIN,
        binding.table,
        binding.round.to_bytes(8, "big"),
        binding.sender,
        binding.label.encode(),
        value,
        nonce,
    )
    for part in parts:
        h.update(len(part).to_bytes(4, "big"))
        h.update(part)
    return h.digest()


def commit(binding: Binding, value: bytes, rng: Randomness = os_randomness) -> tuple[bytes, bytes]:
    """(digest to publish now, nonce to keep secret until the reveal)."""
    nonce = rng(NONCE_BYTES)
    return commitment_digest(binding, value, nonce), nonce


def opens(binding: Binding, digest: bytes, value: bytes, nonce: bytes) -> bool:
    """True when (value, nonce) is the opening of `digest` under `binding`."""
    if not isinstance(nonce, bytes) or len(nonce) != NONCE_BYTES or not isinstance(value, bytes):
        return False
    return commitment_digest(binding, value, nonce) == digest
