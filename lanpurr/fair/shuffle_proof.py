"""A proof that a shuffle is honest: the Terelius–Wikström proof of a shuffle, made
non-interactive with Fiat–Shamir.

Written from the published description: B. Terelius and D. Wikström, "Proofs of Restricted
Shuffles", AFRICACRYPT 2010; D. Wikström, "A Commitment-Consistent Proof of a Shuffle",
ACISP 2009; and the step-by-step form of R. Haenni, P. Locher, R. Koenig and E. Dubuis,
"Pseudo-Code Algorithms for Verifiable Re-Encryption Mix-Nets", FC 2017 Workshops (the form
the CHVote specification uses). Here in additive notation over the ristretto255 group.

The statement: out[j] = in[π(j)] + s_j·(G, K) for a permutation π and masks s_j that the
shuffler knows (`ShuffleSecret`), K being the joint key. H_0 … H_{n−1} and U are generators
hashed to the group (`group.independent_generator`): nobody knows a relation between them and G.

A wide card has 2 + k points, re-masked with the one mask s_j in every column over public
bases (G, K, X_1 … X_k): out[j][m] = in[π(j)][m] + s_j·base_m. A holder re-shuffles its hand
this way together with the decryption shares others published for it: seat C's column is
x_C·C1, and its base X_C = x_C·G. A masked card (C1, C2) is a wide card with k = 0; its proof
and everything its hashes take in are as they were before wide cards (the extra bases, the
width and the extra columns are hashed only when k > 0).

1. The shuffler commits to the permutation: c_i = r_i·G + H_{π⁻¹(i)} for each input position i.
2. u_0 … u_{n−1} are hashed from the transcript so far; u'_j = u_{π(j)} (u in output order).
3. A chain commits to the running products of u': ĉ_{−1} = U, ĉ_j = r̂_j·G + u'_j·ĉ_{j−1}.
4. One Σ-protocol, with a challenge e hashed from everything, proves knowledge of r̄, r̂, r̃, r',
   r̂_j and u'_j such that

       Σ c_i − Σ H_j = r̄·G                       every row of the committed matrix sums to one
       ĉ_{n−1} − (Π u_i)·U = r̂·G                 Π u'_j = Π u_i
       Σ u_i·c_i = r̃·G + Σ u'_j·H_j              c commits to u', a permutation of u
       Σ u_i·in_i = Σ u'_j·out_j − r'·(G, K)     the output is the input so permuted, re-masked
                                                 (one such equation per column of a wide card)
       ĉ_j = r̂_j·G + u'_j·ĉ_{j−1}                the chain uses those same u'_j

   For random u these hold only if the committed matrix is a permutation matrix and the output
   is the input permuted by it and re-masked (Terelius–Wikström, Theorem 1). A cheat survives
   with probability about (n + 2)/ℓ per hash query, below 2^-240.

The proof carries the Σ-protocol's commitments rather than its challenge (the checker
recomputes e from them), so that several proofs can be checked in one sum (`verify_shuffles`).
The prover needs about 5n scalar multiplications and 3n base-point ones; one proof checked
alone about 8n multiplications and one base-point one, and the shuffles of a deal checked
together about 3n each plus 2n per deck (each column past the second adds about 2n to the
prover and n to the checker). The proof is 32·(5n + 7 + w) bytes for cards of w points,
32·(5n + 9) for masked cards: c, ĉ, t₁ … t₃, t₄ … t_{3+w} (one per column), t̂, s₁ … s₄, ŝ, s'.
"""

import hashlib
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from lanpurr.fair.group import (
    ELEMENT_BYTES,
    GENERATOR,
    IDENTITY,
    ORDER,
    GroupError,
    Point,
    Randomness,
    add,
    base_mul_int,
    hedged,
    independent_generator,
    is_point,
    mul_sum,
    os_randomness,
    point_from_peer,
)
from lanpurr.fair.masked_deck import Masked, ShuffleSecret

_GENERATORS = b"lanpurr/fair/shuffle-proof/generators"
_U_DOMAIN = b"lanpurr/fair/shuffle-proof/v2/u"
_E_DOMAIN = b"lanpurr/fair/shuffle-proof/v2/e"
_NONCES = b"lanpurr/fair/shuffle-proof/v2/nonces"
_MEMO_DOMAIN = b"lanpurr/fair/shuffle-proof/v2/remembered"


Card = tuple[Point, ...]
"""A masked card (C1, C2), or a wide one: (C1, C2, *extra columns) (see the module's text)."""


def proof_size(n: int, width: int = 2) -> int:
    """The size of a proof for n cards of `width` points each (2 for masked cards)."""
    return 0 if n == 0 else ELEMENT_BYTES * (5 * n + 7 + width)


def generators(n: int) -> tuple[tuple[Point, ...], Point]:
    """H_0 … H_{n−1} (one per card) and U (the start of the chain)."""
    return tuple(independent_generator(_GENERATORS, i) for i in range(n)), _chain_start()


@lru_cache(maxsize=1)
def _chain_start() -> Point:
    return independent_generator(_GENERATORS + b"/chain", 0)


def _deck_bytes(deck: Sequence[Card]) -> bytes:
    return b"".join(b"".join(card) for card in deck)


def _wide(extra: Sequence[Point]) -> list[bytes]:
    """What the hashes take in besides the decks for wide cards: the width, then the extra
    bases. Nothing for masked cards (so their hashes are as they were); for wide ones the
    4-byte width stands where a masked statement has a deck or a point (each a multiple of 32
    bytes long), so no statement of one kind reads as one of the other."""
    if not extra:
        return []
    return [(2 + len(extra)).to_bytes(4, "big"), *extra]


def _bases(key: Point, extra: Sequence[Point]) -> tuple[Point, ...]:
    """The point each column is re-masked over: G, K and the extra bases."""
    return (GENERATOR, key, *extra)


def width_problem(
    deck_in: Sequence[Card], deck_out: Sequence[Card], extra: Sequence[Point] = ()
) -> str:
    """What is wrong with the cards' widths ("" if nothing): each card of either deck must
    have 2 + len(extra) points."""
    width = 2 + len(extra)
    for what, deck in (("received", deck_in), ("returned", deck_out)):
        for j, card in enumerate(deck):
            if len(card) != width:
                return (
                    f"card {j} of the deck {what} has {len(card)} points; "
                    f"with {len(extra)} extra bases a card has {width}"
                )
    return ""


def _cards(blob: bytes) -> list[Masked]:
    return [(blob[k : k + 32], blob[k + 32 : k + 64]) for k in range(0, len(blob), 64)]


def _digest(domain: bytes, *parts: bytes) -> bytes:
    h = hashlib.sha512()
    for part in (domain, *parts):
        h.update(len(part).to_bytes(4, "big"))
        h.update(part)
    return h.digest()


def _nonzero(wide: bytes) -> int:
    """A uniform non-zero scalar from 64 bytes (bias below 2^-250)."""
    return 1 + int.from_bytes(wide, "little") % (ORDER - 1)


def _u_vector(
    context: bytes,
    key: Point,
    extra: Sequence[Point],
    deck_in: Sequence[Card],
    deck_out: Sequence[Card],
    commitments: Sequence[Point],
) -> tuple[bytes, list[int]]:
    """The seed (which the challenge hashes: through it, e binds the whole statement) and u."""
    seed = _digest(
        _U_DOMAIN,
        context,
        key,
        *_wide(extra),
        _deck_bytes(deck_in),
        _deck_bytes(deck_out),
        *commitments,
    )
    stream = hashlib.shake_256(seed).digest(64 * len(deck_in))
    return seed, [_nonzero(stream[64 * i : 64 * i + 64]) for i in range(len(deck_in))]


def _challenge(seed: bytes, chain: Sequence[Point], t: Sequence[Point]) -> int:
    return _nonzero(_digest(_E_DOMAIN, seed, *chain, *t))


def _random(rng: Randomness) -> int:
    return int.from_bytes(rng(64), "little") % ORDER


def _int(scalar: bytes) -> int:
    return int.from_bytes(scalar, "little")


def _bytes(value: int) -> bytes:
    return (value % ORDER).to_bytes(ELEMENT_BYTES, "little")


def prove_shuffle(
    deck_in: Sequence[Card],
    deck_out: Sequence[Card],
    key: Point,
    secret: ShuffleSecret,
    context: bytes,
    rng: Randomness = os_randomness,
    *,
    extra: Sequence[Point] = (),
) -> bytes:
    """The proof that deck_out is deck_in shuffled and re-masked as `secret` says: over
    (G, key) for masked cards, over (G, key, *extra) for wide ones (ValueError if a card's
    width is not 2 + len(extra)).

    Its random values (r, r̂, the w's) come from `group.hedged`: the permutation, the masks,
    the whole statement and 32 bytes of `rng`. Everything the challenges hash follows from
    those, so the same values are drawn again only for the very same proof."""
    problem = width_problem(deck_in, deck_out, extra)
    if problem:
        raise ValueError(problem)
    n = len(deck_in)
    if n == 0:
        return b""
    q = ORDER
    hs, chain_start = generators(n)
    perm = secret.permutation
    masks = [_int(s) for s in secret.masks]
    nonces = hedged(
        _NONCES,
        [b"".join(i.to_bytes(4, "big") for i in perm), *secret.masks],
        [context, key, *_wide(extra), _deck_bytes(deck_in), _deck_bytes(deck_out)],
        rng,
    )
    position_of = [0] * n
    for j, i in enumerate(perm):
        position_of[i] = j

    r = [_random(nonces) for _ in range(n)]
    commitments = [add(base_mul_int(r[i]), hs[position_of[i]]) for i in range(n)]
    seed, u = _u_vector(context, key, extra, deck_in, deck_out, commitments)
    u_out = [u[i] for i in perm]

    # The chain in closed form: ĉ_j = R_j·G + P_j·U, with P_j = u'_0 ⋯ u'_j.
    r_hat = [_random(nonces) for _ in range(n)]
    chain: list[Point] = []
    before: list[tuple[int, int]] = []  # (R_{j−1}, P_{j−1})
    big_r, big_p = 0, 1
    for j in range(n):
        before.append((big_r, big_p))
        big_r = (r_hat[j] + u_out[j] * big_r) % q
        big_p = u_out[j] * big_p % q
        chain.append(mul_sum([(big_p, chain_start)], base_mul_int(big_r)))

    r_bar = sum(r) % q
    r_tilde = sum(ri * ui for ri, ui in zip(r, u, strict=True)) % q
    r_prime = sum(s * v for s, v in zip(masks, u_out, strict=True)) % q
    w1, w2, w3, w4 = (_random(nonces) for _ in range(4))
    w_hat = [_random(nonces) for _ in range(n)]
    w_prime = [_random(nonces) for _ in range(n)]

    t = [
        base_mul_int(w1),
        base_mul_int(w2),
        mul_sum(zip(w_prime, hs, strict=True), base_mul_int(w3)),
        *(
            _column_commitment(w_prime, deck_out, m, base, w4)
            for m, base in enumerate(_bases(key, extra))
        ),
    ]
    t_hat = [
        mul_sum([(w_prime[j] * p_prev, chain_start)], base_mul_int(w_hat[j] + w_prime[j] * r_prev))
        for j, (r_prev, p_prev) in enumerate(before)
    ]
    e = _challenge(seed, chain, t + t_hat)

    responses = [w1 + e * r_bar, w2 + e * big_r, w3 + e * r_tilde, w4 + e * r_prime]
    s_hat = [w + e * rh for w, rh in zip(w_hat, r_hat, strict=True)]
    s_prime = [w + e * v for w, v in zip(w_prime, u_out, strict=True)]
    return b"".join(
        [
            *commitments,
            *chain,
            *t,
            *t_hat,
            *(_bytes(s) for s in responses),
            *(_bytes(s) for s in s_hat),
            *(_bytes(s) for s in s_prime),
        ]
    )


def _column_commitment(
    w_prime: Sequence[int], deck_out: Sequence[Card], m: int, base: Point, w4: int
) -> Point:
    """t_{4+m} = Σ w'_j·out_j[m] − w₄·base_m: the Σ-protocol's commitment for column m (whose
    base is G for m = 0)."""
    start = base_mul_int(-w4) if m == 0 else mul_sum([(-w4, base)])
    return mul_sum(((w, card[m]) for w, card in zip(w_prime, deck_out, strict=True)), start)


@dataclass(frozen=True)
class Shuffled:
    """One shuffle to check: the deck before, the deck after, its proof and its context, and
    for wide cards the extra bases their columns past the second are re-masked over.

    The cards are typed loosely (tuples of any length, of Any) so that a reader that made a
    batch of masked cards reads them back as masked cards; verify_shuffles checks each card's
    width against its shuffle's extra bases."""

    deck_in: Sequence[tuple[Any, ...]]
    deck_out: Sequence[tuple[Any, ...]]
    proof: object
    context: bytes
    extra: tuple[Point, ...] = ()


def proof_form(n: int, proof: object, width: int = 2) -> str:
    """What is wrong with the proof's shape for n cards of `width` points ("" if nothing):
    cheap, checked at once."""
    if not isinstance(proof, bytes):
        return "the shuffle proof is missing"
    size = proof_size(n, width)
    if len(proof) != size:
        cards = f"{n} cards" if width == 2 else f"{n} cards of {width} points"
        return f"the shuffle proof is {len(proof)} bytes; a proof for {cards} is {size}"
    return ""


def verify_shuffle(
    deck_in: Sequence[Card],
    deck_out: Sequence[Card],
    key: Point,
    proof: object,
    context: bytes,
    rng: Randomness = os_randomness,
    *,
    extra: Sequence[Point] = (),
) -> str:
    """The empty string when the proof holds, otherwise what is wrong with it. deck_in (every
    column) must already be valid points; the extra bases and every point of deck_out and of
    the proof are checked here (each is multiplied by a non-zero scalar, or checked on its
    own, and libsodium's multiplication refuses a point that is not canonical, off the curve,
    of small order or outside the prime-order group)."""
    shuffled = Shuffled(deck_in, deck_out, proof, context, tuple(extra))
    return verify_shuffles([shuffled], key, rng)[1]


def verify_shuffles(
    shuffles: Sequence[Shuffled], key: Point, rng: Randomness = os_randomness
) -> tuple[int, str]:
    """Checks several proofs at once (the shuffles of one deal, each made on the one before):
    (-1, "") when every one holds, else (index of the first that fails, what is wrong).

    Every equation of every proof is weighted by a random 128-bit number of the checker's
    own and all are added into one sum that must be the neutral element (small-exponent batch
    verification, Bellare–Garay–Rabin 1998). Terms on one point add up first: the decks that
    one shuffle puts out and the next takes in, and the generators H_j, are multiplied once for
    the whole deal instead of once per equation. A false equation survives with probability
    at most 2^-128. When the sum fails, each proof is checked alone, in order, to name the
    first one that does not hold."""
    parsed: list[_Parsed] = []
    for index, shuffle in enumerate(shuffles):
        found = _parse(shuffle, key)
        if isinstance(found, str):
            if parsed and _combined(parsed, key, rng):
                return index, found
            break
        parsed.append(found)
    else:
        if _combined(parsed, key, rng):
            return -1, ""
    for index, one in enumerate(parsed):
        if not _combined([one], key, rng):
            return index, _problem(one, key)
    return len(parsed), _parse_problem(shuffles[len(parsed)], key)


REMEMBER = True
"""Remember the proofs that held (off in benchmarks that must check every proof)."""
_HELD: OrderedDict[bytes, None] = OrderedDict()
_HELD_MAX = 1024


@dataclass
class _Parsed:
    memo: bytes
    n: int
    extra: tuple[Point, ...]
    deck_in: list[Card]
    deck_out: list[Card]
    commitments: list[Point]
    chain: list[Point]
    t: list[Point]
    t_hat: list[Point]
    s: list[int]
    s_hat: list[int]
    s_prime: list[int]
    u: list[int]
    e: int


def _parse_problem(shuffle: Shuffled, key: Point) -> str:
    found = _parse(shuffle, key)
    return found if isinstance(found, str) else ""


def _parse(shuffle: Shuffled, key: Point) -> "_Parsed | str":
    n, extra = len(shuffle.deck_in), shuffle.extra
    width = 2 + len(extra)
    if len(shuffle.deck_out) != n:
        return f"the shuffle returned {len(shuffle.deck_out)} cards for {n}"
    problem = width_problem(shuffle.deck_in, shuffle.deck_out, extra) or proof_form(
        n, shuffle.proof, width
    )
    if not problem and not all(is_point(base) for base in extra):
        problem = "an extra base of the shuffle is not a valid point"
    if problem:
        return problem
    proof = cast(bytes, shuffle.proof)
    words = [proof[k : k + ELEMENT_BYTES] for k in range(0, len(proof), ELEMENT_BYTES)]
    points, scalar_words = words[: 3 * n + 3 + width], words[3 * n + 3 + width :]
    scalars = [_int(w) for w in scalar_words]
    if any(s >= ORDER for s in scalars):
        return "the shuffle proof holds a scalar that is not canonical"
    s_prime = scalars[4 + n :]
    if 0 in s_prime:
        # Each output card is multiplied by its s'_j, and that multiplication is what
        # validates it (the protocol does not check a proven deck's points twice): a zero
        # would leave it out. An honest s'_j is zero with probability 1/ℓ.
        return "the shuffle proof does not hold: a response is zero"
    deck_in, deck_out = list(shuffle.deck_in), list(shuffle.deck_out)
    commitments, chain = points[:n], points[n : 2 * n]
    t, t_hat = points[2 * n : 2 * n + 3 + width], points[2 * n + 3 + width :]
    seed, u = _u_vector(shuffle.context, key, extra, deck_in, deck_out, commitments)
    e = _challenge(seed, chain, t + t_hat)
    memo = memo_key(deck_in, deck_out, key, proof, shuffle.context, extra=extra)
    return _Parsed(
        memo, n, extra, deck_in, deck_out, commitments, chain, t, t_hat, scalars[:4],
        scalars[4 : 4 + n], s_prime, u, e,
    )  # fmt: skip


def memo_key(
    deck_in: Sequence[Card],
    deck_out: Sequence[Card],
    key: Point,
    proof: bytes,
    context: bytes,
    *,
    extra: Sequence[Point] = (),
) -> bytes:
    """What a proof that held is remembered by (`_HELD`): a digest of its whole statement in
    which each deck is framed by its number of cards and every part by its length, so that no
    other statement has the same key, whatever the lengths of its parts. (Run together
    unframed, bytes moved from one part to the next kept the key, and only the checks of the
    proof's length told such statements apart.) For wide cards the width and the extra bases
    follow the counts; for masked cards nothing does, as before wide cards."""
    counts = [len(deck_in).to_bytes(4, "big"), len(deck_out).to_bytes(4, "big")]
    points = [point for deck in (deck_in, deck_out) for card in deck for point in card]
    return _digest(_MEMO_DOMAIN, *counts, *_wide(extra), *points, key, proof, context)


def _weight(rng: Randomness) -> int:
    return 1 + int.from_bytes(rng(16), "little")


def _terms(p: _Parsed, key: Point, rng: Randomness, into: dict[Point, int]) -> None:
    """Adds Σ weight·(each equation of the proof, as a sum that must be neutral) into `into`.

    With e, u from the transcript, c̄ = Σc_i − ΣH_j and ĉ_{−1} = U, the equations are
      t₁ = s₁G − e·c̄                       t₂ = s₂G − e·(ĉ_{n−1} − (Πu_i)·U)
      t₃ = s₃G + Σs'_jH_j − eΣu_ic_i        t̂_j = ŝ_jG + s'_jĉ_{j−1} − eĉ_j
      t_{4+m} = Σs'_j·out_j[m] − eΣu_i·in_i[m] − s₄·base_m for each column m, the bases being
      (G, K, *extra): (t₄, t₅) = Σs'_j·out_j − eΣu_i·in_i − s₄·(G, K) for masked cards."""
    n, e, u, sp = p.n, p.e, p.u, p.s_prime
    if n == 0:
        return
    hs, chain_start = generators(n)
    bases = _bases(key, p.extra)
    a1, a2, a3 = (_weight(rng) for _ in range(3))
    columns = [_weight(rng) for _ in bases]  # a₄, a₅, … : one weight per column
    b = [_weight(rng) for _ in range(n)]

    def put(point: Point, scalar: int) -> None:
        into[point] = (into.get(point, 0) + scalar) % ORDER

    s1, s2, s3, s4 = p.s
    product = 1
    for ui in u:
        product = product * ui % ORDER
    put(
        GENERATOR,
        a1 * s1 + a2 * s2 + a3 * s3 + sum(bj * sj for bj, sj in zip(b, p.s_hat, strict=True)),
    )
    for a, base in zip(columns, bases, strict=True):
        put(base, -a * s4)
    put(chain_start, a2 * e * product + b[0] * sp[0])
    for j in range(n):
        put(hs[j], a1 * e + a3 * sp[j])
        put(p.commitments[j], -e * (a1 + a3 * u[j]))
        # ĉ_j closes link j and opens link j + 1; the last one is also in t₂.
        following = b[j + 1] * sp[j + 1] if j + 1 < n else -a2 * e
        put(p.chain[j], -b[j] * e + following)
        for a, point_in, point_out in zip(columns, p.deck_in[j], p.deck_out[j], strict=True):
            put(point_in, -a * e * u[j])
            put(point_out, a * sp[j])
        put(p.t_hat[j], -b[j])
    for weight, point in zip((a1, a2, a3, *columns), p.t, strict=True):
        put(point, -weight)


def _combined(proofs: Sequence[_Parsed], key: Point, rng: Randomness) -> bool:
    """Whether every equation of every proof holds (one combined sum; see verify_shuffles)."""
    todo = [p for p in proofs if not (REMEMBER and p.memo in _HELD)]
    if not todo:
        return True
    into: dict[Point, int] = {}
    for p in todo:
        _terms(p, key, rng, into)
    at_g = into.pop(GENERATOR, 0)
    try:
        for point, scalar in into.items():
            if scalar == 0:
                point_from_peer(point, "a point of the shuffle")  # not multiplied: check it
        total = mul_sum(((s, q) for q, s in into.items()), base_mul_int(at_g))
    except GroupError:
        return False
    if total != IDENTITY:
        return False
    if REMEMBER:
        for p in todo:
            _HELD[p.memo] = None
        while len(_HELD) > _HELD_MAX:
            _HELD.popitem(last=False)
    return True


def _problem(p: _Parsed, key: Point) -> str:
    """Why one proof that does not hold fails: an invalid element, or a false statement."""
    for point in [*p.commitments, *p.chain, *p.t, *p.t_hat, *(x for c in p.deck_out for x in c)]:
        if not is_point(point):
            return "the shuffle proof holds an invalid element (a point outside the group)"
    return "the shuffle proof does not hold: the deck sent is not the deck received, reordered"
