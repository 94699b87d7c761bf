"""The Momistigri state: an immutable value that every peer folds from events.

Hands and the pile hold tokens (`lanpurr.core.cards`); `cards` says which faces this state
knows. A full state knows every face and the table's secret; a seat's view knows only what M-10
lets that seat know.
"""

from dataclasses import dataclass, field
from typing import Any

from lanpurr.core.cards import Cards, Face, Token
from lanpurr.core.game import Seat

# What the game waits for. Each phase names the rule of the step it waits for.
DEAL = "deal"  # M-4.3: a chance action deals the next round
DRAW = "draw"  # M-5.1: the active player draws
SWAP = "swap"  # M-6.4: the owner of a pending 3+3 swaps
DISCARD = "discard"  # M-5.5: the active player discards a pair, passes or ends the turn
DESIGNATE = "designate"  # M-6.3: 2+2, the active player designates a card
GIVE = "give"  # M-6.5: 4+4, the active player gives a card
HAND_OUT = "hand_out"  # M-6.6: 5+5, the active player hands out pile cards
BETWEEN = "between"  # a turn has ended and the next has not started (never seen from outside)
OVER = "over"  # M-9

PHASE_RULE = {
    DEAL: "M-4.3",
    DRAW: "M-5.1",
    SWAP: "M-6.4",
    DISCARD: "M-5.5",
    DESIGNATE: "M-6.3",
    GIVE: "M-6.5",
    HAND_OUT: "M-6.6",
    OVER: "M-9.1",
}

# Pending effects (M-6.10), named by what they do to the next draw.
DESIGNATED_DRAW = "designated_draw"  # 2+2
SWAP_AFTER_DRAW = "swap_after_draw"  # 3+3
DRAW_TWO = "draw_two"  # 7+7
DRAW_THREE = "draw_three"  # 8+8

EACH_OPPONENT = "each_opponent"
EACH_ACTIVE_INCLUDING_SELF = "each_active_including_self"


@dataclass(frozen=True, slots=True)
class Pending:
    owner: Seat
    effect: str
    designated: Token | None = None
    """The 2+2 card: known to its owner (and the full state) only."""


@dataclass(frozen=True)
class State:
    players: int
    strict_discard: bool
    five_pair: str
    cards: Cards = field(default_factory=Cards)
    phase: str = DEAL
    round: int = 0
    totals: tuple[int, ...] = ()
    penalties: tuple[tuple[int, ...], ...] = ()
    """One tuple of round penalties per finished round."""
    hands: tuple[tuple[Token, ...], ...] = ()
    pile: tuple[Token, ...] = ()
    direction: int = 1
    help_up: tuple[bool, ...] = ()
    starter: Seat | None = None
    active: Seat | None = None
    pending: Pending | None = None
    pairs_this_turn: int = 0
    sixes_this_turn: int = 0
    may_discard: bool = True
    last_turn: bool = False
    """M-8.2: the active player is the last holder; the round ends with this turn."""
    recipients: tuple[Seat, ...] = ()
    """M-6.6: who still receives a card from the pile in a 5+5 hand-out."""
    turn: int = 0
    """Turns started in this round."""
    turns_played: int = 0
    last_player: Seat | None = None
    """Whose turn ended last: the only possible owner of a pending effect (M-11.7)."""
    winners: tuple[Seat, ...] = ()
    secret: bytes = b""
    """The table's secret that orders hidden hands for blind draws; only the full state has it."""

    def evolve(self, **changes: Any) -> "State":
        """A copy with some fields changed: `dataclasses.replace` without its per-field
        overhead, which dominated the engine's profile (the fields are plain values)."""
        new = object.__new__(State)
        fields = dict(self.__dict__)
        fields.update(changes)
        object.__setattr__(new, "__dict__", fields)
        return new

    # --- derived, public facts -------------------------------------------------------------

    def hand_faces(self, seat: Seat) -> tuple[Face | None, ...]:
        return tuple(self.cards.face(token) for token in self.hands[seat])

    def holders(self) -> tuple[Seat, ...]:
        """M-1.2: seats that hold at least one card."""
        return tuple(seat for seat, hand in enumerate(self.hands) if hand)

    def is_holder(self, seat: Seat) -> bool:
        return bool(self.hands[seat])

    def next_player(self, seat: Seat) -> Seat | None:
        """M-3.3: the first holder after `seat` in the current direction."""
        return self._first_holder(seat, self.direction)

    def previous_player(self, seat: Seat) -> Seat | None:
        """M-3.4: the first holder before `seat`, against the current direction."""
        return self._first_holder(seat, -self.direction)

    def _first_holder(self, seat: Seat, step: int) -> Seat | None:
        for distance in range(1, self.players):
            other = (seat + step * distance) % self.players
            if self.hands[other]:
                return other
        return None

    def acting_seat(self) -> Seat | None:
        if self.phase == SWAP and self.pending is not None:
            return self.pending.owner
        if self.phase == DESIGNATE and self.pending is not None:
            # Its card went with a hand dealt again: the 2+2's owner designates another
            # (momistigri.dealt_again); a turn's own 2+2 leaves nothing pending until then.
            return self.pending.owner
        if self.phase in (DRAW, DISCARD, DESIGNATE, GIVE, HAND_OUT):
            return self.active
        return None
