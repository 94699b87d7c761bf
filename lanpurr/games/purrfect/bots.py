"""Bots: ordinary players that see only their own seat's view.

A bot is asked, each time it wakes, what it wants to do right now (`choose`, None for nothing)
and how long it takes to react (`reaction_delay`, seconds of simulated time). Resolving
acceptances (`TakeAcceptance`) is the peer's job on receipt, never a bot's choice.
"""

import random
from collections.abc import Callable
from typing import Protocol

from lanpurr.core.cards import Token
from lanpurr.games.purrfect.actions import (
    AcceptOffer,
    DeclarePurrfect,
    OpenOffer,
    PlayerAction,
    WithdrawOffer,
)
from lanpurr.games.purrfect.legal import unlocked_by_cat
from lanpurr.games.purrfect.state import PurrfectState, Seat
from lanpurr.games.purrfect.trading import MAX_OFFER


class Bot(Protocol):
    def choose(
        self, view: PurrfectState, seat: Seat, rng: random.Random
    ) -> PlayerAction | None: ...

    def reaction_delay(self, rng: random.Random) -> float: ...


def _purrfect(view: PurrfectState, seat: Seat) -> bool:
    cats = view.hand_cats(seat)
    return len(cats) == 1 and sum(cats.values()) == len(view.hands[seat])


def _declare(seat: Seat, rng: random.Random) -> DeclarePurrfect:
    return DeclarePurrfect(seat, rng.randbytes(32))


class RandomBot:
    """Plays any move at random; declares when its hand is purrfect (anyone would notice)."""

    def reaction_delay(self, rng: random.Random) -> float:
        return rng.uniform(0.3, 1.5)

    def choose(self, view: PurrfectState, seat: Seat, rng: random.Random) -> PlayerAction | None:
        if view.phase != "round":
            return None
        if _purrfect(view, seat):
            return _declare(seat, rng)
        groups = unlocked_by_cat(view, seat)
        mine = view.offer_of(seat)
        moves: list[Callable[[], PlayerAction | None]] = [lambda: None]
        if mine is None and groups:
            moves.append(lambda: self._offer(seat, groups, rng))
        if mine is not None:
            moves.append(lambda: WithdrawOffer(seat, mine.offer_id))
        if view.acceptance_of(seat) is None:
            moves.append(lambda: self._accept(view, seat, groups, rng))
        if rng.random() < 0.02:
            moves.append(lambda: _declare(seat, rng))
        return rng.choice(moves)()

    @staticmethod
    def _offer(seat: Seat, groups: dict[str, list[Token]], rng: random.Random) -> OpenOffer:
        cards = groups[rng.choice(sorted(groups))]
        k = rng.randint(1, min(MAX_OFFER, len(cards)))
        return OpenOffer(seat, tuple(rng.sample(cards, k)))

    @staticmethod
    def _accept(
        view: PurrfectState, seat: Seat, groups: dict[str, list[Token]], rng: random.Random
    ) -> AcceptOffer | None:
        offers = [o for o in view.offers if o.seat != seat]
        if not offers:
            return None
        offer = rng.choice(offers)
        k = len(offer.cards)
        fitting = sorted(cat for cat, cards in groups.items() if len(cards) >= k)
        if not fitting:
            return None
        cards = groups[rng.choice(fitting)]
        return AcceptOffer(seat, offer.offer_id, tuple(rng.sample(cards, k)))


OFFER_PATIENCE = 4
"""Looks a bot lets pass before it accepts an offer it has just seen, so that the people at
the table get the first chance at every offer: between laptops a bot looks every 1.6 to 2.9 s
(the app's pace), so an offer stays the people's for 6 s at least, about 9 s on average
(docs/decisions/0035)."""


class HeuristicBot:
    """Collects the cat it holds most of and trades away its weakest cats."""

    def __init__(self, patience: int = OFFER_PATIENCE) -> None:
        self.patience = patience
        self._looks: dict[int, int] = {}
        """Offer id -> how many times this bot has seen it open."""

    def reaction_delay(self, rng: random.Random) -> float:
        return rng.uniform(0.3, 1.5)

    def choose(self, view: PurrfectState, seat: Seat, rng: random.Random) -> PlayerAction | None:
        if view.phase != "round":
            return None
        if _purrfect(view, seat):
            return _declare(seat, rng)
        counts = view.hand_cats(seat)
        # The target: most cards; ties go to the cat first in table order, so it stays put.
        target = max(counts, key=lambda cat: (counts[cat], -view.cats.index(cat)))
        groups = {c: t for c, t in unlocked_by_cat(view, seat).items() if c != target}
        self._looks = {o.offer_id: self._looks.get(o.offer_id, 0) + 1 for o in view.offers}
        if view.acceptance_of(seat) is None:
            accept = self._accept(view, seat, groups, counts, rng)
            if accept is not None:
                return accept
        mine = view.offer_of(seat)
        if mine is None and groups:
            # Random tie-breaks and sizes: two bots that offer each other the same cat in
            # the same size forever would trade without end.
            weakest = min(groups, key=lambda cat: (counts[cat], rng.random()))
            cards = groups[weakest]
            size = rng.randint(1, min(MAX_OFFER, len(cards)))
            return OpenOffer(seat, tuple(rng.sample(cards, size)))
        if mine is not None and not view.acceptances_for(mine.offer_id) and rng.random() < 0.15:
            return WithdrawOffer(seat, mine.offer_id)  # nobody bites: try another size later
        return None

    def _accept(
        self,
        view: PurrfectState,
        seat: Seat,
        groups: dict[str, list[Token]],
        counts: dict[str, int],
        rng: random.Random,
    ) -> AcceptOffer | None:
        offers = [
            o
            for o in view.offers
            if o.seat != seat and self._looks.get(o.offer_id, 0) > self.patience
        ]
        rng.shuffle(offers)
        for offer in offers:
            k = len(offer.cards)
            fitting = [cat for cat, cards in groups.items() if len(cards) >= k]
            if fitting:
                weakest = min(fitting, key=lambda cat: (counts[cat], rng.random()))
                return AcceptOffer(seat, offer.offer_id, tuple(groups[weakest][:k]))
        return None


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}
