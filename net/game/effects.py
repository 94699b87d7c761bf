"""What this laptop's game asks of the world (laptop_game.py), as data: the driver (driver.py)
takes each one in turn from `LaptopGame.next_event` and carries it out.
"""

from dataclasses import dataclass
from typing import Any

from net.events import Event


@dataclass(frozen=True)
class Send:
    """A game message to the table (`to`: sealed to that member alone)."""

    data: dict[str, Any]
    to: bytes | None = None


@dataclass(frozen=True)
class Ban:
    """Cut the member `key` off the table for good, for `what` it did (the table's cut-off
    comes back to the game: `LaptopGame.cut_off`)."""

    key: bytes
    what: str


@dataclass(frozen=True)
class HostMoved:
    """The laptop `acting` does the host's part of the game now (the host dropped out)."""

    acting: bytes


@dataclass(frozen=True)
class Show:
    """An event for the player's screen."""

    event: Event


@dataclass(frozen=True)
class Wake:
    """A pass of my seats is due (`LaptopGame.take_pass`)."""


@dataclass(frozen=True)
class Ended:
    """The game ended here (over, stopped or left): nothing more of it is worked."""


Effect = Send | Ban | HostMoved | Show | Wake | Ended
