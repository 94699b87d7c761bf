"""The text picture used in failure messages and `lanpurr simulate --show`."""

from lanpurr.games.momistigri import GAME, render
from lanpurr.games.momistigri.state import DRAW_TWO, Pending
from tests.games.momistigri.helpers import table


def test_render_shows_hands_pile_direction_help_cards_and_pending_effect() -> None:
    state = table(
        [["M", "1.0"], ["3.2", "4.0"], []],
        pile=["9.0"],
        active=1,
        direction=-1,
        help_up=(False, True, True),
        pending=Pending(0, DRAW_TWO),
    )
    text = render(state)
    assert "counter-clockwise" in text and "active 1" in text
    assert "seat 0 [down]  2 cards: M 1.0" in text
    assert "> seat 1 [  up]" in text and "seat 2 [  up]  0 cards: (out)" in text
    assert "pile: 9.0" in text and "pending: draw_two from seat 0" in text


def test_render_of_a_view_hides_what_the_seat_does_not_know() -> None:
    state = table([["M", "1.0"], ["3.2", "4.0"], ["5.0"]], pile=["9.0"])
    text = render(GAME.view(state, 1))
    assert "2 cards: ?? ??" in text and "3.2 4.0" in text and "pile: 9.0" in text
