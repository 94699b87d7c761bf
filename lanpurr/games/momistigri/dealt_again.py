"""A round dealt again where it stands: what a round under way keeps when its hands cannot be
opened any more (a laptop gone with its key share, docs/fair-play.md "What a drop-out keeps").

Not a rule of the printed game. The cards in hands are a public multiset, the round's deck
(M-2.7) minus the pile, every card of which is face up (M-11.1); they are shuffled and dealt
again, each hand as big as it was, so who is out stays out (M-7.2) and nobody's hand size
changes. Everything else stays: the pile, the scores, the direction, the help cards, whose turn
it is and what that turn waits for, the pending effect. A 2+2 card designated before (M-6.3)
went with its hand: its owner designates one again from the hand dealt now, before the draw it
binds.
"""

from lanpurr.core.cards import Face
from lanpurr.core.errors import RuleViolation
from lanpurr.core.events import FacesShown
from lanpurr.core.rng import derive, rng_from
from lanpurr.games.momistigri import events as ev
from lanpurr.games.momistigri.actions import DealAgain
from lanpurr.games.momistigri.deck import deck_for
from lanpurr.games.momistigri.flow import Table
from lanpurr.games.momistigri.state import DESIGNATE, DISCARD, DRAW, GIVE, HAND_OUT, SWAP, State

UNDER_WAY = (DRAW, SWAP, DISCARD, DESIGNATE, GIVE, HAND_OUT)
"""The phases of a round under way, which a round dealt again goes on from."""


def cards_in_hands(state: State) -> tuple[Face, ...]:
    """The faces of every card in a hand, in the deck's order: the round's deck minus the pile
    (M-11.1). Public: every pile card is face up."""
    on_pile = set()
    for token in state.pile:
        face = state.cards.face(token)
        if face is None:
            raise RuleViolation("M-1.5", f"pile card {token} is not face up")
        on_pile.add(face)
    return tuple(face for face in deck_for(state.players) if face not in on_pile)


def deal_again(table: Table, action: DealAgain) -> None:
    state = table.state
    if state.phase not in UNDER_WAY:
        raise RuleViolation("M-4.3", "only a round under way is dealt again where it stands")
    if not isinstance(action.seed, bytes) or len(action.seed) != 32:
        raise RuleViolation("M-4.3", "a deal needs a seed of exactly 32 bytes")
    faces = list(cards_in_hands(state))
    sizes = [len(hand) for hand in state.hands]
    if sum(sizes) != len(faces):
        raise RuleViolation(
            "M-11.1", f"{sum(sizes)} cards in hands, but {len(faces)} cards are not on the pile"
        )
    table.emit(ev.DrawOrderSecret(derive(action.seed, "draw order")))
    rng_from(action.seed, "deal").shuffle(faces)
    first = state.cards.next_token
    hands: list[tuple[int, ...]] = []
    for size in sizes:
        hands.append(tuple(range(first, first + size)))
        first += size
    table.emit(ev.HandsDealtAgain(state.round, tuple(hands)))
    dealt = iter(faces)
    for seat, hand in enumerate(hands):
        if hand:
            table.emit(FacesShown(tuple((t, next(dealt)) for t in hand), to=(seat,)))
