"""A turn (G-5): two actions, rotations, pushes, the tile pile, and refused actions (G-4.6)."""

import pytest

from lanpurr.core.errors import RuleViolation
from lanpurr.games.gutters import GAME
from lanpurr.games.gutters.actions import Insert, Rotate
from lanpurr.games.gutters.events import TurnPassed
from lanpurr.games.gutters.geometry import pushes, slot_name
from lanpurr.games.gutters.state import GuttersState
from tests.games.gutters.helpers import code, position, set_up

QUIET = {"T1": "k01", "R0": "B", "B2": "k10", "L3": "A"}
"""Cats and homes that no rotation of (1,1) or (2,2) can connect on an all-I0 board."""


def quiet(**kwargs: object) -> GuttersState:
    return position({(1, 1): "C0", (2, 2): "J90"}, QUIET, **kwargs)  # type: ignore[arg-type]


def refused(state: GuttersState, action: object, rule: str, words: str) -> None:
    before = state
    with pytest.raises(RuleViolation) as caught:
        GAME.apply(state, action)
    assert caught.value.rule == rule
    assert words in caught.value.message
    assert state == before


def test_G_5_1_a_turn_is_two_actions_then_the_next_seat_plays() -> None:
    state = quiet(players=3, active=2)
    first = GAME.apply(state, Rotate(2, 1, (1, 1), 90))
    assert first.state.active == 2 and first.state.actions_left == 1
    assert not any(isinstance(e, TurnPassed) for e in first.events)
    second = GAME.apply(first.state, Rotate(2, 1, (1, 1), 90))  # the same action twice is fine
    assert code(second.state, 1, 1) == "C180"
    assert second.events[-1] == TurnPassed(0, 2)
    assert (second.state.active, second.state.turn, second.state.actions_left) == (0, 2, 2)


def test_G_5_1_a_third_action_in_a_turn_is_refused() -> None:
    state = quiet(players=1, mode="solo")
    for _ in range(2):
        state = GAME.apply(state, Rotate(0, 1, (1, 1), 90)).state
    refused(state, Rotate(0, 1, (1, 1), 90), "G-5.1", "already had its two actions")


def test_G_4_6_acting_out_of_turn_is_refused_and_turns_go_clockwise() -> None:
    state = quiet(players=4, active=3)
    refused(state, Rotate(1, 1, (1, 1), 90), "G-4.6", "seat 3's turn")
    for _ in range(2):
        state = GAME.apply(state, Rotate(3, 1, (2, 2), 90)).state
    assert state.active == 0
    refused(state, Rotate(0, 3, (1, 1), 90), "G-4.6", "wait for your turn")


def test_G_5_2_rotate_turns_one_tile_clockwise() -> None:
    state = quiet()
    after = GAME.apply(state, Rotate(0, 1, (2, 2), 270)).state
    assert code(after, 2, 2) == "J0"  # (90 + 270) mod 360
    changed = [i for i in range(16) if after.cells[i] != state.cells[i]]
    assert changed == [10]


def test_G_5_2_a_half_turn_of_a_straight_tile_is_legal_and_changes_nothing_visible() -> None:
    state = quiet()
    after = GAME.apply(state, Rotate(0, 1, (0, 0), 180)).state
    assert after.masks == state.masks and after.actions_left == 1
    assert code(after, 0, 0) == "I180"


def test_G_5_2_rotating_by_zero_or_an_odd_angle_is_refused() -> None:
    refused(quiet(), Rotate(0, 1, (1, 1), 0), "G-5.2", "90, 180 or 270")
    refused(quiet(), Rotate(0, 1, (1, 1), 45), "G-5.2", "not 45")
    refused(quiet(), Rotate(0, 1, (4, 1), 90), "G-3.1", "not a cell")


def test_G_5_3_inserting_at_an_inner_cell_is_refused() -> None:
    refused(quiet(), Insert(0, 1, (1, 2), "row", 0), "G-5.3", "inner cell")


def test_G_5_3_the_wrong_line_at_a_non_corner_is_refused() -> None:
    refused(quiet(), Insert(0, 1, (0, 2), "row", 0), "G-5.3", "only along its column")
    refused(quiet(), Insert(0, 1, (2, 3), "column", 0), "G-5.3", "only along its row")
    refused(quiet(), Insert(0, 1, (2, 3), "row", 45), "G-5.3", "not 45")


def test_G_5_3_a_corner_cell_may_leave_along_its_row_or_its_column() -> None:
    state = quiet()
    by_row = GAME.apply(state, Insert(0, 1, (3, 3), "row", 0)).state
    by_column = GAME.apply(state, Insert(0, 1, (3, 3), "column", 0)).state
    assert code(by_row, 3, 0) == "I0" and by_row.cell(3, 3) == state.cell(3, 2)
    assert by_column.cell(3, 3) == state.cell(2, 3) and by_column.cell(0, 3) == ("t01", 0)


@pytest.mark.parametrize("size", [4, 3])
def test_G_5_3_each_slot_matches_exactly_one_push(size: int) -> None:
    all_pushes = pushes(size)
    assert [p.slot for p in all_pushes] == list(range(4 * size))
    for push in all_pushes:
        entry_slot = slot_name(size, push.slot)
        side = {"T": (0, None), "B": (size - 1, None), "L": (None, 0), "R": (None, size - 1)}
        row, col = side[entry_slot[0]]
        assert row is None or push.entry[0] == row
        assert col is None or push.entry[1] == col
    state = set_up(2, {"board": "mini" if size == 3 else "standard"}, seed=4)
    inserts = [a for a in GAME.legal_actions(state, state.active) if isinstance(a, Insert)]
    rotations = [a for a in GAME.legal_actions(state, state.active) if isinstance(a, Rotate)]
    assert len(inserts) == 4 * size * 4 and len(set(inserts)) == len(inserts)
    assert len(rotations) == size * size * 3


def test_G_5_4_the_tile_pile_keeps_its_size_and_shows_its_top() -> None:
    state = set_up(2, {}, seed=1)
    for _ in range(12):
        top = state.tile_pile[0]
        out = state.cell(0, 2)[0]
        after = GAME.apply(state, Insert(state.active, state.turn, (0, 2), "column", 0)).state
        if after.phase == "over":
            break
        assert len(after.tile_pile) == 10
        assert after.tile_pile[-1] == out and after.cell(3, 2) == (top, 0)
        state = after
