"""What one seat may know of a state (M-10), as a partial state of the same type."""

from dataclasses import replace

from lanpurr.core.game import Seat
from lanpurr.games.momistigri.state import State


def view(state: State, seat: Seat) -> State:
    """Only the faces shown to `seat`, no table secret, and the 2+2 card only for its owner.
    The result depends on what `seat` knows, not on how it learned it."""
    pending = state.pending
    if pending is not None and pending.owner != seat and pending.designated is not None:
        pending = replace(pending, designated=None)
    return state.evolve(cards=state.cards.as_seen_by(seat), secret=b"", pending=pending)
