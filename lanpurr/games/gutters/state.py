"""The state of a game of No sin mi gato: a plain, immutable value."""

from dataclasses import dataclass
from typing import Literal

from lanpurr.core.cards import Cards, Token
from lanpurr.games.gutters.components import OPENINGS

Phase = Literal["shuffle", "deal", "first", "play", "over"]
"""shuffle the cats -> deal the tiles (again while a cat is connected) -> draw the first player
-> play -> over."""

PlacedTile = tuple[str, int]
"""(tile id, rotation)."""


@dataclass(frozen=True)
class GuttersState:
    players: int
    mode: str
    """competitive, teams, coop or solo (G-9)."""
    size: int
    """4 on the standard board, 3 on the mini board (G-3.1)."""
    phase: Phase
    cells: tuple[PlacedTile, ...]
    """Row-major; empty until the tiles are dealt."""
    tile_pile: tuple[str, ...]
    """Top first. Public (G-10.1)."""
    homes: tuple[int, int]
    """Slot of Home A and of Home B."""
    slot_cats: tuple[tuple[int, Token], ...]
    """(slot, cat token), in slot order. These cats are face up."""
    cat_pile: tuple[Token, ...]
    """Face-down cats, top first: the only hidden information (G-10)."""
    won: tuple[tuple[Token, ...], ...]
    """Cats won, per seat (in co-op and solo they belong to the group, G-9.3)."""
    cards: Cards
    active: int = 0
    actions_left: int = 0
    turn: int = 0
    """The number of the turn being played, from 1 (G-9.3 counts them)."""
    deals: int = 0
    """How many tile deals were made (more than one when G-4.5 asked for a re-deal)."""

    @property
    def masks(self) -> tuple[int, ...]:
        return tuple(OPENINGS[placed] for placed in self.cells)

    @property
    def cat_slots(self) -> tuple[int, ...]:
        return tuple(slot for slot, _ in self.slot_cats)

    def cell(self, r: int, c: int) -> PlacedTile:
        return self.cells[r * self.size + c]

    def cat_face(self, token: Token) -> str | None:
        return self.cards.face(token)

    def won_faces(self, seat: int) -> tuple[str, ...]:
        return tuple(self.cards.face(t) or "?" for t in self.won[seat])
