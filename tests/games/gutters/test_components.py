"""The pieces (G-2) and the board geometry (G-3)."""

from collections import Counter

from lanpurr.games.gutters import GAME
from lanpurr.games.gutters.actions import Insert
from lanpurr.games.gutters.components import (
    CATS,
    HOMES,
    OPENINGS,
    TILE_SHAPES,
    TOTAL_POINTS,
    E,
    N,
    S,
    W,
)
from lanpurr.games.gutters.geometry import cell_index, next_free, slot_index, slots
from lanpurr.games.gutters.paths import connected_pairs
from tests.games.gutters.helpers import cards_by_slot, position

SIDE = {"N": N, "E": E, "S": S, "W": W}


def test_G_2_1_twenty_six_tiles_of_three_shapes() -> None:
    assert len(TILE_SHAPES) == 26
    assert Counter(TILE_SHAPES.values()) == {"I": 10, "C": 12, "J": 4}
    assert TILE_SHAPES["t01"] == TILE_SHAPES["t10"] == "I"
    assert TILE_SHAPES["t11"] == TILE_SHAPES["t22"] == "C"
    assert TILE_SHAPES["t23"] == TILE_SHAPES["t26"] == "J"


def test_G_2_2_rotations_follow_the_rules_table() -> None:
    table = {
        "I": ("NS", "EW", "NS", "EW"),
        "C": ("NE", "ES", "SW", "WN"),
        "J": ("NEW", "NES", "ESW", "NSW"),
    }
    first = {"I": "t01", "C": "t11", "J": "t23"}
    for shape, sides in table.items():
        for rotation, open_sides in zip((0, 90, 180, 270), sides, strict=True):
            assert OPENINGS[(first[shape], rotation)] == sum(SIDE[s] for s in open_sides)


def test_G_2_2_each_tile_is_a_single_channel() -> None:
    # One T-junction joins its three sides: the cat on its N side reaches Home A on its W side
    # and Home B through its E side.
    special = {(0, 0): "J0", (0, 1): "I90", (0, 2): "I90", (0, 3): "I90"}
    state = position(special, {"T0": "k01", "L0": "A", "R0": "B", "B2": "k02"})
    assert connected_pairs(state.masks, 4, state.homes, state.cat_slots) == [(0, 0), (0, 1)]


def test_G_2_3_fifteen_cats_worth_twenty_eight_points() -> None:
    assert len(CATS) == 15 and TOTAL_POINTS == 28
    assert Counter(value for _, value in CATS.values()) == {1: 6, 2: 5, 3: 4}
    assert CATS["k01"] == ("Biscuit", 1) and CATS["k15"] == ("Smokey", 3)


def test_G_2_4_two_homes() -> None:
    assert HOMES == ("A", "B")


def test_G_3_1_cells_are_row_major_with_row_zero_on_top() -> None:
    assert cell_index(4, (0, 0)) == 0 and cell_index(4, (1, 0)) == 4
    assert cell_index(3, (2, 2)) == 8


def test_G_3_2_each_slot_touches_one_edge_cell_on_one_side() -> None:
    by_name = {s.name: s for s in slots(4)}
    assert (by_name["T2"].cell, by_name["T2"].side) == ((0, 2), N)
    assert (by_name["R1"].cell, by_name["R1"].side) == ((1, 3), E)
    assert (by_name["B0"].cell, by_name["B0"].side) == ((3, 0), S)
    assert (by_name["L3"].cell, by_name["L3"].side) == ((3, 0), W)
    touching_corner = [s.name for s in slots(4) if s.cell == (0, 0)]
    assert sorted(touching_corner) == ["L0", "T0"]
    assert len(slots(4)) == 16 and len(slots(3)) == 12


def test_G_3_3_the_slots_form_a_clockwise_cycle() -> None:
    assert list(slot_index(4)) == [
        "T0",
        "T1",
        "T2",
        "T3",
        "R0",
        "R1",
        "R2",
        "R3",
        "B3",
        "B2",
        "B1",
        "B0",
        "L3",
        "L2",
        "L1",
        "L0",
    ]
    assert list(slot_index(3)) == [
        "T0",
        "T1",
        "T2",
        "R0",
        "R1",
        "R2",
        "B2",
        "B1",
        "B0",
        "L2",
        "L1",
        "L0",
    ]


def test_G_3_4_a_slot_holds_one_card_and_cards_never_ride_the_tiles() -> None:
    # Moving a home or placing a cat never lands on an occupied slot, even when all are near.
    names = slot_index(4)
    occupied = {names["T1"], names["T2"], names["T3"]}
    assert next_free(16, names["T0"], occupied) == names["R0"]
    # Pushing the row beside a cat and a home moves the tiles, never the cards.
    before = position({(0, 0): "C90"}, {"L0": "k01", "R0": "A", "T2": "k02", "B3": "B"})
    for action in (Insert(0, 1, (0, 3), "row", 90), Insert(0, 1, (0, 2), "column", 90)):
        after = GAME.apply(before, action).state
        assert after.cells != before.cells
        assert cards_by_slot(after) == cards_by_slot(before)


def test_G_3_5_moving_clockwise_skips_occupied_slots_and_wraps_around() -> None:
    names = slot_index(4)
    assert next_free(16, names["L3"], set()) == names["L2"]
    assert next_free(16, names["L0"], set()) == names["T0"]
    assert next_free(16, names["L1"], {names["L0"], names["T0"]}) == names["T1"]
    assert next_free(12, slot_index(3)["L0"], {0}) == 1
