"""What a pass of my seats is told besides the frames (`MySeats.work`), typed, and the one shape of
a seat swap.

A command goes into the game's record as a plain list, so that a restart replays it:

    Act(seat, action)                      ["act", seat, encoded action]
    NextRound()                            ["next"]
    Gone(level, generation, seats, void)   ["gone", level, generation, seats, void]
    TakeSwap(swap)                         ["swap", {"v", "seats", "keys", "round"[, "plays"]}]
    TimeOut()                              ["timeout"]

A record written before a gone laptop's round could be voided whole has four items in "gone"
(`void` False). `Swap` is a seat swap wherever it goes: in a "swap" command, in the acting
host's message to the table (messages.SeatSwap, with the cheat it tells of) and in what a pass
hands back (`PassOutput.swaps`); its plain map is the same in the record and on the wire.
"""

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Swap:
    """Seats given to a bot: the runtimes' new generation, the seats, the bots' keys, the round
    voided, and how many of its plays are kept (its deal counts as one; None: the swap names no
    cut, 0: the round starts again from its deal; lanpurr.seat.restart)."""

    generation: int
    seats: tuple[int, ...]
    keys: tuple[bytes, ...]
    round: int
    plays: int | None = None

    def plain(self) -> dict[str, Any]:
        swap: dict[str, Any] = {
            "v": self.generation,
            "seats": list(self.seats),
            "keys": list(self.keys),
            "round": self.round,
        }
        if self.plays is not None:
            swap["plays"] = self.plays
        return swap

    @classmethod
    def of(cls, plain: Any) -> "Swap":
        """A swap's plain map as this laptop wrote it (its record, its snapshot); ValueError
        if it is not one. Another laptop's swap is checked by messages.parse."""
        if not isinstance(plain, dict):
            raise ValueError("a seat swap is a map")
        seats, keys, plays = plain.get("seats"), plain.get("keys"), plain.get("plays")
        if not (
            type(plain.get("v")) is int
            and type(plain.get("round")) is int
            and isinstance(seats, list)
            and all(type(s) is int for s in seats)
            and isinstance(keys, list)
            and all(isinstance(k, bytes) for k in keys)
            and len(keys) == len(seats)
            and (plays is None or type(plays) is int)
        ):
            raise ValueError("a seat swap names its generation, round, seats and their keys")
        return cls(plain["v"], tuple(seats), tuple(keys), plain["round"], plays)


@dataclass(frozen=True)
class Act:
    """A person's action for their seat (encoded, as lanpurr.core.wire has it)."""

    seat: int
    action: bytes


@dataclass(frozen=True)
class NextRound:
    """A person closed the round's scores: their seat is ready for the next round."""


@dataclass(frozen=True)
class Gone:
    """Doing the host's part: give the seats of a laptop that dropped out to a bot of `level`
    (None: the table's setting does not say; a "normal" bot). `void`: a laptop showed two
    versions of a message in the round, so nothing of it is kept."""

    level: str | None
    generation: int
    seats: tuple[int, ...]
    void: bool = False


@dataclass(frozen=True)
class TakeSwap:
    """The acting host gave seats to a bot: every runtime starts again under its swap."""

    swap: Swap


@dataclass(frozen=True)
class TimeOut:
    """The table's timeout: the seats the round waits for are counted out."""


Command = Act | NextRound | Gone | TakeSwap | TimeOut


def plain(command: Command) -> list[Any]:
    """The list the game's record holds for `command`."""
    if isinstance(command, Act):
        return ["act", command.seat, command.action]
    if isinstance(command, NextRound):
        return ["next"]
    if isinstance(command, Gone):
        return ["gone", command.level, command.generation, list(command.seats), command.void]
    if isinstance(command, TakeSwap):
        return ["swap", command.swap.plain()]
    return ["timeout"]


def command_of(plain: Any) -> Command:
    """A command read back from the game's record (ValueError if it is not one)."""
    if not isinstance(plain, list) or not plain:
        raise ValueError("a command is a list")
    kind, *rest = plain
    if kind == "act" and len(rest) == 2 and type(rest[0]) is int and isinstance(rest[1], bytes):
        return Act(rest[0], rest[1])
    if kind == "next" and not rest:
        return NextRound()
    if kind == "timeout" and not rest:
        return TimeOut()
    if kind == "swap" and len(rest) == 1:
        return TakeSwap(Swap.of(rest[0]))
    if kind == "gone" and len(rest) in (3, 4):
        level, generation, seats, *void = rest
        if (
            (level is None or isinstance(level, str))
            and type(generation) is int
            and isinstance(seats, list)
            and all(type(s) is int for s in seats)
        ):
            return Gone(level, generation, tuple(seats), bool(void and void[0]))
    raise ValueError(f"a command this version does not know ({str(kind)[:20]!r})")
