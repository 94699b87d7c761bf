"""Events every game shares, and the routing of events to seats."""

from collections.abc import Iterable
from dataclasses import dataclass

from lanpurr.core.cards import Face, Token
from lanpurr.core.game import Event, Seat
from lanpurr.core.wire import wire_type


@wire_type("core")
@dataclass(frozen=True)
class FacesShown(Event):
    """Faces of tokens shown to some seats (`to`), to nobody (`()`: only the full state, the
    table's secret, records them), or to everyone (`to is None`: turned face up)."""

    faces: tuple[tuple[Token, Face], ...]
    to: tuple[Seat, ...] | None

    @property
    def audience(self) -> tuple[Seat, ...] | None:
        return self.to


def events_for(events: Iterable[Event], seat: Seat) -> list[Event]:
    """The events a seat receives: the public ones and those addressed to it."""
    return [e for e in events if e.audience is None or seat in e.audience]
