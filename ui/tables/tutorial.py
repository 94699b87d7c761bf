"""Learn to play: a guided first game against bots, with a hint that points at what to click.

A `Guide` sits on a table view. Each time the view is painted it asks the game's coach for the
next `Hint`: a line of words and the key of the piece to click (a card, a button, an arrow),
the same keys the view registers for clicks. The guide rings that piece, draws a speech bubble
beside it where it covers the least of what can be clicked, and gets out of the way once the
player has finished the tutorial or skips it. The game itself runs as any local game: the hint
is worked out from the seat's own view (with the game's own bot choosing a sensible move), so it
is true at every step, and the deal is fixed by a seed so every first game starts the same way.

Nothing here blocks: the table takes every click as usual, the player may do something else
than the hint says (the next hint follows the table as it is), skip the guide, or leave.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPen

from ui import theme
from ui.tables.momistigri.words import card_name
from ui.tables.table_view import Key, TableView, table_font


@dataclass(frozen=True)
class Hint:
    text: str
    """What to do now, in a sentence or two."""
    target: Key | None = None
    """The piece to click (None: nothing to click now, watch the others)."""
    lesson: str = ""
    """A rule of the game worth knowing at this moment; said once, the first time."""
    final: bool = False
    """The last hint: the tutorial is over once it is read (or its target clicked)."""


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


class Guide:
    """The tutorial's hints on one table view."""

    BUBBLE_W = 400.0

    def __init__(self, view: TableView, coach: Callable[[TableView], Hint]) -> None:
        self.view = view
        self.coach = coach
        self.lessons_said: set[str] = set()
        self.hint: Hint | None = None
        """The hint shown last."""
        self.lesson = ""
        """The lesson shown with it (kept while the hint stays the same)."""
        self.done = False
        self.bubble = QRectF()
        self.skip_text = QCoreApplication.translate("Tutorial", "Skip the tutorial")
        self.close_text = QCoreApplication.translate("Tutorial", "Close")

    # -- what the table asks ------------------------------------------------------------------

    def current(self) -> Hint | None:
        """The hint for the table as it is now (kept as it was while an animation plays)."""
        if self.done:
            return None
        if self.view.animator.busy() and self.hint is not None:
            return Hint(self.hint.text, None, self.hint.lesson, self.hint.final)
        hint = self.coach(self.view)
        if hint != self.hint:
            self.lesson = ""
            if hint.lesson and hint.lesson not in self.lessons_said:
                self.lessons_said.add(hint.lesson)
                self.lesson = hint.lesson
            self.hint = hint
        return hint

    def target(self) -> Key | None:
        """The key of the piece the hint points at, if the table shows it now."""
        hint = self.current()
        if hint is None or hint.target is None:
            return None
        return hint.target if hint.target in self.view.clickable() else None

    def pressed(self, what: str) -> None:
        if what in ("skip", "close"):
            self.finish()
            self.view.banner_changed.emit()

    def clicked(self, key: Key) -> None:
        """The player clicked a piece of the table: the final hint's target ends the tour."""
        if self.hint is not None and self.hint.final and key == self.hint.target:
            self.finish()

    def finish(self) -> None:
        self.done = True
        self.view.guide = None
        self.view.update()

    # -- painting -----------------------------------------------------------------------------

    def paint(self, p: QPainter) -> None:
        view = self.view
        hint = self.current()
        if hint is None:
            return
        t = theme.current()
        target = None
        if hint.target is not None:
            target = next((r for r, k in view.regions if k == hint.target), None)
        text = f"{self.lesson}\n\n{hint.text}" if self.lesson else hint.text
        font = table_font(theme.FontRole.BODY, 15)
        w = min(self.BUBBLE_W, view.width() * 0.5)
        text_h = (
            QFontMetricsF(font)
            .boundingRect(QRectF(0, 0, w - 28, 10000), int(Qt.TextFlag.TextWordWrap), text)
            .height()
        )
        title_h = 28.0
        button_h = 36.0
        h = 12 + title_h + text_h + 10 + button_h + 12
        self.bubble = self.place(QRectF(0, 0, w, h), target)
        b = self.bubble
        if target is not None and not _is_guide(hint.target):
            p.save()
            p.setPen(QPen(t.color("accent"), 5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(target.adjusted(-6, -6, 6, 6), 10, 10)
            p.setPen(QPen(t.color("accent"), 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawLine(_edge_towards(b, target.center()), _edge_towards(target, b.center()))
            p.restore()
        p.save()
        p.setPen(QPen(t.color("accent_dark"), 3))
        p.setBrush(QBrush(t.color("cream")))
        p.drawRoundedRect(b, 14, 14)
        p.restore()
        view.region(b, ("guide", "bubble"))
        ink = t.color("ink")
        view.label(
            p,
            QRectF(b.left() + 14, b.top() + 10, w - 28, title_h),
            QCoreApplication.translate("Tutorial", "Learn to play"),
            px=17,
            role=theme.FontRole.HEADING,
            colour=QColor(t.palette.accent_dark),
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )
        view.label(
            p,
            QRectF(b.left() + 14, b.top() + 12 + title_h, w - 28, text_h),
            text,
            px=15,
            colour=ink,
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
        )
        label = self.close_text if hint.final else self.skip_text
        bw = min(w - 28, 200.0)
        view.button(
            p,
            QRectF(b.right() - 14 - bw, b.bottom() - 12 - button_h, bw, button_h),
            label,
            ("guide", "close" if hint.final else "skip"),
        )

    def place(self, bubble: QRectF, target: QRectF | None) -> QRectF:
        """Where the bubble covers the least of what can be clicked, and never the target;
        the middle of the table if it is free."""
        view = self.view
        margin = 12.0
        w, h = bubble.width(), bubble.height()
        right = view.width() - w - margin
        bottom = view.height() - h - margin
        middle_x = (view.width() - w) / 2
        middle_y = (view.height() - h) / 2
        spots = [
            (middle_x, middle_y),
            (margin, margin),
            (right, margin),
            (margin, bottom),
            (right, bottom),
            (margin, middle_y),
            (right, middle_y),
            (middle_x, margin),
            (middle_x, bottom),
        ]
        pieces = [r for r, k in view.regions if not _is_guide(k)]
        # What the table says in words (names, scores, the meow key) stays readable too.
        words = [r for r, *_ in view.texts]

        def cost(spot: tuple[float, float]) -> float:
            rect = QRectF(spot[0], spot[1], w, h)
            covered = sum(_area(rect.intersected(r)) for r in pieces)
            covered += 0.5 * sum(_area(rect.intersected(r)) for r in words)
            if target is not None:
                covered += 1e7 * _area(rect.intersected(target.adjusted(-10, -10, 10, 10)))
            # Among free places, the middle of the table: the hands and seats sit round it.
            return covered + 0.001 * _distance(rect.center(), QRectF(view.rect()).center())

        best = min(spots, key=cost)
        return QRectF(max(margin, best[0]), max(margin, best[1]), w, h)


def _is_guide(key: Key | None) -> bool:
    """Whether `key` is one of the guide's own pieces (its bubble and buttons)."""
    return isinstance(key, tuple) and key[:1] == ("guide",)


def _area(r: QRectF) -> float:
    return max(0.0, r.width()) * max(0.0, r.height())


def _distance(a: QPointF, b: QPointF) -> float:
    return float(((a.x() - b.x()) ** 2 + (a.y() - b.y()) ** 2) ** 0.5)


def _edge_towards(rect: QRectF, point: QPointF) -> QPointF:
    """The point of `rect`'s border on the way from its centre to `point`."""
    c = rect.center()
    dx, dy = point.x() - c.x(), point.y() - c.y()
    if dx == 0 and dy == 0:
        return c
    scale = min(
        (rect.width() / 2) / abs(dx) if dx else float("inf"),
        (rect.height() / 2) / abs(dy) if dy else float("inf"),
    )
    scale = min(scale, 1.0)
    return QPointF(c.x() + dx * scale, c.y() + dy * scale)


# -- Momistigri ---------------------------------------------------------------------------------


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


# -- Purrfect -----------------------------------------------------------------------------------


class PurrfectCoach:
    """Hints for a first round of Purrfect: collect one cat, trade the cats you hold fewest of."""

    def __init__(self) -> None:
        self.plan: tuple[str, int, tuple[int, ...]] | None = None
        """("offer", 0, cards) or ("accept", offer id, cards)."""

    @staticmethod
    def said(view: Any) -> set[str]:
        guide = view.guide
        return guide.lessons_said if guide is not None else set()

    def _valid(self, s: Any, seat: int) -> bool:
        if self.plan is None:
            return False
        kind, offer_id, cards = self.plan
        from lanpurr.games.purrfect.legal import unlocked_by_cat

        free = {t for group in unlocked_by_cat(s, seat).values() for t in group}
        if not set(cards) <= free:
            return False
        if kind == "offer":
            return s.offer_of(seat) is None
        offer = s.offer_by_id(offer_id)
        return offer is not None and len(offer.cards) == len(cards)

    def _new_plan(self, s: Any, seat: int) -> tuple[str, int, tuple[int, ...]] | None:
        from lanpurr.games.purrfect.legal import unlocked_by_cat
        from lanpurr.games.purrfect.trading import MAX_OFFER

        counts = s.hand_cats(seat)
        if not counts:
            return None
        keep = max(counts, key=lambda cat: (counts[cat], -s.cats.index(cat)))
        groups = {c: sorted(t) for c, t in unlocked_by_cat(s, seat).items() if c != keep}
        if s.acceptance_of(seat) is None:
            for offer in sorted(s.offers, key=lambda o: o.offer_id):
                if offer.seat == seat:
                    continue
                k = len(offer.cards)
                fitting = [c for c, cards in groups.items() if len(cards) >= k]
                if fitting:
                    cat = min(fitting, key=lambda c: (counts[c], s.cats.index(c)))
                    return ("accept", offer.offer_id, tuple(groups[cat][:k]))
        if s.offer_of(seat) is None and groups:
            cat = min(groups, key=lambda c: (counts[c], s.cats.index(c)))
            return ("offer", 0, tuple(groups[cat][:MAX_OFFER]))
        return None

    def __call__(self, view: Any) -> Hint:
        s = view.state
        me = view.seat
        intro = QCoreApplication.translate(
            "Tutorial",
            "Purrfect: everyone trades at once. Collect nine cards of one cat: offer the "
            "cats you hold fewest of, and take the offers of others in exchange.",
        )
        if view.round_result is not None or view.winner is not None:
            return Hint(
                QCoreApplication.translate(
                    "Tutorial",
                    "That was a whole round! The purrfect player scores the most pawprints. "
                    "Click the button to go on: the rest of the game is yours.",
                ),
                ("button", "next") if view.round_result is not None else ("guide", "close"),
                final=True,
            )
        if s.phase != "round" or not s.hands:
            return Hint(
                QCoreApplication.translate("Tutorial", "The cards are being dealt…"), None, intro
            )
        if view.hand_is_purrfect():
            return Hint(
                QCoreApplication.translate(
                    "Tutorial",
                    "All your cards show one cat: your hand is purrfect! Click Purrfect!",
                ),
                ("button", "declare"),
                QCoreApplication.translate(
                    "Tutorial", "Be quick: the first to declare a purrfect hand wins the round."
                ),
            )
        if s.acceptance_of(me) is not None:
            self.plan = None
            return Hint(
                QCoreApplication.translate(
                    "Tutorial",
                    "You accepted an offer: the swap happens as soon as its owner takes it.",
                ),
                None,
                intro,
            )
        if not self._valid(s, me):
            self.plan = self._new_plan(s, me)
        if self.plan is None:
            return Hint(
                QCoreApplication.translate(
                    "Tutorial",
                    "Your offer is on the table: wait for someone to take it, or accept theirs.",
                ),
                None,
                intro,
            )
        kind, offer_id, cards = self.plan
        if any(c not in cards for c in view.selected):
            return Hint(
                QCoreApplication.translate(
                    "Tutorial", "Start again from nothing: click Clear selection."
                ),
                ("button", "clear"),
            )
        missing = [c for c in cards if c not in view.selected]
        cat = s.cat(cards[0]) or ""
        accept = QCoreApplication.translate(
            "Tutorial",
            "To take an offer you give as many cards of one cat as it holds; you see what "
            "you got only after the swap.",
        )
        offer_lesson = QCoreApplication.translate(
            "Tutorial",
            "An offer is 1 to 4 cards of one cat, face down: the others see only how many.",
        )
        if kind == "accept":
            offer = s.offer_by_id(offer_id)
            name = view.names[offer.seat] if offer is not None else ""
            if missing:
                return Hint(
                    QCoreApplication.translate(
                        "Tutorial",
                        "To take {name}'s offer, select as many of your {cat} cards as it holds "
                        "({n}): click the ringed card.",
                    )
                    .replace("{name}", name)
                    .replace("{n}", str(len(cards)))
                    .replace("{cat}", cat),
                    ("card", missing[0]),
                    accept,
                )
            return Hint(
                QCoreApplication.translate(
                    "Tutorial", "Now click {name}'s offer: you swap your cards for theirs."
                ).replace("{name}", name),
                ("offer", offer_id),
                accept,
            )
        if missing:
            return Hint(
                QCoreApplication.translate(
                    "Tutorial",
                    "Trade away a cat you hold few of: select your {cat} cards. "
                    "Click the ringed card.",
                ).replace("{cat}", cat),
                ("card", missing[0]),
                offer_lesson if intro in self.said(view) else intro,
            )
        return Hint(
            QCoreApplication.translate(
                "Tutorial",
                "Now click Offer: your cards go face down in front of you for the others.",
            ),
            ("button", "offer"),
            offer_lesson,
        )


# -- No sin mi gato -----------------------------------------------------------------------------


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


COACHES: dict[str, Callable[[], Callable[[TableView], Hint]]] = {
    "momistigri": MomistigriCoach,
    "purrfect": PurrfectCoach,
    "gutters": GuttersCoach,
}
