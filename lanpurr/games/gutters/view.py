"""What a seat may see (G-10): everything on the table, but not the faces of the cat pile."""

from lanpurr.core.copies import replace
from lanpurr.core.game import Seat
from lanpurr.games.gutters.state import GuttersState


def seat_view(state: GuttersState, seat: Seat) -> GuttersState:
    """The tiles, the tile pile, the slots and the cats won are public; the pile's faces were
    shown to nobody, so `as_seen_by` drops them, whichever way this state learnt them."""
    return replace(state, cards=state.cards.as_seen_by(seat))
