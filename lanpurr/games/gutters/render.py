"""A text picture of a board, for test failure messages and `lanpurr simulate --show`.

Tiles are box-drawing characters; the slots around the board show homes ("Home A") and cats
with their values ("k13=3"; "k??" for a cat whose face this state does not know).
"""

from lanpurr.games.gutters.components import CATS, HOMES, OPENINGS, E, N, S, W
from lanpurr.games.gutters.geometry import slot_index
from lanpurr.games.gutters.state import GuttersState

GLYPHS = {
    N | S: "│",
    E | W: "─",
    N | E: "└",
    E | S: "┌",
    S | W: "┐",
    W | N: "┘",
    N | E | W: "┴",
    N | E | S: "├",
    E | S | W: "┬",
    N | S | W: "┤",
}
WIDTH = 7
MARGIN = 11


def _card(state: GuttersState, slot: int) -> str:
    for home, where in zip(HOMES, state.homes, strict=True):
        if where == slot:
            return f"Home {home}"
    for where, token in state.slot_cats:
        if where == slot:
            face = state.cards.face(token)
            return f"{face}={CATS[face][1]}" if face else "k??"
    return "."


def render(state: GuttersState) -> str:
    size = state.size
    names = slot_index(size)
    if not state.cells:
        return f"gutters ({state.mode}, {size}x{size}): tiles not dealt yet"
    card = {name: _card(state, index) for name, index in names.items()}
    pad = " " * MARGIN
    lines = [pad + "".join(f"T{c}".center(WIDTH) for c in range(size))]
    lines.append(pad + "".join(card[f"T{c}"].center(WIDTH) for c in range(size)))
    for r in range(size):
        row = "".join(GLYPHS[OPENINGS[state.cell(r, c)]].center(WIDTH) for c in range(size))
        lines.append(f"L{r} {card[f'L{r}']} ".rjust(MARGIN) + row + f"{card[f'R{r}']} R{r}")
    lines.append(pad + "".join(card[f"B{c}"].center(WIDTH) for c in range(size)))
    lines.append(pad + "".join(f"B{c}".center(WIDTH) for c in range(size)))
    top = state.tile_pile[0] if state.tile_pile else "-"
    glyph = GLYPHS[OPENINGS[(top, 0)]] if state.tile_pile else ""
    won = " ".join(f"seat {seat}: {len(cats)}" for seat, cats in enumerate(state.won))
    progress = (
        f"game over in turn {state.turn}"
        if state.phase == "over"
        else f"turn {state.turn}, seat {state.active} to play, {state.actions_left} action(s) left"
    )
    lines.append(
        f"tile pile top {top} {glyph} (at rotation 0) | cat pile {len(state.cat_pile)} | "
        + progress
    )
    lines.append(f"cats won: {won}")
    return "\n".join(lines)
