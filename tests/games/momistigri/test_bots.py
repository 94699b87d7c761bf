"""Bots see only their seat's view; the heuristic beats random play."""

import random
from dataclasses import replace

import pytest

from lanpurr.core.simulation import SimulationConfig
from lanpurr.games.momistigri import GAME
from lanpurr.games.momistigri.actions import Designate, DiscardPair, Give, HandOut, Swap
from lanpurr.games.momistigri.bots import BOTS, HeuristicBot
from lanpurr.games.momistigri.simulate import simulate
from lanpurr.games.momistigri.state import DESIGNATE, GIVE, HAND_OUT, SWAP, Pending
from tests.games.momistigri.helpers import apply, play_game, table, token

HEURISTIC_GAMES = 1_000


def test_bots_include_random_and_heuristic_and_choose_legal_actions_from_their_view() -> None:
    assert {"random", "heuristic"} <= set(BOTS)
    for seed in range(3):
        played = play_game(seed, 4, {}, ["heuristic", "random", "heuristic", "random"])
        assert GAME.is_over(played.final)


def test_M_6_3_the_heuristic_designates_the_mistigri_after_2_2() -> None:
    state = table([["2.0", "2.1", "M", "8.0"], ["4.0"], ["5.0"]])
    choice = HeuristicBot().choose(GAME.view(state, 0), 0, random.Random(0))
    assert isinstance(choice, DiscardPair) and choice.faces == ("2.0", "2.1") and not choice.reverse
    after = apply(state, choice).state
    assert after.phase == DESIGNATE
    assert HeuristicBot().choose(GAME.view(after, 0), 0, random.Random(0)) == Designate(
        0, token(state, "M")
    )


def test_M_6_5_the_heuristic_gives_the_mistigri_away_with_4_4() -> None:
    state = table([["4.0", "4.1", "M", "3.0", "3.1"], ["5.0"], ["6.0"], ["7.0"]])
    choice = HeuristicBot().choose(GAME.view(state, 0), 0, random.Random(0))
    assert isinstance(choice, DiscardPair) and choice.faces == ("4.0", "4.1")
    after = apply(state, choice).state
    assert after.phase == GIVE
    gift = HeuristicBot().choose(GAME.view(after, 0), 0, random.Random(0))
    assert isinstance(gift, Give) and gift.card == token(state, "M")
    assert gift.to != after.previous_player(0)  # not to the player it draws from next


def test_M_6_4_the_heuristic_swaps_the_mistigri_for_the_lowest_pile_card() -> None:
    state = replace(
        table([["M", "4.0"], ["5.0"], ["6.0"]], pile=["9.0", "2.0", "7.0"], phase=SWAP, active=1),
        pending=Pending(0, "swap_after_draw"),
    )
    choice = HeuristicBot().choose(GAME.view(state, 0), 0, random.Random(0))
    assert choice == Swap(0, token(state, "M"), "M", token(state, "2.0"))


def test_M_6_6_the_heuristic_hands_out_high_cards_to_opponents() -> None:
    state = replace(
        table([["4.0"], ["5.0"], ["6.0"]], pile=["M", "2.0"], phase=HAND_OUT),
        recipients=(0, 1, 2),
    )
    choice = HeuristicBot().choose(GAME.view(state, 0), 0, random.Random(0))
    assert isinstance(choice, HandOut) and choice.face == "M" and choice.to != 0


@pytest.mark.slow
def test_the_heuristic_has_the_lowest_total_in_at_least_40_percent_of_four_player_games() -> None:
    """Heuristic in seat 0, random in seats 1-3, 1 000 games; a shared lowest total counts
    1/k for each of the k players sharing it (the simulator's win share)."""
    config = SimulationConfig(
        "momistigri",
        4,
        HEURISTIC_GAMES,
        seed=2026,
        bots=("heuristic", "random", "random", "random"),
    )
    report = simulate(config)
    assert report.completed == HEURISTIC_GAMES and not report.violations
    rate = report.wins[0] / HEURISTIC_GAMES
    print(f"heuristic win share over {HEURISTIC_GAMES} games: {rate:.1%}")
    assert rate >= 0.40, rate
