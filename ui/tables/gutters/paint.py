"""Painting the No sin mi gato board: the tiles (sliding when pushed, turning when rotated), homes
and cats in the slots, the push arrows with the preview of a push, the rotate menu.
"""

import itertools

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

from lanpurr.games.gutters.components import CATS, shape_of
from lanpurr.games.gutters.events import (
    CatConnected,
    CatTurnedUp,
    CatWon,
    HomeMoved,
    TilePushed,
    TileRotated,
)
from lanpurr.games.gutters.geometry import pushes, slot_index, slots
from lanpurr.games.gutters.state import GuttersState
from ui import theme
from ui.art import draw_home, draw_stray_cat, draw_tile
from ui.tables.gutters import layout, paint_side
from ui.tables.gutters.choices import GuttersChoices

translate = QCoreApplication.translate
"""Every string here is asked in the view class's context, "GuttersTable", as `tr()` did."""


def paint_table(view: GuttersChoices, p: QPainter) -> None:
    s: GuttersState = view.state
    if not s.cells:
        view.label(p, QRectF(view.rect()), translate("GuttersTable", "Dealing the tiles…"), px=24)
        return
    paint_board(view, p, s)
    paint_slots(view, p, s)
    if view.my_turn() and not view.animator.busy():
        paint_arrows(view, p, s)
        paint_preview(view, p, s)
        if view.rotating is not None:
            paint_rotate_menu(view, p, view.rotating)
    paint_moving(view, p)
    paint_side.paint_side(view, p, s)
    if view.result is not None and not view.animator.busy():
        paint_side.paint_result(view, p, s, view.result)


def paint_board(view: GuttersChoices, p: QPainter, s: GuttersState) -> None:
    board, cell = layout.board_geometry(view)
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(QColor(0, 0, 0, 70)))
    p.drawRoundedRect(board.adjusted(-8, -8, 8, 8), 12, 12)
    p.restore()
    event = view.moving if view.animator.busy() else None
    t = view.animator.progress()
    pushed_line: dict[tuple[int, int], QPointF] = {}
    if isinstance(event, TilePushed):
        # The line slides one cell toward `out`: draw each tile where it came from, moving.
        dr, dc = (_sign(event.out[0] - event.entry[0]), _sign(event.out[1] - event.entry[1]))
        back = QPointF(-dc * cell * (1 - t), -dr * cell * (1 - t))
        for cell_pos in _line_cells(s.size, event):
            pushed_line[cell_pos] = back
    for r in range(s.size):
        for c in range(s.size):
            tile, rotation = s.cell(r, c)
            rect = layout.cell_rect(view, r, c)
            if (r, c) in pushed_line:
                rect.translate(pushed_line[(r, c)])
            lit = (r, c) in view.lit_path
            if isinstance(event, TileRotated) and event.cell == (r, c) and t < 1:
                p.save()
                p.translate(rect.center())
                p.rotate(-event.by * (1 - t))
                p.translate(-rect.center())
                draw_tile(p, rect, shape_of(tile), rotation, lit=lit)
                p.restore()
            else:
                draw_tile(p, rect, shape_of(tile), rotation, lit=lit)
            if view.my_turn() and not view.animator.busy():
                view.region(rect, ("tile", (r, c)))
    if isinstance(event, TilePushed) and t < 1:
        # The tile pushed out leaves the board, fading.
        dr, dc = (_sign(event.out[0] - event.entry[0]), _sign(event.out[1] - event.entry[1]))
        rect = layout.cell_rect(view, *event.out).translated(dc * cell * t, dr * cell * t)
        p.save()
        p.setOpacity(1 - t)
        old_rotation = 0
        draw_tile(p, rect, shape_of(event.pushed_out), old_rotation)
        p.restore()
    if view.rotating is not None:
        p.save()
        p.setPen(QPen(theme.current().color("accent"), 4))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(layout.cell_rect(view, *view.rotating).adjusted(2, 2, -2, -2), 6, 6)
        p.restore()


def paint_slots(view: GuttersChoices, p: QPainter, s: GuttersState) -> None:
    names = slot_index(s.size)
    event = view.moving if view.animator.busy() else None
    t = view.animator.progress()
    for home, slot in zip(("A", "B"), s.homes, strict=True):
        rect = layout.slot_rect(view, slot).adjusted(6, 6, -6, -6)
        if isinstance(event, HomeMoved) and event.home == home and t < 1:
            start = layout.slot_rect(view, names[event.from_slot]).adjusted(6, 6, -6, -6)
            rect = _lerp_rect(start, rect, t)
        draw_home(p, rect, home)
    for slot, token in s.slot_cats:
        cat = s.cat_face(token) or "k01"
        rect = layout.slot_rect(view, slot).adjusted(4, 4, -4, -4)
        p.save()
        if isinstance(event, CatTurnedUp) and event.token == token:
            p.setOpacity(t)
        lit = isinstance(event, CatConnected) and event.token == token
        draw_stray_cat(p, rect, cat, CATS[cat][1], lit=lit)
        p.restore()


def paint_moving(view: GuttersChoices, p: QPainter) -> None:
    event = view.moving if view.animator.busy() else None
    if isinstance(event, CatWon) and view.walk:
        point = _along(view.walk, view.animator.progress())
        _, cell = layout.board_geometry(view)
        rect = QRectF(0, 0, cell * 0.9, cell * 0.9)
        rect.moveCenter(point)
        draw_stray_cat(p, rect, event.cat, CATS[event.cat][1], lit=True)


def paint_arrows(view: GuttersChoices, p: QPainter, s: GuttersState) -> None:
    t = theme.current()
    for push in pushes(s.size):
        rect = layout.slot_rect(view, push.slot, ring=1.72)
        _, cell = layout.board_geometry(view)
        box = QRectF(0, 0, cell * 0.46, cell * 0.46)
        box.moveCenter(rect.center())
        slot = slots(s.size)[push.slot]
        dr, dc = layout.SIDE_STEP[slot.side]
        tip = QPointF(
            box.center().x() - dc * box.width() * 0.45,
            box.center().y() - dr * box.height() * 0.45,
        )
        base_a = QPointF(
            box.center().x() + dc * box.width() * 0.3 + dr * box.width() * 0.4,
            box.center().y() + dr * box.height() * 0.3 + dc * box.height() * 0.4,
        )
        base_b = QPointF(
            box.center().x() + dc * box.width() * 0.3 - dr * box.width() * 0.4,
            box.center().y() + dr * box.height() * 0.3 - dc * box.height() * 0.4,
        )
        arrow = QPainterPath(tip)
        arrow.lineTo(base_a)
        arrow.lineTo(base_b)
        arrow.closeSubpath()
        hovered = view.hover_slot == push.slot
        p.save()
        p.setPen(QPen(t.color("accent_dark"), 2))
        p.setBrush(QBrush(t.color("accent") if hovered else t.color("cream")))
        p.drawPath(arrow)
        p.restore()
        view.region(box, ("push", push.slot))


def paint_preview(view: GuttersChoices, p: QPainter, s: GuttersState) -> None:
    ghost = view.preview()
    if not ghost:
        return
    t = theme.current()
    push = view.push_of(view.hover_slot or 0)
    line = QRectF()
    for (r, c), (tile, rotation) in ghost:
        rect = layout.cell_rect(view, r, c)
        line = line.united(rect)
        draw_tile(p, rect, shape_of(tile), rotation)
    p.save()
    accent = QColor(t.palette.accent)
    accent.setAlpha(45)
    p.setPen(QPen(t.color("accent"), 4, Qt.PenStyle.DashLine))
    p.setBrush(QBrush(accent))
    p.drawRoundedRect(line.adjusted(1, 1, -1, -1), 8, 8)
    p.restore()
    # The tile that would leave the board, faded, just outside its edge.
    _, cell = layout.board_geometry(view)
    slot = slots(view.state.size)[push.slot]
    dr, dc = layout.SIDE_STEP[slot.side]
    out_rect = layout.cell_rect(view, *push.out).translated(-dc * cell * 0.55, -dr * cell * 0.55)
    out_tile, out_rotation = view.state.cell(*push.out)
    p.save()
    p.setOpacity(0.45)
    draw_tile(
        p,
        out_rect.adjusted(cell * 0.2, cell * 0.2, -cell * 0.2, -cell * 0.2),
        shape_of(out_tile),
        out_rotation,
    )
    p.restore()


def paint_rotate_menu(view: GuttersChoices, p: QPainter, cell: tuple[int, int]) -> None:
    rect = layout.cell_rect(view, *cell)
    w, h = 150.0, 40.0
    x = min(rect.right() + 6, view.width() - w - 6)
    y = rect.top()
    labels = (
        (90, translate("GuttersTable", "↻ quarter turn")),
        (180, translate("GuttersTable", "half turn")),
        (270, translate("GuttersTable", "↺ quarter turn")),
    )
    view.panel(p, QRectF(x - 4, y - 4, w + 8, 3 * (h + 6) + 2))
    for i, (by, text) in enumerate(labels):
        view.button(p, QRectF(x, y + i * (h + 6), w, h), text, ("rotate", cell, by))


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _line_cells(size: int, event: TilePushed) -> list[tuple[int, int]]:
    (r0, c0), (r1, c1) = event.entry, event.out
    if r0 == r1:
        step = _sign(c1 - c0)
        return [(r0, c) for c in range(c0, c1 + step, step)]
    step = _sign(r1 - r0)
    return [(r, c0) for r in range(r0, r1 + step, step)]


def _lerp_rect(a: QRectF, b: QRectF, t: float) -> QRectF:
    return QRectF(
        a.left() + (b.left() - a.left()) * t,
        a.top() + (b.top() - a.top()) * t,
        a.width(),
        a.height(),
    )


def _along(points: tuple[QPointF, ...], t: float) -> QPointF:
    """The point a fraction t of the way along a polyline."""
    if len(points) == 1:
        return points[0]
    lengths = [
        ((b.x() - a.x()) ** 2 + (b.y() - a.y()) ** 2) ** 0.5 for a, b in itertools.pairwise(points)
    ]
    goal = sum(lengths) * t
    for (a, b), length in zip(itertools.pairwise(points), lengths, strict=True):
        if goal <= length and length > 0:
            f = goal / length
            return QPointF(a.x() + (b.x() - a.x()) * f, a.y() + (b.y() - a.y()) * f)
        goal -= length
    return points[-1]
