"""Where everything sits on the Purrfect table: my hand grouped by cat at the bottom, the others
around the oval, my buttons right of my hand (each offer's place is in `offers.py`).
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, cast

from PySide6.QtCore import QPointF, QRectF

from lanpurr.games.purrfect.state import PurrfectState
from ui.art import CARD_ASPECT
from ui.tables.oval import on_oval, opponent_angle
from ui.tables.purrfect.choices import PurrfectChoices

T = TypeVar("T")

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


def hand_band(view: PurrfectChoices) -> QRectF:
    """The strip across the bottom of the table that my hand needs: its cards, a selected card
    lifted, and the word over locked cards where it does not fit on them."""
    w = card_width(view)
    top = view.height() - w * CARD_ASPECT - 18 - max(w * 0.22, 20.0)
    return QRectF(0, top, view.width(), view.height() - top)


def my_parts(view: PurrfectChoices) -> list[QRectF]:
    """What sits round my hand: my buttons and my panel."""
    return [*button_rects(view).values(), my_box(view)]


def kept(view: PurrfectChoices, name: str, work_out: Callable[[], T]) -> T:
    """`work_out()` for the table's present size and seating, once: painting asks for the
    same places many times a frame."""
    key = (name, view.width(), view.height(), view.state.players, view.seat)
    if key not in view.kept_layout:
        if len(view.kept_layout) > 16:
            view.kept_layout.clear()
        view.kept_layout[key] = work_out()
    return cast(T, view.kept_layout[key])


def fixed_parts(view: PurrfectChoices) -> list[QRectF]:
    """Everything on the table that never moves in a round: the meow key, the other players'
    panels, my hand's strip, my buttons and my panel."""

    def work_out() -> list[QRectF]:
        key = QRectF(0, 0, view.width(), KEY_BOTTOM)
        others = [seat_box(view, s) for s in range(view.state.players) if s != view.seat]
        return [key, *others, hand_band(view), *my_parts(view)]

    return kept(view, "fixed", work_out)


def my_box(view: PurrfectChoices) -> QRectF:
    """My own panel, left of my hand: my name and pawprints."""
    return QRectF(24, view.height() - 120, SIDE - 40, 90)


KEY_BOTTOM = 70.0
"""The meow key's boxes end above this line."""
GAP = 8.0


@dataclass(frozen=True)
class Sizes:
    """The other players' panels and my buttons: full size, or compact when those would overlap
    on a short table (the app's first window on a 1024×600 screen shows 996×450 of it)."""

    panel: tuple[float, float]
    """Width and height of another player's panel."""
    buttons: tuple[float, float, float]
    """Heights of Purrfect!, Offer (or Withdraw) and Clear selection, from the bottom up."""

    @property
    def compact(self) -> bool:
        return self is COMPACT


FULL = Sizes((190.0, 100.0), (70.0, 50.0, 46.0))
COMPACT = Sizes((170.0, 66.0), (50.0, 40.0, 36.0))


def sizes(view: PurrfectChoices) -> Sizes:
    """Full size when every panel then keeps clear of the others and of my buttons."""
    boxes = [_seat_box(view, s, FULL) for s in range(view.state.players) if s != view.seat]
    buttons = button_rects(view, FULL).values()
    apart = not any(
        a.adjusted(-GAP / 2, -GAP / 2, GAP / 2, GAP / 2).intersects(b)
        for i, a in enumerate(boxes)
        for b in [*boxes[i + 1 :], *buttons]
    )
    return FULL if apart else COMPACT


def button_rects(view: PurrfectChoices, size: Sizes | None = None) -> dict[str, QRectF]:
    """My buttons in the column right of my hand, from the bottom up: "declare", "offer" (or
    Withdraw in its place) and "clear"."""
    size = size or sizes(view)
    x, width, bottom = view.width() - SIDE + 16, SIDE - 40, view.height() - 30.0
    rects = {}
    for key, height in zip(("declare", "offer", "clear"), size.buttons, strict=True):
        rects[key] = QRectF(x, bottom - height, width, height)
        bottom -= height + 10
    return rects


def seat_box(view: PurrfectChoices, seat: int) -> QRectF:
    """Another player's panel: their name, pawprints and cards."""
    return _seat_box(view, seat, sizes(view))


def _seat_box(view: PurrfectChoices, seat: int, size: Sizes) -> QRectF:
    spot = _seat_spot(view, seat, size)
    width, height = size.panel
    return QRectF(spot.x() - width / 2, spot.y() - height / 2, width, height)


def seat_spot(view: PurrfectChoices, seat: int) -> QPointF:
    """Where a player's name and cards are: me at the bottom, the others around the oval."""
    return _seat_spot(view, seat, sizes(view))


def _seat_spot(view: PurrfectChoices, seat: int, size: Sizes) -> QPointF:
    # The others sit on the upper half of an oval: the one opposite me below the meow key, the
    # two beside me (when the table has them) above my buttons' column.
    height = size.panel[1]
    bottom = view.height() - card_width(view) * CARD_ASPECT - 100
    top = KEY_BOTTOM + (GAP / 2 if size.compact else 20) + height / 2
    side = 140 + 0.75 * (bottom - 140)
    side = min(side, button_rects(view, size)["clear"].top() - GAP - height / 2)
    side = max(side, top)
    oval = QRectF(view.width() * 0.13, top, view.width() * 0.74, 2 * (side - top))
    return on_oval(oval, opponent_angle(seat, view.seat, view.state.players))
