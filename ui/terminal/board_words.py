"""No sin mi gato's board for a person at a terminal: rows and columns numbered from 1 as the
moves name them, cats by name and value, homes, the pile's next tile and whose turn it is."""

from typing import Any

from lanpurr.games.gutters.components import CATS, HOMES, OPENINGS
from lanpurr.games.gutters.geometry import slot_index
from lanpurr.games.gutters.render import GLYPHS
from ui.terminal.terminal_words import Words, join_words, plural, sentence

CELL = max(len(name) for name, _ in CATS.values()) + 4
"""Characters per column: room for a cat's whole name and value beside the board."""


def tile_glyph(tile: str, rotation: int) -> str:
    return GLYPHS.get(OPENINGS.get((tile, rotation), 0), "?")


def _slot(view: Any, slot: int) -> str:
    for home, where in zip(HOMES, view.homes, strict=True):
        if where == slot:
            return f"Home {home}"
    for where, token in view.slot_cats:
        if where == slot:
            face = view.cards.face(token)
            if face is None:
                return "a cat"
            name, value = CATS[face]
            return f"{name} {value}"
    return ""


def _points(cats: Any, view: Any) -> int:
    faces = (view.cards.face(token) for token in cats)
    return sum(CATS[face][1] for face in faces if face is not None)


def gutters_table(words: Words, view: Any, me: int | None) -> str:
    size = view.size
    if not view.cells:
        return "The tiles are being laid out…"
    names = slot_index(size)
    around = {name: _slot(view, index) for name, index in names.items()}
    pad = " " * (CELL + 4)
    lines = [pad + "".join(f"column {c + 1}".center(CELL) for c in range(size))]
    lines.append(pad + "".join(around[f"T{c}"].center(CELL) for c in range(size)))
    for r in range(size):
        tiles = "".join(tile_glyph(*view.cell(r, c)).center(CELL) for c in range(size))
        left = around[f"L{r}"].rjust(CELL)
        lines.append(f"{left} {r + 1:>2} {tiles} {around[f'R{r}']}".rstrip())
    lines.append(pad + "".join(around[f"B{c}"].center(CELL) for c in range(size)))
    if view.tile_pile:
        top = view.tile_pile[0]
        lines.append(
            f"The pile's next tile: {tile_glyph(top, 0)} "
            f"({plural(len(view.tile_pile), 'tile')} in the pile, "
            f"{plural(len(view.cat_pile), 'cat')} still face down)"
        )
    won = [
        f"{words.who(seat, me)} {plural(len(cats), 'cat')} ({plural(_points(cats, view), 'point')})"
        for seat, cats in enumerate(view.won)
        if cats
    ]
    lines.append("Cats won: " + (join_words(won) if won else "none yet"))
    if view.phase == "over":
        lines.append(f"The game ended in turn {view.turn}.")
    else:
        who = words.who(view.active, me)
        verb = "your turn" if who == "you" else f"{who} plays"
        lines.append(
            sentence(f"turn {view.turn}: {verb}, {plural(view.actions_left, 'action')} left.")
        )
    return "\n".join(lines)
