"""The Momistigri cards as data (M-2): names, values, colours, the deck for each player count,
and what makes two cards a pair (M-5.5)."""

from dataclasses import dataclass

from lanpurr.core.cards import Face

MISTIGRI: Face = "M"
MISTIGRI_VALUE = 10

# M-2.2: colour index -> (colour, symbol). The Mistigri alone is black with the moon.
COLOURS: tuple[tuple[str, str], ...] = (
    ("red", "yarn ball"),
    ("blue", "fish"),
    ("green", "mouse"),
    ("yellow", "bell"),
    ("purple", "feather"),
)
BLACK = ("black", "moon")


def _numbered_cards() -> tuple[Face, ...]:
    # M-2.1 / M-2.3: value v has 10 - v copies, named v.i, listed by value then copy.
    return tuple(f"{v}.{i}" for v in range(1, 10) for i in range(10 - v))


NUMBERED: tuple[Face, ...] = _numbered_cards()
FULL_DECK: tuple[Face, ...] = (*NUMBERED, MISTIGRI)

VALUE: dict[Face, int] = {face: int(face.split(".")[0]) for face in NUMBERED}
VALUE[MISTIGRI] = MISTIGRI_VALUE
# M-2.3: card k (in the listing order) has colour index k mod 5.
COLOUR: dict[Face, str] = {face: COLOURS[k % 5][0] for k, face in enumerate(NUMBERED)}
COLOUR[MISTIGRI] = BLACK[0]

# M-2.7: which values leave the deck for fewer players (9 cards per player plus 1).
_LEFT_OUT: dict[int, frozenset[int]] = {
    5: frozenset(),
    4: frozenset({1}),
    3: frozenset({1, 2, 9}),
}


def deck_for(players: int) -> tuple[Face, ...]:
    """The cards used with `players` players (M-2.7)."""
    left_out = _LEFT_OUT[players]
    return tuple(face for face in FULL_DECK if VALUE[face] not in left_out)


def value_of(face: Face) -> int:
    return VALUE[face]


def colour_of(face: Face) -> str:
    return COLOUR[face]


def symbol_of(face: Face) -> str:
    colour = COLOUR[face]
    return next((symbol for name, symbol in (*COLOURS, BLACK) if name == colour))


@dataclass(frozen=True, slots=True)
class PairKind:
    """What two cards form: a value pair (with an effect) or a colour pair (none)."""

    is_value_pair: bool
    value: int
    colour: str


def _classify(first: Face, second: Face) -> PairKind | None:
    if MISTIGRI in (first, second) or first == second:
        return None  # M-6.11: the Mistigri never pairs
    if VALUE[first] == VALUE[second]:
        # Twins (M-2.6) share colour too, and still count as a value pair.
        shared = COLOUR[first] if COLOUR[first] == COLOUR[second] else ""
        return PairKind(True, VALUE[first], shared)
    if COLOUR[first] == COLOUR[second]:
        return PairKind(False, 0, COLOUR[first])
    return None


# Every pair of the deck, computed once: bots and legal moves ask this question very often.
_PAIRS: dict[tuple[Face, Face], PairKind] = {
    (a, b): kind for a in FULL_DECK for b in FULL_DECK if (kind := _classify(a, b)) is not None
}


def pair_kind(first: Face, second: Face) -> PairKind | None:
    """The pair two cards form, or None (M-5.5)."""
    return _PAIRS.get((first, second))


def hand_value(faces: tuple[Face, ...] | list[Face]) -> int:
    """A hand's penalty: the sum of its values, the Mistigri counting 10 (M-8.4)."""
    return sum(VALUE[face] for face in faces)


# M-6: the effect of each value pair, by value. 9 forms no value pair (one copy, M-6.11).
DISCARD_OTHER_ONES = "discard_other_ones"
DESIGNATE_CARD = "designate"
SWAP_WITH_PILE = "swap_with_pile"
GIVE_CARD = "give"
HAND_OUT_PILE = "hand_out"
ANOTHER_PAIR = "discard_another_pair"
NEXT_DRAWS_TWO = "next_draws_two"
NEXT_DRAWS_THREE = "next_draws_three"
REVERSE = "reverse"
NO_EFFECT = "none"

PAIR_EFFECTS: dict[int, tuple[str, str]] = {
    1: (DISCARD_OTHER_ONES, "M-6.2"),
    2: (DESIGNATE_CARD, "M-6.3"),
    3: (SWAP_WITH_PILE, "M-6.4"),
    4: (GIVE_CARD, "M-6.5"),
    5: (HAND_OUT_PILE, "M-6.6"),
    6: (ANOTHER_PAIR, "M-6.7"),
    7: (NEXT_DRAWS_TWO, "M-6.8"),
    8: (NEXT_DRAWS_THREE, "M-6.9"),
}
REVERSIBLE = frozenset({1, 2, 3})
"""M-6.1: these pairs may reverse the direction instead of their effect."""


def pairs_among(cards: list[tuple[int, Face]]) -> list[tuple[int, Face, int, Face, PairKind]]:
    """Every pair among (token, face) cards, in the order the cards are given. Cards are grouped
    by value and by colour first: only cards in the same group can pair."""
    groups: dict[object, list[int]] = {}
    for index, (_, face) in enumerate(cards):
        if face == MISTIGRI:
            continue
        groups.setdefault(VALUE[face], []).append(index)
        groups.setdefault(COLOUR[face], []).append(index)
    found: set[tuple[int, int]] = set()
    for members in groups.values():
        for i, first in enumerate(members):
            for second in members[i + 1 :]:
                found.add((first, second))
    pairs = []
    for first, second in sorted(found):
        t1, f1 = cards[first]
        t2, f2 = cards[second]
        pairs.append((t1, f1, t2, f2, _PAIRS[(f1, f2)]))
    return pairs
