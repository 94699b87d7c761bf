"""The No sin mi gato table: the board, cats and homes in the slots, arrows to push the top tile.

Click a tile to rotate it (a small menu offers 90°, 180° and 270°). Hover an arrow to see a ghost
of the push; click it to push. The top tile of the pile can be turned before pushing.

`GuttersTable` names the parts of this package for `GameTable` (ui/tables/game_table.py), which
answers the hooks of `TableView` with them; the class itself says only what is this game's own:

- `choices.py`     what I may do now (the base class: the view's memory, my turn, a push's preview)
- `words.py`       what the table says (banner, ratings, score rows); the moves in words are
                   `describe` here, beside the strings with plural forms that need the class's tr()
- `events.py`      how game events show (durations, the lit path, the walk home, the result)
- `layout.py`      where the board's cells, the slots and the push arrows sit
- `paint.py`       painting the board (with `paint_side.py` for the side panel and the result)
- `input.py`       what the mouse and keys do
- `coach.py`       the Learn-to-play hints for a first game (ui/tables/tutorial.py)
"""

from PySide6.QtGui import QMouseEvent

from lanpurr.core.game import Event
from lanpurr.games.gutters.components import CATS
from lanpurr.games.gutters.events import CatWon, HomeMoved, TilePushed, TileRotated
from ui.tables.game_table import GameParts
from ui.tables.gutters import events, input, paint, words
from ui.tables.gutters.choices import GuttersChoices


class GuttersTable(GuttersChoices):
    parts = GameParts(words, events, paint, input)

    def describe(self, event: Event) -> str | None:
        """The move in words, for the log and the animation's caption."""
        n = self.names
        # My own moves in the first person: "You" is not a name every language can conjugate.
        mine = getattr(event, "seat", None) == self.seat
        if isinstance(event, TilePushed):
            if mine:
                return self.tr("You pushed a tile in.")
            return self.tr("{name} pushed a tile in.").format(name=n[event.seat])
        if isinstance(event, TileRotated):
            if mine:
                return self.tr("You turned a tile.")
            return self.tr("{name} turned a tile.").format(name=n[event.seat])
        if isinstance(event, CatWon):
            cat = CATS.get(event.cat, (event.cat, 0))[0]  # its name, not its id
            if mine:
                return self.tr("You led {cat} home!").format(cat=cat)
            return self.tr("{name} led {cat} home!").format(name=n[event.seat], cat=cat)
        if isinstance(event, HomeMoved):
            return self.tr("A home moved along the roof.")
        return None

    def points_and_cats(self, score: int, cats: int) -> str:
        return self.tr("%n pts", "", score) + " · " + self.tr("%n cats", "", cats)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        input.mouse_moved(self, event)
