"""The contract every game implements: a pure, deterministic state machine.

A game state is an immutable value. `apply(state, action)` checks the action, decides the
events it produces and folds them into the state with `absorb`. Events are the only way a
state changes, so a peer that sees only some events (the public ones and those addressed to
it) can keep its own *partial* state with the very same `absorb`; `view(state, seat)`
normalises any state, full or partial, to what that seat may see.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from lanpurr.core.options import OptionSpec

Seat = int
CHANCE: Seat = -1
"""The pseudo-seat that supplies randomness (a deal, a shuffle): see `Game.chance_action`."""


class Event:
    """Something that happened. Public unless `audience` names the seats it is addressed to."""

    @property
    def audience(self) -> tuple[Seat, ...] | None:
        return None


S = TypeVar("S")


@dataclass(frozen=True)
class Step(Generic[S]):
    state: S
    events: tuple[Event, ...]


class Game(Protocol[S]):
    id: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]]

    def new_state(self, players: int, options: Mapping[str, str]) -> S:
        """The public state before any randomness: every peer computes the same one."""
        ...

    def to_act(self, state: S) -> frozenset[Seat]:
        """Seats that may act now; `{CHANCE}` when the game waits for randomness."""
        ...

    def chance_action(self, state: S, seed: bytes) -> Any:
        """The random step the game waits for, drawn from `seed` (32 bytes of joint randomness)."""
        ...

    def legal_actions(self, state: S, seat: Seat) -> Sequence[Any]:
        """Every action `seat` may take now. Works on a partial state for the seat it belongs to."""
        ...

    def apply(self, state: S, action: Any) -> Step[S]:
        """The new state and its events; raises RuleViolation (naming the rule) if illegal."""
        ...

    def absorb(self, state: S, event: Event) -> S:
        """Fold one event into a state, full or partial."""
        ...

    def view(self, state: S, seat: Seat) -> S:
        """What `seat` may see of `state`, as a partial state of the same type."""
        ...

    def is_over(self, state: S) -> bool: ...
