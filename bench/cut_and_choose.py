"""lanpurr's former proof of a shuffle (lanpurr/fair/shuffle_proof.py until decision 0010),
kept here only so that bench_shuffle.py can measure it beside its replacement in one run.

A proof that a shuffle is honest: cut-and-choose, made non-interactive with Fiat–Shamir.

The shuffler publishes k "shadow" shuffles of its output. The challenge (k bits hashed from
the context, the input, the output and every shadow) asks, for each shadow, to open it either
from the output (bit 0) or from the input (bit 1, the composition of both shuffles). Each
opening reveals a permutation and masks that say nothing about the real permutation. If the
output were not a re-masked permutation of the input, at most one of the two openings of a
shadow could exist, so a cheat survives with probability 2^-k: k = 80 gives soundness 2^-80.
"""

import hashlib
from collections.abc import Sequence

import msgpack

from lanpurr.fair.group import (
    GroupError,
    Point,
    Randomness,
    os_randomness,
    scalar_from_peer,
)
from lanpurr.fair.masked_deck import (
    Masked,
    ShuffleSecret,
    apply_shuffle,
    compose,
    is_permutation,
    shuffle,
)

ROUNDS = 80
_DOMAIN = b"lanpurr/fair/shuffle-proof/v1"


def _deck_bytes(deck: Sequence[Masked]) -> bytes:
    return b"".join(c1 + c2 for c1, c2 in deck)


def _challenge_bits(
    context: bytes,
    deck_in: Sequence[Masked],
    deck_out: Sequence[Masked],
    shadows: Sequence[Sequence[Masked]],
) -> list[int]:
    h = hashlib.sha512(_DOMAIN)
    for part in (context, _deck_bytes(deck_in), _deck_bytes(deck_out)):
        h.update(len(part).to_bytes(4, "big") + part)
    for shadow in shadows:
        h.update(_deck_bytes(shadow))
    digest = h.digest()
    return [(digest[i // 8] >> (i % 8)) & 1 for i in range(len(shadows))]


def prove_shuffle(
    deck_in: Sequence[Masked],
    deck_out: Sequence[Masked],
    key: Point,
    secret: ShuffleSecret,
    context: bytes,
    rounds: int = ROUNDS,
    rng: Randomness = os_randomness,
) -> bytes:
    made = [shuffle(deck_out, key, rng) for _ in range(rounds)]
    shadows = [deck for deck, _ in made]
    bits = _challenge_bits(context, deck_in, deck_out, shadows)
    openings = []
    for bit, (_, shadow_secret) in zip(bits, made, strict=True):
        opened = compose(secret, shadow_secret) if bit else shadow_secret
        openings.append(
            [
                b"".join(p.to_bytes(2, "big") for p in opened.permutation),
                b"".join(opened.masks),
            ]
        )
    packed: bytes = msgpack.packb(
        [rounds, [_deck_bytes(s) for s in shadows], openings], use_bin_type=True
    )
    return packed


def verify_shuffle(
    deck_in: Sequence[Masked],
    deck_out: Sequence[Masked],
    key: Point,
    proof: object,
    context: bytes,
    rounds: int = ROUNDS,
) -> str:
    """ "" when the proof holds, otherwise what is wrong with it."""
    n = len(deck_in)
    if len(deck_out) != n:
        return f"the shuffle returned {len(deck_out)} cards for {n}"
    if not isinstance(proof, bytes):
        return "the shuffle proof is missing"
    try:
        decoded = msgpack.unpackb(proof, raw=False, max_map_len=0, max_ext_len=0)
        count, shadow_blobs, openings = decoded
        if count != rounds or len(shadow_blobs) != rounds or len(openings) != rounds:
            return f"the shuffle proof must have {rounds} rounds"
        shadows: list[list[Masked]] = []
        for blob in shadow_blobs:
            if not isinstance(blob, bytes) or len(blob) != 64 * n:
                return "a shadow deck has the wrong size"
            # No point check needed: each shadow must equal a re-masking recomputed here from
            # valid points and canonical scalars, which is valid by construction.
            shadows.append(
                [(blob[64 * j : 64 * j + 32], blob[64 * j + 32 : 64 * j + 64]) for j in range(n)]
            )
        bits = _challenge_bits(context, deck_in, deck_out, shadows)
        for bit, shadow, (perm_blob, mask_blob) in zip(bits, shadows, openings, strict=True):
            if len(perm_blob) != 2 * n or len(mask_blob) != 32 * n:
                return "a shuffle opening has the wrong size"
            perm = tuple(int.from_bytes(perm_blob[2 * j : 2 * j + 2], "big") for j in range(n))
            if not is_permutation(perm, n):
                return "a shuffle opening is not a permutation"
            masks = tuple(scalar_from_peer(mask_blob[32 * j : 32 * j + 32]) for j in range(n))
            base = deck_in if bit else deck_out
            if apply_shuffle(base, key, ShuffleSecret(perm, masks)) != shadow:
                return "a shadow shuffle does not open as claimed"
    except GroupError as error:
        return f"the shuffle proof holds an invalid element ({error})"
    except (ValueError, TypeError) as error:
        return f"the shuffle proof is malformed ({error})"
    except Exception as error:  # msgpack's decode errors share no base class we can name
        return f"the shuffle proof is malformed ({type(error).__name__})"
    return ""
