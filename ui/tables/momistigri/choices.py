"""The Momistigri table as my seat sees it, and what I may do now.

`MomistigriChoices` holds what the view remembers between updates (the cards I have chosen, the
flying cards, the last round's result) and answers from it what I may do: my legal actions, the
pairs my selection makes, whom I may give a card to. The view (`view.py`) adds the painting,
layout and input of the other modules of this package, which all take it as `view`.
"""

from typing import Any

from PySide6.QtCore import QPointF, Qt

from lanpurr.games.momistigri.actions import DiscardPair
from lanpurr.games.momistigri.deck import pair_kind, value_of
from lanpurr.games.momistigri.events import GameEnded, RoundEnded
from lanpurr.games.momistigri.state import DRAW, GIVE, HAND_OUT, SWAP, State
from ui.tables.game_table import GameTable
from ui.tables.source import TableSource

Flight = tuple[QPointF, QPointF, str | None]
"""A card moving across the table: from, to, and its face if I may see it."""


class MomistigriChoices(GameTable):
    def __init__(self, source: TableSource) -> None:
        super().__init__(source)
        self.selected: list[int] = []
        """Cards of my hand chosen for a pair."""
        self.picked: list[int] = []
        """Positions chosen in the previous player's fan (7+7 and 8+8 draw several)."""
        self.chosen: int | None = None
        """The first half of a two-step choice: the card to put (3+3), give (4+4) or hand
        out from the pile (5+5)."""
        self.hints = False
        self.flights: list[Flight] = []
        self.shout: tuple[int, str] | None = None
        self.round_result: RoundEnded | None = None
        self.revealed: dict[int, list[str]] = {}
        self.result: GameEnded | None = None
        self.rounds: list[RoundEnded] = []
        """Every round's scores so far, for the score history."""
        self.coming_faces: dict[int, str] = {}
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def busy(self) -> bool:
        return super().busy() or self.round_result is not None

    def acting(self) -> bool:
        s: State = self.state
        return s.acting_seat() == self.seat and self.round_result is None and self.result is None

    def legal(self) -> list[Any]:
        if not self.acting():
            return []
        return list(self.game.legal_actions(self.state, self.seat))

    def my_hand(self) -> list[int]:
        s: State = self.state
        if not s.hands:
            return []
        # Sorted by value, then colour, so pairs sit side by side.
        return sorted(s.hands[self.seat], key=lambda t: (self._value(t), self.face_of(t) or ""))

    def _value(self, token: int) -> int:
        face = self.face_of(token)
        return value_of(face) if face else 0

    def face_of(self, token: int) -> str | None:
        """The face of a card of my hand, also when the table has just re-dealt its token and
        the face follows in the same update (so my hand never flashes face down)."""
        face = self.state.cards.face(token)
        return face if face is not None else self.coming_faces.get(token)

    def drawing_from(self) -> int | None:
        s: State = self.state
        if s.phase == DRAW and s.active == self.seat and self.acting():
            return s.previous_player(self.seat)
        return None

    def pair_choices(self) -> list[DiscardPair]:
        """The pair actions that match my two selected cards (effect and, maybe, reversal)."""
        if len(self.selected) != 2:
            return []
        chosen = set(self.selected)
        return [a for a in self.legal() if isinstance(a, DiscardPair) and set(a.cards) == chosen]

    def pairable(self) -> set[int]:
        """Cards of my hand that could form a pair now (the beginners' hint)."""
        s: State = self.state
        hand = [(t, s.cards.face(t)) for t in s.hands[self.seat]] if s.hands else []
        found = set()
        for i, (t1, f1) in enumerate(hand):
            for t2, f2 in hand[i + 1 :]:
                if f1 and f2 and pair_kind(f1, f2) is not None:
                    found |= {t1, t2}
        return found

    def recipients_now(self) -> set[int]:
        """The players I may click now: the recipient of a 4+4 or 5+5 card."""
        s: State = self.state
        if self.chosen is None or s.phase not in (GIVE, HAND_OUT) or not self.acting():
            return set()
        return set(s.recipients)

    def showing_keep(self) -> bool:
        """A 3+3 swap has its card chosen: that card is shown to be taken back (M-6.4)."""
        s: State = self.state
        return s.phase == SWAP and self.chosen is not None and self.acting()

    def points_text(self, points: int) -> str:
        """ "12 pts". Said by the view class (`view.py`): a string with plural forms must be
        asked through the class's own `tr()` for lupdate to see its forms."""
        raise NotImplementedError
