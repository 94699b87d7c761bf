"""Learn to play: a guided first game against bots, with a hint that points at what to click.

A tutorial is a local game set up for a first try (`TUTORIALS`: few players, a fixed seed so
every first game starts with the same deal, bots at a gentle pace) with a `Guide`
(`ui.tables.guide`) on its view. The hints come from the game's coach (`COACHES`, each in its
game's package as `coach.py`), which works them out from the seat's own view, asking the game's
own bot for a sensible move where it helps, so a hint is true at every step.

Nothing here blocks: the table takes every click as usual, the player may do something else
than the hint says (the next hint follows the table as it is), skip the guide, or leave.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ui.tables.guide import Hint
from ui.tables.gutters.coach import GuttersCoach
from ui.tables.momistigri.coach import MomistigriCoach
from ui.tables.purrfect.coach import PurrfectCoach
from ui.tables.table_view import TableView


@dataclass(frozen=True)
class TutorialSetup:
    """How a guided first game is set up: few players, a fixed deal, bots at a gentle pace."""

    players: int
    options: dict[str, str]
    bot: str
    seed: int
    pace: str


TUTORIALS: dict[str, TutorialSetup] = {
    "momistigri": TutorialSetup(3, {}, "heuristic", 14, "normal"),
    "purrfect": TutorialSetup(4, {}, "heuristic", 14, "relaxed"),
    "gutters": TutorialSetup(2, {"board": "mini"}, "planner", 14, "normal"),
}


COACHES: dict[str, Callable[[], Callable[[TableView], Hint]]] = {
    "momistigri": MomistigriCoach,
    "purrfect": PurrfectCoach,
    "gutters": GuttersCoach,
}
