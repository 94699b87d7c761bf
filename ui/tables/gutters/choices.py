"""The No sin mi gato table as my seat sees it, and what I may do now.

`GuttersChoices` holds what the view remembers between updates (the rotation chosen for the top
tile, the tile whose rotate menu is open, the hovered arrow, the lit path, the result) and answers
from it whether it is my turn and what a push would do. The view (`view.py`) adds the painting,
layout and input of the other modules of this package, which all take it as `view`.
"""

from PySide6.QtCore import QPointF, Qt

from lanpurr.games.gutters.events import GameEnded
from lanpurr.games.gutters.geometry import Push, pushes
from lanpurr.games.gutters.state import GuttersState
from ui.tables.game_table import GameTable
from ui.tables.source import TableSource


class GuttersChoices(GameTable):
    def __init__(self, source: TableSource) -> None:
        super().__init__(source)
        self.pile_rotation = 0
        """The rotation chosen for the top tile before pushing it (G-5.3 step 1)."""
        self.rotating: tuple[int, int] | None = None
        """The board cell whose rotate menu is open."""
        self.hover_slot: int | None = None
        self.lit_path: tuple[tuple[int, int], ...] = ()
        self.walk: tuple[QPointF, ...] = ()
        self.result: GameEnded | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def my_turn(self) -> bool:
        s: GuttersState = self.state
        return s.phase == "play" and s.active == self.seat and self.result is None

    def push_of(self, slot: int) -> Push:
        return pushes(self.state.size)[slot]

    def preview(self) -> tuple[tuple[tuple[int, int], tuple[str, int]], ...]:
        """The line a push from the hovered arrow would leave, cell by cell (empty: no hover)."""
        if self.hover_slot is None:
            return ()
        s: GuttersState = self.state
        push = self.push_of(self.hover_slot)
        line = [s.cell(r, c) for r, c in push.cells]
        # G-5.3: the tile at `out` leaves, the others move one cell toward it, the new one enters.
        moved = [(s.tile_pile[0], self.pile_rotation), *line[:-1]]
        return tuple(zip(push.cells, moved, strict=True))

    def points_and_cats(self, score: int, cats: int) -> str:
        """ "12 pts · 3 cats". Said by the view class (`view.py`): a string with plural forms must
        be asked through the class's own `tr()` for lupdate to see its forms."""
        raise NotImplementedError
