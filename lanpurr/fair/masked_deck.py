"""The masked deck (Barnett–Smart 2003): ElGamal over the ristretto255 group.

Each seat i holds a key share x_i and publishes H_i = x_i·G; the joint key is H = Σ H_i.
A card is a point M (`card_points`). Masked, it is the pair (C1, C2) = (r·G, M + r·H).
Re-masking adds (s·G, s·H) for a fresh s, giving a pair nobody can link to the old one.
Seat i's decryption share of a masked card is x_i·C1; with every share, M = C2 − Σ x_i·C1.
A seat that keeps its own share back is the only one who can read the card: that is a
private deal. Turning a card face up publishes every share.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from lanpurr.fair.group import (
    GENERATOR,
    Point,
    Randomness,
    Scalar,
    add,
    base_mul,
    hash_to_point,
    mul,
    os_randomness,
    random_scalar,
    s_add,
    sub,
)

Masked = tuple[Point, Point]


def card_points(deck_id: str, count: int) -> tuple[Point, ...]:
    """The public points of cards 0 … count−1 of a deck (hash to the group: no known logs)."""
    points = tuple(
        hash_to_point(b"lanpurr/fair/card/v1", deck_id.encode(), i.to_bytes(4, "big"))
        for i in range(count)
    )
    if len(set(points)) != count:  # pragma: no cover - a SHA-256 collision
        raise RuntimeError("two cards hashed to one point")
    return points


def joint_key(shares: Sequence[Point]) -> Point:
    total = shares[0]
    for share in shares[1:]:
        total = add(total, share)
    return total


def open_deck(cards: Sequence[Point], key: Point) -> list[Masked]:
    """The deck before any shuffle, masked with the public randomness 1: every peer computes
    the same pairs, so nobody needs to trust the first masking."""
    return [(GENERATOR, add(m, key)) for m in cards]


def remask(card: Masked, key: Point, s: Scalar) -> Masked:
    return add(card[0], base_mul(s)), add(card[1], mul(s, key))


def carried_on(
    shares: Sequence[Point], key_shares: Sequence[Point], s: Scalar
) -> tuple[Point, ...]:
    """Seats' decryption shares of a card, made shares of the card re-masked with s:
    x_C·(C1 + s·G) = x_C·C1 + s·H_C."""
    return tuple(add(d, mul(s, h)) for d, h in zip(shares, key_shares, strict=True))


@dataclass(frozen=True)
class ShuffleSecret:
    """out[j] = remask(in[permutation[j]], masks[j]). Kept until the audit."""

    permutation: tuple[int, ...]
    masks: tuple[Scalar, ...]


def random_permutation(n: int, rng: Randomness) -> tuple[int, ...]:
    """Fisher–Yates with rejection sampling: uniform, no modulo bias."""
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        bound = i + 1
        limit = (1 << 32) - ((1 << 32) % bound)
        while True:
            v = int.from_bytes(rng(4), "big")
            if v < limit:
                break
        j = v % bound
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def shuffle(
    deck: Sequence[Masked], key: Point, rng: Randomness = os_randomness
) -> tuple[list[Masked], ShuffleSecret]:
    secret = ShuffleSecret(
        random_permutation(len(deck), rng), tuple(random_scalar(rng) for _ in deck)
    )
    return apply_shuffle(deck, key, secret), secret


def apply_shuffle(deck: Sequence[Masked], key: Point, secret: ShuffleSecret) -> list[Masked]:
    return [remask(deck[p], key, s) for p, s in zip(secret.permutation, secret.masks, strict=True)]


def compose(first: ShuffleSecret, then: ShuffleSecret) -> ShuffleSecret:
    """The single shuffle that equals `first` followed by `then` (masks add up)."""
    return ShuffleSecret(
        tuple(first.permutation[p] for p in then.permutation),
        tuple(s_add(first.masks[p], s) for p, s in zip(then.permutation, then.masks, strict=True)),
    )


def is_permutation(values: Sequence[int], n: int) -> bool:
    return len(values) == n and sorted(values) == list(range(n))


def decryption_share(x: Scalar, card: Masked) -> Point:
    return mul(x, card[0])


def unmask(card: Masked, shares: Sequence[Point]) -> Point:
    total = card[1]
    for share in shares:
        total = sub(total, share)
    return total


# Remembered: every seat of one laptop audits the same round with the same joint secret.
@lru_cache(maxsize=8192)
def unmask_with_key(card: Masked, x: Scalar) -> Point:
    """With the joint secret Σ x_i (known only at the audit), decrypt directly."""
    return sub(card[1], mul(x, card[0]))


CardLookup = Callable[[Point], int | None]


def card_lookup(cards: Sequence[Point]) -> CardLookup:
    index = {p: i for i, p in enumerate(cards)}
    return index.get
