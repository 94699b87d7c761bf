"""Bots: ordinary players that see only their seat's view.

`random` picks uniformly among the legal actions. `heuristic` sheds the most penalty points it
can, dumps the Mistigri whenever an effect lets it (2+2, 4+4, 3+3), and gives high cards away.
"""

import random
from collections.abc import Callable
from typing import Protocol

from lanpurr.core.cards import Token
from lanpurr.core.game import Seat
from lanpurr.games.momistigri import deck
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
from lanpurr.games.momistigri.deck import MISTIGRI, VALUE
from lanpurr.games.momistigri.legal import legal_actions, pairs_in_hand
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


class Bot(Protocol):
    def choose(self, view: State, seat: Seat, rng: random.Random) -> Action: ...


def blind_draw(view: State, seat: Seat, rng: random.Random) -> Draw:
    """M-5.1: positions picked uniformly (the table orders the hand in secret anyway)."""
    holder = view.previous_player(seat)
    assert holder is not None
    pending = binding_pending(view, holder)
    if pending is not None and pending.effect == DESIGNATED_DRAW:
        return Draw(seat, ())
    count = cards_to_draw(view, holder)
    return Draw(seat, tuple(sorted(rng.sample(range(len(view.hands[holder])), count))))


class RandomBot:
    """Uniform among the legal actions of its view."""

    def choose(self, view: State, seat: Seat, rng: random.Random) -> Action:
        if view.phase == DRAW:
            return blind_draw(view, seat, rng)
        return rng.choice(legal_actions(view, seat))


def _value(view: State, token: Token) -> int:
    face = view.cards.face(token)
    return VALUE[face] if face is not None else 0


class HeuristicBot:
    """Shed points, dump the Mistigri, hand out high cards, keep low ones."""

    def choose(self, view: State, seat: Seat, rng: random.Random) -> Action:
        phase = view.phase
        if phase == DRAW:
            return blind_draw(view, seat, rng)
        if phase == DISCARD:
            return self.discard(view, seat)
        if phase == SWAP:
            return self.swap(view, seat)
        if phase == DESIGNATE:
            return Designate(seat, self.worst_card(view, seat))
        if phase == GIVE:
            return self.give(view, seat, rng)
        if phase == HAND_OUT:
            return self.hand_out(view, seat)
        return rng.choice(legal_actions(view, seat))

    def worst_card(self, view: State, seat: Seat) -> Token:
        """The card to be rid of first: the Mistigri, else the highest value."""
        return max(view.hands[seat], key=lambda t: _value(view, t))

    def pair_score(self, view: State, seat: Seat, pair: DiscardPair) -> float:
        hand = view.hands[seat]
        values = [_value(view, t) for t in hand]
        holds_mistigri = MISTIGRI in view.hand_faces(seat)
        score = float(sum(VALUE[f] for f in pair.faces))
        first = VALUE[pair.faces[0]]
        if VALUE[pair.faces[1]] != first:
            return score  # a colour pair has no effect
        rest = [v for t, v in zip(hand, values, strict=True) if t not in pair.cards]
        average = sum(rest) / len(rest) if rest else 0.0
        top = max(rest, default=0)
        effect = deck.PAIR_EFFECTS[first][0]
        if effect == deck.DESIGNATE_CARD:
            score += 15 if holds_mistigri else top - average
        elif effect == deck.GIVE_CARD:
            score += 15 if holds_mistigri else top
        elif effect == deck.SWAP_WITH_PILE:
            score += 8 if holds_mistigri else 2
        elif effect == deck.NEXT_DRAWS_TWO:
            score += average
        elif effect == deck.NEXT_DRAWS_THREE:
            score += 2 * average
        elif effect == deck.ANOTHER_PAIR:
            score += 3
        elif effect == deck.HAND_OUT_PILE:
            score += 2 * (len(view.holders()) - 1)
        elif effect == deck.DISCARD_OTHER_ONES:
            score += sum(1 for v in rest if v == 1)
        return score

    def discard(self, view: State, seat: Seat) -> Action:
        pairs = [p for p in pairs_in_hand(view, seat) if not p.reverse] if view.may_discard else []
        if pairs:
            return max(pairs, key=lambda p: (self.pair_score(view, seat, p), p.cards))
        return EndTurn(seat) if view.pairs_this_turn else Pass(seat)

    def swap(self, view: State, seat: Seat) -> Swap:
        put = self.worst_card(view, seat)
        face = view.cards.face(put)
        assert face is not None
        take = min((put, *view.pile), key=lambda t: (_value(view, t), t != put))
        return Swap(seat, put, face, take)

    def give(self, view: State, seat: Seat, rng: random.Random) -> Give:
        # Not to the player this seat draws from next: the card could come straight back.
        previous = view.previous_player(seat)
        targets = [r for r in view.recipients if r != previous] or list(view.recipients)
        return Give(seat, self.worst_card(view, seat), rng.choice(targets))

    def hand_out(self, view: State, seat: Seat) -> HandOut:
        opponents = [r for r in view.recipients if r != seat]
        by_value = sorted(view.pile, key=lambda t: (_value(view, t), t))
        card = by_value[-1] if opponents else by_value[0]
        to = opponents[0] if opponents else seat
        face = view.cards.face(card)
        assert face is not None
        return HandOut(seat, card, face, to)


BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
}
