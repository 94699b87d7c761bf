"""Declaring a purrfect hand (P-6) and what a valid declaration sets off: the end of the
round (P-8) and perhaps of the game (P-9)."""

from lanpurr.core.events import FacesShown
from lanpurr.core.game import Event
from lanpurr.core.rng import rng_from
from lanpurr.games.purrfect.actions import DeclarePurrfect
from lanpurr.games.purrfect.cats import cat_of
from lanpurr.games.purrfect.events import (
    AcceptanceRejected,
    GameWon,
    HandRetokened,
    OfferCancelled,
    PurrfectDeclared,
    RoundScored,
)
from lanpurr.games.purrfect.scoring import game_winner, round_gains
from lanpurr.games.purrfect.state import PartialStateError, PurrfectState, Seat


def _hand_faces(state: PurrfectState, seat: Seat) -> tuple[tuple[int, str], ...]:
    shown = tuple((t, state.cards.face(t)) for t in state.hands[seat])
    if any(face is None for _, face in shown):
        raise PartialStateError(f"this state does not know seat {seat}'s whole hand")
    return tuple((t, f) for t, f in shown if f is not None)


def declare(state: PurrfectState, action: DeclarePurrfect) -> tuple[Event, ...]:
    seat = action.seat
    hand = _hand_faces(state, seat)
    valid = len({cat_of(face) for _, face in hand}) == 1  # P-6.2
    declared = PurrfectDeclared(seat, hand, valid)
    if valid:
        return (declared, *end_round(state, seat))
    return (declared, *_retoken(state, seat, hand, action.reshuffle))


def _retoken(
    state: PurrfectState, seat: Seat, hand: tuple[tuple[int, str], ...], reshuffle: bytes
) -> tuple[Event, ...]:
    """P-6.3 keeps the cards where they are; P-10 wants the shown unlocked cards untraceable.

    Locked cards keep their tokens: they sit in a public offer or acceptance, so re-tokening
    them would hide nothing.
    """
    locked = state.locked(seat)
    loose = [(t, f) for t, f in hand if t not in locked]
    if not loose:
        return ()
    faces = [f for _, f in loose]
    if reshuffle:
        rng_from(reshuffle, "purrfect.retoken", seat).shuffle(faces)
    _, fresh = state.cards.issue(len(loose))
    return (
        HandRetokened(seat, tuple(t for t, _ in loose), fresh),
        FacesShown(tuple(zip(fresh, faces, strict=True)), to=(seat,)),
    )


def _all_faces(state: PurrfectState, seat: Seat) -> tuple[tuple[int, str], ...]:
    """Every face of a hand; ending a round needs the full state, which knows them all."""
    shown = tuple((t, state.cards.face(t)) for t in state.hands[seat])
    if any(face is None for _, face in shown):
        raise PartialStateError("ending a round needs every hand's faces (P-8.2)")
    return tuple((t, f) for t, f in shown if f is not None)


def end_round(state: PurrfectState, declarer: Seat) -> tuple[Event, ...]:
    """P-8.1 to P-8.5, then P-9.1."""
    cancelled = tuple(OfferCancelled(o.offer_id, o.seat) for o in state.offers)
    rejected = tuple(
        AcceptanceRejected(a.offer_id, a.seat, "round_over") for a in state.acceptances
    )
    everything = tuple(f for seat in range(state.players) for f in _all_faces(state, seat))
    best = tuple(state.best_group(seat) for seat in range(state.players))
    gains = round_gains(declarer, best)
    totals = tuple(t + g for t, g in zip(state.totals, gains, strict=True))
    events: list[Event] = [
        *cancelled,
        *rejected,
        FacesShown(everything, to=None),  # P-8.2
        RoundScored(state.round, declarer, best, gains, totals),
    ]
    decided = game_winner(totals, declarer)
    if decided is not None:
        events.append(GameWon(decided[0], totals, by_tie_rule=decided[1]))
    return tuple(events)
