"""No sin mi gato on the fair table: the cat pile nobody may peek at."""

import random

import pytest

from lanpurr.fair.games.gutters import simulate_round

HONEST_GAMES = 1000
CHUNKS = 4


def test_cat_pile_is_hidden_until_turned_up_and_the_game_is_fair() -> None:
    played = simulate_round(2, random.Random(4))
    peers = played.table.peers
    assert all(p.accusations == [] for p in peers)
    assert played.turned_up, "cats were turned up"
    # Every slot turned up is known to all; nothing else of the pile was ever known.
    for peer in peers:
        assert set(peer.known) == set(range(len(played.turned_up)))
    assert played.audit(1).fair


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_G_honest_games_produce_zero_accusations(chunk: int) -> None:
    """Two seats, so that the pile is hidden from everyone (one seat would hold every key)."""
    rng = random.Random(77 + chunk)
    for number in range(HONEST_GAMES // CHUNKS):
        played = simulate_round(2, rng)
        accused = [a for p in played.table.peers for a in p.accusations]
        assert accused == [], f"game {number}: {accused[0]}"
        result = played.audit(number % 2)
        assert result.fair, f"game {number}: {result}"
