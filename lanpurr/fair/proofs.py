"""Zero-knowledge proofs made non-interactive with Fiat–Shamir.

- Schnorr proof of knowledge of x with A = x·G (a peer knows its key share).
- Chaum–Pedersen proof that log_G1(A) = log_G2(B) (DLEQ): a decryption share x·C1 uses the
  same x as the published key share x·G; a re-masked card adds r·G and r·H with one r.

Every challenge hashes a `context` (table, round, seat, step: the transcript position the
proof belongs to) with the whole statement, so a proof cannot be replayed elsewhere. A proof
is 64 bytes: challenge c and response s, both canonical scalars.
"""

from dataclasses import dataclass
from functools import lru_cache

from lanpurr.fair.group import (
    GENERATOR,
    GroupError,
    Point,
    Randomness,
    Scalar,
    base_mul,
    hash_to_scalar,
    mul,
    os_randomness,
    random_scalar,
    s_add,
    s_mul,
    scalar_from_peer,
    sub,
)

PROOF_BYTES = 64
_SCHNORR = b"lanpurr/fair/schnorr/v1"
_DLEQ = b"lanpurr/fair/dleq/v1"


class ProofError(ValueError):
    """A proof that is malformed or does not verify."""


@dataclass(frozen=True)
class Proof:
    challenge: Scalar
    response: Scalar

    def encode(self) -> bytes:
        return self.challenge + self.response

    @classmethod
    def decode(cls, data: object) -> "Proof":
        if not isinstance(data, bytes) or len(data) != PROOF_BYTES:
            raise ProofError(f"a proof is {PROOF_BYTES} bytes")
        try:
            return cls(scalar_from_peer(data[:32]), scalar_from_peer(data[32:]))
        except GroupError as error:
            raise ProofError(f"malformed proof: {error}") from None


def _times(s: Scalar, base: Point) -> Point:
    return base_mul(s) if base == GENERATOR else mul(s, base)


def prove_knowledge(
    x: Scalar, public: Point, context: bytes, rng: Randomness = os_randomness
) -> bytes:
    """Schnorr: I know x with public = x·G."""
    w = random_scalar(rng)
    t = base_mul(w)
    c = hash_to_scalar(_SCHNORR, context, public, t)
    return c + s_add(w, s_mul(c, x))


@lru_cache(maxsize=4096)
def verify_knowledge(public: Point, proof: bytes, context: bytes) -> bool:
    try:
        p = Proof.decode(proof)
        t = sub(base_mul(p.response), mul(p.challenge, public))
    except (ProofError, GroupError):
        return False
    return hash_to_scalar(_SCHNORR, context, public, t) == p.challenge


def prove_dleq(
    x: Scalar,
    g1: Point,
    a: Point,
    g2: Point,
    b: Point,
    context: bytes,
    rng: Randomness = os_randomness,
) -> bytes:
    """Chaum–Pedersen: the same x gives a = x·g1 and b = x·g2."""
    w = random_scalar(rng)
    t1, t2 = _times(w, g1), _times(w, g2)
    c = hash_to_scalar(_DLEQ, context, g1, a, g2, b, t1, t2)
    return c + s_add(w, s_mul(c, x))


# Verification is a pure function of its bytes, so a result may be remembered: a peer never
# checks one proof twice, but several peers (and the audit) in one process do.
@lru_cache(maxsize=16384)
def verify_dleq(g1: Point, a: Point, g2: Point, b: Point, proof: bytes, context: bytes) -> bool:
    try:
        p = Proof.decode(proof)
        t1 = sub(_times(p.response, g1), mul(p.challenge, a))
        t2 = sub(_times(p.response, g2), mul(p.challenge, b))
    except (ProofError, GroupError):
        return False
    return hash_to_scalar(_DLEQ, context, g1, a, g2, b, t1, t2) == p.challenge
