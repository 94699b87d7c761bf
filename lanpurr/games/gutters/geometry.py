"""Board geometry (G-3): cells, the slots around the board in clockwise order, and pushes.

Cells are numbered row-major, `r * size + c`. Slots are numbered by their place in the clockwise
cycle of G-3.3, so "one slot clockwise" is "+1 modulo 4N".
"""

from dataclasses import dataclass
from functools import cache

from lanpurr.games.gutters.components import E, N, S, W

Cell = tuple[int, int]
ROW, COLUMN = "row", "column"
LINES = (ROW, COLUMN)


@dataclass(frozen=True)
class Slot:
    index: int
    name: str
    cell: Cell
    side: int
    """The side of `cell` that faces this slot (G-3.2)."""


@dataclass(frozen=True)
class Push:
    """One insert move (G-5.3): the slot it comes from, the cell pushed out, its line."""

    slot: int
    out: Cell
    line: str
    entry: Cell
    cells: tuple[Cell, ...]
    """The line's cells from the entry cell to the out cell."""


@cache
def slots(size: int) -> tuple[Slot, ...]:
    """G-3.3: the slots in clockwise order, T0 first."""
    last = size - 1
    spec: list[tuple[str, Cell, int]] = []
    spec += [(f"T{c}", (0, c), N) for c in range(size)]
    spec += [(f"R{r}", (r, last), E) for r in range(size)]
    spec += [(f"B{c}", (last, c), S) for c in reversed(range(size))]
    spec += [(f"L{r}", (r, 0), W) for r in reversed(range(size))]
    return tuple(Slot(i, name, cell, side) for i, (name, cell, side) in enumerate(spec))


@cache
def slot_index(size: int) -> dict[str, int]:
    return {slot.name: slot.index for slot in slots(size)}


def slot_name(size: int, index: int) -> str:
    return slots(size)[index].name


def cell_index(size: int, cell: Cell) -> int:
    return cell[0] * size + cell[1]


def on_board(size: int, cell: Cell) -> bool:
    return 0 <= cell[0] < size and 0 <= cell[1] < size


def is_edge(size: int, cell: Cell) -> bool:
    r, c = cell
    return on_board(size, cell) and (r in (0, size - 1) or c in (0, size - 1))


def is_corner(size: int, cell: Cell) -> bool:
    r, c = cell
    return r in (0, size - 1) and c in (0, size - 1)


def lines_of(size: int, out: Cell) -> tuple[str, ...]:
    """G-5.3 step 2: the lines a push may use when `out` leaves the board."""
    r, c = out
    lines: list[str] = []
    if c in (0, size - 1):
        lines.append(ROW)
    if r in (0, size - 1):
        lines.append(COLUMN)
    return tuple(lines)


def _push(size: int, out: Cell, line: str) -> Push:
    r, c = out
    last = size - 1
    names = slot_index(size)
    if line == ROW:
        entry = (r, last) if c == 0 else (r, 0)
        slot = names[f"R{r}"] if c == 0 else names[f"L{r}"]
        step = -1 if c == 0 else 1
        cells = tuple((r, entry[1] + step * k) for k in range(size))
    else:
        entry = (last, c) if r == 0 else (0, c)
        slot = names[f"B{c}"] if r == 0 else names[f"T{c}"]
        step = -1 if r == 0 else 1
        cells = tuple((entry[0] + step * k, c) for k in range(size))
    return Push(slot, out, line, entry, cells)


@cache
def pushes(size: int) -> tuple[Push, ...]:
    """Every push, one per slot, in slot order (G-5.3: each slot matches exactly one push)."""
    found: dict[int, Push] = {}
    for r in range(size):
        for c in range(size):
            for line in lines_of(size, (r, c)):
                push = _push(size, (r, c), line)
                found[push.slot] = push
    return tuple(found[i] for i in sorted(found))


@cache
def push_for(size: int, out: Cell, line: str) -> Push:
    return _push(size, out, line)


def next_free(count: int, start: int, occupied: set[int] | frozenset[int]) -> int:
    """G-3.5: the first slot clockwise after `start` that is not occupied."""
    slot = (start + 1) % count
    while slot in occupied:
        slot = (slot + 1) % count
    return slot
