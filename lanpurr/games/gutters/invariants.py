"""G-11: what must hold in every state of a game, as readable messages (empty list: all good)."""

from collections import Counter

from lanpurr.games.gutters.components import CAT_IDS, CATS, HOMES, ROTATIONS, TILE_IDS
from lanpurr.games.gutters.geometry import slot_name
from lanpurr.games.gutters.paths import connections
from lanpurr.games.gutters.state import GuttersState


def check_invariants(state: GuttersState) -> list[str]:
    problems: list[str] = []
    if state.cells:
        problems += _tiles(state)
    if state.phase != "shuffle":
        problems += _cats(state)
    problems += _homes(state)
    if state.cells and state.phase in ("first", "play", "over"):
        joined = connections(state.masks, state.size, state.homes, state.cat_slots)
        if joined:
            names = ", ".join(f"{slot_name(state.size, c)}-{HOMES[h]}" for c, h in joined)
            problems.append(f"G-11 (4): cats connected after the action resolved: {names}")
    if state.phase == "play" and state.actions_left not in (1, 2):
        problems.append(f"G-11 (5): {state.actions_left} actions left in a turn")
    if state.phase == "over":
        problems += _end(state)
    return problems


def _tiles(state: GuttersState) -> list[str]:
    problems = []
    count = Counter(tile for tile, _ in state.cells) + Counter(state.tile_pile)
    if sorted(count.elements()) != sorted(TILE_IDS):
        missing = sorted(set(TILE_IDS) - set(count))
        twice = sorted(t for t, n in count.items() if n > 1)
        problems.append(f"G-11 (1): tiles not conserved (missing {missing}, twice {twice})")
    if len(state.tile_pile) != 26 - state.size**2:
        problems.append(
            f"G-11 (1): the tile pile holds {len(state.tile_pile)} tiles, not {26 - state.size**2}"
        )
    bad = [placed for placed in state.cells if placed[1] not in ROTATIONS]
    if bad:
        problems.append(f"G-2.2: rotations out of range: {bad}")
    return problems


def _cats(state: GuttersState) -> list[str]:
    problems = []
    won = [t for seat in state.won for t in seat]
    tokens = [t for _, t in state.slot_cats] + list(state.cat_pile) + won
    if len(tokens) != len(CAT_IDS) or len(set(tokens)) != len(tokens):
        problems.append(
            f"G-11 (2): {len(state.slot_cats)} cats in slots + {len(state.cat_pile)} in the pile "
            f"+ {len(won)} won = {len(tokens)} ({len(set(tokens))} distinct), not 15"
        )
    faces = [state.cards.face(t) for t in tokens]
    known = [f for f in faces if f is not None]
    if len(set(known)) != len(known) or not set(known) <= set(CATS):
        problems.append(f"G-11 (2): cat faces repeat or are unknown: {sorted(known)}")
    in_slots = len(state.slot_cats)
    if in_slots > 2 or (state.cat_pile and in_slots != 2):
        problems.append(
            f"G-11 (2): {in_slots} cats in slots with {len(state.cat_pile)} in the pile"
        )
    return problems


def _homes(state: GuttersState) -> list[str]:
    slots = [*state.homes, *state.cat_slots]
    if len(set(slots)) != len(slots):
        return [
            f"G-11 (3): two cards share a slot: homes at {state.homes}, cats at {state.cat_slots}"
        ]
    if not all(0 <= s < 4 * state.size for s in slots):
        return [f"G-11 (3): a card is off the board: {slots}"]
    return []


def _end(state: GuttersState) -> list[str]:
    won = [t for seat in state.won for t in seat]
    points = sum(CATS[state.cards.face(t) or ""][1] for t in won if state.cards.face(t))
    if len(won) != 15 or points != 28:
        return [f"G-11 (6): at the end {len(won)} cats won for {points} points, not 15 and 28"]
    return []
