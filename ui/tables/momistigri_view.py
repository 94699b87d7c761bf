"""The Momistigri table: my hand fanned at the bottom, the others around the oval, the arrow of
play and the discard pile in the middle, and every effect's choice as a prompt in the table.
"""

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QPainter, QPainterPath, QPen

from lanpurr.core.game import Event
from lanpurr.games.momistigri.actions import (
    Designate,
    DiscardPair,
    Draw,
    EndTurn,
    Give,
    HandOut,
    Pass,
    Swap,
)
from lanpurr.games.momistigri.deck import MISTIGRI, colour_of, pair_kind, value_of
from lanpurr.games.momistigri.events import (
    CardGiven,
    CardHandedOut,
    CardsDrawn,
    DirectionReversed,
    GameEnded,
    OnesDiscarded,
    PairDiscarded,
    PlayerOut,
    RoundEnded,
    SwapMade,
    TurnEnded,
)
from lanpurr.games.momistigri.rules import binding_pending, cards_to_draw
from lanpurr.games.momistigri.state import (
    DESIGNATE,
    DESIGNATED_DRAW,
    DISCARD,
    DRAW,
    DRAW_THREE,
    DRAW_TWO,
    GIVE,
    HAND_OUT,
    SWAP,
    SWAP_AFTER_DRAW,
    State,
)
from ui import theme
from ui.art import CARD_ASPECT, draw_card_back, draw_momistigri_face, draw_paw
from ui.tables.animation import ease
from ui.tables.source import TableSource
from ui.tables.table_view import TableView, on_oval, opponent_angle

DIAL_COLUMN = 86.0
"""Width of the pile panel's column that holds the arrow of play."""
PENDING_PX = 14
"""Size of the line that says which effect is pending."""
PILE_CARD = (44.0, 64.0)
"""Smallest and largest width of a pile card: the smallest still reads and takes a click."""
PILE_PEEK = 0.42
"""The part of an overlapped pile card's width left in sight: its corner's value and symbol."""
PILE_ROW_PEEK = 0.42
"""The part of a pile card's height left in sight when the next row overlaps it."""

Flight = tuple[QPointF, QPointF, str | None]
"""A card moving across the table: from, to, and its face if I may see it."""


class MomistigriTable(TableView):
    SIDE = 200.0

    def __init__(self, source: TableSource) -> None:
        super().__init__(source)
        self.selected: list[int] = []
        """Cards of my hand chosen for a pair."""
        self.picked: list[int] = []
        """Positions chosen in the previous player's fan (7+7 and 8+8 draw several)."""
        self.chosen: int | None = None
        """The first half of a two-step choice: the card to put (3+3), give (4+4) or hand
        out from the pile (5+5)."""
        self.hints = False
        self.flights: list[Flight] = []
        self.shout: tuple[int, str] | None = None
        self.round_result: RoundEnded | None = None
        self.revealed: dict[int, list[str]] = {}
        self.result: GameEnded | None = None
        self.rounds: list[RoundEnded] = []
        """Every round's scores so far, for the score history."""
        self.coming_faces: dict[int, str] = {}
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def busy(self) -> bool:
        return super().busy() or self.round_result is not None

    # -- what I may do ------------------------------------------------------------------------

    def acting(self) -> bool:
        s: State = self.state
        return s.acting_seat() == self.seat and self.round_result is None and self.result is None

    def legal(self) -> list[Any]:
        if not self.acting():
            return []
        return list(self.game.legal_actions(self.state, self.seat))

    def my_hand(self) -> list[int]:
        s: State = self.state
        if not s.hands:
            return []
        # Sorted by value, then colour, so pairs sit side by side.
        return sorted(s.hands[self.seat], key=lambda t: (self._value(t), self.face_of(t) or ""))

    def _value(self, token: int) -> int:
        face = self.face_of(token)
        return value_of(face) if face else 0

    def drawing_from(self) -> int | None:
        s: State = self.state
        if s.phase == DRAW and s.active == self.seat and self.acting():
            return s.previous_player(self.seat)
        return None

    def pair_choices(self) -> list[DiscardPair]:
        """The pair actions that match my two selected cards (effect and, maybe, reversal)."""
        if len(self.selected) != 2:
            return []
        chosen = set(self.selected)
        return [a for a in self.legal() if isinstance(a, DiscardPair) and set(a.cards) == chosen]

    def pairable(self) -> set[int]:
        """Cards of my hand that could form a pair now (the beginners' hint)."""
        s: State = self.state
        hand = [(t, s.cards.face(t)) for t in s.hands[self.seat]] if s.hands else []
        found = set()
        for i, (t1, f1) in enumerate(hand):
            for t2, f2 in hand[i + 1 :]:
                if f1 and f2 and pair_kind(f1, f2) is not None:
                    found |= {t1, t2}
        return found

    def effect_name(self, effect: str) -> str:
        names = {
            "discard_other_ones": self.tr("1+1: discard your other 1s"),
            "designate": self.tr("2+2: choose the card the next player draws"),
            "swap_with_pile": self.tr("3+3: swap with the pile after the next draw"),
            "give": self.tr("4+4: give a card to a player"),
            "hand_out": self.tr("5+5: hand out cards from the pile"),
            "discard_another_pair": self.tr("6+6: you may discard another pair"),
            "next_draws_two": self.tr("7+7: the next player draws 2 cards from you"),
            "next_draws_three": self.tr("8+8: the next player draws 3 cards from you"),
            "none": self.tr("colour pair: no effect"),
        }
        return names.get(effect, effect)

    def banner(self) -> tuple[str, str, bool]:
        s: State = self.state
        if self.round_result is not None:
            return (
                self.tr("Round {n} is over").format(n=self.round_result.round),
                self.tr("Every hand is shown with its penalty; click the button to go on."),
                True,
            )
        if self.result is not None:
            return self.tr("Game over"), self.winners_text(self.result), False
        if s.phase not in (DRAW, DISCARD, SWAP, DESIGNATE, GIVE, HAND_OUT):
            if s.round >= 1 and not s.hands:
                # Between rounds: the deal waits until everyone has read the scores.
                return (
                    self.tr("Round {n} is next").format(n=s.round + 1),
                    self.tr(
                        "Waiting for every player to close the scores; then the cards are dealt."
                    ),
                    False,
                )
            return self.tr("Dealing"), self.tr("The cards are being dealt…"), False
        actor = s.acting_seat()
        if actor != self.seat:
            name = self.names[actor] if actor is not None else ""
            return self.tr("{name}'s turn").format(name=name), self.doing_text(s, actor), False
        return self.tr("Your turn"), self.prompt(s), True

    def doing_text(self, s: State, actor: int | None) -> str:
        name = self.names[actor] if actor is not None else ""
        if s.phase == DRAW:
            prev = s.previous_player(actor) if actor is not None else None
            if prev == self.seat:
                return self.tr("{name} is drawing from your hand.").format(name=name)
            return self.tr("{name} is drawing a card.").format(name=name)
        if s.phase == SWAP:
            return self.tr("{name} swaps a card with the pile (3+3).").format(name=name)
        if s.phase == DESIGNATE:
            return self.tr("{name} chooses the card the next player draws (2+2).").format(name=name)
        if s.phase == GIVE:
            return self.tr("{name} gives a card away (4+4).").format(name=name)
        if s.phase == HAND_OUT:
            return self.tr("{name} hands out cards from the pile (5+5).").format(name=name)
        return self.tr("{name} may discard a pair.").format(name=name)

    def prompt(self, s: State) -> str:
        """What I am expected to do now, in the words of the table."""
        if s.phase == DRAW:
            holder = s.previous_player(self.seat)
            name = self.names[holder] if holder is not None else ""
            pending = binding_pending(s, holder) if holder is not None else None
            if pending is not None and pending.effect == DESIGNATED_DRAW:
                return self.tr(
                    "2+2: {name} chose the card you draw — click their fan to take it."
                ).format(name=name)
            count = cards_to_draw(s, holder) if holder is not None else 1
            if count > 1:
                return self.tr("Pick {n} cards from {name}'s fan.").format(n=count, name=name)
            return self.tr("Pick a card from {name}'s fan.").format(name=name)
        if s.phase == SWAP:
            if self.chosen is None:
                return self.tr("3+3: click a card of your hand to put on the pile.")
            return self.tr("3+3: now click the pile card you take (or your own card to keep it).")
        if s.phase == DESIGNATE:
            nxt = s.next_player(self.seat)
            name = self.names[nxt] if nxt is not None else ""
            return self.tr("2+2: click the card {name} must draw from you.").format(name=name)
        if s.phase == GIVE:
            if self.chosen is None:
                return self.tr("4+4: click the card you give away.")
            return self.tr("4+4: now click the player who gets it.")
        if s.phase == HAND_OUT:
            if self.chosen is None:
                return self.tr("5+5: click a card of the pile to hand out.")
            return self.tr("5+5: now click the player who gets it.")
        # DISCARD
        if len(self.selected) == 2:
            choices = self.pair_choices()
            if not choices:
                return self.why_not_a_pair(s)
            if len(choices) == 2:
                return self.tr("Choose: the pair's effect, or reverse the arrow.")
            return self.tr("Click Discard pair.")
        if s.pairs_this_turn:
            if s.may_discard:
                return self.tr("6+6: you may discard another pair, or end your turn.")
            return self.tr("You have discarded your pair for this turn: click End turn.")
        if any(isinstance(a, Pass) for a in self.legal()):
            return self.tr("Select two cards that pair (same colour or value), or Pass.")
        return self.tr("You hold a pair and must discard one: select two cards.")

    def why_not_a_pair(self, s: State) -> str:
        """Why the two selected cards cannot be discarded now, naming the rule that forbids it."""
        if not s.may_discard:
            return self.tr("One pair per turn (only a 6+6 allows another): click End turn.")
        faces = [self.face_of(t) for t in self.selected]
        if MISTIGRI in faces:
            return self.tr("The Mistigri never forms a pair: keep it or let it be drawn.")
        return self.tr("These two cards share neither colour nor value: they are not a pair.")

    def face_of(self, token: int) -> str | None:
        """The face of a card of my hand, also when the table has just re-dealt its token and
        the face follows in the same update (so my hand never flashes face down)."""
        face = self.state.cards.face(token)
        return face if face is not None else self.coming_faces.get(token)

    def card_name(self, face: str) -> str:
        if face == MISTIGRI:
            return self.tr("the Mistigri")
        colours = {
            "red": self.tr("red"),
            "blue": self.tr("blue"),
            "green": self.tr("green"),
            "yellow": self.tr("yellow"),
            "purple": self.tr("purple"),
        }
        return self.tr("{value} {colour}").format(
            value=value_of(face), colour=colours.get(colour_of(face), "")
        )

    def describe(self, event: Event) -> str | None:
        """The move in words, for the log and the animation's caption."""
        n = self.names
        if isinstance(event, CardsDrawn):
            count = len(event.drawn)
            if event.holder == self.seat:
                return self.tr("{name} drew %n card(s) from your hand.", "", count).format(
                    name=n[event.drawer]
                )
            if event.drawer == self.seat:
                faces = [f for t in event.drawn if (f := self.face_of(t))]
                if faces:
                    return self.tr("You drew {cards} from {name}.").format(
                        cards=", ".join(self.card_name(f) for f in faces), name=n[event.holder]
                    )
                return self.tr("You drew %n card(s) from {name}.", "", count).format(
                    name=n[event.holder]
                )
            return self.tr("{drawer} drew %n card(s) from {holder}.", "", count).format(
                drawer=n[event.drawer], holder=n[event.holder]
            )
        if isinstance(event, PairDiscarded):
            cards = " + ".join(self.card_name(f) for f in event.faces)
            who = self.tr("You") if event.seat == self.seat else n[event.seat]
            if event.reversed:
                return self.tr("{name} discarded {cards} and reversed the arrow.").format(
                    name=who, cards=cards
                )
            return self.tr("{name} discarded {cards}.").format(name=who, cards=cards)
        if isinstance(event, OnesDiscarded):
            return self.tr("{name} discarded every other 1 too (1+1).").format(name=n[event.seat])
        if isinstance(event, CardGiven):
            if event.recipient == self.seat:
                face = self.face_of(event.card)
                if face:
                    return self.tr("{name} gave you {card} (4+4).").format(
                        name=n[event.giver], card=self.card_name(face)
                    )
                return self.tr("{name} gave you a card (4+4).").format(name=n[event.giver])
            if event.giver == self.seat:
                return self.tr("You gave a card to {name} (4+4).").format(name=n[event.recipient])
            return self.tr("{giver} gave a card to {recipient} (4+4).").format(
                giver=n[event.giver], recipient=n[event.recipient]
            )
        if isinstance(event, CardHandedOut):
            to = self.tr("you") if event.recipient == self.seat else n[event.recipient]
            if event.giver == self.seat:
                return self.tr("You handed {card} from the pile to {name} (5+5).").format(
                    card=self.card_name(event.face), name=to
                )
            return self.tr("{giver} handed {card} from the pile to {recipient} (5+5).").format(
                giver=n[event.giver], card=self.card_name(event.face), recipient=to
            )
        if isinstance(event, SwapMade):
            if event.seat == self.seat:
                return self.tr("You put {put} on the pile and took {take} (3+3).").format(
                    put=self.card_name(event.put_face), take=self.card_name(event.take_face)
                )
            return self.tr("{name} put {put} on the pile and took {take} (3+3).").format(
                name=n[event.seat],
                put=self.card_name(event.put_face),
                take=self.card_name(event.take_face),
            )
        if isinstance(event, DirectionReversed):
            return (
                self.tr("The arrow turns: play goes clockwise now.")
                if event.direction == 1
                else self.tr("The arrow turns: play goes counter-clockwise now.")
            )
        if isinstance(event, PlayerOut):
            if event.seat == self.seat:
                return self.tr("You are out — Miaooo!")
            return self.tr("{name} is out — Miaooo!").format(name=n[event.seat])
        if isinstance(event, TurnEnded) and event.passed:
            if event.seat == self.seat:
                return self.tr("You passed.")
            return self.tr("{name} passed.").format(name=n[event.seat])
        if isinstance(event, RoundEnded):
            return self.tr("Round {n} is over.").format(n=event.round)
        return None

    def score_history(self) -> tuple[list[str], list[tuple[str, list[str]]]]:
        """Penalty points of each round, then the total."""
        if not self.rounds:
            return [], []
        headers = [self.tr("R{n}").format(n=r.round) for r in self.rounds] + [self.tr("Total")]
        rows = []
        for seat, name in enumerate(self.names):
            cells = [f"+{r.penalties[seat]}" for r in self.rounds]
            rows.append((name, [*cells, str(self.rounds[-1].totals[seat])]))
        return headers, rows

    def receive(self, update: Any) -> None:
        # Faces of my hand that arrive later in this update, for the steps before them.
        for view in (*(step.view for step in update.steps), update.view):
            if view.hands:
                for token in view.hands[self.seat]:
                    face = view.cards.face(token)
                    if face is not None:
                        self.coming_faces[token] = face
        super().receive(update)

    def winners_text(self, result: GameEnded) -> str:
        if result.winners == (self.seat,):
            return self.tr("You win with the fewest penalty points.")
        names = ", ".join(self.names[w] for w in result.winners)
        if len(result.winners) > 1:
            return self.tr("{names} share the win.").format(names=names)
        return self.tr("{names} wins with the fewest penalty points.").format(names=names)

    # -- events -------------------------------------------------------------------------------

    def duration_of(self, event: Event) -> int:
        if isinstance(
            event, CardsDrawn | PairDiscarded | CardGiven | CardHandedOut | SwapMade | OnesDiscarded
        ):
            return 520
        if isinstance(event, DirectionReversed):
            return 600
        if isinstance(event, PlayerOut):
            return 900
        if isinstance(event, TurnEnded) and event.passed:
            return 350
        return 0

    def before_event(self, event: Event) -> None:
        s: State = self.state
        self.flights = []
        self.shout = None
        if isinstance(event, CardsDrawn):
            self.flights = [
                (self.seat_anchor(event.holder), self.seat_anchor(event.drawer), None)
                for _ in event.drawn
            ]
        elif isinstance(event, PairDiscarded | OnesDiscarded):
            self.flights = [
                (self.seat_anchor(event.seat), self.pile_centre(), f) for f in event.faces
            ]
        elif isinstance(event, CardGiven):
            self.flights = [
                (self.seat_anchor(event.giver), self.seat_anchor(event.recipient), None)
            ]
        elif isinstance(event, CardHandedOut):
            self.flights = [(self.pile_centre(), self.seat_anchor(event.recipient), event.face)]
        elif isinstance(event, SwapMade):
            self.flights = [
                (self.seat_anchor(event.seat), self.pile_centre(), event.put_face),
                (self.pile_centre(), self.seat_anchor(event.seat), event.take_face),
            ]
        elif isinstance(event, PlayerOut):
            self.shout = (event.seat, self.tr("Miaooo!"))
        elif isinstance(event, TurnEnded) and event.passed:
            self.shout = (event.seat, self.tr("Pass"))
        elif isinstance(event, RoundEnded):
            faces = dict(event.revealed)
            self.revealed = {
                seat: [faces[t] for t in hand if t in faces] for seat, hand in enumerate(s.hands)
            }
            self.round_result = event
            self.rounds.append(event)
            self.selected = []
        elif isinstance(event, GameEnded):
            self.result = event

    def after_update(self) -> None:
        s: State = self.state
        if not self.acting():
            self.selected, self.picked, self.chosen = [], [], None
        hand = set(s.hands[self.seat]) if s.hands else set()
        self.selected = [t for t in self.selected if t in hand]
        if s.phase != DRAW:
            self.picked = []

    # -- geometry -----------------------------------------------------------------------------

    def card_width(self) -> float:
        return max(44.0, min(92.0, (self.height() - 360) / 2.4))

    def seat_box(self, seat: int) -> QRectF:
        mine = QRectF(20, self.height() - 150, self.SIDE - 30, 132)
        if seat == self.seat:
            return mine
        bottom = self.height() - self.card_width() * CARD_ASPECT - 120
        top = min(90.0, self.height() * 0.12)  # a low window seats the far players higher
        oval = QRectF(self.width() * 0.12, top, self.width() * 0.76, (bottom - top) * 1.55)
        spot = on_oval(oval, opponent_angle(seat, self.seat, self.state.players))
        box = QRectF(spot.x() - 115, spot.y() - 40, 230, 118)
        if box.intersects(mine.adjusted(0, -8, 0, 0)):
            box.moveBottom(mine.top() - 8)  # a low table: the side seat sits above mine
        return box

    def seat_anchor(self, seat: int) -> QPointF:
        if seat == self.seat:
            return QPointF(self.width() / 2, self.height() - self.card_width())
        return self.seat_box(seat).center()

    def pile_area(self) -> QRectF:
        """The middle of the table: from under the players seated across from me down to the
        effect buttons that show above my hand."""
        w = self.width() * 0.44
        left = (self.width() - w) / 2
        above = [
            box.bottom()
            for seat in range(self.state.players)
            if seat != self.seat
            for box in (self.seat_box(seat),)
            if box.top() < self.height() / 2 and box.left() < left + w and box.right() > left
        ]
        top = max(above, default=130.0) + 12
        hand_top = self.height() - 20 - self.card_width() * (CARD_ASPECT + 0.25)
        bottom = max(top + 120.0, hand_top - 72)  # room for the effect buttons (paint_buttons)
        # As wide as the players seated at its sides leave it, up to half the table.
        beside = [self.seat_box(seat) for seat in range(self.state.players) if seat != self.seat]
        beside = [b for b in beside if b.bottom() > top and b.top() < bottom]
        middle = self.width() / 2
        half = min(
            [self.width() * 0.25]
            + [middle - b.right() - 14 for b in beside if b.center().x() < middle]
            + [b.left() - middle - 14 for b in beside if b.center().x() > middle]
        )
        half = max(half, self.width() * 0.22)
        return QRectF(middle - half, top, 2 * half, bottom - top)

    def pile_centre(self) -> QPointF:
        return self.pile_area().center()

    def pending_rect(self) -> QRectF:
        """Where a pending effect is said: along the bottom of the pile's column, as many lines
        high as its words need, never under the arrow of play (empty if nothing is pending)."""
        text = self.pending_text()
        if not text:
            return QRectF()
        area = self.pile_area().adjusted(10, 0, -(DIAL_COLUMN + 4), -6)
        height = self.wrapped_height(area.width(), text, PENDING_PX) + 4
        return QRectF(area.left(), area.bottom() - height, area.width(), height)

    def pile_rects(self) -> list[tuple[int, QRectF]]:
        """Where each pile card is drawn, in rows; a long pile overlaps its cards left to right,
        each showing at least its corner (value and symbol), rather than shrinking them."""
        s: State = self.state
        count = len(s.pile)
        if not count:
            return []
        # The right-hand column of the panel holds the arrow of play; a pending effect is said
        # along the bottom. Cards never go under either.
        pending = self.pending_rect()
        area = self.pile_area().adjusted(10, 34, -(DIAL_COLUMN + 10), -10)
        if not pending.isEmpty():
            area.setBottom(pending.top() - 4)
        w, rows, x_step, y_step = _pile_layout(count, area.width(), area.height())
        per_row = -(-count // rows)
        h = w * CARD_ASPECT
        rects = []
        for i, token in enumerate(s.pile):
            r, c = divmod(i, per_row)
            rects.append((token, QRectF(area.left() + c * x_step, area.top() + r * y_step, w, h)))
        return rects

    def pile_card_target(self, laid: list[tuple[int, QRectF]], index: int) -> QRectF:
        """The part of pile card `index` that no later card covers: where a click takes it."""
        rect = QRectF(laid[index][1])
        for _token, later in laid[index + 1 :]:
            if not later.intersects(rect):
                continue
            if later.top() > rect.top():  # the next row covers its lower part
                rect.setBottom(min(rect.bottom(), later.top()))
            elif later.left() > rect.left():  # the next card of its row covers its right part
                rect.setRight(min(rect.right(), later.left()))
        return rect

    def hand_rects(self) -> list[tuple[int, QRectF]]:
        hand = self.my_hand()
        if not hand:
            return []
        w = self.card_width()
        h = w * CARD_ASPECT
        room = self.width() - 2 * self.SIDE
        step = min(w + 8, (room - w) / max(1, len(hand) - 1))
        total = step * (len(hand) - 1) + w
        x = (self.width() - total) / 2
        y = self.height() - h - 20
        rects = []
        for i, token in enumerate(hand):
            lift = w * 0.25 if token in self.selected or token == self.chosen else 0.0
            rects.append((token, QRectF(x + i * step, y - lift, w, h)))
        return rects

    def fan_rects(self, seat: int) -> list[QRectF]:
        """The face-down cards of another player, fanned inside their box."""
        box = self.seat_box(seat)
        count = len(self.state.hands[seat]) if self.state.hands else 0
        w = 30.0
        h = w * CARD_ASPECT
        step = min(18.0, (box.width() - 70 - w) / max(1, count - 1))
        rects = []
        lifted = self.drawing_from() == seat
        for i in range(count):
            lift = 10.0 if lifted and i in self.picked else 0.0
            rects.append(QRectF(box.left() + 10 + i * step, box.top() + 54 - lift, w, h))
        return rects

    # -- painting -----------------------------------------------------------------------------

    def paint_table(self, p: QPainter) -> None:
        s: State = self.state
        if not s.hands:
            self.label(p, QRectF(self.rect()), self.tr("Dealing…"), px=24)
            return
        self.paint_centre(p, s)
        for seat in range(s.players):
            if seat == self.seat:
                self.paint_me(p, s)
            else:
                self.paint_opponent(p, s, seat)
        self.paint_hand(p, s)
        self.paint_buttons(p, s)
        self.paint_flights(p)
        if self.shout is not None and self.animator.busy():
            seat, text = self.shout
            anchor = self.seat_box(seat).topLeft() + QPointF(40, -12)
            self.paint_shout(p, anchor, text)
        # The last round's hands first, then the game's result.
        if self.round_result is not None and not self.animator.busy():
            self.paint_round_result(p, s, self.round_result)
        elif self.result is not None and not self.animator.busy():
            self.paint_game_over(p, s, self.result)

    def paint_help_card(self, p: QPainter, rect: QRectF, face_up: bool) -> None:
        """The help card: face up after a pair, face down after a pass (M-5.7)."""
        t = theme.current()
        if not face_up:
            draw_card_back(p, rect)
            return
        p.save()
        p.setPen(QPen(t.color("wood_dark"), 1.5))
        p.setBrush(QBrush(t.color("cream")))
        p.drawRoundedRect(rect, 4, 4)
        p.restore()
        draw_paw(p, rect.center(), rect.width() * 0.6, t.color("accent_dark"))

    def paint_opponent(self, p: QPainter, s: State, seat: int) -> None:
        t = theme.current()
        box = self.seat_box(seat)
        drawing = self.drawing_from() == seat
        receiver = seat in self.recipients_now()
        self.panel(p, box, glow=drawing or receiver)
        self.label(
            p,
            QRectF(box.left() + 10, box.top() + 4, box.width() - 20, 24),
            self.names[seat],
            px=16,
            role=theme.FontRole.HEADING,
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )
        self.label(
            p,
            QRectF(box.left() + 10, box.top() + 4, box.width() - 20, 24),
            self.tr("%n pts", "", s.totals[seat] if s.totals else 0),
            px=14,
            role=theme.FontRole.NUMBER,
            align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
        )
        count = len(s.hands[seat])
        if count == 0:
            self.label(
                p,
                QRectF(box.left(), box.top() + 40, box.width() - 50, 50),
                self.tr("Out — Miaooo!"),
                px=15,
                role=theme.FontRole.HEADING,
            )
        fan = self.fan_rects(seat)
        for i, rect in enumerate(fan):
            draw_card_back(p, rect, highlight=drawing)
            if drawing:
                self.region(
                    _visible(rect, fan[i + 1] if i + 1 < len(fan) else None), ("fan", seat, i)
                )
        if count:
            self.label(
                p,
                QRectF(box.left() + 10, box.bottom() - 24, 120, 20),
                self.tr("Cards: {n}").format(n=count),
                px=13,
                align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            )
        help_rect = QRectF(box.right() - 44, box.top() + 40, 32, 32 * CARD_ASPECT)
        self.paint_help_card(p, help_rect, s.help_up[seat] if s.help_up else True)
        if s.active == seat:
            p.save()
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QBrush(t.color("accent")))
            p.drawEllipse(QPointF(box.left() - 4, box.top() + 16), 8, 8)
            p.restore()
        if receiver:
            self.region(box, ("player", seat))

    def paint_me(self, p: QPainter, s: State) -> None:
        box = self.seat_box(self.seat)
        receiver = self.seat in self.recipients_now()
        self.panel(p, box, glow=receiver or (s.active == self.seat))
        self.label(
            p,
            QRectF(box.left(), box.top() + 6, box.width(), 24),
            self.names[self.seat],
            px=17,
            role=theme.FontRole.HEADING,
        )
        self.label(
            p,
            QRectF(box.left(), box.top() + 32, box.width(), 24),
            self.tr("%n pts", "", s.totals[self.seat] if s.totals else 0),
            px=16,
            role=theme.FontRole.NUMBER,
        )
        if s.hands and not s.hands[self.seat]:
            # Out of cards: said on my own panel as on everyone else's screen.
            self.label(
                p,
                QRectF(box.left() + 6, box.top() + 60, box.width() - 70, 44),
                self.tr("Out — Miaooo!"),
                px=15,
                role=theme.FontRole.HEADING,
            )
        else:
            self.label(
                p, QRectF(box.left() + 10, box.top() + 64, 90, 40), self.tr("Help card"), px=13
            )
        self.paint_help_card(
            p,
            QRectF(box.right() - 56, box.top() + 60, 40, 40 * CARD_ASPECT),
            s.help_up[self.seat] if s.help_up else True,
        )
        if receiver:
            self.region(box, ("player", self.seat))

    def recipients_now(self) -> set[int]:
        """The players I may click now: the recipient of a 4+4 or 5+5 card."""
        s: State = self.state
        if self.chosen is None or s.phase not in (GIVE, HAND_OUT) or not self.acting():
            return set()
        return set(s.recipients)

    def pending_text(self) -> str:
        """The pending effect as the table shows it (empty if none)."""
        s: State = self.state
        if s.pending is None:
            return ""
        if s.pending.owner == self.seat:
            mine = {
                DESIGNATED_DRAW: self.tr("2+2 pending: the next player takes the card you chose"),
                SWAP_AFTER_DRAW: self.tr("3+3 pending: you swap with the pile after the next draw"),
                DRAW_TWO: self.tr("7+7 pending: the next player draws 2 cards from you"),
                DRAW_THREE: self.tr("8+8 pending: the next player draws 3 cards from you"),
            }
            return mine.get(s.pending.effect, "")
        owner = self.names[s.pending.owner]
        texts = {
            DESIGNATED_DRAW: self.tr("2+2 pending: the next player takes the card {name} chose"),
            SWAP_AFTER_DRAW: self.tr("3+3 pending: {name} swaps with the pile after the next draw"),
            DRAW_TWO: self.tr("7+7 pending: the next player draws 2 cards from {name}"),
            DRAW_THREE: self.tr("8+8 pending: the next player draws 3 cards from {name}"),
        }
        return texts.get(s.pending.effect, "").format(name=owner)

    def paint_centre(self, p: QPainter, s: State) -> None:
        t = theme.current()
        area = self.pile_area()
        taking = self.acting() and (
            (s.phase == SWAP and self.chosen is not None)
            or (s.phase == HAND_OUT and self.chosen is None)
        )
        self.panel(p, area, glow=taking)
        self.label(
            p,
            QRectF(area.left() + 12, area.top() + 4, area.width() - 24, 26),
            self.tr("Discard pile ({n})").format(n=len(s.pile)),
            px=14,
            role=theme.FontRole.HEADING,
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )
        laid = self.pile_rects()
        for i, (token, rect) in enumerate(laid):
            face = s.cards.face(token)
            if face is not None:
                draw_momistigri_face(p, rect, face, t.colour_blind)
            if token == self.chosen:
                p.save()
                p.setPen(QPen(t.color("accent"), 4))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 6, 6)
                p.restore()
            if taking:
                self.region(self.pile_card_target(laid, i), ("pile", token))
        if not (self.showing_keep() and self.keep_rect().top() < self.arrow_rect().bottom()):
            self.paint_arrow(p, s)
        pending = self.pending_rect()
        if not pending.isEmpty():
            self.label(p, pending, self.pending_text(), px=PENDING_PX, colour=t.color("accent"))

    def arrow_rect(self) -> QRectF:
        """Inside the pile's panel, top right: never under a seat's panel, whatever the size."""
        area = self.pile_area()
        return QRectF(area.right() - DIAL_COLUMN + 6, area.top() + 40, 64, 64)

    def paint_arrow(self, p: QPainter, s: State) -> None:
        """The arrow of play beside the pile; clockwise passes to the left (M-3.2). It spins
        round when the direction is reversed."""
        t = theme.current()
        ring = self.arrow_rect()
        spin = 0.0
        if isinstance(self.moving, DirectionReversed) and self.animator.busy():
            spin = 180.0 * (1 - ease(self.animator.progress()))
        clockwise = s.direction == 1
        p.save()
        p.setPen(QPen(t.color("accent"), 2))
        p.setBrush(QBrush(QColor(t.palette.felt_dark)))
        p.drawEllipse(ring.adjusted(-8, -8, 8, 8))
        p.translate(ring.center())
        p.rotate(spin)
        p.translate(-ring.center())
        pen = QPen(t.color("accent"), 6)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        arc = ring.adjusted(10, 10, -10, -10)
        # Qt measures arcs counter-clockwise from 3 o'clock; draw 300° and put the head at the
        # end the play runs toward.
        p.drawArc(arc, 120 * 16, 300 * 16 if not clockwise else -300 * 16)
        end = (120 - 300) if clockwise else (120 + 300)
        self._arrow_head(p, arc, -end, clockwise)
        p.restore()
        label = self.tr("clockwise") if clockwise else self.tr("counter-clockwise")
        label = label.replace("-", "-\u200b")  # may break after the hyphen in a narrow column
        self.label(
            p, QRectF(ring.left() - 12, ring.bottom() + 10, ring.width() + 24, 40), label, px=13
        )

    def _arrow_head(self, p: QPainter, area: QRectF, degrees: float, clockwise: bool) -> None:
        a = math.radians(degrees)
        tip = QPointF(
            area.center().x() + area.width() / 2 * math.cos(a),
            area.center().y() + area.height() / 2 * math.sin(a),
        )
        # The direction of travel on screen (y down): clockwise increases the angle.
        sign = 1 if clockwise else -1
        tx, ty = -math.sin(a) * sign, math.cos(a) * sign
        nx, ny = -ty, tx
        head = QPainterPath(QPointF(tip.x() + tx * 12, tip.y() + ty * 12))
        head.lineTo(QPointF(tip.x() + nx * 9 - tx * 2, tip.y() + ny * 9 - ty * 2))
        head.lineTo(QPointF(tip.x() - nx * 9 - tx * 2, tip.y() - ny * 9 - ty * 2))
        head.closeSubpath()
        p.save()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(theme.current().color("accent")))
        p.drawPath(head)
        p.restore()

    def paint_hand(self, p: QPainter, s: State) -> None:
        t = theme.current()
        clickable = (
            self.acting()
            and s.phase in (DISCARD, DESIGNATE, GIVE, SWAP)
            and not (s.phase == SWAP and self.chosen is not None)
        )
        hinted = self.pairable() if self.hints else set()
        rects = self.hand_rects()
        for index, (token, rect) in enumerate(rects):
            face = self.face_of(token)
            if face is None:
                draw_card_back(p, rect)
                continue
            draw_momistigri_face(p, rect, face, t.colour_blind)
            marked = token in self.selected or token == self.chosen
            if marked or token in hinted:
                p.save()
                colour = t.color("accent") if marked else QColor("#7fd1ff")
                p.setPen(
                    QPen(
                        colour,
                        4 if marked else 3,
                        Qt.PenStyle.SolidLine if marked else Qt.PenStyle.DashLine,
                    )
                )
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 8, 8)
                p.restore()
            if clickable:
                after = rects[index + 1][1] if index + 1 < len(rects) else None
                self.region(_visible(rect, after), ("hand", token))
        if self.showing_keep():
            # M-6.4: the card just put down may be taken back; shown in the pile's panel, never
            # over a seat.
            face = s.cards.face(self.chosen) if self.chosen is not None else None
            rect = self.keep_rect()
            if face is not None and self.chosen is not None:
                draw_momistigri_face(p, rect, face, t.colour_blind)
                self.label(
                    p,
                    QRectF(rect.center().x() - DIAL_COLUMN / 2, rect.bottom() + 2, DIAL_COLUMN, 18),
                    self.tr("keep it"),
                    px=13,
                )
                self.region(rect, ("pile", self.chosen))

    def showing_keep(self) -> bool:
        """A 3+3 swap has its card chosen: that card is shown to be taken back (M-6.4)."""
        s: State = self.state
        return s.phase == SWAP and self.chosen is not None and self.acting()

    def keep_rect(self) -> QRectF:
        """Where the 3+3 card to keep is drawn: in the pile panel's right-hand column, under the
        arrow of play if there is room, else in the arrow's place."""
        area = self.pile_area()
        ring = self.arrow_rect()
        w = DIAL_COLUMN - 30
        h = w * CARD_ASPECT
        bottom = area.bottom() - 6  # the pending line stays left of this column
        below = ring.bottom() + 54  # after the arrow's label
        top = below if below + h + 20 <= bottom else ring.top() - 6
        return QRectF(area.right() - DIAL_COLUMN + 15, top, w, h)

    def paint_buttons(self, p: QPainter, s: State) -> None:
        x = self.width() - self.SIDE + 14
        bw = self.SIDE - 34
        y = self.height() - 70
        self.button(
            p,
            QRectF(x, 92, bw, 40),
            self.tr("Hide pairs") if self.hints else self.tr("Show pairs"),
            ("button", "hints"),
        )
        if not self.acting() or s.phase != DISCARD:
            return
        legal = self.legal()
        choices = self.pair_choices()
        # The pair's choice is a bar of wide buttons above my hand, where my eyes are.
        hand = self.hand_rects()
        top = min((r.top() for _, r in hand), default=self.height() - 200.0)
        bar_w = min(330.0, (self.width() - 2 * self.SIDE) / 2 - 30)
        centre = self.width() / 2
        if len(choices) == 2:
            effect = next(c for c in choices if not c.reverse)
            kind = pair_kind(*effect.faces)
            value = kind.value if kind is not None else 0
            effects = {1: "discard_other_ones", 2: "designate", 3: "swap_with_pile"}
            self.button(
                p,
                QRectF(centre - bar_w - 8, top - 64, bar_w, 50),
                self.effect_name(effects.get(value, "none")),
                ("button", "effect"),
                accent=True,
            )
            self.button(
                p,
                QRectF(centre + 8, top - 64, bar_w, 50),
                self.tr("Reverse the arrow"),
                ("button", "reverse"),
                accent=True,
            )
        elif len(choices) == 1:
            kind = pair_kind(*choices[0].faces)
            text = self.tr("Discard pair")
            if kind is not None and kind.is_value_pair:
                effect_id = {
                    4: "give",
                    5: "hand_out",
                    6: "discard_another_pair",
                    7: "next_draws_two",
                    8: "next_draws_three",
                }.get(kind.value, "none")
                text = self.tr("Discard pair — {effect}").format(effect=self.effect_name(effect_id))
            self.button(
                p,
                QRectF(centre - bar_w, top - 64, 2 * bar_w, 50),
                text,
                ("button", "effect"),
                accent=True,
            )
        if any(isinstance(a, Pass) for a in legal):
            self.button(p, QRectF(x, y, bw, 50), self.tr("Pass"), ("button", "pass"))
        if any(isinstance(a, EndTurn) for a in legal):
            self.button(p, QRectF(x, y, bw, 50), self.tr("End turn"), ("button", "end"))

    def paint_flights(self, p: QPainter) -> None:
        if not self.flights or not self.animator.busy():
            return
        t = self.animator.progress()
        w = 54.0
        for start, end, face in self.flights:
            centre = QPointF(
                start.x() + (end.x() - start.x()) * t, start.y() + (end.y() - start.y()) * t
            )
            rect = QRectF(centre.x() - w / 2, centre.y() - w * CARD_ASPECT / 2, w, w * CARD_ASPECT)
            if face is None:
                draw_card_back(p, rect, highlight=True)
            else:
                draw_momistigri_face(p, rect, face, theme.current().colour_blind)

    def paint_shout(self, p: QPainter, anchor: QPointF, text: str) -> None:
        t = theme.current()
        rect = QRectF(anchor.x(), anchor.y() - 30, 150, 40)
        p.save()
        p.setPen(QPen(t.color("ink"), 2))
        p.setBrush(QBrush(QColor("white")))
        p.drawRoundedRect(rect, 16, 16)
        p.restore()
        self.label(p, rect, text, px=18, role=theme.FontRole.TITLE, colour=t.color("ink"))

    def paint_round_result(self, p: QPainter, s: State, result: RoundEnded) -> None:
        t = theme.current()
        w = min(self.width() * 0.86, 860.0)
        # Rows get closer on a short table (zoomed, small screen) so the panel stays on it.
        row_h = max(44.0, min(64.0, (self.height() - 12 - 180) / s.players))
        h = 110 + row_h * s.players + 70
        box = QRectF((self.width() - w) / 2, max(6.0, (self.height() - h) / 2), w, h)
        p.save()
        p.setPen(QPen(t.color("accent"), 4))
        p.setBrush(QBrush(t.color("cream")))
        p.drawRoundedRect(box, 18, 18)
        p.restore()
        ink = t.color("ink")
        self.label(
            p,
            QRectF(box.left(), box.top() + 12, w, 40),
            self.tr("Round {n}: the hands are shown").format(n=result.round),
            px=24,
            role=theme.FontRole.TITLE,
            colour=ink,
        )
        self.label(
            p,
            QRectF(box.left(), box.top() + 56, w - 40, 26),
            self.tr("penalty · total"),
            px=14,
            colour=ink,
            align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
        )
        y = box.top() + 86
        for seat in range(s.players):
            self.label(
                p,
                QRectF(box.left() + 20, y, 150, row_h),
                self.names[seat],
                px=17,
                role=theme.FontRole.HEADING,
                colour=ink,
                align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            )
            faces = self.revealed.get(seat, [])
            if not faces:
                self.label(
                    p,
                    QRectF(box.left() + 170, y, 300, row_h),
                    self.tr("out: 0"),
                    px=15,
                    colour=ink,
                    align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                )
            cw = 40.0
            step = min(cw + 4, (w - 360) / max(1, len(faces)))
            for i, face in enumerate(faces):
                ch = min(cw * CARD_ASPECT * 0.98, row_h - 6)
                draw_momistigri_face(
                    p,
                    QRectF(box.left() + 170 + i * step, y + 3, ch / CARD_ASPECT, ch),
                    face,
                    t.colour_blind,
                )
            self.label(
                p,
                QRectF(box.right() - 170, y, 150, row_h),
                self.tr("+{p} · {total}").format(
                    p=result.penalties[seat], total=result.totals[seat]
                ),
                px=18,
                role=theme.FontRole.NUMBER,
                colour=ink,
                align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            )
            y += row_h
        text = self.tr("See who won") if self.result is not None else self.tr("Next round")
        self.button(
            p,
            QRectF(box.center().x() - 110, box.bottom() - 62, 220, 48),
            text,
            ("button", "next"),
            accent=True,
        )

    def paint_game_over(self, p: QPainter, s: State, result: GameEnded) -> None:
        lines = [
            (self.names[seat], self.tr("%n pts", "", result.totals[seat]), seat in result.winners)
            for seat in range(s.players)
        ]
        if self.seat in result.winners:
            title = (
                self.tr("You win!") if len(result.winners) == 1 else self.tr("You share the win!")
            )
        else:
            title = self.winners_text(result)
        self.paint_results(
            p,
            title,
            lines,
            self.tr("The fewest penalty points wins."),
            (
                (self.tr("Play again"), ("button", "again")),
                (self.tr("Back to the lobby"), ("button", "leave")),
            ),
        )

    # -- input --------------------------------------------------------------------------------

    def clicked(self, key: Any) -> None:
        s: State = self.state
        kind = key[0]
        if kind == "button":
            self.press(key[1])
        elif kind == "fan":
            self.pick_from_fan(key[2])
        elif kind == "hand":
            self.click_hand(key[1])
        elif kind == "pile":
            if s.phase == SWAP and self.chosen is not None:
                put = self.chosen
                face = s.cards.face(put) or ""
                self.chosen = None
                self.act(Swap(self.seat, put, face, key[1]))
            elif s.phase == HAND_OUT:
                self.chosen = key[1]
        elif kind == "player" and self.chosen is not None:
            card, self.chosen = self.chosen, None
            if s.phase == GIVE:
                self.act(Give(self.seat, card, key[1]))
            elif s.phase == HAND_OUT:
                self.act(HandOut(self.seat, card, s.cards.face(card) or "", key[1]))
        self.banner_changed.emit()

    def pick_from_fan(self, position: int) -> None:
        s: State = self.state
        holder = s.previous_player(self.seat)
        if holder is None:
            return
        pending = binding_pending(s, holder)
        if pending is not None and pending.effect == DESIGNATED_DRAW:
            self.act(Draw(self.seat, ()))
            return
        if position in self.picked:
            self.picked.remove(position)
            return
        self.picked.append(position)
        if len(self.picked) == cards_to_draw(s, holder):
            picks, self.picked = tuple(sorted(self.picked)), []
            self.act(Draw(self.seat, picks))

    def click_hand(self, token: int) -> None:
        s: State = self.state
        if s.phase == DESIGNATE:
            self.act(Designate(self.seat, token))
        elif s.phase in (GIVE, SWAP):
            self.chosen = None if self.chosen == token else token
        elif s.phase == DISCARD:
            if token in self.selected:
                self.selected.remove(token)
            else:
                self.selected = [*self.selected[-1:], token]

    def press(self, name: str) -> None:
        if name == "hints":
            self.hints = not self.hints
        elif name == "next":
            self.round_result = None
        elif name == "leave":
            self.leave_requested.emit()
        elif name == "again":
            self.play_again_requested.emit()
        elif name in ("effect", "reverse"):
            choice = [c for c in self.pair_choices() if c.reverse == (name == "reverse")]
            if choice and self.act(choice[0]):
                self.selected = []
        elif name == "pass":
            self.act(Pass(self.seat))
        elif name == "end":
            self.act(EndTurn(self.seat))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.selected, self.picked, self.chosen = [], [], None
            self.update()
            self.banner_changed.emit()
        else:
            super().keyPressEvent(event)


def _visible(rect: QRectF, covering: QRectF | None) -> QRectF:
    """The part of a fanned card not hidden by the next one, so a click lands on what it shows."""
    if covering is None or covering.left() >= rect.right():
        return rect
    return QRectF(rect.left(), rect.top(), max(4.0, covering.left() - rect.left()), rect.height())


def _pile_layout(count: int, width: float, height: float) -> tuple[float, int, float, float]:
    """(card width, rows, step from one card to the next in a row, step from one row to the
    next) for `count` pile cards in `width`×`height`. The largest cards side by side if they
    fit; else the largest that fit overlapped, each card's corner (value and symbol) in sight;
    else the smallest, overlapped as far as needed."""
    smallest, largest = PILE_CARD

    def x_step(w: float, rows: int) -> float:
        per_row = -(-count // rows)
        return w + 4 if per_row == 1 else min(w + 4, (width - w) / (per_row - 1))

    def y_step(w: float, rows: int) -> float:
        h = w * CARD_ASPECT
        return h + 4 if rows == 1 else min(h + 4, (height - h) / (rows - 1))

    def layouts(w: float) -> list[tuple[int, float, float]]:
        return [(r, x_step(w, r), y_step(w, r)) for r in range(1, count + 1)]

    def side_by_side(w: float, x: float, y: float) -> bool:
        return x >= w + 4 - 0.01 and y >= w * CARD_ASPECT + 4 - 0.01

    def corners_show(w: float, x: float, y: float) -> bool:
        return x >= w * PILE_PEEK - 0.01 and y >= w * CARD_ASPECT * PILE_ROW_PEEK - 0.01

    for good in (side_by_side, corners_show):
        w = largest
        while w >= smallest:
            for rows, x, y in layouts(w):
                if good(w, x, y):
                    return w, rows, x, y
            w -= 2
    rows = max(1, int((height - smallest * CARD_ASPECT) // (smallest * CARD_ASPECT * 0.45)) + 1)
    rows = min(rows, count)
    return smallest, rows, x_step(smallest, rows), y_step(smallest, rows)
