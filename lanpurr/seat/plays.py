"""What a seat's play carries on the wire, inside the fair table's signed `play` message.

The fair layer turns the listed faces up (every other seat sends its proven share) and checks at
once that the cards turned up are the faces named. The action itself is the engine's, with any
private choice left out (`redact`), so that no secret travels in a message everyone reads.
"""

from dataclasses import dataclass
from typing import Any

from lanpurr.core.cards import Face, Token
from lanpurr.core.game import Seat
from lanpurr.core.wire import wire_type


@wire_type("seat")
@dataclass(frozen=True)
class Played:
    """A seat's action, with the faces of its own cards that the action turns face up."""

    action: Any
    shown: tuple[tuple[Token, Face], ...] = ()


@wire_type("seat")
@dataclass(frozen=True)
class Shown:
    """Hidden cards of `seat` that the rules turn face up now (a round's end, a declaration)."""

    seat: Seat
    shown: tuple[tuple[Token, Face], ...]
