"""A player's action (G-5): is it this seat's turn and a well-formed move, and what it does."""

from lanpurr.core.errors import RuleViolation
from lanpurr.games.gutters.actions import Insert, Rotate
from lanpurr.games.gutters.components import ROTATIONS
from lanpurr.games.gutters.events import TilePushed, TileRotated
from lanpurr.games.gutters.geometry import (
    cell_index,
    is_edge,
    lines_of,
    on_board,
    push_for,
    slot_name,
)
from lanpurr.games.gutters.state import GuttersState


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
