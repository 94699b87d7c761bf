"""Where each player's offer lies on the Purrfect table: a place of its own for every seat.

Every seat's place has room for the largest offer (four cards), its meow bubble above them and
the line under them that says who accepts it. The places are laid out once for a size of table
and a seating, whoever offers what: an offer never moves when another one opens, and no two
places overlap, nor cover a player's panel, the meow key, my hand or my buttons. Each place
lies as near as it can to the point between its player and the middle of the table; on a
crowded table the offered cards shrink until every place finds room (seven players on a
1024×600 screen), and only if even the smallest cards cannot does a place keep its ideal point.
"""

from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF

from lanpurr.games.purrfect.meows import MEOW_WORDS
from lanpurr.games.purrfect.state import PurrfectState
from ui import theme
from ui.art import CARD_ASPECT
from ui.tables import panels
from ui.tables.purrfect import layout
from ui.tables.purrfect.choices import MAX_OFFER, PurrfectChoices
from ui.tables.table_text import table_font

CARD_SIZES = (40.0, 36.0, 32.0, 28.0, 24.0, 20.0)
"""Widths of an offered card, tried from the largest down until every place finds room."""
CARD_GAP = 4.0
SAID_ROOM = 20.0
"""The line under the cards: "Ben accepts: Meo!"."""
RIM = 30.0
"""The table's wooden edge, which no place covers."""
Rect = tuple[float, float, float, float]
"""A rectangle as (x, y, width, height): what the cached captions are keyed by."""
REACH = 0.3
"""How far from its ideal point (a share of the table's width) a place may lie before the
cards shrink instead: further, it would no longer read as its player's."""


@dataclass(frozen=True)
class OfferPlace:
    """Where one seat's offer lies: the place's bounds and the width of its cards."""

    zone: QRectF
    card: float

    @property
    def bubble_px(self) -> int:
        """The size of the meow word: smaller with small cards, to keep the bubble as wide as
        four of them."""
        return bubble_px(self.card)

    @property
    def bubble_height(self) -> float:
        return bubble_height(self.card)

    def cards(self, count: int) -> QRectF:
        """The row of `count` face-down cards, in the middle of the place."""
        width = count * (self.card + CARD_GAP) - CARD_GAP
        height = self.card * CARD_ASPECT
        top = self.zone.top() + bubble_room(self.card)
        return QRectF(self.zone.center().x() - width / 2, top, width, height)

    def card_rect(self, count: int, index: int) -> QRectF:
        row = self.cards(count)
        left = row.left() + index * (self.card + CARD_GAP)
        return QRectF(left, row.top(), self.card, row.height())

    def said(self) -> QRectF:
        """The line under the cards."""
        bottom = self.cards(1).bottom()
        return QRectF(self.zone.left(), bottom + 2, self.zone.width(), SAID_ROOM - 2)

    def middle(self) -> QPointF:
        """The middle of the cards (where a swap's cards fly from and to)."""
        return self.cards(MAX_OFFER).center()


def bubble_px(card: float) -> int:
    return 17 if card >= 32 else 15 if card >= 24 else 13


def bubble_height(card: float) -> float:
    return bubble_px(card) + 15.0


def bubble_room(card: float) -> float:
    """How far above the cards the bubble reaches (its tail points down to them)."""
    return bubble_height(card) + 10.0


def bubble_width(text: str, px: int) -> float:
    font = table_font(theme.FontRole.HEADING, px)
    return max(70.0, QFontMetricsF(font).horizontalAdvance(text) + 28)


def zone_size(card: float) -> tuple[float, float]:
    widest_bubble = max(bubble_width(word + "!", bubble_px(card)) for word in MEOW_WORDS)
    cards = MAX_OFFER * (card + CARD_GAP) - CARD_GAP
    return max(cards, widest_bubble), bubble_room(card) + card * CARD_ASPECT + SAID_ROOM


def caption_rect(view: PurrfectChoices, said: str) -> QRectF:
    """Where a move's caption goes: as near the middle of the table as it can while it covers
    no player, no open offer, my hand and my buttons (on a crowded table the middle is where
    the offers are), on one line or, where only a narrower gap is free, on two or three;
    across the middle when nowhere is free."""
    middle = panels.caption_rect(view)
    font = table_font(theme.FontRole.BODY, panels.CAPTION_PX)
    metrics = QFontMetricsF(font)
    shapes = []
    for lines in (1, 2, 3):
        wide = min(middle.width(), metrics.horizontalAdvance(said) / lines + 30 + 40 * (lines > 1))
        inner = QRectF(0, 0, wide - 24, 10_000)  # as paint_caption lays the words out
        needed = metrics.boundingRect(inner, int(Qt.TextFlag.TextWordWrap), said).height()
        shapes.append((wide, max(middle.height(), needed + 10)))
    s: PurrfectState = view.state
    open_offers = tuple(
        _rect_key(place.zone)
        for seat, place in places(view).items()
        if s.offer_of(seat) is not None or (seat == view.seat and s.acceptance_of(seat))
    )
    fixed = tuple(_rect_key(r) for r in layout.fixed_parts(view))
    return _caption_rect(
        view.width(), view.height(), _rect_key(middle), tuple(shapes), open_offers, fixed
    )


@lru_cache(maxsize=64)
def _caption_rect(
    width: int,
    height: int,
    middle: Rect,
    shapes: tuple[tuple[float, float], ...],
    offers: tuple[Rect, ...],
    fixed: tuple[Rect, ...],
) -> QRectF:
    # Off the table's rounded corners.
    bounds = QRectF(width * 0.12, layout.KEY_BOTTOM, width * 0.76, height - layout.KEY_BOTTOM)
    taken = [QRectF(*r) for r in (*offers, *fixed)]
    centre = QRectF(*middle).center()
    for wide, high in shapes:
        found = _nearest_clear(centre, wide, high, bounds, taken, float(width + height))
        if found is not None:
            return found
    return QRectF(*middle)


def offer_place(view: PurrfectChoices, seat: int) -> OfferPlace:
    """Where `seat`'s offer lies (see the module's words)."""
    return places(view)[seat]


def places(view: PurrfectChoices) -> dict[int, OfferPlace]:
    """Every seat's place, mine included (above my hand)."""
    return layout.kept(view, "offers", lambda: _lay_out(view))


def _rect_key(r: QRectF) -> Rect:
    return (r.x(), r.y(), r.width(), r.height())


def _lay_out(view: PurrfectChoices) -> dict[int, OfferPlace]:
    width, me = view.width(), view.seat
    others = [s for s in range(view.state.players) if s != me]
    hand = layout.hand_band(view)
    bounds = QRectF(RIM, layout.KEY_BOTTOM, width - 2 * RIM, view.height() - layout.KEY_BOTTOM)
    fixed = [*(layout.seat_box(view, s) for s in others), *layout.my_parts(view), hand]
    centre = QPointF(width / 2, view.height() * 0.48)
    ideals = {s: (layout.seat_spot(view, s) + centre) / 2 + QPointF(0, 20) for s in others}
    # Who is placed first changes where the rest find room: the sides first (nearest my
    # hand, with the least room), the middle first, or from my left round to my right; and
    # my own offer, above my hand, first, halfway or last.
    bases = [
        sorted(others, key=lambda s: -abs(ideals[s].x() - centre.x())),
        sorted(others, key=lambda s: abs(ideals[s].x() - centre.x())),
        sorted(others, key=lambda s: (s - me) % view.state.players),
    ]
    orders = [
        [*base[:at], me, *base[at:]]
        for base in bases
        for at in sorted({len(base), (len(base) + 1) // 2, 0}, reverse=True)
    ]
    reach = REACH * width
    for card in CARD_SIZES:
        w, h = zone_size(card)
        ideals[me] = QPointF(width / 2, hand.top() - layout.GAP - h / 2)
        best: tuple[float, list[tuple[int, QRectF]]] | None = None
        for order in orders:
            taken = list(fixed)
            placed: list[tuple[int, QRectF]] = []
            for seat in order:
                zone = _nearest_clear(ideals[seat], w, h, bounds, taken, reach)
                if zone is None:
                    break
                placed.append((seat, zone))
                taken.append(zone)
            else:
                cost = sum(_distance(zone.center(), ideals[seat]) ** 2 for seat, zone in placed)
                if best is None or cost < best[0]:
                    best = (cost, placed)
        if best is not None:
            return {seat: OfferPlace(zone, card) for seat, zone in best[1]}
    # Not even the smallest cards leave every place room near its player: each keeps its
    # ideal point, and some overlap.
    w, h = zone_size(card)
    return {
        seat: OfferPlace(QRectF(p.x() - w / 2, p.y() - h / 2, w, h), card)
        for seat, p in ideals.items()
    }


def _distance(a: QPointF, b: QPointF) -> float:
    return float(((a.x() - b.x()) ** 2 + (a.y() - b.y()) ** 2) ** 0.5)


def _nearest_clear(
    ideal: QPointF, w: float, h: float, bounds: QRectF, taken: list[QRectF], reach: float
) -> QRectF | None:
    """The place of `w`×`h` nearest `ideal`, at most `reach` from it, inside `bounds` and
    `GAP` from everything `taken`. The nearest free place lies, on each axis, either at the
    ideal point or against an edge of what it must keep clear of: only those are tried."""
    margin = layout.GAP
    grown = [r.adjusted(-margin, -margin, margin, margin) for r in taken]
    xs = {ideal.x()} | {x for r in grown for x in (r.left() - w / 2, r.right() + w / 2)}
    ys = {ideal.y()} | {y for r in grown for y in (r.top() - h / 2, r.bottom() + h / 2)}
    left, right = bounds.left() + w / 2, bounds.right() - w / 2
    top, bottom = bounds.top() + h / 2, bounds.bottom() - h / 2
    ax, ay = ideal.x(), ideal.y()
    dxs = [((x - ax) ** 2, x) for x in {min(max(x, left), right) for x in xs}]
    dys = [((y - ay) ** 2, y) for y in {min(max(y, top), bottom) for y in ys}]
    most = reach**2
    candidates = sorted(
        (dx + dy, x, y) for dx, x in dxs if dx <= most for dy, y in dys if dx + dy <= most
    )
    boxes = [(r.left(), r.top(), r.right(), r.bottom()) for r in grown]
    for _d, x, y in candidates:
        x0, y0, x1, y1 = x - w / 2, y - h / 2, x + w / 2, y + h / 2
        if not any(x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1 for b in boxes):
            return QRectF(x0, y0, w, h)
    return None
