"""Painting the Purrfect table: the meow key, the players and their pawprints, the offers with
their meow bubbles, my hand, the buttons and the swap in flight.
"""

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPainterPath, QPen

from lanpurr.games.purrfect.state import PurrfectState
from ui import theme
from ui.art import CARD_ASPECT, draw_card_back, draw_paw, draw_purrfect_face
from ui.tables.purrfect import layout, paint_results
from ui.tables.purrfect.choices import PurrfectChoices
from ui.tables.table_text import fit_name, table_font, text_fits

LOCKED_PX = 13
"""The size of the word on my locked cards."""

translate = QCoreApplication.translate
"""Every string here is asked in the view class's context, "PurrfectTable", as `tr()` did."""


def paint_table(view: PurrfectChoices, p: QPainter) -> None:
    s: PurrfectState = view.state
    paint_meow_key(view, p, s)
    if not s.hands:
        view.label(p, QRectF(view.rect()), translate("PurrfectTable", "Dealing…"), px=24)
        return
    for seat in range(s.players):
        if seat != view.seat:
            paint_opponent(view, p, s, seat)
        paint_offer(view, p, s, seat)
    paint_hand(view, p, s)
    paint_buttons(view, p, s)
    paint_swap(view, p)
    if view.declared is not None and view.moving is view.declared:
        paint_results.paint_declaration(view, p, view.declared)
    if view.round_result is not None and not view.animator.busy():
        paint_results.paint_round_result(view, p, s, view.round_result)
    elif view.winner is not None and not view.animator.busy():
        paint_results.paint_game_over(view, p, s, view.winner)


def paint_meow_key(view: PurrfectChoices, p: QPainter, s: PurrfectState) -> None:
    t = theme.current()
    w = min(150.0, (view.width() - 220) / 4)
    x = (view.width() - 4 * (w + 10)) / 2 + 60
    view.label(
        p,
        QRectF(x - 130, 18, 120, 44),
        translate("PurrfectTable", "Meow key"),
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
        view.label(
            p,
            QRectF(box.left() + 6, box.top(), 36, box.height()),
            str(k),
            px=26,
            role=theme.FontRole.NUMBER,
            colour=t.color("accent_dark"),
        )
        view.label(
            p,
            QRectF(box.left() + 40, box.top(), box.width() - 46, box.height()),
            word,
            px=17,
            colour=t.color("ink"),
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )


def paint_pawprints(view: PurrfectChoices, p: QPainter, centre: QPointF, count: int) -> None:
    t = theme.current()
    shown = min(count, 7)
    x = centre.x() - (shown * 19) / 2 + 9.5
    for i in range(shown):
        draw_paw(p, QPointF(x + i * 19, centre.y()), 12, t.color("accent"))
    if count > shown or count == 0:
        view.label(
            p,
            QRectF(centre.x() - 70, centre.y() - 10, 140, 20),
            translate("PurrfectTable", "Pawprints: {n}").format(n=count),
            px=13,
        )


def paint_opponent(view: PurrfectChoices, p: QPainter, s: PurrfectState, seat: int) -> None:
    """A player's panel: name, pawprints, and a card back for each card they hold (smaller on
    a compact panel)."""
    compact = layout.sizes(view).compact
    box = layout.seat_box(view, seat)
    view.panel(p, box)
    name = QRectF(
        box.left() + 8, box.top() + (1 if compact else 2), box.width() - 16, 20 if compact else 24
    )
    view.name(p, name, view.names[seat], px=15 if compact else 16)
    paws = QPointF(box.center().x(), box.top() + (29 if compact else 36))
    paint_pawprints(view, p, paws, s.totals[seat])
    w, step, top = (18.0, 15.0, 38.0) if compact else (22.0, 18.0, 50.0)
    for i in range(len(s.hands[seat])):
        draw_card_back(p, QRectF(box.left() + 12 + i * step, box.top() + top, w, w * CARD_ASPECT))


def paint_offer(view: PurrfectChoices, p: QPainter, s: PurrfectState, seat: int) -> None:
    offer = s.offer_of(seat)
    spot, leftward = layout.offer_place(view, seat, len(offer.cards) if offer else 1)
    w = layout.OFFER_CARD
    h = w * CARD_ASPECT
    if offer is not None:
        k = len(offer.cards)
        span = QRectF(spot.x() - (k * (w + 4)) / 2, spot.y() - h / 2, k * (w + 4), h)
        glow = view.can_accept(offer.offer_id) or view.chosen_offer == offer.offer_id
        for i in range(k):
            draw_card_back(p, QRectF(span.left() + i * (w + 4), span.top(), w, h), highlight=glow)
        word = view.offer_word(seat) or ""
        corner = QPointF(span.left() + 6 if leftward else span.right() - 6, span.top() - 4)
        paint_bubble(view, p, corner, word + "!", leftward=leftward)
        if seat != view.seat:
            view.region(span.adjusted(-6, -6, 6, 6), ("offer", offer.offer_id))
        for acceptance in s.acceptances_for(offer.offer_id):
            said = translate("PurrfectTable", "{name} accepts: {word}!")
            where = QRectF(span.left() - 60, span.bottom() + 2, span.width() + 120, 20)
            rest = said.format(name="", word=word)
            room = where.width() - QFontMetricsF(
                table_font(theme.FontRole.BODY, 13)
            ).horizontalAdvance(rest)
            who = fit_name(view.names[acceptance.seat], table_font(theme.FontRole.BODY, 13), room)
            view.label(p, where, said.format(name=who, word=word), px=13)
    if seat == view.me and s.acceptance_of(seat) is not None:
        view.label(
            p,
            QRectF(spot.x() - 200, spot.y() + h / 2 + 22, 400, 20),
            translate("PurrfectTable", "Your acceptance is waiting for the swap…"),
            px=13,
        )


def paint_bubble(
    view: PurrfectChoices, p: QPainter, anchor: QPointF, text: str, *, leftward: bool = False
) -> None:
    """A speech bubble above `anchor`, its tail pointing down to it; it stretches right of the
    anchor, or left of it (`leftward`)."""
    t = theme.current()
    font = table_font(theme.FontRole.HEADING, 17)
    width = max(70.0, QFontMetricsF(font).horizontalAdvance(text) + 28)
    side = -1.0 if leftward else 1.0
    left = anchor.x() + 10 - width if leftward else anchor.x() - 10
    rect = QRectF(left, anchor.y() - 40, width, 32)
    root = rect.right() if leftward else rect.left()
    tail = QPainterPath(QPointF(root + side * 10, rect.bottom() - 2))
    tail.lineTo(QPointF(anchor.x() - side * 14, anchor.y() + 6))
    tail.lineTo(QPointF(root + side * 26, rect.bottom() - 2))
    bubble = QPainterPath()
    bubble.addRoundedRect(rect, 14, 14)
    p.save()
    p.setPen(QPen(t.color("ink"), 2))
    p.setBrush(QBrush(QColor("white")))
    p.drawPath(bubble.united(tail))
    p.restore()
    view.label(p, rect, text, px=17, role=theme.FontRole.HEADING, colour=t.color("ink"))


def paint_hand(view: PurrfectChoices, p: QPainter, s: PurrfectState) -> None:
    t = theme.current()
    locked = s.locked(view.seat)
    offer = s.offer_of(view.seat)
    runs: list[tuple[str, list[QRectF]]] = []  # neighbouring locked cards with one word
    after_locked = False
    for token, rect in layout.hand_rects(view):
        face = s.cards.face(token)
        if face is None:
            draw_card_back(p, rect)
            after_locked = False
            continue
        draw_purrfect_face(p, rect, face, t.colour_blind)
        if token in locked:
            p.save()
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QBrush(QColor(20, 30, 30, 130)))
            p.drawRoundedRect(rect, rect.width() * 0.09, rect.width() * 0.09)
            p.restore()
            on_offer = offer is not None and token in offer.cards
            word = (
                translate("PurrfectTable", "on offer")
                if on_offer
                else translate("PurrfectTable", "committed")
            )
            if after_locked and runs[-1][0] == word:
                runs[-1][1].append(rect)
            else:
                runs.append((word, [rect]))
        else:
            view.region(rect, ("card", token))
        after_locked = token in locked
        if token in view.selected:
            p.save()
            p.setPen(QPen(t.color("accent"), 4))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 9, 9)
            p.restore()
    for word, rects in runs:
        paint_locked_word(view, p, rects, word)
    box = QRectF(24, view.height() - 120, layout.SIDE - 40, 90)
    view.panel(p, box)
    view.name(
        p, QRectF(box.left() + 8, box.top() + 8, box.width() - 16, 26), view.names[view.seat], px=17
    )
    paint_pawprints(view, p, QPointF(box.center().x(), box.top() + 56), s.totals[view.seat])


def paint_locked_word(view: PurrfectChoices, p: QPainter, rects: list[QRectF], word: str) -> None:
    """One word across neighbouring locked cards ("on offer", "committed"): on them when it
    fits there, else on the felt just above them (a card at 1024×600 is 40 px wide, and the
    word was cut to "mmitt"). Never across an unlocked card, whose light face would hide it."""
    cards = rects[0]
    for rect in rects[1:]:
        cards = cards.united(rect)
    font = table_font(theme.FontRole.HEADING, LOCKED_PX)
    if text_fits(cards, word, font, True):
        view.label(p, cards, word, px=LOCKED_PX, role=theme.FontRole.HEADING)
        return
    metrics = QFontMetricsF(font)
    width = max(cards.width(), metrics.horizontalAdvance(word) + 8)
    height = metrics.height() + 2
    above = QRectF(cards.center().x() - width / 2, cards.top() - height - 2, width, height)
    view.label(p, above, word, px=LOCKED_PX, role=theme.FontRole.HEADING)


def paint_buttons(view: PurrfectChoices, p: QPainter, s: PurrfectState) -> None:
    if view.watching:
        return  # someone at no seat has no hand to declare or offer from
    live = s.phase == "round" and view.round_result is None and view.winner is None
    rects = layout.button_rects(view)
    view.button(
        p,
        rects["declare"],
        translate("PurrfectTable", "Purrfect!"),
        ("button", "declare"),
        enabled=live,
        accent=view.hand_is_purrfect(),
    )
    if s.offer_of(view.seat) is None:
        view.button(
            p,
            rects["offer"],
            translate("PurrfectTable", "Offer"),
            ("button", "offer"),
            enabled=live and view.can_offer(),
            accent=view.can_offer(),
        )
    else:
        view.button(
            p,
            rects["offer"],
            translate("PurrfectTable", "Withdraw"),
            ("button", "withdraw"),
            enabled=live,
        )
    if view.selected:
        view.button(
            p,
            rects["clear"],
            translate("PurrfectTable", "Clear selection"),
            ("button", "clear"),
            enabled=live,
        )


def paint_swap(view: PurrfectChoices, p: QPainter) -> None:
    if view.swap is None or not view.animator.busy() or view.moving is not view.swap:
        return
    t = view.animator.progress()
    count = len(view.swap.offerer_gave)
    a = layout.offer_spot(view, view.swap.offerer, count)
    b = layout.offer_spot(view, view.swap.acceptor, count)
    w = layout.OFFER_CARD
    for start, end, count in (
        (a, b, len(view.swap.offerer_gave)),
        (b, a, len(view.swap.acceptor_gave)),
    ):
        centre = QPointF(
            start.x() + (end.x() - start.x()) * t, start.y() + (end.y() - start.y()) * t
        )
        for i in range(count):
            draw_card_back(
                p,
                QRectF(centre.x() - count * 22 + i * 44, centre.y() - w * 0.7, w, w * CARD_ASPECT),
                highlight=True,
            )
