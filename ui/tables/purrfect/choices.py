"""The Purrfect table as my seat sees it, and what I may do now.

`PurrfectChoices` holds what the view remembers between updates (the cards I have selected, a
declaration or a swap being shown, the scores) and answers from it what I may do: offer my
selection, accept an offer, declare Purrfect!. The view (`view.py`) adds the painting, layout and
input of the other modules of this package, which all take it as `view`.
"""

from typing import Any

from PySide6.QtCore import Qt

from lanpurr.games.purrfect.events import GameWon, PurrfectDeclared, RoundScored, SwapMade
from lanpurr.games.purrfect.state import PurrfectState
from ui.tables.game_table import GameTable
from ui.tables.source import TableSource

MAX_OFFER = 4
"""The most cards of one cat an offer may hold."""


class PurrfectChoices(GameTable):
    def __init__(self, source: TableSource) -> None:
        super().__init__(source)
        self.selected: list[int] = []
        self.chosen_offer: int | None = None
        """Another player's offer I clicked first: the cards I click next accept it."""
        self.declared: PurrfectDeclared | None = None
        """A declaration being shown to the table (valid or not)."""
        self.round_result: RoundScored | None = None
        """The last round's scores, shown until I click "Next round"."""
        self.winner: GameWon | None = None
        self.swap: SwapMade | None = None
        self.swaps_shown: dict[int, SwapMade] = {}
        """This round's swaps drawn on the table, by offer. One whose offer is cancelled later
        was drawn before its hand-overs came and is not kept: a laptop left in between."""
        self.kept_layout: dict[tuple[Any, ...], Any] = {}
        """Where things sit for the table's present size and seating, worked out once
        (`layout.kept`)."""
        self.rounds: list[RoundScored] = []
        """Every round's scores so far, for the score history."""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def busy(self) -> bool:
        return super().busy() or self.round_result is not None

    def my_hand(self) -> list[int]:
        s: PurrfectState = self.state
        if not s.hands:
            return []
        # Grouped by cat, in table order; locked cards stay with their cat.
        order = {cat: i for i, cat in enumerate(s.cats)}
        return sorted(s.hands[self.seat], key=lambda t: (order.get(s.cat(t) or "", 99), t))

    def selection_cat(self) -> str | None:
        """The cat of the selected cards if they are all one cat (P-5.3), else None."""
        s: PurrfectState = self.state
        cats = {s.cat(t) for t in self.selected}
        return next(iter(cats)) if len(cats) == 1 else None

    def can_offer(self) -> bool:
        s: PurrfectState = self.state
        return (
            s.phase == "round"
            and s.offer_of(self.seat) is None
            and 1 <= len(self.selected) <= MAX_OFFER
            and self.selection_cat() is not None
        )

    def can_accept(self, offer_id: int) -> bool:
        s: PurrfectState = self.state
        offer = s.offer_by_id(offer_id)
        return (
            s.phase == "round"
            and offer is not None
            and offer.seat != self.seat
            and s.acceptance_of(self.seat) is None
            and len(self.selected) == len(offer.cards)
            and self.selection_cat() is not None
        )

    def may_choose(self, offer_id: int) -> bool:
        """Whether clicking `offer_id` before any card picks it to accept (P-5.6)."""
        s: PurrfectState = self.state
        offer = s.offer_by_id(offer_id)
        return (
            s.phase == "round"
            and offer is not None
            and offer.seat != self.seat
            and s.acceptance_of(self.seat) is None
        )

    def hand_is_purrfect(self) -> bool:
        s: PurrfectState = self.state
        return bool(s.hands) and len(s.hand_cats(self.seat)) == 1

    def offer_word(self, seat: int) -> str | None:
        """What the bubble over a player's offer says: the meow word, never the number."""
        s: PurrfectState = self.state
        offer = s.offer_of(seat)
        return None if offer is None else s.meow_key[len(offer.cards) - 1]

    def select_first_text(self, count: int) -> str:
        """Why an offer of `count` cards cannot be accepted yet. Said by the view class
        (`view.py`): a string with plural forms must be asked through the class's own `tr()`
        for lupdate to see its forms."""
        raise NotImplementedError
