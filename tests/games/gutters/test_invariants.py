"""Invariants (G-11) under random legal play, and the checker catching broken states."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from lanpurr.core.rng import derive
from lanpurr.games.gutters.actions import Insert, Rotate
from lanpurr.games.gutters.bots import BOTS
from lanpurr.games.gutters.events import CatWon, GameEnded, HomeMoved, TurnPassed
from lanpurr.games.gutters.geometry import cell_index, push_for
from lanpurr.games.gutters.invariants import check_invariants
from lanpurr.games.gutters.simulate import play_game
from tests.games.gutters.helpers import explain, position, random_play, set_up

SETUPS = [
    (1, {}),
    (2, {}),
    (3, {"mode": "coop"}),
    (4, {"mode": "teams"}),
    (4, {}),
    (2, {"board": "mini"}),
    (1, {"board": "mini"}),
]


@settings(max_examples=25, deadline=None)
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 10**6))
def test_G_11_random_legal_play_keeps_every_invariant(
    setup: tuple[int, dict[str, str]], seed: int
) -> None:
    players, options = setup
    state = set_up(players, options, seed)
    assert check_invariants(state) == [], explain(state)
    actions = 0
    for before, action, after, events in random_play(state, seed, actions=80, planned_share=0.25):
        problems = check_invariants(after)
        assert problems == [], f"{problems} after {action}{explain(after)}"
        assert isinstance(action, Rotate | Insert)
        changed = {
            i for i, (a, b) in enumerate(zip(before.cells, after.cells, strict=True)) if a != b
        }
        size = before.size
        if isinstance(action, Rotate):  # G-11 (7): one tile's rotation only
            assert changed <= {cell_index(size, action.cell)}
            assert (
                after.cells[cell_index(size, action.cell)][0]
                == before.cells[cell_index(size, action.cell)][0]
            )
            assert after.tile_pile == before.tile_pile
        else:  # G-11 (7): one line and the pile
            line = {cell_index(size, c) for c in push_for(size, action.out, action.line).cells}
            assert changed <= line
        # G-11 (3): a home moves only when a cat it was given is won
        moved = [e for e in events if isinstance(e, HomeMoved)]
        assert len(moved) == len([e for e in events if isinstance(e, CatWon)])
        if not moved:
            assert after.homes == before.homes
        # G-11 (5): two actions per turn unless the game ended
        if any(isinstance(e, TurnPassed) for e in events):
            assert before.actions_left == 1
        elif not any(isinstance(e, GameEnded) for e in events):
            assert after.actions_left == before.actions_left - 1
        actions += 1
    assert actions > 0


def test_G_11_the_mixed_play_of_the_property_test_does_win_cats() -> None:
    won = 0
    for seed in range(3):
        state = set_up(2, {}, seed)
        for _, _, _, events in random_play(state, seed, actions=80, planned_share=0.25):
            won += sum(isinstance(e, CatWon) for e in events)
    assert won >= 3


def test_G_11_6_whole_games_end_with_fifteen_cats_and_twenty_eight_points() -> None:
    """The game ends (bounded): planners of every variant, and random bots on the mini board."""
    for index, (players, options) in enumerate(SETUPS):
        bots = [BOTS["planner"]() for _ in range(players)]
        played = play_game(options, players, bots, derive(index, "bounded"))
        assert played.end is not None and not played.violations, played.violations
        assert played.end.turns <= 80 * players
        assert sum(played.end.scores) == 28 and sum(played.end.cats) == 15
    randoms = play_game(
        {"board": "mini"}, 2, [BOTS["random"](), BOTS["random"]()], derive(0, "random")
    )
    assert randoms.end is not None and not randoms.violations, randoms.violations


def test_G_11_the_checker_reports_broken_states() -> None:
    good = set_up(2, {}, seed=1)
    assert check_invariants(good) == []
    lost_tile = replace(good, tile_pile=good.tile_pile[1:])
    assert any("G-11 (1)" in p for p in check_invariants(lost_tile))
    twice = replace(good, tile_pile=(good.cells[0][0], *good.tile_pile[1:]))
    assert any("twice" in p for p in check_invariants(twice))
    lost_cat = replace(good, cat_pile=good.cat_pile[1:])
    assert any("G-11 (2)" in p for p in check_invariants(lost_cat))
    stacked = replace(good, homes=(good.slot_cats[0][0], good.homes[1]))
    assert any("G-11 (3)" in p for p in check_invariants(stacked))
    connected = position(
        {(1, 0): "I0", (3, 0): "C270"}, {"T0": "k01", "R0": "B", "B3": "k10", "L3": "A"}
    )
    assert any("G-11 (4)" in p for p in check_invariants(connected))
    unfinished = replace(good, phase="over")
    assert any("G-11 (6)" in p for p in check_invariants(unfinished))
