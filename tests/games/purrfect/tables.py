"""Tables set up by hand for rule tests: chosen hands, dealt through the engine's own events.

A test names the cards that matter for each seat; the rest of every hand is filled with the
remaining cards of the cats in play, so every table is a legal deal of 9n cards.
"""

from collections.abc import Mapping, Sequence
from dataclasses import replace

from lanpurr.core.cards import Token
from lanpurr.core.errors import RuleViolation
from lanpurr.core.events import FacesShown
from lanpurr.core.game import Event
from lanpurr.core.replicas import Replicas
from lanpurr.games.purrfect import GAME, PurrfectState
from lanpurr.games.purrfect.cats import CAT_NAMES, cat_of, faces_of
from lanpurr.games.purrfect.events import CatsChosen, MeowKeyDrawn, RoundDealt

KEY = ("Nyan", "Mjau", "Meong", "Mraaoo")  # the meow key of P-12.1
ANA, BEN, CLEO, DAN, EVA = range(5)


def deal_events(
    players: int, wanted: Mapping[int, Sequence[str]], cats: Sequence[str] | None = None
) -> tuple[Event, ...]:
    named = [f for faces in wanted.values() for f in faces]
    if cats is None:
        cats = sorted({cat_of(f) for f in named}, key=CAT_NAMES.index)
        for extra in CAT_NAMES:
            if len(cats) >= players:
                break
            if extra not in cats:
                cats.append(extra)
    assert len(cats) == players and len(set(named)) == len(named)
    # Spare cards pose by pose, so that filled-in hands mix cats and are never purrfect.
    spare = [f for pose in range(9) for cat in cats if (f := faces_of(cat)[pose]) not in named]
    hands: list[list[str]] = []
    for seat in range(players):
        hand = list(wanted.get(seat, ()))
        while len(hand) < 9:
            hand.append(spare.pop(0))
        hands.append(hand)
    tokens = tuple(tuple(range(9 * s, 9 * s + 9)) for s in range(players))
    private = [
        FacesShown(tuple(zip(tokens[s], hands[s], strict=True)), to=(s,)) for s in range(players)
    ]
    return (
        MeowKeyDrawn(KEY),
        CatsChosen(tuple(c for c in CAT_NAMES if c in cats)),
        RoundDealt(1, tokens),
        *private,
    )


def table(
    wanted: Mapping[int, Sequence[str]],
    players: int = 5,
    cats: Sequence[str] | None = None,
    totals: Sequence[int] | None = None,
) -> Replicas[PurrfectState]:
    """A full state and one replica per seat, mid-round with the wanted cards in hand."""
    options = {"allow_three": "on"} if players == 3 else {}
    tables = Replicas.start(GAME, players, options)
    events = deal_events(players, wanted, cats)
    for event in events:
        tables.full = GAME.absorb(tables.full, event)
    tables.deliver(events)
    if totals is not None:
        tables.full = replace(tables.full, totals=tuple(totals))
        tables.replicas = [replace(r, totals=tuple(totals)) for r in tables.replicas]
    return tables


def token(state: PurrfectState, seat: int, face: str) -> Token:
    """The token of a face in a seat's hand (the state must know that face)."""
    found = [t for t in state.hands[seat] if state.cards.face(t) == face]
    assert found, f"seat {seat} does not hold {face}"
    return found[0]


def tokens(state: PurrfectState, seat: int, *faces: str) -> tuple[Token, ...]:
    return tuple(token(state, seat, f) for f in faces)


def faces(state: PurrfectState, seat: int) -> list[str]:
    return sorted(state.cards.face(t) or "?" for t in state.hands[seat])


def cats_held(state: PurrfectState, seat: int) -> dict[str, int]:
    return dict(state.hand_cats(seat))


def refused(state: PurrfectState, action: object, rule: str) -> str:
    """Apply an illegal action: it must raise naming `rule` and leave the state as it was."""
    snapshot = replace(state)
    try:
        GAME.apply(state, action)
    except RuleViolation as error:
        assert error.rule == rule, f"expected {rule}, got {error}"
        assert state == snapshot
        return error.message
    raise AssertionError(f"{action!r} was accepted; it breaks {rule}")
