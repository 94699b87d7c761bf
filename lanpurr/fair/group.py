"""The ristretto255 group (prime order ℓ) through libsodium (the `rbcl` package), with
validation of peer input.

Points and scalars are plain 32-byte values. A point is a ristretto255 encoding: one canonical
encoding per element, and every element that decodes is in the prime-order group (there is no
small-order part or torsion to check, unlike ed25519, docs/decisions/0025). Anything that
comes from a peer goes through `point_from_peer` / `scalar_from_peer` first: a point must be a
canonical encoding that decodes and must not be the neutral element; a scalar must be
canonical (below the group order). A failure raises `GroupError` with the reason, never a
crash deeper down.
"""

import hashlib
import secrets
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

import rbcl as _rb

Point = bytes
Scalar = bytes
Randomness = Callable[[int], bytes]
"""Where random bytes come from: `secrets.token_bytes` in play, a seeded source in tests."""

ELEMENT_BYTES = 32
IDENTITY: Point = bytes(32)
"""The neutral element (a sum may pass through it; a scalar multiplication refuses it)."""
ORDER = 2**252 + 27742317777372353535851937790883648493
"""The order ℓ of the group."""


class GroupError(ValueError):
    """A value that is not a valid group element or scalar, or an operation that fails."""


def os_randomness(n: int) -> bytes:
    return secrets.token_bytes(n)


def random_scalar(rng: Randomness = os_randomness) -> Scalar:
    """A uniform non-zero scalar (64 random bytes reduced mod ℓ: bias below 2^-250)."""
    while True:
        s: bytes = _rb.crypto_core_ristretto255_scalar_reduce(rng(64))
        if s != bytes(32):
            return s


NONCE_FRESH_BYTES = 32
"""Random bytes a proof takes from its `Randomness` for its nonces (`hedged`)."""
_NONCE = b"lanpurr/fair/nonce/v1"


def hedged(
    domain: bytes, witness: Sequence[bytes], statement: Sequence[bytes], rng: Randomness
) -> Randomness:
    """The bytes a proof draws its nonces from: a key stream (BLAKE2b in counter mode) under
    SHA-512 of the proof's domain, 32 bytes from `rng`, the prover's secret and the whole
    statement — everything the proof's challenge hashes but the prover's own commitments.

    Hedged, as deterministic-plus-random signatures are: nonces repeat only if the secret,
    the statement and the random bytes all repeat, and then the proof is the same proof (its
    challenge hashes nothing else), which gives nothing away. A seat that draws the same bytes
    twice (its randomness replayed from an older state) and proves another statement gets
    other nonces; a weak `rng` is saved by the secret, which the others do not know."""
    h = hashlib.sha512()
    for part in (_NONCE, domain, rng(NONCE_FRESH_BYTES), len(witness).to_bytes(4, "big"),
                 *witness, *statement):  # fmt: skip
        h.update(len(part).to_bytes(4, "big"))
        h.update(part)
    return _KeyStream(h.digest())


class _KeyStream:
    """Random-looking bytes from a 64-byte key: BLAKE2b(key; counter), 64 bytes a block."""

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._counter = 0
        self._buffer = b""

    def __call__(self, n: int) -> bytes:
        while len(self._buffer) < n:
            block = hashlib.blake2b(self._counter.to_bytes(8, "little"), key=self._key)
            self._buffer += block.digest()
            self._counter += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out


def hedged_scalar(
    domain: bytes, witness: Sequence[bytes], statement: Sequence[bytes], rng: Randomness
) -> Scalar:
    """A proof's one nonce (see `hedged`): a non-zero scalar."""
    return random_scalar(hedged(domain, witness, statement, rng))


def scalar_from_int(n: int) -> Scalar:
    return (n % ORDER).to_bytes(32, "little")


def scalar_to_int(s: Scalar) -> int:
    return int.from_bytes(s, "little")


def hash_to_scalar(domain: bytes, *parts: bytes) -> Scalar:
    """A Fiat–Shamir challenge: SHA-512 of the length-framed domain and parts, reduced mod ℓ."""
    h = hashlib.sha512()
    for part in (domain, *parts):
        h.update(len(part).to_bytes(4, "big"))
        h.update(part)
    value: bytes = _rb.crypto_core_ristretto255_scalar_reduce(h.digest())
    return value


def hash_to_point(domain: bytes, *parts: bytes) -> Point:
    """A point nobody knows the discrete log of: SHA-512 of the length-framed domain and
    parts, mapped by ristretto255's hash-to-group (two Elligator maps added, RFC 9496 4.3.4)."""
    h = hashlib.sha512()
    for part in (domain, *parts):
        h.update(len(part).to_bytes(4, "big"))
        h.update(part)
    value: bytes = _rb.crypto_core_ristretto255_from_hash(h.digest())
    return value


@lru_cache(maxsize=8192)
def _valid_point(value: bytes) -> bool:
    # Memoised: a pure function of the bytes, and at a table every peer (and the audit)
    # meets the same points again and again.
    # ristretto255 decoding refuses a field element not below p, a negative one and a string
    # that is no element's encoding; the neutral element (all zeros) decodes, and so does a
    # string with the top bit set (libsodium ignores that bit): both are refused here.
    return (
        value != IDENTITY
        and not _top_bit(value)
        and bool(_rb.crypto_core_ristretto255_is_valid_point(value))
    )


def _top_bit(value: bytes) -> bool:
    """Whether bit 255 is set: RFC 9496 decoding refuses it (the integer is then above p);
    libsodium's ignores it, which would give an element a second encoding."""
    return value[31] > 0x7F


def _refuse_top_bit(*points: bytes) -> None:
    for p in points:
        if len(p) == ELEMENT_BYTES and p[31] > 0x7F:
            raise GroupError("a point is not a canonical encoding (its top bit is set)")


def is_point(value: object) -> bool:
    return isinstance(value, bytes) and len(value) == ELEMENT_BYTES and _valid_point(value)


def point_from_peer(value: object, what: str = "point") -> Point:
    if not isinstance(value, bytes) or len(value) != ELEMENT_BYTES:
        raise GroupError(f"{what} must be {ELEMENT_BYTES} bytes")
    if not _valid_point(value):
        raise GroupError(f"{what} is not a valid point of the group")
    return value


def scalar_from_peer(value: object, what: str = "scalar") -> Scalar:
    if not isinstance(value, bytes) or len(value) != ELEMENT_BYTES:
        raise GroupError(f"{what} must be {ELEMENT_BYTES} bytes")
    if int.from_bytes(value, "little") >= ORDER:
        raise GroupError(f"{what} is not a canonical scalar")
    return value


def base_mul(s: Scalar) -> Point:
    """s·G."""
    try:
        value: bytes = _rb.crypto_scalarmult_ristretto255_base(s)
        return value
    except RuntimeError as error:
        raise GroupError("scalar multiplication gave the neutral element") from error


def mul(s: Scalar, p: Point) -> Point:
    """s·P (P not the neutral element; libsodium decodes P, refusing what is not an element)."""
    _refuse_top_bit(p)
    try:
        value: bytes = _rb.crypto_scalarmult_ristretto255(s, p)
        return value
    except RuntimeError as error:
        raise GroupError(
            "a point is not a valid group element (or a product is the neutral element)"
        ) from error


def add(p: Point, q: Point) -> Point:
    _refuse_top_bit(p, q)
    try:
        value: bytes = _rb.crypto_core_ristretto255_add(p, q)
        return value
    except RuntimeError as error:
        raise GroupError("a point is not a valid group element") from error


def sub(p: Point, q: Point) -> Point:
    _refuse_top_bit(p, q)
    try:
        value: bytes = _rb.crypto_core_ristretto255_sub(p, q)
        return value
    except RuntimeError as error:
        raise GroupError("a point is not a valid group element") from error


def s_add(a: Scalar, b: Scalar) -> Scalar:
    value: bytes = _rb.crypto_core_ristretto255_scalar_add(a, b)
    return value


def s_sub(a: Scalar, b: Scalar) -> Scalar:
    value: bytes = _rb.crypto_core_ristretto255_scalar_sub(a, b)
    return value


def s_mul(a: Scalar, b: Scalar) -> Scalar:
    value: bytes = _rb.crypto_core_ristretto255_scalar_mul(a, b)
    return value


GENERATOR: Point = base_mul(scalar_from_int(1))


@lru_cache(maxsize=1024)
def independent_generator(label: bytes, index: int) -> Point:
    """The index-th of a family of generators that nobody knows a discrete log of, relative
    to G or to each other: hashed to the group under a domain of their own."""
    return hash_to_point(b"lanpurr/fair/generator/v1", label, index.to_bytes(4, "big"))


def base_mul_int(s: int) -> Point:
    """s·G for an integer scalar (IDENTITY when s ≡ 0)."""
    s %= ORDER
    return base_mul(s.to_bytes(32, "little")) if s else IDENTITY


def mul_sum(terms: Iterable[tuple[int, Point]], start: Point = IDENTITY) -> Point:
    """start + Σ sᵢ·Pᵢ for integer scalars. libsodium has no multi-scalar multiplication, so
    this is one scalar multiplication per term; each one also refuses a point that is not a
    group element (a non-canonical encoding, a string that does not decode, the neutral
    element), which is how every point of a peer's proof gets validated without a second
    check."""
    total = start
    for s, p in terms:
        s %= ORDER
        if s:
            product = mul(s.to_bytes(32, "little"), p)
            # Adding to the neutral element is no addition (and validates nothing: the
            # multiplication did).
            total = product if total == IDENTITY else add(total, product)
    return total
