"""What a table view is fed with, wherever the game runs.

A view never touches the full state. It receives `TableUpdate`s — the events addressed to its
seat, each with the seat's view right after it — and sends the actions of its player back. The
local controller (bots on this laptop) provides this today; a network peer can provide the very
same later.
"""

from dataclasses import dataclass
from typing import Any, Protocol

from lanpurr.core.game import Event, Game, Seat


@dataclass(frozen=True)
class TableStep:
    """One event this seat received, and what the seat sees once it has happened."""

    event: Event
    view: Any


@dataclass(frozen=True)
class TableUpdate:
    """The outcome of one action: the steps to animate, in order, and the view at the end."""

    steps: tuple[TableStep, ...]
    view: Any


class TableSource(Protocol):
    """The controller side of a table, as a view uses it."""

    game: Game[Any]
    seat: Seat
    names: tuple[str, ...]

    def current_view(self) -> Any: ...

    def submit(self, action: Any) -> str | None:
        """Play `action` for this seat; returns None, or why it was refused (a rule message)."""
        ...
