"""The Momistigri pile reads on a 1024×600 screen with 31 cards and more: every card's value and
symbol in sight and clickable, nothing over it (the pending line, a pair's choices, a seat);
on a 1600×900 screen its rows do not overlap."""

from __future__ import annotations

from dataclasses import replace

from pytestqt.qtbot import QtBot

from lanpurr.games.momistigri.state import HAND_OUT, SWAP_AFTER_DRAW, Pending, State
from tests.ui.test_table_glance import fill_the_pile
from tests.ui.test_table_momistigri import discard, my_discard_turn, rig_pair
from tests.ui.test_tables_support import click, no_animations
from ui.tables.momistigri import layout
from ui.tables.source import TableUpdate


def corner_in_sight(seen: object, card: object) -> bool:
    """The part of a pile card left in sight holds its corner: the value (ui.art.cards
    `_value_box`, to 0.36 of the card's width) and the colour's symbol under it."""
    w = card.width()  # type: ignore[attr-defined]
    return seen.width() >= 0.36 * w and seen.height() >= 0.6 * w  # type: ignore[attr-defined]


def _long_pile_to_hand_out(qtbot: QtBot, size: tuple[int, int]) -> tuple[object, object, object]:
    screen, view, table = my_discard_turn(qtbot, seed=26)
    screen.resize(*size)
    screen.moves.setChecked(True)  # the Moves column open beside the table
    qtbot.wait(10)
    pair = rig_pair(table, view, 5)
    fill_the_pile(table, view, keep=1)
    discard(qtbot, view, pair)
    return screen, view, table


def test_a_pile_of_31_cards_reads_and_takes_clicks_at_1024_by_600(qtbot: QtBot) -> None:
    with no_animations():
        _screen, view, _table = _long_pile_to_hand_out(qtbot, (1024, 600))
        choices = layout.choice_rects(view)
        view.repaint()
        laid = dict(layout.pile_rects(view))
        for rect in choices:  # a pair's choice stands beside the pile, never over it
            assert not any(rect.intersects(card) for card in laid.values())
        click(qtbot, view, ("button", "effect"))
        assert view.state.phase == HAND_OUT  # 5+5: a pile card is to be clicked
        pile = view.state.pile
        assert len(pile) >= 31
        view.repaint()
        laid = dict(layout.pile_rects(view))
        seats = [layout.seat_box(view, s) for s in range(view.state.players)]
        for token in pile:
            card = laid[token]
            assert card.width() >= 44
            assert layout.pile_area(view).contains(card)
            assert not any(card.intersects(seat) for seat in seats)
            where = view.rect_of(("pile", token))
            assert where is not None
            assert corner_in_sight(where, card), (token, where)
        card = pile[len(pile) // 2]
        click(qtbot, view, ("pile", card))
        assert view.chosen == card


def test_the_pending_line_leaves_every_pile_card_in_sight_at_1024_by_600(qtbot: QtBot) -> None:
    with no_animations():
        screen, view, table = my_discard_turn(qtbot, seed=26)
        screen.resize(1024, 600)
        screen.moves.setChecked(True)
        fill_the_pile(table, view, keep=1)
        s: State = table.state
        table.state = replace(s, pending=Pending((s.active + 1) % s.players, SWAP_AFTER_DRAW))
        view.receive(TableUpdate((), table.current_view()))
        view.repaint()
        line = layout.pending_rect(view)
        assert not line.isEmpty() and len(view.state.pile) >= 31
        laid = layout.pile_rects(view)
        for index, (token, card) in enumerate(laid):
            assert not card.intersects(line)
            seen = layout.pile_card_target(view, laid, index)
            assert corner_in_sight(seen, card), (token, seen)


def test_the_rows_of_a_long_pile_do_not_overlap_at_1600_by_900(qtbot: QtBot) -> None:
    with no_animations():
        screen, view, table = my_discard_turn(qtbot, seed=26)
        screen.resize(1600, 900)
        fill_the_pile(table, view, keep=1)
        view.repaint()
        laid = [card for _token, card in layout.pile_rects(view)]
        assert len(laid) >= 31
        for i, card in enumerate(laid):
            assert not any(card.intersects(other) for other in laid[i + 1 :])
