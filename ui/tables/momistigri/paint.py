"""Painting the Momistigri table: the pile panel with the arrow of play, my hand, the buttons,
the flying cards, and the seats and results from `paint_seats` and `paint_results`.
"""

import math

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

from lanpurr.games.momistigri.actions import EndTurn, Pass
from lanpurr.games.momistigri.deck import pair_kind
from lanpurr.games.momistigri.events import DirectionReversed
from lanpurr.games.momistigri.state import DESIGNATE, DISCARD, GIVE, HAND_OUT, SWAP, State
from ui import theme
from ui.art import CARD_ASPECT, draw_card_back, draw_momistigri_face
from ui.tables.animation import ease
from ui.tables.momistigri import layout, paint_results, paint_seats, words
from ui.tables.momistigri.choices import MomistigriChoices

translate = QCoreApplication.translate
"""Every string here is asked in the view class's context, "MomistigriTable", as `tr()` did."""


def paint_table(view: MomistigriChoices, p: QPainter) -> None:
    s: State = view.state
    if not s.hands:
        view.label(p, QRectF(view.rect()), translate("MomistigriTable", "Dealing…"), px=24)
        return
    paint_centre(view, p, s)
    for seat in range(s.players):
        if seat == view.seat:
            paint_seats.paint_me(view, p, s)
        else:
            paint_seats.paint_opponent(view, p, s, seat)
    paint_hand(view, p, s)
    with view.as_settled():  # (what I may do once the update being played is over)
        paint_buttons(view, p, view.state)
    paint_flights(view, p)
    if view.shout is not None and view.animator.busy():
        seat, text = view.shout
        anchor = layout.seat_box(view, seat).topLeft() + QPointF(40, -12)
        paint_shout(view, p, anchor, text)
    # The last round's hands first, then the game's result.
    if view.round_result is not None and not view.animator.busy():
        paint_results.paint_round_result(view, p, s, view.round_result)
    elif view.result is not None and not view.animator.busy():
        paint_results.paint_game_over(view, p, s, view.result)


def paint_centre(view: MomistigriChoices, p: QPainter, s: State) -> None:
    t = theme.current()
    area = layout.pile_area(view)
    taking = view.acting() and (
        (s.phase == SWAP and view.chosen is not None)
        or (s.phase == HAND_OUT and view.chosen is None)
    )
    view.panel(p, area, glow=taking)
    view.label(
        p,
        QRectF(area.left() + 12, area.top() + 4, area.width() - 24, 26),
        translate("MomistigriTable", "Discard pile ({n})").format(n=len(s.pile)),
        px=14,
        role=theme.FontRole.HEADING,
        align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
    )
    laid = layout.pile_rects(view)
    for i, (token, rect) in enumerate(laid):
        face = s.cards.face(token)
        if face is not None:
            draw_momistigri_face(p, rect, face, t.colour_blind)
        if token == view.chosen:
            p.save()
            p.setPen(QPen(t.color("accent"), 4))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 6, 6)
            p.restore()
        if taking:
            view.region(layout.pile_card_target(view, laid, i), ("pile", token))
    if not (
        view.showing_keep() and layout.keep_rect(view).top() < layout.arrow_rect(view).bottom()
    ):
        paint_arrow(view, p, s)
    pending = layout.pending_rect(view)
    if not pending.isEmpty():
        view.label(
            p, pending, words.pending_text(view), px=layout.PENDING_PX, colour=t.color("accent")
        )


def paint_arrow(view: MomistigriChoices, p: QPainter, s: State) -> None:
    """The arrow of play beside the pile; clockwise passes to the left (M-3.2). It spins
    round when the direction is reversed."""
    t = theme.current()
    ring = layout.arrow_rect(view)
    spin = 0.0
    if isinstance(view.moving, DirectionReversed) and view.animator.busy():
        spin = 180.0 * (1 - ease(view.animator.progress()))
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
    arrow_head(view, p, arc, -end, clockwise)
    p.restore()
    label = (
        translate("MomistigriTable", "clockwise")
        if clockwise
        else translate("MomistigriTable", "counter-clockwise")
    )
    label = label.replace("-", "-\u200b")  # may break after the hyphen in a narrow column
    view.label(p, QRectF(ring.left() - 12, ring.bottom() + 10, ring.width() + 24, 40), label, px=13)


def arrow_head(
    view: MomistigriChoices, p: QPainter, area: QRectF, degrees: float, clockwise: bool
) -> None:
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


def paint_hand(view: MomistigriChoices, p: QPainter, s: State) -> None:
    t = theme.current()
    clickable = (
        view.acting()
        and s.phase in (DISCARD, DESIGNATE, GIVE, SWAP)
        and not (s.phase == SWAP and view.chosen is not None)
    )
    hinted = view.pairable() if view.hints else set()
    rects = layout.hand_rects(view)
    for index, (token, rect) in enumerate(rects):
        face = view.face_of(token)
        if face is None:
            draw_card_back(p, rect)
            continue
        draw_momistigri_face(p, rect, face, t.colour_blind)
        marked = token in view.selected or token == view.chosen
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
            view.region(layout.visible(rect, after), ("hand", token))
    if view.showing_keep():
        # M-6.4: the card just put down may be taken back; shown in the pile's panel, never
        # over a seat.
        face = s.cards.face(view.chosen) if view.chosen is not None else None
        rect = layout.keep_rect(view)
        if face is not None and view.chosen is not None:
            draw_momistigri_face(p, rect, face, t.colour_blind)
            view.label(
                p,
                QRectF(
                    rect.center().x() - layout.DIAL_COLUMN / 2,
                    rect.bottom() + 2,
                    layout.DIAL_COLUMN,
                    18,
                ),
                translate("MomistigriTable", "keep it"),
                px=13,
            )
            view.region(rect, ("pile", view.chosen))


def paint_buttons(view: MomistigriChoices, p: QPainter, s: State) -> None:
    x = view.width() - layout.SIDE + 14
    bw = layout.SIDE - 34
    y = view.height() - 70
    view.button(
        p,
        layout.hints_rect(view),
        translate("MomistigriTable", "Hide pairs")
        if view.hints
        else translate("MomistigriTable", "Show pairs"),
        ("button", "hints"),
    )
    if not view.acting() or s.phase != DISCARD:
        return
    legal = view.legal()
    choices = view.pair_choices()
    # The pair's choice stands in the right-hand column, over Pass: the band above my hand is
    # the pile's (a long pile needs every pixel of it; decision 0034).
    first, second = layout.choice_rects(view)
    if len(choices) == 2:
        effect = next(c for c in choices if not c.reverse)
        kind = pair_kind(*effect.faces)
        value = kind.value if kind is not None else 0
        effects = {1: "discard_other_ones", 2: "designate", 3: "swap_with_pile"}
        view.button(
            p,
            first,
            words.effect_name(effects.get(value, "none")),
            ("button", "effect"),
            accent=True,
        )
        view.button(
            p,
            second,
            translate("MomistigriTable", "Reverse the arrow"),
            ("button", "reverse"),
            accent=True,
        )
    elif len(choices) == 1:
        kind = pair_kind(*choices[0].faces)
        text = translate("MomistigriTable", "Discard pair")
        if kind is not None and kind.is_value_pair:
            effect_id = {
                4: "give",
                5: "hand_out",
                6: "discard_another_pair",
                7: "next_draws_two",
                8: "next_draws_three",
            }.get(kind.value, "none")
            text = translate("MomistigriTable", "Discard pair — {effect}").format(
                effect=words.effect_name(effect_id)
            )
        view.button(p, layout.choice_rect(view), text, ("button", "effect"), accent=True)
    if any(isinstance(a, Pass) for a in legal):
        view.button(
            p, QRectF(x, y, bw, 50), translate("MomistigriTable", "Pass"), ("button", "pass")
        )
    if any(isinstance(a, EndTurn) for a in legal):
        view.button(
            p, QRectF(x, y, bw, 50), translate("MomistigriTable", "End turn"), ("button", "end")
        )


def paint_flights(view: MomistigriChoices, p: QPainter) -> None:
    if not view.flights or not view.animator.busy():
        return
    t = view.animator.progress()
    w = 54.0
    for start, end, face in view.flights:
        centre = QPointF(
            start.x() + (end.x() - start.x()) * t, start.y() + (end.y() - start.y()) * t
        )
        rect = QRectF(centre.x() - w / 2, centre.y() - w * CARD_ASPECT / 2, w, w * CARD_ASPECT)
        if face is None:
            draw_card_back(p, rect, highlight=True)
        else:
            draw_momistigri_face(p, rect, face, theme.current().colour_blind)


def paint_shout(view: MomistigriChoices, p: QPainter, anchor: QPointF, text: str) -> None:
    t = theme.current()
    rect = QRectF(anchor.x(), anchor.y() - 30, 150, 40)
    p.save()
    p.setPen(QPen(t.color("ink"), 2))
    p.setBrush(QBrush(QColor("white")))
    p.drawRoundedRect(rect, 16, 16)
    p.restore()
    view.label(p, rect, text, px=18, role=theme.FontRole.TITLE, colour=t.color("ink"))
