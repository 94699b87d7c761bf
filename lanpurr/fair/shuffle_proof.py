"""A proof that a shuffle is honest: the Terelius–Wikström proof of a shuffle, made
non-interactive with Fiat–Shamir.

Written from the published description: B. Terelius and D. Wikström, "Proofs of Restricted
Shuffles", AFRICACRYPT 2010; D. Wikström, "A Commitment-Consistent Proof of a Shuffle",
ACISP 2009; and the step-by-step form of R. Haenni, P. Locher, R. Koenig and E. Dubuis,
"Pseudo-Code Algorithms for Verifiable Re-Encryption Mix-Nets", FC 2017 Workshops (the form
the CHVote specification uses). Here in additive notation over the ed25519 group.

The statement: out[j] = in[π(j)] + s_j·(G, K) for a permutation π and masks s_j that the
shuffler knows (`ShuffleSecret`), K being the joint key. H_0 … H_{n−1} and U are generators
hashed to the group (`group.independent_generator`): nobody knows a relation between them and G.

1. The shuffler commits to the permutation: c_i = r_i·G + H_{π⁻¹(i)} for each input position i.
2. u_0 … u_{n−1} are hashed from the transcript so far; u'_j = u_{π(j)} (u in output order).
3. A chain commits to the running products of u': ĉ_{−1} = U, ĉ_j = r̂_j·G + u'_j·ĉ_{j−1}.
4. One Σ-protocol, with a challenge e hashed from everything, proves knowledge of r̄, r̂, r̃, r',
   r̂_j and u'_j such that

       Σ c_i − Σ H_j = r̄·G                       every row of the committed matrix sums to one
       ĉ_{n−1} − (Π u_i)·U = r̂·G                 Π u'_j = Π u_i
       Σ u_i·c_i = r̃·G + Σ u'_j·H_j              c commits to u', a permutation of u
       Σ u_i·in_i = Σ u'_j·out_j − r'·(G, K)     the output is the input so permuted, re-masked
       ĉ_j = r̂_j·G + u'_j·ĉ_{j−1}                the chain uses those same u'_j

   For random u these hold only if the committed matrix is a permutation matrix and the output
   is the input permuted by it and re-masked (Terelius–Wikström, Theorem 1). A cheat survives
   with probability about (n + 2)/ℓ per hash query, below 2^-240.

The prover needs about 5n scalar multiplications and 3n base-point ones, the verifier 8n and n.
The proof is 32·(4n + 5) bytes: c, ĉ, e, s₁ … s₄, ŝ, s'.
"""

import hashlib
from collections.abc import Sequence
from functools import lru_cache

from lanpurr.fair.group import (
    ELEMENT_BYTES,
    ORDER,
    GroupError,
    Point,
    Randomness,
    add,
    base_mul_int,
    independent_generator,
    mul_sum,
    os_randomness,
    sub,
)
from lanpurr.fair.masked_deck import Masked, ShuffleSecret

_GENERATORS = b"lanpurr/fair/shuffle-proof/generators"
_U_DOMAIN = b"lanpurr/fair/shuffle-proof/v2/u"
_E_DOMAIN = b"lanpurr/fair/shuffle-proof/v2/e"


def proof_size(n: int) -> int:
    return 0 if n == 0 else ELEMENT_BYTES * (4 * n + 5)


def generators(n: int) -> tuple[tuple[Point, ...], Point]:
    """H_0 … H_{n−1} (one per card) and U (the start of the chain)."""
    return tuple(independent_generator(_GENERATORS, i) for i in range(n)), _chain_start()


@lru_cache(maxsize=1)
def _chain_start() -> Point:
    return independent_generator(_GENERATORS + b"/chain", 0)


@lru_cache(maxsize=64)
def _sum_of_generators(n: int) -> Point:
    total = generators(n)[0][0]
    for h in generators(n)[0][1:]:
        total = add(total, h)
    return total


def _deck_bytes(deck: Sequence[Masked]) -> bytes:
    return b"".join(c1 + c2 for c1, c2 in deck)


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
    deck_in: Sequence[Masked],
    deck_out: Sequence[Masked],
    commitments: Sequence[Point],
) -> tuple[bytes, list[int]]:
    seed = _digest(
        _U_DOMAIN, context, key, _deck_bytes(deck_in), _deck_bytes(deck_out), *commitments
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
    deck_in: Sequence[Masked],
    deck_out: Sequence[Masked],
    key: Point,
    secret: ShuffleSecret,
    context: bytes,
    rng: Randomness = os_randomness,
) -> bytes:
    """The proof that deck_out is deck_in shuffled and re-masked as `secret` says."""
    n = len(deck_in)
    if n == 0:
        return b""
    q = ORDER
    hs, chain_start = generators(n)
    perm = secret.permutation
    masks = [_int(s) for s in secret.masks]
    position_of = [0] * n
    for j, i in enumerate(perm):
        position_of[i] = j

    r = [_random(rng) for _ in range(n)]
    commitments = [add(base_mul_int(r[i]), hs[position_of[i]]) for i in range(n)]
    seed, u = _u_vector(context, key, deck_in, deck_out, commitments)
    u_out = [u[i] for i in perm]

    # The chain in closed form: ĉ_j = R_j·G + P_j·U, with P_j = u'_0 ⋯ u'_j.
    r_hat = [_random(rng) for _ in range(n)]
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
    w1, w2, w3, w4 = (_random(rng) for _ in range(4))
    w_hat = [_random(rng) for _ in range(n)]
    w_prime = [_random(rng) for _ in range(n)]

    t = [
        base_mul_int(w1),
        base_mul_int(w2),
        mul_sum(zip(w_prime, hs, strict=True), base_mul_int(w3)),
        mul_sum(((w, c[0]) for w, c in zip(w_prime, deck_out, strict=True)), base_mul_int(-w4)),
        mul_sum(((w, c[1]) for w, c in zip(w_prime, deck_out, strict=True)), mul_sum([(-w4, key)])),
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
            _bytes(e),
            *(_bytes(s) for s in responses),
            *(_bytes(s) for s in s_hat),
            *(_bytes(s) for s in s_prime),
        ]
    )


def verify_shuffle(
    deck_in: Sequence[Masked],
    deck_out: Sequence[Masked],
    key: Point,
    proof: object,
    context: bytes,
) -> str:
    """The empty string when the proof holds, otherwise what is wrong with it. deck_in must
    already be valid points; every point of deck_out and of the proof is checked here (each is
    multiplied by a non-zero scalar, and libsodium's multiplication refuses a point that is
    not canonical, off the curve, of small order or outside the prime-order group)."""
    n = len(deck_in)
    if len(deck_out) != n:
        return f"the shuffle returned {len(deck_out)} cards for {n}"
    if not isinstance(proof, bytes):
        return "the shuffle proof is missing"
    if len(proof) != proof_size(n):
        return f"the shuffle proof is {len(proof)} bytes; a proof for {n} cards is {proof_size(n)}"
    if n == 0:
        return ""
    return _verify(_deck_bytes(deck_in), _deck_bytes(deck_out), key, proof, context)


# The result is a pure function of the bytes, so it may be remembered: a peer never checks one
# proof twice, but the audit on the same laptop replays what the peer checked (and, in tests,
# every peer of a table shares one process).
@lru_cache(maxsize=128)
def _verify(in_blob: bytes, out_blob: bytes, key: Point, proof: bytes, context: bytes) -> str:
    deck_in, deck_out = _cards(in_blob), _cards(out_blob)
    n = len(deck_in)
    words = [proof[k : k + ELEMENT_BYTES] for k in range(0, len(proof), ELEMENT_BYTES)]
    commitments, chain = words[:n], words[n : 2 * n]
    scalars = [_int(w) for w in words[2 * n :]]
    if any(s >= ORDER for s in scalars):
        return "the shuffle proof holds a scalar that is not canonical"
    e, s1, s2, s3, s4 = scalars[:5]
    if e == 0:  # never a hashed challenge; refused before it could skip any multiplication
        return "the shuffle proof does not hold: its challenge is zero"
    s_hat, s_prime = scalars[5 : 5 + n], scalars[5 + n :]
    if 0 in s_prime:
        # Each output card is multiplied by its s'_j below, and that multiplication is what
        # validates it (the protocol does not check a proven deck's points twice): a zero would
        # skip it. An honest s'_j is zero with probability 1/ℓ.
        return "the shuffle proof does not hold: a response is zero"
    hs, chain_start = generators(n)
    seed, u = _u_vector(context, key, deck_in, deck_out, commitments)
    product = 1
    for ui in u:
        product = product * ui % ORDER
    try:
        # Σ u_i·c_i comes first: its scalar multiplications refuse any c_i outside the group
        # before the c_i are added up, and the chain's points all meet −e·ĉ_j below.
        c_tilde_e = [(-e * ui, c) for ui, c in zip(u, commitments, strict=True)]
        t3 = mul_sum([*zip(s_prime, hs, strict=True), *c_tilde_e], base_mul_int(s3))
        c_bar = commitments[0]
        for c in commitments[1:]:
            c_bar = add(c_bar, c)
        c_bar = sub(c_bar, _sum_of_generators(n))
        c_hat = sub(chain[-1], mul_sum([(product, chain_start)]))
        t = [
            mul_sum([(-e, c_bar)], base_mul_int(s1)),
            mul_sum([(-e, c_hat)], base_mul_int(s2)),
            t3,
            mul_sum(
                [
                    *((s, c[0]) for s, c in zip(s_prime, deck_out, strict=True)),
                    *((-e * ui, c[0]) for ui, c in zip(u, deck_in, strict=True)),
                ],
                base_mul_int(-s4),
            ),
            mul_sum(
                [
                    *((s, c[1]) for s, c in zip(s_prime, deck_out, strict=True)),
                    *((-e * ui, c[1]) for ui, c in zip(u, deck_in, strict=True)),
                    (-s4, key),
                ]
            ),
        ]
        previous = [chain_start, *chain[:-1]]
        t_hat = [
            mul_sum([(s_prime[j], previous[j]), (-e, chain[j])], base_mul_int(s_hat[j]))
            for j in range(n)
        ]
    except GroupError as error:
        return f"the shuffle proof holds an invalid element ({error})"
    if _challenge(seed, chain, t + t_hat) != e:
        return "the shuffle proof does not hold: the deck sent is not the deck received, reordered"
    return ""
