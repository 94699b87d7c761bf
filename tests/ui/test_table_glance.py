"""The tables read at a glance on a small screen: pile cards stay readable and clickable, nothing
overlaps what it should not, and the side panel shows the latest move and whole numbers."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from PySide6.QtCore import QObject, QPoint, QRect, Signal
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from lanpurr.games.momistigri.state import HAND_OUT, SWAP_AFTER_DRAW, Pending, State
from tests.ui.test_table_momistigri import discard, my_discard_turn, rig_pair
from tests.ui.test_tables_support import click, no_animations
from ui.chat.log import ChatLog
from ui.tables.local_table import LocalTable
from ui.tables.momistigri import layout, words
from ui.tables.momistigri.view import MomistigriTable
from ui.tables.source import TableUpdate

SMALL = (1012, 490)
"""A table's view on a 1024×600 screen, once the window's frame, the banner and the buttons
have taken their share."""


def fill_the_pile(table: LocalTable, view: MomistigriTable, keep: int) -> None:
    """Move all but `keep` cards of every other hand onto the pile, face up."""
    s: State = table.state
    hands = [list(h) for h in s.hands]
    pile = list(s.pile)
    cards = s.cards
    for seat, hand in enumerate(hands):
        if seat == view.seat:
            continue
        while len(hand) > keep:
            token = hand.pop()
            pile.append(token)
            cards = cards.show([(token, s.cards.faces[token])], to=None)
    table.state = replace(s, hands=tuple(tuple(h) for h in hands), pile=tuple(pile), cards=cards)
    view.receive(TableUpdate((), table.current_view()))


def test_a_long_pile_keeps_its_cards_readable_and_each_one_clickable(qtbot: QtBot) -> None:
    with no_animations():
        screen, view, table = my_discard_turn(qtbot, seed=26)
        screen.resize(1024, 560)
        view.resize(*SMALL)
        pair = rig_pair(table, view, 5)
        fill_the_pile(table, view, keep=2)
        discard(qtbot, view, pair)
        click(qtbot, view, ("button", "effect"))
        assert view.state.phase == HAND_OUT  # 5+5: a pile card is to be clicked
        pile = view.state.pile
        assert len(pile) >= 20
        view.repaint()
        laid = dict(layout.pile_rects(view))
        area = layout.pile_area(view)
        for token in pile:
            card = laid[token]
            assert card.width() >= 44, "pile cards keep a readable size"
            assert area.contains(card), "every pile card lies inside the pile's panel"
            where = view.rect_of(("pile", token))
            assert where is not None
            # What a click can land on shows at least the card's corner (its value and symbol).
            assert where.width() >= 0.4 * card.width() and where.height() >= 0.4 * card.height()
            assert not where.intersects(layout.arrow_rect(view).adjusted(-8, -8, 8, 8))
        # Each pile card takes the click on its own visible part: the last one clicked is handed.
        card = pile[len(pile) // 2]
        click(qtbot, view, ("pile", card))
        assert view.chosen == card


def test_the_pending_line_overlaps_neither_the_pile_nor_the_arrow(qtbot: QtBot) -> None:
    with no_animations():
        screen, view, table = my_discard_turn(qtbot, seed=23)
        screen.resize(1024, 560)
        view.resize(*SMALL)
        fill_the_pile(table, view, keep=3)
        s: State = table.state
        # Another player's 3+3 waits for the next draw: its longest sentence is on the table.
        table.state = replace(s, pending=Pending((s.active + 1) % s.players, SWAP_AFTER_DRAW))
        view.receive(TableUpdate((), table.current_view()))
        view.repaint()
        line = layout.pending_rect(view)
        assert words.pending_text(view).startswith("3+3 pending")
        assert not line.isEmpty()
        ring = layout.arrow_rect(view).adjusted(-8, -8, 8, 8)
        assert not line.intersects(ring)
        assert line.right() <= ring.left()
        for _token, card in layout.pile_rects(view):
            assert not card.intersects(line)
        assert layout.pile_area(view).contains(line)
        assert line.height() >= view.wrapped_height(line.width(), words.pending_text(view), 14)


def test_my_own_panel_says_when_i_am_out(qtbot: QtBot) -> None:
    with no_animations():
        _screen, view, table = my_discard_turn(qtbot, seed=22)
        s: State = table.state
        hands = [list(h) for h in s.hands]
        pile = list(s.pile) + hands[view.seat]
        hands[view.seat] = []
        table.state = replace(s, hands=tuple(tuple(h) for h in hands), pile=tuple(pile))
        view.receive(TableUpdate((), table.current_view()))
        view.repaint()
        mine = layout.seat_box(view, view.seat)
        said = [rect for rect, text, _f, _w in view.texts if text == "Out — Miaooo!"]
        assert any(mine.contains(rect) for rect in said)


def test_sixes_and_nines_are_underlined_so_they_read_upside_down(qapp: object) -> None:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    from ui.art.cards import _value_box, paint_momistigri_face

    def marks_under_the_value(face: str) -> int:
        """Coloured pixels in a thin band at the foot of the card's top-left value box."""
        rect = QRectF(0, 0, 120, 168)
        image = QImage(120, 168, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        paint_momistigri_face(painter, rect, face)
        painter.end()
        box = _value_box(rect)
        band_top = round(box.bottom() - box.height() * 0.15)
        return sum(
            1
            for y in range(band_top, round(box.bottom()))
            for x in range(round(box.left()), round(box.right()))
            if QColor(image.pixel(x, y)).lightness() < 150
        )

    assert marks_under_the_value("6.1") > 10
    assert marks_under_the_value("9.1") > 10
    for face in ("8.1", "5.2", "1.1"):
        assert marks_under_the_value(face) == 0, face


class FakeScores(QObject):
    """Just what the side panel reads of a table: its log lines and its scores."""

    logged = Signal(str)
    banner_changed = Signal()

    def __init__(self, rounds: int) -> None:
        super().__init__()
        self.rounds = rounds

    def score_history(self) -> tuple[list[str], list[tuple[str, list[str]]]]:
        headers = [f"R{n + 1}" for n in range(self.rounds)] + ["Total"]
        names = ["You", "Ben", "Cleo", "Dan", "Eva"]
        return headers, [(name, ["+10"] * self.rounds + ["150"]) for name in names]


def test_the_side_panel_opens_on_the_latest_move_and_shows_whole_scores(
    qtbot: QtBot, english: None
) -> None:
    from ui.tables.screen import SidePanel

    fake = FakeScores(rounds=7)
    side = SidePanel(fake)  # type: ignore[arg-type]
    qtbot.addWidget(side)
    side.resize(side.minimumWidth(), 520)
    side.hide()
    for n in range(60):
        fake.logged.emit(f"Move {n}: Ben drew a card from Cleo.")
    side.show()
    bar = side.log.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum(), timeout=2000)
    fake.banner_changed.emit()
    table = side.scores
    header = table.horizontalHeader()
    metrics = table.fontMetrics()
    for column in range(table.columnCount()):
        heading = table.horizontalHeaderItem(column).text()
        room = header.sectionSize(column)
        assert room >= header.fontMetrics().horizontalAdvance(heading) + 4, heading
        for row in range(table.rowCount()):
            assert room >= metrics.horizontalAdvance(table.item(row, column).text()) + 4
    # The latest rounds and the total are the part in sight.
    scroll = table.horizontalScrollBar()
    qtbot.waitUntil(lambda: scroll.value() == scroll.maximum(), timeout=2000)
    total = table.columnCount() - 1
    right = header.sectionViewportPosition(total) + header.sectionSize(total)
    assert right <= table.viewport().width() + 1


def test_bots_at_my_local_table_never_take_my_name(qtbot: QtBot, english: None) -> None:
    from ui.tables import create_local_table

    screen = create_local_table("momistigri", 5, {}, "heuristic", seed=1, player_name="ben")
    qtbot.addWidget(screen)
    screen.controller.stop()  # type: ignore[union-attr]
    names = screen.view.names
    assert names[0] == "You"
    assert len(set(names)) == 5
    assert "Ben" not in names


def test_a_full_waiting_room_fits_a_1024_by_600_screen(qtbot: QtBot, english: None) -> None:
    """Seven seats, six of them bots, with the host's buttons: all in sight at 1024×560 (a
    1024×600 screen less the window's title bar)."""
    from net.table_state import Member, Seat, create
    from ui.lobby.table_setup import TableSetupView

    ana = Member(b"a" * 32, "Ana", "", 4000)
    state = create(b"t" * 16, ana, "purrfect", 7)
    bots = tuple(Seat(bot="normal", runner=ana.key) for _ in range(6))
    state = replace(state, seats=(state.seats[0], *bots))
    client = SimpleNamespace(chat=ChatLog(), say=lambda data: None)
    view = TableSetupView(client, ana.key, "192.168.1.23:4000")
    qtbot.addWidget(view)
    view.show_state(state)
    view.resize(1024, 560)
    view.show()
    qtbot.waitExposed(view)
    hint = view.minimumSizeHint()
    assert hint.width() <= 1024 and hint.height() <= 560
    screen = view.rect()
    for button in (view.ready_button, view.start_button, view.leave_button):
        assert button.parentWidget() is view
        assert screen.contains(button.geometry()), button.text()
    for label in (view.title, view.expected, view.where):
        assert screen.contains(label.geometry())
    assert screen.contains(QRect(view.chat.mapTo(view, QPoint(0, 0)), view.chat.size()))
    # Every seat's button shows its whole text, inside the list's visible width (the list
    # scrolls up and down, never sideways).
    viewport = view.seats_scroll.viewport()
    assert view.seat_buttons

    def whole(button: QPushButton) -> bool:
        left = button.mapTo(viewport, QPoint(0, 0)).x()
        inside = left >= 0 and left + button.width() <= viewport.width()
        return inside and button.width() >= button.sizeHint().width()

    qtbot.waitUntil(lambda: all(whole(b) for b in view.seat_buttons), timeout=2000)
