"""What the mouse and keys do at the No sin mi gato table: open a tile's rotate menu and turn it,
turn the top tile, hover an arrow to preview a push, click it to push.
"""

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent

from lanpurr.games.gutters.actions import Insert, Rotate
from lanpurr.games.gutters.state import GuttersState
from ui.tables.gutters.choices import GuttersChoices


def clicked(view: GuttersChoices, key: Any) -> None:
    s: GuttersState = view.state
    kind = key[0]
    if kind == "leave":
        view.leave_requested.emit()
    elif kind == "again":
        view.play_again_requested.emit()
    elif kind == "pile":
        view.pile_rotation = (view.pile_rotation + key[1]) % 360
    elif kind == "tile":
        view.rotating = None if view.rotating == key[1] else key[1]
    elif kind == "rotate":
        view.rotating = None
        view.act(Rotate(view.seat, s.turn, key[1], key[2]))
    elif kind == "push":
        push = view.push_of(key[1])
        view.hover_slot = None
        view.act(Insert(view.seat, s.turn, push.out, push.line, view.pile_rotation))


def mouse_moved(view: GuttersChoices, event: QMouseEvent) -> None:
    key = view.key_at(view.to_table(event.position()))
    slot = key[1] if isinstance(key, tuple) and key[0] == "push" else None
    if slot != view.hover_slot:
        view.hover_slot = slot
        view.update()


def key_pressed(view: GuttersChoices, event: QKeyEvent) -> bool:
    """Escape closes the rotate menu, R turns the top tile; False for a key the table as a whole
    handles."""
    if event.key() == Qt.Key.Key_Escape:
        view.rotating = None
        view.update()
    elif event.key() == Qt.Key.Key_R and view.my_turn():
        view.pile_rotation = (view.pile_rotation + 90) % 360
        view.update()
    else:
        return False
    return True
