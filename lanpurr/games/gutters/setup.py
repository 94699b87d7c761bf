"""Set-up (G-4, G-9.6), drawn from chance seeds: the cat pile, the tiles and the first player."""

from lanpurr.core.events import FacesShown
from lanpurr.core.game import Event
from lanpurr.core.rng import rng_from
from lanpurr.games.gutters.components import CAT_IDS, HOMES, OPENINGS, ROTATIONS, TILE_SHAPES
from lanpurr.games.gutters.events import CatsShuffled, CatTurnedUp, DealVoided, TilesDealt
from lanpurr.games.gutters.geometry import Cell, slot_index, slot_name
from lanpurr.games.gutters.paths import connections
from lanpurr.games.gutters.state import GuttersState, PlacedTile

# G-4.3 and G-9.6: where the homes start (Home A, Home B) and where the first two cats go.
HOME_SLOTS = {4: ("L3", "R0"), 3: ("L2", "R0")}
FIRST_CAT_SLOTS = {4: ("T0", "B3"), 3: ("T0", "B2")}
# G-4.2 and G-9.6: cells whose shape is fixed, with that shape.
FIXED_SHAPES: dict[int, tuple[tuple[Cell, str], ...]] = {
    4: (((3, 0), "C"), ((0, 3), "C")),
    3: (((2, 0), "C"), ((0, 2), "C"), ((1, 1), "J")),
}


def start_homes(size: int) -> tuple[int, int]:
    names = slot_index(size)
    a, b = HOME_SLOTS[size]
    return names[a], names[b]


def shuffle_cats(state: GuttersState, seed: bytes) -> list[Event]:
    """G-4.4: shuffle the 15 cats face down (faces to nobody) and turn up the first two."""
    rng = rng_from(seed, "gutters", "cats")
    order = list(CAT_IDS)
    rng.shuffle(order)
    _, tokens = state.cards.issue(len(order))
    first, second = FIRST_CAT_SLOTS[state.size]
    return [
        CatsShuffled(tokens),
        FacesShown(tuple(zip(tokens, order, strict=True)), to=()),
        CatTurnedUp(tokens[0], order[0], first),
        CatTurnedUp(tokens[1], order[1], second),
    ]


def deal_tiles(state: GuttersState, seed: bytes) -> list[Event]:
    """G-4.2 / G-9.6, then G-4.5: void the deal if a cat is connected already."""
    rng = rng_from(seed, "gutters", "tiles", state.deals)
    size = state.size
    left = list(TILE_SHAPES)
    rng.shuffle(left)
    placed: dict[Cell, PlacedTile] = {}
    for cell, shape in FIXED_SHAPES[size]:
        tile = next(t for t in left if TILE_SHAPES[t] == shape)
        left.remove(tile)
        placed[cell] = (tile, rng.choice(ROTATIONS))
    for r in range(size):
        for c in range(size):
            if (r, c) not in placed:
                placed[(r, c)] = (left.pop(0), rng.choice(ROTATIONS))
    cells = tuple(placed[(r, c)] for r in range(size) for c in range(size))
    events: list[Event] = [TilesDealt(cells, tuple(left))]
    masks = tuple(OPENINGS[p] for p in cells)
    joined = connections(masks, size, state.homes, state.cat_slots)
    if joined:
        events.append(
            DealVoided(tuple((slot_name(size, cat), HOMES[home]) for cat, home in joined))
        )
    return events


def draw_first_player(state: GuttersState, seed: bytes) -> int:
    """G-4.6: a fair draw among the seats."""
    return rng_from(seed, "gutters", "first").randrange(state.players)
