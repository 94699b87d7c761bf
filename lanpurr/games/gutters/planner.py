"""The planner's search: every rotate/insert pair of a turn, scored on small integers.

A position is the board as open-side masks plus the slots of the homes and cats; the planner
never needs a cat's face except to value what it wins, and the faces in the pile are secret to
it (it values an unseen cat at the mean of the unseen values).
"""

import random
from dataclasses import dataclass
from functools import cache

from lanpurr.games.gutters.components import CATS, OPENINGS, rotate_mask
from lanpurr.games.gutters.geometry import cell_index, pushes, slots
from lanpurr.games.gutters.paths import Channels, contributions, pack, slot_geometry
from lanpurr.games.gutters.resolve import resolve_wins

WIN_WEIGHT = 100.0
"""A won point (or, cooperating, a won cat) outweighs any position: the distance of two cats
is at most 2 x 8 steps x 1.3 < 100."""


@dataclass(frozen=True, slots=True)
class Move:
    """One action on the fast board. "rotate": the cell numbered `where` turns by `amount`
    degrees; "insert": the push `geometry.pushes(size)[where]` with the new tile at `amount`."""

    kind: str  # "rotate" or "insert"
    where: int
    amount: int
    delta: int
    """What the move flips in the packed board of the position it was listed for."""


@dataclass(frozen=True, slots=True)
class Position:
    size: int
    masks: tuple[int, ...]
    packed: int
    """The same board as bitboards (`paths.pack`), kept up to date cell by cell."""
    pile_masks: tuple[int, ...]
    """Open sides at rotation 0 of the tile pile, top first."""
    homes: tuple[int, int]
    cats: tuple[tuple[int, float], ...]
    """(slot, value) of the face-up cats."""
    cats_left: int
    """Cats still in the face-down pile."""

    @property
    def cat_slots(self) -> tuple[int, ...]:
        return tuple(slot for slot, _ in self.cats)


@dataclass(frozen=True, slots=True)
class Outcome:
    position: Position
    won_cats: int
    won_points: float
    over: bool


@cache
def _push_cells(size: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(cell_index(size, c) for c in p.cells) for p in pushes(size))


@cache
def _edge_bits(size: int) -> tuple[int, ...]:
    return tuple(1 << cell_index(size, s.cell) for s in slots(size))


@cache
def _dilation_masks(size: int) -> tuple[int, int, int]:
    full = (1 << size * size) - 1
    first = sum(1 << (r * size) for r in range(size))
    last = sum(1 << (r * size + size - 1) for r in range(size))
    return full, full & ~first, full & ~last


def moves(position: Position) -> list[Move]:
    """Every action, leaving out those that give the same board as one already listed."""
    found: list[Move] = []
    masks = position.masks
    table = contributions(position.size)
    passed = False
    for cell, mask in enumerate(masks):
        seen = {mask}
        for by in (90, 180, 270):
            new = rotate_mask(mask, by)
            if new not in seen:
                seen.add(new)
                found.append(Move("rotate", cell, by, table[cell][mask] ^ table[cell][new]))
            elif new == mask and not passed:  # a half turn of a straight tile: a "pass"
                passed = True
                found.append(Move("rotate", cell, by, 0))
    base = position.pile_masks[0]
    shapes: dict[int, int] = {}
    for rotation in (0, 90, 180, 270):
        shapes.setdefault(rotate_mask(base, rotation), rotation)
    for push, line in enumerate(_push_cells(position.size)):
        # every tile of the line moves one cell toward the out cell (G-5.3 step 4)
        shifted = 0
        for k in range(1, len(line)):
            cell = line[k]
            shifted ^= table[cell][masks[cell]] ^ table[cell][masks[line[k - 1]]]
        entry = line[0]
        for new, rotation in shapes.items():
            delta = shifted ^ table[entry][masks[entry]] ^ table[entry][new]
            found.append(Move("insert", push, rotation, delta))
    return found


def play(position: Position, move: Move, unseen_value: float) -> Outcome:
    """The position after one action and its wins (G-5.2, G-5.3, G-7)."""
    size = position.size
    table = contributions(size)
    masks = list(position.masks)
    packed = position.packed
    pile = position.pile_masks
    if move.kind == "rotate":
        cell = move.where
        old = masks[cell]
        masks[cell] = new = rotate_mask(old, move.amount)
        packed ^= table[cell][old] ^ table[cell][new]
    else:
        line = _push_cells(size)[move.where]
        out = masks[line[-1]]
        for cell in line:
            packed ^= table[cell][masks[cell]]
        for k in range(len(line) - 1, 0, -1):
            masks[line[k]] = masks[line[k - 1]]
        masks[line[0]] = rotate_mask(pile[0], move.amount)
        for cell in line:
            packed ^= table[cell][masks[cell]]
        # G-5.3 step 3: the pushed-out tile forgets its rotation; any rotation of it stands
        # for its shape, since every rotation is tried when it comes back on top.
        pile = (*pile[1:], out)
    cat_slots = tuple(slot for slot, _ in position.cats)
    if not _any_connected(packed, size, position.homes, cat_slots):
        after = Position(
            size, tuple(masks), packed, pile, position.homes, position.cats, position.cats_left
        )
        return Outcome(after, 0, 0.0, False)
    resolution = resolve_wins(masks, size, position.homes, cat_slots, position.cats_left)
    values = dict(position.cats)
    points = 0.0
    won = 0
    for step in resolution.steps:
        points += values.pop(step.cat_slot)
        won += 1
        if step.new_cat_slot is not None:
            values[step.new_cat_slot] = unseen_value
    after = Position(
        size,
        tuple(masks),
        packed,
        pile,
        resolution.homes,
        tuple(sorted(values.items())),
        resolution.pile,
    )
    return Outcome(after, won, points, not values and not resolution.pile)


def _any_connected(packed: int, size: int, homes: tuple[int, int], cats: tuple[int, ...]) -> bool:
    """Whether some cat is connected to some home (G-6.3), flooding from both homes at once;
    this runs for every leaf of the search, hence the plain integer loop."""
    geometry = slot_geometry(size)
    home_bits = cat_bits = 0
    for slot in homes:
        bit, shift = geometry[slot]
        if (packed >> shift) & bit:
            home_bits |= bit
    if not home_bits:
        return False
    for slot in cats:
        bit, shift = geometry[slot]
        if (packed >> shift) & bit:
            cat_bits |= bit
    if not cat_bits:
        return False
    full, _, no_last = _dilation_masks(size)
    north, east = packed & full, (packed >> 16) & full
    south, west = (packed >> 32) & full, (packed >> 48) & full
    h = east & (west >> 1) & no_last
    v = south & (north >> size)
    bits = home_bits
    while not bits & cat_bits:
        grown = bits | ((bits & h) << 1) | ((bits >> 1) & h) | ((bits & v) << size)
        grown |= (bits >> size) & v
        if grown == bits:
            return False
        bits = grown
    return True


def distance(position: Position) -> float:
    return _distance(position, position.packed)


def _distance(position: Position, packed: int) -> float:
    """How far the cats are from the homes: for each cat, the fewest steps between the cells it
    reaches and the cells a home reaches (a closed slot costs one more, for the rotation that
    would open it). Small is good for whoever plays next."""
    size = position.size
    channels = Channels(packed, size)
    edge = _edge_bits(size)
    full, no_first, no_last = _dilation_masks(size)

    def reach(slot: int) -> tuple[int, int]:
        bits = channels.reach(slot)
        return (bits, 0) if bits else (edge[slot], 1)

    homes = [reach(h) for h in position.homes]
    total = 0.0
    for slot, value in position.cats:
        bits, cost = reach(slot)
        best = 2 * size
        for home_bits, home_cost in homes:
            grown, steps = bits, cost + home_cost
            while not grown & home_bits and steps < best:
                grown = grown | ((grown << 1) & no_first) | ((grown >> 1) & no_last)
                grown = (grown | (grown << size) | (grown >> size)) & full
                steps += 1
            best = min(best, steps)
        total += best * (1.0 + 0.1 * value)
    return total


def position_of(
    cells: tuple[tuple[str, int], ...],
    pile: tuple[str, ...],
    size: int,
    homes: tuple[int, int],
    cats: tuple[tuple[int, str | None], ...],
    cats_left: int,
    unseen_value: float,
) -> Position:
    masks = tuple(OPENINGS[c] for c in cells)
    return Position(
        size,
        masks,
        pack(masks, size),
        tuple(OPENINGS[(t, 0)] for t in pile),
        homes,
        tuple((slot, float(CATS[face][1]) if face else unseen_value) for slot, face in cats),
        cats_left,
    )


@dataclass(frozen=True, slots=True)
class Plan:
    moves: tuple[Move, ...]
    score: float
    after_first: Position


def best_plan(
    position: Position, actions: int, cooperative: bool, unseen_value: float, rng: random.Random
) -> Plan:
    """The best sequence of `actions` (1 or 2) actions. Cooperating (co-op, solo) a plan wins
    as many cats as it can, competing as many points; either way it then leaves the cats close
    to the homes. (Keeping them far from an opponent looks clever, but two such players block
    the table forever, and a near path is as often the planner's own next win.)

    Equally good plans are drawn at random with `rng`: where the distance is misleading (a gap
    of one cell that no rotation closes) a fixed choice would walk in circles for ever."""
    best: Plan | None = None
    best_score = float("-inf")
    ties = 0

    def better(score: float) -> bool:
        nonlocal best_score, ties
        if score > best_score:
            best_score, ties = score, 1
            return True
        if score == best_score:
            ties += 1
            return rng.random() * ties < 1.0
        return False

    unchanged: set[int] = set()  # quiet boards reached after a quiet first action
    for first in moves(position):
        one = play(position, first, unseen_value)
        gain1 = WIN_WEIGHT * (one.won_cats if cooperative else one.won_points)
        if actions == 1 or one.over:
            score = gain1 + (0.0 if one.over else -distance(one.position))
            if better(score):
                best = Plan((first,), score, one.position)
            continue
        seen: set[int] = unchanged if one.won_cats == 0 else set()
        board, homes, cats = one.position.packed, one.position.homes, one.position.cat_slots
        for second in moves(one.position):
            quiet = board ^ second.delta
            if _any_connected(quiet, position.size, homes, cats):
                two = play(one.position, second, unseen_value)
                gain2 = WIN_WEIGHT * (two.won_cats if cooperative else two.won_points)
                score = gain1 + gain2 + (0.0 if two.over else -distance(two.position))
            else:
                # Nothing won: only the position counts. The distance can only lower the
                # score, so a quiet leaf that cannot beat the best is not measured.
                if gain1 <= best_score or quiet in seen:
                    continue
                seen.add(quiet)
                score = gain1 - _distance(one.position, quiet)
            if better(score):
                best = Plan((first, second), score, one.position)
    assert best is not None  # there is always a legal action
    return best
