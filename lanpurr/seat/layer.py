"""What a game tells the seat runtime: how its hidden moves map onto masked-deck steps.

The runtime is the same for every game; a `GameLayer` answers the few questions only the game
can answer, always from one seat's partial state plus what that seat knows of the masked cards.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from lanpurr.core.cards import Face, Token
from lanpurr.core.errors import RuleViolation
from lanpurr.core.game import Game, Seat


class HiddenNeeded(Exception):
    """The rules need these seats' hidden hands before the action can apply (a declaration,
    a round's score): they show them, in this order, at the action's place."""

    def __init__(self, seats: list[Seat]) -> None:
        super().__init__(f"seats {seats} must show their hands first")
        self.seats = seats


class Misplay(RuleViolation):
    """Cards a seat handed over break a rule (a swap's cards are not those offered): names
    that seat, which need not be the one whose play it was."""

    def __init__(self, seat: Seat, rule: str, message: str) -> None:
        super().__init__(rule, message)
        self.seat = seat


class SeenAlone(Misplay):
    """Cards handed to this seat face down break a rule that only this seat can see (a
    Purrfect offer of several cats): it turns them over for every seat to judge, instead of
    naming their holder on its own word (docs/fair-play.md, "Lies only one seat can see")."""


@dataclass(frozen=True)
class SecretMove:
    """Cards that leave `holder`'s hand face down for `drawer` (a masked-deck `draw`, or a
    `transfer` of bound slots when `tokens` names them).

    `chooser` names the positions in the holder's freshly re-shuffled hand: the drawer for a
    blind draw (`picks`), the holder for a card it designates or gives (`face`, known only to
    the holder; None elsewhere)."""

    holder: Seat
    drawer: Seat
    count: int
    chooser: Seat
    picks: tuple[int, ...] = ()
    face: Face | None = None
    faces: tuple[Face, ...] = ()
    """Several cards the holder hands over, known only to the holder."""
    tokens: tuple[Token, ...] = ()
    """A transfer, not a draw: exactly the masked slots bound to these tokens move, in this
    order, with no re-shuffle (a Purrfect swap's side: the cards offered or committed, whose
    slots every seat bound when the offer or acceptance took its place)."""
    kept: tuple[Token, ...] = ()
    """Cards whose bound slots stay out of the holder's re-shuffle (locked cards)."""


@dataclass(frozen=True)
class Opening:
    """A round's start: the chance action every seat applies, and the deck's slots in order,
    each with the token the engine gave it and its owner (None: a face-down pile)."""

    action: Any
    slots: tuple[tuple[Token, Seat | None], ...]
    deck: tuple[Face, ...] = ()
    """The deck's faces by card index, when the round's seed decides them (Purrfect's cats
    in play); empty: those `GameLayer.deck` gave."""


class GameLayer(Protocol):
    game: Game[Any]

    def new_state(self, players: int, options: Mapping[str, str]) -> Any: ...

    def deck(self, state: Any, seed: bytes) -> tuple[str, tuple[Face, ...]]:
        """The masked deck of the round about to start: its id and its faces by card index."""
        ...

    def opening(self, state: Any, seed: bytes) -> Opening: ...

    def hidden_tokens(self, state: Any) -> Sequence[Token]:
        """Tokens whose faces a seat may not know (they get stand-ins while the engine runs)."""
        ...

    def redact(self, action: Any) -> Any:
        """The action as every seat may read it: private choices left out."""
        ...

    def secret_moves(self, state: Any, action: Any, me: Seat | None) -> list[SecretMove]:
        """The masked-deck draws an action needs before the engine can apply it. `state`
        is `me`'s completed state (`me` None: the audit, which knows everything)."""
        ...

    def complete(
        self, state: Any, action: Any, moved: Sequence[Face | None], me: Seat | None
    ) -> tuple[Any, Any]:
        """The state and action the engine applies, once the secret moves are done: `moved`
        holds the faces they handed over (None where `me` does not know them)."""
        ...

    def revealed_by_rules(self, state: Any) -> list[Seat]:
        """Seats whose hidden hands the rules turn face up, when the engine needs their faces
        for an action (a round's score): they show them before the action applies."""
        ...

    def takes(self, before: Any, action: Any, events: Sequence[Any]) -> list[tuple[Face, Seat]]:
        """Face-up cards the action moved into a hand (from a pile)."""
        ...

    def named_faces(self, action: Any) -> Sequence[tuple[Token, Face]]:
        """The faces an action names itself (a pair it discards)."""
        ...

    def round_over(self, state: Any) -> bool: ...

    def scores(self, state: Any) -> list[int]: ...


@runtime_checkable
class PileLayer(GameLayer, Protocol):
    """A game whose rules turn up cards of a face-down pile nobody was dealt (`Opening` slots
    with no owner), for everyone at once: gutters' cat pile."""

    def turns_up(self, state: Any, action: Any) -> Sequence[Token]:
        """The pile's tokens that `action` (the opening's included) turns face up, judged on
        `state` as the seat knows it. The runtime reveals their masked slots to every seat
        first, then applies the action with their faces known to all."""
        ...


@runtime_checkable
class BindingLayer(GameLayer, Protocol):
    """A game whose moves name cards by public tokens that the table follows to their masked
    slots (Purrfect's offers and acceptances): each such move carries its cards' slots, which
    every seat checks and binds at its place (`lanpurr/seat/bindings.py`), and a `SecretMove`
    with `tokens` hands over exactly the bound slots."""

    def named_cards(self, action: Any) -> tuple[Token, ...]:
        """The cards a move names, whose masked slots it carries (in this order)."""
        ...

    def renamed(self, events: Sequence[Any]) -> list[tuple[Token, Token]]:
        """Cards the events gave new tokens (old, new) as they moved: the new token takes the
        slot the old one's card was handed over into."""
        ...


@runtime_checkable
class EarlyDrawLayer(GameLayer, Protocol):
    """A game whose public state can say which secret move the next action needs before
    anyone acts (Momistigri's blind draw, M-5.1: in its draw phase the only action is to draw
    from the previous player): every seat asks for that draw as soon as its replica gets
    there, and the action binds to it when it takes its place (docs/decisions/0047)."""

    def early_draw(self, state: Any) -> SecretMove | None:
        """The blind draw the next action of `state` needs, known to every seat from the
        public state alone; None when no such draw is due (or its holder chooses the card)."""
        ...


def binds_early(moves: Sequence[SecretMove], early: SecretMove) -> bool:
    """Whether an action whose secret moves are `moves` takes the blind draw `early` asked
    for before it (one draw, alike but for the positions, which only its drawer knows): the
    seats and the audit's replay judge it by this one test."""
    if len(moves) != 1:
        return False
    move = moves[0]
    return (
        (move.holder, move.drawer, move.count, move.chooser)
        == (early.holder, early.drawer, early.count, early.chooser)
        and not move.tokens
        and move.face is None
        and not move.faces
    )


@runtime_checkable
class EvidenceLayer(GameLayer, Protocol):
    """A game whose cards handed over face down carry a promise about their faces (a Purrfect
    offer's and acceptance's: one cat), which only their receiver can check: every seat judges
    the faces the receiver turns over with the same question."""

    def handed_lie(self, action: Any, holder: Seat, faces: Sequence[Face]) -> str:
        """What rule the cards `holder` handed over for `action` break, judged on their faces
        alone: the rule's id and what is wrong, or "" when they keep every promise."""
        ...


@runtime_checkable
class PromiseLayer(GameLayer, Protocol):
    """A game whose moves promise something about their mover's hidden cards (a Momistigri
    pass under `strict_discard`: no pair; a Purrfect offer: one cat), which only a seat that
    handed the mover some of them may see broken: that seat shows those cards to every seat,
    and every seat judges them with the same question (docs/fair-play.md, "Lies only one seat
    can see")."""

    def promises_of_hand(self, state: Any, action: Any) -> bool:
        """Whether `action`, played on the public `state`, promises something about its
        mover's hand."""
        ...

    def promised_cards(self, action: Any) -> Sequence[Token]:
        """The cards the promise is about when it names some (a Purrfect offer's: their
        masked slots are bound); empty: every card its mover holds."""
        ...

    def hand_lie(self, action: Any, seat: Seat, faces: Sequence[Face]) -> str:
        """What rule `action` broke if these were among the cards its promise is about: the
        rule's id and what is wrong, or "" when these cards show nothing wrong."""
        ...


@runtime_checkable
class KeepingLayer(GameLayer, Protocol):
    """A game whose round can go on after a seat changes hands (a laptop gone, its seats given
    to a bot with fresh keys): everything public of the round stays, and only what is still
    masked under the gone key share is dealt again (docs/fair-play.md, "What a drop-out
    keeps"). The restart's opening (`GameLayer.opening` on the kept state) deals that again."""

    deals_hands: bool
    """What a restart deals again is every hand, as many cards each (Momistigri, Purrfect);
    else only cards face down that nobody was dealt (No sin mi gato's cats)."""

    cancels_offers: bool
    """A restart also cancels the round's open offers and pending acceptances (Purrfect's:
    they name cards of the hands dealt again)."""

    def public_part(self, state: Any) -> Any | None:
        """What every seat knows of `state`, the state a restart of its round goes on from;
        None: the round is not far enough for that (its set-up), and starts again."""
        ...

    def face_up(self, state: Any) -> tuple[Face, ...]:
        """The cards face up on the table of a round that goes on from `state`, which its plays
        may still take into a hand (Momistigri's pile): they stay out of the shuffle, each a
        face-up slot of the masked deck after the deck's (`RoundSetup.face_up`)."""
        ...
