"""What the network layer tells its user (the app, the CLI, a bot): plain frozen dataclasses.

The app receives them in its own thread and re-emits them as Qt signals; the CLI prints them.
"""

from dataclasses import dataclass
from typing import Any

from net.discovery import Listing, TableFound, TableLost, TableUpdated
from net.table import TableState


@dataclass(frozen=True)
class TableStateChanged:
    state: TableState


@dataclass(frozen=True)
class PeerWaiting:
    """A player's connection is lost; their seat is kept for `seconds_left` more seconds."""

    name: str
    seconds_left: int

    def __str__(self) -> str:
        minutes, seconds = divmod(max(self.seconds_left, 0), 60)
        return f"waiting for {self.name} (reconnecting, {minutes}:{seconds:02d} left)"


@dataclass(frozen=True)
class PeerBack:
    name: str


@dataclass(frozen=True)
class PeerGone:
    """A player did not come back within the grace period."""

    name: str


@dataclass(frozen=True)
class PeerLeft:
    name: str


@dataclass(frozen=True)
class JoinRefused:
    reason: str


@dataclass(frozen=True)
class RequestRefused:
    """The host turned down one of my requests (take a seat, start, ...)."""

    reason: str


@dataclass(frozen=True)
class TableClosed:
    reason: str


@dataclass(frozen=True)
class MessageReceived:
    sender: bytes
    name: str
    seq: int
    data: Any
    private: bool
    replayed: bool
    """True for messages re-read from this peer's own journal after a restart."""


@dataclass(frozen=True)
class MessageRefused:
    """A peer sent something that breaks the rules; its connection was closed."""

    name: str
    reason: str


Event = (
    TableFound
    | TableUpdated
    | TableLost
    | TableStateChanged
    | PeerWaiting
    | PeerBack
    | PeerGone
    | PeerLeft
    | JoinRefused
    | RequestRefused
    | TableClosed
    | MessageReceived
    | MessageRefused
)

__all__ = ["Event", "Listing", "TableFound", "TableLost", "TableUpdated"]
