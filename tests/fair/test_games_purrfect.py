"""Purrfect on the fair table: honest rounds are fair; trade cheats are named."""

import random
from typing import Any

import pytest

from lanpurr.core.wire import decode
from lanpurr.fair.games.purrfect import simulate_round
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import Operation
from lanpurr.games.purrfect.actions import TakeAcceptance

PLAYERS = 3  # the smallest table the rules allow (with the allow_three option)
HONEST_ROUNDS = 1000
CHUNKS = 4
PROVEN_EVERY = 20
"""Shuffle proofs (on by default) are on in every 20th of these rounds: with a proven hand
re-shuffle on both sides of every swap they cost over twice the round, and they are the same
whatever the game does; their own tests are in test_shuffle_*.py."""


def test_honest_round_is_fair_and_matches_the_engine() -> None:
    played = simulate_round(PLAYERS, random.Random(3))
    assert played.violations == []
    assert all(p.accusations == [] for p in played.table.peers)
    for seat in range(PLAYERS):
        assert played.audit(seat).fair
    assert played.state.results, "the round was played to its score"


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_P_honest_rounds_produce_zero_accusations(chunk: int) -> None:
    rng = random.Random(2024 + chunk)
    for number in range(HONEST_ROUNDS // CHUNKS):
        played = simulate_round(PLAYERS, rng, shuffle_proofs=number % PROVEN_EVERY == 0)
        assert played.violations == [], f"round {number}: {played.violations[0]}"
        accused = [a for p in played.table.peers for a in p.accusations]
        assert accused == [], f"round {number}: {accused[0]}"
        result = played.audit(number % PLAYERS)
        assert result.fair, f"round {number}: {result}"


class ShortChangingOfferer(FairPeer):
    """When its offer is taken, hands over a different card of its hand than it offered."""

    def pick_message(self, op: Operation) -> dict[str, Any]:
        body = super().pick_message(op)
        positions = body["positions"]
        if positions and op.drawer != self.seat and self.seat is not None:
            last_play = next(
                (decode(a) for s, a in reversed(self.actions) if s == self.seat and a), None
            )
            if isinstance(last_play, TakeAcceptance):
                others = [j for j in range(len(op.hand)) if j not in positions]
                if others:
                    positions[0] = others[0]
        return body


def test_P_5_7_swap_with_cards_other_than_offered_is_caught_at_audit() -> None:
    for attempt in range(30):
        # Without shuffle proofs, so that these seeds play the rounds this test was written
        # for (proofs draw from the same random source); the cheat is a trade, not a shuffle.
        played = simulate_round(
            PLAYERS,
            random.Random(attempt),
            factories={0: ShortChangingOfferer},
            shuffle_proofs=False,
        )
        took = any(
            isinstance(decode(a), TakeAcceptance)
            for s, a in played.table.peers[1].actions
            if s == 0
        )
        if took:
            break
    assert took, "seat 0 never had an offer taken"
    for seat in (1, 2):
        result = played.audit(seat)
        assert result.accusation is not None, "the audit found the round fair"
        assert (result.accusation.seat, result.accusation.rule) == (0, "F-GAME"), str(
            result.accusation
        )
        assert "P-5.7" in result.accusation.detail
