"""Every action a seat may take now (`Game.legal_actions`). Works on the seat's own view."""

from collections import defaultdict
from itertools import combinations

from lanpurr.core.cards import Token
from lanpurr.games.purrfect.actions import (
    AcceptOffer,
    DeclarePurrfect,
    OpenOffer,
    PlayerAction,
    TakeAcceptance,
    WithdrawOffer,
)
from lanpurr.games.purrfect.state import PurrfectState, Seat
from lanpurr.games.purrfect.trading import MAX_OFFER


def unlocked_by_cat(state: PurrfectState, seat: Seat) -> dict[str, list[Token]]:
    """The seat's unlocked cards (P-5.2) grouped by cat, as far as this state knows them."""
    locked = state.locked(seat)
    groups: dict[str, list[Token]] = defaultdict(list)
    for token in state.hands[seat]:
        cat = state.cat(token)
        if cat is not None and token not in locked:
            groups[cat].append(token)
    return dict(groups)


def legal_actions(state: PurrfectState, seat: Seat) -> list[PlayerAction]:
    if state.phase != "round" or not 0 <= seat < state.players:
        return []
    actions: list[PlayerAction] = [DeclarePurrfect(seat)]
    groups = unlocked_by_cat(state, seat)
    mine = state.offer_of(seat)
    if mine is None:
        for cards in groups.values():
            for k in range(1, min(MAX_OFFER, len(cards)) + 1):
                actions.extend(OpenOffer(seat, c) for c in combinations(cards, k))
    else:
        actions.append(WithdrawOffer(seat, mine.offer_id))
        pending = state.acceptances_for(mine.offer_id)
        actions.extend(TakeAcceptance(seat, mine.offer_id, a.seat) for a in pending)
    if state.acceptance_of(seat) is None:
        for offer in state.offers:
            if offer.seat == seat:
                continue
            k = len(offer.cards)
            for cards in groups.values():
                actions.extend(AcceptOffer(seat, offer.offer_id, c) for c in combinations(cards, k))
    return actions
