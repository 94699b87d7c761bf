"""A full state and one replica per seat, kept side by side.

Each replica is fed only what its seat receives (`events_for`) and folded with the game's own
`absorb`. This is how a peer follows a table, and how tests prove that partial knowledge is
enough: after every step `view(replica, seat) == view(full, seat)`.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from lanpurr.core.events import events_for
from lanpurr.core.game import Event, Game, Seat

S = TypeVar("S")


class ReplicaMismatch(AssertionError):
    """A seat's replica no longer shows what the full state lets that seat see."""


@dataclass
class Replicas(Generic[S]):
    game: Game[S]
    full: S
    replicas: list[S]

    @classmethod
    def start(
        cls, game: Game[S], players: int, options: dict[str, str] | None = None
    ) -> "Replicas[S]":
        state = game.new_state(players, options or {})
        return cls(game, state, [state] * players)

    def apply(self, action: Any) -> tuple[Event, ...]:
        step = self.game.apply(self.full, action)
        self.full = step.state
        self.deliver(step.events)
        return step.events

    def deliver(self, events: Sequence[Event]) -> None:
        for seat, replica in enumerate(self.replicas):
            for event in events_for(events, seat):
                replica = self.game.absorb(replica, event)
            self.replicas[seat] = replica

    def check(self) -> None:
        """Raise ReplicaMismatch naming the first seat whose replica diverged."""
        for seat, replica in enumerate(self.replicas):
            expected = self.game.view(self.full, seat)
            got = self.game.view(replica, seat)
            if got != expected:
                raise ReplicaMismatch(
                    f"seat {seat}'s replica diverged:\n  replica view: {got!r}\n"
                    f"  full view:    {expected!r}"
                )

    def seat_view(self, seat: Seat) -> S:
        return self.game.view(self.replicas[seat], seat)
