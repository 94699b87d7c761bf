"""The seven cats and their nine poses (P-2.1, P-2.2), as data.

A card's face is `"<Cat>-<pose>"`, for example "Luna-3". For every rule only the cat matters;
the pose is artwork.
"""

from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class Cat:
    name: str
    initial: str
    colour: str


# P-2.1: table order; each cat has its own initial so colour is never the only cue.
CATS: tuple[Cat, ...] = (
    Cat("Luna", "L", "violet"),
    Cat("Milo", "M", "orange"),
    Cat("Nala", "N", "gold"),
    Cat("Oscar", "O", "navy"),
    Cat("Pepper", "P", "grey"),
    Cat("Simba", "S", "red"),
    Cat("Tigre", "T", "green"),
)
CAT_NAMES: tuple[str, ...] = tuple(cat.name for cat in CATS)

# P-2.2: pose k of a card `Cat-k`.
POSES: tuple[str, ...] = (
    "sitting",
    "sleeping",
    "stretching",
    "pouncing",
    "grooming",
    "playing",
    "walking",
    "curled",
    "yawning",
)
CARDS_PER_CAT = len(POSES)
HAND_SIZE = 9
"""P-5.2: a hand always holds exactly 9 cards."""


def faces_of(cat: str) -> tuple[str, ...]:
    """The nine card faces of a cat, pose 1 to 9."""
    return tuple(f"{cat}-{pose}" for pose in range(1, CARDS_PER_CAT + 1))


@cache
def cat_of(face: str) -> str:
    """The cat on a card: the only thing any rule looks at (P-2.2)."""
    return face.rsplit("-", 1)[0]


def pose_of(face: str) -> str:
    return POSES[int(face.rsplit("-", 1)[1]) - 1]
