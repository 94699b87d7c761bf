"""Connection (G-6): which cats the gutters join to which homes.

The board is read as a tuple of open-side masks, one per cell (row-major). For speed the cells
open toward each side are packed into bitboards (bit i = cell i), and a channel is found by
flooding those bitboards, a few integer operations per step.
"""

from collections import deque
from collections.abc import Iterable
from functools import cache

from lanpurr.games.gutters.components import E, N, S, W
from lanpurr.games.gutters.geometry import Cell, cell_index, slots


@cache
def contributions(size: int) -> tuple[tuple[int, ...], ...]:
    """Per cell and mask: the cell's bit in the N, E, S and W bitboards, packed 16 bits apart."""
    table = []
    for cell in range(size * size):
        bit = 1 << cell
        table.append(
            tuple(
                (bit if mask & N else 0)
                | (bit << 16 if mask & E else 0)
                | (bit << 32 if mask & S else 0)
                | (bit << 48 if mask & W else 0)
                for mask in range(16)
            )
        )
    return tuple(table)


@cache
def _not_last_column(size: int) -> int:
    return sum(1 << (r * size + c) for r in range(size) for c in range(size - 1))


@cache
def slot_geometry(size: int) -> tuple[tuple[int, int], ...]:
    """Per slot: (bit of its edge cell, shift of the bitboard for the side facing it)."""
    shift = {N: 0, E: 16, S: 32, W: 48}
    return tuple((1 << cell_index(size, s.cell), shift[s.side]) for s in slots(size))


def pack(masks: tuple[int, ...] | list[int], size: int) -> int:
    """The board's open sides as four bitboards in one integer (see `contributions`)."""
    table = contributions(size)
    packed = 0
    for cell, mask in enumerate(masks):
        packed |= table[cell][mask]
    return packed


class Channels:
    """The linked channels of one board (G-6.1), ready to answer connection questions."""

    __slots__ = ("horizontal", "packed", "size", "vertical")

    def __init__(self, packed: int, size: int) -> None:
        """`packed`: the bitboards of the cells open N, E, S and W, 16 bits apart (`pack`)."""
        self.packed = packed
        self.size = size
        full = (1 << (size * size)) - 1
        north, east = packed & full, (packed >> 16) & full
        south, west = (packed >> 32) & full, (packed >> 48) & full
        # bit i of `horizontal`: cell i links to cell i+1; of `vertical`: cell i links to i+size.
        self.horizontal = east & (west >> 1) & _not_last_column(size)
        self.vertical = south & (north >> size)

    def slot_open(self, slot: int) -> bool:
        """G-6.2: the edge cell is open on the side facing the slot."""
        bit, shift = slot_geometry(self.size)[slot]
        return bool((self.packed >> shift) & bit)

    def channel(self, bits: int) -> int:
        """Every cell linked to one of `bits` by a chain of links (G-6.3)."""
        h, v, n = self.horizontal, self.vertical, self.size
        while True:
            grown = bits | ((bits & h) << 1) | ((bits >> 1) & h) | ((bits & v) << n)
            grown |= (bits >> n) & v
            if grown == bits:
                return bits
            bits = grown

    def reach(self, slot: int) -> int:
        """The cells a card in `slot` reaches: none if the slot is closed."""
        if not self.slot_open(slot):
            return 0
        return self.channel(slot_geometry(self.size)[slot][0])


def connected_pairs(
    masks: tuple[int, ...] | list[int], size: int, homes: tuple[int, ...], cats: Iterable[int]
) -> list[tuple[int, int]]:
    """G-6.3: every (cat slot, home index) pair that the gutters join, cats in slot order."""
    channels = Channels(pack(masks, size), size)
    geometry = slot_geometry(size)
    home_reach = [channels.reach(h) for h in homes]
    found: list[tuple[int, int]] = []
    for cat in sorted(cats):
        if not channels.slot_open(cat):
            continue
        reach = channels.channel(geometry[cat][0])
        found += [(cat, i) for i, hr in enumerate(home_reach) if reach & hr]
    return found


def connections(
    masks: tuple[int, ...] | list[int], size: int, homes: tuple[int, ...], cats: Iterable[int]
) -> list[tuple[int, int]]:
    """G-7.1/G-7.2: (cat slot, home index) for every connected cat, in clockwise slot order from
    T0; a cat connected to both homes gets the one whose slot comes first clockwise from it."""
    count = 4 * size
    given: dict[int, int] = {}
    for cat, home in connected_pairs(masks, size, homes, cats):
        if cat not in given or (homes[home] - cat) % count < (homes[given[cat]] - cat) % count:
            given[cat] = home
    return sorted(given.items())


def link_path(masks: tuple[int, ...], size: int, start: Cell, goal: Cell) -> tuple[Cell, ...]:
    """A shortest chain of linked cells from `start` to `goal` (for animating a walk home);
    empty if they are not linked."""
    opens = {N: (-1, 0), E: (0, 1), S: (1, 0), W: (0, -1)}
    back = {N: S, E: W, S: N, W: E}
    before: dict[Cell, Cell | None] = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == goal:
            path = [cell]
            while (previous := before[path[-1]]) is not None:
                path.append(previous)
            return tuple(reversed(path))
        mask = masks[cell_index(size, cell)]
        for side, (dr, dc) in opens.items():
            nxt = (cell[0] + dr, cell[1] + dc)
            if not (mask & side) or not (0 <= nxt[0] < size and 0 <= nxt[1] < size):
                continue
            if masks[cell_index(size, nxt)] & back[side] and nxt not in before:
                before[nxt] = cell
                queue.append(nxt)
    return ()
