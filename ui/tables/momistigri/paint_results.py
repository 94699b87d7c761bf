"""The end of a Momistigri round (every hand shown with its penalty) and of the game."""

from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QBrush, QPainter, QPen

from lanpurr.games.momistigri.events import GameEnded, RoundEnded
from lanpurr.games.momistigri.state import State
from ui import theme
from ui.art import CARD_ASPECT, draw_momistigri_face
from ui.tables.momistigri import words
from ui.tables.momistigri.choices import MomistigriChoices

translate = QCoreApplication.translate
"""Every string here is asked in the view class's context, "MomistigriTable", as `tr()` did."""


def paint_round_result(view: MomistigriChoices, p: QPainter, s: State, result: RoundEnded) -> None:
    t = theme.current()
    w = min(view.width() * 0.86, 860.0)
    # Rows get closer on a short table (zoomed, small screen) so the panel stays on it.
    row_h = max(44.0, min(64.0, (view.height() - 12 - 180) / s.players))
    h = 110 + row_h * s.players + 70
    box = QRectF((view.width() - w) / 2, max(6.0, (view.height() - h) / 2), w, h)
    p.save()
    p.setPen(QPen(t.color("accent"), 4))
    p.setBrush(QBrush(t.color("cream")))
    p.drawRoundedRect(box, 18, 18)
    p.restore()
    ink = t.color("ink")
    view.label(
        p,
        QRectF(box.left(), box.top() + 12, w, 40),
        translate("MomistigriTable", "Round {n}: the hands are shown").format(n=result.round),
        px=24,
        role=theme.FontRole.TITLE,
        colour=ink,
    )
    view.label(
        p,
        QRectF(box.left(), box.top() + 56, w - 40, 26),
        translate("MomistigriTable", "penalty · total"),
        px=14,
        colour=ink,
        align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
    )
    y = box.top() + 86
    for seat in range(s.players):
        view.label(
            p,
            QRectF(box.left() + 20, y, 150, row_h),
            view.names[seat],
            px=17,
            role=theme.FontRole.HEADING,
            colour=ink,
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )
        faces = view.revealed.get(seat, [])
        if not faces:
            view.label(
                p,
                QRectF(box.left() + 170, y, 300, row_h),
                translate("MomistigriTable", "out: 0"),
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
        view.label(
            p,
            QRectF(box.right() - 170, y, 150, row_h),
            translate("MomistigriTable", "+{p} · {total}").format(
                p=result.penalties[seat], total=result.totals[seat]
            ),
            px=18,
            role=theme.FontRole.NUMBER,
            colour=ink,
            align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
        )
        y += row_h
    text = (
        translate("MomistigriTable", "See who won")
        if view.result is not None
        else translate("MomistigriTable", "Next round")
    )
    view.button(
        p,
        QRectF(box.center().x() - 110, box.bottom() - 62, 220, 48),
        text,
        ("button", "next"),
        accent=True,
    )


def paint_game_over(view: MomistigriChoices, p: QPainter, s: State, result: GameEnded) -> None:
    lines = [
        (
            view.names[seat],
            view.points_text(result.totals[seat]),
            seat in result.winners,
        )
        for seat in range(s.players)
    ]
    if view.me in result.winners:
        title = (
            translate("MomistigriTable", "You win!")
            if len(result.winners) == 1
            else translate("MomistigriTable", "You share the win!")
        )
    else:
        title = words.winners_text(view, result)
    view.paint_results(
        p,
        title,
        lines,
        translate("MomistigriTable", "The fewest penalty points wins."),
        (
            (translate("MomistigriTable", "Play again"), ("button", "again")),
            (translate("MomistigriTable", "Back to the lobby"), ("button", "leave")),
        ),
    )
