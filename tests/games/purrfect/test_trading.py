"""Trading (P-5): offers, locks, acceptances and the blind swap, with worked examples."""

from lanpurr.core import FacesShown
from lanpurr.games.purrfect import GAME
from lanpurr.games.purrfect.actions import (
    AcceptOffer,
    DeclarePurrfect,
    OpenOffer,
    TakeAcceptance,
    WithdrawOffer,
)
from lanpurr.games.purrfect.events import (
    AcceptanceMade,
    AcceptanceRejected,
    OfferAccepted,
    OfferOpened,
    OfferWithdrawn,
    SwapMade,
)
from tests.games.purrfect.tables import (
    ANA,
    BEN,
    CLEO,
    DAN,
    EVA,
    cats_held,
    faces,
    refused,
    table,
    tokens,
)

LUNA_PAIR = {ANA: ["Luna-2", "Luna-7"], BEN: ["Milo-1", "Milo-4"], CLEO: ["Oscar-3", "Oscar-9"]}


def test_P_5_1_no_turns_every_seat_may_act_at_any_moment() -> None:
    tables = table(LUNA_PAIR)
    state = tables.full
    assert GAME.to_act(state) == frozenset(range(5))
    # Several seats act one after another with no turn order between them.
    for seat in (EVA, ANA, DAN, ANA):
        state = GAME.apply(state, GAME.legal_actions(state, seat)[1]).state
    assert GAME.to_act(state) == frozenset(range(5))


def test_P_5_3_an_offer_is_one_to_four_cards_of_one_cat_announced_by_its_word() -> None:
    state = table({ANA: ["Luna-1", "Luna-2", "Luna-3", "Luna-4", "Luna-5", "Milo-1"]}).full
    luna = tokens(state, ANA, "Luna-1", "Luna-2", "Luna-3", "Luna-4", "Luna-5")
    for k, word in enumerate(("Nyan", "Mjau", "Meong", "Mraaoo"), 1):
        opened = GAME.apply(state, OpenOffer(ANA, luna[:k])).events
        assert opened == (OfferOpened(0, ANA, word, luna[:k]),)
    assert "1 to 4" in refused(state, OpenOffer(ANA, luna), "P-5.3")
    assert "1 to 4" in refused(state, OpenOffer(ANA, ()), "P-5.3")


def test_P_5_3_mixing_cats_or_foreign_cards_is_refused() -> None:
    state = table({ANA: ["Luna-1", "Milo-1"], BEN: ["Luna-2"]}).full
    mixed = tokens(state, ANA, "Luna-1", "Milo-1")
    assert "one cat" in refused(state, OpenOffer(ANA, mixed), "P-5.3")
    bens = tokens(state, BEN, "Luna-2")
    assert "not in seat 0's hand" in refused(state, OpenOffer(ANA, bens), "P-5.3")
    twice = tokens(state, ANA, "Luna-1") * 2
    assert "twice" in refused(state, OpenOffer(ANA, twice), "P-5.3")


def test_P_5_4_a_second_open_offer_is_refused() -> None:
    state = table({ANA: ["Luna-1", "Milo-1"]}).full
    state = GAME.apply(state, OpenOffer(ANA, tokens(state, ANA, "Luna-1"))).state
    assert "withdraw it" in refused(state, OpenOffer(ANA, tokens(state, ANA, "Milo-1")), "P-5.4")


def test_P_5_5_withdrawing_unlocks_the_cards_and_frees_the_offer_slot() -> None:
    state = table({ANA: ["Luna-1", "Luna-2"]}).full
    luna = tokens(state, ANA, "Luna-1", "Luna-2")
    state = GAME.apply(state, OpenOffer(ANA, luna)).state
    assert state.locked(ANA) == set(luna)
    step = GAME.apply(state, WithdrawOffer(ANA, 0))
    assert step.events == (OfferWithdrawn(0, ANA),)
    assert step.state.locked(ANA) == frozenset() and step.state.offers == ()
    # Only the offerer may withdraw, and only an offer that exists.
    assert "only its offerer" in refused(state, WithdrawOffer(BEN, 0), "P-5.5")
    assert "no offer 7" in refused(state, WithdrawOffer(ANA, 7), "P-5.5")
    again = GAME.apply(step.state, OpenOffer(ANA, luna[:1]))
    assert again.state.offer_of(ANA) is not None


def test_P_5_6_accepting_needs_exactly_k_cards_of_one_cat() -> None:
    tables = table({ANA: ["Luna-2", "Luna-7"], BEN: ["Milo-1", "Milo-4", "Milo-5", "Oscar-1"]})
    state = tables.full
    state = GAME.apply(state, OpenOffer(ANA, tokens(state, ANA, "Luna-2", "Luna-7"))).state
    one = tokens(state, BEN, "Milo-1")
    three = tokens(state, BEN, "Milo-1", "Milo-4", "Milo-5")
    mixed = tokens(state, BEN, "Milo-1", "Oscar-1")
    assert "exactly that many" in refused(state, AcceptOffer(BEN, 0, one), "P-5.6")
    assert "exactly that many" in refused(state, AcceptOffer(BEN, 0, three), "P-5.6")
    assert "one cat" in refused(state, AcceptOffer(BEN, 0, mixed), "P-5.6")
    assert "own offer" in refused(state, AcceptOffer(ANA, 0, state.hands[ANA][2:4]), "P-5.6")
    assert "no offer 3" in refused(state, AcceptOffer(BEN, 3, one), "P-5.6")
    made = GAME.apply(state, AcceptOffer(BEN, 0, three[:2])).events
    assert made == (AcceptanceMade(0, BEN, ANA, "Mjau", three[:2]),)  # the word is repeated


def test_P_5_6_one_pending_acceptance_at_a_time_and_offer_plus_acceptance_is_fine() -> None:
    state = table({ANA: ["Luna-1"], BEN: ["Milo-1"], CLEO: ["Oscar-1", "Oscar-2", "Simba-1"]}).full
    state = GAME.apply(state, OpenOffer(ANA, tokens(state, ANA, "Luna-1"))).state
    state = GAME.apply(state, OpenOffer(BEN, tokens(state, BEN, "Milo-1"))).state
    state = GAME.apply(state, OpenOffer(CLEO, tokens(state, CLEO, "Simba-1"))).state
    state = GAME.apply(state, AcceptOffer(CLEO, 0, tokens(state, CLEO, "Oscar-1"))).state
    assert state.offer_of(CLEO) is not None and state.acceptance_of(CLEO) is not None
    second = AcceptOffer(CLEO, 1, tokens(state, CLEO, "Oscar-2"))
    assert "pending acceptance" in refused(state, second, "P-5.6")


def test_P_5_2_cards_locked_in_an_acceptance_cannot_be_offered() -> None:
    state = table({ANA: ["Luna-1"], BEN: ["Milo-1", "Milo-2"]}).full
    state = GAME.apply(state, OpenOffer(ANA, tokens(state, ANA, "Luna-1"))).state
    state = GAME.apply(state, AcceptOffer(BEN, 0, tokens(state, BEN, "Milo-1"))).state
    assert "locked" in refused(state, OpenOffer(BEN, tokens(state, BEN, "Milo-1")), "P-5.2")
    assert len(state.hands[BEN]) == 9  # locked cards are still part of the hand
    assert GAME.apply(state, OpenOffer(BEN, tokens(state, BEN, "Milo-2"))).state.offer_of(BEN)


def test_P_5_7_the_offerer_takes_the_first_acceptance_it_receives_and_the_swap_is_done() -> None:
    tables = table(LUNA_PAIR)
    state = tables.full
    ana, ben = tokens(state, ANA, "Luna-2", "Luna-7"), tokens(state, BEN, "Milo-1", "Milo-4")
    state = GAME.apply(state, OpenOffer(ANA, ana)).state
    state = GAME.apply(state, AcceptOffer(BEN, 0, ben)).state
    step = GAME.apply(state, TakeAcceptance(ANA, 0, BEN))
    accepted, swap = step.events[:2]
    assert accepted == OfferAccepted(0, ANA, BEN)
    assert isinstance(swap, SwapMade) and swap.offerer_gave == ana and swap.acceptor_gave == ben
    after = step.state
    assert after.offers == () and after.acceptances == ()
    was_ana, was_ben = cats_held(state, ANA), cats_held(state, BEN)
    now_ana, now_ben = cats_held(after, ANA), cats_held(after, BEN)
    assert now_ana.get("Milo", 0) == was_ana.get("Milo", 0) + 2
    assert now_ana.get("Luna", 0) == was_ana["Luna"] - 2
    assert now_ben.get("Luna", 0) == was_ben.get("Luna", 0) + 2
    # Cannot be undone: the offer is gone, so taking again is refused.
    assert "no open offer" in refused(after, TakeAcceptance(ANA, 0, BEN), "P-5.7")


def test_P_5_7_only_a_pending_acceptance_of_that_offer_can_be_taken() -> None:
    state = table(LUNA_PAIR).full
    state = GAME.apply(state, OpenOffer(ANA, tokens(state, ANA, "Luna-2", "Luna-7"))).state
    assert "no pending acceptance" in refused(state, TakeAcceptance(ANA, 0, BEN), "P-5.7")
    assert "no open offer" in refused(state, TakeAcceptance(BEN, 0, ANA), "P-5.7")


def test_P_5_8_swapping_a_cat_for_the_same_cat_is_legal_and_blind() -> None:
    tables = table({ANA: ["Luna-1"], BEN: ["Luna-2"]})
    state = tables.full
    tables.apply(OpenOffer(ANA, tokens(state, ANA, "Luna-1")))
    tables.apply(AcceptOffer(BEN, 0, tokens(state, BEN, "Luna-2")))
    # Before the swap neither side knows the other's cat.
    assert tables.seat_view(BEN).cat(tables.full.offers[0].cards[0]) is None
    assert tables.seat_view(ANA).cat(tables.full.acceptances[0].cards[0]) is None
    events = tables.apply(TakeAcceptance(ANA, 0, BEN))
    tables.check()
    assert "Luna-2" in faces(tables.full, ANA) and "Luna-1" in faces(tables.full, BEN)
    shown = [e for e in events if isinstance(e, FacesShown)]
    assert [e.to for e in shown] == [(ANA, BEN)]


def test_P_5_9_a_rejected_acceptance_changes_no_hand() -> None:
    state = table(LUNA_PAIR).full
    state = GAME.apply(state, OpenOffer(ANA, tokens(state, ANA, "Luna-2", "Luna-7"))).state
    state = GAME.apply(state, WithdrawOffer(ANA, 0)).state
    step = GAME.apply(state, AcceptOffer(BEN, 0, tokens(state, BEN, "Milo-1", "Milo-4")))
    assert step.events == (AcceptanceRejected(0, BEN, "closed"),)
    assert step.state.hands == state.hands and step.state.locked(BEN) == frozenset()


def test_P_12_2_two_acceptances_race_ben_reaches_ana_first() -> None:
    tables = table(LUNA_PAIR)
    full = tables.full
    before = {s: faces(full, s) for s in (ANA, BEN, CLEO)}
    tables.apply(OpenOffer(ANA, tokens(full, ANA, "Luna-2", "Luna-7")))
    tables.apply(AcceptOffer(BEN, 0, tokens(full, BEN, "Milo-1", "Milo-4")))
    tables.apply(AcceptOffer(CLEO, 0, tokens(full, CLEO, "Oscar-3", "Oscar-9")))
    events = tables.apply(TakeAcceptance(ANA, 0, BEN))
    tables.check()
    after = tables.full
    ana_rest = [f for f in before[ANA] if f not in ("Luna-2", "Luna-7")]
    ben_rest = [f for f in before[BEN] if f not in ("Milo-1", "Milo-4")]
    assert faces(after, ANA) == sorted([*ana_rest, "Milo-1", "Milo-4"])
    assert faces(after, BEN) == sorted([*ben_rest, "Luna-2", "Luna-7"])
    assert AcceptanceRejected(0, CLEO, "taken") in events
    assert faces(after, CLEO) == before[CLEO] and after.locked(CLEO) == frozenset()
    swap = next(e for e in events if isinstance(e, SwapMade))
    assert (swap.offerer, swap.acceptor, len(swap.acceptor_got)) == (ANA, BEN, 2)  # public
    # Only Ana and Ben know what moved; Cleo, Dan and Eva know neither cat.
    for seat in (CLEO, DAN, EVA):
        view = tables.seat_view(seat)
        assert all(view.cat(t) is None for t in swap.acceptor_got + swap.offerer_got)
    assert tables.seat_view(ANA).cat(swap.offerer_got[0]) == "Milo"
    assert tables.seat_view(BEN).cat(swap.acceptor_got[0]) == "Luna"
    assert [len(h) for h in after.hands] == [9] * 5


def test_P_12_3_a_card_locked_in_an_offer_cannot_accept_another() -> None:
    hands = {BEN: ["Simba-1", "Simba-5", "Simba-8", "Simba-3"], DAN: ["Luna-1"]}
    state = table(hands).full
    meong = tokens(state, BEN, "Simba-1", "Simba-5", "Simba-8")
    state = GAME.apply(state, OpenOffer(BEN, meong)).state
    assert state.offers[0].cards == meong
    nyan = GAME.apply(state, OpenOffer(DAN, tokens(state, DAN, "Luna-1")))
    assert isinstance(nyan.events[0], OfferOpened) and nyan.events[0].word == "Nyan"
    state = nyan.state
    locked = AcceptOffer(BEN, 1, tokens(state, BEN, "Simba-5"))
    assert "locked" in refused(state, locked, "P-5.2")
    assert GAME.apply(state, AcceptOffer(BEN, 1, tokens(state, BEN, "Simba-3"))).state.acceptances
    other = next(
        t for t in state.hands[BEN] if t not in state.locked(BEN) and state.cat(t) != "Simba"
    )
    assert GAME.apply(state, AcceptOffer(BEN, 1, (other,))).state.acceptance_of(BEN)
    assert "withdraw it" in refused(state, OpenOffer(BEN, tokens(state, BEN, "Simba-3")), "P-5.4")


def test_P_1_3_locked_means_in_its_owners_open_offer_or_pending_acceptance() -> None:
    state = table({ANA: ["Luna-1", "Luna-2"], BEN: ["Milo-1", "Milo-2"]}).full
    state = GAME.apply(state, OpenOffer(ANA, tokens(state, ANA, "Luna-1"))).state
    state = GAME.apply(state, OpenOffer(BEN, tokens(state, BEN, "Milo-1"))).state
    state = GAME.apply(state, AcceptOffer(ANA, 1, tokens(state, ANA, "Luna-2"))).state
    assert state.locked(ANA) == set(tokens(state, ANA, "Luna-1", "Luna-2"))
    assert state.locked(BEN) == set(tokens(state, BEN, "Milo-1"))
    assert all(len(h) == 9 for h in state.hands)
    # Declaring is always possible, locked cards or not.
    assert GAME.apply(state, DeclarePurrfect(ANA)).state.phase == "round"
