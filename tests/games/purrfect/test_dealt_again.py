"""A round dealt again where it stands (a laptop gone mid-round, docs/fair-play.md "What a
drop-out keeps"): every hand, nine cards each, from the 9n cards of the cats in play; the open
offers and pending acceptances are cancelled; everything else stays."""

from collections import Counter
from dataclasses import replace

from lanpurr.core.events import FacesShown
from lanpurr.games.purrfect import GAME, PurrfectState
from lanpurr.games.purrfect.actions import AcceptOffer, DealAgain, DeclarePurrfect, OpenOffer
from lanpurr.games.purrfect.cats import faces_of
from lanpurr.games.purrfect.events import (
    AcceptanceRejected,
    HandsDealtAgain,
    OfferCancelled,
    PurrfectDeclared,
)
from lanpurr.games.purrfect.invariants import check_invariants, check_step
from tests.games.purrfect.tables import ANA, BEN, CLEO, DAN, KEY, refused, table, token

SEED = bytes(range(32))


def mid_round() -> PurrfectState:
    """Round 2 of 5 players: Ana's offer open, Ben's acceptance of it pending, Cleo's wrong
    declaration shown, pawprints from round 1."""
    tables = table(
        {ANA: ["Luna-1", "Luna-2"], BEN: ["Milo-1", "Milo-2"], CLEO: ["Oscar-1"]},
        totals=[2, 1, 0, 1, 0],
    )
    state = replace(tables.full, round=2)
    state = GAME.apply(state, OpenOffer(ANA, (token(state, ANA, "Luna-1"),))).state
    state = GAME.apply(state, AcceptOffer(BEN, 0, (token(state, BEN, "Milo-1"),))).state
    state = GAME.apply(state, OpenOffer(DAN, (state.hands[DAN][0],))).state
    step = GAME.apply(state, DeclarePurrfect(CLEO))
    assert any(isinstance(e, PurrfectDeclared) and not e.valid for e in step.events)
    return step.state


def test_P_3_2_P_3_3_dealt_again_the_round_keeps_its_key_its_cats_and_the_pawprints() -> None:
    before = GAME.view(mid_round(), -1)
    step = GAME.apply(before, DealAgain(SEED))
    after = step.state
    assert (after.phase, after.round, after.meow_key, after.cats) == (
        "round", 2, KEY, before.cats
    )  # fmt: skip
    assert (after.totals, after.results) == (before.totals, before.results)
    assert after.next_offer_id == before.next_offer_id == 2  # (a late message meets no new one)
    assert check_step(before, after) == []


def test_P_4_1_every_hand_is_dealt_again_nine_cards_each_from_the_cats_in_play() -> None:
    full = mid_round()
    step = GAME.apply(GAME.view(full, -1), DealAgain(SEED))
    after = step.state
    [dealt] = [e for e in step.events if isinstance(e, HandsDealtAgain)]
    assert dealt.round == 2 and after.hands == dealt.hands
    assert [len(hand) for hand in after.hands] == [9] * 5
    old = {t for hand in full.hands for t in hand}
    assert not old & {t for hand in after.hands for t in hand}  # (fresh tokens, all of them)
    shown = [e for e in step.events if isinstance(e, FacesShown)]
    assert [e.to for e in shown] == [(seat,) for seat in range(5)]
    faces = Counter(face for e in shown for _, face in e.faces)
    assert faces == Counter(f for cat in full.cats for f in faces_of(cat))
    for seat, e in enumerate(shown):
        assert [t for t, _ in e.faces] == list(after.hands[seat])
    # Cleo's shown cards went with her hand: no face of the old hands is kept.
    assert not set(after.cards.faces) & old
    # The full state, dealt again from the same seed, keeps every invariant.
    again = GAME.apply(full, DealAgain(SEED)).state
    assert check_invariants(again) == [] and again.hands == after.hands


def test_P_8_1_the_open_offers_and_pending_acceptances_are_cancelled() -> None:
    before = mid_round()
    step = GAME.apply(before, DealAgain(SEED))
    cancelled = [e for e in step.events if isinstance(e, OfferCancelled)]
    rejected = [e for e in step.events if isinstance(e, AcceptanceRejected)]
    assert [(e.offer_id, e.seat) for e in cancelled] == [(0, ANA), (1, DAN)]
    assert [(e.offer_id, e.seat, e.reason) for e in rejected] == [(0, BEN, "dealt_again")]
    assert step.state.offers == () and step.state.acceptances == ()
    assert all(step.state.locked(seat) == frozenset() for seat in range(5))


def test_P_4_1_only_a_round_under_way_is_dealt_again_with_a_seed_of_32_bytes() -> None:
    state = mid_round()
    refused(state, DealAgain(b"short"), "P-4.1")
    refused(replace(state, phase="deal"), DealAgain(SEED), "P-4.1")
    refused(replace(state, phase="over"), DealAgain(SEED), "P-4.1")
