"""What a seat (or chance) can do. Plain data, registered for the wire."""

from dataclasses import dataclass

from lanpurr.core.wire import wire_type


@wire_type("gutters")
@dataclass(frozen=True)
class Rotate:
    """G-5.2: turn the tile at `cell` clockwise by `by` degrees (90, 180 or 270)."""

    seat: int
    turn: int
    """The turn this action belongs to; a third action in a turn is refused (G-5.1)."""
    cell: tuple[int, int]
    by: int


@wire_type("gutters")
@dataclass(frozen=True)
class Insert:
    """G-5.3: push the top tile of the pile, at `rotation`, so that the tile at `out` leaves
    along `line` ("row" or "column")."""

    seat: int
    turn: int
    out: tuple[int, int]
    line: str
    rotation: int


@wire_type("gutters")
@dataclass(frozen=True)
class ShuffleCats:
    """Chance (G-4.4): the order of the face-down cat pile."""

    seed: bytes


@wire_type("gutters")
@dataclass(frozen=True)
class DealTiles:
    """Chance (G-4.2, G-9.6): which tile goes where, each rotation, and the tile pile."""

    seed: bytes


@wire_type("gutters")
@dataclass(frozen=True)
class DrawFirstPlayer:
    """Chance (G-4.6)."""

    seed: bytes


PlayerAction = Rotate | Insert
ChanceAction = ShuffleCats | DealTiles | DrawFirstPlayer
