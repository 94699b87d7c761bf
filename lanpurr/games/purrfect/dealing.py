"""Randomness from chance actions: the meow key (P-3.2), the cats in play (P-3.3), the deal
(P-4.1). Each draw depends only on its 32-byte seed, so every peer computes the same one."""

from lanpurr.core.errors import RuleViolation
from lanpurr.core.events import FacesShown
from lanpurr.core.game import Event
from lanpurr.core.rng import rng_from
from lanpurr.games.purrfect.cats import CAT_NAMES, HAND_SIZE, faces_of
from lanpurr.games.purrfect.events import CatsChosen, MeowKeyDrawn, RoundDealt
from lanpurr.games.purrfect.meows import KEY_SIZE, MEOW_WORDS
from lanpurr.games.purrfect.state import PurrfectState

SEED_BYTES = 32


def _check_seed(rule: str, seed: bytes) -> None:
    if not isinstance(seed, bytes) or len(seed) != SEED_BYTES:
        raise RuleViolation(
            rule, f"a joint draw needs {SEED_BYTES} bytes of joint randomness, got {seed!r}"
        )


def draw_meow_key(state: PurrfectState, seed: bytes) -> tuple[Event, ...]:
    """P-3.2: four different words; the first drawn means 1, the fourth means 4."""
    _check_seed("P-3.2", seed)
    words = tuple(rng_from(seed, "purrfect.meow_key").sample(MEOW_WORDS, KEY_SIZE))
    return (MeowKeyDrawn(words),)


def draw_cats(state: PurrfectState, seed: bytes) -> tuple[Event, ...]:
    """P-3.3: one cat per player, kept in table order."""
    _check_seed("P-3.3", seed)
    drawn = set(rng_from(seed, "purrfect.cats").sample(CAT_NAMES, state.players))
    return (CatsChosen(tuple(c for c in CAT_NAMES if c in drawn)),)


def deal_round(state: PurrfectState, seed: bytes) -> tuple[Event, ...]:
    """P-4.1: shuffle the 9n cards of the cats in play; each seat sees only its own nine."""
    _check_seed("P-4.1", seed)
    deck = [face for cat in state.cats for face in faces_of(cat)]
    rng_from(seed, "purrfect.deal", state.round + 1).shuffle(deck)
    _, tokens = state.cards.issue(len(deck))
    hands = tuple(
        tokens[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(state.players)
    )
    private: list[Event] = [
        FacesShown(
            tuple(zip(hands[seat], deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE], strict=True)),
            to=(seat,),
        )
        for seat in range(state.players)
    ]
    return (RoundDealt(state.round + 1, hands), *private)
