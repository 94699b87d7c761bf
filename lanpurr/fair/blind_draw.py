"""A blind draw read on arrival: the holder's share of every card of its re-shuffled hand,
sealed so that the drawer opens exactly one of them, at a position it fixed before the
re-shuffle (docs/decisions/0057, docs/fair-play.md "A draw read on arrival").

A one-out-of-n oblivious transfer in which the receiver speaks first, so that its message can
travel a turn ahead:

- The drawer draws, for every hand size n from 1 to `SIZES`, a position c_n (uniform in
  0 … n−1) and a scalar k_n, and publishes Q_n = k_n·G − c_n·R (`ticket`). R is a generator
  hashed to the group: nobody knows its logarithm. For a hand of n cards, position j's key is
  P_j = Q_n + j·R; the drawer knows the logarithm of P_{c_n} (it is k_n) and of no other, for
  knowing two would give log R. Q_n is uniform whatever c_n is: the holder learns nothing of
  the position.
- The holder, once its re-shuffle is fixed, seals its decryption share of each card j under
  P_j with one random e: E = e·G, F_j = x·C1_j + e·P_j, and proves in one Σ-protocol that
  every F_j is so made, with its key share x (x·G published) and that e (`seal`). Every seat
  checks the proof on arrival.
- The drawer opens its position's share, x·C1_c = F_c − k_n·E (`open_sealed`); any other F_j
  would need e·P_j, a Diffie–Hellman value it cannot compute.
- Its pick names c and publishes T = k_n·E with a proof that log_E T = log_G P_c
  (`prove_pick`): the pick cannot name another position than the one sealed for it, and every
  seat reads the holder's share of the card taken, F_c − T, which is proven by the two proofs.
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
    add,
    base_mul,
    hash_to_scalar,
    hedged,
    independent_generator,
    mul,
    mul_sum,
    os_randomness,
    random_scalar,
    s_add,
    s_mul,
    scalar_from_int,
    scalar_from_peer,
    sub,
)
from lanpurr.fair.proofs import prove_dleq, verify_dleq

SIZES = 16
"""Hand sizes a ticket covers: a larger hand is drawn from as before (pick, then shares)."""
SEALED_PROOF_BYTES = 96
_SEAL = b"lanpurr/fair/blind-draw/seal/v1"
_WEIGHTS = b"lanpurr/fair/blind-draw/weights/v1"
_PICK = b"lanpurr/fair/blind-draw/pick/v1"


@lru_cache(maxsize=1)
def position_base() -> Point:
    """R: the step from one position's key to the next."""
    return independent_generator(b"lanpurr/fair/blind-draw", 0)


@dataclass(frozen=True)
class Ticket:
    """A drawer's secret for its next draw: k_n and c_n for every hand size n (index n − 1)."""

    keys: tuple[Scalar, ...]
    positions: tuple[int, ...]

    def position(self, n: int) -> int:
        return self.positions[n - 1]

    def key(self, n: int) -> Scalar:
        return self.keys[n - 1]


def ticket(rng: Randomness = os_randomness) -> tuple[Ticket, list[Point]]:
    """A fresh ticket and its public points Q_1 … Q_SIZES."""
    keys: list[Scalar] = []
    positions: list[int] = []
    points: list[Point] = []
    for n in range(1, SIZES + 1):
        k = random_scalar(rng)
        c = int.from_bytes(rng(16), "little") % n
        keys.append(k)
        positions.append(c)
        points.append(sub(base_mul(k), _steps(c)) if c else base_mul(k))
    return Ticket(tuple(keys), tuple(positions)), points


def _steps(j: int) -> Point:
    return mul(scalar_from_int(j), position_base())


def position_keys(q: Point, n: int) -> list[Point]:
    """P_0 … P_{n−1} for the ticket point Q of a hand of n cards."""
    keys = [q]
    for _ in range(n - 1):
        keys.append(add(keys[-1], position_base()))
    return keys


@dataclass(frozen=True)
class Sealed:
    """A holder's shares, sealed one per position: E, the F_j, and the proof."""

    e_point: Point
    sealed: list[Point]
    proof: bytes


def _weights(context: bytes, statement: Sequence[bytes], n: int) -> list[int]:
    h = hashlib.sha512()
    for part in (_WEIGHTS, context, *statement):
        h.update(len(part).to_bytes(4, "big"))
        h.update(part)
    stream = hashlib.shake_256(h.digest()).digest(64 * n)
    return [
        1 + int.from_bytes(stream[64 * j : 64 * j + 64], "little") % (ORDER - 1) for j in range(n)
    ]


def _combined(
    key_share: Point, e_point: Point, q: Point, c1s: Sequence[Point], sealed: Sequence[Point],
    context: bytes,
) -> tuple[Point, Point, Point]:  # fmt: skip
    """Y = Σρ_j·C1_j, Z = Σρ_j·P_j, V = Σρ_j·F_j, with weights ρ hashed from the statement:
    V = x·Y + e·Z holds for weights drawn after the F_j are fixed only if every F_j is
    x·C1_j + e·P_j (but with probability 1/ℓ); each F_j's multiplication validates it."""
    n = len(c1s)
    positions = position_keys(q, n)
    rho = _weights(context, [key_share, e_point, q, *c1s, *sealed], n)
    y = mul_sum(zip(rho, c1s, strict=True))
    z = mul_sum(zip(rho, positions, strict=True))
    v = mul_sum(zip(rho, sealed, strict=True))
    return y, z, v


def seal(
    x: Scalar,
    key_share: Point,
    c1s: Sequence[Point],
    q: Point,
    context: bytes,
    rng: Randomness = os_randomness,
) -> Sealed:
    """The holder's share x·C1_j of each card j, sealed under position j's key."""
    e = random_scalar(rng)
    e_point = base_mul(e)
    positions = position_keys(q, len(c1s))
    sealed = [add(mul(x, c1), mul(e, p)) for c1, p in zip(c1s, positions, strict=True)]
    y, z, v = _combined(key_share, e_point, q, c1s, sealed, context)
    nonces = hedged(_SEAL, [x, e], [context, key_share, e_point, y, z, v], rng)
    w1, w2 = random_scalar(nonces), random_scalar(nonces)
    a1, a2 = base_mul(w1), base_mul(w2)
    a3 = add(mul(w1, y), mul(w2, z))
    c = hash_to_scalar(_SEAL, context, key_share, e_point, y, z, v, a1, a2, a3)
    proof = c + s_add(w1, s_mul(c, x)) + s_add(w2, s_mul(c, e))
    return Sealed(e_point, sealed, proof)


def verify_sealed(
    key_share: Point,
    c1s: Sequence[Point],
    q: Point,
    e_point: object,
    sealed: Sequence[object],
    proof: object,
    context: bytes,
) -> bool:
    """Whether every sealed share is the holder's share of its card under its position's key
    (c1s and q valid points; E, the F_j and the proof are validated here)."""
    if (
        not isinstance(proof, bytes)
        or len(proof) != SEALED_PROOF_BYTES
        or not isinstance(e_point, bytes)
        or len(sealed) != len(c1s)
        or not c1s
        or not all(isinstance(f, bytes) for f in sealed)
    ):
        return False
    fs = [f for f in sealed if isinstance(f, bytes)]
    try:
        c, z1, z2 = (scalar_from_peer(proof[k : k + 32]) for k in (0, 32, 64))
        y, z, v = _combined(key_share, e_point, q, c1s, fs, context)
        a1 = sub(base_mul(z1), mul(c, key_share))
        a2 = sub(base_mul(z2), mul(c, e_point))
        a3 = sub(add(mul(z1, y), mul(z2, z)), mul(c, v))
    except GroupError:
        return False
    return hash_to_scalar(_SEAL, context, key_share, e_point, y, z, v, a1, a2, a3) == c


def open_sealed(k: Scalar, e_point: Point, sealed: Point) -> Point:
    """The drawer's position's share: F_c − k·E."""
    return sub(sealed, mul(k, e_point))


def prove_pick(
    k: Scalar, position_key: Point, e_point: Point, context: bytes, rng: Randomness = os_randomness
) -> tuple[Point, bytes]:
    """T = k·E and the proof that log_E T = log_G P_c (the drawer's pick of position c)."""
    t = mul(k, e_point)
    return t, prove_dleq(k, GENERATOR, position_key, e_point, t, _PICK + context, rng)


def verify_pick(
    position_key: Point, e_point: Point, t: object, proof: object, context: bytes
) -> bool:
    if not isinstance(t, bytes) or not isinstance(proof, bytes):
        return False
    return verify_dleq(GENERATOR, position_key, e_point, t, proof, _PICK + context)
