"""Declaring (P-6), round end (P-8.1, P-8.2) and what a declaration reveals."""

from lanpurr.core import CHANCE
from lanpurr.core.rng import derive
from lanpurr.games.purrfect import GAME
from lanpurr.games.purrfect.actions import (
    AcceptOffer,
    DeclarePurrfect,
    OpenOffer,
    TakeAcceptance,
)
from lanpurr.games.purrfect.events import (
    AcceptanceRejected,
    HandRetokened,
    OfferCancelled,
    PurrfectDeclared,
    RoundScored,
)
from tests.games.purrfect.tables import ANA, BEN, CLEO, DAN, EVA, faces, refused, table, tokens

NINE_OSCAR = [f"Oscar-{k}" for k in range(1, 10)]
EIGHT_OSCAR_AND_TIGRE = [f"Oscar-{k}" for k in range(1, 9)] + ["Tigre-6"]


def test_P_1_1_P_6_2_the_first_purrfect_hand_declared_ends_the_round() -> None:
    tables = table({CLEO: NINE_OSCAR})
    events = tables.apply(DeclarePurrfect(CLEO))
    assert isinstance(events[0], PurrfectDeclared) and events[0].valid
    assert tables.full.phase == "deal" and GAME.to_act(tables.full) == {CHANCE}
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.declarer == CLEO and scored.gains[CLEO] == 2


def test_P_6_1_a_declaration_shows_all_nine_cards_locked_ones_included() -> None:
    tables = table({CLEO: EIGHT_OSCAR_AND_TIGRE, ANA: ["Luna-1"]})
    full = tables.full
    tables.apply(OpenOffer(ANA, tokens(full, ANA, "Luna-1")))
    tables.apply(OpenOffer(CLEO, tokens(full, CLEO, "Oscar-1")))
    tables.apply(AcceptOffer(CLEO, 0, tokens(full, CLEO, "Tigre-6")))
    events = tables.apply(DeclarePurrfect(CLEO))
    tables.check()
    declared = events[0]
    assert isinstance(declared, PurrfectDeclared) and len(declared.hand) == 9
    assert sorted(f for _, f in declared.hand) == sorted(EIGHT_OSCAR_AND_TIGRE)
    assert declared.audience is None  # everyone sees it


def test_P_6_3_a_wrong_declaration_has_no_penalty_and_may_be_repeated() -> None:
    tables = table({CLEO: EIGHT_OSCAR_AND_TIGRE, DAN: ["Oscar-9"]})
    before = tables.full
    tables.apply(DeclarePurrfect(CLEO))
    after = tables.full
    assert after.phase == "round" and after.totals == before.totals
    assert faces(after, CLEO) == faces(before, CLEO)
    # Trading goes on; once Cleo holds nine Oscar a new declaration wins.
    tables.apply(OpenOffer(DAN, tokens(after, DAN, "Oscar-9")))
    tables.apply(AcceptOffer(CLEO, 0, tokens(tables.full, CLEO, "Tigre-6")))
    tables.apply(TakeAcceptance(DAN, 0, CLEO))
    events = tables.apply(DeclarePurrfect(CLEO))
    assert isinstance(events[0], PurrfectDeclared) and events[0].valid


def test_P_6_4_a_hand_purrfect_from_the_deal_may_be_declared_at_once() -> None:
    tables = table({EVA: [f"Milo-{k}" for k in range(1, 10)]})
    assert tables.full.swaps_this_round == 0 and not tables.full.offers
    assert isinstance(tables.apply(DeclarePurrfect(EVA))[0], PurrfectDeclared)
    assert tables.full.results[0].declarer == EVA


def test_P_12_4_a_wrong_declaration_keeps_the_open_offer_and_shows_the_hand() -> None:
    tables = table({CLEO: EIGHT_OSCAR_AND_TIGRE})
    offered = tokens(tables.full, CLEO, "Oscar-4")
    tables.apply(OpenOffer(CLEO, offered))
    offer_before = tables.full.offers
    events = tables.apply(DeclarePurrfect(CLEO, reshuffle=derive("cleo")))
    tables.check()
    declared = events[0]
    assert isinstance(declared, PurrfectDeclared) and not declared.valid
    assert sorted(f for _, f in declared.hand) == sorted(EIGHT_OSCAR_AND_TIGRE)
    assert tables.full.offers == offer_before  # the same offer, the same card
    assert tables.full.totals == (0,) * 5 and tables.full.phase == "round"
    # Everyone now knows the hand as it was: the offered card is a known Oscar to all.
    for seat in (ANA, BEN, DAN, EVA):
        assert tables.seat_view(seat).cat(offered[0]) == "Oscar"


def test_P_10_after_a_wrong_declaration_the_hand_is_retokened_for_its_owner_only() -> None:
    tables = table({CLEO: EIGHT_OSCAR_AND_TIGRE})
    shown = tables.full.hands[CLEO]
    events = tables.apply(DeclarePurrfect(CLEO, reshuffle=derive("cleo")))
    tables.check()
    retoken = next(e for e in events if isinstance(e, HandRetokened))
    assert set(retoken.retired) == set(shown) and not set(retoken.fresh) & set(shown)
    hand = tables.full.hands[CLEO]
    assert set(hand) == set(retoken.fresh) and len(hand) == 9
    assert faces(tables.full, CLEO) == sorted(EIGHT_OSCAR_AND_TIGRE)
    # Others know the hand's contents but not which fresh token is the Tigre.
    for seat in (ANA, BEN, DAN, EVA):
        assert all(tables.seat_view(seat).cat(t) is None for t in hand)
    assert all(tables.seat_view(CLEO).cat(t) for t in hand)


def test_P_10_the_retoken_order_comes_from_the_declarers_private_randomness() -> None:
    places = set()
    for salt in range(8):
        tables = table({CLEO: EIGHT_OSCAR_AND_TIGRE})
        tables.apply(DeclarePurrfect(CLEO, reshuffle=derive("salt", salt)))
        full = tables.full
        places.add(next(i for i, t in enumerate(full.hands[CLEO]) if full.cat(t) == "Tigre"))
    assert len(places) > 2  # the Tigre does not sit at a predictable place


def test_P_8_1_round_end_cancels_offers_and_rejects_acceptances_hands_stay_whole() -> None:
    tables = table({ANA: NINE_OSCAR, BEN: ["Luna-1"], CLEO: ["Milo-1"], DAN: ["Luna-2"]})
    full = tables.full
    tables.apply(OpenOffer(BEN, tokens(full, BEN, "Luna-1")))
    tables.apply(OpenOffer(ANA, tokens(full, ANA, "Oscar-1")))
    tables.apply(AcceptOffer(CLEO, 0, tokens(full, CLEO, "Milo-1")))
    tables.apply(AcceptOffer(DAN, 1, tokens(full, DAN, "Luna-2")))
    events = tables.apply(DeclarePurrfect(ANA))
    tables.check()
    assert OfferCancelled(0, BEN) in events and OfferCancelled(1, ANA) in events
    assert AcceptanceRejected(0, CLEO, "round_over") in events
    assert AcceptanceRejected(1, DAN, "round_over") in events
    end = tables.full
    assert end.offers == () and end.acceptances == ()
    assert [len(h) for h in end.hands] == [9] * 5 and end.hands == full.hands


def test_P_8_2_every_hand_is_revealed_at_the_end_of_the_round() -> None:
    tables = table({BEN: NINE_OSCAR})
    tables.apply(DeclarePurrfect(BEN))
    tables.check()
    for seat in range(5):
        view = tables.seat_view(seat)
        assert all(view.cat(t) for hand in view.hands for t in hand)


def test_P_7_4_acting_after_the_round_ended_is_void() -> None:
    tables = table({BEN: NINE_OSCAR, ANA: ["Luna-1"]})
    tables.apply(DeclarePurrfect(BEN))
    state = tables.full
    assert "has ended" in refused(state, OpenOffer(ANA, tokens(state, ANA, "Luna-1")), "P-7.4")
    assert "has ended" in refused(state, DeclarePurrfect(CLEO), "P-7.4")
