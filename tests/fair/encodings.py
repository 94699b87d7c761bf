"""Bytes a peer may send where a group element belongs and that must be refused.

ristretto255's counterparts of the ed25519 cases the catalogue used to name: its one element
of small order (the neutral element); the other encoding of an element (−s instead of s: one
element, two strings, so a seat could send bytes that differ from the ones it proved);
a string with the top bit set (where ed25519 kept a sign); a field element not below p (what
ed25519 called non-canonical); and a string that decodes to no element at all. There is no
torsion to add: every encoding that decodes names an element of the prime-order group.
"""

from lanpurr.fair import group as g

FIELD = 2**255 - 19
NEUTRAL = g.IDENTITY
"""All zeros: the neutral element, the group's only element of small order."""
NOT_REDUCED = (FIELD + 2).to_bytes(32, "little")
"""A field element not below p (the encoding of 2, non-canonical)."""
NOT_AN_ELEMENT = next(
    bytes([b]) + bytes(31)
    for b in range(2, 256, 2)
    if not g._rb.crypto_core_ristretto255_is_valid_point(bytes([b]) + bytes(31))
)
"""An even, reduced field element that is no element's encoding."""


def negated(point: bytes) -> bytes:
    """The same element's other encoding, −s (odd, so refused as negative)."""
    return (FIELD - int.from_bytes(point, "little")).to_bytes(32, "little")


def top_bit(point: bytes) -> bytes:
    return point[:31] + bytes([point[31] | 0x80])


def bad_encodings(point: bytes) -> list[bytes]:
    """Every refused kind, the last three made from a valid `point`."""
    return [NEUTRAL, NOT_REDUCED, NOT_AN_ELEMENT, negated(point), top_bit(point)]


NAMES = ["neutral element", "not reduced", "not an element", "negated encoding", "top bit set"]
