"""Winning cats (G-7) and the end of the game (G-8)."""

import pytest

from lanpurr.core.errors import RuleViolation
from lanpurr.games.gutters import GAME
from lanpurr.games.gutters.actions import Rotate
from lanpurr.games.gutters.events import CatTurnedUp, CatWon, GameEnded, HomeMoved, TurnPassed
from lanpurr.games.gutters.geometry import slot_index
from lanpurr.games.gutters.resolve import resolve_wins
from lanpurr.games.gutters.variants import winners
from tests.games.gutters.helpers import cards_by_slot, explain, position

# G-12.1's board: rotating (1,0) by 90 joins T0 to L3 down column 0.
EXAMPLE_1 = {(1, 0): "I270", (3, 0): "C270"}


def test_G_7_1_nothing_happens_when_no_cat_is_connected() -> None:
    state = position(EXAMPLE_1, {"T0": "k01", "R0": "B", "B3": "k10", "L3": "A"})
    step = GAME.apply(state, Rotate(0, 1, (2, 2), 90))
    assert [type(e).__name__ for e in step.events] == ["TileRotated"]
    assert step.state.won == ((), ())


def test_G_7_2_the_home_first_clockwise_from_the_cat_moves() -> None:
    special = {
        (0, 0): "I90",
        (0, 2): "J90",
        (0, 3): "C180",
        (1, 3): "J90",
        (3, 2): "C270",
        (3, 1): "I90",
        (3, 0): "I90",
        (1, 2): "I90",
    }
    before = position(special, {"T2": "k01", "R1": "B", "L3": "A", "T0": "k02"})
    after = GAME.apply(before, Rotate(0, 1, (1, 2), 90)).state  # (1,2) becomes I0 and joins
    placed = cards_by_slot(after)
    assert placed["R2"] == "B" and placed["L3"] == "A", explain(after)


def test_G_7_3_the_cat_goes_to_the_active_player_its_home_moves_and_a_cat_arrives() -> None:
    before = position(
        EXAMPLE_1,
        {"T0": "k01", "R0": "B", "B3": "k10", "L3": "A"},
        pile=("k13", "k02"),
        players=3,
        active=2,
    )
    step = GAME.apply(before, Rotate(2, 1, (1, 0), 90))
    won = next(e for e in step.events if isinstance(e, CatWon))
    assert (won.cat, won.seat, won.slot) == ("k01", 2, "T0")
    assert step.state.won_faces(2) == ("k01",)
    order = [type(e) for e in step.events if isinstance(e, CatWon | HomeMoved | CatTurnedUp)]
    assert order == [CatWon, HomeMoved, CatTurnedUp]


def test_G_7_3_with_an_empty_pile_no_cat_is_placed() -> None:
    before = position(EXAMPLE_1, {"T0": "k01", "R0": "B", "B3": "k10", "L3": "A"}, pile=())
    step = GAME.apply(before, Rotate(0, 1, (1, 0), 90))
    assert not any(isinstance(e, CatTurnedUp) for e in step.events)
    assert cards_by_slot(step.state) == {"R0": "B", "B3": "k10", "L2": "A"}


def test_G_7_4_chains_repeat_until_nothing_is_connected() -> None:
    # G-12.3's board: two rounds of wins, the second found only after the first is resolved.
    names = slot_index(4)
    state = position(
        {(0, 0): "J0", (0, 1): "C270", (0, 2): "I90"},
        {"T0": "k02", "L0": "A", "B1": "k09", "R3": "B"},
    )
    resolution = resolve_wins(state.masks, 4, state.homes, state.cat_slots, 5)
    assert [[s.cat_slot for s in one] for one in resolution.rounds] == [[0], [1]]
    assert resolution.homes == (names["T1"], names["R3"])


def test_G_7_5_every_cat_won_in_the_turn_goes_to_the_active_player() -> None:
    before = position(
        {(0, 0): "J90", (0, 1): "C270", (0, 2): "I90"},
        {"T0": "k02", "L0": "A", "B1": "k09", "R3": "B"},
        pile=("k14", "k06"),
        players=4,
        mode="teams",
        active=3,
    )
    after = GAME.apply(before, Rotate(3, 1, (0, 0), 270)).state
    assert after.won_faces(3) == ("k02", "k14") and not any(after.won[:3])


def test_G_8_1_the_game_ends_as_soon_as_the_last_cat_is_won_even_mid_turn() -> None:
    before = position(EXAMPLE_1, {"T0": "k01", "R0": "B", "L3": "A"}, pile=(), players=2)
    step = GAME.apply(before, Rotate(0, 1, (1, 0), 90))
    assert isinstance(step.events[-1], GameEnded)
    assert not any(isinstance(e, TurnPassed) for e in step.events)
    assert GAME.is_over(step.state) and GAME.to_act(step.state) == frozenset()
    with pytest.raises(RuleViolation) as caught:
        GAME.apply(step.state, Rotate(0, 1, (2, 2), 90))
    assert caught.value.rule == "G-8.1"


def test_G_8_2_a_score_is_the_sum_of_the_cats_values() -> None:
    before = position(EXAMPLE_1, {"T0": "k15", "R0": "B", "L3": "A"}, pile=(), players=2)
    end = GAME.apply(before, Rotate(0, 1, (1, 0), 90)).events[-1]
    assert isinstance(end, GameEnded)
    assert end.scores == (3, 0) and end.cats == (1, 0) and end.winners == (0,)


def test_G_8_3_ties_go_to_more_cats_then_the_win_is_shared() -> None:
    assert winners("competitive", [10, 12, 12], [3, 5, 6]) == (2,)
    assert winners("competitive", [12, 12, 4], [6, 6, 3]) == (0, 1)
    assert winners("competitive", [5, 9], [9, 1]) == (1,)
