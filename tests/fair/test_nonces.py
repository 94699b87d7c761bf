"""A proof's nonce never repeats for another statement (group.hedged).

Two Schnorr-type proofs made with one nonce w and two challenges give the secret away to
anyone who sees both: s₁ − s₂ = (c₁ − c₂)·x. A seat's randomness is a stream replayed on a
restart (net.game.take_up), so a seat taken back from an older record that then makes another choice
draws the same bytes at the same place; the nonce must still differ."""

import random

import msgpack
import pytest

from lanpurr.fair import group as g
from lanpurr.fair.envelope import Envelope
from lanpurr.fair.harness import Table
from lanpurr.fair.identity import Identity
from lanpurr.fair.masked_deck import card_points, open_deck, shuffle
from lanpurr.fair.proofs import (
    prove_dleq,
    prove_dleq_many,
    prove_knowledge,
    verify_dleq,
    verify_dleq_many,
    verify_knowledge,
)
from lanpurr.fair.shuffle_proof import prove_shuffle, verify_shuffle


def _same_bytes(seed: int) -> g.Randomness:
    """A source that gives the same bytes every time it is built: a replayed stream."""
    return random.Random(seed).randbytes


def _secret_from(proofs: tuple[bytes, bytes]) -> int:
    """What a listener computes from two proofs of one secret, guessing they share a nonce."""
    c1, s1, c2, s2 = (int.from_bytes(p[k : k + 32], "little") for p in proofs for k in (0, 32))
    return (s1 - s2) * pow(c1 - c2, -1, g.ORDER) % g.ORDER


def _commitment(proof: bytes, public: g.Point, base: g.Point = g.GENERATOR) -> g.Point:
    """The prover's commitment w·base, as anyone recomputes it from the proof: s·base − c·public."""
    c, s = proof[:32], proof[32:]
    times = g.base_mul if base == g.GENERATOR else (lambda k: g.mul(k, base))
    return g.sub(times(s), g.mul(c, public))


def test_a_schnorr_or_dleq_nonce_changes_when_only_the_statement_changes() -> None:
    x = g.random_scalar()
    public = g.base_mul(x)
    h = g.hash_to_point(b"test", b"h")
    one = prove_knowledge(x, public, b"context one", _same_bytes(1))
    two = prove_knowledge(x, public, b"context two", _same_bytes(1))
    assert verify_knowledge(public, one, b"context one")
    assert verify_knowledge(public, two, b"context two")
    assert _commitment(one, public) != _commitment(two, public)
    assert _secret_from((one, two)) != g.scalar_to_int(x)

    # A DLEQ: the same x on two other second bases (two cards' decryption shares).
    c_a, c_b = g.hash_to_point(b"test", b"card a"), g.hash_to_point(b"test", b"card b")
    d_a, d_b = g.mul(x, c_a), g.mul(x, c_b)
    one = prove_dleq(x, g.GENERATOR, public, c_a, d_a, b"shares", _same_bytes(2))
    two = prove_dleq(x, g.GENERATOR, public, c_b, d_b, b"shares", _same_bytes(2))
    assert verify_dleq(g.GENERATOR, public, c_a, d_a, one, b"shares")
    assert verify_dleq(g.GENERATOR, public, c_b, d_b, two, b"shares")
    assert _commitment(one, public) != _commitment(two, public)
    assert _secret_from((one, two)) != g.scalar_to_int(x)

    # The same statement and the same bytes give the same proof (what a replay must send
    # again, byte for byte); other bytes give another nonce for the same statement.
    assert prove_dleq(x, g.GENERATOR, public, h, g.mul(x, h), b"c", _same_bytes(3)) == prove_dleq(
        x, g.GENERATOR, public, h, g.mul(x, h), b"c", _same_bytes(3)
    )
    assert prove_dleq(x, g.GENERATOR, public, h, g.mul(x, h), b"c", _same_bytes(3)) != prove_dleq(
        x, g.GENERATOR, public, h, g.mul(x, h), b"c", _same_bytes(4)
    )


def test_a_many_shares_nonce_changes_when_only_the_shares_change() -> None:
    x = g.random_scalar()
    public = g.base_mul(x)
    cards = [g.hash_to_point(b"test", bytes([k])) for k in range(4)]
    shares = [g.mul(x, c) for c in cards]
    one = prove_dleq_many(x, public, cards[:2], shares[:2], b"step", _same_bytes(5))
    two = prove_dleq_many(x, public, cards[1:3], shares[1:3], b"step", _same_bytes(5))
    assert verify_dleq_many(public, cards[:2], shares[:2], one, b"step")
    assert verify_dleq_many(public, cards[1:3], shares[1:3], two, b"step")
    assert _commitment(one, public) != _commitment(two, public)
    assert _secret_from((one, two)) != g.scalar_to_int(x)


def test_a_shuffle_proofs_random_values_change_when_only_the_statement_changes() -> None:
    key = g.base_mul(g.random_scalar())
    deck = open_deck(card_points("test", 6), key)
    out, secret = shuffle(deck, key, _same_bytes(6))
    one = prove_shuffle(deck, out, key, secret, b"hand step 4", _same_bytes(7))
    two = prove_shuffle(deck, out, key, secret, b"hand step 9", _same_bytes(7))
    assert verify_shuffle(deck, out, key, one, b"hand step 4") == ""
    assert verify_shuffle(deck, out, key, two, b"hand step 9") == ""
    # The commitments c_i = r_i·G + H_π⁻¹(i) of one permutation differ only by their r_i.
    words = [[p[k : k + 32] for k in range(0, 32 * len(deck), 32)] for p in (one, two)]
    assert all(a != b for a, b in zip(*words, strict=True))
    again = prove_shuffle(deck, out, key, secret, b"hand step 4", _same_bytes(7))
    assert again == one


# ---- one seat, replayed from one record, that then chooses otherwise ------------------------


Frames = list[tuple[int, bytes]]


def _run(reveal: list[int], monkeypatch: pytest.MonkeyPatch) -> tuple[Table, Frames, Frames]:
    """Keys, seeds, shuffles and a deal of 12 cards to 3 seats, with the same long-term keys
    and one replayed stream of random bytes every time; then every seat reveals `reveal`.
    The table, the frames before the reveal and those of the reveal."""
    keys = iter([Identity.from_private_bytes(bytes([k]) * 32) for k in (1, 2, 3)])
    monkeypatch.setattr(Identity, "generate", staticmethod(lambda: next(keys)))
    table = Table(3, 12, rng=_same_bytes(8), table=bytes(16))
    table.start()
    table.everyone("deal", [k % 3 for k in range(12)])
    assert not any(p.accusations for p in table.peers)
    before = len(table.wire)
    table.everyone("reveal", reveal)
    assert not any(p.accusations for p in table.peers)
    return table, table.wire[:before], table.wire[before:]


def _shares_proof(frames: list[tuple[int, bytes]], seat: int) -> bytes:
    (proof,) = (
        msgpack.unpackb(Envelope.decode(frame).body)["proof"]
        for sender, frame in frames
        if sender == seat and msgpack.unpackb(Envelope.decode(frame).body)["k"] == "shares"
    )
    assert isinstance(proof, bytes)
    return proof


def test_a_seat_replayed_from_one_record_that_reveals_other_cards_leaks_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seat 1 holds slots 1, 4, 7 and 10. Run one turns up two of its cards, run two (the
    # same seat taken back from the same record) two others: the same x, the same bytes drawn
    # at the same place of its stream, two statements.
    table, before_one, after_one = _run([1, 4], monkeypatch)
    again, before_two, after_two = _run([4, 7], monkeypatch)
    assert before_one == before_two  # frame for frame the same game up to the choice
    x = table.peers[1].secrets.x
    assert again.peers[1].secrets.x == x
    public = table.peers[1].key_shares[1]
    proofs = (_shares_proof(after_one, 1), _shares_proof(after_two, 1))
    assert proofs[0] != proofs[1]
    # A listener who saw both runs cannot solve for the key share (which would read the
    # seat's whole hand) ...
    candidate = _secret_from(proofs)
    assert candidate != g.scalar_to_int(x)
    assert g.base_mul_int(candidate) != public
    # ... because the two proofs' nonces differ: so do their commitments w·G.
    assert _commitment(proofs[0], public) != _commitment(proofs[1], public)
