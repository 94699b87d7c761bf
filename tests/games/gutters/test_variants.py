"""Overview (G-1), variants (G-9) and options (G-13), with whole games played by bots."""

import itertools

import pytest

from lanpurr.core.errors import OptionError
from lanpurr.core.rng import derive
from lanpurr.games.gutters import GAME
from lanpurr.games.gutters.actions import Insert, Rotate
from lanpurr.games.gutters.bots import BOTS
from lanpurr.games.gutters.components import TILE_SHAPES
from lanpurr.games.gutters.events import GameEnded, TurnPassed
from lanpurr.games.gutters.simulate import Played, play_game
from lanpurr.games.gutters.variants import RATINGS, WORST_RATING, rating, winners
from lanpurr.seat.registry import engine as load
from tests.games.gutters.helpers import cards_by_slot, set_up


def planners(players: int, options: dict[str, str], seed: int) -> Played:
    return play_game(
        options, players, [BOTS["planner"]() for _ in range(players)], derive(seed, "variants")
    )


def test_G_1_1_a_turn_is_two_actions_each_a_rotation_or_a_push() -> None:
    assert load("gutters") is GAME
    state = set_up(2, {}, seed=0)
    kinds = {type(a) for a in GAME.legal_actions(state, state.active)}
    assert kinds == {Rotate, Insert}
    assert GAME.legal_actions(state, 1 - state.active) == []


def test_G_1_2_when_all_cats_are_won_the_highest_total_wins() -> None:
    played = planners(3, {}, seed=1)
    end = played.end
    assert end is not None and not played.violations, played.violations
    assert sum(end.cats) == 15 and sum(end.scores) == 28
    best = max(end.scores)
    assert all(end.scores[s] == best for s in end.winners)


def test_G_1_3_and_G_13_options_name_every_variant() -> None:
    specs = {spec.name: (spec.values, spec.default) for spec in GAME.option_specs}
    assert specs == {
        "mode": (("competitive", "teams", "coop", "solo"), "competitive"),
        "board": (("standard", "mini"), "standard"),
    }
    assert GAME.new_state(1, {}).mode == "solo"
    assert GAME.new_state(3, {}).mode == "competitive"
    with pytest.raises(OptionError, match="G-13"):
        GAME.new_state(2, {"board": "huge"})


def test_G_9_1_competitive_is_for_two_to_four_players() -> None:
    for players in (2, 3, 4):
        assert GAME.new_state(players, {"mode": "competitive"}).mode == "competitive"
    for players in (1, 5):
        with pytest.raises(OptionError, match=r"G-9\.1.*2 to 4 players"):
            GAME.new_state(players, {"mode": "competitive"})


def test_G_9_2_teams_of_two_partners_opposite_turns_alternate() -> None:
    with pytest.raises(OptionError, match=r"G-9\.2.*exactly 4 players, not 3"):
        GAME.new_state(3, {"mode": "teams"})
    assert winners("teams", [5, 6, 7, 10], [3, 4, 4, 4]) == (1, 3)  # 12 against 16
    assert winners("teams", [6, 6, 8, 8], [3, 4, 4, 3]) == (0, 1, 2, 3)  # 14-14, 7-7 cats
    assert winners("teams", [6, 6, 8, 8], [3, 4, 5, 3]) == (0, 2)  # 14-14, 8 cats to 7
    played = planners(4, {"mode": "teams"}, seed=2)
    assert played.end is not None and not played.violations
    team = [
        played.end.scores[0] + played.end.scores[2],
        played.end.scores[1] + played.end.scores[3],
    ]
    if team[0] != team[1]:
        best = 0 if team[0] > team[1] else 1
        assert played.end.winners == (best, best + 2)


def test_G_9_2_turns_alternate_between_the_teams() -> None:
    state = set_up(4, {"mode": "teams"}, seed=5)
    seats = []
    for _ in range(8):
        seats.append(state.active)
        for _ in range(2):
            step = GAME.apply(state, Rotate(state.active, state.turn, (1, 1), 180))
            state = step.state
    assert all((a + 1) % 4 == b for a, b in itertools.pairwise(seats))
    assert all(a % 2 != b % 2 for a, b in itertools.pairwise(seats))


def test_G_9_3_co_op_counts_every_players_turn_including_the_last() -> None:
    with pytest.raises(OptionError, match=r"G-9\.3"):
        GAME.new_state(1, {"mode": "coop"})
    played = planners(3, {"mode": "coop"}, seed=3)
    end = played.end
    assert end is not None and not played.violations
    assert end.turns == played.state.turn  # the turn in which the last cat was won counts
    assert end.winners == (0, 1, 2) and end.rating == rating(end.turns)
    assert sum(end.cats) == 15


def test_G_9_4_solo_is_one_player_counting_turns() -> None:
    with pytest.raises(OptionError, match=r"G-9\.4.*exactly 1 player, not 2"):
        GAME.new_state(2, {"mode": "solo"})
    played = planners(1, {}, seed=4)
    end = played.end
    assert end is not None and not played.violations
    assert end.winners == (0,) and end.rating == rating(end.turns)
    assert 1 <= end.turns <= 60


def test_G_9_5_the_rating_table() -> None:
    expected = {
        7: "Best friend of the cats!",
        8: "Second-best friend of the cats!",
        9: "Second-best friend of the cats!",
        10: "Good job.",
        11: "Good job.",
        12: "Not bad.",
        13: "Not bad.",
        14: "You can do better.",
        15: "You can do better.",
        16: "It will do this time.",
        17: "It will do this time.",
        18: "Poor cats.",
        40: "Poor cats.",
    }
    for turns, name in expected.items():
        assert rating(turns) == name
    assert rating(1) == RATINGS[0][1] and WORST_RATING == "Poor cats."


@pytest.mark.parametrize("seed", range(4))
def test_G_9_6_the_mini_board(seed: int) -> None:
    state = set_up(2, {"board": "mini"}, seed)
    assert state.size == 3 and len(state.cells) == 9 and len(state.tile_pile) == 17
    assert TILE_SHAPES[state.cell(2, 0)[0]] == "C" and TILE_SHAPES[state.cell(0, 2)[0]] == "C"
    assert TILE_SHAPES[state.cell(1, 1)[0]] == "J"
    placed = cards_by_slot(state)
    assert placed["L2"] == "A" and placed["R0"] == "B"
    assert {k for k, v in placed.items() if v.startswith("k")} == {"T0", "B2"}


def test_G_9_6_the_mini_board_combines_with_every_mode() -> None:
    for players, mode in ((1, "solo"), (2, "coop"), (4, "teams"), (3, "competitive")):
        played = planners(players, {"board": "mini", "mode": mode}, seed=players)
        assert played.end is not None and not played.violations, (mode, played.violations)
        assert played.state.size == 3


def test_G_9_3_turn_passing_events_count_the_turns() -> None:
    state = set_up(2, {"mode": "coop"}, seed=9)
    step = GAME.apply(state, Rotate(state.active, 1, (1, 1), 180))
    step = GAME.apply(step.state, Rotate(state.active, 1, (1, 1), 180))
    assert step.events[-1] == TurnPassed(1 - state.active, 2)
    assert not isinstance(step.events[-1], GameEnded)
