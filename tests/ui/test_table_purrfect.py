"""The Purrfect table, played with the mouse against bots acting in real time."""

from __future__ import annotations

import time
from collections import Counter

import pytest
from PySide6.QtCore import QRectF
from pytestqt.qtbot import QtBot

from lanpurr.core.copies import replace
from lanpurr.games.purrfect.events import HandsDealtAgain, OfferCancelled, SwapMade
from lanpurr.games.purrfect.meows import MEOW_WORDS
from lanpurr.games.purrfect.state import PurrfectState
from lanpurr.seat.table import TableStep, TableUpdate
from tests.ui.test_tables_support import click, no_animations, open_table, wait_for
from ui.tables.purrfect import layout, offers
from ui.tables.purrfect.view import PurrfectTable
from ui.tables.table_text import MIN_TEXT_PX, table_font, text_fits
from ui.theme import FontRole


def unlocked_by_cat(view: PurrfectTable) -> dict[str, list[int]]:
    s: PurrfectState = view.state
    groups: dict[str, list[int]] = {}
    for token in view.my_hand():
        if token not in s.locked(view.seat):
            groups.setdefault(s.cat(token) or "?", []).append(token)
    return groups


def select(qtbot: QtBot, view: PurrfectTable, tokens: list[int]) -> None:
    for token in view.selected[:]:
        click(qtbot, view, ("card", token))
    for token in tokens:
        click(qtbot, view, ("card", token))


def play_a_little(qtbot: QtBot, view: PurrfectTable) -> None:
    """One decision of a simple human: keep the biggest cat, trade the weakest ones away."""
    s: PurrfectState = view.state
    if view.round_result is not None:
        click(qtbot, view, ("button", "next"))
        return
    if s.phase != "round" or view.animator.busy():
        return
    if view.hand_is_purrfect():
        click(qtbot, view, ("button", "declare"))
        return
    counts = Counter(s.cat(t) for t in s.hands[view.seat])
    target = counts.most_common(1)[0][0]
    groups = {cat: cards for cat, cards in unlocked_by_cat(view).items() if cat != target}
    if s.acceptance_of(view.seat) is None:
        for offer in s.offers:
            fitting = [c for c in groups.values() if len(c) >= len(offer.cards)]
            if offer.seat != view.seat and fitting:
                select(qtbot, view, fitting[0][: len(offer.cards)])
                click(qtbot, view, ("offer", offer.offer_id))
                return
    if s.offer_of(view.seat) is None and groups:
        weakest = min(groups, key=lambda cat: len(groups[cat]))
        select(qtbot, view, groups[weakest][:4])
        click(qtbot, view, ("button", "offer"))


def test_a_whole_game_of_purrfect_with_the_mouse_against_real_time_bots(qtbot: QtBot) -> None:
    with no_animations():
        screen = open_table(qtbot, "purrfect", 4, "heuristic", seed=11)
        view = screen.view
        assert isinstance(view, PurrfectTable)
        wait_for(qtbot, lambda: view.state.phase == "round")
        rounds_seen: set[int] = set()
        deadline = time.monotonic() + 240  # generous: a busy CI machine is slow
        while time.monotonic() < deadline:
            if view.winner is not None:
                break
            rounds_seen.add(view.state.round)
            play_a_little(qtbot, view)
            qtbot.wait(15)
        assert view.winner is not None, "the game did not end"
        # The winning round's best groups and pawprints show first, then the game's result.
        wait_for(qtbot, lambda: not view.animator.busy())
        assert view.round_result is not None
        assert screen.banner.headline == f"Round {view.round_result.round} is over"
        view.repaint()
        shown = [text for _rect, text, _font, _wrap in view.texts]
        assert any("best group" in text for text in shown)
        assert view.rect_of(("button", "again")) is None
        click(qtbot, view, ("button", "next"))
        # The result screen: the winner, every player's pawprints, a way back to the lobby.
        assert view.state.phase == "over"
        assert max(view.winner.totals) >= 5 or view.winner.by_tie_rule
        assert screen.banner.headline == "Game over"
        with qtbot.waitSignal(screen.leave_requested, timeout=2000):
            click(qtbot, view, ("button", "leave"))
        assert len(rounds_seen) >= 2


def test_P_5_3_an_offer_shows_face_down_cards_and_the_meow_word_never_the_number(
    qtbot: QtBot,
) -> None:
    with no_animations():
        screen = open_table(qtbot, "purrfect", 4, "random", seed=5)
        view = screen.view
        assert isinstance(view, PurrfectTable)
        wait_for(qtbot, lambda: view.state.phase == "round")
        s: PurrfectState = view.state
        groups = unlocked_by_cat(view)
        cat, cards = max(groups.items(), key=lambda item: len(item[1]))
        chosen = cards[:2]
        assert view.rect_of(("button", "offer")) is None  # nothing selected: Offer is off
        select(qtbot, view, chosen)
        assert view.selection_cat() == cat
        click(qtbot, view, ("button", "offer"))
        mine = view.state.offer_of(view.seat)
        assert mine is not None and set(mine.cards) == set(chosen)
        word = view.offer_word(view.seat)
        assert word == s.meow_key[1] and not any(ch.isdigit() for ch in word)
        # Withdrawing (P-5.5) unlocks the cards again.
        click(qtbot, view, ("button", "withdraw"))
        assert view.state.offer_of(view.seat) is None
        assert not view.state.locked(view.seat) & set(chosen)


def test_P_5_6_accepting_an_offer_needs_as_many_cards_of_one_cat(qtbot: QtBot) -> None:
    with no_animations():
        screen = open_table(qtbot, "purrfect", 4, "heuristic", seed=8)
        view = screen.view
        assert isinstance(view, PurrfectTable)
        wait_for(qtbot, lambda: any(o.seat != view.seat for o in view.state.offers))
        view.source.stop()  # freeze the bots so the offer stays open while we look at it
        s: PurrfectState = view.state
        offer = next(o for o in s.offers if o.seat != view.seat)
        k = len(offer.cards)
        # With nothing selected the click picks the offer and says what to do next; a second
        # click lets go of it.
        click(qtbot, view, ("offer", offer.offer_id))
        assert s.acceptance_of(view.seat) is None and view.chosen_offer == offer.offer_id
        assert f"click {k} of your cards" in view.banner()[1]
        click(qtbot, view, ("offer", offer.offer_id))
        assert view.chosen_offer is None
        fitting = [c for c in unlocked_by_cat(view).values() if len(c) >= k]
        if not fitting:
            return
        select(qtbot, view, fitting[0][:k])
        assert view.can_accept(offer.offer_id)
        before = Counter(view.state.hands[view.seat])
        click(qtbot, view, ("offer", offer.offer_id))
        acceptance = view.state.acceptance_of(view.seat)
        assert acceptance is not None and len(acceptance.cards) == k
        assert Counter(view.state.hands[view.seat]) == before  # nothing moves before the swap
        # Under the offer, in my own words (it said "You accepts: Meo!").
        view.repaint()
        said = [text for _r, text, _f, _w in view.texts if "accept" in text]
        assert f"You accept: {view.offer_word(offer.seat)}!" in said, said


def test_P_5_6_an_offer_clicked_first_is_accepted_by_the_cards_clicked_next(
    qtbot: QtBot,
) -> None:
    with no_animations():
        screen = open_table(qtbot, "purrfect", 4, "heuristic", seed=8)
        view = screen.view
        assert isinstance(view, PurrfectTable)
        wait_for(qtbot, lambda: any(o.seat != view.seat for o in view.state.offers))
        view.source.stop()  # the bots wait while the player clicks
        s: PurrfectState = view.state
        offer = next(o for o in s.offers if o.seat != view.seat)
        k = len(offer.cards)
        fitting = [c for c in unlocked_by_cat(view).values() if len(c) >= k]
        assert fitting, "seed 8 deals a hand that can answer the first offer"
        click(qtbot, view, ("offer", offer.offer_id))  # the offer first…
        for token in fitting[0][:k]:  # …then as many cards of one cat
            assert view.state.acceptance_of(view.seat) is None
            click(qtbot, view, ("card", token))
        acceptance = view.state.acceptance_of(view.seat)
        assert acceptance is not None and acceptance.offer_id == offer.offer_id
        assert sorted(acceptance.cards) == sorted(fitting[0][:k])
        assert view.chosen_offer is None and view.selected == []


def test_a_hand_dealt_again_lets_go_of_the_cards_selected_before(qtbot: QtBot) -> None:
    # A laptop left: the hands are dealt again with fresh tokens. A swap drawn before it went
    # but not kept gave me tokens the deal issues again, so the same number may now name
    # another card; a card lifted before must not stay lifted, or Offer would offer it.
    with no_animations():
        screen = open_table(qtbot, "purrfect", 4, "random", seed=5)
        view = screen.view
        assert isinstance(view, PurrfectTable)
        wait_for(qtbot, lambda: view.state.phase == "round")
        view.source.stop()
        s: PurrfectState = view.state
        chosen = max(unlocked_by_cat(view).values(), key=len)[:2]
        select(qtbot, view, chosen)
        assert view.selection_cat() is not None
        hands = list(s.hands)
        hands[view.seat] = tuple(reversed(hands[view.seat]))  # the same numbers, dealt anew
        dealt = replace(s, hands=tuple(hands))
        event = HandsDealtAgain(s.round, dealt.hands)
        view.receive(TableUpdate((TableStep(event, dealt),), dealt))
        wait_for(qtbot, lambda: not view.animator.busy())
        assert set(chosen) <= set(view.state.hands[view.seat])
        assert view.selected == []
        assert view.rect_of(("button", "offer")) is None


def test_a_swap_shown_and_then_not_kept_is_said_undone_in_the_moves_list(
    qtbot: QtBot, english: None
) -> None:
    # Between laptops a swap shows as soon as its take is placed, before the two sides' cards
    # come. If a laptop leaves in between, the swap is not kept: the seat cancels its offer,
    # still open in the game it keeps, and deals the hands again. The Moves list said the two
    # had swapped, and nothing after it said otherwise.
    with no_animations():
        screen = open_table(qtbot, "purrfect", 4, "heuristic", seed=8)
        view = screen.view
        assert isinstance(view, PurrfectTable)
        wait_for(qtbot, lambda: sum(o.seat != view.seat for o in view.state.offers) >= 2)
        view.source.stop()
        s: PurrfectState = view.state
        shown, still_open = [o for o in s.offers if o.seat != view.seat][:2]
        other = next(seat for seat in range(4) if seat not in (view.seat, shown.seat))
        swap = SwapMade(shown.offer_id, shown.seat, other, shown.cards, (), (), ())
        view.receive(TableUpdate((TableStep(swap, s),), s))
        wait_for(qtbot, lambda: not view.animator.busy())
        a, b = view.names[shown.seat], view.names[other]
        count = len(shown.cards)
        assert screen.side.lines()[-1] == f"{a} and {b} swapped {count} card{'s' * (count > 1)}."
        dealt_again = (
            TableStep(OfferCancelled(shown.offer_id, shown.seat), s),
            TableStep(OfferCancelled(still_open.offer_id, still_open.seat), s),
            TableStep(HandsDealtAgain(s.round, s.hands), s),
        )
        view.receive(TableUpdate(dealt_again, s))
        wait_for(qtbot, lambda: not view.animator.busy())
        undone = f"The swap between {a} and {b} did not happen: a laptop left before it was done."
        assert screen.side.lines()[-1] == undone
        assert screen.side.lines().count(undone) == 1  # the offer cancelled unswapped says nothing


SIZES = pytest.mark.parametrize(
    "size",
    [(1008, 552), (1024, 600), (1280, 720), (1366, 768), (1280, 860)],
    ids=["window-1024x600", "1024x600", "1280x720", "1366x768", "1280x860"],
)


@SIZES
@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_every_panel_button_and_offer_keeps_clear_of_the_others_on_small_screens(
    qtbot: QtBot, players: int, size: tuple[int, int]
) -> None:
    # On the app's first window on a 1024×600 screen, "Clear selection" and Offer covered the
    # pawprints of the player at the table's right, and from six players on the side panels
    # hid each other's names. Now the panels stand clear, and shrink when they must.
    with no_animations():
        screen = open_table(qtbot, "purrfect", players, "heuristic", seed=3, size=size)
        view = screen.view
        assert isinstance(view, PurrfectTable)
        wait_for(
            qtbot,
            lambda: len(view.state.offers) >= 3 and not view.animator.busy(),
        )
        assert screen.controller is not None
        screen.controller.stop()
        click(qtbot, view, ("card", view.my_hand()[0]))
        view.repaint()
        buttons = [view.rect_of(("button", key)) for key in ("declare", "offer", "clear")]
        assert all(b is not None for b in buttons)
        panels = [layout.seat_box(view, s) for s in range(players) if s != view.seat]
        shown = [*panels, *(b for b in buttons if b is not None)]
        for i, a in enumerate(shown):
            assert QRectF(view.rect()).contains(a), a
            assert not any(a.intersects(b) for b in shown[i + 1 :]), a
        assert all(p.top() >= layout.KEY_BOTTOM for p in panels)
        on_table = [view.rect_of(("offer", o.offer_id)) for o in view.state.offers]
        assert not any(o is not None and o.intersects(a) for o in on_table for a in shown)
        words = {f"{view.offer_word(o.seat)}!" for o in view.state.offers}
        bubbles = [r for r, text, _f, _w in view.texts if text in words]
        assert len(bubbles) == len(view.state.offers)
        assert not any(b.intersects(a) for b in bubbles for a in panels)
        drawn = [(r, t, f, w) for r, t, f, w in view.texts if any(r.intersects(a) for a in shown)]
        names = [view.names[s] for s in range(players) if s != view.seat]
        assert {t for _r, t, _f, _w in drawn} >= {*names, "Purrfect!", "Offer", "Clear selection"}
        for rect, text, font, wrap in drawn:
            assert text_fits(rect, text, font, wrap), text
            assert font.pixelSize() >= MIN_TEXT_PX, text
        # The offers on the table, and their meow bubbles, keep clear of each other: with
        # seven players they used to pile up in the middle, one hiding the next.
        drawn_offers = [o for o in on_table if o is not None] + bubbles
        for i, a in enumerate(drawn_offers):
            assert not any(a.intersects(b) for b in drawn_offers[i + 1 :]), a
        # Whoever offers what, an offer lies in its seat's place, which holds four cards, the
        # widest meow bubble and the line that says who accepts: no two places overlap, and
        # none covers a panel, the meow key, my hand, my buttons or the table's edge.
        places = offers.places(view)
        assert sorted(places) == list(range(players))
        zones = [place.zone for place in places.values()]
        for i, zone in enumerate(zones):
            assert QRectF(view.rect()).adjusted(28, 0, -28, 0).contains(zone), zone
            assert not any(zone.intersects(other) for other in zones[i + 1 :]), zone
            assert not any(zone.intersects(part) for part in layout.fixed_parts(view)), zone
        for place in places.values():
            widest = max(offers.bubble_width(f"{w}!", place.bubble_px) for w in MEOW_WORDS)
            room = place.zone.adjusted(-0.5, -0.5, 0.5, 0.5)  # floating point
            assert room.contains(place.cards(4)) and room.contains(place.said())
            assert widest <= place.zone.width()
            assert place.card >= offers.CARD_SIZES[-1]
        if size[0] >= 1280 and players <= 5:
            assert {place.card for place in places.values()} == {offers.CARD_SIZES[0]}


def test_a_moves_caption_covers_no_open_offer_on_a_crowded_table(qtbot: QtBot) -> None:
    # Seven players on a 1024×600 screen: the caption of a swap, across the middle of the
    # table, hid the offers there, which are what a player looks at to choose one.
    with no_animations():
        screen = open_table(qtbot, "purrfect", 7, "heuristic", seed=3, size=(1008, 552))
        view = screen.view
        assert isinstance(view, PurrfectTable)
        wait_for(qtbot, lambda: len(view.state.offers) >= 4 and not view.animator.busy())
        view.source.stop()
        said = "Cleo and Finn swapped 2 cards."
        caption = view.caption_rect(said)
        places = offers.places(view)
        for offer in view.state.offers:
            assert not caption.intersects(places[offer.seat].zone)
        assert not any(caption.intersects(part) for part in layout.fixed_parts(view))
        assert text_fits(caption.adjusted(12, 0, -12, 0), said, table_font(FontRole.BODY, 15), True)
