"""The oblivious transfer of a blind draw read on arrival (lanpurr/fair/blind_draw.py): the
drawer opens its own position's share and nothing else, every sealed share is proven, and a
ticket cannot make a holder fail."""

import random
from typing import Any

import pytest

from lanpurr.fair import group
from lanpurr.fair.blind_draw import (
    SIZES,
    open_sealed,
    position_base,
    position_keys,
    prove_pick,
    seal,
    ticket,
    ticket_problem,
    verify_pick,
    verify_sealed,
)
from lanpurr.fair.harness import Table
from lanpurr.fair.masked_deck import card_lookup, card_points
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import Phase, RoundSetup


def seeded(seed: int) -> group.Randomness:
    source = random.Random(seed)
    return lambda n: source.randbytes(n)


def holder(n: int, seed: int = 1) -> tuple[bytes, bytes, list[bytes]]:
    rng = seeded(seed)
    x = group.random_scalar(rng)
    return x, group.base_mul(x), [group.base_mul(group.random_scalar(rng)) for _ in range(n)]


@pytest.mark.parametrize("n", [1, 2, 5, SIZES])
def test_the_drawer_opens_the_holders_share_at_its_position_and_every_seat_checks_the_seal(
    n: int,
) -> None:
    secret, points = ticket(seeded(n))
    x, key_share, c1s = holder(n)
    sealed = seal(x, key_share, c1s, points[n - 1], b"context", seeded(7))
    e, f, proof = sealed.e_points, sealed.sealed, sealed.proof
    assert verify_sealed(key_share, c1s, points[n - 1], e, f, proof, b"context")
    c = secret.position(n)
    opened = [open_sealed(secret.key(n), e[j], f[j]) == group.mul(x, c1s[j]) for j in range(n)]
    assert opened == [j == c for j in range(n)]
    keys = position_keys(points[n - 1], n)
    t, pick = prove_pick(secret.key(n), keys[c], e[c], b"pick")
    assert verify_pick(keys[c], e[c], t, pick, b"pick")
    assert group.sub(f[c], t) == group.mul(x, c1s[c])  # what every seat reads after the pick
    for j in range(n):
        if j != c:  # the pick cannot name another position
            assert not verify_pick(keys[j], e[j], t, pick, b"pick")
            assert not verify_pick(keys[j], e[c], t, pick, b"pick")


def test_a_false_sealed_share_another_context_or_another_ticket_is_refused() -> None:
    n = 4
    _, points = ticket(seeded(3))
    x, key_share, c1s = holder(n)
    s = seal(x, key_share, c1s, points[n - 1], b"context", seeded(8))
    q = points[n - 1]
    assert verify_sealed(key_share, c1s, q, s.e_points, s.sealed, s.proof, b"context")
    false = list(s.sealed)
    false[2] = group.add(false[2], group.GENERATOR)
    assert not verify_sealed(key_share, c1s, q, s.e_points, false, s.proof, b"context")
    swapped = [s.sealed[1], s.sealed[0], *s.sealed[2:]]
    assert not verify_sealed(key_share, c1s, q, s.e_points, swapped, s.proof, b"context")
    assert not verify_sealed(key_share, c1s, q, s.e_points, s.sealed, s.proof, b"elsewhere")
    assert not verify_sealed(key_share, c1s, points[n - 2], s.e_points, s.sealed, s.proof,
                             b"context")  # fmt: skip
    other_share = group.base_mul(group.random_scalar(seeded(9)))
    assert not verify_sealed(other_share, c1s, q, s.e_points, s.sealed, s.proof, b"context")
    assert not verify_sealed(key_share, c1s, q, s.e_points[:-1], s.sealed, s.proof, b"context")
    assert not verify_sealed(key_share, c1s, q, s.e_points, s.sealed, s.proof[:-1], b"context")
    short = [s.e_points[0][:31], *s.e_points[1:]]
    assert not verify_sealed(key_share, c1s, q, short, s.sealed, s.proof, b"context")


def test_knowing_every_other_share_and_one_opened_position_reads_no_other_card() -> None:
    """The drawer knows, for every card, every share but the holder's (and so does every seat
    once the pick has put out the drawer's shares of the kept cards), and e_c·P_c. A seal with
    one randomness for every position, under keys Q + j·R, tied every F_j to one unknown point:
    guessing one face read the whole hand. Here each guess leaves every other position open."""
    n = 6
    faces = card_points("lanpurr test deck", 33)
    lookup = card_lookup(faces)
    hand = [5, 17, 32, 0, 9, 21]
    secret, points = ticket(seeded(11))
    x, key_share, c1s = holder(n, 12)
    known = [group.add(faces[m], group.mul(x, c1)) for m, c1 in zip(hand, c1s, strict=True)]
    s = seal(x, key_share, c1s, points[n - 1], b"context", seeded(13))
    c = secret.position(n)
    mine = group.mul(secret.key(n), s.e_points[c])
    masks = {j: group.sub(group.sub(s.sealed[j], known[j]), mine) for j in range(n) if j != c}
    # The old seal's attack: a face guessed at one position gives the one unknown point (e·R,
    # scaled by the positions' distance), which then turns every other position into a card.
    # Tried here with both ties, scaled and plain: no guess reads the rest now.
    first, *others = sorted(masks)

    def times(i: int, point: bytes) -> bytes:
        return group.mul(group.scalar_from_int(i % group.ORDER), point)

    readable = 0
    for guess in faces:
        shifted = group.add(masks[first], guess)
        unit = times(pow(first - c, -1, group.ORDER), shifted)
        for unknown in ([times(j - c, unit) for j in others], [shifted] * len(others)):
            read = [lookup(group.sub(u, masks[j])) for u, j in zip(unknown, others, strict=True)]
            readable += all(f is not None for f in read)
    assert readable == 0


def test_a_ticket_that_makes_a_positions_key_neutral_is_refused() -> None:
    _, points = ticket(seeded(21))
    assert ticket_problem(points) == ""
    for n, j in [(1, 0), (2, 1), (SIZES, SIZES - 1), (5, 0)]:
        bad = list(points)
        bad[n - 1] = group.mul(group.scalar_from_int(group.ORDER - 1), position_base(j))
        assert "neutral" in ticket_problem(bad)
    # A point −R_j for a size with fewer positions than j + 1 makes no key neutral.
    fine = list(points)
    fine[0] = group.mul(group.scalar_from_int(group.ORDER - 1), position_base(3))
    assert ticket_problem(fine) == ""


def test_blind_draws_read_on_arrival_need_the_shuffle_proofs() -> None:
    with pytest.raises(ValueError, match="shuffle proofs"):
        RoundSetup(b"t" * 16, 1, (b"a", b"b"), "d", 3, shuffle_proofs=False, blind_draws=True)


class KeyWithAJunkTicket(FairPeer):
    def key_message(self, public: bytes, proof: bytes, digest: bytes) -> dict[str, Any]:
        return {**super().key_message(public, proof, digest), "ticket": [b"junk"]}


def test_a_ticket_at_a_table_without_blind_draws_is_ignored() -> None:
    table = Table(3, 6, factories={1: KeyWithAJunkTicket})
    table.start()
    assert table.accusations() == {0: [], 1: [], 2: []}
    assert all(peer.phase is not Phase.KEYS for peer in table.peers)
