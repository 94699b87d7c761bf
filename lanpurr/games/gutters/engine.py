"""The game engine: checks actions, decides their events and folds events into states."""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from lanpurr.core.cards import Cards
from lanpurr.core.errors import RuleViolation
from lanpurr.core.events import FacesShown
from lanpurr.core.game import CHANCE, Event, Seat, Step
from lanpurr.core.options import OptionSpec
from lanpurr.games.gutters import setup
from lanpurr.games.gutters.actions import (
    DealTiles,
    DrawFirstPlayer,
    Insert,
    PlayerAction,
    Rotate,
    ShuffleCats,
)
from lanpurr.games.gutters.components import CATS, HOMES, ROTATIONS
from lanpurr.games.gutters.events import (
    CatConnected,
    CatsShuffled,
    CatTurnedUp,
    CatWon,
    DealVoided,
    FirstPlayerDrawn,
    GameEnded,
    HomeMoved,
    TilePushed,
    TileRotated,
    TilesDealt,
    TurnPassed,
)
from lanpurr.games.gutters.geometry import (
    cell_index,
    is_edge,
    lines_of,
    on_board,
    push_for,
    pushes,
    slot_index,
    slot_name,
    slots,
)
from lanpurr.games.gutters.paths import link_path
from lanpurr.games.gutters.resolve import resolve_wins
from lanpurr.games.gutters.state import GuttersState
from lanpurr.games.gutters.variants import (
    COOP,
    OPTION_SPECS,
    SOLO,
    choose_setup,
    rating,
    winners,
)
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
        return Step(state, ()) if not events else self._fold(state, events)

    def _fold(self, state: GuttersState, events: list[Event]) -> Step[GuttersState]:
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
        handler = _ABSORB.get(type(event))
        if handler is None:
            raise ValueError(f"gutters cannot absorb {type(event).__name__}")
        return handler(state, event)


def check_turn(state: GuttersState, action: Rotate | Insert) -> None:
    """Whose turn, which turn, and the shape of the action (G-5.1 to G-5.3)."""
    if state.phase == "over":
        raise RuleViolation("G-8.1", "the game is over: all 15 cats have been won")
    if state.phase != "play":
        raise RuleViolation("G-4.1", "the set-up is not finished; wait for the first turn")
    if action.turn < state.turn:
        raise RuleViolation(
            "G-5.1",
            f"turn {action.turn} already had its two actions; turn {state.turn} is being played",
        )
    if action.seat != state.active or action.turn != state.turn:
        raise RuleViolation(
            "G-4.6",
            f"it is seat {state.active}'s turn ({state.turn}), not seat {action.seat}'s "
            f"turn {action.turn}; wait for your turn",
        )
    if isinstance(action, Rotate):
        if not on_board(state.size, action.cell):
            raise RuleViolation("G-3.1", f"{action.cell} is not a cell of the board")
        if action.by not in (90, 180, 270):
            raise RuleViolation(
                "G-5.2", f"a rotation turns a tile by 90, 180 or 270 degrees, not {action.by}"
            )
        return
    if action.rotation not in ROTATIONS:
        raise RuleViolation(
            "G-5.3", f"the new tile's rotation is 0, 90, 180 or 270, not {action.rotation}"
        )
    if not on_board(state.size, action.out):
        raise RuleViolation("G-3.1", f"{action.out} is not a cell of the board")
    if not is_edge(state.size, action.out):
        raise RuleViolation(
            "G-5.3", f"{action.out} is an inner cell; only a tile on the edge can be pushed out"
        )
    lines = lines_of(state.size, action.out)
    if action.line not in lines:
        raise RuleViolation(
            "G-5.3",
            f"the tile at {action.out} can leave only along its {' or '.join(lines)}, "
            f"not its {action.line}",
        )


def rotation_event(state: GuttersState, action: Rotate) -> TileRotated:
    tile, old = state.cells[cell_index(state.size, action.cell)]
    return TileRotated(action.seat, action.cell, tile, action.by, (old + action.by) % 360)


def push_event(state: GuttersState, action: Insert) -> TilePushed:
    push = push_for(state.size, action.out, action.line)
    pushed_out = state.cells[cell_index(state.size, push.out)][0]
    return TilePushed(
        action.seat,
        slot_name(state.size, push.slot),
        push.line,
        push.entry,
        push.out,
        state.tile_pile[0],
        action.rotation,
        pushed_out,
    )


def win_events(state: GuttersState) -> list[Event]:
    """G-6.5, G-7: the cats this position wins, chains included, as events; then the end."""
    size = state.size
    resolution = resolve_wins(state.masks, size, state.homes, state.cat_slots, len(state.cat_pile))
    if not resolution.rounds:
        return []
    events: list[Event] = []
    tokens = dict(state.slot_cats)
    homes = list(state.homes)
    pile = list(state.cat_pile)
    masks = state.masks
    for one_round in resolution.rounds:
        for step in one_round:  # every path of the round lights up before cats walk
            token = tokens[step.cat_slot]
            home_slot = homes[step.home]
            path = link_path(
                masks, size, slots(size)[step.cat_slot].cell, slots(size)[home_slot].cell
            )
            events.append(
                CatConnected(
                    token,
                    _face(state, token),
                    slot_name(size, step.cat_slot),
                    HOMES[step.home],
                    slot_name(size, home_slot),
                    path,
                )
            )
        for step in one_round:
            token = tokens.pop(step.cat_slot)
            events.append(
                CatWon(token, _face(state, token), state.active, slot_name(size, step.cat_slot))
            )
            skipped = _between(size, step.home_from, step.home_to)
            homes[step.home] = step.home_to
            events.append(
                HomeMoved(
                    HOMES[step.home],
                    slot_name(size, step.home_from),
                    slot_name(size, step.home_to),
                    tuple(slot_name(size, s) for s in skipped),
                )
            )
            if step.new_cat_slot is not None:
                top = pile.pop(0)
                tokens[step.new_cat_slot] = top
                events.append(
                    CatTurnedUp(top, _face(state, top), slot_name(size, step.new_cat_slot))
                )
    if not tokens and not pile:
        events.append(game_end(state, events))
    return events


def _between(size: int, start: int, end: int) -> tuple[int, ...]:
    count = 4 * size
    return tuple((start + k) % count for k in range(1, (end - start) % count))


def _face(state: GuttersState, token: int) -> str:
    face = state.cards.face(token)
    if face is None:
        raise ValueError(
            "apply needs the full state: the face of a face-down cat is secret in a seat's view"
        )
    return face


def game_end(state: GuttersState, more: list[Event]) -> GameEnded:
    """G-8.2, G-8.3, G-9.2 to G-9.5."""
    won: list[list[str]] = [[state.cards.face(t) or "" for t in seat] for seat in state.won]
    for event in more:
        if isinstance(event, CatWon):
            won[event.seat].append(event.cat)
    scores = tuple(sum(CATS[cat][1] for cat in cats) for cats in won)
    counts = tuple(len(cats) for cats in won)
    cooperative = state.mode in (COOP, SOLO)
    return GameEnded(
        scores,
        counts,
        tuple(range(state.players)) if cooperative else winners(state.mode, scores, counts),
        state.turn,
        rating(state.turn) if cooperative else "",
    )


# -- folding events ----------------------------------------------------------------------------


def _cats_shuffled(state: GuttersState, event: Event) -> GuttersState:
    assert isinstance(event, CatsShuffled)
    return replace(
        state, phase="deal", cat_pile=event.tokens, cards=state.cards.claim(event.tokens)
    )


def _faces_shown(state: GuttersState, event: Event) -> GuttersState:
    assert isinstance(event, FacesShown)
    return replace(state, cards=state.cards.show(event.faces, event.to))


def _cat_turned_up(state: GuttersState, event: Event) -> GuttersState:
    assert isinstance(event, CatTurnedUp)
    slot = slot_index(state.size)[event.slot]
    return replace(
        state,
        cat_pile=tuple(t for t in state.cat_pile if t != event.token),
        slot_cats=tuple(sorted((*state.slot_cats, (slot, event.token)))),
        cards=state.cards.show([(event.token, event.cat)], to=None),
    )


def _tiles_dealt(state: GuttersState, event: Event) -> GuttersState:
    assert isinstance(event, TilesDealt)
    return replace(
        state, cells=event.cells, tile_pile=event.pile, phase="first", deals=state.deals + 1
    )


def _deal_voided(state: GuttersState, event: Event) -> GuttersState:
    assert isinstance(event, DealVoided)
    return replace(state, cells=(), tile_pile=(), phase="deal")


def _first_player(state: GuttersState, event: Event) -> GuttersState:
    assert isinstance(event, FirstPlayerDrawn)
    return replace(state, phase="play", active=event.seat, turn=1, actions_left=2)


def _tile_rotated(state: GuttersState, event: Event) -> GuttersState:
    assert isinstance(event, TileRotated)
    cells = list(state.cells)
    cells[cell_index(state.size, event.cell)] = (event.tile, event.rotation)
    return replace(state, cells=tuple(cells), actions_left=state.actions_left - 1)


def _tile_pushed(state: GuttersState, event: Event) -> GuttersState:
    assert isinstance(event, TilePushed)
    size = state.size
    line = push_for(size, event.out, event.line).cells  # entry ... out
    cells = list(state.cells)
    for k in range(len(line) - 1, 0, -1):  # G-5.3 step 4: every tile moves toward `out`
        cells[cell_index(size, line[k])] = state.cells[cell_index(size, line[k - 1])]
    cells[cell_index(size, line[0])] = (event.tile, event.rotation)
    return replace(
        state,
        cells=tuple(cells),
        tile_pile=(*state.tile_pile[1:], event.pushed_out),
        actions_left=state.actions_left - 1,
    )


def _cat_won(state: GuttersState, event: Event) -> GuttersState:
    assert isinstance(event, CatWon)
    won = list(state.won)
    won[event.seat] = (*won[event.seat], event.token)
    return replace(
        state,
        slot_cats=tuple(sc for sc in state.slot_cats if sc[1] != event.token),
        won=tuple(won),
    )


def _home_moved(state: GuttersState, event: Event) -> GuttersState:
    assert isinstance(event, HomeMoved)
    homes = list(state.homes)
    homes[HOMES.index(event.home)] = slot_index(state.size)[event.to_slot]
    return replace(state, homes=(homes[0], homes[1]))


def _turn_passed(state: GuttersState, event: Event) -> GuttersState:
    assert isinstance(event, TurnPassed)
    return replace(state, active=event.seat, turn=event.turn, actions_left=2)


def _game_ended(state: GuttersState, event: Event) -> GuttersState:
    assert isinstance(event, GameEnded)
    return replace(state, phase="over", actions_left=0)


def _unchanged(state: GuttersState, event: Event) -> GuttersState:
    return state


_ABSORB: dict[type[Event], Callable[[GuttersState, Event], GuttersState]] = {
    CatsShuffled: _cats_shuffled,
    FacesShown: _faces_shown,
    CatTurnedUp: _cat_turned_up,
    TilesDealt: _tiles_dealt,
    DealVoided: _deal_voided,
    FirstPlayerDrawn: _first_player,
    TileRotated: _tile_rotated,
    TilePushed: _tile_pushed,
    CatConnected: _unchanged,
    CatWon: _cat_won,
    HomeMoved: _home_moved,
    TurnPassed: _turn_passed,
    GameEnded: _game_ended,
}

GAME = GuttersGame()
