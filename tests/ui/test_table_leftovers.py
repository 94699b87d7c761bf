"""What a player saw go wrong at the tables, each checked on real table views: the 3+3 card to
keep sits clear of every seat, result panels stay on a small zoomed table with their whole
title, a guest is not offered Play again, the banner says what the table waits for between
rounds, and a refused move is said in the player's language."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from pytestqt.qtbot import QtBot

from tests.ui.test_table_text_fits import overflowing
from tests.ui.test_tables_support import no_animations, open_table, wait_for
from ui import i18n, theme
from ui.tables.momistigri import layout
from ui.tables.table_text import text_fits
from ui.tables.table_view import TableView


def paint_into(view: TableView, draw: object) -> None:
    """Paint `draw(painter)` on the view's canvas as its paint event would (texts recorded)."""
    image = QImage(view.size(), QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    painter.scale(view.zoom(), view.zoom())
    view.regions, view.texts = [], []
    draw(painter)  # type: ignore[operator]
    painter.end()


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("size", [(1024, 520), (1280, 760), (1600, 900), (1900, 1000)])
def test_the_3_3_card_to_keep_never_covers_a_seat(
    qtbot: QtBot, english: None, players: int, size: tuple[int, int]
) -> None:
    with no_animations():
        screen = open_table(qtbot, "momistigri", players, "heuristic", seed=3, size=size)
        view = screen.view
        wait_for(qtbot, lambda: bool(view.state.hands))
        keep = layout.keep_rect(view)
        assert layout.pile_area(view).contains(keep)
        for seat in range(players):
            assert not keep.adjusted(0, 0, 0, 22).intersects(layout.seat_box(view, seat)), seat
        # Nor the arrow of play when there is room beside it.
        if keep.top() > layout.arrow_rect(view).bottom():
            assert not keep.intersects(layout.arrow_rect(view))


@pytest.mark.parametrize("language", ["en", "it", "es"])
def test_a_result_panel_stays_on_a_small_zoomed_table_with_its_whole_title(
    qtbot: QtBot, english: None, language: str
) -> None:
    i18n.install(language)
    with no_animations():
        theme.set_theme(theme.Theme(zoom=1.5, animation_speed="off"))
        screen = open_table(qtbot, "momistigri", 5, "heuristic", seed=3, size=(1024, 500))
        view = screen.view
        title = "Ben, Cleo, Dan and Eva share the win with the fewest penalty points"
        lines = [(name, "12 pts", i == 1) for i, name in enumerate(view.names)]
        buttons = (("Play again", ("button", "again")), ("Back to the lobby", ("button", "leave")))
        paint_into(view, lambda p: view.paint_results(p, title, lines, "The fewest wins.", buttons))
        panel, *_ = view.results_layout(title, len(lines), "The fewest wins.")
        table = QRectF(view.rect())
        assert table.contains(panel), (panel, table)
        bad = [
            f"{text!r}"
            for rect, text, font, wrap in view.texts
            if not text_fits(rect, text, font, wrap) or not panel.contains(rect)
        ]
        assert not bad, bad
        assert ("button", "again") in [k for _, k in view.regions]


def test_a_guest_waits_for_the_host_instead_of_play_again(qtbot: QtBot, english: None) -> None:
    with no_animations():
        screen = open_table(qtbot, "purrfect", 4, "heuristic", seed=3)
        view = screen.view
        view.can_play_again = False  # what a network table does for a guest
        buttons = (("Play again", ("button", "again")), ("Back to the lobby", ("button", "leave")))
        paint_into(
            view, lambda p: view.paint_results(p, "Ben wins", [("Ben", "5", True)], "", buttons)
        )
        drawn = [text for _, text, _, _ in view.texts]
        keys = [k for _, k in view.regions]
        assert "Waiting for the host…" in drawn and "Play again" not in drawn
        assert ("button", "again") not in keys and ("button", "leave") in keys


def test_between_rounds_the_banner_says_what_the_table_waits_for(
    qtbot: QtBot, english: None
) -> None:
    from dataclasses import replace

    with no_animations():
        screen = open_table(qtbot, "momistigri", 3, "heuristic", seed=3)
        view = screen.view
        wait_for(qtbot, lambda: bool(view.state.hands))
        screen.controller.stop()
        # The view as a seat sees it once a round is scored and the next is not dealt yet.
        view.state = replace(view.state, phase="deal", round=1, hands=())
        headline, detail, _ = view.banner()
        assert headline == "Round 2 is next"
        assert "Dealing" not in headline and "close the scores" in detail


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "You already have an offer out"),
        ("it", "Hai già un'offerta sul tavolo"),
        ("es", "Ya tienes una oferta en la mesa"),
    ],
)
def test_a_refused_move_is_said_in_the_players_language(
    qtbot: QtBot, english: None, language: str, expected: str
) -> None:
    from lanpurr.games.purrfect.actions import OpenOffer

    i18n.install(language)
    with no_animations():
        screen = open_table(qtbot, "purrfect", 4, "heuristic", seed=3)
        view = screen.view
        wait_for(qtbot, lambda: view.state.phase == "round" and bool(view.state.hands))
        screen.controller.stop()  # the bots wait: nobody takes the offer meanwhile
        hand = view.my_hand()
        assert view.act(OpenOffer(view.seat, (hand[0],)))
        wait_for(qtbot, lambda: view.state.offer_of(view.seat) is not None)
        assert not view.act(OpenOffer(view.seat, (hand[-1],)))
        assert view.notice.startswith(expected), view.notice
        assert "seat" not in view.notice and "P-5.4" not in view.notice
        assert not overflowing(view)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("zoom", [1.0, 1.5])
def test_no_seat_box_overlaps_mine_on_a_small_table(
    qtbot: QtBot, english: None, players: int, zoom: float
) -> None:
    with no_animations():
        theme.set_theme(theme.Theme(zoom=zoom, animation_speed="off"))
        screen = open_table(qtbot, "momistigri", players, "heuristic", seed=3, size=(1024, 500))
        view = screen.view
        wait_for(qtbot, lambda: bool(view.state.hands))
        mine = layout.seat_box(view, view.seat)
        for seat in range(players):
            if seat != view.seat:
                assert not layout.seat_box(view, seat).intersects(mine), (seat, view.size())
