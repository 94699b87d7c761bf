"""Folding events into a state: the only way a Purrfect state changes.

The same fold serves the full state and every seat's partial replica, so it reads only what
the event carries and never needs a face it was not shown.
"""

from collections.abc import Callable
from typing import Any

from lanpurr.core.copies import replace
from lanpurr.core.events import FacesShown
from lanpurr.core.game import Event
from lanpurr.games.purrfect.events import (
    AcceptanceMade,
    AcceptanceRejected,
    CatsChosen,
    GameWon,
    HandRetokened,
    HandsDealtAgain,
    MeowKeyDrawn,
    OfferAccepted,
    OfferCancelled,
    OfferOpened,
    OfferWithdrawn,
    PurrfectDeclared,
    RoundDealt,
    RoundScored,
    SwapMade,
    WithdrawalTooLate,
)
from lanpurr.games.purrfect.state import Acceptance, Offer, PurrfectState, RoundResult

Tokens = tuple[int, ...]


def _faces_shown(state: PurrfectState, e: FacesShown) -> PurrfectState:
    return replace(state, cards=state.cards.show(e.faces, e.to))


def _meow_key(state: PurrfectState, e: MeowKeyDrawn) -> PurrfectState:
    return replace(state, meow_key=e.words, phase="draw_cats")


def _cats(state: PurrfectState, e: CatsChosen) -> PurrfectState:
    return replace(state, cats=e.cats, phase="deal")


def _dealt(state: PurrfectState, e: RoundDealt) -> PurrfectState:
    old = [t for hand in state.hands for t in hand]
    cards = state.cards.retire(old).claim(t for hand in e.hands for t in hand)
    return replace(
        state,
        phase="round",
        round=e.round,
        hands=e.hands,
        cards=cards,
        offers=(),
        acceptances=(),
        swaps_this_round=0,
    )


def _dealt_again(state: PurrfectState, e: HandsDealtAgain) -> PurrfectState:
    old = [t for hand in state.hands for t in hand]
    cards = state.cards.retire(old).claim(t for hand in e.hands for t in hand)
    return replace(state, hands=e.hands, cards=cards)


def _offer_opened(state: PurrfectState, e: OfferOpened) -> PurrfectState:
    offer = Offer(e.offer_id, e.seat, e.cards)
    return replace(state, offers=(*state.offers, offer), next_offer_id=e.offer_id + 1)


def _close_offer(state: PurrfectState, offer_id: int) -> PurrfectState:
    return replace(state, offers=tuple(o for o in state.offers if o.offer_id != offer_id))


def _offer_withdrawn(state: PurrfectState, e: OfferWithdrawn) -> PurrfectState:
    return _close_offer(state, e.offer_id)


def _offer_cancelled(state: PurrfectState, e: OfferCancelled) -> PurrfectState:
    return _close_offer(state, e.offer_id)


def _nothing(state: PurrfectState, e: Event) -> PurrfectState:
    return state


def _acceptance_made(state: PurrfectState, e: AcceptanceMade) -> PurrfectState:
    acceptance = Acceptance(e.offer_id, e.seat, e.cards)
    return replace(state, acceptances=(*state.acceptances, acceptance))


def _drop_acceptance(state: PurrfectState, seat: int, offer_id: int) -> PurrfectState:
    kept = tuple(a for a in state.acceptances if not (a.seat == seat and a.offer_id == offer_id))
    return replace(state, acceptances=kept)


def _acceptance_rejected(state: PurrfectState, e: AcceptanceRejected) -> PurrfectState:
    return _drop_acceptance(state, e.seat, e.offer_id)


def _offer_accepted(state: PurrfectState, e: OfferAccepted) -> PurrfectState:
    return _drop_acceptance(_close_offer(state, e.offer_id), e.acceptor, e.offer_id)


def _swap(state: PurrfectState, e: SwapMade) -> PurrfectState:
    def moved(hand: Tokens, gave: Tokens, got: Tokens) -> Tokens:
        gone = set(gave)
        return tuple(t for t in hand if t not in gone) + got

    hands = list(state.hands)
    hands[e.offerer] = moved(hands[e.offerer], e.offerer_gave, e.offerer_got)
    hands[e.acceptor] = moved(hands[e.acceptor], e.acceptor_gave, e.acceptor_got)
    cards = state.cards.retire(e.offerer_gave + e.acceptor_gave)
    cards = cards.claim(e.acceptor_got + e.offerer_got)
    return replace(
        state, hands=tuple(hands), cards=cards, swaps_this_round=state.swaps_this_round + 1
    )


def _declared(state: PurrfectState, e: PurrfectDeclared) -> PurrfectState:
    return replace(state, cards=state.cards.show(e.hand, None))


def _retokened(state: PurrfectState, e: HandRetokened) -> PurrfectState:
    gone = set(e.retired)
    hands = list(state.hands)
    hands[e.seat] = tuple(t for t in hands[e.seat] if t not in gone) + e.fresh
    cards = state.cards.retire(e.retired).claim(e.fresh)
    return replace(state, hands=tuple(hands), cards=cards)


def _scored(state: PurrfectState, e: RoundScored) -> PurrfectState:
    result = RoundResult(e.round, e.declarer, e.best_groups, e.gains)
    return replace(state, totals=e.totals, results=(*state.results, result), phase="deal")


def _won(state: PurrfectState, e: GameWon) -> PurrfectState:
    return replace(state, winner=e.winner, phase="over")


_FOLDS: dict[type[Any], Callable[[PurrfectState, Any], PurrfectState]] = {
    FacesShown: _faces_shown,
    MeowKeyDrawn: _meow_key,
    CatsChosen: _cats,
    RoundDealt: _dealt,
    HandsDealtAgain: _dealt_again,
    OfferOpened: _offer_opened,
    OfferWithdrawn: _offer_withdrawn,
    WithdrawalTooLate: _nothing,
    OfferCancelled: _offer_cancelled,
    AcceptanceMade: _acceptance_made,
    AcceptanceRejected: _acceptance_rejected,
    OfferAccepted: _offer_accepted,
    SwapMade: _swap,
    PurrfectDeclared: _declared,
    HandRetokened: _retokened,
    RoundScored: _scored,
    GameWon: _won,
}


def absorb(state: PurrfectState, event: Event) -> PurrfectState:
    fold = _FOLDS.get(type(event))
    if fold is None:
        raise ValueError(f"Purrfect does not know the event {type(event).__name__}")
    return fold(state, event)
