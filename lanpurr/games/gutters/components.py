"""The pieces of the game as data: gutter tiles (G-2.1, G-2.2), stray cats (G-2.3), homes (G-2.4).

A tile's open sides are a 4-bit mask (N=1, E=2, S=4, W=8), so that rotating a tile is a bit
rotation and path finding works on small integers.
"""

from types import MappingProxyType

N, E, S, W = 1, 2, 4, 8
SIDES = (N, E, S, W)
SIDE_NAMES = MappingProxyType({N: "N", E: "E", S: "S", W: "W"})
OPPOSITE = MappingProxyType({N: S, E: W, S: N, W: E})
ROTATIONS = (0, 90, 180, 270)

# G-2.1: shape code -> open sides at rotation 0.
SHAPE_OPENINGS = MappingProxyType({"I": N | S, "C": N | E, "J": N | E | W})

# G-2.1: tile ids t01-t10 straight, t11-t22 curves, t23-t26 T-junctions.
TILE_SHAPES: MappingProxyType[str, str] = MappingProxyType(
    {f"t{i:02d}": ("I" if i <= 10 else "C" if i <= 22 else "J") for i in range(1, 27)}
)
TILE_IDS: tuple[str, ...] = tuple(TILE_SHAPES)

# G-2.3: cat id -> (name, value). 15 cats, 28 points.
CATS: MappingProxyType[str, tuple[str, int]] = MappingProxyType(
    {
        "k01": ("Biscuit", 1),
        "k02": ("Button", 1),
        "k03": ("Clover", 1),
        "k04": ("Dusty", 1),
        "k05": ("Pebble", 1),
        "k06": ("Sprout", 1),
        "k07": ("Ginger", 2),
        "k08": ("Mittens", 2),
        "k09": ("Pickle", 2),
        "k10": ("Socks", 2),
        "k11": ("Waffle", 2),
        "k12": ("Captain", 3),
        "k13": ("Duchess", 3),
        "k14": ("Rascal", 3),
        "k15": ("Smokey", 3),
    }
)
CAT_IDS: tuple[str, ...] = tuple(CATS)
TOTAL_POINTS = sum(value for _, value in CATS.values())

# G-2.4
HOMES = ("A", "B")


def rotate_mask(mask: int, degrees: int) -> int:
    """G-2.2: a quarter turn clockwise maps N->E->S->W->N, i.e. each bit moves one place up."""
    quarters = (degrees // 90) % 4
    return ((mask << quarters) | (mask >> (4 - quarters))) & 0xF


def _openings_table() -> dict[tuple[str, int], int]:
    return {
        (tile, rotation): rotate_mask(SHAPE_OPENINGS[shape], rotation)
        for tile, shape in TILE_SHAPES.items()
        for rotation in ROTATIONS
    }


OPENINGS: MappingProxyType[tuple[str, int], int] = MappingProxyType(_openings_table())
"""(tile id, rotation) -> open-sides mask."""


def cat_value(cat: str) -> int:
    return CATS[cat][1]


def shape_of(tile: str) -> str:
    return TILE_SHAPES[tile]
