"""Learn to play Momistigri: the hint for each moment of a first round (`ui.tables.tutorial`).

The heuristic bot picks the move to suggest from my seat's own view; the coach names the piece
to click for it by the key this package's view registers (a card of a fan, of my hand or of the
pile, a button, a player), one click at a time, and says once each rule worth knowing then.
"""

import random
from typing import Any

from PySide6.QtCore import QCoreApplication

from ui.tables.guide import Hint
from ui.tables.momistigri.words import card_name


class MomistigriCoach:
    """Hints for a first round of Momistigri; the heuristic bot picks the move to suggest."""

    def __init__(self) -> None:
        from lanpurr.games.momistigri.bots import HeuristicBot

        self.bot = HeuristicBot()
        self._cache: tuple[Any, Any] | None = None

    def suggest(self, view: Any) -> Any:
        state = view.state
        if self._cache is None or self._cache[0] is not state:
            action = self.bot.choose(state, view.seat, random.Random(14))
            self._cache = (state, action)  # the state itself: an id can be reused
        return self._cache[1]

    def __call__(self, view: Any) -> Hint:
        from lanpurr.games.momistigri import actions as a
        from lanpurr.games.momistigri.state import DRAW

        s = view.state
        names = view.names
        if view.round_result is not None or view.result is not None:
            return Hint(
                QCoreApplication.translate(
                    "Tutorial",
                    "Well played: that was a whole round! Each card left in a hand counts "
                    "against its player. Click the button to go on: the rest of the game is "
                    "yours.",
                ),
                ("button", "next") if view.round_result is not None else ("guide", "close"),
                final=True,
            )
        intro = QCoreApplication.translate(
            "Tutorial",
            "Momistigri: on your turn you draw a card from the player before you, then you "
            "may discard one pair (same colour or same value). The fewest points wins, and "
            "nobody wants the Mistigri, the black cat.",
        )
        if not s.hands:
            return Hint(
                QCoreApplication.translate("Tutorial", "The cards are being dealt…"), None, intro
            )
        if not view.acting():
            actor = s.acting_seat()
            name = names[actor] if actor is not None else ""
            return Hint(
                QCoreApplication.translate(
                    "Tutorial",
                    "{name} is playing. The banner at the top always says whose turn it is.",
                ).replace("{name}", name),
                None,
                intro,
            )
        action = self.suggest(view)
        if isinstance(action, a.Draw):
            holder = s.previous_player(view.seat)
            name = names[holder] if holder is not None else ""
            left = [i for i in action.picks if i not in view.picked] or [0]
            count = len(action.picks)
            text = (
                QCoreApplication.translate(
                    "Tutorial",
                    "Draw {n} cards from {name}: click the glowing cards one after the other.",
                )
                if count > 1
                else QCoreApplication.translate(
                    "Tutorial",
                    "Your turn! Draw a card from {name}: click one of the glowing cards.",
                )
            )
            return Hint(
                text.replace("{name}", name).replace("{n}", str(count)),
                ("fan", holder, left[0]),
                QCoreApplication.translate(
                    "Tutorial", "You draw blind: nobody sees the faces of the others' cards."
                ),
            )
        if isinstance(action, a.DiscardPair):
            missing = [c for c in action.cards if c not in view.selected]
            lesson = QCoreApplication.translate(
                "Tutorial",
                "A pair of equal values has an effect, written on its button; a pair of one "
                "colour has none.",
            )
            if missing:
                face = view.face_of(missing[0]) or ""
                return Hint(
                    QCoreApplication.translate(
                        "Tutorial", "You hold a pair: select it. Click this card: {card}."
                    ).replace("{card}", card_name(face)),
                    ("hand", missing[0]),
                    lesson,
                )
            button = "reverse" if action.reverse else "effect"
            return Hint(
                QCoreApplication.translate(
                    "Tutorial", "Now click the button above your hand to discard the pair."
                ),
                ("button", button),
                lesson,
            )
        if isinstance(action, a.Pass):
            return Hint(
                QCoreApplication.translate(
                    "Tutorial", "No pair in your hand this time: click Pass."
                ),
                ("button", "pass"),
            )
        if isinstance(action, a.EndTurn):
            return Hint(
                QCoreApplication.translate("Tutorial", "Your pair is down: click End turn."),
                ("button", "end"),
                QCoreApplication.translate(
                    "Tutorial", "One pair per turn: only a 6+6 lets you discard another."
                ),
            )
        if isinstance(action, a.Designate):
            nxt = s.next_player(view.seat)
            return Hint(
                QCoreApplication.translate(
                    "Tutorial", "2+2: click the card {name} must draw from you, your worst: {card}."
                )
                .replace("{name}", names[nxt] if nxt is not None else "")
                .replace("{card}", card_name(view.face_of(action.card) or "")),
                ("hand", action.card),
            )
        if isinstance(action, a.Give):
            if view.chosen != action.card:
                return Hint(
                    QCoreApplication.translate(
                        "Tutorial", "4+4: you give a card away. Click this card: {card}."
                    ).replace("{card}", card_name(view.face_of(action.card) or "")),
                    ("hand", action.card),
                )
            return Hint(
                QCoreApplication.translate(
                    "Tutorial", "Now click {name}: they get the card."
                ).replace("{name}", names[action.to]),
                ("player", action.to),
            )
        if isinstance(action, a.Swap):
            if view.chosen != action.put:
                return Hint(
                    QCoreApplication.translate(
                        "Tutorial",
                        "3+3: you swap a card with the pile. Click the card you put down: {card}.",
                    ).replace("{card}", card_name(view.face_of(action.put) or "")),
                    ("hand", action.put),
                )
            return Hint(
                QCoreApplication.translate(
                    "Tutorial", "Now click the card you take from the pile."
                ),
                ("pile", action.take),
            )
        if isinstance(action, a.HandOut):
            if view.chosen != action.card:
                return Hint(
                    QCoreApplication.translate(
                        "Tutorial",
                        "5+5: you hand out cards from the pile. "
                        "Click this card of the pile: {card}.",
                    ).replace("{card}", card_name(action.face)),
                    ("pile", action.card),
                )
            return Hint(
                QCoreApplication.translate(
                    "Tutorial", "Now click {name}: they get the card."
                ).replace("{name}", names[action.to]),
                ("player", action.to),
            )
        if s.phase == DRAW:
            return Hint(QCoreApplication.translate("Tutorial", "Draw a card from the glowing fan."))
        return Hint(
            QCoreApplication.translate(
                "Tutorial", "Follow the banner at the top: it says what you may do."
            )
        )
