"""The big moments of the Purrfect table: a Purrfect! declaration, a round's scores, the end."""

from PySide6.QtCore import QCoreApplication, QRectF
from PySide6.QtGui import QPainter

from lanpurr.games.purrfect.events import GameWon, PurrfectDeclared, RoundScored
from lanpurr.games.purrfect.state import PurrfectState
from ui import theme
from ui.art import CARD_ASPECT, draw_purrfect_face
from ui.tables.purrfect.choices import PurrfectChoices

translate = QCoreApplication.translate
"""Every string here is asked in the view class's context, "PurrfectTable", as `tr()` did."""


def paint_declaration(view: PurrfectChoices, p: QPainter, declared: PurrfectDeclared) -> None:
    t = theme.current()
    w = 64.0
    h = w * CARD_ASPECT
    box = QRectF(
        (view.width() - 9 * (w + 6) - 30) / 2, view.height() * 0.3, 9 * (w + 6) + 30, h + 84
    )
    view.panel(p, box, glow=True)
    name = view.names[declared.seat]
    verdict = (
        translate("PurrfectTable", "Purrfect!")
        if declared.valid
        else translate("PurrfectTable", "Not purrfect — play on")
    )
    view.label(
        p,
        QRectF(box.left(), box.top() + 6, box.width(), 30),
        translate("PurrfectTable", "{name} declares: {verdict}").format(name=name, verdict=verdict),
        px=20,
        role=theme.FontRole.TITLE,
    )
    for i, (_, face) in enumerate(declared.hand):
        draw_purrfect_face(
            p, QRectF(box.left() + 15 + i * (w + 6), box.top() + 44, w, h), face, t.colour_blind
        )


def paint_round_result(
    view: PurrfectChoices, p: QPainter, s: PurrfectState, result: RoundScored
) -> None:
    lines = []
    for seat in range(s.players):
        gain = result.gains[seat]
        lines.append(
            (
                translate("PurrfectTable", "{name} — best group {n}").format(
                    name=view.names[seat], n=result.best_groups[seat]
                ),
                translate("PurrfectTable", "+{gain} → {total}").format(
                    gain=gain, total=result.totals[seat]
                ),
                seat == result.declarer,
            )
        )
    title = translate("PurrfectTable", "{name} is purrfect!").format(
        name=view.names[result.declarer]
    )
    view.paint_results(
        p,
        title,
        lines,
        translate("PurrfectTable", "Pawprints this round and in all"),
        (
            (
                translate("PurrfectTable", "Final scores")
                if view.winner is not None
                else translate("PurrfectTable", "Next round"),
                ("button", "next"),
            ),
        ),
    )


def paint_game_over(view: PurrfectChoices, p: QPainter, s: PurrfectState, won: GameWon) -> None:
    lines = [
        (
            view.names[seat],
            translate("PurrfectTable", "Pawprints: {n}").format(n=won.totals[seat]),
            seat == won.winner,
        )
        for seat in range(s.players)
    ]
    title = (
        translate("PurrfectTable", "You win!")
        if won.winner == view.me
        else translate("PurrfectTable", "{name} wins").format(name=view.names[won.winner])
    )
    footer = (
        translate(
            "PurrfectTable", "The top score was shared: the purrfect player of the last round wins."
        )
        if won.by_tie_rule
        else ""
    )
    view.paint_results(
        p,
        title,
        lines,
        footer,
        (
            (translate("PurrfectTable", "Play again"), ("button", "again")),
            (translate("PurrfectTable", "Back to the lobby"), ("button", "leave")),
        ),
    )
