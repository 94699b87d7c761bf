"""Momistigri at a networked table.

- The deal (M-4.3) is a masked deal in the engine's hand sizes: the k-th slot of the deck goes
  with the k-th token the engine dealt.
- A blind draw (M-5.1) is a masked draw whose positions the drawer picks, asked for by every
  seat as soon as the draw phase begins (`early_draw`), before the drawer acts; a 2+2 draw (M-6.3)
  and a 4+4 gift (M-6.5) are draws whose position the holder picks, so which card left the hand
  stays hidden. The designated or given card never appears on the wire (`redact`).
- Pairs, the other 1s of a 1+1 and a 3+3's card are turned up by the play itself; pile cards
  taken back (3+3, 5+5) move face up.
- The end of a round (M-8.4) scores every hand, so every hand is shown first.
- A pass under `strict_discard` (M-5.8) promises that the hand holds no pair, a 1+1 taken as
  an effect (M-6.2) that no 1 is left in it: a seat that handed the mover cards that break
  the promise shows them to every seat (`PromiseLayer`).
- When a laptop goes mid-round, the round goes on from its public state (`public_part`): the
  pile, who is out, the direction, the help cards, whose turn it is and the scores stay. Every
  card in a hand was masked under the gone key share, so the restart deals the hands again
  (`DealAgain`): a deck of exactly the cards not on the pile, masked afresh and shuffled by
  every seat that stays, dealt in the hand sizes they had.
"""

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from lanpurr.core.cards import Face, Token
from lanpurr.core.game import Game, Seat
from lanpurr.core.rng import derive
from lanpurr.games.momistigri.actions import (
    Deal,
    DealAgain,
    Designate,
    DiscardPair,
    Draw,
    Give,
    HandOut,
    Pass,
    Swap,
)
from lanpurr.games.momistigri.dealt_again import UNDER_WAY, cards_in_hands
from lanpurr.games.momistigri.deck import deck_for, pair_kind, value_of
from lanpurr.games.momistigri.events import HandsDealtAgain, RoundDealt, SwapMade
from lanpurr.games.momistigri.game import GAME
from lanpurr.games.momistigri.hidden import secret_order
from lanpurr.games.momistigri.rules import binding_pending, cards_to_draw
from lanpurr.games.momistigri.state import DEAL, DESIGNATED_DRAW, DRAW, OVER, State
from lanpurr.seat.games.common import choose_tokens
from lanpurr.seat.hidden import is_stand_in
from lanpurr.seat.layer import Opening, SecretMove


class MomistigriLayer:
    game: Game[Any] = GAME
    deals_hands = True
    cancels_offers = False

    def __init__(self) -> None:
        self.seed = b""

    def new_state(self, players: int, options: Mapping[str, str]) -> State:
        return GAME.new_state(players, options)

    def deck(self, state: State, table: bytes) -> tuple[str, tuple[Face, ...]]:
        if state.phase in UNDER_WAY:
            return f"momistigri/{state.players}/hands", cards_in_hands(state)
        return f"momistigri/{state.players}", tuple(deck_for(state.players))

    def opening(self, state: State, seed: bytes) -> Opening:
        self.seed = seed
        # A round under way (a restart after a drop-out) deals only its hands again.
        action: Deal | DealAgain = DealAgain(seed) if state.phase in UNDER_WAY else Deal(seed)
        step = GAME.apply(state, action)
        dealt = next(e for e in step.events if isinstance(e, RoundDealt | HandsDealtAgain))
        slots = tuple((t, seat) for seat, hand in enumerate(dealt.hands) for t in hand)
        return Opening(action, slots)

    def hidden_tokens(self, state: State) -> Sequence[Token]:
        return [t for hand in state.hands for t in hand]

    def redact(self, action: Any) -> Any:
        if isinstance(action, Draw):
            # The drawer's positions stay on its laptop until the holder's re-shuffle is
            # fixed: they travel in the draw's `pick` message, after the holder's `hand`.
            return Draw(action.seat, ())
        if isinstance(action, Designate):
            return Designate(action.seat, -1)
        if isinstance(action, Give):
            return Give(action.seat, -1, action.to)
        return action

    def secret_moves(self, state: State, action: Any, me: Seat | None) -> list[SecretMove]:
        if isinstance(action, Draw):
            holder = state.previous_player(action.seat)
            if holder is None:
                return []
            pending = binding_pending(state, holder)
            if pending is not None and pending.effect == DESIGNATED_DRAW:
                face = _known(state, pending.designated)
                return [SecretMove(holder, action.seat, 1, holder, face=face)]
            count = cards_to_draw(state, holder)
            return [SecretMove(holder, action.seat, count, action.seat, picks=action.picks)]
        if isinstance(action, Give):
            face = _known(state, action.card)
            return [SecretMove(action.seat, action.to, 1, action.seat, face=face)]
        return []

    def early_draw(self, state: State) -> SecretMove | None:
        """In the draw phase the only action is the drawer's Draw (M-5.1), from the previous
        holder, as many cards as `cards_to_draw`: every seat knows that draw from the public
        state. A 2+2's draw is left to its place: there the holder chooses the card."""
        if state.phase != DRAW:
            return None
        drawer = state.acting_seat()
        holder = state.previous_player(drawer) if drawer is not None else None
        if drawer is None or holder is None:
            return None
        pending = binding_pending(state, holder)
        if pending is not None and pending.effect == DESIGNATED_DRAW:
            return None
        count = cards_to_draw(state, holder)
        return SecretMove(holder, drawer, count, drawer) if count > 0 else None

    def complete(
        self, state: State, action: Any, moved: Sequence[Face | None], me: Seat | None
    ) -> tuple[State, Any]:
        if not state.secret and self.seed:
            # The engine orders hidden hands by the round's public seed; the masked deck, not
            # this order, decides which card a blind draw takes.
            state = state.evolve(secret=derive(self.seed, "draw order"))
        if isinstance(action, Draw):
            holder = state.previous_player(action.seat)
            if holder is None:
                return state, action
            cards, tokens = choose_tokens(state.cards, state.hands[holder], moved)
            state = state.evolve(cards=cards)
            pending = binding_pending(state, holder)
            if pending is not None and pending.effect == DESIGNATED_DRAW:
                if pending.designated is None or moved[0] is not None:
                    state = state.evolve(pending=replace(pending, designated=tokens[0]))
                return state, Draw(action.seat, ())
            order = secret_order(state, holder)
            return state, Draw(action.seat, tuple(order.index(t) for t in tokens))
        if isinstance(action, Give) and (action.card < 0 or _known(state, action.card) is None):
            cards, tokens = choose_tokens(state.cards, state.hands[action.seat], moved)
            return state.evolve(cards=cards), Give(action.seat, tokens[0], action.to)
        if isinstance(action, Designate) and action.card < 0:
            cards, tokens = choose_tokens(
                state.cards, state.hands[action.seat], moved[:1] or [None]
            )
            return state.evolve(cards=cards), Designate(action.seat, tokens[0])
        return state, action

    def revealed_by_rules(self, state: State) -> list[Seat]:
        seen = state.cards.seen_by
        return [
            seat
            for seat, hand in enumerate(state.hands)
            if any(seen.get(t, frozenset()) is not None for t in hand)
        ]

    def takes(self, before: State, action: Any, events: Sequence[Any]) -> list[tuple[Face, Seat]]:
        out: list[tuple[Face, Seat]] = []
        if isinstance(action, HandOut):
            out.append((action.face, action.to))
        for event in events:
            if isinstance(event, SwapMade):
                out.append((event.take_face, event.seat))
        return out

    def named_faces(self, action: Any) -> Sequence[tuple[Token, Face]]:
        if isinstance(action, DiscardPair):
            return list(zip(action.cards, action.faces, strict=True))
        if isinstance(action, Swap):
            return [(action.put, action.put_face)]
        return []

    def promises_of_hand(self, state: State, action: Any) -> bool:
        # M-5.8: a pass says "no pair here" (after a pair the turn ends with EndTurn, and the
        # extra pair of a 6+6 stays optional). M-6.2: a 1+1 taken as an effect turns up every
        # other 1 with it, so it says "no 1 left here".
        if isinstance(action, Pass):
            return state.strict_discard and not state.pairs_this_turn
        return _ones_effect(action)

    def promised_cards(self, action: Any) -> Sequence[Token]:
        return ()  # both promises are about the whole hand

    def hand_lie(self, action: Any, seat: Seat, faces: Sequence[Face]) -> str:
        if _ones_effect(action):
            ones = [face for face in faces if value_of(face) == 1]
            if ones:
                return f"M-6.2: seat {seat} discarded 1+1 and kept its other 1s ({', '.join(ones)})"
            return ""
        for i, first in enumerate(faces):
            for second in faces[i + 1 :]:
                if pair_kind(first, second) is not None:
                    return (
                        f"M-5.8: seat {seat} passed holding the pair {first}+{second} "
                        "while strict_discard is on"
                    )
        return ""

    def public_part(self, state: State) -> State | None:
        """The round as every seat knows it: the pile, the hands' sizes (their tokens without
        faces), who is out, the direction, the help cards, whose turn and what it waits for, the
        pending effect (a 2+2's card left out), the scores. None once the round is over (its
        hands were shown and scored; a restart deals it again from its start)."""
        if state.phase not in UNDER_WAY:
            return None
        return GAME.view(state, -1)

    def face_up(self, state: State) -> tuple[Face, ...]:
        """The pile, which a 3+3 or a 5+5 may take cards from into a hand."""
        if state.phase not in UNDER_WAY:
            return ()
        return tuple(state.cards.faces[t] for t in state.pile)

    def round_over(self, state: State) -> bool:
        return state.phase in (DEAL, OVER)

    def scores(self, state: State) -> list[int]:
        return list(state.totals)


def _ones_effect(action: Any) -> bool:
    """A 1+1 whose effect (not the reversal) was chosen: every other 1 goes with it."""
    return (
        isinstance(action, DiscardPair)
        and not action.reverse
        and all(value_of(face) == 1 for face in action.faces)
    )


def _known(state: State, token: Token | None) -> Face | None:
    if token is None or token < 0:
        return None
    face = state.cards.faces.get(token)
    return None if face is None or is_stand_in(face) else face
