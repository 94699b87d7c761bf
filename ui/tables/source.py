"""What a table view is fed with, wherever the game runs.

A view never touches the full state. It receives `TableUpdate`s — the events addressed to its
seat, each with the seat's view right after it — and sends the actions of its player back. The
local controller (bots on this laptop) provides this today; a network peer can provide the very
same later.
"""

from typing import Any, Protocol

from lanpurr.core.game import Game, Seat
from lanpurr.seat.table import TableStep, TableUpdate

__all__ = ["TableSource", "TableStep", "TableUpdate"]


class TableSource(Protocol):
    """The controller side of a table, as a view uses it."""

    game: Game[Any]
    seat: Seat
    names: tuple[str, ...]

    def current_view(self) -> Any: ...

    def submit(self, action: Any) -> str | None:
        """Play `action` for this seat; returns None, or why it was refused (a rule message)."""
        ...
