"""What the game above a fair peer hands it: how to read a play, whose turn it is, how to judge
cards shown as evidence. The peer knows no game; the seat's round (lanpurr/seat/rounds.py)
fills these in when it starts a round, and an audit's observer only `check_play`.

The defaults are module functions, not lambdas, so that a peer can be kept on the disk
(net.game.snapshot pickles a laptop's seats at a round's end)."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lanpurr.fair.round_state import Operation

Judge = Callable[[int, int, tuple[int, ...], list[int]], str | None]
"""(holder, receiver, the slots the holder named, the faces read) -> what rule the faces break
("" for none, the exposer then lied) or None when nobody here can judge (no game: an audit's
observer)."""

HeldJudge = Callable[[int, int, list[int]], str | None]
"""(the play, its mover, the faces of its hand every seat can now read) -> what rule the move
broke ("" none: the sender lied) or None when nobody here can judge (an audit's observer)."""


def no_action(seat: int, action: bytes) -> None:
    return None


def any_play(seat: int) -> bool:
    return True


def no_complaint(seat: int, action: bytes, faces: list[int]) -> str:
    return ""


def cannot_judge_handed(
    holder: int, receiver: int, named: tuple[int, ...], faces: list[int]
) -> None:
    return None


def cannot_judge_held(play: int, mover: int, faces: list[int]) -> None:
    return None


@dataclass
class GameHooks:
    """The game's answers to a peer's questions; written by the layer above the peer only."""

    on_action: Callable[[int, bytes], None] = no_action
    """Told of every play and held move as it takes its place."""
    may_play: Callable[[int], bool] = any_play
    check_play: Callable[[int, bytes, list[int]], str] = no_complaint
    """The game's at-once check of cards turned up by a play: "" or what is wrong."""
    choose_positions: Callable[[Operation], list[int]] | None = None
    """How this seat picks positions when it chooses for a draw (None: uniformly)."""
    stamp: Callable[[dict[str, Any]], None] | None = None
    """Adds fields to every body this peer signs (a real-time table's Lamport time)."""
    judge_handed: Judge = cannot_judge_handed
    """Whether cards a transfer's receiver turned over break its holder's promise."""
    judge_held: HeldJudge = cannot_judge_held
    """Whether cards of a mover's hand shown by the seat that handed them break its promise."""
