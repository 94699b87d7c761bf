"""The cheats that shuffle proofs catch at once (rows 29–35 of the catalogue in
docs/fair-play.md): a patched peer tries each one at a table with the default setup, and every
honest peer halts on that very message, naming the cheater."""

from typing import Any

import msgpack
import pytest

from lanpurr.fair import group
from lanpurr.fair.accusation import AT_ONCE
from lanpurr.fair.harness import Table
from lanpurr.fair.masked_deck import Masked, ShuffleSecret, remask, shuffle
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import Operation
from lanpurr.fair.shuffle_proof import prove_shuffle
from tests.fair.conftest import play_round
from tests.fair.test_cheats import assert_caught_at_once


def _masked(face: int, peer: FairPeer) -> Masked:
    r = group.random_scalar()
    return group.base_mul(r), group.add(peer.points[face], group.mul(r, peer.key))


class SteeringReShuffler(FairPeer):
    """Holder of a blind draw: re-shuffles and proves honestly, then puts a fresh masking of
    the card it wants to be rid of in the place of another card, so that the drawer is twice
    as likely to take it (and the other card stays safe in the hand)."""

    def make_hand_shuffle(self, hand: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret, proof = super().make_hand_shuffle(hand)
        unwanted = secret.permutation.index(0)
        out[(unwanted + 1) % len(out)] = remask(out[unwanted], self.key, group.random_scalar())
        return out, secret, proof


def test_cheat_re_shuffle_that_steers_the_drawn_card_is_caught_at_once() -> None:
    assert_caught_at_once(play_round(0, SteeringReShuffler), "F-SHUFFLE")


def test_cheat_re_shuffle_that_steers_a_draw_from_a_ten_card_hand_is_caught_at_once() -> None:
    """Five seats with ten cards each, as at a Momistigri table: seat 3 holds the hand that
    seat 4 draws from blind."""
    players, hand = 5, 10
    table = Table(players, players * hand, factories={3: SteeringReShuffler})
    table.start()
    table.everyone("deal", [i % players for i in range(players * hand)])
    assert not any(p.accusations for p in table.peers), "the deal is honest"
    table.everyone("draw", 3, 4, 1)
    for seat, peer in enumerate(table.peers):
        if seat != 3:
            [accusation] = peer.accusations
            assert (accusation.seat, accusation.rule, accusation.when) == (3, "F-SHUFFLE", AT_ONCE)
            assert accusation.evidence, "the signed re-shuffle is the evidence"
    assert table.peers[4].known.keys() <= set(table.peers[4].hand(4)), "no card was drawn"


class OneCardSwapper(FairPeer):
    """Deck shuffle: swaps one card for a fresh masking of card 0 (a card it wants to know the
    place of), sending the proof of its honest shuffle."""

    def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret, proof = super().make_shuffle(deck)
        out[5] = _masked(0, self)
        return out, secret, proof


def test_cheat_shuffle_that_swaps_one_card_is_caught_at_once() -> None:
    assert_caught_at_once(play_round(1, OneCardSwapper), "F-SHUFFLE")


class ProofReuser(FairPeer):
    """Deck shuffle: sends a deck of its own making with the proof it saw seat 0 send."""

    def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret, _ = super().make_shuffle(deck)
        body = msgpack.unpackb(self.marks[("shuffle", 0)].body, raw=False)
        return out, secret, body["proof"]


def test_cheat_proof_reused_from_another_shuffle_is_caught_at_once() -> None:
    assert_caught_at_once(play_round(2, ProofReuser), "F-SHUFFLE")


class StaleContextHolder(FairPeer):
    """Hand re-shuffle: proves it for another place in the round (the step before), as a
    proof kept from an earlier draw would be."""

    def make_hand_shuffle(self, hand: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret = shuffle(hand, self.key, self.rng)
        context = self.setup.context(self.seat, "hand", self.step - 1)
        return out, secret, prove_shuffle(hand, out, self.key, secret, context, self.rng)


def test_cheat_hand_proof_reused_from_another_step_is_caught_at_once() -> None:
    assert_caught_at_once(play_round(0, StaleContextHolder), "F-SHUFFLE")


class OtherDeckProver(FairPeer):
    """Deck shuffle: shuffles twice, sends one deck with the proof of the other."""

    def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret, _ = super().make_shuffle(deck)
        _, _, proof = super().make_shuffle(deck)
        return out, secret, proof


class OtherHandProver(FairPeer):
    """Hand re-shuffle: proves the shuffle of a hand it did not send."""

    def make_hand_shuffle(self, hand: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret, _ = super().make_hand_shuffle(hand)
        _, _, proof = super().make_hand_shuffle(hand)
        return out, secret, proof


def test_cheat_proof_for_a_different_deck_is_caught_at_once() -> None:
    assert_caught_at_once(play_round(1, OtherDeckProver), "F-SHUFFLE")


def test_cheat_proof_for_a_different_hand_is_caught_at_once() -> None:
    assert_caught_at_once(play_round(0, OtherHandProver), "F-SHUFFLE")


def _malform(proof: bytes, how: str) -> Any:
    small_order = bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")
    return {
        "truncated": proof[:-1],
        "too long": proof + bytes(32),
        "empty": b"",
        "not bytes": [proof],
        "nil": None,
        "zeros": bytes(len(proof)),
        "small-order commitment": small_order + proof[32:],
        "scalar not canonical": proof[:-32] + b"\xff" * 32,
    }[how]


MALFORMED = [
    "truncated",
    "too long",
    "empty",
    "not bytes",
    "nil",
    "zeros",
    "small-order commitment",
    "scalar not canonical",
]


@pytest.mark.parametrize("how", MALFORMED)
def test_cheat_malformed_deck_shuffle_proof_is_caught_at_once(how: str) -> None:
    class Malformer(FairPeer):
        def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
            out, secret, proof = super().make_shuffle(deck)
            return out, secret, _malform(proof, how)

    outcome = play_round(2, Malformer)
    assert_caught_at_once(outcome, "F-SHUFFLE")
    # The accusation says what was wrong, in words.
    assert "proof" in next(iter(outcome.first_accusations().values())).detail  # type: ignore[union-attr]


@pytest.mark.parametrize("how", MALFORMED)
def test_cheat_malformed_hand_proof_is_caught_at_once(how: str) -> None:
    class Malformer(FairPeer):
        def hand_message(self, op: Operation) -> dict[str, Any]:
            body = super().hand_message(op)
            body["proof"] = _malform(body["proof"], how)
            return body

    assert_caught_at_once(play_round(0, Malformer), "F-SHUFFLE")


def test_honest_round_with_default_setup_proves_every_shuffle_and_re_shuffle() -> None:
    outcome = play_round(-1)
    peers = outcome.table.peers
    assert outcome.table.setup.shuffle_proofs, "proofs are on by default"
    assert all(p.accusations == [] for p in peers)
    assert all(r.fair for r in outcome.audits().values())
    # Every shuffle message and every hand message carried a non-empty proof.
    bodies = [msgpack.unpackb(e.body, raw=False) for e in peers[0].log.envelopes]
    proven = [b for b in bodies if b["k"] in ("shuffle", "hand")]
    assert len(proven) == len(peers) + 1  # three deck shuffles and the draw's re-shuffle
    assert all(len(b["proof"]) > 0 for b in proven)
