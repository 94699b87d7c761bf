"""What the three game views wire alike: each hook of `TableView` to the part of the game's
package whose job it is.

A game's view is a package of modules by job (docs/architecture.md): `words.py` says the banner
and the scores of past rounds, `events.py` how each event shows and what is reset once an update
has played, `paint.py` draws the table, `input.py` does what clicks and keys ask. `GameTable`
hands every hook to the function of the same name in those modules, called with the view, so a
game's `view.py` only names its parts (`parts = GameParts(words, events, paint, input)`) and
keeps what is its own: the moves in words (`describe`, whose plural forms need the class's own
`tr()`), and the few hooks one game has and the others do not.
"""

from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from PySide6.QtGui import QKeyEvent, QPainter

from lanpurr.core.game import Event
from ui.tables.canvas import Key
from ui.tables.table_view import TableView


class Words(Protocol):
    def banner(self, view: Any) -> tuple[str, str, bool]: ...

    def score_history(self, view: Any) -> tuple[list[str], list[tuple[str, list[str]]]]: ...


class Events(Protocol):
    def duration_of(self, view: Any, event: Event) -> int: ...

    def before_event(self, view: Any, event: Event) -> None: ...

    def after_update(self, view: Any) -> None: ...


class Paint(Protocol):
    def paint_table(self, view: Any, p: QPainter) -> None: ...


class Input(Protocol):
    def clicked(self, view: Any, key: Key) -> None: ...

    def key_pressed(self, view: Any, event: QKeyEvent) -> bool:
        """Whether the game used the key (if not, the table's own keys get it)."""
        ...


@dataclass(frozen=True)
class GameParts:
    """The modules of a game's view package that fill in the table's hooks."""

    words: Words
    events: Events
    paint: Paint
    input: Input


class GameTable(TableView):
    """Base of a game's view: `TableView`'s hooks answered by the game's `parts`."""

    parts: ClassVar[GameParts]
    """Set by each game's view class (its `view.py`)."""

    def banner(self) -> tuple[str, str, bool]:
        with self.as_settled():
            return self.parts.words.banner(self)

    def score_history(self) -> tuple[list[str], list[tuple[str, list[str]]]]:
        return self.parts.words.score_history(self)

    def duration_of(self, event: Event) -> int:
        return self.parts.events.duration_of(self, event)

    def before_event(self, event: Event) -> None:
        self.parts.events.before_event(self, event)

    def after_update(self) -> None:
        self.parts.events.after_update(self)

    def paint_table(self, p: QPainter) -> None:
        self.parts.paint.paint_table(self, p)

    def clicked(self, key: Key) -> None:
        self.parts.input.clicked(self, key)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.parts.input.key_pressed(self, event):
            super().keyPressEvent(event)
