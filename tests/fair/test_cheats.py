"""The cheat catalogue: a patched peer tries each cheat; every honest peer names it.

Each test says when the cheat is caught: at once (every honest peer halts with an accusation of
the cheater) or at the audit (every honest peer's own audit names the cheater). The same
catalogue, with these timings, is the table in docs/fair-play.md.
"""

from typing import Any

import msgpack
import pytest

from lanpurr.fair import group
from lanpurr.fair.accusation import AT_AUDIT, AT_ONCE
from lanpurr.fair.envelope import Envelope, seal
from lanpurr.fair.harness import Table
from lanpurr.fair.identity import Identity
from lanpurr.fair.masked_deck import Masked, ShuffleSecret, remask
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import Operation
from tests.fair.conftest import Outcome, play_round


def assert_caught_at_once(outcome: Outcome, rule: str) -> None:
    for seat, accusation in outcome.first_accusations().items():
        assert accusation is not None, f"honest seat {seat} did not notice"
        assert (accusation.seat, accusation.rule, accusation.when) == (
            outcome.cheater,
            rule,
            AT_ONCE,
        ), f"seat {seat}: {accusation}"


def assert_caught_at_audit(outcome: Outcome, rule: str) -> None:
    assert all(a is None for a in outcome.first_accusations().values())
    for seat, result in outcome.audits().items():
        assert result.accusation is not None, f"seat {seat}'s audit found the round fair"
        assert (result.accusation.seat, result.accusation.rule, result.accusation.when) == (
            outcome.cheater,
            rule,
            AT_AUDIT,
        ), f"seat {seat}: {result.accusation}"
        assert result.accusation.evidence, "an accusation carries signed evidence"


# ---- shuffles -----------------------------------------------------------------------------


class DuplicatingShuffler(FairPeer):
    """Re-masks card 0 twice and drops another: a deck with a known card in two places."""

    def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret, proof = super().make_shuffle(deck)
        out[1] = remask(out[0], self.key, group.random_scalar())
        return out, secret, proof


class DroppingShuffler(FairPeer):
    def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret, proof = super().make_shuffle(deck)
        return out[:-1], secret, proof


class SubstitutingShuffler(FairPeer):
    """Replaces a card with a card of its own making (here: a card of another deck)."""

    def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret, proof = super().make_shuffle(deck)
        fake = group.hash_to_point(b"my own ace")
        r = group.random_scalar()
        out[3] = (group.base_mul(r), group.add(fake, group.mul(r, self.key)))
        return out, secret, proof


def test_cheat_shuffle_duplicating_a_card_is_caught_at_once_with_shuffle_proofs() -> None:
    assert_caught_at_once(play_round(1, DuplicatingShuffler), "F-SHUFFLE")


def test_cheat_shuffle_duplicating_a_card_is_caught_at_audit_without_proofs() -> None:
    assert_caught_at_audit(play_round(1, DuplicatingShuffler, proofs=False), "F-SHUFFLE")


def test_cheat_shuffle_dropping_a_card_is_caught_at_once() -> None:
    assert_caught_at_once(play_round(2, DroppingShuffler), "F-SHUFFLE")


def test_cheat_substituted_card_is_caught_at_once_with_shuffle_proofs() -> None:
    assert_caught_at_once(play_round(0, SubstitutingShuffler), "F-SHUFFLE")


def test_cheat_substituted_card_is_caught_at_audit_without_proofs() -> None:
    assert_caught_at_audit(play_round(0, SubstitutingShuffler, proofs=False), "F-SHUFFLE")


class LiarAboutItsShuffle(FairPeer):
    """Shuffles honestly but reveals a different permutation at the audit."""

    def secrets_message(self) -> dict[str, Any]:
        body = super().secrets_message()
        perm = body["shuffle"][0]
        perm[0], perm[1] = perm[1], perm[0]
        return body


def test_cheat_false_shuffle_secret_at_the_audit_is_caught_at_audit() -> None:
    assert_caught_at_audit(play_round(2, LiarAboutItsShuffle), "F-SHUFFLE")


# ---- decryption shares, gifts and draws ---------------------------------------------------


class WrongShare(FairPeer):
    """Sends a wrong decryption share for the first card it helps deal."""

    def share_for(self, op: Operation, slot: int) -> list[Any]:
        slot_, d, proof = super().share_for(op, slot)
        if op.kind == "deal" and slot == op.slots[0]:
            d = group.add(d, group.GENERATOR)
        return [slot_, d, proof]


def test_cheat_wrong_decryption_share_is_caught_at_once() -> None:
    assert_caught_at_once(play_round(1, WrongShare), "F-SHARE")


class SmallOrderShare(FairPeer):
    def share_for(self, op: Operation, slot: int) -> list[Any]:
        slot_, _, proof = super().share_for(op, slot)
        return [slot_, b"\x01" + bytes(31), proof]


def test_cheat_small_order_point_as_share_is_refused_at_once() -> None:
    assert_caught_at_once(play_round(2, SmallOrderShare), "F-FORM")


class WrongPosition(FairPeer):
    """As holder of a blind draw, answers with the card at another position."""

    def share_for(self, op: Operation, slot: int) -> list[Any]:
        if op.kind != "draw-shares":
            return super().share_for(op, slot)
        hand = [s for s in range(len(self.cards)) if self.owner[s] == self.seat and self.live[s]]
        other = next(s for s in hand if s != slot)
        _, d, proof = super().share_for(op, other)
        return [slot, d, proof]


def test_cheat_draw_answered_with_a_card_not_at_the_chosen_position_is_caught_at_once() -> None:
    assert_caught_at_once(play_round(0, WrongPosition), "F-DRAW")


class SteeringHolder(FairPeer):
    """Re-shuffles its hand before a draw so that every position holds the card it wants
    to give away: the draw would be steered whatever the drawer picks."""

    def make_hand_shuffle(self, hand: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret, proof = super().make_hand_shuffle(hand)
        return [remask(hand[0], self.key, group.random_scalar()) for _ in out], secret, proof


def test_cheat_steered_hand_before_a_draw_is_caught_at_audit_without_hand_proofs() -> None:
    assert_caught_at_audit(play_round(0, SteeringHolder, proofs=False), "F-SHUFFLE")


def test_cheat_steered_hand_before_a_draw_is_caught_at_once_with_hand_proofs() -> None:
    assert_caught_at_once(play_round(0, SteeringHolder), "F-SHUFFLE")


class SwappingGiver(FairPeer):
    """Hands on a card other than the one named (a fresh masking of another card)."""

    def give_message(self, op: Operation) -> dict[str, Any]:
        body = super().give_message(op)
        other = next(s for s in self.hand(op.holder) if s != op.slots[0])
        new = remask(self.cards[other], self.key, group.random_scalar())
        body["card"] = new[0] + new[1]
        return body


def test_cheat_gift_of_another_card_is_caught_at_once() -> None:
    assert_caught_at_once(play_round(2, SwappingGiver), "F-MOVE")


def test_cheat_card_played_that_the_seat_does_not_hold_is_caught_at_once() -> None:
    def play_foreign(table: Table) -> None:
        thief = table.peers[2]
        table.post(2, thief.play([thief.hand(0)[0]], b"pair"))

    outcome = play_round(2, FairPeer, before_end=play_foreign)
    assert_caught_at_once(outcome, "F-GAME")


# ---- keys, commitments and joint randomness --------------------------------------------


class RogueKey(FairPeer):
    """Publishes a key share it does not know the secret of (a rogue-key attack)."""

    def key_message(self, public: bytes, proof: bytes, digest: bytes) -> dict[str, Any]:
        return super().key_message(group.hash_to_point(b"rogue"), proof, digest)


def test_cheat_key_share_without_knowledge_is_caught_at_once() -> None:
    assert_caught_at_once(play_round(1, RogueKey), "F-KEY")


class BiasedSeed(FairPeer):
    """Waits until every other seed is revealed, then reveals a seed chosen to bias the result
    (here: one that cancels the others) instead of the one it committed to."""

    def _next_frame(self) -> bytes | None:
        if self.phase == "seeds" and len(self.jr.seeds) < self.setup.seats - 1:
            return None
        return super()._next_frame()

    def seed_message(self) -> dict[str, Any]:
        chosen = bytes(32)
        for seed in self.jr.seeds.values():
            chosen = bytes(a ^ b for a, b in zip(chosen, seed, strict=True))
        return {"k": "seed", "seed": chosen, "nonce": self.secrets.seed_nonce}


def test_cheat_biased_joint_random_contribution_after_seeing_others_is_caught_at_once() -> None:
    assert_caught_at_once(play_round(0, BiasedSeed), "F-COMMIT")


class ChangedCommitment(FairPeer):
    def seed_message(self) -> dict[str, Any]:
        return {"k": "seed", "seed": self.rng(32), "nonce": self.secrets.seed_nonce}


def test_cheat_changed_commitment_is_caught_at_once() -> None:
    assert_caught_at_once(play_round(2, ChangedCommitment), "F-COMMIT")


class Mute(FairPeer):
    def _next_frame(self) -> bytes | None:
        if self.phase == "seeds":
            return None
        return super()._next_frame()


def test_cheat_refused_reveal_is_named_when_the_table_times_out() -> None:
    outcome = play_round(1, Mute)
    assert_caught_at_once(outcome, "F-REVEAL")
    assert all(p.phase == "seeds" for p in outcome.table.peers)


class WithheldSecrets(FairPeer):
    def _next_frame(self) -> bytes | None:
        if self.phase == "secrets":
            return None
        return super()._next_frame()


def test_cheat_secrets_withheld_at_round_end_are_named() -> None:
    outcome = play_round(2, WithheldSecrets)
    assert_caught_at_once(outcome, "F-REVEAL")
    for result in outcome.audits().values():
        assert result.accusation is not None and result.accusation.seat == 2


class LyingKeySecret(FairPeer):
    def secrets_message(self) -> dict[str, Any]:
        body = super().secrets_message()
        body["x"] = group.random_scalar()
        return body


def test_cheat_revealing_a_different_key_secret_is_caught_at_once() -> None:
    assert_caught_at_once(play_round(0, LyingKeySecret), "F-SECRET")


# ---- the signed log -------------------------------------------------------------------------


def _inject(frame_of: Any, cheater: int = 2) -> Outcome:
    """After the deal, the cheater's connection delivers one extra frame."""

    def inject(table: Table) -> None:
        table.post(cheater, [frame_of(table)])

    return play_round(cheater, FairPeer, before_end=inject)


def test_cheat_forged_signature_is_caught_at_once() -> None:
    def forged(table: Table) -> bytes:
        victim = table.peers[0]
        real = victim.log.of(victim.setup.members[0])[-1]
        body = msgpack.packb(
            {"k": "play", "r": 1, "slots": [], "action": b"I resign", "keep": False}
        )
        fake = Envelope(real.table, real.sender, real.seq + 1, real.digest, body, bytes(64))
        return fake.encode()

    assert_caught_at_once(_inject(forged), "F-SIG")


def test_cheat_replayed_message_is_caught_at_once() -> None:
    def replayed(table: Table) -> bytes:
        peer = table.peers[2]
        return peer.log.of(peer.setup.members[1])[3].encode()

    assert_caught_at_once(_inject(replayed), "F-SEQ")


def test_cheat_message_for_another_table_is_caught_at_once() -> None:
    def elsewhere(table: Table) -> bytes:
        cheat = table.peers[2]
        assert cheat.outbox is not None
        body = msgpack.packb({"k": "play", "r": 1, "slots": [], "action": b"", "keep": False})
        return seal(
            cheat.outbox.identity, b"\x00" * 16, cheat.outbox.seq, cheat.outbox.prev, body
        ).encode()

    assert_caught_at_once(_inject(elsewhere), "F-TABLE")


def test_cheat_stranger_cannot_speak_for_a_seat() -> None:
    def stranger(table: Table) -> bytes:
        body = msgpack.packb({"k": "play", "r": 1, "slots": [], "action": b"", "keep": False})
        return seal(Identity.generate(), table.setup.table, 0, bytes(32), body).encode()

    assert_caught_at_once(_inject(stranger), "F-SIG")


@pytest.mark.parametrize("garbage", [b"", b"\xc1", b"\x97" + b"\x00" * 7, b"\xff" * 300])
def test_malformed_frames_are_dropped_without_corrupting_state(garbage: bytes) -> None:
    outcome = _inject(lambda table: garbage)
    peers = outcome.table.peers
    assert all(p.accusations == [] for p in peers)
    assert all(p.refused for p in peers[:2])
    assert all(r.fair for r in outcome.audits().values())


class OutOfTurnShuffler(FairPeer):
    """Shuffles before its turn, hoping to go last and see the others' decks."""

    def _next_frame(self) -> bytes | None:
        if self.phase == "shuffle" and self.shuffle_turn < (self.seat or 0):
            self.shuffle_turn = self.seat or 0
        return super()._next_frame()


def test_cheat_shuffling_out_of_turn_is_caught_at_once() -> None:
    assert_caught_at_once(play_round(2, OutOfTurnShuffler), "F-TURN")


class ShortProof(FairPeer):
    def share_for(self, op: Operation, slot: int) -> list[Any]:
        slot_, d, proof = super().share_for(op, slot)
        return [slot_, d, proof[:-1]]


def test_wrong_length_proof_is_refused_at_once() -> None:
    assert_caught_at_once(play_round(1, ShortProof), "F-SHARE")


class Nonsense(FairPeer):
    """Sends shares in a shape no honest client produces."""

    def shares_message(self, op: Operation, slots: list[int]) -> dict[str, Any]:
        return {"k": "shares", "step": op.step, "shares": [[10**9, "x", None]]}


def test_nonsense_message_is_refused_without_crashing_or_corrupting_state() -> None:
    outcome = play_round(2, Nonsense)
    assert_caught_at_once(outcome, "F-SHARE")
    for seat in outcome.honest:
        peer = outcome.table.peers[seat]
        assert all(2 not in shares for shares in peer.shares)
