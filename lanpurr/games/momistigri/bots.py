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
from lanpurr.games.momistigri.deck import MISTIGRI, VALUE, pairs_among
from lanpurr.games.momistigri.legal import legal_actions
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

    def discard(self, view: State, seat: Seat) -> Action:
        best = self.best_pair(view, seat) if view.may_discard else None
        if best is not None:
            return best
        return EndTurn(seat) if view.pairs_this_turn else Pass(seat)

    def best_pair(self, view: State, seat: Seat) -> DiscardPair | None:
        """The pair worth most: its points plus what its effect is likely to shed."""
        faces = view.cards.faces
        known = [(t, faces[t]) for t in view.hands[seat] if t in faces]
        holds_mistigri = any(f == MISTIGRI for _, f in known)
        total = sum(VALUE[f] for _, f in known)
        by_value = sorted(((VALUE[f], t) for t, f in known), reverse=True)
        others = len(view.holders()) - 1
        ones = sum(1 for _, f in known if VALUE[f] == 1)
        best: tuple[float, tuple[Token, Token]] | None = None
        best_pair: DiscardPair | None = None
        for t1, f1, t2, f2, kind in pairs_among(known):
            score = float(VALUE[f1] + VALUE[f2])
            if kind.is_value_pair:
                rest = len(known) - 2
                average = (total - score) / rest if rest else 0.0
                top = next((v for v, t in by_value if t != t1 and t != t2), 0)
                score += self.effect_bonus(kind.value, holds_mistigri, average, top, others, ones)
            key = (score, (t1, t2))
            if best is None or key > best:
                best, best_pair = key, DiscardPair(seat, (t1, t2), (f1, f2))
        return best_pair

    @staticmethod
    def effect_bonus(
        value: int, holds_mistigri: bool, average: float, top: int, others: int, ones: int
    ) -> float:
        effect = deck.PAIR_EFFECTS[value][0]
        if effect == deck.DESIGNATE_CARD:
            return 15 if holds_mistigri else top - average
        if effect == deck.GIVE_CARD:
            return 15 if holds_mistigri else top
        if effect == deck.SWAP_WITH_PILE:
            return 8 if holds_mistigri else 2
        if effect == deck.NEXT_DRAWS_TWO:
            return average
        if effect == deck.NEXT_DRAWS_THREE:
            return 2 * average
        if effect == deck.ANOTHER_PAIR:
            return 3
        if effect == deck.HAND_OUT_PILE:
            return 2 * others
        return float(ones - 2)  # 1+1: every other 1 goes too

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
