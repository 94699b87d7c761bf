"""The tables speak the player's language, and colour-blind mode and high-DPI reach them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPixmap
from pytestqt.qtbot import QtBot

from tests.ui.test_tables_support import no_animations, open_table, wait_for
from ui import i18n, theme
from ui.tables.gutters.view import GuttersTable
from ui.tables.momistigri import layout
from ui.tables.momistigri.view import MomistigriTable


@pytest.mark.parametrize(
    ("language", "your_turn", "leave"),
    [("it", "Tocca a te", "Lascia il tavolo"), ("es", "Te toca", "Dejar la mesa")],
)
def test_the_table_speaks_the_chosen_language(
    qtbot: QtBot, english: None, language: str, your_turn: str, leave: str
) -> None:
    i18n.install(language)
    with no_animations():
        screen = open_table(qtbot, "gutters", 1, "", seed=1)
        view = screen.view
        assert isinstance(view, GuttersTable)
        wait_for(qtbot, lambda: view.my_turn() and not view.busy())
        assert screen.banner.headline == your_turn
        assert screen.leave.text() == leave
        assert "2" in screen.banner.detail  # the numbers are filled in, not lost


def grab(view: MomistigriTable) -> QImage:
    return view.grab().toImage()


def test_colour_blind_mode_reaches_the_table(qtbot: QtBot, english: None) -> None:
    with no_animations():
        screen = open_table(qtbot, "momistigri", 3, "heuristic", seed=2)
        view = screen.view
        assert isinstance(view, MomistigriTable)
        wait_for(qtbot, lambda: view.acting() and not view.busy())
        screen.controller.stop()
        plain = grab(view)
        theme.update(colour_blind=True)
        strong = grab(view)
        theme.update(colour_blind=False)
        assert plain != strong
        # The difference is on the face-up cards (symbols, letters, frames), not elsewhere.
        cards = [
            rect.adjusted(-3, -3, 3, 3)
            for _, rect in layout.hand_rects(view) + layout.pile_rects(view)
        ]
        changed = [
            (x, y)
            for y in range(0, plain.height(), 4)
            for x in range(0, plain.width(), 4)
            if plain.pixel(x, y) != strong.pixel(x, y)
        ]
        assert changed and all(any(rect.contains(x, y) for rect in cards) for x, y in changed), (
            "colour-blind mode changed something that is not a card"
        )


def test_the_table_renders_at_double_pixel_ratio(qtbot: QtBot, english: None) -> None:
    with no_animations():
        screen = open_table(qtbot, "momistigri", 3, "heuristic", seed=3)
        view = screen.view
        assert isinstance(view, MomistigriTable)
        wait_for(qtbot, lambda: view.acting() and not view.busy())
        screen.controller.stop()
        size = view.size()
        crisp = QPixmap(size * 2)
        crisp.setDevicePixelRatio(2)
        view.render(crisp)
        plain = QPixmap(size)
        view.render(plain)
        enlarged = plain.toImage().scaled(
            QSize(size.width() * 2, size.height() * 2),
            Qt.AspectRatioMode.IgnoreAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
        hi = crisp.toImage()
        # Over my hand, the 2x picture has detail of its own, not the 1x one enlarged.
        _, card = layout.hand_rects(view)[0]
        steep_hi = steep_lo = 0
        for y in range(round(card.top() * 2), round(card.bottom() * 2), 3):
            for x in range(round(card.left() * 2), round(card.right() * 2) - 1):
                a, b = QColor(hi.pixel(x, y)).value(), QColor(hi.pixel(x + 1, y)).value()
                c = QColor(enlarged.pixel(x, y)).value()
                d = QColor(enlarged.pixel(x + 1, y)).value()
                steep_hi += abs(a - b) > 60
                steep_lo += abs(c - d) > 60
        assert steep_hi > 1.5 * steep_lo


def test_a_click_skips_the_animations_and_bots_wait_for_them(qtbot: QtBot, english: None) -> None:
    theme.update(animation_speed="slow")
    try:
        screen = open_table(qtbot, "momistigri", 3, "heuristic", seed=4)
        view = screen.view
        assert isinstance(view, MomistigriTable)
        wait_for(qtbot, lambda: view.animator.current is not None)
        moves = len(screen.controller.state.pile), screen.controller.state.turns_played
        qtbot.wait(100)
        # While a card is still flying, the bots do not play on.
        assert view.busy()
        assert (len(screen.controller.state.pile), screen.controller.state.turns_played) == moves
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=QPoint(5, view.height() // 2))
        assert not view.animator.busy()
    finally:
        theme.update(animation_speed="normal")


def test_the_keyboard_moves_between_pieces_and_space_clicks(qtbot: QtBot, english: None) -> None:
    from ui.tables.purrfect.view import PurrfectTable

    with no_animations():
        screen = open_table(qtbot, "purrfect", 4, "heuristic", seed=12)
        view = screen.view
        assert isinstance(view, PurrfectTable)
        wait_for(qtbot, lambda: view.state.phase == "round")
        screen.controller.stop()
        view.setFocus()
        first_card = next(k for k in view.clickable() if k[0] == "card")
        for _ in range(len(view.clickable())):
            if view.focus_key == first_card:
                break
            qtbot.keyClick(view, Qt.Key.Key_Right)
        assert view.focus_key == first_card
        qtbot.keyClick(view, Qt.Key.Key_Space)
        assert view.selected == [first_card[1]]
        qtbot.keyClick(view, Qt.Key.Key_Escape)
        assert view.selected == []
