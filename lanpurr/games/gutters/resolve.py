"""Winning cats (G-7): the order in which connected cats are won, homes move and cats arrive.

This is pure slot arithmetic over a board of masks, shared by the engine (which turns each step
into events) and by the planner bot (which only counts).
"""

from dataclasses import dataclass

from lanpurr.games.gutters.geometry import next_free
from lanpurr.games.gutters.paths import connections


@dataclass(frozen=True, slots=True)
class WinStep:
    cat_slot: int
    home: int
    """0 for Home A, 1 for Home B."""
    home_from: int
    home_to: int
    new_cat_slot: int | None
    """Where the next cat of the pile was turned up, None if the pile was empty."""


@dataclass(frozen=True, slots=True)
class Resolution:
    rounds: tuple[tuple[WinStep, ...], ...]
    """One round per search for connected cats that found some (G-7.4)."""
    homes: tuple[int, int]
    cats: tuple[int, ...]
    pile: int

    @property
    def steps(self) -> tuple[WinStep, ...]:
        return tuple(step for one in self.rounds for step in one)


def resolve_wins(
    masks: tuple[int, ...] | list[int],
    size: int,
    homes: tuple[int, int],
    cats: tuple[int, ...],
    pile: int,
) -> Resolution:
    """Resolve every connected cat after an action, chains included (G-7.1 to G-7.4, G-8.1)."""
    count = 4 * size
    home_slots = list(homes)
    cat_slots = set(cats)
    rounds: list[tuple[WinStep, ...]] = []
    while cat_slots:
        found = connections(masks, size, tuple(home_slots), cat_slots)
        if not found:
            break
        steps = []
        for cat, home in found:  # G-7.3: one at a time, clockwise from T0
            cat_slots.discard(cat)
            start = home_slots[home]
            home_slots[home] = next_free(count, start, cat_slots | set(home_slots))
            new_cat = None
            if pile:
                new_cat = next_free(count, cat, cat_slots | set(home_slots))
                cat_slots.add(new_cat)
                pile -= 1
            steps.append(WinStep(cat, home, start, home_slots[home], new_cat))
            if not cat_slots and not pile:  # G-8.1: the last cat ends the game at once
                break
        rounds.append(tuple(steps))
    return Resolution(tuple(rounds), (home_slots[0], home_slots[1]), tuple(sorted(cat_slots)), pile)
