"""The game engine: checks actions, decides their events and folds events into states."""

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from lanpurr.core.cards import Cards
from lanpurr.core.errors import RuleViolation
from lanpurr.core.game import CHANCE, Event, Seat, Step
from lanpurr.core.options import OptionSpec
from lanpurr.games.gutters import setup
from lanpurr.games.gutters.absorb import absorb
from lanpurr.games.gutters.actions import (
    DealTiles,
    DrawFirstPlayer,
    Insert,
    PlayerAction,
    Rotate,
    ShuffleCats,
)
from lanpurr.games.gutters.components import ROTATIONS
from lanpurr.games.gutters.events import FirstPlayerDrawn, TurnPassed
from lanpurr.games.gutters.geometry import pushes
from lanpurr.games.gutters.resolve import win_events
from lanpurr.games.gutters.state import GuttersState
from lanpurr.games.gutters.turns import check_turn, push_event, rotation_event
from lanpurr.games.gutters.variants import OPTION_SPECS, choose_setup
from lanpurr.games.gutters.view import seat_view


class GuttersGame:
    id: ClassVar[str] = "gutters"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTION_SPECS

    def new_state(self, players: int, options: Mapping[str, str]) -> GuttersState:
        chosen = choose_setup(players, options)
        return GuttersState(
            players=players,
            mode=chosen.mode,
            size=chosen.size,
            phase="shuffle",
            cells=(),
            tile_pile=(),
            homes=setup.start_homes(chosen.size),
            slot_cats=(),
            cat_pile=(),
            won=tuple(() for _ in range(players)),
            cards=Cards(),
        )

    def to_act(self, state: GuttersState) -> frozenset[Seat]:
        if state.phase == "play":
            return frozenset((state.active,))
        if state.phase == "over":
            return frozenset()
        return frozenset((CHANCE,))

    def chance_action(self, state: GuttersState, seed: bytes) -> Any:
        if state.phase == "shuffle":
            return ShuffleCats(seed)
        if state.phase == "deal":
            return DealTiles(seed)
        if state.phase == "first":
            return DrawFirstPlayer(seed)
        raise RuleViolation("G-4.1", f"no random draw is due now (phase {state.phase})")

    def legal_actions(self, state: GuttersState, seat: Seat) -> Sequence[PlayerAction]:
        if state.phase != "play" or seat != state.active:
            return []
        n, turn = state.size, state.turn
        found: list[PlayerAction] = [
            Rotate(seat, turn, (r, c), by)
            for r in range(n)
            for c in range(n)
            for by in (90, 180, 270)
        ]
        found += [
            Insert(seat, turn, push.out, push.line, rotation)
            for push in pushes(n)
            for rotation in ROTATIONS
        ]
        return found

    def is_over(self, state: GuttersState) -> bool:
        return state.phase == "over"

    def view(self, state: GuttersState, seat: Seat) -> GuttersState:
        return seat_view(state, seat)

    # -- apply: check, decide events, fold --------------------------------------------------

    def apply(self, state: GuttersState, action: Any) -> Step[GuttersState]:
        events = self._decide(state, action)
        for event in events:
            state = self.absorb(state, event)
        return Step(state, tuple(events))

    def _decide(self, state: GuttersState, action: Any) -> list[Event]:
        if isinstance(action, ShuffleCats | DealTiles | DrawFirstPlayer):
            return self._chance(state, action)
        if isinstance(action, Rotate | Insert):
            return self._play(state, action)
        raise RuleViolation("G-5.1", f"{action!r} is not an action of this game")

    def _chance(
        self, state: GuttersState, action: ShuffleCats | DealTiles | DrawFirstPlayer
    ) -> list[Event]:
        expected = {"shuffle": ShuffleCats, "deal": DealTiles, "first": DrawFirstPlayer}
        due = expected.get(state.phase)
        if due is None or not isinstance(action, due):
            wanted = due.__name__ if due else "no random draw"
            raise RuleViolation(
                "G-4.1", f"{type(action).__name__} is out of order: the set-up expects {wanted}"
            )
        if len(action.seed) != 32:
            raise RuleViolation("G-4.1", "a random draw needs a 32-byte joint seed")
        if isinstance(action, ShuffleCats):
            return setup.shuffle_cats(state, action.seed)
        if isinstance(action, DealTiles):
            return setup.deal_tiles(state, action.seed)
        return [FirstPlayerDrawn(setup.draw_first_player(state, action.seed))]

    def _play(self, state: GuttersState, action: Rotate | Insert) -> list[Event]:
        check_turn(state, action)
        first: Event = (
            rotation_event(state, action)
            if isinstance(action, Rotate)
            else push_event(state, action)
        )
        events: list[Event] = [first]
        after = self.absorb(state, first)
        events += win_events(after)
        for event in events[1:]:
            after = self.absorb(after, event)
        if after.phase == "over":
            return events
        if after.actions_left == 0:
            events.append(TurnPassed((after.active + 1) % after.players, after.turn + 1))
        return events

    # -- absorb ------------------------------------------------------------------------------

    def absorb(self, state: GuttersState, event: Event) -> GuttersState:
        return absorb(state, event)


GAME = GuttersGame()
