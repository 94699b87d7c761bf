"""Painting the Purrfect table: the meow key, the players and their pawprints, the offers with
their meow bubbles, my hand, the buttons and the swap in flight.
"""

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPainterPath, QPen

from lanpurr.games.purrfect.state import PurrfectState
from ui import theme
from ui.art import CARD_ASPECT, draw_card_back, draw_paw, draw_purrfect_face
from ui.tables.purrfect import layout, offers, paint_results
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
    place = offers.offer_place(view, seat)
    if offer is not None:
        k = len(offer.cards)
        row = place.cards(k)
        glow = view.can_accept(offer.offer_id) or view.chosen_offer == offer.offer_id
        for i in range(k):
            draw_card_back(p, place.card_rect(k, i), highlight=glow)
        word = view.offer_word(seat) or ""
        paint_bubble(view, p, place, row, word + "!")
        if seat != view.seat:
            view.region(row.adjusted(-6, -6, 6, 6), ("offer", offer.offer_id))
        accepted = s.acceptances_for(offer.offer_id)
        for acceptance in accepted:
            paint_acceptance(view, p, place.said(), acceptance.seat, word)
        if not accepted:
            # Whose offer it is: on a crowded table a place may lie nearer another player.
            font = table_font(theme.FontRole.BODY, 13)
            whose = (
                translate("PurrfectTable", "Your offer")
                if seat == view.me
                else fit_name(view.names[seat], font, place.said().width())
            )
            view.label(
                p, place.said(), whose, px=13, colour=theme.current().color("text_on_felt_soft")
            )
    if seat == view.me and offer is None and s.acceptance_of(seat) is not None:
        # In my offer's place while I have none; with one, the line under the offer I
        # accepted still says that I accept it.
        view.label(
            p,
            place.zone,
            translate("PurrfectTable", "Your acceptance is waiting for the swap…"),
            px=13,
        )


def paint_acceptance(
    view: PurrfectChoices, p: QPainter, where: QRectF, seat: int, word: str
) -> None:
    """Under an offer, who accepts it: with the meow word they answer when the line has room
    for it and a few letters of the name, else without."""
    font = table_font(theme.FontRole.BODY, 13)
    if seat == view.me:
        said = translate("PurrfectTable", "You accept: {word}!").replace("{word}", word)
        if not text_fits(where, said, font, False):
            said = translate("PurrfectTable", "You accept")
        view.label(p, where, said, px=13)
        return
    metrics = QFontMetricsF(font)
    name = view.names[seat]
    sentences = (
        translate("PurrfectTable", "{name} accepts: {word}!").replace("{word}", word),
        translate("PurrfectTable", "{name} accepts"),
    )
    for said in sentences:
        room = where.width() - metrics.horizontalAdvance(said.replace("{name}", ""))
        if room >= metrics.horizontalAdvance(name[:3] + "…") or said is sentences[-1]:
            view.label(p, where, said.replace("{name}", fit_name(name, font, room)), px=13)
            return


def paint_bubble(
    view: PurrfectChoices, p: QPainter, place: offers.OfferPlace, cards: QRectF, text: str
) -> None:
    """A speech bubble over an offer's `cards`, its tail pointing down to them."""
    t = theme.current()
    width = offers.bubble_width(text, place.bubble_px)
    x = cards.center().x()
    top = place.zone.top()
    rect = QRectF(x - width / 2, top, width, place.bubble_height)
    tail = QPainterPath(QPointF(x - 12, rect.bottom() - 2))
    tail.lineTo(QPointF(x, cards.top() - 1))
    tail.lineTo(QPointF(x + 4, rect.bottom() - 2))
    bubble = QPainterPath()
    bubble.addRoundedRect(rect, 14, 14)
    p.save()
    p.setPen(QPen(t.color("ink"), 2))
    p.setBrush(QBrush(QColor("white")))
    p.drawPath(bubble.united(tail))
    p.restore()
    view.label(
        p, rect, text, px=place.bubble_px, role=theme.FontRole.HEADING, colour=t.color("ink")
    )


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
    box = layout.my_box(view)
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
    a = offers.offer_place(view, view.swap.offerer)
    b = offers.offer_place(view, view.swap.acceptor)
    for start, end, count in (
        (a, b, len(view.swap.offerer_gave)),
        (b, a, len(view.swap.acceptor_gave)),
    ):
        shift = end.middle() - start.middle()
        w = start.card + (end.card - start.card) * t
        for i in range(count):
            card = start.card_rect(count, i).translated(shift * t)
            draw_card_back(p, QRectF(card.topLeft(), QSizeF(w, w * CARD_ASPECT)), highlight=True)
