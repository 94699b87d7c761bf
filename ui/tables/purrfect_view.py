"""The Purrfect table: my nine cards grouped by cat, offers as face-down cards with a meow bubble.

Select 1–4 cards of one cat, then "Offer", or click someone's offer to accept it with them.
The meow key (which word means how many cards) is always shown at the top.
"""

import secrets
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QKeyEvent,
    QPainter,
    QPainterPath,
    QPen,
)

from lanpurr.core.game import Event
from lanpurr.games.purrfect.actions import (
    AcceptOffer,
    DeclarePurrfect,
    OpenOffer,
    WithdrawOffer,
)
from lanpurr.games.purrfect.events import (
    AcceptanceMade,
    AcceptanceRejected,
    GameWon,
    OfferOpened,
    PurrfectDeclared,
    RoundScored,
    SwapMade,
)
from lanpurr.games.purrfect.state import PurrfectState
from ui import theme
from ui.art import CARD_ASPECT, draw_card_back, draw_paw, draw_purrfect_face
from ui.tables.source import TableSource
from ui.tables.table_view import TableView, on_oval, opponent_angle, table_font

MAX_OFFER = 4


class PurrfectTable(TableView):
    def __init__(self, source: TableSource) -> None:
        super().__init__(source)
        self.selected: list[int] = []
        self.declared: PurrfectDeclared | None = None
        """A declaration being shown to the table (valid or not)."""
        self.round_result: RoundScored | None = None
        """The last round's scores, shown until I click "Next round"."""
        self.winner: GameWon | None = None
        self.swap: SwapMade | None = None
        self.rounds: list[RoundScored] = []
        """Every round's scores so far, for the score history."""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def busy(self) -> bool:
        return super().busy() or self.round_result is not None

    # -- what I may do ------------------------------------------------------------------------

    def my_hand(self) -> list[int]:
        s: PurrfectState = self.state
        if not s.hands:
            return []
        # Grouped by cat, in table order; locked cards stay with their cat.
        order = {cat: i for i, cat in enumerate(s.cats)}
        return sorted(s.hands[self.seat], key=lambda t: (order.get(s.cat(t) or "", 99), t))

    def selection_cat(self) -> str | None:
        """The cat of the selected cards if they are all one cat (P-5.3), else None."""
        s: PurrfectState = self.state
        cats = {s.cat(t) for t in self.selected}
        return next(iter(cats)) if len(cats) == 1 else None

    def can_offer(self) -> bool:
        s: PurrfectState = self.state
        return (
            s.phase == "round"
            and s.offer_of(self.seat) is None
            and 1 <= len(self.selected) <= MAX_OFFER
            and self.selection_cat() is not None
        )

    def can_accept(self, offer_id: int) -> bool:
        s: PurrfectState = self.state
        offer = s.offer_by_id(offer_id)
        return (
            s.phase == "round"
            and offer is not None
            and offer.seat != self.seat
            and s.acceptance_of(self.seat) is None
            and len(self.selected) == len(offer.cards)
            and self.selection_cat() is not None
        )

    def hand_is_purrfect(self) -> bool:
        s: PurrfectState = self.state
        return bool(s.hands) and len(s.hand_cats(self.seat)) == 1

    def banner(self) -> tuple[str, str, bool]:
        s: PurrfectState = self.state
        if self.round_result is not None:
            then = self.tr("Final scores") if self.winner is not None else self.tr("Next round")
            return (
                self.tr("Round {n} is over").format(n=self.round_result.round),
                self.tr("Look at the scores, then click {button}.").format(button=then),
                True,
            )
        if self.winner is not None:
            if self.winner.winner == self.seat:
                return self.tr("Game over"), self.tr("You win the game!"), False
            name = self.names[self.winner.winner]
            return self.tr("Game over"), self.tr("{name} wins the game.").format(name=name), False
        if s.phase != "round":
            if s.results and not s.hands:
                # Between rounds: the deal waits until everyone has read the scores.
                return (
                    self.tr("Round {n} is next").format(n=len(s.results) + 1),
                    self.tr(
                        "Waiting for every player to close the scores; then the cards are dealt."
                    ),
                    False,
                )
            return self.tr("Shuffling"), self.tr("The cards are being dealt…"), False
        if self.hand_is_purrfect():
            return (
                self.tr("Your hand is purrfect!"),
                self.tr("Click Purrfect! before anyone else does."),
                True,
            )
        if self.selected:
            cat = self.selection_cat()
            if cat is None:
                detail = self.tr("Your selection mixes cats: an offer is one cat only.")
            else:
                detail = self.tr(
                    "Selected: {n}. Click Offer to put them up, or click an offer of as many "
                    "cards to accept it."
                ).format(n=len(self.selected))
            return self.tr("Everyone plays at once"), detail, True
        return (
            self.tr("Everyone plays at once"),
            self.tr(
                "Select 1–4 cards of a cat you do not want, then click Offer — or click an offer "
                "to accept it."
            ),
            True,
        )

    # -- events -------------------------------------------------------------------------------

    def duration_of(self, event: Event) -> int:
        if isinstance(event, SwapMade):
            return 700
        if isinstance(event, OfferOpened | AcceptanceMade):
            return 280
        if isinstance(event, PurrfectDeclared):
            return 1600
        return 0

    def before_event(self, event: Event) -> None:
        if isinstance(event, PurrfectDeclared):
            self.declared = event
        elif isinstance(event, SwapMade):
            self.swap = event
        elif isinstance(event, RoundScored):
            self.round_result = event
            self.rounds.append(event)
            self.selected = []
        elif isinstance(event, GameWon):
            # The winning round's scores show first; their button leads to the game's result.
            self.winner = event
        elif isinstance(event, AcceptanceRejected) and event.seat == self.seat:
            self.notice = self.tr("Your acceptance was too late: someone else got that offer.")

    def describe(self, event: Event) -> str | None:
        """The move in words, for the log and the animation's caption."""
        n = self.names
        s: PurrfectState = self.state
        if isinstance(event, OfferOpened):
            if event.seat == self.seat:
                return self.tr("You offer %n card(s): {word}!", "", len(event.cards)).format(
                    word=event.word
                )
            return self.tr("{name} offers %n card(s): {word}!", "", len(event.cards)).format(
                name=n[event.seat], word=event.word
            )
        if isinstance(event, SwapMade):
            mine = {event.offerer: event.offerer_got, event.acceptor: event.acceptor_got}
            if self.seat in mine:
                other = event.acceptor if event.offerer == self.seat else event.offerer
                outcome: PurrfectState = self.outcome or s
                cats = [s.cat(t) or outcome.cat(t) or "?" for t in mine[self.seat]]
                return self.tr("You swapped with {name} and got: {cats}.").format(
                    name=n[other], cats=", ".join(cats)
                )
            return self.tr("{a} and {b} swapped %n card(s).", "", len(event.offerer_gave)).format(
                a=n[event.offerer], b=n[event.acceptor]
            )
        if isinstance(event, PurrfectDeclared):
            if event.valid:
                return self.tr("{name} declares: Purrfect!").format(name=n[event.seat])
            return self.tr("{name} declared Purrfect, but the hand is not: play on.").format(
                name=n[event.seat]
            )
        if isinstance(event, RoundScored):
            return self.tr("Round {n} is over.").format(n=event.round)
        return None

    def score_history(self) -> tuple[list[str], list[tuple[str, list[str]]]]:
        """Pawprints won in each round, then the total."""
        if not self.rounds:
            return [], []
        headers = [self.tr("R{n}").format(n=r.round) for r in self.rounds] + [self.tr("Total")]
        rows = []
        for seat, name in enumerate(self.names):
            cells = [f"+{r.gains[seat]}" for r in self.rounds]
            rows.append((name, [*cells, str(self.rounds[-1].totals[seat])]))
        return headers, rows

    def after_update(self) -> None:
        s: PurrfectState = self.state
        if not self.animator.busy():
            self.swap = None
        if not self.animator.busy():
            # A declaration is shown while it plays, never again over a later round's offers.
            self.declared = None
        hand = set(s.hands[self.seat]) if s.hands else set()
        locked = s.locked(self.seat) if s.hands else frozenset()
        self.selected = [t for t in self.selected if t in hand and t not in locked]

    # -- geometry -----------------------------------------------------------------------------

    SIDE = 210.0
    """Width of the columns left and right of my hand (my name; the buttons)."""

    def card_width(self) -> float:
        room = (self.width() - 2 * self.SIDE) / 11.6
        return max(40.0, min(96.0, room, (self.height() - 380) / 2.2))

    def hand_rects(self) -> list[tuple[int, QRectF]]:
        s: PurrfectState = self.state
        hand = self.my_hand()
        w = self.card_width()
        h = w * CARD_ASPECT
        gap, group_gap = w * 0.08, w * 0.4
        cats = [s.cat(t) for t in hand]
        groups = len(set(cats))
        total = len(hand) * w + (len(hand) - 1) * gap + (groups - 1) * (group_gap - gap)
        x = (self.width() - total) / 2
        y = self.height() - h - 18
        rects = []
        for i, token in enumerate(hand):
            if i and cats[i] != cats[i - 1]:
                x += group_gap - gap
            lift = w * 0.22 if token in self.selected else 0.0
            rects.append((token, QRectF(x, y - lift, w, h)))
            x += w + gap
        return rects

    def seat_spot(self, seat: int) -> QPointF:
        """Where a player's name and cards are: me at the bottom, the others around the oval."""
        bottom = self.height() - self.card_width() * CARD_ASPECT - 100
        oval = QRectF(self.width() * 0.13, 140, self.width() * 0.74, (bottom - 140) * 1.5)
        return on_oval(oval, opponent_angle(seat, self.seat, self.state.players))

    def offer_spot(self, seat: int) -> QPointF:
        """Where a player's offer lies: between the player and the middle of the table."""
        if seat == self.seat:
            w = self.card_width()
            return QPointF(self.width() / 2, self.height() - w * CARD_ASPECT - 118)
        spot = self.seat_spot(seat)
        centre = QPointF(self.width() / 2, self.height() * 0.48)
        return QPointF((spot.x() + centre.x()) / 2, (spot.y() + centre.y()) / 2 + 20)

    # -- painting -----------------------------------------------------------------------------

    def paint_table(self, p: QPainter) -> None:
        s: PurrfectState = self.state
        self.paint_meow_key(p, s)
        if not s.hands:
            self.label(p, QRectF(self.rect()), self.tr("Dealing…"), px=24)
            return
        for seat in range(s.players):
            if seat != self.seat:
                self.paint_opponent(p, s, seat)
            self.paint_offer(p, s, seat)
        self.paint_hand(p, s)
        self.paint_buttons(p, s)
        self.paint_swap(p)
        if self.declared is not None and self.moving is self.declared:
            self.paint_declaration(p, self.declared)
        if self.round_result is not None and not self.animator.busy():
            self.paint_round_result(p, s, self.round_result)
        elif self.winner is not None and not self.animator.busy():
            self.paint_game_over(p, s, self.winner)

    def paint_meow_key(self, p: QPainter, s: PurrfectState) -> None:
        t = theme.current()
        w = min(150.0, (self.width() - 220) / 4)
        x = (self.width() - 4 * (w + 10)) / 2 + 60
        self.label(
            p,
            QRectF(x - 130, 18, 120, 44),
            self.tr("Meow key"),
            px=15,
            role=theme.FontRole.HEADING,
            align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
        )
        for k, word in enumerate(s.meow_key, start=1):
            box = QRectF(x + (k - 1) * (w + 10), 14, w, 52)
            p.save()
            p.setPen(QPen(t.color("wood_dark"), 2))
            p.setBrush(QBrush(t.color("cream")))
            p.drawRoundedRect(box, 10, 10)
            p.restore()
            self.label(
                p,
                QRectF(box.left() + 6, box.top(), 36, box.height()),
                str(k),
                px=26,
                role=theme.FontRole.NUMBER,
                colour=t.color("accent_dark"),
            )
            self.label(
                p,
                QRectF(box.left() + 40, box.top(), box.width() - 46, box.height()),
                word,
                px=17,
                colour=t.color("ink"),
                align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            )

    def paint_pawprints(self, p: QPainter, centre: QPointF, count: int) -> None:
        t = theme.current()
        shown = min(count, 7)
        x = centre.x() - (shown * 19) / 2 + 9.5
        for i in range(shown):
            draw_paw(p, QPointF(x + i * 19, centre.y()), 12, t.color("accent"))
        if count > shown or count == 0:
            self.label(
                p,
                QRectF(centre.x() - 70, centre.y() - 10, 140, 20),
                self.tr("Pawprints: {n}").format(n=count),
                px=13,
            )

    def paint_opponent(self, p: QPainter, s: PurrfectState, seat: int) -> None:
        spot = self.seat_spot(seat)
        box = QRectF(spot.x() - 95, spot.y() - 50, 190, 100)
        self.panel(p, box)
        self.label(
            p,
            QRectF(box.left(), box.top() + 2, box.width(), 24),
            self.names[seat],
            px=16,
            role=theme.FontRole.HEADING,
        )
        self.paint_pawprints(p, QPointF(spot.x(), box.top() + 36), s.totals[seat])
        w = 22.0
        for i in range(len(s.hands[seat])):
            r = QRectF(box.left() + 12 + i * 18, box.top() + 50, w, w * CARD_ASPECT)
            draw_card_back(p, r)

    def paint_offer(self, p: QPainter, s: PurrfectState, seat: int) -> None:
        offer = s.offer_of(seat)
        spot = self.offer_spot(seat)
        w = 40.0
        h = w * CARD_ASPECT
        if offer is not None:
            k = len(offer.cards)
            span = QRectF(spot.x() - (k * (w + 4)) / 2, spot.y() - h / 2, k * (w + 4), h)
            glow = self.can_accept(offer.offer_id)
            for i in range(k):
                draw_card_back(
                    p, QRectF(span.left() + i * (w + 4), span.top(), w, h), highlight=glow
                )
            word = self.offer_word(seat) or ""
            self.paint_bubble(p, QPointF(span.right() - 6, span.top() - 4), word + "!")
            if seat != self.seat:
                self.region(span.adjusted(-6, -6, 6, 6), ("offer", offer.offer_id))
            for acceptance in s.acceptances_for(offer.offer_id):
                who = self.names[acceptance.seat]
                self.label(
                    p,
                    QRectF(span.left() - 60, span.bottom() + 2, span.width() + 120, 20),
                    self.tr("{name} accepts: {word}!").format(name=who, word=word),
                    px=13,
                )
        if seat == self.seat and s.acceptance_of(seat) is not None:
            self.label(
                p,
                QRectF(spot.x() - 200, spot.y() + h / 2 + 22, 400, 20),
                self.tr("Your acceptance is waiting for the swap…"),
                px=13,
            )

    def offer_word(self, seat: int) -> str | None:
        """What the bubble over a player's offer says: the meow word, never the number."""
        s: PurrfectState = self.state
        offer = s.offer_of(seat)
        return None if offer is None else s.meow_key[len(offer.cards) - 1]

    def paint_bubble(self, p: QPainter, anchor: QPointF, text: str) -> None:
        t = theme.current()
        font = table_font(theme.FontRole.HEADING, 17)
        width = max(70.0, QFontMetricsF(font).horizontalAdvance(text) + 28)
        rect = QRectF(anchor.x() - 10, anchor.y() - 40, width, 32)
        tail = QPainterPath(QPointF(rect.left() + 10, rect.bottom() - 2))
        tail.lineTo(QPointF(anchor.x() - 14, anchor.y() + 6))
        tail.lineTo(QPointF(rect.left() + 26, rect.bottom() - 2))
        bubble = QPainterPath()
        bubble.addRoundedRect(rect, 14, 14)
        p.save()
        p.setPen(QPen(t.color("ink"), 2))
        p.setBrush(QBrush(QColor("white")))
        p.drawPath(bubble.united(tail))
        p.setFont(font)
        p.setPen(t.color("ink"))
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        p.restore()

    def paint_hand(self, p: QPainter, s: PurrfectState) -> None:
        t = theme.current()
        locked = s.locked(self.seat)
        for token, rect in self.hand_rects():
            face = s.cards.face(token)
            if face is None:
                draw_card_back(p, rect)
                continue
            draw_purrfect_face(p, rect, face, t.colour_blind)
            if token in locked:
                p.save()
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QBrush(QColor(20, 30, 30, 130)))
                p.drawRoundedRect(rect, rect.width() * 0.09, rect.width() * 0.09)
                p.restore()
                offer = s.offer_of(self.seat)
                on_offer = offer is not None and token in offer.cards
                self.label(
                    p,
                    rect,
                    self.tr("on offer") if on_offer else self.tr("committed"),
                    px=13,
                    role=theme.FontRole.HEADING,
                )
            else:
                self.region(rect, ("card", token))
            if token in self.selected:
                p.save()
                p.setPen(QPen(t.color("accent"), 4))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 9, 9)
                p.restore()
        box = QRectF(24, self.height() - 120, self.SIDE - 40, 90)
        self.panel(p, box)
        self.label(
            p,
            QRectF(box.left(), box.top() + 8, box.width(), 26),
            self.names[self.seat],
            px=17,
            role=theme.FontRole.HEADING,
        )
        self.paint_pawprints(p, QPointF(box.center().x(), box.top() + 56), s.totals[self.seat])

    def paint_buttons(self, p: QPainter, s: PurrfectState) -> None:
        live = s.phase == "round" and self.round_result is None and self.winner is None
        x = self.width() - self.SIDE + 16
        bw = self.SIDE - 40
        self.button(
            p,
            QRectF(x, self.height() - 100, bw, 70),
            self.tr("Purrfect!"),
            ("button", "declare"),
            enabled=live,
            accent=self.hand_is_purrfect(),
        )
        mine = s.offer_of(self.seat)
        if mine is None:
            self.button(
                p,
                QRectF(x, self.height() - 160, bw, 50),
                self.tr("Offer"),
                ("button", "offer"),
                enabled=live and self.can_offer(),
                accent=self.can_offer(),
            )
        else:
            self.button(
                p,
                QRectF(x, self.height() - 160, bw, 50),
                self.tr("Withdraw"),
                ("button", "withdraw"),
                enabled=live,
            )
        if self.selected:
            self.button(
                p,
                QRectF(x, self.height() - 216, bw, 46),
                self.tr("Clear selection"),
                ("button", "clear"),
                enabled=live,
            )

    def paint_swap(self, p: QPainter) -> None:
        if self.swap is None or not self.animator.busy() or self.moving is not self.swap:
            return
        t = self.animator.progress()
        a, b = self.offer_spot(self.swap.offerer), self.offer_spot(self.swap.acceptor)
        w = 40.0
        for start, end, count in (
            (a, b, len(self.swap.offerer_gave)),
            (b, a, len(self.swap.acceptor_gave)),
        ):
            centre = QPointF(
                start.x() + (end.x() - start.x()) * t, start.y() + (end.y() - start.y()) * t
            )
            for i in range(count):
                draw_card_back(
                    p,
                    QRectF(
                        centre.x() - count * 22 + i * 44, centre.y() - w * 0.7, w, w * CARD_ASPECT
                    ),
                    highlight=True,
                )

    def paint_declaration(self, p: QPainter, declared: PurrfectDeclared) -> None:
        t = theme.current()
        w = 64.0
        h = w * CARD_ASPECT
        box = QRectF(
            (self.width() - 9 * (w + 6) - 30) / 2, self.height() * 0.3, 9 * (w + 6) + 30, h + 84
        )
        self.panel(p, box, glow=True)
        name = self.names[declared.seat]
        verdict = self.tr("Purrfect!") if declared.valid else self.tr("Not purrfect — play on")
        self.label(
            p,
            QRectF(box.left(), box.top() + 6, box.width(), 30),
            self.tr("{name} declares: {verdict}").format(name=name, verdict=verdict),
            px=20,
            role=theme.FontRole.TITLE,
        )
        for i, (_, face) in enumerate(declared.hand):
            draw_purrfect_face(
                p, QRectF(box.left() + 15 + i * (w + 6), box.top() + 44, w, h), face, t.colour_blind
            )

    def paint_round_result(self, p: QPainter, s: PurrfectState, result: RoundScored) -> None:
        lines = []
        for seat in range(s.players):
            gain = result.gains[seat]
            lines.append(
                (
                    self.tr("{name} — best group {n}").format(
                        name=self.names[seat], n=result.best_groups[seat]
                    ),
                    self.tr("+{gain} → {total}").format(gain=gain, total=result.totals[seat]),
                    seat == result.declarer,
                )
            )
        title = self.tr("{name} is purrfect!").format(name=self.names[result.declarer])
        self.paint_results(
            p,
            title,
            lines,
            self.tr("Pawprints this round and in all"),
            (
                (
                    self.tr("Final scores") if self.winner is not None else self.tr("Next round"),
                    ("button", "next"),
                ),
            ),
        )

    def paint_game_over(self, p: QPainter, s: PurrfectState, won: GameWon) -> None:
        lines = [
            (
                self.names[seat],
                self.tr("Pawprints: {n}").format(n=won.totals[seat]),
                seat == won.winner,
            )
            for seat in range(s.players)
        ]
        title = (
            self.tr("You win!")
            if won.winner == self.seat
            else self.tr("{name} wins").format(name=self.names[won.winner])
        )
        footer = (
            self.tr("The top score was shared: the purrfect player of the last round wins.")
            if won.by_tie_rule
            else ""
        )
        self.paint_results(
            p,
            title,
            lines,
            footer,
            (
                (self.tr("Play again"), ("button", "again")),
                (self.tr("Back to the lobby"), ("button", "leave")),
            ),
        )

    # -- input --------------------------------------------------------------------------------

    def clicked(self, key: Any) -> None:
        s: PurrfectState = self.state
        kind, value = key
        if kind == "card":
            if value in self.selected:
                self.selected.remove(value)
            else:
                self.selected.append(value)
        elif kind == "offer":
            if self.can_accept(value):
                if self.act(AcceptOffer(self.seat, value, tuple(self.selected))):
                    self.selected = []
            else:
                offer = s.offer_by_id(value)
                k = len(offer.cards) if offer else 0
                self.notice = self.tr(
                    "To accept this offer, first select %n card(s) of one cat.", "", k
                )
        elif value == "offer" and self.can_offer():
            if self.act(OpenOffer(self.seat, tuple(self.selected))):
                self.selected = []
        elif value == "withdraw":
            mine = s.offer_of(self.seat)
            if mine is not None:
                self.act(WithdrawOffer(self.seat, mine.offer_id))
        elif value == "declare":
            self.act(DeclarePurrfect(self.seat, secrets.token_bytes(32)))
        elif value == "clear":
            self.selected = []
        elif value == "next":
            self.round_result = None
            self.banner_changed.emit()
        elif value == "leave":
            self.leave_requested.emit()
        elif value == "again":
            self.play_again_requested.emit()
        self.banner_changed.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.selected = []
            self.update()
            self.banner_changed.emit()
        else:
            super().keyPressEvent(event)
