"""Trading (P-5): opening, withdrawing and accepting offers, and the blind swap.

Each function checks its action against the state left by every event before it (P-7.2) and
returns the events it causes; it raises `RuleViolation` for a move that breaks a rule. A race
lost on the network (an acceptance or withdrawal that arrives after the offer closed) is not an
error but an outcome with its own event.
"""

from lanpurr.core.cards import Token
from lanpurr.core.errors import RuleViolation
from lanpurr.core.events import FacesShown
from lanpurr.core.game import Event
from lanpurr.games.purrfect.actions import AcceptOffer, OpenOffer, TakeAcceptance, WithdrawOffer
from lanpurr.games.purrfect.events import (
    AcceptanceMade,
    AcceptanceRejected,
    OfferAccepted,
    OfferOpened,
    OfferWithdrawn,
    SwapMade,
    WithdrawalTooLate,
)
from lanpurr.games.purrfect.state import PurrfectState, Seat

MAX_OFFER = 4
Tokens = tuple[Token, ...]


def _check_cards(state: PurrfectState, rule: str, seat: Seat, cards: tuple[Token, ...]) -> None:
    """Check that `cards` are distinct cards of the seat's hand, all of one cat."""
    if len(set(cards)) != len(cards):
        raise RuleViolation(rule, f"a card appears twice in {list(cards)}; name each card once")
    hand = set(state.hands[seat])
    foreign = [t for t in cards if t not in hand]
    if foreign:
        raise RuleViolation(
            rule, f"cards {foreign} are not in seat {seat}'s hand; use cards from your own hand"
        )
    # A peer that does not know these faces cannot check their cat here: the swap partner
    # checks it at the swap, and everyone at the audit (docs/realtime-order.md).
    cats = {cat for cat in map(state.cat, cards) if cat is not None}
    if len(cats) > 1:
        raise RuleViolation(rule, f"the cards show {sorted(cats)}; use cards of one cat only")


def _swap_faces(
    state: PurrfectState, fresh: Tokens, moved: Tokens, sides: tuple[Seat, Seat]
) -> tuple[Event, ...]:
    """P-5.8, P-10: the moved cards' faces under their fresh tokens, for the two sides only.

    Only a state that knows every moved face (the full one) can say them all; a peer's partial
    state derives the public events alone, and the faces reach the two sides from each other.
    """
    faces = [state.cards.face(t) for t in moved]
    known = tuple((new, face) for new, face in zip(fresh, faces, strict=True) if face is not None)
    if len(known) < len(moved):
        return ()
    return (FacesShown(known, to=tuple(sorted(sides))),)


def _not_locked(state: PurrfectState, seat: Seat, cards: tuple[Token, ...]) -> None:
    locked = [t for t in cards if t in state.locked(seat)]
    if locked:
        raise RuleViolation(
            "P-5.2",
            f"cards {locked} are locked in seat {seat}'s open offer or pending acceptance; "
            "use unlocked cards, or withdraw the offer first",
        )


def open_offer(state: PurrfectState, action: OpenOffer) -> tuple[Event, ...]:
    seat, cards = action.seat, action.cards
    if state.offer_of(seat) is not None:
        raise RuleViolation(
            "P-5.4", f"seat {seat} already has an open offer; withdraw it before opening another"
        )
    if not 1 <= len(cards) <= MAX_OFFER:
        raise RuleViolation("P-5.3", f"an offer holds 1 to {MAX_OFFER} cards, not {len(cards)}")
    _check_cards(state, "P-5.3", seat, cards)
    _not_locked(state, seat, cards)
    word = state.meow_key[len(cards) - 1]
    return (OfferOpened(state.next_offer_id, seat, word, cards),)


def withdraw_offer(state: PurrfectState, action: WithdrawOffer) -> tuple[Event, ...]:
    seat, offer_id = action.seat, action.offer_id
    offer = state.offer_by_id(offer_id)
    if offer is None:
        if 0 <= offer_id < state.next_offer_id:
            # P-5.5: too late, the offer was already taken (or withdrawn): nothing changes.
            return (WithdrawalTooLate(offer_id, seat),)
        raise RuleViolation("P-5.5", f"there is no offer {offer_id} to withdraw")
    if offer.seat != seat:
        raise RuleViolation(
            "P-5.5", f"offer {offer_id} belongs to seat {offer.seat}; only its offerer withdraws it"
        )
    rejected = tuple(
        AcceptanceRejected(offer_id, a.seat, "withdrawn") for a in state.acceptances_for(offer_id)
    )
    return (OfferWithdrawn(offer_id, seat), *rejected)


def accept_offer(state: PurrfectState, action: AcceptOffer) -> tuple[Event, ...]:
    seat, offer_id, cards = action.seat, action.offer_id, action.cards
    if not 0 <= offer_id < state.next_offer_id:
        raise RuleViolation("P-5.6", f"there is no offer {offer_id} to accept")
    offer = state.offer_by_id(offer_id)
    if offer is not None and offer.seat == seat:
        raise RuleViolation("P-5.6", f"seat {seat} cannot accept its own offer {offer_id}")
    if state.acceptance_of(seat) is not None:
        raise RuleViolation(
            "P-5.6",
            f"seat {seat} already has a pending acceptance; wait until it is resolved",
        )
    if not 1 <= len(cards) <= MAX_OFFER:
        raise RuleViolation("P-5.6", f"an acceptance holds 1 to {MAX_OFFER} cards")
    _check_cards(state, "P-5.6", seat, cards)
    _not_locked(state, seat, cards)
    if offer is None:
        # P-5.7: it arrived after the offer was withdrawn or taken: rejected, nothing locked.
        return (AcceptanceRejected(offer_id, seat, "closed"),)
    if len(cards) != len(offer.cards):
        raise RuleViolation(
            "P-5.6",
            f"offer {offer_id} holds {state.meow_key[len(offer.cards) - 1]!r}: accept it with "
            f"exactly that many cards, not {len(cards)}",
        )
    word = state.meow_key[len(cards) - 1]
    return (AcceptanceMade(offer_id, seat, offer.seat, word, cards),)


def take_acceptance(state: PurrfectState, action: TakeAcceptance) -> tuple[Event, ...]:
    """P-5.7: the offerer's peer received this acceptance first while the offer was open."""
    offerer, offer_id, acceptor = action.seat, action.offer_id, action.acceptor
    offer = state.offer_by_id(offer_id)
    if offer is None or offer.seat != offerer:
        raise RuleViolation(
            "P-5.7", f"seat {offerer} has no open offer {offer_id} whose acceptance it could take"
        )
    acceptance = state.acceptance_of(acceptor)
    if acceptance is None or acceptance.offer_id != offer_id:
        raise RuleViolation(
            "P-5.7", f"seat {acceptor} has no pending acceptance of offer {offer_id}"
        )
    _, fresh = state.cards.issue(2 * len(offer.cards))
    k = len(offer.cards)
    acceptor_got, offerer_got = fresh[:k], fresh[k:]
    private = _swap_faces(
        state, acceptor_got + offerer_got, offer.cards + acceptance.cards, (offerer, acceptor)
    )
    others = tuple(
        AcceptanceRejected(offer_id, a.seat, "taken")
        for a in state.acceptances_for(offer_id)
        if a.seat != acceptor
    )
    return (
        OfferAccepted(offer_id, offerer, acceptor),
        SwapMade(
            offer_id,
            offerer,
            acceptor,
            offerer_gave=offer.cards,
            acceptor_gave=acceptance.cards,
            acceptor_got=acceptor_got,
            offerer_got=offerer_got,
        ),
        *private,
        *others,
    )
