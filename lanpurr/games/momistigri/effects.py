"""The effects of value pairs (M-6) and the steps that finish them (designate, give, hand out)."""

from lanpurr.core.errors import RuleViolation
from lanpurr.core.events import FacesShown
from lanpurr.core.game import Seat
from lanpurr.games.momistigri import deck
from lanpurr.games.momistigri import events as ev
from lanpurr.games.momistigri.actions import Designate, Give, HandOut
from lanpurr.games.momistigri.checks import require_face, require_in_hand, require_turn
from lanpurr.games.momistigri.deck import VALUE
from lanpurr.games.momistigri.flow import Table, checkpoint_after_pair, note_if_out
from lanpurr.games.momistigri.hidden import split_hand
from lanpurr.games.momistigri.state import (
    DESIGNATE,
    DESIGNATED_DRAW,
    DRAW_THREE,
    DRAW_TWO,
    EACH_ACTIVE_INCLUDING_SELF,
    GIVE,
    HAND_OUT,
    SWAP_AFTER_DRAW,
    State,
)

_PENDING = {
    deck.SWAP_WITH_PILE: (SWAP_AFTER_DRAW, "M-6.4"),
    deck.NEXT_DRAWS_TWO: (DRAW_TWO, "M-6.8"),
    deck.NEXT_DRAWS_THREE: (DRAW_THREE, "M-6.9"),
}


def other_holders(state: State, seat: Seat) -> tuple[Seat, ...]:
    return tuple(h for h in state.holders() if h != seat)


def five_pair_recipients(state: State, seat: Seat) -> tuple[Seat, ...]:
    """M-6.6: settled after the 5+5 left the hand, so an out player receives nothing."""
    if state.five_pair == EACH_ACTIVE_INCLUDING_SELF:
        return state.holders()
    return other_holders(state, seat)


def resolve_effect(table: Table, seat: Seat, value: int, reverse: bool) -> None:
    """Apply what a discarded value pair does (M-6), then checkpoint (b) unless a choice is
    still to come."""
    state = table.state
    if reverse:  # M-6.1 / M-6.12: a reversal resolves even with an empty hand
        table.emit(ev.DirectionReversed(seat, -state.direction))
        checkpoint_after_pair(table)
        return
    effect, rule = deck.PAIR_EFFECTS[value]
    has_cards = bool(state.hands[seat])
    others = other_holders(state, seat)
    if effect == deck.DISCARD_OTHER_ONES:
        ones = tuple(t for t in state.hands[seat] if VALUE.get(state.cards.faces[t]) == 1)
        if ones:
            faces = tuple(state.cards.faces[t] for t in ones)
            table.emit(ev.OnesDiscarded(seat, ones, faces))
            note_if_out(table, seat)
        else:
            table.emit(ev.EffectVoid(seat, effect, "no other 1 in hand", rule))
    elif effect == deck.HAND_OUT_PILE:
        recipients = five_pair_recipients(state, seat)
        if recipients:
            table.emit(ev.EffectBegins(seat, effect, recipients, rule))
            return
        table.emit(ev.EffectVoid(seat, effect, "nobody to receive a card", "M-6.12"))
    elif effect == deck.ANOTHER_PAIR:
        pass  # M-6.7: the pair itself allows one more (see PairDiscarded)
    elif not has_cards:
        table.emit(ev.EffectVoid(seat, effect, "the pair emptied the hand", "M-6.12"))
    elif not others:
        table.emit(ev.EffectVoid(seat, effect, "no other holder", "M-6.12"))
    elif effect in (deck.DESIGNATE_CARD, deck.GIVE_CARD):
        table.emit(ev.EffectBegins(seat, effect, others if effect == deck.GIVE_CARD else (), rule))
        return
    else:
        pending, pending_rule = _PENDING[effect]
        table.emit(ev.PendingEffectSet(seat, pending, pending_rule))
    checkpoint_after_pair(table)


def designate(table: Table, action: Designate) -> None:
    """M-6.3: the next player's draw takes exactly this card."""
    state = table.state
    require_turn(state, action.seat, DESIGNATE, "designate a card")
    require_in_hand(state, action.seat, action.card, "M-6.3")
    again = state.pending is not None  # (its card went with a hand dealt again)
    table.emit(ev.PendingEffectSet(action.seat, DESIGNATED_DRAW, "M-6.3"))
    table.emit(ev.CardDesignated(action.seat, action.card))
    if not again:
        checkpoint_after_pair(table)


def give(table: Table, action: Give) -> None:
    """M-6.5: one card to any other holder, in secret; the giver's hand is re-tokened."""
    state = table.state
    require_turn(state, action.seat, GIVE, "give a card")
    require_in_hand(state, action.seat, action.card, "M-6.5")
    if action.to not in state.recipients:
        raise RuleViolation(
            "M-6.5",
            f"seat {action.to} cannot receive the 4+4 card; give it to another holder: "
            f"{', '.join(map(str, state.recipients))}",
        )
    staying, moving = split_hand(state, action.seat, [action.card])
    gift = moving[0]
    table.emit(
        ev.CardGiven(
            action.seat, action.to, gift[0], tuple(t for t, _ in staying), state.hands[action.seat]
        )
    )
    table.emit(FacesShown((gift,), to=tuple(sorted((action.seat, action.to)))))
    if staying:
        table.emit(FacesShown(staying, to=(action.seat,)))
    note_if_out(table, action.seat)
    checkpoint_after_pair(table)


def hand_out(table: Table, action: HandOut) -> None:
    """M-6.6: one face-up pile card to one recipient; the hand-out ends when every recipient
    has one or the pile is empty."""
    state = table.state
    require_turn(state, action.seat, HAND_OUT, "hand out a pile card")
    if action.card not in state.pile:
        raise RuleViolation("M-6.6", f"card {action.card} is not in the discard pile")
    require_face(state, action.card, action.face, "M-6.6")
    if action.to not in state.recipients:
        raise RuleViolation(
            "M-6.6",
            f"seat {action.to} receives nothing more; recipients left: "
            f"{', '.join(map(str, state.recipients))}",
        )
    table.emit(ev.CardHandedOut(action.seat, action.to, action.card, action.face))
    if table.state.phase != HAND_OUT:
        checkpoint_after_pair(table)
