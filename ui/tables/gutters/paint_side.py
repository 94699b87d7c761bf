"""The side panel of the No sin mi gato table (the top tile, actions left, cats still out, scores)
and the game's result.
"""

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QPainter, QPen

from lanpurr.games.gutters.components import shape_of
from lanpurr.games.gutters.events import GameEnded
from lanpurr.games.gutters.state import GuttersState
from lanpurr.games.gutters.variants import COOP, SOLO, TEAMS, rating, teams_of
from ui import theme
from ui.art import draw_tile
from ui.tables.gutters import words
from ui.tables.gutters.choices import GuttersChoices

translate = QCoreApplication.translate
"""Every string here is asked in the view class's context, "GuttersTable", as `tr()` did."""


def paint_side(view: GuttersChoices, p: QPainter, s: GuttersState) -> None:
    t = theme.current()
    side_w = min(340.0, view.width() * 0.3)
    x = view.width() - side_w - 14
    panel = QRectF(x, 14, side_w, view.height() - 28)
    view.panel(p, panel)
    y = panel.top() + 12
    title = translate("GuttersTable", "Top tile of the pile")
    high = max(26.0, view.wrapped_height(side_w, title, 16, theme.FontRole.HEADING))
    view.label(p, QRectF(x, y, side_w, high), title, px=16, role=theme.FontRole.HEADING)
    y += high + 6
    tile_size = min(110.0, side_w * 0.34)
    tile_rect = QRectF(x + (side_w - tile_size) / 2, y, tile_size, tile_size)
    if s.tile_pile:
        draw_tile(p, tile_rect, shape_of(s.tile_pile[0]), view.pile_rotation)
    mine = view.my_turn() and not view.animator.busy()
    view.button(
        p,
        QRectF(tile_rect.left() - 52, y + tile_size / 2 - 22, 44, 44),
        "↺",
        ("pile", 270),
        enabled=mine,
    )
    view.button(
        p,
        QRectF(tile_rect.right() + 8, y + tile_size / 2 - 22, 44, 44),
        "↻",
        ("pile", 90),
        enabled=mine,
    )
    y += tile_size + 4
    view.label(
        p,
        QRectF(x, y, side_w, 22),
        translate("GuttersTable", "Tiles in the pile: {n}").format(n=len(s.tile_pile)),
        px=13,
    )
    y += 30
    # Actions left this turn: two dots, filled while still to play.
    view.label(
        p,
        QRectF(x + 12, y, side_w - 96, 40),
        translate("GuttersTable", "Actions left"),
        px=15,
        align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
    )
    for i in range(2):
        centre = QPointF(x + side_w - 66 + i * 30, y + 20)
        p.save()
        p.setPen(QPen(t.color("accent"), 3))
        p.setBrush(QBrush(t.color("accent")) if i < s.actions_left else Qt.BrushStyle.NoBrush)
        p.drawEllipse(centre, 10, 10)
        p.restore()
    y += 46
    cats_left = len(s.cat_pile) + len(s.slot_cats)
    text = translate("GuttersTable", "Cats still looking for a home: {n}").format(n=cats_left)
    # A narrow panel (small window, zoom) wraps the line onto two rather than cut it.
    high = max(24.0, view.wrapped_height(side_w - 24, text, 14))
    view.label(
        p,
        QRectF(x + 12, y, side_w - 24, high),
        text,
        px=14,
        align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
    )
    y += high + 10
    if s.mode in (COOP, SOLO):
        view.label(
            p,
            QRectF(x + 12, y, side_w - 24, 24),
            translate("GuttersTable", "Turn {turn}").format(turn=max(1, s.turn)),
            px=18,
            role=theme.FontRole.NUMBER,
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )
        y += 28
        view.label(
            p,
            QRectF(x + 12, y, side_w - 24, 44),
            translate("GuttersTable", "Rating so far: {rating}").format(
                rating=words.rating_text(view, rating(max(1, s.turn)))
            ),
            px=14,
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
        )
        y += 50
    view.label(
        p,
        QRectF(x + 12, y, side_w - 24, 24),
        translate("GuttersTable", "Scores"),
        px=16,
        role=theme.FontRole.HEADING,
        align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
    )
    y += 28
    for name, score, cats, active in words.score_rows(view, s):
        row = QRectF(x + 8, y, side_w - 16, 30)
        if active:
            p.save()
            p.setPen(QPen(t.color("accent"), 2))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(row, 8, 8)
            p.restore()
        view.name(
            p,
            row.adjusted(8, 0, -8, 0),
            name,
            px=15,
            role=theme.FontRole.BODY,
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            leave=view.points_and_cats(score, cats),
            leave_role=theme.FontRole.NUMBER,
        )
        view.label(
            p,
            row.adjusted(0, 0, -8, 0),
            view.points_and_cats(score, cats),
            px=14,
            role=theme.FontRole.NUMBER,
            align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
        )
        y += 34


def paint_result(view: GuttersChoices, p: QPainter, s: GuttersState, result: GameEnded) -> None:
    lines = []
    for name, score, cats, _ in words.score_rows(view, s):
        lines.append((name, view.points_and_cats(score, cats), False))
    footer = ""
    if s.mode in (COOP, SOLO):
        title = translate("GuttersTable", "All cats are home!")
        footer = translate("GuttersTable", "{turns} turns: {rating}").format(
            turns=result.turns, rating=words.rating_text(view, result.rating)
        )
        lines = [(n, f, True) for n, f, _ in lines]
    else:
        winners = set(result.winners)
        sides = teams_of(s.mode, s.players)
        lines = [
            (n, f, bool(set(side) & winners)) for (n, f, _), side in zip(lines, sides, strict=True)
        ]
        if view.me in winners:
            title = (
                translate("GuttersTable", "You win!")
                if len(winners) == 1 or s.mode == TEAMS
                else translate("GuttersTable", "You share the win!")
            )
        else:
            title = translate("GuttersTable", "{name} wins").format(name=view.names[min(winners)])
    view.paint_results(
        p,
        title,
        lines,
        footer,
        (
            (translate("GuttersTable", "Play again"), ("again",)),
            (translate("GuttersTable", "Back to the lobby"), ("leave",)),
        ),
    )
