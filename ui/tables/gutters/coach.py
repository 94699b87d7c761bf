"""Learn to play No sin mi gato: the hint for each moment of a first game (`ui.tables.tutorial`).

The planner bot picks the move to suggest from my seat's own view; the coach names the tile,
turn or push arrow to click for it by the key this package's view registers, one click at a
time (turning the pile's top tile first where the push wants it turned).
"""

import random
from typing import Any

from PySide6.QtCore import QCoreApplication

from ui.tables.guide import Hint


class GuttersCoach:
    """Hints for a first game of No sin mi gato; the planner bot picks the move to suggest."""

    def __init__(self) -> None:
        self._cache: tuple[Any, Any] | None = None

    def suggest(self, view: Any) -> Any:
        from lanpurr.games.gutters.bots import PlannerBot

        state = view.state
        if self._cache is None or self._cache[0] is not state:
            action = PlannerBot().choose(state, view.seat, random.Random(14))
            self._cache = (state, action)  # the state itself: an id can be reused
        return self._cache[1]

    def __call__(self, view: Any) -> Hint:
        from lanpurr.games.gutters.actions import Insert, Rotate
        from lanpurr.games.gutters.geometry import pushes

        s = view.state
        intro = QCoreApplication.translate(
            "Tutorial",
            "No sin mi gato: the roof's gutters lead the cats to their homes. A cat joined to "
            "a home of its colour by a gutter goes home, and its points are yours.",
        )
        if view.result is not None or s.phase == "over":
            return Hint(
                QCoreApplication.translate(
                    "Tutorial",
                    "Every cat is home: the game is over. You know the game now: have fun!",
                ),
                ("guide", "close"),
                final=True,
            )
        if s.phase != "play":
            return Hint(
                QCoreApplication.translate("Tutorial", "The tiles are being laid…"), None, intro
            )
        if not view.my_turn():
            return Hint(
                QCoreApplication.translate(
                    "Tutorial", "{name} is moving the gutters. Each turn has two actions."
                ).replace("{name}", view.names[s.active]),
                None,
                intro,
            )
        action = self.suggest(view)
        two = QCoreApplication.translate(
            "Tutorial", "A turn is two actions: turn a tile, or push the top tile of the pile in."
        )
        if isinstance(action, Rotate):
            if view.rotating != action.cell:
                return Hint(
                    QCoreApplication.translate(
                        "Tutorial",
                        "Click the ringed tile to turn it: a turned gutter can lead a cat home.",
                    ),
                    ("tile", action.cell),
                    two,
                )
            return Hint(
                QCoreApplication.translate("Tutorial", "Choose how far to turn it."),
                ("rotate", action.cell, action.by),
                two,
            )
        if isinstance(action, Insert):
            turn = (action.rotation - view.pile_rotation) % 360
            if turn:
                return Hint(
                    QCoreApplication.translate(
                        "Tutorial",
                        "First turn the top tile of the pile: click the ringed arrow beside it.",
                    ),
                    ("pile", 270 if turn == 270 else 90),
                    two,
                )
            slot = next(
                (p.slot for p in pushes(s.size) if p.out == action.out and p.line == action.line),
                None,
            )
            return Hint(
                QCoreApplication.translate(
                    "Tutorial",
                    "Now push the tile in from the ringed arrow: the whole line moves one step.",
                ),
                ("push", slot),
                two,
            )
        return Hint(
            QCoreApplication.translate(
                "Tutorial", "Follow the banner at the top: it says what you may do."
            )
        )
