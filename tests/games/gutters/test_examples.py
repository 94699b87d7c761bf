"""The worked examples of G-12, step by step."""

from dataclasses import replace

from lanpurr.core.events import FacesShown
from lanpurr.games.gutters import GAME
from lanpurr.games.gutters.actions import Insert, Rotate
from lanpurr.games.gutters.events import CatConnected, CatTurnedUp, CatWon, HomeMoved, TilePushed
from lanpurr.games.gutters.state import GuttersState
from lanpurr.games.gutters.variants import winners
from tests.games.gutters.helpers import cards_by_slot, code, explain, position


def won_cats(state: GuttersState, seat: int) -> list[str]:
    return list(state.won_faces(seat))


def test_G_12_1_a_rotation_wins_a_cat() -> None:
    before = position(
        {(1, 0): "I270", (3, 0): "C270"},
        {"T0": "k01", "R0": "B", "B3": "k10", "L3": "A"},
        pile=("k13", "k02"),
    )
    assert not GAME.apply(before, Rotate(0, 1, (0, 1), 180)).state.won[0], explain(before)
    step = GAME.apply(before, Rotate(0, 1, (1, 0), 90))
    after = step.state
    assert code(after, 1, 0) == "I0"
    assert won_cats(after, 0) == ["k01"], explain(after)
    assert cards_by_slot(after) == {"T1": "k13", "R0": "B", "B3": "k10", "L2": "A"}, explain(after)
    kinds = [type(e) for e in step.events if not isinstance(e, FacesShown)]
    assert kinds[1:] == [CatConnected, CatWon, HomeMoved, CatTurnedUp]
    connected = next(e for e in step.events if isinstance(e, CatConnected))
    assert connected.path == ((0, 0), (1, 0), (2, 0), (3, 0))
    assert (connected.home, connected.home_slot) == ("A", "L3")


def test_G_12_2_insert_mechanics() -> None:
    before = position(
        {(1, 0): "I90", (1, 1): "C0", (1, 2): "J0", (1, 3): "I0"},
        {"T0": "k01", "R0": "B", "B3": "k10", "L3": "A"},
        tile_pile=("t11", "t07", "t19", "t24", "t03", "t16", "t08", "t20", "t12", "t25"),
    )
    row = (("t05", 90), ("t14", 0), ("t23", 0), ("t02", 0))  # the example's tile ids
    before = replace(before, cells=before.cells[:4] + row + before.cells[8:])
    step = GAME.apply(before, Insert(0, 1, (1, 0), "row", 90))
    after = step.state
    pushed = step.events[0]
    assert pushed == TilePushed(0, "R1", "row", (1, 3), (1, 0), "t11", 90, "t05")
    assert after.cells[4:8] == (("t14", 0), ("t23", 0), ("t02", 0), ("t11", 90))
    assert after.tile_pile == ("t07", "t19", "t24", "t03", "t16", "t08", "t20", "t12", "t25", "t05")
    assert len(after.tile_pile) == 10
    assert cards_by_slot(after) == cards_by_slot(before)
    assert after.cells[:4] == before.cells[:4] and after.cells[8:] == before.cells[8:]


def test_G_12_2_the_corner_column_push_moves_column_zero_up() -> None:
    before = position(
        {(0, 0): "C90", (1, 0): "J0", (2, 0): "C180", (3, 0): "J270"},
        {"T1": "k01", "R0": "B", "B3": "k10", "L3": "A"},
    )
    after = GAME.apply(before, Insert(0, 1, (0, 0), "column", 0)).state
    assert [code(after, r, 0) for r in range(4)] == ["J0", "C180", "J270", "I0"]
    assert after.tile_pile[-1] == before.cell(0, 0)[0]
    assert [after.cell(r, c) for r in range(4) for c in range(1, 4)] == [
        before.cell(r, c) for r in range(4) for c in range(1, 4)
    ]


def test_G_12_3_a_chain_reaction() -> None:
    before = position(
        {(0, 0): "J90", (0, 1): "C270", (0, 2): "I90"},
        {"T0": "k02", "L0": "A", "B1": "k09", "R3": "B"},
        pile=("k14", "k06", "k11"),
        active=1,
    )
    step = GAME.apply(before, Rotate(1, 1, (0, 0), 270))
    after = step.state
    assert code(after, 0, 0) == "J0"
    assert won_cats(after, 1) == ["k02", "k14"], explain(after)
    assert cards_by_slot(after) == {"T1": "A", "T2": "k06", "B1": "k09", "R3": "B"}, explain(after)
    moves = [(e.from_slot, e.to_slot) for e in step.events if isinstance(e, HomeMoved)]
    assert moves == [("L0", "T0"), ("T0", "T1")]
    ups = [(e.cat, e.slot) for e in step.events if isinstance(e, CatTurnedUp)]
    assert ups == [("k14", "T1"), ("k06", "T2")]


def test_G_12_4_two_cats_from_one_action_with_a_skip() -> None:
    before = position(
        {(0, 0): "C0", (0, 1): "J180", (0, 2): "C270", (0, 3): "I90"},
        {"T0": "k03", "T1": "A", "T2": "k08", "B0": "B"},
        pile=("k12", "k05", "k01"),
    )
    step = GAME.apply(before, Rotate(0, 1, (0, 1), 180))
    after = step.state
    assert code(after, 0, 1) == "J0"
    connected = [(e.cat, e.home) for e in step.events if isinstance(e, CatConnected)]
    assert connected == [("k03", "A"), ("k08", "A")]
    moves = [(e.from_slot, e.to_slot, e.skipped) for e in step.events if isinstance(e, HomeMoved)]
    assert moves == [("T1", "T3", ("T2",)), ("T3", "R0", ())]
    assert won_cats(after, 0) == ["k03", "k08"]
    assert cards_by_slot(after) == {"T1": "k12", "T3": "k05", "R0": "A", "B0": "B"}, explain(after)


def test_G_12_5_final_scoring_with_a_tie() -> None:
    scores, cats = [12, 12, 4], [6, 5, 4]
    assert winners("competitive", scores, cats) == (0,)
    assert winners("competitive", [12, 12, 4], [6, 6, 3]) == (0, 1)
