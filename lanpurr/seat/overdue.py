"""Who a quiet table waits for, when the fair protocol owes nothing (docs/decisions/0015).

`FairPeer.owed` knows the protocol's messages: keys, seeds, shuffles, shares, secrets. What the
game owes is said by the seat runtime (`SeatRuntime.waits_for`): the turn of the seat to play,
a hand the rules turn face up, and, at a table without turns, the message another seat's move
waits for to take its place (the ordering policy's `owed`). Every honest seat at the same
public state names the same seats: all of this is read from the signed messages alone.
"""

from collections.abc import Iterable

from lanpurr.core.game import Seat
from lanpurr.fair.accusation import AT_ONCE, Accusation

IDLE = "F-IDLE"


def idle(owed: Iterable[tuple[Seat, str]]) -> list[Accusation]:
    """Name every seat the game waits for, with `F-IDLE` (empty: it waits for nobody; a table
    without turns where nobody has moved yet is thinking, not stalled)."""
    return [
        Accusation(seat, IDLE, f"never {what} (timed out)", None, (), AT_ONCE)
        for seat, what in owed
    ]
