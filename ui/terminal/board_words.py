"""No sin mi gato's board for a person at a terminal: rows and columns numbered from 1 as the
moves name them, cats by name and value, homes, the pile's next tile and whose turn it is."""

from typing import Any

from lanpurr.games.gutters.components import CATS, HOMES, OPENINGS
from lanpurr.games.gutters.geometry import slot_index
from lanpurr.games.gutters.render import GLYPHS
from ui.terminal.speech import join_words, tr, tr_n
from ui.terminal.terminal_words import Words

CELL = max(len(name) for name, _ in CATS.values()) + 4
"""Characters per column: room for a cat's whole name and value beside the board."""


def tile_glyph(tile: str, rotation: int) -> str:
    return GLYPHS.get(OPENINGS.get((tile, rotation), 0), "?")


def _slot(view: Any, slot: int) -> str:
    for home, where in zip(HOMES, view.homes, strict=True):
        if where == slot:
            return tr("board.home", home=home)
    for where, token in view.slot_cats:
        if where == slot:
            face = view.cards.face(token)
            if face is None:
                return tr("board.a_cat")
            name, value = CATS[face]
            return f"{name} {value}"
    return ""


def _points(cats: Any, view: Any) -> int:
    faces = (view.cards.face(token) for token in cats)
    return sum(CATS[face][1] for face in faces if face is not None)


def gutters_table(words: Words, view: Any, me: int | None) -> str:
    size = view.size
    if not view.cells:
        return tr("board.laying")
    names = slot_index(size)
    around = {name: _slot(view, index) for name, index in names.items()}
    pad = " " * (CELL + 4)
    lines = [pad + "".join(tr("board.column", n=c + 1).center(CELL) for c in range(size))]
    lines.append(pad + "".join(around[f"T{c}"].center(CELL) for c in range(size)))
    for r in range(size):
        tiles = "".join(tile_glyph(*view.cell(r, c)).center(CELL) for c in range(size))
        left = around[f"L{r}"].rjust(CELL)
        lines.append(f"{left} {r + 1:>2} {tiles} {around[f'R{r}']}".rstrip())
    lines.append(pad + "".join(around[f"B{c}"].center(CELL) for c in range(size)))
    if view.tile_pile:
        top = view.tile_pile[0]
        tiles = tr_n("board.tiles", len(view.tile_pile))
        cats = tr_n("board.cats_face_down", len(view.cat_pile))
        lines.append(tr("board.next_tile", tile=tile_glyph(top, 0), tiles=tiles, cats=cats))
    won = [
        tr(
            "board.won_by",
            name=words.who(seat, me),
            cats=tr_n("board.cats", len(cats)),
            points=tr_n("board.points", _points(cats, view)),
        )
        for seat, cats in enumerate(view.won)
        if cats
    ]
    lines.append(tr("board.cats_won", won=join_words(won) if won else tr("board.none_yet")))
    if view.phase == "over":
        lines.append(tr("board.ended", turn=view.turn))
    else:
        left = tr_n("board.actions_left", view.actions_left)
        if view.active == me:
            lines.append(tr("board.your_turn", turn=view.turn, left=left))
        else:
            name = words.who(view.active, me)
            lines.append(tr("board.plays", turn=view.turn, name=name, left=left))
    return "\n".join(lines)
