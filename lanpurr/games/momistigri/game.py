"""Momistigri as a `lanpurr.core.game.Game`: options, the state machine, the views."""

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from lanpurr.core.errors import OptionError
from lanpurr.core.game import CHANCE, Event, Seat, Step
from lanpurr.core.options import OptionSpec, resolve_options
from lanpurr.games.momistigri.absorb import absorb
from lanpurr.games.momistigri.actions import Action, Deal
from lanpurr.games.momistigri.legal import legal_actions
from lanpurr.games.momistigri.rules import apply
from lanpurr.games.momistigri.state import (
    DEAL,
    EACH_ACTIVE_INCLUDING_SELF,
    EACH_OPPONENT,
    OVER,
    State,
)
from lanpurr.games.momistigri.view import view

# M-13: the options, as data.
OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("strict_discard", ("off", "on"), "off", "M-5.8"),
    OptionSpec("five_pair", (EACH_OPPONENT, EACH_ACTIVE_INCLUDING_SELF), EACH_OPPONENT, "M-6.6"),
)


class Momistigri:
    id: ClassVar[str] = "momistigri"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    def new_state(self, players: int, options: Mapping[str, str]) -> State:
        if not self.min_players <= players <= self.max_players:
            raise OptionError(f"momistigri is for 3 to 5 players, not {players}")
        chosen = resolve_options(self.option_specs, options)
        return State(
            players=players,
            strict_discard=chosen["strict_discard"] == "on",
            five_pair=chosen["five_pair"],
        )

    def to_act(self, state: State) -> frozenset[Seat]:
        if state.phase == DEAL:
            return frozenset({CHANCE})
        seat = state.acting_seat()
        return frozenset() if seat is None else frozenset({seat})

    def chance_action(self, state: State, seed: bytes) -> Deal:
        return Deal(seed)

    def legal_actions(self, state: State, seat: Seat) -> Sequence[Action]:
        return legal_actions(state, seat)

    def apply(self, state: State, action: Any) -> Step[State]:
        return apply(state, action)

    def absorb(self, state: State, event: Event) -> State:
        return absorb(state, event)

    def view(self, state: State, seat: Seat) -> State:
        return view(state, seat)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER


GAME = Momistigri()
