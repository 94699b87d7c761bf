"""Building positions from the rules' notation ("I270", slot names) and playing whole games."""

import random
from collections.abc import Iterator

from lanpurr.core.cards import Cards
from lanpurr.core.game import CHANCE, Event
from lanpurr.core.rng import derive
from lanpurr.games.gutters import GAME
from lanpurr.games.gutters.bots import BOTS
from lanpurr.games.gutters.components import TILE_SHAPES
from lanpurr.games.gutters.geometry import slot_index
from lanpurr.games.gutters.render import render
from lanpurr.games.gutters.state import GuttersState

FIRST_OF_SHAPE = {shape: next(t for t, s in TILE_SHAPES.items() if s == shape) for shape in "ICJ"}


def tile(code: str) -> tuple[str, int]:
    """ "C270" -> a curve at rotation 270. Examples only fix shapes, so a shape's first tile id
    stands for every tile of that shape (tile conservation is not what they are about)."""
    return FIRST_OF_SHAPE[code[0]], int(code[1:])


def position(
    special: dict[tuple[int, int], str],
    cards: dict[str, str],
    pile: tuple[str, ...] = ("k14", "k06"),
    *,
    size: int = 4,
    players: int = 2,
    mode: str = "competitive",
    active: int = 0,
    tile_pile: tuple[str, ...] | None = None,
) -> GuttersState:
    """A position in the worked examples' style (G-12): cells not listed hold `I0`; `cards`
    maps slot names to "A", "B" or a cat id; `pile` is the face-down cat pile, top first."""
    names = slot_index(size)
    cells = tuple(tile(special.get((r, c), "I0")) for r in range(size) for c in range(size))
    homes = [0, 0]
    slot_cats: list[tuple[int, int]] = []
    faces: list[tuple[int, str]] = []
    for name, card in cards.items():
        if card in ("A", "B"):
            homes["AB".index(card)] = names[name]
        else:
            token = len(faces)
            faces.append((token, card))
            slot_cats.append((names[name], token))
    shown = Cards().show(faces, to=None)
    pile_tokens = tuple(range(len(faces), len(faces) + len(pile)))
    shown = shown.show(zip(pile_tokens, pile, strict=True), to=())
    return GuttersState(
        players=players,
        mode=mode,
        size=size,
        phase="play",
        cells=cells,
        tile_pile=tile_pile or tuple(FIRST_OF_SHAPE["I"] for _ in range(26 - size * size)),
        homes=(homes[0], homes[1]),
        slot_cats=tuple(sorted(slot_cats)),
        cat_pile=pile_tokens,
        won=tuple(() for _ in range(players)),
        cards=shown,
        active=active,
        actions_left=2,
        turn=1,
    )


def code(state: GuttersState, r: int, c: int) -> str:
    """The rules' notation of a cell: "J90"."""
    tile_id, rotation = state.cell(r, c)
    return f"{TILE_SHAPES[tile_id]}{rotation}"


def cards_by_slot(state: GuttersState) -> dict[str, str]:
    """Slot name -> "A", "B" or the cat's id, as in the examples."""
    names = {v: k for k, v in slot_index(state.size).items()}
    found = {names[state.homes[0]]: "A", names[state.homes[1]]: "B"}
    for slot, token in state.slot_cats:
        found[names[slot]] = state.cards.face(token) or "?"
    return found


def set_up(players: int, options: dict[str, str], seed: int) -> GuttersState:
    state = GAME.new_state(players, options)
    step = 0
    while CHANCE in GAME.to_act(state):
        state = GAME.apply(state, GAME.chance_action(state, derive(seed, "setup", step))).state
        step += 1
    return state


def random_play(
    state: GuttersState, seed: int, actions: int, planned_share: float = 0.0
) -> Iterator[tuple[GuttersState, object, GuttersState, tuple[Event, ...]]]:
    """Up to `actions` legal actions: (before, action, after, events) each. Each turn is
    random, or (with probability `planned_share`) the planner's, so that cats get won."""
    rng = random.Random(seed)
    planner = BOTS["planner"]()
    planned = False
    for _ in range(actions):
        if GAME.is_over(state):
            return
        (seat,) = GAME.to_act(state)
        if state.actions_left == 2:
            planned = rng.random() < planned_share
        if planned:
            action = planner.choose(GAME.view(state, seat), seat, rng)
        else:
            action = rng.choice(list(GAME.legal_actions(state, seat)))
        step = GAME.apply(state, action)
        yield state, action, step.state, step.events
        state = step.state


def explain(state: GuttersState) -> str:
    return "\n" + render(state)
