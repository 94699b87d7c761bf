"""Where everything sits on the Momistigri table: the seats around the oval, my hand, the others'
fans, the discard pile with the arrow of play, the 3+3 card to keep. Every rectangle here is also
where a click lands.
"""

from PySide6.QtCore import QPointF, QRectF

from lanpurr.games.momistigri.state import State
from ui.art import CARD_ASPECT
from ui.tables.momistigri import words
from ui.tables.momistigri.choices import MomistigriChoices
from ui.tables.oval import on_oval, opponent_angle

SIDE = 200.0
"""Width of the columns at the table's sides: my seat on the left, the buttons on the right."""
DIAL_COLUMN = 86.0
"""Width of the pile panel's column that holds the arrow of play."""
PENDING_PX = 14
"""Size of the line that says which effect is pending."""
CHOICE = 56.0
"""Height of a pair's choice button, where the window leaves the room."""
PILE_CARD = (44.0, 64.0)
"""Smallest and largest width of a pile card: the smallest still reads and takes a click."""
PILE_PEEK = 0.42
"""The part of an overlapped pile card's width left in sight: its corner's value and symbol."""
PILE_ROW_PEEK = 0.42
"""The part of a pile card's height left in sight when the next row overlaps it."""


def card_width(view: MomistigriChoices) -> float:
    return max(44.0, min(92.0, (view.height() - 360) / 2.4))


def seat_box(view: MomistigriChoices, seat: int) -> QRectF:
    mine = QRectF(20, view.height() - 150, SIDE - 30, 132)
    if seat == view.seat:
        return mine
    bottom = view.height() - card_width(view) * CARD_ASPECT - 120
    top = min(90.0, view.height() * 0.12)  # a low window seats the far players higher
    oval = QRectF(view.width() * 0.12, top, view.width() * 0.76, (bottom - top) * 1.55)
    spot = on_oval(oval, opponent_angle(seat, view.seat, view.state.players))
    width = min(230.0, view.width() * 0.26)  # (a narrow table: Chat and Moves beside it)
    box = QRectF(spot.x() - width / 2, spot.y() - 40, width, 118)
    # Never cut by the table's edge: a side seat of a narrow table comes in.
    box.moveLeft(max(4.0, min(box.left(), view.width() - 4 - width)))
    if box.intersects(mine.adjusted(0, -8, 0, 0)):
        box.moveBottom(mine.top() - 8)  # a low table: the side seat sits above mine
    # At the right, a seat sits above the room of a pair's choices, but under Show pairs.
    x, w = view.width() - SIDE + 14, SIDE - 34
    room = QRectF(x, view.height() - 70 - 8 - 2 * CHOICE - 6 - 8, w, view.height())
    if box.intersects(room):
        box.moveBottom(max(room.top(), hints_rect(view).bottom() + 8 + box.height()))
    return box


def seat_anchor(view: MomistigriChoices, seat: int) -> QPointF:
    if seat == view.seat:
        return QPointF(view.width() / 2, view.height() - card_width(view))
    return seat_box(view, seat).center()


def pile_area(view: MomistigriChoices) -> QRectF:
    """The middle of the table: from under the players seated across from me down to the
    effect buttons that show above my hand."""
    w = view.width() * 0.44
    left = (view.width() - w) / 2
    above = [
        box.bottom()
        for seat in range(view.state.players)
        if seat != view.seat
        for box in (seat_box(view, seat),)
        if box.top() < view.height() / 2 and box.left() < left + w and box.right() > left
    ]
    top = max(above, default=130.0) + 12
    hand_top = view.height() - 20 - card_width(view) * (CARD_ASPECT + 0.25)
    bottom = max(top + 120.0, hand_top - 10)  # (a pair's choice stands beside: choice_rects)
    # As wide as the players seated at its sides leave it, up to half the table.
    beside = [seat_box(view, seat) for seat in range(view.state.players) if seat != view.seat]
    beside = [b for b in beside if b.bottom() > top and b.top() < bottom]
    middle = view.width() / 2
    half = min(
        [view.width() * 0.25]
        + [middle - b.right() - 14 for b in beside if b.center().x() < middle]
        + [b.left() - middle - 14 for b in beside if b.center().x() > middle]
    )
    half = max(half, view.width() * 0.22)
    return QRectF(middle - half, top, 2 * half, bottom - top)


def hints_rect(view: MomistigriChoices) -> QRectF:
    """Show pairs (or Hide pairs), at the top of the right-hand column."""
    return QRectF(view.width() - SIDE + 14, 92, SIDE - 34, 40)


def choice_rects(view: MomistigriChoices) -> tuple[QRectF, QRectF]:
    """Where a pair's two choices (its effect, or reversing the arrow) are offered: in the
    right-hand column, one above the other over Pass, never over the pile, and under a seat at
    the table's right side (which moves up for them as far as Show pairs lets it: on a low
    window the short second one, Reverse the arrow, gives the first the room its words need).
    A single choice takes the room of both (`choice_rect`)."""
    x, w = view.width() - SIDE + 14, SIDE - 34
    pass_top = view.height() - 70
    column = QRectF(x, 0, w, pass_top)
    seats = [seat_box(view, s) for s in range(view.state.players) if s != view.seat]
    above = max((b.bottom() for b in seats if b.intersects(column)), default=0.0)
    room = min(2 * CHOICE + 6, pass_top - 8 - 8 - above)
    low = CHOICE if room >= 2 * CHOICE + 6 else 40.0
    second = QRectF(x, pass_top - 8 - low, w, low)
    high = max(40.0, room - 6 - low)
    return QRectF(x, second.top() - 6 - high, w, high), second


def choice_rect(view: MomistigriChoices) -> QRectF:
    """Where a pair's one choice is offered: the room of both choices."""
    first, second = choice_rects(view)
    return first.united(second)


def pile_centre(view: MomistigriChoices) -> QPointF:
    return pile_area(view).center()


def pending_rect(view: MomistigriChoices) -> QRectF:
    """Where a pending effect is said: along the bottom of the pile's column, as many lines
    high as its words need, never under the arrow of play (empty if nothing is pending)."""
    text = words.pending_text(view)
    if not text:
        return QRectF()
    area = pile_area(view).adjusted(10, 0, -(DIAL_COLUMN + 4), -6)
    height = view.wrapped_height(area.width(), text, PENDING_PX) + 4
    return QRectF(area.left(), area.bottom() - height, area.width(), height)


def pile_rects(view: MomistigriChoices) -> list[tuple[int, QRectF]]:
    """Where each pile card is drawn, in rows; a long pile overlaps its cards left to right,
    each showing at least its corner (value and symbol), rather than shrinking them."""
    s: State = view.state
    count = len(s.pile)
    if not count:
        return []
    # The right-hand column of the panel holds the arrow of play; a pending effect is said
    # along the bottom. Cards never go under either.
    pending = pending_rect(view)
    area = pile_area(view).adjusted(10, 34, -(DIAL_COLUMN + 10), -10)
    if not pending.isEmpty():
        area.setBottom(pending.top() - 4)
    w, rows, x_step, y_step = pile_layout(count, area.width(), area.height())
    per_row = -(-count // rows)
    h = w * CARD_ASPECT
    rects = []
    for i, token in enumerate(s.pile):
        r, c = divmod(i, per_row)
        rects.append((token, QRectF(area.left() + c * x_step, area.top() + r * y_step, w, h)))
    return rects


def pile_card_target(view: MomistigriChoices, laid: list[tuple[int, QRectF]], index: int) -> QRectF:
    """The part of pile card `index` that no later card covers: where a click takes it."""
    rect = QRectF(laid[index][1])
    for _token, later in laid[index + 1 :]:
        if not later.intersects(rect):
            continue
        if later.top() > rect.top():  # the next row covers its lower part
            rect.setBottom(min(rect.bottom(), later.top()))
        elif later.left() > rect.left():  # the next card of its row covers its right part
            rect.setRight(min(rect.right(), later.left()))
    return rect


def hand_rects(view: MomistigriChoices) -> list[tuple[int, QRectF]]:
    hand = view.my_hand()
    if not hand:
        return []
    w = card_width(view)
    h = w * CARD_ASPECT
    room = view.width() - 2 * SIDE
    step = min(w + 8, (room - w) / max(1, len(hand) - 1))
    total = step * (len(hand) - 1) + w
    x = (view.width() - total) / 2
    y = view.height() - h - 20
    rects = []
    for i, token in enumerate(hand):
        lift = w * 0.25 if token in view.selected or token == view.chosen else 0.0
        rects.append((token, QRectF(x + i * step, y - lift, w, h)))
    return rects


def fan_rects(view: MomistigriChoices, seat: int) -> list[QRectF]:
    """The face-down cards of another player, fanned inside their box."""
    box = seat_box(view, seat)
    count = len(view.state.hands[seat]) if view.state.hands else 0
    w = 30.0
    h = w * CARD_ASPECT
    step = min(18.0, (box.width() - 70 - w) / max(1, count - 1))
    rects = []
    lifted = view.drawing_from() == seat
    for i in range(count):
        lift = 10.0 if lifted and i in view.picked else 0.0
        rects.append(QRectF(box.left() + 10 + i * step, box.top() + 54 - lift, w, h))
    return rects


def arrow_rect(view: MomistigriChoices) -> QRectF:
    """Inside the pile's panel, top right: never under a seat's panel, whatever the size."""
    area = pile_area(view)
    return QRectF(area.right() - DIAL_COLUMN + 6, area.top() + 40, 64, 64)


def keep_rect(view: MomistigriChoices) -> QRectF:
    """Where the 3+3 card to keep is drawn: in the pile panel's right-hand column, under the
    arrow of play if there is room, else in the arrow's place."""
    area = pile_area(view)
    ring = arrow_rect(view)
    w = DIAL_COLUMN - 30
    h = w * CARD_ASPECT
    bottom = area.bottom() - 6  # the pending line stays left of this column
    below = ring.bottom() + 54  # after the arrow's label
    top = below if below + h + 20 <= bottom else ring.top() - 6
    return QRectF(area.right() - DIAL_COLUMN + 15, top, w, h)


def visible(rect: QRectF, covering: QRectF | None) -> QRectF:
    """The part of a fanned card not hidden by the next one, so a click lands on what it shows."""
    if covering is None or covering.left() >= rect.right():
        return rect
    return QRectF(rect.left(), rect.top(), max(4.0, covering.left() - rect.left()), rect.height())


def pile_layout(count: int, width: float, height: float) -> tuple[float, int, float, float]:
    """(card width, rows, step from one card to the next in a row, step from one row to the
    next) for `count` pile cards in `width`×`height`. The largest cards side by side if they
    fit; else the largest that fit overlapped, each card's corner (value and symbol) in sight;
    else the smallest, overlapped as far as needed."""
    smallest, largest = PILE_CARD

    def x_step(w: float, rows: int) -> float:
        per_row = -(-count // rows)
        return w + 4 if per_row == 1 else min(w + 4, (width - w) / (per_row - 1))

    def y_step(w: float, rows: int) -> float:
        h = w * CARD_ASPECT
        return h + 4 if rows == 1 else min(h + 4, (height - h) / (rows - 1))

    def layouts(w: float) -> list[tuple[int, float, float]]:
        return [(r, x_step(w, r), y_step(w, r)) for r in range(1, count + 1)]

    def side_by_side(w: float, x: float, y: float) -> bool:
        return x >= w + 4 - 0.01 and y >= w * CARD_ASPECT + 4 - 0.01

    def corners_show(w: float, x: float, y: float) -> bool:
        return x >= w * PILE_PEEK - 0.01 and y >= w * CARD_ASPECT * PILE_ROW_PEEK - 0.01

    for good in (side_by_side, corners_show):
        w = largest
        while w >= smallest:
            for rows, x, y in layouts(w):
                if good(w, x, y):
                    return w, rows, x, y
            w -= 2
    rows = max(1, int((height - smallest * CARD_ASPECT) // (smallest * CARD_ASPECT * 0.45)) + 1)
    rows = min(rows, count)
    return smallest, rows, x_step(smallest, rows), y_step(smallest, rows)
