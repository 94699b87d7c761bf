"""The players' panels of the Momistigri table: mine beside my hand, the others around the oval with
their fans of face-down cards and their help cards.
"""

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QPainter, QPen

from lanpurr.games.momistigri.state import State
from ui import theme
from ui.art import CARD_ASPECT, draw_card_back, draw_paw
from ui.tables.momistigri import layout
from ui.tables.momistigri.choices import MomistigriChoices

translate = QCoreApplication.translate
"""Every string here is asked in the view class's context, "MomistigriTable", as `tr()` did."""


def paint_help_card(view: MomistigriChoices, p: QPainter, rect: QRectF, face_up: bool) -> None:
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


def paint_opponent(view: MomistigriChoices, p: QPainter, s: State, seat: int) -> None:
    t = theme.current()
    box = layout.seat_box(view, seat)
    drawing = view.drawing_from() == seat
    receiver = seat in view.recipients_now()
    view.panel(p, box, glow=drawing or receiver)
    view.name(
        p,
        QRectF(box.left() + 10, box.top() + 4, box.width() - 20, 24),
        view.names[seat],
        px=16,
        align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        leave=view.points_text(s.totals[seat] if s.totals else 0),
    )
    view.label(
        p,
        QRectF(box.left() + 10, box.top() + 4, box.width() - 20, 24),
        view.points_text(s.totals[seat] if s.totals else 0),
        px=14,
        role=theme.FontRole.NUMBER,
        align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
    )
    count = len(s.hands[seat])
    if count == 0:
        view.label(
            p,
            QRectF(box.left(), box.top() + 40, box.width() - 50, 50),
            translate("MomistigriTable", "Out — Miaooo!"),
            px=15,
            role=theme.FontRole.HEADING,
        )
    fan = layout.fan_rects(view, seat)
    for i, rect in enumerate(fan):
        draw_card_back(p, rect, highlight=drawing)
        if drawing:
            view.region(
                layout.visible(rect, fan[i + 1] if i + 1 < len(fan) else None), ("fan", seat, i)
            )
    if count:
        view.label(
            p,
            QRectF(box.left() + 10, box.bottom() - 24, 120, 20),
            translate("MomistigriTable", "Cards: {n}").format(n=count),
            px=13,
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )
    help_rect = QRectF(box.right() - 44, box.top() + 40, 32, 32 * CARD_ASPECT)
    paint_help_card(view, p, help_rect, s.help_up[seat] if s.help_up else True)
    if s.active == seat:
        p.save()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(t.color("accent")))
        p.drawEllipse(QPointF(box.left() - 4, box.top() + 16), 8, 8)
        p.restore()
    if receiver:
        view.region(box, ("player", seat))


def paint_me(view: MomistigriChoices, p: QPainter, s: State) -> None:
    box = layout.seat_box(view, view.seat)
    receiver = view.seat in view.recipients_now()
    view.panel(p, box, glow=receiver or (s.active == view.seat))
    view.name(
        p,
        QRectF(box.left() + 6, box.top() + 6, box.width() - 12, 24),
        view.names[view.seat],
        px=17,
    )
    view.label(
        p,
        QRectF(box.left(), box.top() + 32, box.width(), 24),
        view.points_text(s.totals[view.seat] if s.totals else 0),
        px=16,
        role=theme.FontRole.NUMBER,
    )
    if s.hands and not s.hands[view.seat]:
        # Out of cards: said on my own panel as on everyone else's screen.
        view.label(
            p,
            QRectF(box.left() + 6, box.top() + 60, box.width() - 70, 44),
            translate("MomistigriTable", "Out — Miaooo!"),
            px=15,
            role=theme.FontRole.HEADING,
        )
    else:
        view.label(
            p,
            QRectF(box.left() + 10, box.top() + 64, 90, 40),
            translate("MomistigriTable", "Help card"),
            px=13,
        )
    paint_help_card(
        view,
        p,
        QRectF(box.right() - 56, box.top() + 60, 40, 40 * CARD_ASPECT),
        s.help_up[view.seat] if s.help_up else True,
    )
    if receiver:
        view.region(box, ("player", view.seat))
