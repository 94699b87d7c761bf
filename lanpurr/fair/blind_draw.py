"""A blind draw read on arrival: the holder's share of every card of its re-shuffled hand,
sealed so that the drawer opens exactly one of them, at a position it fixed before the
re-shuffle (docs/decisions/0057, docs/fair-play.md "Blind choices").

A one-out-of-n oblivious transfer in which the receiver speaks first, so that its message can
travel a turn ahead:

- Position j has a generator R_j hashed to the group (`position_base`): nobody knows the
  logarithm of any, nor any relation between them.
- The drawer draws, for every hand size n from 1 to `SIZES`, a position c_n (uniform in
  0 … n−1) and a scalar k_n, and publishes Q_n = k_n·G − R_{c_n} (`ticket`). For a hand of n
  cards, position j's key is P_j = Q_n + R_j: the drawer knows the logarithm of P_{c_n} (it is
  k_n) and of no other, for knowing two would give a relation between the R_j. Q_n is uniform
  whatever c_n is: the holder learns nothing of the position. A ticket that makes a position's
  key the neutral element (Q_n = −R_j) is refused (`ticket_problem`).
- The holder, once its re-shuffle is fixed, seals its decryption share of each card j under P_j
  with randomness of its own for each position: E_j = e_j·G, F_j = x·C1_j + e_j·P_j, an ElGamal
  encryption of the share under P_j; one Σ-proof shows every F_j so made, with its key share x
  (x·G published) and the e_j of the E_j (`seal`). Every seat checks it on arrival. Fresh e_j
  and unrelated keys matter: with one e, or keys in a known relation (P_j = Q + j·R), the
  differences F_j − F_c would tie every position to one unknown point, and a seat that knows
  every other share of the cards (the drawer; every seat once the drawer's shares of the kept
  cards are out) would read the holder's whole hand by guessing one face.
- The drawer opens its position's share, x·C1_c = F_c − k_n·E_c (`open_sealed`); any other F_j
  would need e_j·P_j, a Diffie–Hellman value it cannot compute.
- Its pick names c and publishes T = k_n·E_c with a proof that log_{E_c} T = log_G P_c
  (`prove_pick`): the pick cannot name another position than the one sealed for it, and every
  seat reads the holder's share of the card taken, F_c − T, which the two proofs prove.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from lanpurr.fair.group import (
    ELEMENT_BYTES,
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
    scalar_from_peer,
    sub,
)
from lanpurr.fair.proofs import prove_dleq, statement_weights, verify_dleq

SIZES = 16
"""Hand sizes a ticket covers: a larger hand is drawn from as before (pick, then shares)."""
_SEAL = b"lanpurr/fair/blind-draw/seal/v2"
_WEIGHTS = b"lanpurr/fair/blind-draw/weights/v2"
_PICK = b"lanpurr/fair/blind-draw/pick/v2"


@lru_cache(maxsize=SIZES)
def position_base(j: int) -> Point:
    """R_j: what position j adds to a ticket's point."""
    return independent_generator(b"lanpurr/fair/blind-draw/position", j)


@lru_cache(maxsize=1)
def _neutral_makers() -> tuple[Point, ...]:
    """−R_j for every position j: the ticket points that would make position j's key neutral."""
    return tuple(mul_sum([(ORDER - 1, position_base(j))]) for j in range(SIZES))


def ticket_problem(points: Sequence[Point]) -> str:
    """What is wrong with a ticket's (valid) points, "" if nothing: a point Q_n that makes the
    key of one of its n positions the neutral element, which no holder could seal under."""
    makers = _neutral_makers()
    for n, q in enumerate(points, start=1):
        if q in makers[:n]:
            return f"the ticket's point for {n} cards makes a position's key the neutral element"
    return ""


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
        c = int.from_bytes(rng(16), "little") % n
        while True:  # (a Q_n of −R_j, j < n, has a chance of about n/ℓ: drawn again)
            k = random_scalar(rng)
            q = sub(base_mul(k), position_base(c))
            if not ticket_problem([*points, q]):
                break
        keys.append(k)
        positions.append(c)
        points.append(q)
    return Ticket(tuple(keys), tuple(positions)), points


def position_keys(q: Point, n: int) -> list[Point]:
    """P_0 … P_{n−1} for the ticket point Q of a hand of n cards: P_j = Q + R_j."""
    return [add(q, position_base(j)) for j in range(n)]


@dataclass(frozen=True)
class Sealed:
    """A holder's shares, sealed one per position: the E_j, the F_j, and the proof."""

    e_points: list[Point]
    sealed: list[Point]
    proof: bytes


def proof_size(n: int) -> int:
    """The challenge, the response for x and one per position."""
    return ELEMENT_BYTES * (n + 2)


def _statement(
    key_share: Point, q: Point, c1s: Sequence[Point], e_points: Sequence[Point],
    sealed: Sequence[Point], context: bytes,
) -> tuple[list[int], Point, Point]:  # fmt: skip
    """The weights ρ_j hashed from the whole statement, Y = Σρ_j·C1_j and V = Σρ_j·F_j:
    V = x·Y + Σρ_j·e_j·P_j holds for weights drawn after the F_j are fixed only if every F_j
    is x·C1_j + e_j·P_j (but with probability 1/ℓ); each F_j's multiplication validates it."""
    rho = statement_weights(_WEIGHTS, [context, key_share, q, *c1s, *e_points, *sealed], len(c1s))
    y = mul_sum(zip(rho, c1s, strict=True))
    v = mul_sum(zip(rho, sealed, strict=True))
    return rho, y, v


def _challenge(
    context: bytes, key_share: Point, q: Point, y: Point, v: Point, e_points: Sequence[Point],
    commitments: Sequence[Point],
) -> Scalar:  # fmt: skip
    return hash_to_scalar(_SEAL, context, key_share, q, y, v, *e_points, *commitments)


def seal(
    x: Scalar,
    key_share: Point,
    c1s: Sequence[Point],
    q: Point,
    context: bytes,
    rng: Randomness = os_randomness,
) -> Sealed:
    """The holder's share x·C1_j of each card j, sealed under position j's key with fresh e_j,
    and one Σ-proof of x and every e_j: x·G = H, e_j·G = E_j, Σρ_j·F_j = x·Y + Σρ_j·e_j·P_j."""
    n = len(c1s)
    keys = position_keys(q, n)
    es = [random_scalar(rng) for _ in range(n)]
    e_points = [base_mul(e) for e in es]
    sealed = [add(mul(x, c1), mul(e, p)) for c1, e, p in zip(c1s, es, keys, strict=True)]
    rho, y, v = _statement(key_share, q, c1s, e_points, sealed, context)
    nonces = hedged(_SEAL, [x, *es], [context, key_share, q, y, v, *e_points], rng)
    wx = random_scalar(nonces)
    ws = [random_scalar(nonces) for _ in range(n)]
    commitments = [
        base_mul(wx),
        *(base_mul(w) for w in ws),
        add(
            mul(wx, y),
            mul_sum(
                (r * int.from_bytes(w, "little"), p) for r, w, p in zip(rho, ws, keys, strict=True)
            ),
        ),
    ]
    c = _challenge(context, key_share, q, y, v, e_points, commitments)
    responses = [
        s_add(wx, s_mul(c, x)),
        *(s_add(w, s_mul(c, e)) for w, e in zip(ws, es, strict=True)),
    ]
    return Sealed(e_points, sealed, c + b"".join(responses))


def verify_sealed(
    key_share: Point,
    c1s: Sequence[Point],
    q: Point,
    e_points: Sequence[object],
    sealed: Sequence[object],
    proof: object,
    context: bytes,
) -> bool:
    """Whether every sealed share is the holder's share of its card under its position's key
    (c1s and q valid points; the E_j, the F_j and the proof are validated here)."""
    n = len(c1s)
    if (
        n == 0
        or not isinstance(proof, bytes)
        or len(proof) != proof_size(n)
        or len(e_points) != n
        or len(sealed) != n
        or not all(isinstance(p, bytes) and len(p) == ELEMENT_BYTES for p in (*e_points, *sealed))
    ):
        return False
    es = [p for p in e_points if isinstance(p, bytes)]
    fs = [p for p in sealed if isinstance(p, bytes)]
    keys = position_keys(q, n)
    try:
        c, zx, *zs = (
            scalar_from_peer(proof[k : k + ELEMENT_BYTES])
            for k in range(0, len(proof), ELEMENT_BYTES)
        )
        rho, y, v = _statement(key_share, q, c1s, es, fs, context)
        combined = mul_sum(
            (r * int.from_bytes(z, "little"), p) for r, z, p in zip(rho, zs, keys, strict=True)
        )
        commitments = [
            sub(base_mul(zx), mul(c, key_share)),
            *(sub(base_mul(z), mul(c, e)) for z, e in zip(zs, es, strict=True)),
            sub(add(mul(zx, y), combined), mul(c, v)),
        ]
    except GroupError:
        return False
    return _challenge(context, key_share, q, y, v, es, commitments) == c


def open_sealed(k: Scalar, e_point: Point, sealed: Point) -> Point:
    """The drawer's position's share: F_c − k·E_c."""
    return sub(sealed, mul(k, e_point))


def prove_pick(
    k: Scalar, position_key: Point, e_point: Point, context: bytes, rng: Randomness = os_randomness
) -> tuple[Point, bytes]:
    """T = k·E_c and the proof that log_{E_c} T = log_G P_c (the drawer's pick of position c)."""
    t = mul(k, e_point)
    return t, prove_dleq(k, GENERATOR, position_key, e_point, t, _PICK + context, rng)


def verify_pick(
    position_key: Point, e_point: Point, t: object, proof: object, context: bytes
) -> bool:
    if not isinstance(t, bytes) or len(t) != ELEMENT_BYTES or not isinstance(proof, bytes):
        return False
    return verify_dleq(GENERATOR, position_key, e_point, t, proof, _PICK + context)
