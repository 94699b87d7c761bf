"""The text picture of a board: tiles, homes, cats with values, the pile's top tile."""

from lanpurr.games.gutters import GAME
from lanpurr.games.gutters.render import GLYPHS, render
from tests.games.gutters.helpers import position, set_up


def test_render_draws_tiles_cards_and_the_top_of_the_pile() -> None:
    state = position(
        {(0, 0): "J90", (0, 1): "C270", (0, 2): "I90", (3, 3): "C0"},
        {"T0": "k02", "L0": "A", "B1": "k13", "R3": "B"},
        tile_pile=("t23", *["t01"] * 9),
    )
    text = render(state)
    lines = text.splitlines()
    assert "k02=1" in lines[1] and "k13=3" in lines[6]
    assert lines[2].startswith(" L0 Home A") and "├" in lines[2] and "┘" in lines[2]
    assert "─" in lines[2] and "Home B R3" in lines[5] and "└" in lines[5]
    assert "tile pile top t23 ┴" in text and "cat pile 2" in text


def test_render_hides_the_faces_a_view_does_not_know() -> None:
    state = set_up(2, {}, seed=3)
    assert "k??" not in render(GAME.view(state, 0))
    assert len(set(GLYPHS.values())) == 10
    assert render(GAME.new_state(2, {})).endswith("tiles not dealt yet")
