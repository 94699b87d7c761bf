"""The building blocks: group validation, proofs, commitments, joint randomness, masked deck."""

import random

import pytest

from lanpurr.fair import group as g
from lanpurr.fair.accusation import Fault
from lanpurr.fair.commitment import Binding, commit, opens
from lanpurr.fair.joint_random import JointRandom
from lanpurr.fair.masked_deck import (
    apply_shuffle,
    card_lookup,
    card_points,
    decryption_share,
    joint_key,
    open_deck,
    remask,
    shuffle,
    unmask,
    unmask_with_key,
)
from lanpurr.fair.proofs import (
    prove_dleq,
    prove_dleq_many,
    prove_knowledge,
    verify_dleq,
    verify_dleq_many,
    verify_knowledge,
)
from lanpurr.fair.shuffle_proof import prove_shuffle, verify_shuffle
from tests.fair.encodings import NAMES, bad_encodings, negated, top_bit

TABLE = b"T" * 16

POINT = g.base_mul(g.scalar_from_int(7))


@pytest.mark.parametrize(
    "bad", [*bad_encodings(POINT), b"\xff" * 32, b"abc", "text", None], ids=repr
)
def test_invalid_points_from_a_peer_are_refused(bad: object) -> None:
    with pytest.raises(g.GroupError):
        g.point_from_peer(bad)


@pytest.mark.parametrize("bad", bad_encodings(POINT), ids=NAMES)
def test_a_multiplication_refuses_what_a_peer_may_not_send(bad: bytes) -> None:
    """The proofs validate a peer's points by multiplying them (decision 18): the
    multiplication must refuse exactly what `point_from_peer` refuses."""
    with pytest.raises(g.GroupError):
        g.mul(g.random_scalar(), bad)
    assert g.point_from_peer(POINT) == POINT


def test_an_element_has_one_encoding() -> None:
    """−s and s with the top bit set would name the same element as s: both are refused, so a
    peer cannot send other bytes for a point it proved."""
    assert g.mul(g.scalar_from_int(1), POINT) == POINT
    for other in (negated(POINT), top_bit(POINT)):
        assert other != POINT and not g.is_point(other)


def test_non_canonical_scalar_is_refused() -> None:
    with pytest.raises(g.GroupError):
        g.scalar_from_peer(g.ORDER.to_bytes(32, "little"))


def test_schnorr_proof_verifies_and_is_bound_to_its_context() -> None:
    x = g.random_scalar()
    h = g.base_mul(x)
    proof = prove_knowledge(x, h, b"seat 0")
    assert verify_knowledge(h, proof, b"seat 0")
    assert not verify_knowledge(h, proof, b"seat 1")
    assert not verify_knowledge(g.base_mul(g.random_scalar()), proof, b"seat 0")
    assert not verify_knowledge(h, proof[:-1], b"seat 0")
    assert not verify_knowledge(h, bytes(64), b"seat 0")


def test_dleq_proof_catches_a_share_made_with_another_key() -> None:
    x, y = g.random_scalar(), g.random_scalar()
    c1 = g.base_mul(g.random_scalar())
    h = g.base_mul(x)
    good = g.mul(x, c1)
    proof = prove_dleq(x, g.GENERATOR, h, c1, good, b"ctx")
    assert verify_dleq(g.GENERATOR, h, c1, good, proof, b"ctx")
    bad = g.mul(y, c1)
    assert not verify_dleq(g.GENERATOR, h, c1, bad, proof, b"ctx")
    assert not verify_dleq(
        g.GENERATOR, h, c1, bad, prove_dleq(y, g.GENERATOR, h, c1, bad, b"ctx"), b"ctx"
    )


def _shares_of(x: g.Scalar, count: int) -> tuple[list[g.Point], list[g.Point]]:
    cards = [g.base_mul(g.random_scalar()) for _ in range(count)]
    return cards, [g.mul(x, c) for c in cards]


def test_one_proof_covers_every_share_of_a_message() -> None:
    x = g.random_scalar()
    a = g.base_mul(x)
    cards, shares = _shares_of(x, 7)
    proof = prove_dleq_many(x, a, cards, shares, b"ctx")
    assert verify_dleq_many(a, cards, shares, proof, b"ctx")
    assert not verify_dleq_many(a, cards, shares, proof, b"other step")
    assert not verify_dleq_many(a, cards, shares[::-1], proof, b"ctx")  # shares for other cards
    assert not verify_dleq_many(a, cards[:-1], shares[:-1], proof, b"ctx")
    assert not verify_dleq_many(a, cards, shares, proof[:-1], b"ctx")
    assert not verify_dleq_many(a, cards, shares, None, b"ctx")
    other = g.random_scalar()
    assert not verify_dleq_many(g.base_mul(other), cards, shares, proof, b"ctx")
    assert prove_dleq_many(x, a, [], [], b"ctx") == b""
    assert verify_dleq_many(a, [], [], b"", b"ctx")


@pytest.mark.parametrize("k", range(5))
def test_one_wrong_share_anywhere_in_a_message_fails_its_proof(k: int) -> None:
    """The cheater proves honestly over the shares it sends: the proof cannot cover the one
    made with another key, or one changed, or a point outside the group (no crash)."""
    x = g.random_scalar()
    a = g.base_mul(x)
    cards, shares = _shares_of(x, 5)
    for bad in (
        g.mul(g.random_scalar(), cards[k]),
        g.add(shares[k], g.GENERATOR),
        *bad_encodings(shares[k]),
    ):
        sent = [*shares[:k], bad, *shares[k + 1 :]]
        assert not verify_dleq_many(a, cards, sent, prove_dleq_many(x, a, cards, sent, b"c"), b"c")


def test_commitment_opens_only_with_its_value_nonce_and_binding() -> None:
    b = Binding(TABLE, 1, b"S" * 32, "seed")
    digest, nonce = commit(b, b"value")
    assert opens(b, digest, b"value", nonce)
    assert not opens(b, digest, b"other", nonce)
    assert not opens(Binding(TABLE, 2, b"S" * 32, "seed"), digest, b"value", nonce)
    assert not opens(Binding(TABLE, 1, b"R" * 32, "seed"), digest, b"value", nonce)
    assert not opens(b, digest, b"value", nonce[:-1])


def _joint(n: int) -> tuple[JointRandom, list[tuple[bytes, bytes]]]:
    senders = [bytes([i]) * 32 for i in range(n)]
    jr = JointRandom(TABLE, 0, "seed", senders)
    openings = []
    for seat in range(n):
        seed = g.os_randomness(32)
        digest, nonce = commit(jr.bindings[seat], seed)
        jr.add_commitment(seat, digest)
        openings.append((seed, nonce))
    return jr, openings


def test_joint_random_needs_every_reveal_and_names_who_is_missing() -> None:
    jr, openings = _joint(3)
    for seat in (0, 2):
        jr.add_reveal(seat, *openings[seat])
    assert not jr.done and jr.overdue() == (1,)
    jr.add_reveal(1, *openings[1])
    assert len(jr.result()) == 32


def test_joint_random_refuses_a_seed_changed_after_seeing_others() -> None:
    jr, openings = _joint(3)
    jr.add_reveal(0, *openings[0])
    jr.add_reveal(1, *openings[1])
    with pytest.raises(Fault, match="F-COMMIT"):
        jr.add_reveal(2, b"\x00" * 32, openings[2][1])


def test_masked_card_is_read_only_with_every_share() -> None:
    xs = [g.random_scalar() for _ in range(3)]
    key = joint_key([g.base_mul(x) for x in xs])
    cards = card_points("test", 5)
    deck, _ = shuffle(open_deck(cards, key), key)
    lookup = card_lookup(cards)
    faces = []
    for card in deck:
        shares = [decryption_share(x, card) for x in xs]
        faces.append(lookup(unmask(card, shares)))
        assert lookup(unmask(card, shares[:2])) is None
    assert sorted(faces) == [0, 1, 2, 3, 4]  # type: ignore[type-var]


def test_remask_changes_the_pair_but_not_the_card() -> None:
    x = g.random_scalar()
    key = g.base_mul(x)
    card = open_deck(card_points("test", 1), key)[0]
    again = remask(card, key, g.random_scalar())
    assert again != card
    assert unmask_with_key(again, x) == unmask_with_key(card, x)


def test_shuffle_proof_accepts_an_honest_shuffle_and_catches_a_substitution() -> None:
    rng = random.Random(7)
    det = rng.randbytes
    key = g.base_mul(g.random_scalar(det))
    deck = open_deck(card_points("test", 6), key)
    out, secret = shuffle(deck, key, det)
    proof = prove_shuffle(deck, out, key, secret, b"ctx", rng=det)
    assert verify_shuffle(deck, out, key, proof, b"ctx") == ""
    assert "bytes" in verify_shuffle(deck, out, key, proof[:-1], b"ctx")
    assert verify_shuffle(deck, out, key, proof, b"other") != ""
    forged = list(out)
    forged[0] = remask(deck[0], key, g.random_scalar(det))  # a duplicate of card 0
    assert apply_shuffle(deck, key, secret) == out
    assert verify_shuffle(deck, forged, key, proof, b"ctx") != ""
    assert verify_shuffle(deck, out, key, b"\x93\x01", b"ctx") != ""
