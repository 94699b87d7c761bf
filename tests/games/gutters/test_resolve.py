"""Winning cats (G-7.2 to G-7.4, G-3.5) against a plain re-reading of the rules on random
boards: the same cats won, in the same order, with the same homes moving to the same slots."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from lanpurr.games.gutters.components import OPENINGS
from lanpurr.games.gutters.geometry import slot_index
from lanpurr.games.gutters.resolve import resolve_wins
from tests.games.gutters.helpers import tile
from tests.games.gutters.test_paths import reference_pairs


def reference_resolution(
    codes: list[str], size: int, homes: list[str], cats: list[str], pile: int
) -> list[tuple[str, str, str, str | None]]:
    """(cat slot, home, home's new slot, new cat's slot) for every cat won, by the rules."""
    order = list(slot_index(size))  # G-3.3: clockwise from T0
    home_at = {"A": homes[0], "B": homes[1]}
    cat_slots = set(cats)
    won: list[tuple[str, str, str, str | None]] = []

    def clockwise_free(start: str) -> str:  # G-3.5
        i = order.index(start)
        while True:
            i = (i + 1) % len(order)
            if order[i] not in cat_slots and order[i] not in home_at.values():
                return order[i]

    while True:
        pairs = reference_pairs(codes, size, list(home_at.values()), sorted(cat_slots))
        if not pairs:
            return won
        given: dict[str, str] = {}
        for cat in sorted({c for c, _ in pairs}, key=order.index):  # G-7.3: from T0
            joined = [h for h, slot in home_at.items() if (cat, slot) in pairs]
            # G-7.2: the home whose slot comes first going clockwise from the cat
            given[cat] = min(
                joined, key=lambda h: (order.index(home_at[h]) - order.index(cat)) % len(order)
            )
        for cat, home in given.items():
            cat_slots.discard(cat)
            home_at[home] = clockwise_free(home_at[home])
            new = None
            if pile:
                new = clockwise_free(cat)
                cat_slots.add(new)
                pile -= 1
            won.append((cat, home, home_at[home], new))
            if not cat_slots and not pile:  # G-8.1
                return won


@st.composite
def positions(draw: st.DrawFn) -> tuple[int, list[str], list[str], list[str], int]:
    size = draw(st.sampled_from([3, 4]))
    # Mostly straights and junctions, so that paths (and chains) are common.
    shapes = st.sampled_from("IIJJC")
    codes = draw(
        st.lists(
            st.builds(lambda s, r: f"{s}{r}", shapes, st.sampled_from([0, 90, 180, 270])),
            min_size=size * size,
            max_size=size * size,
        )
    )
    chosen = draw(
        st.lists(st.sampled_from(list(slot_index(size))), min_size=4, max_size=4, unique=True)
    )
    return size, codes, chosen[:2], chosen[2:], draw(st.integers(0, 13))


@settings(max_examples=300, deadline=None)
@given(positions())
def test_G_7_4_resolution_matches_the_rules_read_plainly(
    case: tuple[int, list[str], list[str], list[str], int],
) -> None:
    size, codes, homes, cats, pile = case
    names = slot_index(size)
    back = {i: n for n, i in names.items()}
    masks = tuple(OPENINGS[tile(c)] for c in codes)
    resolution = resolve_wins(
        masks, size, (names[homes[0]], names[homes[1]]), tuple(names[c] for c in cats), pile
    )
    got = [
        (
            back[s.cat_slot],
            "AB"[s.home],
            back[s.home_to],
            None if s.new_cat_slot is None else back[s.new_cat_slot],
        )
        for s in resolution.steps
    ]
    assert got == reference_resolution(codes, size, homes, cats, pile), (codes, homes, cats)


def test_G_7_4_boards_drawn_like_the_property_tests_do_produce_chains() -> None:
    """The property above is only worth something if such boards chain; check that they do."""
    rng = random.Random(4)
    chains = 0
    for _ in range(400):
        size = rng.choice([3, 4])
        codes = [rng.choice("IIJJC") + str(rng.choice([0, 90, 180, 270])) for _ in range(size**2)]
        slots = rng.sample(list(slot_index(size)), 4)
        names = slot_index(size)
        resolution = resolve_wins(
            tuple(OPENINGS[tile(c)] for c in codes),
            size,
            (names[slots[0]], names[slots[1]]),
            (names[slots[2]], names[slots[3]]),
            8,
        )
        chains += len(resolution.rounds) >= 2
    assert chains >= 5
