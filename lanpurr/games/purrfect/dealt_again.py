"""A round dealt again where it stands: what a round under way keeps when its hands cannot be
opened any more (a laptop gone with its key share, docs/fair-play.md "What a drop-out keeps").

Not a rule of the printed game. Which cards are in hands is public: all 9n cards of the cats in
play (P-11.2); which hand holds which is not, so every hand is dealt again, nine cards each
(P-4.1), the players' own too. Open offers and pending acceptances name cards of the old hands:
they are cancelled and rejected, as at a round's end (P-8.1), their cards going with the hands.
Everything else stays: the round's number, the meow key and the cats in play (P-3.2, P-3.3),
the pawprints of the rounds before, and the offers' numbering.
"""

from lanpurr.core.errors import RuleViolation
from lanpurr.core.events import FacesShown
from lanpurr.core.game import Event
from lanpurr.core.rng import rng_from
from lanpurr.games.purrfect.actions import DealAgain
from lanpurr.games.purrfect.cats import HAND_SIZE, faces_of
from lanpurr.games.purrfect.dealing import SEED_BYTES
from lanpurr.games.purrfect.events import AcceptanceRejected, HandsDealtAgain, OfferCancelled
from lanpurr.games.purrfect.state import PurrfectState


def deal_again(state: PurrfectState, action: DealAgain) -> tuple[Event, ...]:
    if state.phase != "round":
        raise RuleViolation("P-4.1", "only a round under way is dealt again where it stands")
    if not isinstance(action.seed, bytes) or len(action.seed) != SEED_BYTES:
        raise RuleViolation("P-4.1", f"a deal needs a seed of exactly {SEED_BYTES} bytes")
    cancelled = tuple(OfferCancelled(o.offer_id, o.seat) for o in state.offers)
    rejected = tuple(
        AcceptanceRejected(a.offer_id, a.seat, "dealt_again") for a in state.acceptances
    )
    deck = [face for cat in state.cats for face in faces_of(cat)]
    rng_from(action.seed, "purrfect.deal_again", state.round).shuffle(deck)
    _, tokens = state.cards.issue(len(deck))
    hands = tuple(
        tokens[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(state.players)
    )
    private = tuple(
        FacesShown(
            tuple(zip(hands[seat], deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE], strict=True)),
            to=(seat,),
        )
        for seat in range(state.players)
    )
    return (*cancelled, *rejected, HandsDealtAgain(state.round, hands), *private)
