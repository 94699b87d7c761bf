"""What one seat knows of the game: its state completed with the faces a pending play turned
up and stand-ins for the rest, the cards an action of its own turns up, the faces of masked
slots and the slot of a face."""

from collections import Counter
from typing import Any

from lanpurr.core.cards import Cards, Face, Token
from lanpurr.core.copies import replace
from lanpurr.core.game import Seat
from lanpurr.seat.hidden import is_stand_in, with_faces, with_stand_ins
from lanpurr.seat.layer import SecretMove
from lanpurr.seat.seat_base import SeatBase


class SeatKnowledge(SeatBase):
    """The seat's knowledge, read from its replica and its fair peer."""

    def _completed(self, state: Any, revealed: dict[Token, Face]) -> Any:
        """My state with the faces turned up for the pending play, and stand-ins for the rest."""
        key = (False, tuple(revealed.items()))
        known = self.completions.made.get(key)
        if known is not None and known[0] is state:
            return known[1]
        cards: Cards = state.cards
        if revealed:
            cards = with_faces(cards, revealed.items(), None)
        cards = with_stand_ins(cards, self.layer.hidden_tokens(state))
        completed = _with_cards(state, cards)
        self._remember(key, state, completed)
        return completed

    def public_completed(self, revealed: dict[Token, Face]) -> Any:
        """The state as every seat sees it, with the faces turned up for the pending play, and
        stand-ins for the rest."""
        key = (True, tuple(revealed.items()))
        known = self.completions.made.get(key)
        if known is not None and known[0] is self.state:
            return known[1]
        public = self.state.cards.as_seen_by(-1)
        if revealed:
            public = with_faces(public, revealed.items(), None)
        public = with_stand_ins(public, self.layer.hidden_tokens(self.state))
        completed = _with_cards(self.state, public)
        self._remember(key, self.state, completed)
        return completed

    def _remember(self, key: tuple[bool, tuple[Any, ...]], state: Any, completed: Any) -> None:
        """A completed state, kept while `state` is the one it was made from: a move's path
        (the rules' check, its secret moves, its place) completes the same state several
        times. States are immutable; a new state makes every one of these stale."""
        if any(made is not state for made, _ in self.completions.made.values()):
            self.completions.made.clear()
        self.completions.made[key] = (state, completed)

    def _shown_by_guess(
        self, action: Any, moves: list[SecretMove]
    ) -> tuple[list[tuple[Token, Face]], bool]:
        """`_shown_by` for an action whose outcome needs faces I do not know: the round's
        other faces are dealt at random to the cards I cannot see, on a copy used only here."""
        cards: Cards = self._completed(self.state, {}).cards
        unseen = Counter(self.deck) - Counter(f for f in cards.faces.values() if not is_stand_in(f))
        pool = list(unseen.elements())
        hidden = [t for t, f in cards.faces.items() if is_stand_in(f)]
        if len(pool) < len(hidden):
            return list(self.layer.named_faces(action)), False
        guessed = with_faces(cards, zip(hidden, pool, strict=False), ())
        trial, trial_action = self.layer.complete(
            _with_cards(self.state, guessed),
            action,
            [None] * sum(m.count for m in moves),
            self.seat,
        )
        return self._shown_by(action, self.game.apply(trial, trial_action).state)

    def _shown_by(self, action: Any, after: Any) -> tuple[list[tuple[Token, Face]], bool]:
        """My cards an action turns face up, and whether they stay in my hand.

        Cards the action names (a pair) and cards that leave my hand face up go onto the
        table; cards shown but kept are shown with the hand when the rules show it, unless the
        action shows nothing else (a declaration: the hand stays, face up)."""
        before = self.state.cards
        public_after = {t for t, s in after.cards.seen_by.items() if s is None}
        kept = set(self._hand_tokens(after, self.seat))
        mine = [t for t in self._hand_tokens(self.state, self.seat) if t in public_after]
        moving = list(self.layer.named_faces(action))
        named = {t for t, _ in moving}
        moving += [(t, after.cards.faces[t]) for t in mine if t not in kept and t not in named]
        if moving:
            return moving, False
        shown = [(t, after.cards.faces[t]) for t in mine if before.seen_by.get(t) is not None]
        return shown, True

    def _hand_tokens(self, state: Any, seat: Seat) -> tuple[Token, ...]:
        hands = getattr(state, "hands", None)  # gutters has no hands, only a pile
        return tuple(hands[seat]) if hands else ()

    def _turned_up(self, action: Any) -> dict[Token, int]:
        """Pile cards the rules turn face up with `action` (token -> masked slot)."""
        if self.roles.pile is None:
            return {}
        return {t: self.now.pile[t] for t in self.roles.pile.turns_up(self.state, action)}

    def _pile_faces(self, turned_up: dict[Token, int]) -> dict[Token, Face]:
        """Their faces, once every seat's share for them is published (a masked card that
        opens to no card is left out: a false shuffle put it there)."""
        faces = {t: self._face(slot) for t, slot in turned_up.items()}
        return {t: face for t, face in faces.items() if face is not None}

    def _hidden_hand(self, seat: Seat, revealed: dict[Token, Face]) -> list[Token]:
        seen = self.state.cards.seen_by
        return [
            t
            for t in self._hand_tokens(self.state, seat)
            if seen.get(t, frozenset()) is not None and t not in revealed
        ]

    def _face(self, slot: int) -> Face | None:
        fair = self.fair
        assert fair is not None
        index = fair.known.get(slot)
        return None if index is None else self.deck[index]

    def _slot_of(self, face: Face, owner: Seat | None) -> int:
        fair = self.fair
        assert fair is not None
        for slot, index in fair.known.items():
            if fair.live[slot] and fair.owner[slot] == owner and self.deck[index] == face:
                return slot
        raise LookupError(f"no card {face} held by {owner} among the masked cards")


def _with_cards(state: Any, cards: Cards) -> Any:
    evolve = getattr(state, "evolve", None)
    if evolve is not None:
        return evolve(cards=cards)
    return replace(state, cards=cards)
