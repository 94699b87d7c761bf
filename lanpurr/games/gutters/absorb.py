"""Folding events into a state, full or partial: the only way a state changes."""

from collections.abc import Callable

from lanpurr.core.copies import replace
from lanpurr.core.events import FacesShown
from lanpurr.core.game import Event
from lanpurr.games.gutters.components import HOMES
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
from lanpurr.games.gutters.geometry import cell_index, push_for, slot_index
from lanpurr.games.gutters.state import GuttersState


def absorb(state: GuttersState, event: Event) -> GuttersState:
    handler = _ABSORB.get(type(event))
    if handler is None:
        raise ValueError(f"gutters cannot absorb {type(event).__name__}")
    return handler(state, event)


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
