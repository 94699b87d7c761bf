"""Where everything sits on the Purrfect table: my hand grouped by cat at the bottom, the others
around the oval, each offer between its player and the middle.
"""

from PySide6.QtCore import QPointF, QRectF

from lanpurr.games.purrfect.state import PurrfectState
from ui.art import CARD_ASPECT
from ui.tables.oval import on_oval, opponent_angle
from ui.tables.purrfect.choices import PurrfectChoices

SIDE = 210.0
"""Width of the columns left and right of my hand (my name; the buttons)."""


def card_width(view: PurrfectChoices) -> float:
    room = (view.width() - 2 * SIDE) / 11.6
    return max(40.0, min(96.0, room, (view.height() - 380) / 2.2))


def hand_rects(view: PurrfectChoices) -> list[tuple[int, QRectF]]:
    s: PurrfectState = view.state
    hand = view.my_hand()
    w = card_width(view)
    h = w * CARD_ASPECT
    gap, group_gap = w * 0.08, w * 0.4
    cats = [s.cat(t) for t in hand]
    groups = len(set(cats))
    total = len(hand) * w + (len(hand) - 1) * gap + (groups - 1) * (group_gap - gap)
    x = (view.width() - total) / 2
    y = view.height() - h - 18
    rects = []
    for i, token in enumerate(hand):
        if i and cats[i] != cats[i - 1]:
            x += group_gap - gap
        lift = w * 0.22 if token in view.selected else 0.0
        rects.append((token, QRectF(x, y - lift, w, h)))
        x += w + gap
    return rects


def seat_spot(view: PurrfectChoices, seat: int) -> QPointF:
    """Where a player's name and cards are: me at the bottom, the others around the oval."""
    bottom = view.height() - card_width(view) * CARD_ASPECT - 100
    oval = QRectF(view.width() * 0.13, 140, view.width() * 0.74, (bottom - 140) * 1.5)
    return on_oval(oval, opponent_angle(seat, view.seat, view.state.players))


def offer_spot(view: PurrfectChoices, seat: int) -> QPointF:
    """Where a player's offer lies: between the player and the middle of the table."""
    if seat == view.seat:
        w = card_width(view)
        return QPointF(view.width() / 2, view.height() - w * CARD_ASPECT - 118)
    spot = seat_spot(view, seat)
    centre = QPointF(view.width() / 2, view.height() * 0.48)
    return QPointF((spot.x() + centre.x()) / 2, (spot.y() + centre.y()) / 2 + 20)
