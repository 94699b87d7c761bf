"""Where the seats sit round the table's oval, seen from the seat drawn nearest.

Angles are in degrees on screen (y points down, so 90° is the bottom of the table). The seat
drawn nearest sits at the bottom and the others follow clockwise in seat order, so the next
seat is on its left (M-3.1). A game that keeps the bottom of the table for its player's hand
spreads the others over the upper arc only (`opponent_angle`).
"""

import math

from PySide6.QtCore import QPointF, QRectF


def seat_angle(seat: int, me: int, players: int) -> float:
    """Where a seat sits on the oval, in degrees on screen (y down): me at the bottom (90°) and
    the others clockwise in seat order, so seat s+1 is on my left (M-3.1)."""
    return 90.0 + 360.0 * ((seat - me) % players) / players


def opponent_angle(seat: int, me: int, players: int) -> float:
    """Like `seat_angle`, but the others spread over the upper arc only (from my left round to
    my right), leaving the bottom of the table to my own hand."""
    others = players - 1
    i = (seat - me) % players
    if others == 1:
        return 270.0
    return 180.0 + 180.0 * (i - 1) / (others - 1)


def on_oval(rect: QRectF, degrees: float) -> QPointF:
    """The point of the oval inscribed in `rect` at `degrees` (screen angles, as above)."""
    a = math.radians(degrees)
    return QPointF(
        rect.center().x() + rect.width() / 2 * math.cos(a),
        rect.center().y() + rect.height() / 2 * math.sin(a),
    )
