"""Connection (G-6), checked against a brute-force reference written from the rules alone."""

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from lanpurr.games.gutters import GAME
from lanpurr.games.gutters.actions import Rotate
from lanpurr.games.gutters.components import OPENINGS
from lanpurr.games.gutters.geometry import slot_index
from lanpurr.games.gutters.paths import connected_pairs, connections
from tests.games.gutters.helpers import explain, position, tile

# G-2.2, typed in from the rules' table.
RULES_OPENINGS = {
    "I": {0: "NS", 90: "EW", 180: "NS", 270: "EW"},
    "C": {0: "NE", 90: "ES", 180: "SW", 270: "WN"},
    "J": {0: "NEW", 90: "NES", 180: "ESW", 270: "NSW"},
}
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
FACING = {"N": "S", "E": "W", "S": "N", "W": "E"}


def reference_slot(name: str, size: int) -> tuple[tuple[int, int], str]:
    """G-3.2: the cell a slot touches and the side of that cell that faces it."""
    kind, k = name[0], int(name[1:])
    return {
        "T": ((0, k), "N"),
        "R": ((k, size - 1), "E"),
        "B": ((size - 1, k), "S"),
        "L": ((k, 0), "W"),
    }[kind]


def reference_pairs(
    codes: list[str], size: int, homes: list[str], cats: list[str]
) -> set[tuple[str, str]]:
    """Every (cat slot, home slot) joined by linked cells, by breadth-first search (G-6)."""
    opens = {
        (i // size, i % size): set(RULES_OPENINGS[c[0]][int(c[1:])]) for i, c in enumerate(codes)
    }

    def reach(start: tuple[int, int]) -> set[tuple[int, int]]:
        seen, queue = {start}, deque([start])
        while queue:
            r, c = queue.popleft()
            for side in opens[(r, c)]:
                nxt = (r + STEP[side][0], c + STEP[side][1])
                if nxt in opens and FACING[side] in opens[nxt] and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        return seen

    pairs = set()
    for cat in cats:
        cat_cell, cat_side = reference_slot(cat, size)
        if cat_side not in opens[cat_cell]:
            continue
        for home in homes:
            home_cell, home_side = reference_slot(home, size)
            if home_side in opens[home_cell] and home_cell in reach(cat_cell):
                pairs.add((cat, home))
    return pairs


@st.composite
def boards(draw: st.DrawFn) -> tuple[int, list[str], list[str], list[str]]:
    size = draw(st.sampled_from([3, 4]))
    codes = draw(
        st.lists(
            st.builds(
                lambda s, r: f"{s}{r}", st.sampled_from("ICJ"), st.sampled_from([0, 90, 180, 270])
            ),
            min_size=size * size,
            max_size=size * size,
        )
    )
    names = list(slot_index(size))
    chosen = draw(st.lists(st.sampled_from(names), min_size=2, max_size=4, unique=True))
    return size, codes, chosen[:2], chosen[2:]


@settings(max_examples=300, deadline=None)
@given(boards())
def test_G_6_3_connections_match_a_brute_force_reference(
    board: tuple[int, list[str], list[str], list[str]],
) -> None:
    size, codes, homes, cats = board
    names = slot_index(size)
    masks = tuple(OPENINGS[tile(c)] for c in codes)
    home_slots = tuple(names[h] for h in homes)
    found = {
        (cat, homes[home])
        for cat_slot, home in connected_pairs(masks, size, home_slots, [names[c] for c in cats])
        for cat in [next(n for n, i in names.items() if i == cat_slot)]
    }
    assert found == reference_pairs(codes, size, homes, cats), (codes, homes, cats)


def test_G_6_1_a_link_needs_both_tiles_open_toward_each_other() -> None:
    cards = {"L1": "k01", "R1": "A", "T0": "B", "B3": "k02"}
    linked = position({(1, 1): "C270", (1, 0): "I90", (1, 2): "I90", (1, 3): "I90"}, cards)
    assert connections(linked.masks, 4, linked.homes, linked.cat_slots) == []
    # (1,1) is open W and N only: its E neighbour is open W, but the link needs both sides.
    joined = position({(1, 1): "I90", (1, 0): "I90", (1, 2): "I90", (1, 3): "I90"}, cards)
    assert connections(joined.masks, 4, joined.homes, joined.cat_slots) == [
        (slot_index(4)["L1"], 0)
    ]


def test_G_6_2_a_closed_slot_is_not_connected() -> None:
    # Column 0 links T0 to B0, but the cat at T0 faces the E-W straight tile's closed N side.
    state = position({(0, 0): "C90"}, {"T0": "k01", "B0": "A", "R0": "B", "B3": "k02"})
    assert connections(state.masks, 4, state.homes, state.cat_slots) == [], explain(state)


def test_G_6_3_a_cat_and_a_home_on_the_same_cell_are_connected() -> None:
    state = position({(0, 0): "C270"}, {"T0": "k01", "L0": "A", "R2": "B", "B3": "k02"})
    assert connections(state.masks, 4, state.homes, state.cat_slots) == [(0, 0)]


def test_G_6_4_dead_ends_and_the_third_branch_of_a_junction_do_not_block() -> None:
    # Row 1: the cat at L1 runs E through a T-junction whose N branch leads to a closed tile.
    state = position(
        {(1, 0): "I90", (1, 1): "J0", (1, 2): "I90", (1, 3): "I90", (0, 1): "I90"},
        {"L1": "k01", "R1": "A", "T3": "B", "B3": "k02"},
    )
    assert connections(state.masks, 4, state.homes, state.cat_slots) == [(slot_index(4)["L1"], 0)]


def test_G_6_5_connections_are_checked_after_each_single_action() -> None:
    before = position(
        {(1, 0): "I270", (3, 0): "C270"},
        {"T0": "k01", "R0": "B", "B3": "k10", "L3": "A"},
        pile=("k13", "k02"),
    )
    after = GAME.apply(before, Rotate(0, 1, (1, 0), 90)).state
    assert after.actions_left == 1 and after.won[0], "the cat is won mid-turn"


def test_G_7_2_a_cat_joined_to_both_homes_goes_to_the_first_clockwise() -> None:
    # The rules' example: a cat at T2 with homes at R1 and L3 is given the home at R1.
    special = {
        (0, 0): "I90",
        (0, 2): "J90",
        (0, 3): "C180",
        (1, 3): "J90",
        (3, 2): "C270",
        (3, 1): "I90",
        (3, 0): "I90",
    }
    state = position(special, {"T2": "k01", "R1": "B", "L3": "A", "T0": "k02"})
    pairs = connected_pairs(state.masks, 4, state.homes, state.cat_slots)
    names = slot_index(4)
    assert {(c, h) for c, h in pairs} == {(names["T2"], 0), (names["T2"], 1)}, explain(state)
    assert connections(state.masks, 4, state.homes, state.cat_slots) == [(names["T2"], 1)]
