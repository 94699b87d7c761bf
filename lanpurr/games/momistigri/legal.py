"""Every action a seat may take now. Works on the seat's own view: it needs only public facts
and the faces of the seat's own hand."""

from itertools import combinations

from lanpurr.core.game import Seat
from lanpurr.games.momistigri.actions import (
    Action,
    Designate,
    DiscardPair,
    Draw,
    EndTurn,
    Give,
    HandOut,
    Pass,
    Swap,
)
from lanpurr.games.momistigri.deck import REVERSIBLE, pairs_among
from lanpurr.games.momistigri.rules import binding_pending, cards_to_draw
from lanpurr.games.momistigri.state import (
    DESIGNATE,
    DESIGNATED_DRAW,
    DISCARD,
    DRAW,
    GIVE,
    HAND_OUT,
    SWAP,
    State,
)


def pairs_in_hand(state: State, seat: Seat) -> list[DiscardPair]:
    """Every pair `seat` could discard, each value pair of 1, 2 or 3 also as a reversal."""
    faces = state.cards.faces
    known = [(t, faces[t]) for t in state.hands[seat] if t in faces]
    found: list[DiscardPair] = []
    for t1, f1, t2, f2, kind in pairs_among(known):
        found.append(DiscardPair(seat, (t1, t2), (f1, f2)))
        if kind.is_value_pair and kind.value in REVERSIBLE:
            found.append(DiscardPair(seat, (t1, t2), (f1, f2), reverse=True))
    return found


def draw_actions(state: State, seat: Seat) -> list[Action]:
    holder = state.previous_player(seat)
    assert holder is not None
    pending = binding_pending(state, holder)
    if pending is not None and pending.effect == DESIGNATED_DRAW:
        return [Draw(seat, ())]
    count = cards_to_draw(state, holder)
    return [Draw(seat, picks) for picks in combinations(range(len(state.hands[holder])), count)]


def discard_actions(state: State, seat: Seat) -> list[Action]:
    pairs = pairs_in_hand(state, seat) if state.may_discard else []
    if state.pairs_this_turn:
        return [*pairs, EndTurn(seat)]
    if state.strict_discard and pairs:
        return list(pairs)  # M-5.8
    return [*pairs, Pass(seat)]


def swap_actions(state: State, seat: Seat) -> list[Action]:
    found: list[Action] = []
    for put in state.hands[seat]:
        face = state.cards.face(put)
        if face is None:
            continue
        found.append(Swap(seat, put, face, put))
        found.extend(Swap(seat, put, face, take) for take in state.pile)
    return found


def legal_actions(state: State, seat: Seat) -> list[Action]:
    if seat != state.acting_seat():
        return []
    phase = state.phase
    if phase == DRAW:
        return draw_actions(state, seat)
    if phase == DISCARD:
        return discard_actions(state, seat)
    if phase == SWAP:
        return swap_actions(state, seat)
    if phase == DESIGNATE:
        return [Designate(seat, t) for t in state.hands[seat]]
    if phase == GIVE:
        return [Give(seat, t, to) for t in state.hands[seat] for to in state.recipients]
    if phase == HAND_OUT:
        return [
            HandOut(seat, t, face, to)
            for t in state.pile
            if (face := state.cards.face(t)) is not None
            for to in state.recipients
        ]
    return []
