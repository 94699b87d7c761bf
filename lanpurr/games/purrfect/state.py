"""The state of a Purrfect game: a plain immutable value, full or partial.

Cards are tokens (`lanpurr.core.cards`): the hands, offers and acceptances hold tokens, which
every seat may see, and `cards` holds the faces this state knows. A seat's partial state has the
same shape and knows only the faces shown to that seat.
"""

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from lanpurr.core.cards import Cards, Token
from lanpurr.games.purrfect.cats import cat_of

Seat = int
Phase = Literal["draw_key", "draw_cats", "deal", "round", "over"]
"""draw_key, draw_cats and deal wait for a chance action; round is live trading; over is final."""


class PartialStateError(ValueError):
    """This state does not know the faces the step needs (only the full state, or the peers
    that hold those faces, can take it). Not a rule violation: the action may well be legal."""


@dataclass(frozen=True)
class Offer:
    """An open offer (P-5.3): its cards are locked in the offerer's hand until it closes."""

    offer_id: int
    seat: Seat
    cards: tuple[Token, ...]


@dataclass(frozen=True)
class Acceptance:
    """A pending acceptance (P-5.6): committed cards, locked until the offerer resolves it."""

    offer_id: int
    seat: Seat
    cards: tuple[Token, ...]


@dataclass(frozen=True)
class RoundResult:
    round: int
    declarer: Seat
    best_groups: tuple[int, ...]
    gains: tuple[int, ...]


@dataclass(frozen=True)
class PurrfectState:
    players: int
    options: tuple[tuple[str, str], ...]
    phase: Phase = "draw_key"
    meow_key: tuple[str, ...] = ()
    """P-3.2: meow_key[k - 1] announces an offer of k cards."""
    cats: tuple[str, ...] = ()
    """P-3.3: the cats in play, in table order."""
    round: int = 0
    hands: tuple[tuple[Token, ...], ...] = ()
    cards: Cards = field(default_factory=Cards)
    offers: tuple[Offer, ...] = ()
    acceptances: tuple[Acceptance, ...] = ()
    next_offer_id: int = 0
    """Offer ids count up over the whole game, so a late message never meets a newer offer."""
    totals: tuple[int, ...] = ()
    results: tuple[RoundResult, ...] = ()
    swaps_this_round: int = 0
    winner: Seat | None = None

    def option(self, name: str) -> str:
        return dict(self.options)[name]

    def offer_of(self, seat: Seat) -> Offer | None:
        return next((o for o in self.offers if o.seat == seat), None)

    def offer_by_id(self, offer_id: int) -> Offer | None:
        return next((o for o in self.offers if o.offer_id == offer_id), None)

    def acceptance_of(self, seat: Seat) -> Acceptance | None:
        return next((a for a in self.acceptances if a.seat == seat), None)

    def acceptances_for(self, offer_id: int) -> tuple[Acceptance, ...]:
        return tuple(a for a in self.acceptances if a.offer_id == offer_id)

    def locked(self, seat: Seat) -> frozenset[Token]:
        """P-5.2: the seat's cards in its open offer or pending acceptance."""
        offer, acceptance = self.offer_of(seat), self.acceptance_of(seat)
        return frozenset((offer.cards if offer else ()) + (acceptance.cards if acceptance else ()))

    def cat(self, token: Token) -> str | None:
        """The cat on a card, if this state knows its face."""
        face = self.cards.face(token)
        return None if face is None else cat_of(face)

    def hand_cats(self, seat: Seat) -> Counter[str]:
        """How many cards of each cat this state knows in a seat's hand."""
        return Counter(c for c in (self.cat(t) for t in self.hands[seat]) if c is not None)

    def best_group(self, seat: Seat) -> int:
        """P-8.4: the largest number of cards of a single cat in the hand."""
        return max(self.hand_cats(seat).values(), default=0)

    def round_limit(self) -> int:
        """P-9.3: the most rounds a game of this size can last."""
        return 4 * self.players // 3 + 1
