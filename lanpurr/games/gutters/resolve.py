"""Winning cats (G-7): the order in which connected cats are won, homes move and cats arrive.

`resolve_wins` is pure slot arithmetic over a board of masks, shared by the engine (which turns
each step into events with `win_events`) and by the planner bot (which only counts).
"""

from dataclasses import dataclass

from lanpurr.core.game import Event
from lanpurr.games.gutters.components import CATS, HOMES
from lanpurr.games.gutters.events import CatConnected, CatTurnedUp, CatWon, GameEnded, HomeMoved
from lanpurr.games.gutters.geometry import next_free, slot_name, slots
from lanpurr.games.gutters.paths import connections, link_path
from lanpurr.games.gutters.state import GuttersState
from lanpurr.games.gutters.variants import COOP, SOLO, rating, winners


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


def win_events(state: GuttersState) -> list[Event]:
    """G-6.5, G-7: the cats this position wins, chains included, as events; then the end."""
    size = state.size
    resolution = resolve_wins(state.masks, size, state.homes, state.cat_slots, len(state.cat_pile))
    if not resolution.rounds:
        return []
    events: list[Event] = []
    tokens = dict(state.slot_cats)
    homes = list(state.homes)
    pile = list(state.cat_pile)
    masks = state.masks
    for one_round in resolution.rounds:
        for step in one_round:  # every path of the round lights up before cats walk
            token = tokens[step.cat_slot]
            home_slot = homes[step.home]
            path = link_path(
                masks, size, slots(size)[step.cat_slot].cell, slots(size)[home_slot].cell
            )
            events.append(
                CatConnected(
                    token,
                    _face(state, token),
                    slot_name(size, step.cat_slot),
                    HOMES[step.home],
                    slot_name(size, home_slot),
                    path,
                )
            )
        for step in one_round:
            token = tokens.pop(step.cat_slot)
            events.append(
                CatWon(token, _face(state, token), state.active, slot_name(size, step.cat_slot))
            )
            skipped = _between(size, step.home_from, step.home_to)
            homes[step.home] = step.home_to
            events.append(
                HomeMoved(
                    HOMES[step.home],
                    slot_name(size, step.home_from),
                    slot_name(size, step.home_to),
                    tuple(slot_name(size, s) for s in skipped),
                )
            )
            if step.new_cat_slot is not None:
                top = pile.pop(0)
                tokens[step.new_cat_slot] = top
                events.append(
                    CatTurnedUp(top, _face(state, top), slot_name(size, step.new_cat_slot))
                )
    if not tokens and not pile:
        events.append(game_end(state, events))
    return events


def _between(size: int, start: int, end: int) -> tuple[int, ...]:
    count = 4 * size
    return tuple((start + k) % count for k in range(1, (end - start) % count))


def _face(state: GuttersState, token: int) -> str:
    face = state.cards.face(token)
    if face is None:
        raise ValueError(
            "apply needs the full state: the face of a face-down cat is secret in a seat's view"
        )
    return face


def game_end(state: GuttersState, more: list[Event]) -> GameEnded:
    """G-8.2, G-8.3, G-9.2 to G-9.5."""
    won: list[list[str]] = [[state.cards.face(t) or "" for t in seat] for seat in state.won]
    for event in more:
        if isinstance(event, CatWon):
            won[event.seat].append(event.cat)
    scores = tuple(sum(CATS[cat][1] for cat in cats) for cats in won)
    counts = tuple(len(cats) for cats in won)
    cooperative = state.mode in (COOP, SOLO)
    return GameEnded(
        scores,
        counts,
        tuple(range(state.players)) if cooperative else winners(state.mode, scores, counts),
        state.turn,
        rating(state.turn) if cooperative else "",
    )
