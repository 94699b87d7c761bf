"""What players (and chance) can do. Plain data on the wire, checked by the engine."""

from dataclasses import dataclass

from lanpurr.core.cards import Token
from lanpurr.core.game import CHANCE
from lanpurr.core.wire import wire_type

Seat = int


@wire_type("purrfect")
@dataclass(frozen=True)
class DrawMeowKey:
    """P-3.2: the joint draw of the meow key, from 32 bytes of joint randomness."""

    seed: bytes
    seat: Seat = CHANCE


@wire_type("purrfect")
@dataclass(frozen=True)
class DrawCats:
    """P-3.3: the joint draw of the cats in play."""

    seed: bytes
    seat: Seat = CHANCE


@wire_type("purrfect")
@dataclass(frozen=True)
class DealRound:
    """P-4.1: shuffle the cats in play and deal 9 cards to each player."""

    seed: bytes
    seat: Seat = CHANCE


@wire_type("purrfect")
@dataclass(frozen=True)
class DealAgain:
    """Chance: a round under way is dealt again where it stands (a laptop gone, its key share
    with it): 32 bytes of joint randomness shuffle the 9n cards again, nine to each player
    (`lanpurr.games.purrfect.dealt_again`). It has no seat: no player may play it as a move."""

    seed: bytes


@wire_type("purrfect")
@dataclass(frozen=True)
class OpenOffer:
    """P-5.3: put 1 to 4 cards of one cat face down for the whole table."""

    seat: Seat
    cards: tuple[Token, ...]


@wire_type("purrfect")
@dataclass(frozen=True)
class WithdrawOffer:
    """P-5.5: take back one's own open offer."""

    seat: Seat
    offer_id: int


@wire_type("purrfect")
@dataclass(frozen=True)
class AcceptOffer:
    """P-5.6: commit as many cards of one cat as the offer holds."""

    seat: Seat
    offer_id: int
    cards: tuple[Token, ...]


@wire_type("purrfect")
@dataclass(frozen=True)
class TakeAcceptance:
    """P-5.7: the offerer's peer received this pending acceptance first: the swap happens.

    Sent by the offerer's peer on receipt, not chosen by the player (docs/realtime-order.md).
    """

    seat: Seat
    offer_id: int
    acceptor: Seat


@wire_type("purrfect")
@dataclass(frozen=True)
class DeclarePurrfect:
    """P-6.1: claim a purrfect hand.

    `reshuffle` is the declarer's private randomness: after a wrong declaration the shown hand
    is re-tokened in an order drawn from it, so nobody can follow the shown cards. It never
    leaves the declarer's laptop; an empty value keeps the hand's order (tests only).
    """

    seat: Seat
    reshuffle: bytes = b""


ChanceAction = DrawMeowKey | DrawCats | DealRound | DealAgain
PlayerAction = OpenOffer | WithdrawOffer | AcceptOffer | TakeAcceptance | DeclarePurrfect
Action = ChanceAction | PlayerAction
