"""The Purrfect engine: the `lanpurr.core.game.Game` contract, tying the rule modules together.

Real time without a clock: during a round every seat may act (`to_act` is everyone) and the
engine takes actions in whatever single order the table agreed on (P-7.1); each is judged on
the state all earlier ones left (P-7.2). docs/realtime-order.md says how that order is made.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from typing import Any, ClassVar

from lanpurr.core.errors import OptionError, RuleViolation
from lanpurr.core.game import CHANCE, Event, Seat, Step
from lanpurr.core.options import OptionSpec, resolve_options
from lanpurr.games.purrfect import dealing, dealt_again, declaring, trading
from lanpurr.games.purrfect.absorb import absorb
from lanpurr.games.purrfect.actions import (
    AcceptOffer,
    Action,
    DealAgain,
    DealRound,
    DeclarePurrfect,
    DrawCats,
    DrawMeowKey,
    OpenOffer,
    PlayerAction,
    TakeAcceptance,
    WithdrawOffer,
)
from lanpurr.games.purrfect.legal import legal_actions
from lanpurr.games.purrfect.state import PurrfectState
from lanpurr.games.purrfect.view import view

_CHANCE_STEPS: dict[str, tuple[type[Any], Callable[[PurrfectState, bytes], tuple[Event, ...]]]] = {
    "draw_key": (DrawMeowKey, dealing.draw_meow_key),
    "draw_cats": (DrawCats, dealing.draw_cats),
    "deal": (DealRound, dealing.deal_round),
}
_PLAYER_STEPS: dict[type[Any], Callable[[PurrfectState, Any], tuple[Event, ...]]] = {
    OpenOffer: trading.open_offer,
    WithdrawOffer: trading.withdraw_offer,
    AcceptOffer: trading.accept_offer,
    TakeAcceptance: trading.take_acceptance,
    DeclarePurrfect: declaring.declare,
}


class Purrfect:
    id: ClassVar[str] = "purrfect"
    min_players: ClassVar[int] = 3
    """3 only with `allow_three` (P-3.1); 4 otherwise."""
    max_players: ClassVar[int] = 7
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("allow_three", ("off", "on"), "off", "P-13"),
    )

    def new_state(self, players: int, options: Mapping[str, str]) -> PurrfectState:
        resolved = resolve_options(self.option_specs, options)
        lowest = 3 if resolved["allow_three"] == "on" else 4
        if not lowest <= players <= self.max_players:
            hint = " (3 needs the option allow_three=on)" if players == 3 else ""
            raise OptionError(
                f"Purrfect is for {lowest} to {self.max_players} players, not {players}{hint}"
            )
        return PurrfectState(
            players=players, options=tuple(sorted(resolved.items())), totals=(0,) * players
        )

    def to_act(self, state: PurrfectState) -> frozenset[Seat]:
        if state.phase == "round":
            return frozenset(range(state.players))  # P-5.1: no turns
        if state.phase == "over":
            return frozenset()
        return frozenset({CHANCE})

    def chance_action(self, state: PurrfectState, seed: bytes) -> Action:
        step = _CHANCE_STEPS.get(state.phase)
        if step is None:
            raise RuleViolation("P-4.2", f"the game waits for no random draw now ({state.phase})")
        action: Action = step[0](seed)
        return action

    def legal_actions(self, state: PurrfectState, seat: Seat) -> Sequence[PlayerAction]:
        return legal_actions(state, seat)

    def apply(self, state: PurrfectState, action: Any) -> Step[PurrfectState]:
        events = self._decide(state, action)
        for event in events:
            state = absorb(state, event)
        return Step(state, events)

    def _decide(self, state: PurrfectState, action: Any) -> tuple[Event, ...]:
        if isinstance(action, DealAgain):
            # A restarted round's opening (a laptop gone). It has no seat: a seat that plays
            # it as its move is named by the seat runtime for a move in another seat's name.
            return dealt_again.deal_again(state, action)
        chance = _CHANCE_STEPS.get(state.phase)
        if chance is not None and isinstance(action, chance[0]):
            return chance[1](state, action.seed)
        if isinstance(action, DrawMeowKey | DrawCats | DealRound):
            expected = chance[0].__name__ if chance else "no random draw"
            rule = "P-4.2" if state.phase == "round" else _idle_rule(state)
            raise RuleViolation(rule, f"the game waits for {expected}, not {type(action).__name__}")
        decide = _PLAYER_STEPS.get(type(action))
        if decide is None:
            if chance is not None or state.phase == "over":
                raise RuleViolation(_idle_rule(state), _idle_message(state, action))
            raise RuleViolation(
                "P-5.1", f"{type(action).__name__} is not a Purrfect move during a round"
            )
        problem = _malformed(action)
        if problem:
            raise RuleViolation("P-5.1", f"a malformed {type(action).__name__}: {problem}")
        if state.phase != "round":
            raise RuleViolation(_idle_rule(state), _idle_message(state, action))
        if not 0 <= action.seat < state.players:
            raise RuleViolation("P-3.1", f"there is no seat {action.seat} at this table")
        return decide(state, action)

    def absorb(self, state: PurrfectState, event: Event) -> PurrfectState:
        return absorb(state, event)

    def view(self, state: PurrfectState, seat: Seat) -> PurrfectState:
        return view(state, seat)

    def is_over(self, state: PurrfectState) -> bool:
        return state.phase == "over"


def _malformed(action: Any) -> str | None:
    """What is wrong with the field types of a player action (it may come off the network)."""
    for spec in fields(action):
        value = getattr(action, spec.name)
        if spec.type is int:
            ok = type(value) is int
        elif spec.type is bytes:
            ok = isinstance(value, bytes) and len(value) <= 64
        else:  # a tuple of card tokens
            ok = isinstance(value, tuple) and all(type(v) is int for v in value)
        if not ok:
            return f"{spec.name} cannot be {value!r}"
    return None


def _idle_rule(state: PurrfectState) -> str:
    if state.phase == "over":
        return "P-9.2"
    return "P-7.4" if state.round > 0 else "P-4.2"


def _idle_message(state: PurrfectState, action: Any) -> str:
    name = type(action).__name__
    if state.phase == "over":
        return f"the game is over; {name} comes too late"
    if state.round > 0 and state.phase == "deal":
        return f"round {state.round} has ended; {name} is void until the next deal"
    return f"the round has not started yet ({state.phase}); {name} must wait for the deal"


GAME = Purrfect()
