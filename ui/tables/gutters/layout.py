"""Where everything sits on the No sin mi gato table: the board's cells, the slots around it (a
slot's push arrow sits further out), and the path a cat walks home.
"""

from PySide6.QtCore import QPointF, QRectF

from lanpurr.games.gutters.events import CatConnected
from lanpurr.games.gutters.geometry import slot_index, slots
from ui.tables.gutters.choices import GuttersChoices

SIDE_STEP = {1: (-1, 0), 2: (0, 1), 4: (1, 0), 8: (0, -1)}
"""A side's bit (N, E, S, W) -> the (row, column) step toward the outside."""


def board_geometry(view: GuttersChoices) -> tuple[QRectF, float]:
    """The rectangle of the cells and the size of one cell."""
    n = view.state.size
    side_panel = min(340.0, view.width() * 0.3)
    area = QRectF(10, 10, view.width() - side_panel - 30, view.height() - 20)
    cell = min(area.width(), area.height()) / (n + 3)
    board = QRectF(0, 0, cell * n, cell * n)
    board.moveCenter(area.center())
    return board, cell


def cell_rect(view: GuttersChoices, r: int, c: int) -> QRectF:
    board, cell = board_geometry(view)
    return QRectF(board.left() + c * cell, board.top() + r * cell, cell, cell)


def slot_rect(view: GuttersChoices, index: int, ring: float = 1.0) -> QRectF:
    """The slot's place beside its edge cell; ring 1.6 is where its push arrow sits."""
    slot = slots(view.state.size)[index]
    _board, cell = board_geometry(view)
    rect = cell_rect(view, *slot.cell)
    dr, dc = SIDE_STEP[slot.side]
    rect.translate(dc * cell * ring, dr * cell * ring)
    return rect


def walk_points(view: GuttersChoices, event: CatConnected) -> tuple[QPointF, ...]:
    names = slot_index(view.state.size)
    points = [slot_rect(view, names[event.slot]).center()]
    points += [cell_rect(view, r, c).center() for r, c in event.path]
    points.append(slot_rect(view, names[event.home_slot]).center())
    return tuple(points)
