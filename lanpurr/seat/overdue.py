"""Who a quiet table waits for, when the fair protocol owes nothing (docs/decisions/0015).

`FairPeer.owed` knows the protocol's messages: keys, seeds, shuffles, shares, secrets. What the
game owes lives in the seat runtime: the turn of the seat to play, a hand the rules turn face
up, and, at a table without turns, the message another seat's move waits for to take its
place. Every honest seat at the same public state names the same seats: all of this is read
from the signed messages alone.
"""

from typing import TYPE_CHECKING

from lanpurr.core.game import Seat
from lanpurr.fair.accusation import AT_ONCE, Accusation
from lanpurr.seat.ordering import LamportOrder

if TYPE_CHECKING:
    from lanpurr.seat.runtime import SeatRuntime

IDLE = "F-IDLE"


def overdue_plays(runtime: "SeatRuntime") -> list[Accusation]:
    """Name every seat the game waits for, with `F-IDLE`; empty when it waits for nobody
    (a table without turns where nobody has moved yet is thinking, not stalled)."""
    return [
        Accusation(seat, IDLE, f"never {what} (timed out)", None, (), AT_ONCE)
        for seat, what in owed_plays(runtime)
    ]


def owed_plays(runtime: "SeatRuntime") -> list[tuple[Seat, str]]:
    """The seats the game waits for, each with what it owes (see `overdue_plays`)."""
    fair = runtime.fair
    if fair is None or fair.phase != "ready" or fair.op is not None or fair.queue:
        return []
    pending = runtime.pending
    if pending is not None and pending.owners:
        return [(pending.owners[0], "showed the hand the rules turn face up")]
    ordering = runtime.ordering
    if isinstance(ordering, LamportOrder):
        waiting = ordering._unplaced()
        if not waiting:
            return []
        move = waiting[0]
        latest = ordering.latest.get(runtime.round, {})
        return [
            (seat, f"sent the message that places seat {move.seat}'s move")
            for seat in range(runtime.spec.seats)
            if seat not in (move.seat, runtime.seat)
            and (latest.get(seat) is None or latest[seat] <= move.key)
        ]
    return [
        (seat, "played its turn")
        for seat in range(runtime.spec.seats)
        if runtime._expects_play(seat)
    ]
