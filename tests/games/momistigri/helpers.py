"""Building Momistigri tables by hand, and playing whole games with replicas."""

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from lanpurr.core import CHANCE, Cards, Event, RuleViolation
from lanpurr.core.game import Step
from lanpurr.core.replicas import Replicas
from lanpurr.core.rng import derive, rng_from
from lanpurr.games.momistigri import GAME, State, check_invariants, render
from lanpurr.games.momistigri.actions import DiscardPair, Draw
from lanpurr.games.momistigri.bots import BOTS
from lanpurr.games.momistigri.state import DISCARD, Pending

SECRET = bytes(range(32))


def table(
    hands: Sequence[Sequence[str]],
    pile: Sequence[str] = (),
    *,
    active: int = 0,
    phase: str = DISCARD,
    direction: int = 1,
    help_up: Sequence[bool] | None = None,
    pending: Pending | None = None,
    options: dict[str, str] | None = None,
    round: int = 1,
    totals: Sequence[int] | None = None,
    penalties: tuple[tuple[int, ...], ...] = (),
    **more: Any,
) -> State:
    """A full state in the middle of a round: each hand known to its owner, the pile face up."""
    players = len(hands)
    state = GAME.new_state(players, options or {})
    cards = Cards()
    next_token = 0
    hand_tokens = []
    for seat, faces in enumerate(hands):
        tokens = tuple(range(next_token, next_token + len(faces)))
        next_token += len(faces)
        cards = cards.show(zip(tokens, faces, strict=True), to=(seat,))
        hand_tokens.append(tokens)
    pile_tokens = tuple(range(next_token, next_token + len(pile)))
    cards = cards.show(zip(pile_tokens, pile, strict=True), to=None).claim(range(next_token + 50))
    return replace(
        state,
        cards=cards,
        hands=tuple(hand_tokens),
        pile=pile_tokens,
        phase=phase,
        round=round,
        totals=tuple(totals) if totals is not None else (0,) * players,
        penalties=penalties,
        direction=direction,
        help_up=tuple(help_up) if help_up is not None else (True,) * players,
        active=active,
        pending=pending,
        secret=SECRET,
        turn=5,
        last_player=(active - direction) % players,
        **more,
    )


def token(state: State, face: str) -> int:
    """The token of the card with this face (the full state knows them all)."""
    for t, f in state.cards.faces.items():
        if f == face and (t in state.pile or any(t in hand for hand in state.hands)):
            return t
    raise AssertionError(f"{face} is not on the table:\n{render(state)}")


def faces(state: State, seat: int) -> list[str]:
    return sorted(state.cards.faces[t] for t in state.hands[seat])


def pile_faces(state: State) -> list[str]:
    return sorted(state.cards.faces[t] for t in state.pile)


def pair(state: State, seat: int, first: str, second: str, reverse: bool = False) -> DiscardPair:
    return DiscardPair(seat, (token(state, first), token(state, second)), (first, second), reverse)


def apply(state: State, action: Any) -> Step[State]:
    return GAME.apply(state, action)


def draw_getting(state: State, seat: int, wanted: str) -> Draw:
    """The single-card draw whose secret position holds `wanted` (a test arranging its luck)."""
    holder = state.previous_player(seat)
    assert holder is not None
    for pick in range(len(state.hands[holder])):
        action = Draw(seat, (pick,))
        after = apply(state, action).state
        if wanted in faces(after, seat) and wanted not in faces(after, holder):
            return action
    raise AssertionError(f"seat {holder} does not hold {wanted}")


def types(events: Sequence[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


@dataclass
class PlayedGame:
    final: State
    actions: list[Any] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    steps: int = 0


def play_game(
    seed: int,
    players: int,
    options: dict[str, str] | None = None,
    bots: Sequence[str] | None = None,
    after_step: Callable[[Replicas[State], tuple[Event, ...]], None] | None = None,
    max_steps: int = 20_000,
) -> PlayedGame:
    """A whole game, bots choosing from their seat's replica; `after_step` sees the replicas."""
    names = list(bots or ["random"] * players)
    seat_bots = [BOTS[name]() for name in names]
    rngs = [rng_from(seed, "bot", seat) for seat in range(players)]
    replicas = Replicas.start(GAME, players, options or {})
    played = PlayedGame(replicas.full)
    while not GAME.is_over(replicas.full):
        (seat,) = GAME.to_act(replicas.full)
        if seat == CHANCE:
            action: Any = GAME.chance_action(replicas.full, derive(seed, "deal", played.steps))
        else:
            action = seat_bots[seat].choose(replicas.seat_view(seat), seat, rngs[seat])
        played.actions.append(action)
        events = replicas.apply(action)
        played.events.extend(events)
        problems = check_invariants(replicas.full)
        assert not problems, f"{problems}\n{render(replicas.full)}"
        if after_step is not None:
            after_step(replicas, events)
        played.steps += 1
        assert played.steps < max_steps, "M-11: the game did not end"
    played.final = replicas.full
    return played


@contextmanager
def violates(rule: str) -> Iterator[None]:
    """The block raises RuleViolation naming exactly `rule`."""
    with pytest.raises(RuleViolation) as error:
        yield
    assert error.value.rule == rule, f"expected {rule}, got {error.value}"
