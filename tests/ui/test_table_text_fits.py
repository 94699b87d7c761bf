"""Every text drawn on a table fits the rectangle it is drawn in — in English, Italian and
Spanish, at 100 % and 150 % zoom — measured with the font it is drawn in, so nothing is cut."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from tests.ui.test_tables_support import no_animations, open_table, wait_for
from ui import i18n, theme
from ui.tables.table_text import MIN_TEXT_PX, text_fits
from ui.tables.table_view import TableView


def overflowing(view: TableView) -> list[str]:
    view._layout()
    bad = []
    for rect, text, font, wrap in view.texts:
        if not text_fits(rect, text, font, wrap):
            bad.append(f"{text!r} in {rect.width():.0f}×{rect.height():.0f}")
        # Sizes are in table pixels; the painter scales them by the zoom.
        if font.pixelSize() < MIN_TEXT_PX:
            bad.append(f"{text!r} shrunk to {font.pixelSize()} px")
    return bad


GAMES = [("momistigri", 4, "heuristic"), ("purrfect", 5, "heuristic"), ("gutters", 2, "planner")]


@pytest.mark.parametrize("zoom", [1.0, 1.5])
@pytest.mark.parametrize("language", ["en", "it", "es"])
@pytest.mark.parametrize(("game", "players", "bot"), GAMES)
def test_table_texts_fit_their_rectangles(
    qtbot: QtBot, english: None, language: str, zoom: float, game: str, players: int, bot: str
) -> None:
    i18n.install(language)
    theme.set_theme(theme.Theme(zoom=zoom, animation_speed="off"))
    with no_animations():
        theme.set_theme(theme.Theme(zoom=zoom, animation_speed="off"))
        screen = open_table(qtbot, game, players, bot, seed=5, size=(1280, 800))
        view = screen.view
        wait_for(qtbot, lambda: bool(view.clickable()) and not view.busy())
        problems = overflowing(view)
        # The keys help too.
        view.toggle_keys_help()
        problems += overflowing(view)
        assert not problems, "\n".join(problems)
        # The banner holds its whole text (in a smaller font rather than cut).
        _top, bottom = screen.banner.text_rects()
        assert text_fits(bottom, screen.banner.detail, screen.banner.detail_font(), True)


def test_the_words_on_my_locked_cards_fit_at_1024_by_600(qtbot: QtBot, english: None) -> None:
    """At 1024×600 a card of my hand is about 40 px wide: "committed", written on each card of
    my pending acceptance, was cut to "mmitt" on screen. An offer of mine and an acceptance."""
    from lanpurr.games.purrfect.state import PurrfectState
    from tests.ui.test_table_purrfect import select, unlocked_by_cat
    from tests.ui.test_tables_support import click

    with no_animations():
        screen = open_table(qtbot, "purrfect", 4, "heuristic", seed=8, size=(1024, 560))
        view = screen.view
        wait_for(qtbot, lambda: any(o.seat != view.seat for o in view.state.offers))
        view.source.stop()  # (the bots keep still: nobody takes anything while we look)
        s: PurrfectState = view.state
        offer = next(o for o in s.offers if o.seat != view.seat)
        k = len(offer.cards)
        groups = sorted(unlocked_by_cat(view).values(), key=len, reverse=True)
        select(qtbot, view, groups[0][:k])
        click(qtbot, view, ("offer", offer.offer_id))
        assert view.state.acceptance_of(view.seat) is not None
        select(qtbot, view, groups[1][:1])
        click(qtbot, view, ("button", "offer"))
        assert view.state.offer_of(view.seat) is not None
        problems = overflowing(view)
        drawn = [text for _rect, text, _font, _wrap in view.texts]
        assert "committed" in drawn and "on offer" in drawn
        assert not problems, "\n".join(problems)


def test_the_word_on_my_offer_never_lies_on_an_unlocked_card(qtbot: QtBot, english: None) -> None:
    """An offer of the first and third card of a cat: each gets its word, and neither word is
    written across the unlocked card between them (light text on a light face)."""
    from tests.ui.test_table_purrfect import select, unlocked_by_cat
    from tests.ui.test_tables_support import click
    from ui.tables.purrfect import layout

    with no_animations():
        screen = open_table(qtbot, "purrfect", 4, "heuristic", seed=8, size=(1024, 560))
        view = screen.view
        wait_for(qtbot, lambda: view.state.phase == "round" and bool(view.clickable()))
        view.source.stop()
        group = next(g for g in unlocked_by_cat(view).values() if len(g) >= 3)
        select(qtbot, view, [group[0], group[2]])
        click(qtbot, view, ("button", "offer"))
        assert view.state.offer_of(view.seat) is not None
        problems = overflowing(view)
        between = dict(layout.hand_rects(view))[group[1]]
        words = [rect for rect, text, _font, _wrap in view.texts if text == "on offer"]
        assert len(words) == 2 and not problems, "\n".join(problems)
        assert not any(rect.intersects(between.adjusted(2, 0, -2, 0)) for rect in words)
