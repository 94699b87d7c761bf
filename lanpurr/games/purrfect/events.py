"""What happened, in the game's words. Public unless an `audience` says otherwise.

Private faces travel in the core's `FacesShown` event, so these events never carry a hidden
face: everything here may be shown to the whole table. They are descriptive enough to animate
(who gave which face-down cards to whom) and to replay for the audit.
"""

from dataclasses import dataclass

from lanpurr.core.cards import Face, Token
from lanpurr.core.game import Event
from lanpurr.core.wire import wire_type

Seat = int


@wire_type("purrfect")
@dataclass(frozen=True)
class MeowKeyDrawn(Event):
    words: tuple[str, ...]
    """words[k - 1] announces k cards (P-3.2)."""


@wire_type("purrfect")
@dataclass(frozen=True)
class CatsChosen(Event):
    cats: tuple[str, ...]


@wire_type("purrfect")
@dataclass(frozen=True)
class RoundDealt(Event):
    """A new round: which tokens each seat holds. Faces follow, privately, in FacesShown."""

    round: int
    hands: tuple[tuple[Token, ...], ...]


@wire_type("purrfect")
@dataclass(frozen=True)
class HandsDealtAgain(Event):
    """The round under way is dealt again where it stands: fresh tokens for every hand, nine
    each; faces follow privately. Everything else of the round stays
    (`lanpurr.games.purrfect.dealt_again`)."""

    round: int
    hands: tuple[tuple[Token, ...], ...]


@wire_type("purrfect")
@dataclass(frozen=True)
class OfferOpened(Event):
    offer_id: int
    seat: Seat
    word: str
    """The meow word announced (P-5.3); the number itself is never announced."""
    cards: tuple[Token, ...]


@wire_type("purrfect")
@dataclass(frozen=True)
class OfferWithdrawn(Event):
    offer_id: int
    seat: Seat


@wire_type("purrfect")
@dataclass(frozen=True)
class WithdrawalTooLate(Event):
    """A withdrawal ordered after its offer was already taken: the swap stands (P-5.5)."""

    offer_id: int
    seat: Seat


@wire_type("purrfect")
@dataclass(frozen=True)
class OfferCancelled(Event):
    """P-8.1: the round ended with this offer open, or was dealt again where it stood (its
    cards went with the hands)."""

    offer_id: int
    seat: Seat


@wire_type("purrfect")
@dataclass(frozen=True)
class AcceptanceMade(Event):
    offer_id: int
    seat: Seat
    offerer: Seat
    word: str
    """P-5.6: the acceptance repeats the offer's meow word."""
    cards: tuple[Token, ...]


@wire_type("purrfect")
@dataclass(frozen=True)
class AcceptanceRejected(Event):
    """An acceptance that lost (P-5.7) or came too late; its cards unlock, its cat stays secret."""

    offer_id: int
    seat: Seat
    reason: str
    """"taken" (another acceptance won), "withdrawn", "closed" (arrived after the offer closed),
    "round_over" (P-8.1) or "dealt_again" (the round was dealt again where it stood)."""


@wire_type("purrfect")
@dataclass(frozen=True)
class OfferAccepted(Event):
    offer_id: int
    offerer: Seat
    acceptor: Seat


@wire_type("purrfect")
@dataclass(frozen=True)
class SwapMade(Event):
    """P-5.7: the blind swap. Old tokens leave, fresh tokens arrive; faces go to the two sides."""

    offer_id: int
    offerer: Seat
    acceptor: Seat
    offerer_gave: tuple[Token, ...]
    acceptor_gave: tuple[Token, ...]
    acceptor_got: tuple[Token, ...]
    """Fresh tokens for the offerer's cards, now in the acceptor's hand, in the same order."""
    offerer_got: tuple[Token, ...]
    """Fresh tokens for the acceptor's cards, now in the offerer's hand, in the same order."""


@wire_type("purrfect")
@dataclass(frozen=True)
class PurrfectDeclared(Event):
    """P-6.1: the declarer's whole hand, face up for everyone at this moment."""

    seat: Seat
    hand: tuple[tuple[Token, Face], ...]
    valid: bool


@wire_type("purrfect")
@dataclass(frozen=True)
class HandRetokened(Event):
    """After a wrong declaration: the unlocked shown cards take fresh tokens whose faces only
    the owner learns, so nobody can follow which of them is offered next."""

    seat: Seat
    retired: tuple[Token, ...]
    fresh: tuple[Token, ...]


@wire_type("purrfect")
@dataclass(frozen=True)
class RoundScored(Event):
    round: int
    declarer: Seat
    best_groups: tuple[int, ...]
    gains: tuple[int, ...]
    totals: tuple[int, ...]


@wire_type("purrfect")
@dataclass(frozen=True)
class GameWon(Event):
    winner: Seat
    totals: tuple[int, ...]
    by_tie_rule: bool
    """True when P-9.1 step 3 decided: the highest total was shared."""
