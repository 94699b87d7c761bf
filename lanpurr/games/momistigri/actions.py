"""What a seat (or chance) can do. Actions that put a face on the table carry it, so that a peer
holding only a partial state can check it."""

from dataclasses import dataclass

from lanpurr.core.cards import Face, Token
from lanpurr.core.game import Seat
from lanpurr.core.wire import wire_type


@wire_type("momistigri")
@dataclass(frozen=True)
class Deal:
    """Chance: 32 bytes of joint randomness choose the starter and shuffle the deck (M-4)."""

    seed: bytes


@wire_type("momistigri")
@dataclass(frozen=True)
class DealAgain:
    """Chance: a round under way is dealt again where it stands (a laptop gone, its key share
    with it): 32 bytes of joint randomness shuffle the cards in hands, dealt in the sizes the
    hands had (`lanpurr.games.momistigri.dealt_again`)."""

    seed: bytes


@wire_type("momistigri")
@dataclass(frozen=True)
class Draw:
    """M-5.1: draw from the previous player. `picks` are positions in that hand, which the table
    orders in secret, so any choice is a blind draw. Empty after a 2+2 (the card is designated)."""

    seat: Seat
    picks: tuple[int, ...]


@wire_type("momistigri")
@dataclass(frozen=True)
class Swap:
    """M-6.4: the owner of a pending 3+3 puts `put` face up on the pile, then takes `take`
    (any pile card, `put` included) into their hand."""

    seat: Seat
    put: Token
    put_face: Face
    take: Token


@wire_type("momistigri")
@dataclass(frozen=True)
class DiscardPair:
    """M-5.5: put a pair face up on the pile. `reverse` picks the reversal instead of the effect
    of 1+1, 2+2 or 3+3 (M-6.1)."""

    seat: Seat
    cards: tuple[Token, Token]
    faces: tuple[Face, Face]
    reverse: bool = False


@wire_type("momistigri")
@dataclass(frozen=True)
class Designate:
    """M-6.3: 2+2, the card the next player will draw."""

    seat: Seat
    card: Token


@wire_type("momistigri")
@dataclass(frozen=True)
class Give:
    """M-6.5: 4+4, give one card to another holder."""

    seat: Seat
    card: Token
    to: Seat


@wire_type("momistigri")
@dataclass(frozen=True)
class HandOut:
    """M-6.6: 5+5, one pile card to one recipient (repeated until the hand-out is done)."""

    seat: Seat
    card: Token
    face: Face
    to: Seat


@wire_type("momistigri")
@dataclass(frozen=True)
class Pass:
    """M-5.7: end the turn without discarding a pair."""

    seat: Seat


@wire_type("momistigri")
@dataclass(frozen=True)
class EndTurn:
    """End a turn in which a pair was discarded (after a 6+6: decline the further pair)."""

    seat: Seat


Action = Deal | DealAgain | Draw | Swap | DiscardPair | Designate | Give | HandOut | Pass | EndTurn
