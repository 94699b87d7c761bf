"""No sin mi gato (gutters) at a networked table: a face-down cat pile that nobody is dealt.

- The 15 cats are a masked deck dealt to nobody: pile position i is deck slot i, in the order of
  the engine's `CatsShuffled` tokens. Nobody, the seat that shuffled last included, knows a cat
  before every seat has published its share for it.
- The set-up (G-4) is one chance action drawn from the round's joint seed (`SetUpTable`): the
  cat shuffle, the tile deal (again while a cat is connected, G-4.5) and the first player. The
  tiles and the first player are public; the first two cats it turns up (G-4.4) are the masked
  pile's slots 0 and 1, revealed to everyone before the set-up is applied.
- A rotation or an insertion can win cats, and each cat won turns up the pile's top cat
  (G-7.3). `turns_up` tells the runtime which pile cards an action turns face up, so every seat
  reveals those slots first and then applies the action with their faces known to all.
- There are no hands and no private choices: nothing else is hidden, nothing is redacted.
- When a laptop goes mid-round, the round goes on from its public state (`public_part`): the
  board, the tile pile, the cats on the slots and the cats won stay. The cats still face down
  were masked under the gone key share, so the restart masks those faces afresh and every seat
  that stays shuffles them again (`ShuffleLeftCats`, a deck of the cats not yet turned up).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from lanpurr.core.cards import Cards, Face, Token
from lanpurr.core.errors import RuleViolation
from lanpurr.core.events import FacesShown
from lanpurr.core.game import Event, Game, Seat, Step
from lanpurr.core.rng import derive
from lanpurr.games.gutters.actions import ShuffleCats
from lanpurr.games.gutters.components import CAT_IDS, cat_value
from lanpurr.games.gutters.engine import GuttersGame
from lanpurr.games.gutters.events import CatsShuffled, CatTurnedUp
from lanpurr.games.gutters.state import GuttersState
from lanpurr.seat.layer import Opening, SecretMove

DECK_ID = "gutters/cats"
LEFT_DECK_ID = "gutters/cats-left"
STAND_IN_DECK_ID = "gutters/stand-in"
"""A restart with no cat face down still plays a round of the masked-deck protocol, which needs
a deck: one card nobody is dealt and nothing ever turns up."""


@dataclass(frozen=True)
class SetUpTable:
    """Every chance step of the set-up (G-4), drawn from the round's joint seed."""

    seed: bytes


@dataclass(frozen=True)
class ShuffleLeftCats:
    """A restart's opening (a laptop gone mid-round): the face-down cats are shuffled again by
    the seats that stay; nothing public changes. `seed` is the restart's joint seed, which
    decides nothing here (the masked deck's shuffles decide the new order)."""

    seed: bytes


class NetworkGutters(GuttersGame):
    """The engine, plus the one chance action a networked game starts with.

    The engine's own cat shuffle decides no face here: a cat the state already knows when the
    set-up applies (the masked pile turned it up) is the cat the set-up turns up; the other
    faces of the pile stay the engine's guess, which only the audit's full state overwrites."""

    def apply(self, state: GuttersState, action: Any) -> Step[GuttersState]:
        if isinstance(action, ShuffleLeftCats):
            if state.phase not in KEPT_PHASES:
                raise RuleViolation("G-4.1", "the face-down cats are shuffled again only mid-game")
            return Step(state, ())
        if not isinstance(action, SetUpTable):
            return super().apply(state, action)
        known = dict(state.cards.faces)
        events: list[Event] = []
        drawn = 0
        while state.phase in ("shuffle", "deal", "first"):
            chance = self.chance_action(state, derive(action.seed, "chance", drawn))
            drawn += 1
            step = super().apply(_without(state, known), chance)
            if isinstance(chance, ShuffleCats):
                step_events = _as_turned_up(step.events, known)
            else:
                step_events = list(step.events)
            for event in step_events:
                state = self.absorb(state, event)
            events.extend(step_events)
        return Step(state, tuple(events))


def _without(state: GuttersState, known: Mapping[Token, Face]) -> GuttersState:
    """The state as the engine's own shuffle expects it: no face of the cats to come."""
    if not known or state.phase != "shuffle":
        return state
    cards = state.cards
    faces = {t: f for t, f in cards.faces.items() if t not in known}
    seen_by = {t: s for t, s in cards.seen_by.items() if t not in known}
    return replace(state, cards=Cards(faces, seen_by, cards.next_token))


def _as_turned_up(events: Sequence[Event], known: Mapping[Token, Face]) -> list[Event]:
    """The shuffle's events with the cats the masked pile turned up in place of the engine's."""
    shuffled = next(e for e in events if isinstance(e, FacesShown))
    rest = iter(f for _, f in shuffled.faces if f not in known.values())
    faces = {t: known[t] if t in known else next(rest) for t, _ in shuffled.faces}
    out: list[Event] = []
    for event in events:
        if isinstance(event, FacesShown):
            event = FacesShown(tuple((t, faces[t]) for t, _ in event.faces), event.to)
        elif isinstance(event, CatTurnedUp):
            event = replace(event, cat=faces[event.token])
        out.append(event)
    return out


GAME = NetworkGutters()
KEPT_PHASES = ("play", "over")
"""A round in these phases goes on after a drop-out from its public state (set-up: again)."""


class GuttersLayer:
    game: Game[Any] = GAME
    deals_hands = False
    cancels_offers = False

    def __init__(self) -> None:
        self.seed = b""

    def new_state(self, players: int, options: Mapping[str, str]) -> GuttersState:
        return GAME.new_state(players, options)

    def deck(self, state: GuttersState, table: bytes) -> tuple[str, tuple[Face, ...]]:
        if state.phase in KEPT_PHASES:
            left = _cats_face_down(state)
            return (LEFT_DECK_ID, left) if left else (STAND_IN_DECK_ID, CAT_IDS[:1])
        return DECK_ID, CAT_IDS

    def opening(self, state: GuttersState, seed: bytes) -> Opening:
        self.seed = seed
        if state.phase in KEPT_PHASES:
            # A restart mid-game: pile position i is deck slot i, as at the set-up (no cat face
            # down: the stand-in gets a token nothing in the game ever names).
            pile = state.cat_pile or (state.cards.next_token,)
            return Opening(ShuffleLeftCats(seed), tuple((t, None) for t in pile))
        step = GAME.apply(state, SetUpTable(seed))
        shuffled = next(e for e in step.events if isinstance(e, CatsShuffled))
        return Opening(SetUpTable(seed), tuple((t, None) for t in shuffled.tokens))

    def hidden_tokens(self, state: GuttersState) -> Sequence[Token]:
        return state.cat_pile

    def redact(self, action: Any) -> Any:
        return action

    def secret_moves(self, state: GuttersState, action: Any, me: Seat | None) -> list[SecretMove]:
        return []

    def complete(
        self, state: GuttersState, action: Any, moved: Sequence[Face | None], me: Seat | None
    ) -> tuple[GuttersState, Any]:
        return state, action

    def revealed_by_rules(self, state: GuttersState) -> list[Seat]:
        return []  # no hands: only the pile is hidden, and `turns_up` names what it shows

    def turns_up(self, state: GuttersState, action: Any) -> list[Token]:
        """The face-down cats `action` turns face up (G-4.4, G-7.3), pile top first.

        The engine decides, on the seat's state with the unseen cats standing in for the
        pile in any order (how many cats turn up never depends on their faces)."""
        trial = _with_unseen_pile(state)
        try:
            step = GAME.apply(trial, action)
        except RuleViolation:
            return []  # refused where it applies, with the rule's message
        return [
            e.token
            for e in step.events
            if isinstance(e, CatTurnedUp) and state.cards.face(e.token) is None
        ]

    def takes(
        self, before: GuttersState, action: Any, events: Sequence[Any]
    ) -> list[tuple[Face, Seat]]:
        return []

    def named_faces(self, action: Any) -> Sequence[tuple[Token, Face]]:
        return []

    def public_part(self, state: GuttersState) -> GuttersState | None:
        """The board, the tile pile, the cats on the slots and those won, whose turn and how
        many actions are left; the pile's tokens without faces. None during the set-up."""
        if state.phase not in KEPT_PHASES:
            return None
        return GAME.view(state, -1)

    def face_up(self, state: GuttersState) -> tuple[Face, ...]:
        return ()  # (a cat turned up never goes back into anything masked)

    def round_over(self, state: GuttersState) -> bool:
        return state.phase == "over"

    def scores(self, state: GuttersState) -> list[int]:
        """G-8.2: each seat's cats (in co-op the group's cats, held by whoever won them)."""
        return [sum(cat_value(f) for f in state.won_faces(seat)) for seat in range(state.players)]


def _cats_face_down(state: GuttersState) -> tuple[Face, ...]:
    """The faces of the cats not turned up yet: public, since every other cat is face up."""
    shown = set(state.cards.as_seen_by(-1).faces.values())
    left = tuple(c for c in CAT_IDS if c not in shown)
    if len(left) != len(state.cat_pile):
        raise RuleViolation("G-10", f"{len(state.cat_pile)} cats face down, but {len(left)} unseen")
    return left


def _with_unseen_pile(state: GuttersState) -> GuttersState:
    cards = state.cards
    seen = set(cards.faces.values())
    unseen = iter(c for c in CAT_IDS if c not in seen)
    guesses = [(t, next(unseen)) for t in state.cat_pile if t not in cards.faces]
    if not guesses:
        return state
    return replace(state, cards=cards.show(guesses, to=()))
