"""Bots: a seat's choices from its own view only (the cat pile's order is secret to them too).

`random` picks any legal action. `planner` searches its whole two-action turn (see planner.py).
"""

import random
from collections.abc import Callable
from typing import Protocol

from lanpurr.core.game import Seat
from lanpurr.games.gutters.actions import Insert, PlayerAction, Rotate
from lanpurr.games.gutters.components import CATS
from lanpurr.games.gutters.engine import GAME
from lanpurr.games.gutters.geometry import pushes
from lanpurr.games.gutters.planner import Move, Position, best_plan, position_of
from lanpurr.games.gutters.state import GuttersState
from lanpurr.games.gutters.variants import COOP, SOLO


class Bot(Protocol):
    def choose(self, view: GuttersState, seat: Seat, rng: random.Random) -> PlayerAction: ...


class RandomBot:
    def choose(self, view: GuttersState, seat: Seat, rng: random.Random) -> PlayerAction:
        return rng.choice(list(GAME.legal_actions(view, seat)))


def unseen_value(view: GuttersState) -> float:
    """The mean value of the cats this view has not seen: what the next cat is worth on
    average (G-10: which cats are unseen is public)."""
    seen = {view.cards.face(t) for t in view.cards.faces}
    unseen = [value for cat, (_, value) in CATS.items() if cat not in seen]
    return sum(unseen) / len(unseen) if unseen else 0.0


def fast_position(view: GuttersState) -> Position:
    return position_of(
        view.cells,
        view.tile_pile,
        view.size,
        view.homes,
        tuple((slot, view.cards.face(token)) for slot, token in view.slot_cats),
        len(view.cat_pile),
        unseen_value(view),
    )


def to_action(view: GuttersState, seat: Seat, move: Move) -> PlayerAction:
    if move.kind == "rotate":
        cell = divmod(move.where, view.size)
        return Rotate(seat, view.turn, cell, move.amount)
    push = pushes(view.size)[move.where]
    return Insert(seat, view.turn, push.out, push.line, move.amount)


class PlannerBot:
    """Plans both actions of a turn at its first action and plays the second from the plan
    when the board is where the plan expected it."""

    def __init__(self) -> None:
        self._pending: tuple[int, Seat, Position, Move] | None = None

    def choose(self, view: GuttersState, seat: Seat, rng: random.Random) -> PlayerAction:
        position = fast_position(view)
        if view.actions_left == 1 and self._pending is not None:
            turn, planned_seat, expected, second = self._pending
            self._pending = None
            if (turn, planned_seat) == (view.turn, seat) and _same_board(expected, position):
                return to_action(view, seat, second)
        cooperative = view.mode in (COOP, SOLO)
        plan = best_plan(position, view.actions_left, cooperative, unseen_value(view), rng)
        self._pending = None
        if len(plan.moves) == 2:
            self._pending = (view.turn, seat, plan.after_first, plan.moves[1])
        return to_action(view, seat, plan.moves[0])


def _same_board(expected: Position, actual: Position) -> bool:
    return (
        expected.masks == actual.masks
        and expected.homes == actual.homes
        and [s for s, _ in expected.cats] == [s for s, _ in actual.cats]
        and expected.pile_masks[:1] == actual.pile_masks[:1]
    )


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "planner": PlannerBot}
