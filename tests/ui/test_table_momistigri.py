"""The Momistigri table, played with the mouse against bots, and every effect's prompt."""

from __future__ import annotations

import itertools
import time
from dataclasses import replace

import pytest
from pytestqt.qtbot import QtBot

from lanpurr.games.momistigri.actions import DiscardPair, EndTurn, Pass
from lanpurr.games.momistigri.deck import value_of
from lanpurr.games.momistigri.state import (
    DESIGNATE,
    DISCARD,
    DRAW,
    GIVE,
    HAND_OUT,
    SWAP,
    State,
)
from tests.ui.test_tables_support import click, no_animations, open_table, wait_for
from ui.tables import TableScreen
from ui.tables.local_table import LocalTable
from ui.tables.momistigri import layout, words
from ui.tables.momistigri.view import MomistigriTable
from ui.tables.source import TableUpdate
from ui.tables.table_text import MIN_TEXT_PX, text_fits


def my_move(qtbot: QtBot, view: MomistigriTable) -> None:
    """One step of a plain human: discard the first pair with its effect, else pass."""
    s: State = view.state
    if view.round_result is not None:
        click(qtbot, view, ("button", "next"))
        return
    if not view.acting() or view.animator.busy():
        return
    if s.phase == DRAW:
        holder = s.previous_player(view.seat)
        for position in range(3):
            if view.state.phase != DRAW or ("fan", holder, position) not in view.clickable():
                break
            click(qtbot, view, ("fan", holder, position))
    elif s.phase == DISCARD:
        pairs = [a for a in view.legal() if isinstance(a, DiscardPair) and not a.reverse]
        if pairs:
            for token in pairs[0].cards:
                click(qtbot, view, ("hand", token))
            click(qtbot, view, ("button", "effect"))
        elif any(isinstance(a, Pass) for a in view.legal()):
            click(qtbot, view, ("button", "pass"))
        else:
            click(qtbot, view, ("button", "end"))
    elif s.phase in (DESIGNATE, GIVE, SWAP):
        click(qtbot, view, ("hand", view.my_hand()[0]))
        if s.phase == GIVE:
            click(qtbot, view, ("player", sorted(view.recipients_now())[0]))
        elif s.phase == SWAP:
            click(qtbot, view, ("pile", view.state.pile[0]))
    elif s.phase == HAND_OUT:
        click(qtbot, view, ("pile", s.pile[0]))
        click(qtbot, view, ("player", sorted(view.recipients_now())[0]))


@pytest.mark.parametrize(("players", "seed"), [(3, 2), (5, 7)])
def test_a_whole_game_of_momistigri_with_the_mouse_against_bots(
    qtbot: QtBot, players: int, seed: int
) -> None:
    with no_animations():
        screen = open_table(qtbot, "momistigri", players, "heuristic", seed=seed)
        view = screen.view
        assert isinstance(view, MomistigriTable)
        rounds_summed = 0
        deadline = time.monotonic() + 240  # generous: a busy CI machine is slow
        while time.monotonic() < deadline:
            if view.result is not None and view.round_result is None:
                break
            if view.round_result is not None:
                # M-8.4: the summary shows every holder's hand and its penalty.
                result = view.round_result
                for seat, faces in view.revealed.items():
                    assert result.penalties[seat] == sum(value_of(f) for f in faces)
                rounds_summed += 1
            my_move(qtbot, view)
            qtbot.wait(5)
        assert view.result is not None, "the game did not end"
        assert rounds_summed >= 2  # M-9.1: two rounds at least
        assert screen.banner.headline == "Game over"
        best = min(view.result.totals)
        assert {s for s, total in enumerate(view.result.totals) if total == best} >= set(
            view.result.winners
        )
        with qtbot.waitSignal(screen.leave_requested, timeout=2000):
            click(qtbot, view, ("button", "leave"))


# -- effects ------------------------------------------------------------------------------------


def my_discard_turn(
    qtbot: QtBot, seed: int, size: tuple[int, int] = (1280, 860)
) -> tuple[TableScreen, MomistigriTable, LocalTable]:
    """A 5-player table frozen at the start of my discard step, bots stopped. (The caller
    keeps the screen so that it lives as long as the test.)"""
    screen = open_table(qtbot, "momistigri", 5, "heuristic", seed=seed, size=size)
    view = screen.view
    assert isinstance(view, MomistigriTable)
    table = screen.controller
    assert table is not None
    for _ in range(2000):
        if view.acting() and view.state.phase == DISCARD and not view.busy():
            break
        my_move(qtbot, view) if view.state.phase == DRAW else None
        qtbot.wait(5)
    assert view.state.phase == DISCARD and view.acting()
    table.stop()
    return screen, view, table


def rig_pair(table: LocalTable, view: MomistigriTable, value: int) -> tuple[int, int]:
    """Move two cards of `value` from anywhere in the hands into mine, giving back others."""
    s: State = table.state
    me = table.seat
    faces = s.cards.faces
    hands = [list(h) for h in s.hands]
    mine = [t for t in hands[me] if value_of(faces[t]) == value]
    others = [
        (seat, t)
        for seat, h in enumerate(hands)
        if seat != me
        for t in h
        if value_of(faces[t]) == value
    ]
    pile = list(s.pile)
    others += [(-1, t) for t in pile if value_of(faces[t]) == value]  # -1: the pile
    cards = s.cards
    spare = [t for t in hands[me] if value_of(faces[t]) != value and faces[t] != "M"]
    while len(mine) < 2:
        seat, token = others.pop()
        back = spare.pop()
        hands[me].remove(back)
        hands[me].append(token)
        cards = cards.show([(token, faces[token])], to=(me,))
        if seat == -1:
            pile[pile.index(token)] = back
            cards = cards.show([(back, faces[back])], to=None)
        else:
            hands[seat].remove(token)
            hands[seat].append(back)
            cards = cards.show([(back, faces[back])], to=(seat,))
        mine.append(token)
    table.state = replace(s, hands=tuple(tuple(h) for h in hands), pile=tuple(pile), cards=cards)
    view.receive(TableUpdate((), table.current_view()))
    return mine[0], mine[1]


def discard(qtbot: QtBot, view: MomistigriTable, pair: tuple[int, int]) -> None:
    for token in pair:
        click(qtbot, view, ("hand", token))


@pytest.mark.parametrize("value", [1, 2, 3])
def test_M_6_1_a_pair_of_1s_2s_or_3s_offers_its_effect_or_the_reversal(
    qtbot: QtBot, value: int
) -> None:
    with no_animations():
        _screen, view, table = my_discard_turn(qtbot, seed=21)
        pair = rig_pair(table, view, value)
        discard(qtbot, view, pair)
        assert view.banner()[1] == "Choose: the pair's effect, or reverse the arrow."
        assert view.rect_of(("button", "effect")) is not None
        click(qtbot, view, ("button", "reverse"))
        assert view.state.direction == -1  # M-3.5: the arrow turned
        assert set(pair) <= set(view.state.pile)


def test_M_6_2_one_plus_one_discards_the_other_ones(qtbot: QtBot) -> None:
    with no_animations():
        _screen, view, table = my_discard_turn(qtbot, seed=22)
        pair = rig_pair(table, view, 1)
        discard(qtbot, view, pair)
        click(qtbot, view, ("button", "effect"))
        faces = [view.state.cards.face(t) or "" for t in view.state.hands[view.seat]]
        assert not [f for f in faces if f != "M" and value_of(f) == 1]


def test_M_6_3_two_plus_two_asks_which_card_the_next_player_draws(qtbot: QtBot) -> None:
    with no_animations():
        _screen, view, table = my_discard_turn(qtbot, seed=23)
        pair = rig_pair(table, view, 2)
        discard(qtbot, view, pair)
        click(qtbot, view, ("button", "effect"))
        assert view.state.phase == DESIGNATE
        nxt = view.names[view.state.next_player(view.seat) or 0]
        assert view.banner()[1] == f"2+2: click the card {nxt} must draw from you."
        chosen = view.my_hand()[0]
        click(qtbot, view, ("hand", chosen))
        assert view.state.pending is not None and view.state.pending.designated == chosen
        assert words.pending_text(view).startswith("2+2 pending")


def test_M_6_4_three_plus_three_swaps_after_the_next_draw(qtbot: QtBot) -> None:
    with no_animations():
        _screen, view, table = my_discard_turn(qtbot, seed=24)
        pair = rig_pair(table, view, 3)
        discard(qtbot, view, pair)
        click(qtbot, view, ("button", "effect"))
        assert words.pending_text(view).startswith("3+3 pending")
        click(qtbot, view, ("button", "end"))
        table.start()  # the next player draws from me, then I must swap
        wait_for(qtbot, lambda: view.acting() and view.state.phase == SWAP and not view.busy())
        assert view.banner()[1] == "3+3: click a card of your hand to put on the pile."
        put = view.my_hand()[0]
        click(qtbot, view, ("hand", put))
        assert view.banner()[1].startswith("3+3: now click the pile card you take")
        table.stop()
        take = next(t for t in view.state.pile)
        size = len(view.state.hands[view.seat])
        click(qtbot, view, ("pile", take))
        assert put in view.state.pile and take in view.state.hands[view.seat]
        assert len(view.state.hands[view.seat]) == size  # M-11.4: a swap keeps hand sizes


def test_while_a_four_plus_four_flies_to_the_pile_the_table_already_asks_for_the_gift(
    qtbot: QtBot,
) -> None:
    # The update holds the discard, then the gift's start. While the pair flew to the pile, the
    # table showed the moment in between: "click End turn", with an End turn button, for about
    # a second, before "4+4: click the card you give away".
    _screen, view, table = my_discard_turn(qtbot, seed=25)
    discard(qtbot, view, rig_pair(table, view, 4))
    click(qtbot, view, ("button", "effect"))
    assert view.animator.busy(), "the pair is on its way to the pile"
    seen: list[tuple[str, bool]] = []
    while view.animator.busy():
        view.repaint()
        seen.append((view.banner()[1], view.rect_of(("button", "end")) is not None))
        qtbot.wait(20)
    assert len(seen) > 3
    assert set(seen) == {("4+4: click the card you give away.", False)}, seen
    assert view.state.phase == GIVE


def test_M_6_5_four_plus_four_gives_a_card_to_a_clicked_player(qtbot: QtBot) -> None:
    with no_animations():
        _screen, view, table = my_discard_turn(qtbot, seed=25)
        pair = rig_pair(table, view, 4)
        discard(qtbot, view, pair)
        assert view.banner()[1] == "Click Discard pair."
        assert view.rect_of(("button", "reverse")) is None  # M-6.1: no reversal for 4+4
        click(qtbot, view, ("button", "effect"))
        assert view.state.phase == GIVE
        assert view.banner()[1] == "4+4: click the card you give away."
        card = view.my_hand()[0]
        click(qtbot, view, ("hand", card))
        assert view.banner()[1] == "4+4: now click the player who gets it."
        to = sorted(view.recipients_now())[0]
        before = len(view.state.hands[to])
        click(qtbot, view, ("player", to))
        assert len(view.state.hands[to]) == before + 1
        assert card not in view.state.hands[view.seat]


def test_M_6_6_five_plus_five_hands_out_pile_cards(qtbot: QtBot) -> None:
    with no_animations():
        _screen, view, table = my_discard_turn(qtbot, seed=26)
        pair = rig_pair(table, view, 5)
        discard(qtbot, view, pair)
        click(qtbot, view, ("button", "effect"))
        assert view.state.phase == HAND_OUT
        assert view.banner()[1] == "5+5: click a card of the pile to hand out."
        card = view.state.pile[-1]
        click(qtbot, view, ("pile", card))
        assert view.banner()[1] == "5+5: now click the player who gets it."
        to = sorted(view.recipients_now())[0]
        assert to != view.seat  # each_opponent (the default) gives to the others only
        click(qtbot, view, ("player", to))
        assert card in view.state.hands[to]


def test_M_6_7_six_plus_six_offers_another_pair(qtbot: QtBot) -> None:
    with no_animations():
        _screen, view, table = my_discard_turn(qtbot, seed=27)
        pair = rig_pair(table, view, 6)
        discard(qtbot, view, pair)
        click(qtbot, view, ("button", "effect"))
        assert view.banner()[1] == "6+6: you may discard another pair, or end your turn."
        assert view.rect_of(("button", "end")) is not None
        assert view.rect_of(("button", "pass")) is None


@pytest.mark.parametrize(("value", "count"), [(7, 2), (8, 3)])
def test_M_6_8_and_M_6_9_the_next_player_draws_more(qtbot: QtBot, value: int, count: int) -> None:
    with no_animations():
        _screen, view, table = my_discard_turn(qtbot, seed=28 + value)
        pair = rig_pair(table, view, value)
        discard(qtbot, view, pair)
        click(qtbot, view, ("button", "effect"))
        assert words.pending_text(view).startswith(f"{value}+{value} pending")
        assert f"draws {count} cards" in words.pending_text(view)
        assert EndTurn(view.seat) in view.legal()


@pytest.mark.parametrize("size", [(1024, 600), (1008, 552)], ids=["1024x600", "window"])
@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6, 7, 8])
def test_a_pairs_buttons_hold_all_their_words_on_a_1024_by_600_screen(
    qtbot: QtBot, value: int, size: tuple[int, int]
) -> None:
    # At 1024×600 "Discard pair — 8+8: the next player draws 3 cards from you" ran over its
    # button's edges, even at the smallest size (one choice now takes the room of both), and
    # a 1+1's two choices covered the seat at the table's right (they now stand under it).
    # "window": the app's own first window on such a screen.
    with no_animations():
        _screen, view, table = my_discard_turn(qtbot, seed=28 + value, size=size)
        discard(qtbot, view, rig_pair(table, view, value))
        view.repaint()
        keys = ("effect", "reverse", "pass", "hints")
        buttons = [view.rect_of(("button", key)) for key in keys]
        drawn = [
            (rect, text, font, wrap)
            for rect, text, font, wrap in view.texts
            if any(b is not None and b.contains(rect.center()) for b in buttons)
        ]
        assert len(drawn) == sum(b is not None for b in buttons) >= 2
        for rect, text, font, wrap in drawn:
            assert text_fits(rect, text, font, wrap), text
            assert font.pixelSize() >= MIN_TEXT_PX, text
        shown = [b for b in buttons if b is not None]
        assert not any(a.intersects(b) for i, a in enumerate(shown) for b in shown[i + 1 :])
        seats = [layout.seat_box(view, s) for s in range(5) if s != view.seat]
        assert not any(b.intersects(seat) for b in shown for seat in seats)


def test_M_5_1_each_card_of_the_fan_I_draw_from_is_a_separate_target(qtbot: QtBot) -> None:
    with no_animations():
        screen = open_table(qtbot, "momistigri", 4, "heuristic", seed=3)
        view = screen.view
        assert isinstance(view, MomistigriTable)
        wait_for(qtbot, lambda: view.acting() and view.state.phase == DRAW and not view.busy())
        screen.controller.stop()
        holder = view.state.previous_player(view.seat)
        assert view.drawing_from() == holder
        targets = [view.rect_of(("fan", holder, i)) for i in range(len(view.state.hands[holder]))]
        assert all(t is not None for t in targets)
        for a, b in itertools.pairwise(targets):
            assert a is not None and b is not None and not a.intersects(b)
        # Nobody else's fan can be clicked: the draw is from the previous player only.
        assert all(k[1] == holder for k in view.clickable() if k[0] == "fan")
        before = len(view.state.hands[view.seat])
        click(qtbot, view, ("fan", holder, len(targets) - 1))
        assert len(view.state.hands[view.seat]) == before + 1
