"""What happened, in enough detail for a table view to animate it. Plain data for the wire.

Slots are named as in the rules ("T0", "R2"), cells are (row, column), homes are "A" or "B".
"""

from dataclasses import dataclass

from lanpurr.core.game import Event
from lanpurr.core.wire import wire_type


@wire_type("gutters")
@dataclass(frozen=True)
class CatsShuffled(Event):
    """The cat pile was shuffled face down: its tokens, top first (faces follow to nobody)."""

    tokens: tuple[int, ...]


@wire_type("gutters")
@dataclass(frozen=True)
class CatTurnedUp(Event):
    """The top cat of the pile was turned face up into `slot` (G-4.4, G-7.3 step 3)."""

    token: int
    cat: str
    slot: str


@wire_type("gutters")
@dataclass(frozen=True)
class TilesDealt(Event):
    """The tiles were dealt (G-4.2): every cell's (tile, rotation) row-major, then the pile."""

    cells: tuple[tuple[str, int], ...]
    pile: tuple[str, ...]


@wire_type("gutters")
@dataclass(frozen=True)
class DealVoided(Event):
    """G-4.5: a cat was connected after the deal, so the tiles are dealt again."""

    connected: tuple[tuple[str, str], ...]
    """(cat slot, home) pairs that were connected."""


@wire_type("gutters")
@dataclass(frozen=True)
class FirstPlayerDrawn(Event):
    seat: int


@wire_type("gutters")
@dataclass(frozen=True)
class TileRotated(Event):
    """G-5.2: the tile at `cell` turned clockwise by `by`, to `rotation`."""

    seat: int
    cell: tuple[int, int]
    tile: str
    by: int
    rotation: int


@wire_type("gutters")
@dataclass(frozen=True)
class TilePushed(Event):
    """G-5.3: `tile` at `rotation` entered at `entry` from `slot`; every tile of the line moved
    one cell toward `out`; `pushed_out` left the board to the bottom of the pile."""

    seat: int
    slot: str
    line: str
    entry: tuple[int, int]
    out: tuple[int, int]
    tile: str
    rotation: int
    pushed_out: str


@wire_type("gutters")
@dataclass(frozen=True)
class CatConnected(Event):
    """G-7.1/G-7.2: the gutters join the cat in `slot` to `home`: the path lights up. `path`
    runs from the cat's edge cell to the home's edge cell, the way the cat walks."""

    token: int
    cat: str
    slot: str
    home: str
    home_slot: str
    path: tuple[tuple[int, int], ...]


@wire_type("gutters")
@dataclass(frozen=True)
class CatWon(Event):
    """G-7.3 step 1: the cat left its slot and went to `seat` (in co-op and solo, the group)."""

    token: int
    cat: str
    seat: int
    slot: str


@wire_type("gutters")
@dataclass(frozen=True)
class HomeMoved(Event):
    """G-7.3 step 2: `home` moved clockwise, jumping over the occupied slots in `skipped`."""

    home: str
    from_slot: str
    to_slot: str
    skipped: tuple[str, ...]


@wire_type("gutters")
@dataclass(frozen=True)
class TurnPassed(Event):
    """Two actions done (G-5.1): `seat` plays turn number `turn` next."""

    seat: int
    turn: int


@wire_type("gutters")
@dataclass(frozen=True)
class GameEnded(Event):
    """G-8: all 15 cats are won. Scores and cats per seat; `winners` share the win (all seats
    in co-op and solo); `rating` from G-9.5 in co-op and solo, empty otherwise."""

    scores: tuple[int, ...]
    cats: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int
    rating: str
