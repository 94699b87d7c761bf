"""What a player asks of the table, as typed commands: the one way the app's and the terminal's
buttons reach a `TableSession` (`TableSession.command`). Each becomes a signed request to the
host, or the host's own change of the table's state; a refusal comes back as an event."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Sit:
    seat: int


@dataclass(frozen=True)
class Ready:
    ready: bool = True


@dataclass(frozen=True)
class AddBot:
    """A bot in `seat` that this laptop runs, at `level`."""

    seat: int
    level: str = "normal"


@dataclass(frozen=True)
class RemoveBot:
    seat: int


@dataclass(frozen=True)
class Remove:
    """The host removes a player from the table."""

    key: bytes


@dataclass(frozen=True)
class Start:
    pass


@dataclass(frozen=True)
class Again:
    """After a game, the host opens the same table for another one."""


TableCommand = Sit | Ready | AddBot | RemoveBot | Remove | Start | Again
