"""What one seat may see (P-10): the same state with only the faces shown to that seat."""

from lanpurr.core.copies import replace
from lanpurr.games.purrfect.state import PurrfectState, Seat


def view(state: PurrfectState, seat: Seat) -> PurrfectState:
    # Everything but the faces is public: hands as token lists (so the count of 9), offers
    # with their sizes, acceptances, the meow key, the cats in play and the totals.
    return replace(state, cards=state.cards.as_seen_by(seat))
