"""Folding one event into a state, full or partial. Only public facts and the faces an event
carries are used, so a seat's replica folds exactly like the full state."""

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from lanpurr.core.cards import Token
from lanpurr.core.events import FacesShown
from lanpurr.core.game import Event, Seat
from lanpurr.games.momistigri import events as ev
from lanpurr.games.momistigri.deck import ANOTHER_PAIR
from lanpurr.games.momistigri.state import (
    BETWEEN,
    DEAL,
    DESIGNATE,
    DESIGNATED_DRAW,
    DISCARD,
    DRAW,
    GIVE,
    HAND_OUT,
    OVER,
    SWAP,
    SWAP_AFTER_DRAW,
    Pending,
    State,
)


def _set_hand(
    hands: tuple[tuple[Token, ...], ...], seat: Seat, hand: tuple[Token, ...]
) -> tuple[tuple[Token, ...], ...]:
    return (*hands[:seat], hand, *hands[seat + 1 :])


def _without(tokens: tuple[Token, ...], gone: tuple[Token, ...] | set[Token]) -> tuple[Token, ...]:
    return tuple(t for t in tokens if t not in gone)


def _faces_shown(state: State, event: FacesShown) -> State:
    return state.evolve(cards=state.cards.show(event.faces, event.to))


def _starter_chosen(state: State, event: ev.StarterChosen) -> State:
    return state.evolve(starter=event.starter)


def _draw_order_secret(state: State, event: ev.DrawOrderSecret) -> State:
    return state.evolve(secret=event.secret)


def _round_dealt(state: State, event: ev.RoundDealt) -> State:
    old = [t for hand in state.hands for t in hand] + list(state.pile)
    dealt = [t for hand in event.hands for t in hand]
    players = state.players
    return state.evolve(
        cards=state.cards.retire(old).claim(dealt),
        round=event.round,
        totals=state.totals or (0,) * players,
        hands=event.hands,
        pile=(),
        direction=1,
        help_up=(True,) * players,
        starter=event.dealer,
        active=None,
        pending=None,
        last_turn=False,
        recipients=(),
        turn=0,
        last_player=None,
        phase=BETWEEN,
    )


def _hands_dealt_again(state: State, event: ev.HandsDealtAgain) -> State:
    old = [t for hand in state.hands for t in hand]
    dealt = [t for hand in event.hands for t in hand]
    pending, phase = state.pending, state.phase
    if pending is not None and pending.effect == DESIGNATED_DRAW and event.hands[pending.owner]:
        # The designated card went with its hand: its owner designates one again (M-6.3).
        pending, phase = replace(pending, designated=None), DESIGNATE
    return state.evolve(
        cards=state.cards.retire(old).claim(dealt), hands=event.hands, pending=pending, phase=phase
    )


def _turn_started(state: State, event: ev.TurnStarted) -> State:
    return state.evolve(
        phase=DRAW,
        active=event.seat,
        pairs_this_turn=0,
        sixes_this_turn=0,
        may_discard=True,
        turn=event.turn,
        turns_played=state.turns_played + 1,
    )


def _cards_drawn(state: State, event: ev.CardsDrawn) -> State:
    hands = _set_hand(state.hands, event.holder, event.holder_hand)
    hands = _set_hand(hands, event.drawer, hands[event.drawer] + event.drawn)
    pending = state.pending
    swap_due = (
        pending is not None
        and pending.effect == SWAP_AFTER_DRAW
        and pending.owner == event.holder
        and bool(event.holder_hand)
    )
    cards = state.cards.retire(event.retired).claim(event.drawn + event.holder_hand)
    return state.evolve(cards=cards, hands=hands, phase=SWAP if swap_due else DISCARD)


def _swap_made(state: State, event: ev.SwapMade) -> State:
    hand = (*_without(state.hands[event.seat], (event.put,)), event.take)
    pile = _without((*state.pile, event.put), (event.take,))
    shown = ((event.put, event.put_face), (event.take, event.take_face))
    return state.evolve(
        cards=state.cards.show(shown, None),
        hands=_set_hand(state.hands, event.seat, hand),
        pile=pile,
        phase=DISCARD,
    )


def _pending_effect_set(state: State, event: ev.PendingEffectSet) -> State:
    phase = state.phase
    if phase == DESIGNATE:
        # A 2+2 designated again after a deal again may bind another player's coming draw.
        phase = DISCARD if state.active == event.owner else DRAW
    return state.evolve(pending=Pending(event.owner, event.effect), phase=phase)


def _card_designated(state: State, event: ev.CardDesignated) -> State:
    assert state.pending is not None, "a designation needs its pending 2+2"
    return state.evolve(pending=replace(state.pending, designated=event.card))


def _pending_effect_cleared(state: State, event: ev.PendingEffectCleared) -> State:
    return state.evolve(pending=None)


def _last_turn_started(state: State, event: ev.LastTurnStarted) -> State:
    return state.evolve(
        phase=DISCARD,
        active=event.seat,
        pairs_this_turn=0,
        sixes_this_turn=0,
        may_discard=True,
        turn=event.turn,
        turns_played=state.turns_played + 1,
        last_turn=True,
    )


def _last_holder(state: State, event: ev.LastHolder) -> State:
    return state.evolve(last_turn=True)


def _pair_discarded(state: State, event: ev.PairDiscarded) -> State:
    hand = _without(state.hands[event.seat], event.cards)
    is_six = event.value_pair and event.effect == ANOTHER_PAIR
    return state.evolve(
        cards=state.cards.show(zip(event.cards, event.faces, strict=True), None),
        hands=_set_hand(state.hands, event.seat, hand),
        pile=state.pile + event.cards,
        pairs_this_turn=state.pairs_this_turn + 1,
        sixes_this_turn=state.sixes_this_turn + (1 if is_six else 0),
        may_discard=is_six,
    )


def _direction_reversed(state: State, event: ev.DirectionReversed) -> State:
    return state.evolve(direction=event.direction)


def _ones_discarded(state: State, event: ev.OnesDiscarded) -> State:
    hand = _without(state.hands[event.seat], event.cards)
    return state.evolve(
        cards=state.cards.show(zip(event.cards, event.faces, strict=True), None),
        hands=_set_hand(state.hands, event.seat, hand),
        pile=state.pile + event.cards,
    )


_EFFECT_PHASE = {"designate": DESIGNATE, "give": GIVE, "hand_out": HAND_OUT}


def _effect_begins(state: State, event: ev.EffectBegins) -> State:
    return state.evolve(phase=_EFFECT_PHASE[event.effect], recipients=event.recipients)


def _effect_void(state: State, event: ev.EffectVoid) -> State:
    return state


def _card_given(state: State, event: ev.CardGiven) -> State:
    hands = _set_hand(state.hands, event.giver, event.giver_hand)
    hands = _set_hand(hands, event.recipient, hands[event.recipient] + (event.card,))
    cards = state.cards.retire(event.retired).claim((event.card, *event.giver_hand))
    return state.evolve(cards=cards, hands=hands, phase=DISCARD, recipients=())


def _card_handed_out(state: State, event: ev.CardHandedOut) -> State:
    hands = _set_hand(state.hands, event.recipient, state.hands[event.recipient] + (event.card,))
    pile = _without(state.pile, (event.card,))
    recipients = _without(state.recipients, (event.recipient,))
    done = not recipients or not pile
    return state.evolve(
        cards=state.cards.show(((event.card, event.face),), None),
        hands=hands,
        pile=pile,
        recipients=() if done else recipients,
        phase=DISCARD if done else HAND_OUT,
    )


def _player_out(state: State, event: ev.PlayerOut) -> State:
    return state


def _turn_ended(state: State, event: ev.TurnEnded) -> State:
    help_up = (*state.help_up[: event.seat], not event.passed, *state.help_up[event.seat + 1 :])
    return state.evolve(help_up=help_up, phase=BETWEEN, last_player=event.seat)


def _round_ended(state: State, event: ev.RoundEnded) -> State:
    return state.evolve(
        cards=state.cards.show(event.revealed, None),
        penalties=(*state.penalties, event.penalties),
        totals=event.totals,
        pending=None,
        phase=DEAL,
        active=None,
    )


def _third_round_needed(state: State, event: ev.ThirdRoundNeeded) -> State:
    return state


def _game_ended(state: State, event: ev.GameEnded) -> State:
    return state.evolve(winners=event.winners, phase=OVER)


_FOLDS: dict[type[Any], Callable[[State, Any], State]] = {
    FacesShown: _faces_shown,
    ev.StarterChosen: _starter_chosen,
    ev.DrawOrderSecret: _draw_order_secret,
    ev.RoundDealt: _round_dealt,
    ev.HandsDealtAgain: _hands_dealt_again,
    ev.TurnStarted: _turn_started,
    ev.CardsDrawn: _cards_drawn,
    ev.SwapMade: _swap_made,
    ev.PendingEffectSet: _pending_effect_set,
    ev.CardDesignated: _card_designated,
    ev.PendingEffectCleared: _pending_effect_cleared,
    ev.LastHolder: _last_holder,
    ev.LastTurnStarted: _last_turn_started,
    ev.PairDiscarded: _pair_discarded,
    ev.DirectionReversed: _direction_reversed,
    ev.OnesDiscarded: _ones_discarded,
    ev.EffectBegins: _effect_begins,
    ev.EffectVoid: _effect_void,
    ev.CardGiven: _card_given,
    ev.CardHandedOut: _card_handed_out,
    ev.PlayerOut: _player_out,
    ev.TurnEnded: _turn_ended,
    ev.RoundEnded: _round_ended,
    ev.ThirdRoundNeeded: _third_round_needed,
    ev.GameEnded: _game_ended,
}


def absorb(state: State, event: Event) -> State:
    """Fold one event into `state`."""
    fold = _FOLDS.get(type(event))
    if fold is None:
        raise TypeError(f"momistigri does not know the event {type(event).__name__}")
    return fold(state, event)
