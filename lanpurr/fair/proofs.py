"""Zero-knowledge proofs made non-interactive with Fiat–Shamir.

- Schnorr proof of knowledge of x with A = x·G (a peer knows its key share).
- Chaum–Pedersen proof that log_G1(A) = log_G2(B) (DLEQ): a re-masked card adds r·G and r·H
  with one r.
- One Chaum–Pedersen proof for many decryption shares at once (`prove_dleq_many`): every share
  x·C1_k of a message uses the same x as the published key share x·G.

Every challenge hashes a `context` (table, round, seat, step: the transcript position the
proof belongs to) with the whole statement, so a proof cannot be replayed elsewhere. A proof
is 64 bytes: challenge c and response s, both canonical scalars.

Every nonce is hedged (`group.hedged`): hashed from the secret, everything the challenge
hashes but the nonce's own commitments, and fresh random bytes. Two proofs with one nonce
and two challenges would give the secret away, x = (s₁ − s₂)/(c₁ − c₂); here one nonce means
one challenge, hence one and the same proof.
"""

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from lanpurr.fair.group import (
    GENERATOR,
    ORDER,
    GroupError,
    Point,
    Randomness,
    Scalar,
    base_mul,
    hash_to_scalar,
    hedged_scalar,
    mul,
    mul_sum,
    os_randomness,
    s_add,
    s_mul,
    scalar_from_peer,
    sub,
)

PROOF_BYTES = 64
_SCHNORR = b"lanpurr/fair/schnorr/v1"
_DLEQ = b"lanpurr/fair/dleq/v1"
_DLEQ_MANY = b"lanpurr/fair/dleq-many/v1"


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
    w = hedged_scalar(_SCHNORR, [x], [context, public], rng)
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
    w = hedged_scalar(_DLEQ, [x], [context, g1, a, g2, b], rng)
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


# ---- many decryption shares, one proof ----------------------------------------------------
#
# To show that d_k = x·C_k for every k with a = x·G, the prover hashes the whole statement
# into weights ρ_k and proves one DLEQ between (G, a) and (Σρ_k·C_k, Σρ_k·d_k) — the
# "batched DLEQ" of the VOPRF standard (RFC 9497, section 2.2.1, ComputeComposites), there
# with the verifier's own key. If some d_k ≠ x·C_k, the two sums share a discrete log only if
# Σρ_k·(d_k − x·C_k) = 0, which for weights hashed after the d_k are fixed happens with
# probability 1/ℓ per hash query. The checker multiplies each C_k and each d_k once (2m
# multiplications and one DLEQ check, against 3m multiplications and m base-point ones for m
# single proofs), and each d_k's multiplication by its non-zero ρ_k validates it.


def statement_weights(domain: bytes, statement: Sequence[bytes], n: int) -> list[int]:
    """n non-zero weights hashed from a whole statement (each part framed by its length): the
    random combination that lets one equation stand for n (here, and blind_draw.py's seal)."""
    seed = hashlib.sha512()
    for part in (domain, *statement):
        seed.update(len(part).to_bytes(4, "big"))
        seed.update(part)
    stream = hashlib.shake_256(seed.digest()).digest(64 * n)
    return [
        1 + int.from_bytes(stream[64 * k : 64 * k + 64], "little") % (ORDER - 1) for k in range(n)
    ]


def _weights(
    context: bytes, a: Point, bases: Sequence[Point], values: Sequence[bytes]
) -> list[int]:
    return statement_weights(_DLEQ_MANY, [context, a, *bases, *values], len(bases))


def prove_dleq_many(
    x: Scalar,
    a: Point,
    bases: Sequence[Point],
    values: Sequence[Point],
    context: bytes,
    rng: Randomness = os_randomness,
) -> bytes:
    """One proof that values[k] = x·bases[k] for every k, where a = x·G (empty for none)."""
    if not bases:
        return b""
    # One share needs no weight: it is its own statement (and the DLEQ check multiplies it by
    # the non-zero challenge, which validates it). The DLEQ's nonce hashes the composite
    # statement, which the weights bind to every base and every value.
    composite, combined = bases[0], values[0]
    if len(bases) > 1:
        composite = mul_sum(zip(_weights(context, a, bases, values), bases, strict=True))
        combined = mul(x, composite)
    return prove_dleq(x, GENERATOR, a, composite, combined, _DLEQ_MANY + context, rng)


def verify_dleq_many(
    a: Point, bases: Sequence[Point], values: Sequence[bytes], proof: object, context: bytes
) -> bool:
    """Whether `proof` shows values[k] = log_G(a)·bases[k] for every k. bases must be valid
    points; each value is validated here (multiplied by a non-zero weight)."""
    if not bases:
        return proof == b""
    if not isinstance(proof, bytes) or len(values) != len(bases):
        return False
    return _verify_dleq_many(a, tuple(bases), tuple(values), proof, context)


# Like `verify_dleq`, remembered: every seat of one laptop checks the same shares message, and its
# weighted sums (2m multiplications) are most of the check. A seat may hold a message until its
# place in the round comes, so the entries must outlast many others (512 missed a third of them
# at seven seats); most messages hold one to three shares, a deal's up to 63.
@lru_cache(maxsize=4096)
def _verify_dleq_many(
    a: Point, bases: tuple[Point, ...], values: tuple[bytes, ...], proof: bytes, context: bytes
) -> bool:
    composite, combined = bases[0], values[0]
    try:
        if len(bases) > 1:
            weights = _weights(context, a, bases, values)
            composite = mul_sum(zip(weights, bases, strict=True))
            combined = mul_sum(zip(weights, values, strict=True))
    except GroupError:
        return False
    return verify_dleq(GENERATOR, a, composite, combined, proof, _DLEQ_MANY + context)
