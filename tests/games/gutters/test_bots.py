"""Bots choose legal actions from their own view; the planner finds wins and plans its turn."""

import random

from lanpurr.core.rng import derive
from lanpurr.games.gutters import GAME
from lanpurr.games.gutters.actions import Insert, Rotate
from lanpurr.games.gutters.bots import BOTS, PlannerBot, fast_position, to_action
from lanpurr.games.gutters.planner import best_plan, moves
from lanpurr.games.gutters.simulate import play_game
from tests.games.gutters.helpers import explain, position, set_up


def test_bots_are_named_and_choose_legal_actions_from_a_view() -> None:
    assert set(BOTS) == {"random", "planner"}
    state = set_up(3, {}, seed=2)
    for name, make in BOTS.items():
        bot = make()
        for _ in range(4):
            seat = state.active
            action = bot.choose(GAME.view(state, seat), seat, random.Random(1))
            assert action in GAME.legal_actions(state, seat), name
            state = GAME.apply(state, action).state


def test_the_planner_takes_a_win_in_one_action() -> None:
    state = position(
        {(1, 0): "I270", (3, 0): "C270"},
        {"T0": "k01", "R0": "B", "B3": "k10", "L3": "A"},
        pile=("k13", "k02"),
    )
    bot = PlannerBot()
    first = bot.choose(GAME.view(state, 0), 0, random.Random(0))
    after = GAME.apply(state, first).state
    second = bot.choose(GAME.view(after, 0), 0, random.Random(0))
    final = GAME.apply(after, second).state
    assert len(final.won[0]) >= 1, explain(final)


def test_the_planner_finds_a_win_that_needs_both_actions() -> None:
    # Column 0 needs two rotations: (1,0) and (2,0) are both E-W straights.
    state = position(
        {(1, 0): "I90", (2, 0): "I90", (3, 0): "C270"},
        {"T0": "k01", "R0": "B", "B3": "k10", "L3": "A"},
        pile=("k13", "k02"),
    )
    plan = best_plan(fast_position(state), 2, False, 2.0, random.Random(0))
    assert {(m.kind, m.where) for m in plan.moves} == {("rotate", 4), ("rotate", 8)}
    assert plan.score > 90  # one point won (100) less the distance left for later
    bot = PlannerBot()
    for _ in range(2):
        state = GAME.apply(state, bot.choose(GAME.view(state, 0), 0, random.Random(0))).state
    assert state.won_faces(0)[:1] == ("k01",), explain(state)


def test_the_planners_moves_reach_every_board_the_legal_actions_reach() -> None:
    for seed in range(3):
        state = set_up(2, {"board": "mini" if seed == 2 else "standard"}, seed)
        seat = state.active
        legal = {GAME.apply(state, a).state.masks for a in GAME.legal_actions(state, seat)}
        listed = moves(fast_position(state))
        planned = {GAME.apply(state, to_action(state, seat, m)).state.masks for m in listed}
        assert planned == legal
        assert len(listed) == len(planned)  # and no board is searched twice


def test_the_planner_beats_random_players() -> None:
    wins = 0.0
    for game in range(3):
        bots = [BOTS["planner"](), BOTS["random"]()]
        played = play_game({"board": "mini"}, 2, bots, derive(game, "duel"))
        assert played.end is not None
        wins += 1.0 if played.end.winners == (0,) else 0.0
    assert wins >= 2


def test_a_planner_can_be_asked_mid_turn_without_a_plan() -> None:
    state = set_up(1, {}, seed=6)
    state = GAME.apply(state, Rotate(0, 1, (1, 1), 180)).state
    action = PlannerBot().choose(GAME.view(state, 0), 0, random.Random(0))
    assert isinstance(action, Rotate | Insert) and action in GAME.legal_actions(state, 0)


def test_the_planner_does_not_walk_in_circles_when_no_path_is_in_reach() -> None:
    # In this seeded solo game the last cat sat one cell from a home's channel, but no two
    # actions could join them; a planner that always chose the same of its equal plans went
    # round in circles for 5000 turns. Drawing among equal plans gets the cat home.
    played = play_game({"mode": "solo"}, 1, [PlannerBot()], derive(0, "bench", 51))
    assert played.end is not None and played.end.turns <= 30, played.state.turn
