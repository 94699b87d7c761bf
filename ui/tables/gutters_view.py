"""The No sin mi gato table: the board, cats and homes in the slots, arrows to push the top tile.

Click a tile to rotate it (a small menu offers 90°, 180° and 270°). Hover an arrow to see a ghost
of the push; click it to push. The top tile of the pile can be turned before pushing.
"""

import itertools
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QMouseEvent, QPainter, QPainterPath, QPen

from lanpurr.core.game import Event
from lanpurr.games.gutters.actions import Insert, Rotate
from lanpurr.games.gutters.components import CATS, shape_of
from lanpurr.games.gutters.events import (
    CatConnected,
    CatTurnedUp,
    CatWon,
    GameEnded,
    HomeMoved,
    TilePushed,
    TileRotated,
)
from lanpurr.games.gutters.geometry import Push, pushes, slot_index, slots
from lanpurr.games.gutters.state import GuttersState
from lanpurr.games.gutters.variants import COOP, SOLO, TEAMS, rating, teams_of
from ui import theme
from ui.art import draw_home, draw_stray_cat, draw_tile
from ui.tables.source import TableSource
from ui.tables.table_view import TableView

SIDE_STEP = {1: (-1, 0), 2: (0, 1), 4: (1, 0), 8: (0, -1)}
"""A side's bit (N, E, S, W) -> the (row, column) step toward the outside."""


class GuttersTable(TableView):
    def __init__(self, source: TableSource) -> None:
        super().__init__(source)
        self.pile_rotation = 0
        """The rotation chosen for the top tile before pushing it (G-5.3 step 1)."""
        self.rotating: tuple[int, int] | None = None
        """The board cell whose rotate menu is open."""
        self.hover_slot: int | None = None
        self.lit_path: tuple[tuple[int, int], ...] = ()
        self.walk: tuple[QPointF, ...] = ()
        self.result: GameEnded | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    # -- text ---------------------------------------------------------------------------------

    def rating_text(self, text: str) -> str:
        ratings = {
            "Best friend of the cats!": self.tr("Best friend of the cats!"),
            "Second-best friend of the cats!": self.tr("Second-best friend of the cats!"),
            "Good job.": self.tr("Good job."),
            "Not bad.": self.tr("Not bad."),
            "You can do better.": self.tr("You can do better."),
            "It will do this time.": self.tr("It will do this time."),
            "Poor cats.": self.tr("Poor cats."),
        }
        return ratings.get(text, text)

    def my_turn(self) -> bool:
        s: GuttersState = self.state
        return s.phase == "play" and s.active == self.seat and self.result is None

    def banner(self) -> tuple[str, str, bool]:
        s: GuttersState = self.state
        if self.result is not None or s.phase == "over":
            return self.tr("Game over"), self.tr("Every cat has found its home."), False
        if s.phase != "play":
            return self.tr("Setting up the roofs"), self.tr("Dealing the tiles…"), False
        left = self.tr("actions left: {n}").format(n=s.actions_left)
        if self.my_turn():
            return (
                self.tr("Your turn"),
                self.tr(
                    "Click a tile to turn it, or push the top tile in from an arrow — {left}"
                ).format(left=left),
                True,
            )
        name = self.names[s.active]
        return (
            self.tr("{name}'s turn").format(name=name),
            self.tr("{name} is moving the gutters — {left}").format(name=name, left=left),
            False,
        )

    # -- events -------------------------------------------------------------------------------

    def duration_of(self, event: Event) -> int:
        if isinstance(event, TileRotated):
            return 260
        if isinstance(event, TilePushed):
            return 420
        if isinstance(event, CatConnected):
            return 650
        if isinstance(event, CatWon):
            return 800
        if isinstance(event, HomeMoved):
            return 380
        if isinstance(event, CatTurnedUp):
            return 300
        return 0

    def before_event(self, event: Event) -> None:
        if isinstance(event, CatConnected):
            self.lit_path = event.path
            self.walk = self._walk_points(event)
        elif isinstance(event, TilePushed | TileRotated):
            self.lit_path = ()
        elif isinstance(event, GameEnded):
            self.result = event

    def describe(self, event: Event) -> str | None:
        """The move in words, for the log and the animation's caption."""
        n = self.names
        # My own moves in the first person: "You" is not a name every language can conjugate.
        mine = getattr(event, "seat", None) == self.seat
        if isinstance(event, TilePushed):
            if mine:
                return self.tr("You pushed a tile in.")
            return self.tr("{name} pushed a tile in.").format(name=n[event.seat])
        if isinstance(event, TileRotated):
            if mine:
                return self.tr("You turned a tile.")
            return self.tr("{name} turned a tile.").format(name=n[event.seat])
        if isinstance(event, CatWon):
            cat = CATS.get(event.cat, (event.cat, 0))[0]  # its name, not its id
            if mine:
                return self.tr("You led {cat} home!").format(cat=cat)
            return self.tr("{name} led {cat} home!").format(name=n[event.seat], cat=cat)
        if isinstance(event, HomeMoved):
            return self.tr("A home moved along the roof.")
        return None

    def after_update(self) -> None:
        self.lit_path = ()
        self.rotating = None
        s: GuttersState = self.state
        if s.phase == "play" and not self.my_turn():
            self.pile_rotation = 0

    # -- geometry -----------------------------------------------------------------------------

    def board_geometry(self) -> tuple[QRectF, float]:
        """The rectangle of the cells and the size of one cell."""
        n = self.state.size
        side_panel = min(340.0, self.width() * 0.3)
        area = QRectF(10, 10, self.width() - side_panel - 30, self.height() - 20)
        cell = min(area.width(), area.height()) / (n + 3)
        board = QRectF(0, 0, cell * n, cell * n)
        board.moveCenter(area.center())
        return board, cell

    def cell_rect(self, r: int, c: int) -> QRectF:
        board, cell = self.board_geometry()
        return QRectF(board.left() + c * cell, board.top() + r * cell, cell, cell)

    def slot_rect(self, index: int, ring: float = 1.0) -> QRectF:
        """The slot's place beside its edge cell; ring 1.6 is where its push arrow sits."""
        slot = slots(self.state.size)[index]
        _board, cell = self.board_geometry()
        rect = self.cell_rect(*slot.cell)
        dr, dc = SIDE_STEP[slot.side]
        rect.translate(dc * cell * ring, dr * cell * ring)
        return rect

    def _walk_points(self, event: CatConnected) -> tuple[QPointF, ...]:
        names = slot_index(self.state.size)
        points = [self.slot_rect(names[event.slot]).center()]
        points += [self.cell_rect(r, c).center() for r, c in event.path]
        points.append(self.slot_rect(names[event.home_slot]).center())
        return tuple(points)

    # -- painting -----------------------------------------------------------------------------

    def paint_table(self, p: QPainter) -> None:
        s: GuttersState = self.state
        if not s.cells:
            self.label(p, QRectF(self.rect()), self.tr("Dealing the tiles…"), px=24)
            return
        self.paint_board(p, s)
        self.paint_slots(p, s)
        if self.my_turn() and not self.animator.busy():
            self.paint_arrows(p, s)
            self.paint_preview(p, s)
            if self.rotating is not None:
                self.paint_rotate_menu(p, self.rotating)
        self.paint_moving(p)
        self.paint_side(p, s)
        if self.result is not None and not self.animator.busy():
            self.paint_result(p, s, self.result)

    def paint_board(self, p: QPainter, s: GuttersState) -> None:
        board, cell = self.board_geometry()
        p.save()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(QColor(0, 0, 0, 70)))
        p.drawRoundedRect(board.adjusted(-8, -8, 8, 8), 12, 12)
        p.restore()
        event = self.moving if self.animator.busy() else None
        t = self.animator.progress()
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
                rect = self.cell_rect(r, c)
                if (r, c) in pushed_line:
                    rect.translate(pushed_line[(r, c)])
                lit = (r, c) in self.lit_path
                if isinstance(event, TileRotated) and event.cell == (r, c) and t < 1:
                    p.save()
                    p.translate(rect.center())
                    p.rotate(-event.by * (1 - t))
                    p.translate(-rect.center())
                    draw_tile(p, rect, shape_of(tile), rotation, lit=lit)
                    p.restore()
                else:
                    draw_tile(p, rect, shape_of(tile), rotation, lit=lit)
                if self.my_turn() and not self.animator.busy():
                    self.region(rect, ("tile", (r, c)))
        if isinstance(event, TilePushed) and t < 1:
            # The tile pushed out leaves the board, fading.
            dr, dc = (_sign(event.out[0] - event.entry[0]), _sign(event.out[1] - event.entry[1]))
            rect = self.cell_rect(*event.out).translated(dc * cell * t, dr * cell * t)
            p.save()
            p.setOpacity(1 - t)
            old_rotation = 0
            draw_tile(p, rect, shape_of(event.pushed_out), old_rotation)
            p.restore()
        if self.rotating is not None:
            p.save()
            p.setPen(QPen(theme.current().color("accent"), 4))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(self.cell_rect(*self.rotating).adjusted(2, 2, -2, -2), 6, 6)
            p.restore()

    def paint_slots(self, p: QPainter, s: GuttersState) -> None:
        names = slot_index(s.size)
        event = self.moving if self.animator.busy() else None
        t = self.animator.progress()
        for home, slot in zip(("A", "B"), s.homes, strict=True):
            rect = self.slot_rect(slot).adjusted(6, 6, -6, -6)
            if isinstance(event, HomeMoved) and event.home == home and t < 1:
                start = self.slot_rect(names[event.from_slot]).adjusted(6, 6, -6, -6)
                rect = _lerp_rect(start, rect, t)
            draw_home(p, rect, home)
        for slot, token in s.slot_cats:
            cat = s.cat_face(token) or "k01"
            rect = self.slot_rect(slot).adjusted(4, 4, -4, -4)
            p.save()
            if isinstance(event, CatTurnedUp) and event.token == token:
                p.setOpacity(t)
            lit = isinstance(event, CatConnected) and event.token == token
            draw_stray_cat(p, rect, cat, CATS[cat][1], lit=lit)
            p.restore()

    def paint_moving(self, p: QPainter) -> None:
        event = self.moving if self.animator.busy() else None
        if isinstance(event, CatWon) and self.walk:
            point = _along(self.walk, self.animator.progress())
            _, cell = self.board_geometry()
            rect = QRectF(0, 0, cell * 0.9, cell * 0.9)
            rect.moveCenter(point)
            draw_stray_cat(p, rect, event.cat, CATS[event.cat][1], lit=True)

    def paint_arrows(self, p: QPainter, s: GuttersState) -> None:
        t = theme.current()
        for push in pushes(s.size):
            rect = self.slot_rect(push.slot, ring=1.72)
            _, cell = self.board_geometry()
            box = QRectF(0, 0, cell * 0.46, cell * 0.46)
            box.moveCenter(rect.center())
            slot = slots(s.size)[push.slot]
            dr, dc = SIDE_STEP[slot.side]
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
            hovered = self.hover_slot == push.slot
            p.save()
            p.setPen(QPen(t.color("accent_dark"), 2))
            p.setBrush(QBrush(t.color("accent") if hovered else t.color("cream")))
            p.drawPath(arrow)
            p.restore()
            self.region(box, ("push", push.slot))

    def push_of(self, slot: int) -> Push:
        return pushes(self.state.size)[slot]

    def preview(self) -> tuple[tuple[tuple[int, int], tuple[str, int]], ...]:
        """The line a push from the hovered arrow would leave, cell by cell (empty: no hover)."""
        if self.hover_slot is None:
            return ()
        s: GuttersState = self.state
        push = self.push_of(self.hover_slot)
        line = [s.cell(r, c) for r, c in push.cells]
        # G-5.3: the tile at `out` leaves, the others move one cell toward it, the new one enters.
        moved = [(s.tile_pile[0], self.pile_rotation), *line[:-1]]
        return tuple(zip(push.cells, moved, strict=True))

    def paint_preview(self, p: QPainter, s: GuttersState) -> None:
        ghost = self.preview()
        if not ghost:
            return
        t = theme.current()
        push = self.push_of(self.hover_slot or 0)
        line = QRectF()
        for (r, c), (tile, rotation) in ghost:
            rect = self.cell_rect(r, c)
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
        _, cell = self.board_geometry()
        slot = slots(self.state.size)[push.slot]
        dr, dc = SIDE_STEP[slot.side]
        out_rect = self.cell_rect(*push.out).translated(-dc * cell * 0.55, -dr * cell * 0.55)
        out_tile, out_rotation = self.state.cell(*push.out)
        p.save()
        p.setOpacity(0.45)
        draw_tile(
            p,
            out_rect.adjusted(cell * 0.2, cell * 0.2, -cell * 0.2, -cell * 0.2),
            shape_of(out_tile),
            out_rotation,
        )
        p.restore()

    def paint_rotate_menu(self, p: QPainter, cell: tuple[int, int]) -> None:
        rect = self.cell_rect(*cell)
        w, h = 150.0, 40.0
        x = min(rect.right() + 6, self.width() - w - 6)
        y = rect.top()
        labels = (
            (90, self.tr("↻ quarter turn")),
            (180, self.tr("half turn")),
            (270, self.tr("↺ quarter turn")),
        )
        self.panel(p, QRectF(x - 4, y - 4, w + 8, 3 * (h + 6) + 2))
        for i, (by, text) in enumerate(labels):
            self.button(p, QRectF(x, y + i * (h + 6), w, h), text, ("rotate", cell, by))

    def paint_side(self, p: QPainter, s: GuttersState) -> None:
        t = theme.current()
        side_w = min(340.0, self.width() * 0.3)
        x = self.width() - side_w - 14
        panel = QRectF(x, 14, side_w, self.height() - 28)
        self.panel(p, panel)
        y = panel.top() + 12
        title = self.tr("Top tile of the pile")
        high = max(26.0, self.wrapped_height(side_w, title, 16, theme.FontRole.HEADING))
        self.label(p, QRectF(x, y, side_w, high), title, px=16, role=theme.FontRole.HEADING)
        y += high + 6
        tile_size = min(110.0, side_w * 0.34)
        tile_rect = QRectF(x + (side_w - tile_size) / 2, y, tile_size, tile_size)
        if s.tile_pile:
            draw_tile(p, tile_rect, shape_of(s.tile_pile[0]), self.pile_rotation)
        mine = self.my_turn() and not self.animator.busy()
        self.button(
            p,
            QRectF(tile_rect.left() - 52, y + tile_size / 2 - 22, 44, 44),
            "↺",
            ("pile", 270),
            enabled=mine,
        )
        self.button(
            p,
            QRectF(tile_rect.right() + 8, y + tile_size / 2 - 22, 44, 44),
            "↻",
            ("pile", 90),
            enabled=mine,
        )
        y += tile_size + 4
        self.label(
            p,
            QRectF(x, y, side_w, 22),
            self.tr("Tiles in the pile: {n}").format(n=len(s.tile_pile)),
            px=13,
        )
        y += 30
        # Actions left this turn: two dots, filled while still to play.
        self.label(
            p,
            QRectF(x + 12, y, side_w - 96, 40),
            self.tr("Actions left"),
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
        text = self.tr("Cats still looking for a home: {n}").format(n=cats_left)
        # A narrow panel (small window, zoom) wraps the line onto two rather than cut it.
        high = max(24.0, self.wrapped_height(side_w - 24, text, 14))
        self.label(
            p,
            QRectF(x + 12, y, side_w - 24, high),
            text,
            px=14,
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )
        y += high + 10
        if s.mode in (COOP, SOLO):
            self.label(
                p,
                QRectF(x + 12, y, side_w - 24, 24),
                self.tr("Turn {turn}").format(turn=max(1, s.turn)),
                px=18,
                role=theme.FontRole.NUMBER,
                align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            )
            y += 28
            self.label(
                p,
                QRectF(x + 12, y, side_w - 24, 44),
                self.tr("Rating so far: {rating}").format(
                    rating=self.rating_text(rating(max(1, s.turn)))
                ),
                px=14,
                align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
            )
            y += 50
        self.label(
            p,
            QRectF(x + 12, y, side_w - 24, 24),
            self.tr("Scores"),
            px=16,
            role=theme.FontRole.HEADING,
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )
        y += 28
        for name, score, cats, active in self.score_rows(s):
            row = QRectF(x + 8, y, side_w - 16, 30)
            if active:
                p.save()
                p.setPen(QPen(t.color("accent"), 2))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(row, 8, 8)
                p.restore()
            self.label(
                p,
                row.adjusted(8, 0, 0, 0),
                name,
                px=15,
                align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            )
            self.label(
                p,
                row.adjusted(0, 0, -8, 0),
                self.points_and_cats(score, cats),
                px=14,
                role=theme.FontRole.NUMBER,
                align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            )
            y += 34

    def points_and_cats(self, score: int, cats: int) -> str:
        return self.tr("%n pts", "", score) + " · " + self.tr("%n cats", "", cats)

    def score_rows(self, s: GuttersState) -> list[tuple[str, int, int, bool]]:
        rows = []
        for side in teams_of(s.mode, s.players):
            faces = [f for seat in side for f in s.won_faces(seat)]
            score = sum(CATS[f][1] for f in faces if f in CATS)
            if s.mode in (COOP, SOLO) and s.players > 1:
                name = self.tr("The group")
            elif s.mode == TEAMS:
                name = " + ".join(self.names[seat] for seat in side)
            else:
                name = self.names[side[0]]
            rows.append((name, score, len(faces), s.active in side and s.phase == "play"))
        return rows

    def paint_result(self, p: QPainter, s: GuttersState, result: GameEnded) -> None:
        lines = []
        for name, score, cats, _ in self.score_rows(s):
            lines.append((name, self.points_and_cats(score, cats), False))
        footer = ""
        if s.mode in (COOP, SOLO):
            title = self.tr("All cats are home!")
            footer = self.tr("{turns} turns: {rating}").format(
                turns=result.turns, rating=self.rating_text(result.rating)
            )
            lines = [(n, f, True) for n, f, _ in lines]
        else:
            winners = set(result.winners)
            sides = teams_of(s.mode, s.players)
            lines = [
                (n, f, bool(set(side) & winners))
                for (n, f, _), side in zip(lines, sides, strict=True)
            ]
            if self.seat in winners:
                title = (
                    self.tr("You win!")
                    if len(winners) == 1 or s.mode == TEAMS
                    else self.tr("You share the win!")
                )
            else:
                title = self.tr("{name} wins").format(name=self.names[min(winners)])
        self.paint_results(
            p,
            title,
            lines,
            footer,
            ((self.tr("Play again"), ("again",)), (self.tr("Back to the lobby"), ("leave",))),
        )

    # -- input --------------------------------------------------------------------------------

    def clicked(self, key: Any) -> None:
        s: GuttersState = self.state
        kind = key[0]
        if kind == "leave":
            self.leave_requested.emit()
        elif kind == "again":
            self.play_again_requested.emit()
        elif kind == "pile":
            self.pile_rotation = (self.pile_rotation + key[1]) % 360
        elif kind == "tile":
            self.rotating = None if self.rotating == key[1] else key[1]
        elif kind == "rotate":
            self.rotating = None
            self.act(Rotate(self.seat, s.turn, key[1], key[2]))
        elif kind == "push":
            push = self.push_of(key[1])
            self.hover_slot = None
            self.act(Insert(self.seat, s.turn, push.out, push.line, self.pile_rotation))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        key = self.key_at(self.to_table(event.position()))
        slot = key[1] if isinstance(key, tuple) and key[0] == "push" else None
        if slot != self.hover_slot:
            self.hover_slot = slot
            self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.rotating = None
            self.update()
        elif event.key() == Qt.Key.Key_R and self.my_turn():
            self.pile_rotation = (self.pile_rotation + 90) % 360
            self.update()
        else:
            super().keyPressEvent(event)


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
