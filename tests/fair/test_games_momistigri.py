"""Momistigri on the fair table: honest rounds are fair; game-level cheats are named."""

import random
from typing import Any

import pytest

from lanpurr.core.wire import decode
from lanpurr.fair.games.momistigri import simulate_round
from lanpurr.fair.protocol import FairPeer
from lanpurr.games.momistigri.actions import DiscardPair

PLAYERS = 3  # the smallest table the rules allow (M-2.7)
HONEST_ROUNDS = 1000
CHUNKS = 4
PROVEN_EVERY = 20
"""Shuffle proofs (on by default) are on in every 20th of these rounds: they cost about twice
the round and are the same whatever the game does; their own tests are in test_shuffle_*.py."""


def test_honest_round_is_fair_and_matches_the_engine() -> None:
    played = simulate_round(PLAYERS, random.Random(11), bot="heuristic")
    assert all(p.accusations == [] for p in played.table.peers)
    for seat in range(PLAYERS):
        result = played.audit(seat)
        assert result.fair, str(result)
    # The masked deck dealt the cards the engine's final state says each seat holds.
    assert played.state.phase in ("deal", "over")


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_M_honest_rounds_produce_zero_accusations(chunk: int) -> None:
    rng = random.Random(1000 + chunk)
    for number in range(HONEST_ROUNDS // CHUNKS):
        played = simulate_round(
            PLAYERS,
            rng,
            bot="heuristic" if number % 2 else "random",
            shuffle_proofs=number % PROVEN_EVERY == 0,
        )
        accused = [a for p in played.table.peers for a in p.accusations]
        assert accused == [], f"round {number}: {accused[0]}"
        result = played.audit(number % PLAYERS)
        assert result.fair, f"round {number}: {result}"


class FakePair(FairPeer):
    """Announces a pair but turns up two other cards of its hand."""

    def play(self, slots: Any, action: bytes = b"") -> list[bytes]:
        if action and isinstance(decode(action), DiscardPair) and self.seat is not None:
            others = [s for s in self.hand(self.seat) if s not in slots]
            if len(others) >= 2:
                slots = others[:2]
        return super().play(slots, action)


def test_M_5_5_pair_announced_but_other_cards_turned_up_is_caught_at_once() -> None:
    for attempt in range(20):
        played = simulate_round(PLAYERS, random.Random(attempt), factories={1: FakePair})
        if any(
            isinstance(decode(a), DiscardPair)
            for s, a in played.table.peers[1].actions
            if s == 1 and a
        ):
            break
    for seat in (0, 2):
        accusation = played.table.peers[seat].accusations[0]
        assert (accusation.seat, accusation.rule) == (1, "F-GAME"), str(accusation)
        assert "M-5.5" in accusation.detail
        assert (
            accusation.evidence and accusation.evidence[0].sender == played.table.setup.members[1]
        )
    result = played.audit(0)
    assert result.accusation is not None and result.accusation.seat == 1
