"""What happened at the table. Events are the only way a state changes (`absorb.py`).

Every event is public unless it says otherwise; faces travel in `lanpurr.core.FacesShown`
events addressed to the seats that may know them (M-10), or inside public events for cards
that are face up.
"""

from dataclasses import dataclass

from lanpurr.core.cards import Face, Token
from lanpurr.core.game import Event, Seat
from lanpurr.core.wire import wire_type


@wire_type("momistigri")
@dataclass(frozen=True)
class StarterChosen(Event):
    """M-4.1 / M-4.2: the joint random draw among `candidates` chose `starter`."""

    round: int
    starter: Seat
    candidates: tuple[Seat, ...]
    rule: str


@wire_type("momistigri")
@dataclass(frozen=True)
class DrawOrderSecret(Event):
    """The table's secret that orders a hand before a blind draw. Nobody receives it: in network
    play each holder shuffles its own hand instead (docs/decisions/0003)."""

    secret: bytes

    @property
    def audience(self) -> tuple[Seat, ...]:
        return ()


@wire_type("momistigri")
@dataclass(frozen=True)
class RoundDealt(Event):
    """M-4.3 / M-4.4: fresh tokens for every hand; faces follow privately."""

    round: int
    dealer: Seat
    hands: tuple[tuple[Token, ...], ...]


@wire_type("momistigri")
@dataclass(frozen=True)
class HandsDealtAgain(Event):
    """The cards in hands are dealt again, each hand as big as it was: fresh tokens for every
    hand; faces follow privately. Everything else of the round stays
    (`lanpurr.games.momistigri.dealt_again`)."""

    round: int
    hands: tuple[tuple[Token, ...], ...]


@wire_type("momistigri")
@dataclass(frozen=True)
class TurnStarted(Event):
    """M-5 / M-5.9: `seat` is the active player and draws from `draws_from`."""

    seat: Seat
    draws_from: Seat
    turn: int


@wire_type("momistigri")
@dataclass(frozen=True)
class CardsDrawn(Event):
    """M-5.1: `drawer` took cards from `holder`. The holder's hand and the moved cards get fresh
    tokens, so nobody can follow a card by its old token; `retired` are the old ones."""

    drawer: Seat
    holder: Seat
    drawn: tuple[Token, ...]
    holder_hand: tuple[Token, ...]
    retired: tuple[Token, ...]
    designated: bool
    rule: str


@wire_type("momistigri")
@dataclass(frozen=True)
class SwapMade(Event):
    """M-6.4: `seat` put `put` face up on the pile and took `take` from it."""

    seat: Seat
    put: Token
    put_face: Face
    take: Token
    take_face: Face


@wire_type("momistigri")
@dataclass(frozen=True)
class PendingEffectSet(Event):
    """M-6.10: `owner` left a pending effect on the next draw from them."""

    owner: Seat
    effect: str
    rule: str


@wire_type("momistigri")
@dataclass(frozen=True)
class CardDesignated(Event):
    """M-6.3: the designated card, for its owner's eyes only (the drawer learns it on drawing)."""

    owner: Seat
    card: Token

    @property
    def audience(self) -> tuple[Seat, ...]:
        return (self.owner,)


@wire_type("momistigri")
@dataclass(frozen=True)
class PendingEffectCleared(Event):
    """M-5.3: the pending effect is gone; `lapsed` when it could not act (M-6.10)."""

    owner: Seat
    effect: str
    lapsed: bool


@wire_type("momistigri")
@dataclass(frozen=True)
class LastTurnStarted(Event):
    """M-8.2: the active player went out leaving `seat` the only holder; `seat` finishes a turn
    of its own without a draw (nobody is left to draw from): it may still discard a pair."""

    seat: Seat
    turn: int


@wire_type("momistigri")
@dataclass(frozen=True)
class LastHolder(Event):
    """M-8.2: `seat` is the only holder left; it finishes its turn and the round ends."""

    seat: Seat


@wire_type("momistigri")
@dataclass(frozen=True)
class PairDiscarded(Event):
    """M-5.5: a pair went face up on the pile. `effect` is what follows (M-6), or "none"."""

    seat: Seat
    cards: tuple[Token, Token]
    faces: tuple[Face, Face]
    value_pair: bool
    effect: str
    reversed: bool
    rule: str


@wire_type("momistigri")
@dataclass(frozen=True)
class DirectionReversed(Event):
    """M-3.5 / M-6.1: the arrow flipped; `direction` is the new one (+1 clockwise)."""

    seat: Seat
    direction: int


@wire_type("momistigri")
@dataclass(frozen=True)
class OnesDiscarded(Event):
    """M-6.2: 1+1, every other 1 of the hand goes to the pile too."""

    seat: Seat
    cards: tuple[Token, ...]
    faces: tuple[Face, ...]


@wire_type("momistigri")
@dataclass(frozen=True)
class EffectBegins(Event):
    """An effect that needs choices: designate (2+2), give (4+4) or hand out (5+5)."""

    seat: Seat
    effect: str
    recipients: tuple[Seat, ...]
    rule: str


@wire_type("momistigri")
@dataclass(frozen=True)
class EffectVoid(Event):
    """M-6.12 / M-6.3-M-6.9: a pair's effect had nothing to act on."""

    seat: Seat
    effect: str
    reason: str
    rule: str


@wire_type("momistigri")
@dataclass(frozen=True)
class CardGiven(Event):
    """M-6.5: 4+4. Who received is public; the face only the two know. The giver's hand is
    re-tokened so that nobody can tell which card left."""

    giver: Seat
    recipient: Seat
    card: Token
    giver_hand: tuple[Token, ...]
    retired: tuple[Token, ...]


@wire_type("momistigri")
@dataclass(frozen=True)
class CardHandedOut(Event):
    """M-6.6: 5+5, a face-up pile card went to `recipient`."""

    giver: Seat
    recipient: Seat
    card: Token
    face: Face


@wire_type("momistigri")
@dataclass(frozen=True)
class PlayerOut(Event):
    """M-7.1: "Miaooo!" `seat` holds no card and is out until the round ends."""

    seat: Seat


@wire_type("momistigri")
@dataclass(frozen=True)
class TurnEnded(Event):
    """M-5.7 / M-5.9: the turn is over; a pass turns the help card face down."""

    seat: Seat
    passed: bool


@wire_type("momistigri")
@dataclass(frozen=True)
class RoundEnded(Event):
    """M-8: why the round ended, every hand revealed, the penalties and the new totals."""

    round: int
    reason: str
    rule: str
    revealed: tuple[tuple[Token, Face], ...]
    penalties: tuple[int, ...]
    totals: tuple[int, ...]


@wire_type("momistigri")
@dataclass(frozen=True)
class ThirdRoundNeeded(Event):
    """M-9.2: the lowest total is shared after round 2; everyone plays round 3."""

    tied: tuple[Seat, ...]


@wire_type("momistigri")
@dataclass(frozen=True)
class GameEnded(Event):
    """M-9.1 / M-9.3: the lowest total wins; a shared lowest after round 3 shares the win."""

    winners: tuple[Seat, ...]
    totals: tuple[int, ...]
    rule: str
