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
