"""Learn to play: a guided first game of each game, played to its end by clicking what the hints
point at, as a new player would; the hints are in the player's language, never cover what they
point at, fit their bubble, and the player may skip them at any time."""

from __future__ import annotations

from collections.abc import Hashable

import pytest
from PySide6.QtCore import QRectF
from pytestqt.qtbot import QtBot

from tests.ui.test_table_text_fits import overflowing
from tests.ui.test_tables_support import FAST_BOTS_MS, click, no_animations, wait_for
from ui import i18n, theme
from ui.tables import TableScreen, create_tutorial_table
from ui.tables.guide import Guide
from ui.tables.table_view import TableView

GAMES = ["momistigri", "purrfect", "gutters"]

MOST_CLICKS = 400
"""A guided first game takes a few dozen clicks; more means the hints go round in circles."""


def open_tutorial(qtbot: QtBot, game: str, size: tuple[int, int] = (1280, 800)) -> TableScreen:
    screen = create_tutorial_table(game, think_ms=FAST_BOTS_MS)
    qtbot.addWidget(screen)
    screen.resize(*size)
    screen.show()
    return screen


def region(view: TableView, key: Hashable) -> QRectF:
    view._layout()
    found = next((r for r, k in reversed(view.regions) if k == key), None)
    assert found is not None, f"{key!r} is not on the table"
    return found


def next_target(qtbot: QtBot, view: TableView, guide: Guide) -> Hashable | None:
    """Wait until the guide points at something to click (None: the tutorial is over)."""
    wait_for(qtbot, lambda: view.guide is None or guide.target() is not None, 60000)
    return None if view.guide is None else guide.target()


@pytest.mark.parametrize("game", GAMES)
def test_a_tutorial_is_played_to_its_end_by_clicking_what_the_hints_point_at(
    qtbot: QtBot, english: None, game: str
) -> None:
    with no_animations():
        screen = open_tutorial(qtbot, game)
        view = screen.view
        guide = view.guide
        assert isinstance(guide, Guide)
        clicks: list[Hashable] = []
        lessons: set[str] = set()
        while (key := next_target(qtbot, view, guide)) is not None:
            assert len(clicks) < MOST_CLICKS, f"still guiding after {clicks[-20:]}"
            hint = guide.current()
            assert hint is not None and hint.text
            lessons |= guide.lessons_said
            # The bubble never hides what it points at (unless it is its own Close button).
            if key[:1] != ("guide",):
                assert not guide.bubble.intersects(region(view, key)), key
            click(qtbot, view, key)
            clicks.append(key)
        assert guide.done
        # A real game was played by the player: cards drawn and pairs discarded, offers made
        # and taken, tiles pushed in.
        kinds = {k[0] for k in clicks if isinstance(k, tuple)}
        expected = {
            "momistigri": {"fan", "hand", "button"},
            "purrfect": {"card", "button"},
            "gutters": {"push"},
        }[game]
        assert expected <= kinds, kinds
        assert len(lessons) >= 2
        # Once finished, the table plays on without hints.
        assert view.guide is None
        view._layout()
        assert all(k[:1] != ("guide",) for k in view.clickable() if isinstance(k, tuple))


def test_the_hint_follows_the_table_when_the_player_does_something_else(
    qtbot: QtBot, english: None
) -> None:
    with no_animations():
        screen = open_tutorial(qtbot, "momistigri")
        view = screen.view
        guide = view.guide
        key = next_target(qtbot, view, guide)
        assert isinstance(key, tuple) and key[0] == "fan"
        # The player draws another card than the one ringed: the next hint is about the new
        # hand, and the game goes on.
        other = next(k for k in view.clickable() if k[0] == "fan" and k != key)
        click(qtbot, view, other)
        after = next_target(qtbot, view, guide)
        assert after is not None and after != key


@pytest.mark.parametrize("game", GAMES)
def test_the_tutorial_can_be_skipped_at_any_time_and_the_game_goes_on(
    qtbot: QtBot, english: None, game: str
) -> None:
    with no_animations():
        screen = open_tutorial(qtbot, game)
        view = screen.view
        guide = view.guide
        wait_for(qtbot, lambda: guide.current() is not None)
        click(qtbot, view, ("guide", "skip"))
        assert view.guide is None and guide.done
        assert screen.game_in_progress()
        # The game is still playable: the table offers things to click.
        wait_for(
            qtbot,
            lambda: any(not isinstance(k, tuple) or k[0] != "guide" for k in view.clickable()),
            20000,
        )


def test_learn_to_play_starts_from_the_lobby(qtbot: QtBot, english: None) -> None:
    from ui.main_window import MainWindow
    from ui.settings import Settings

    window = MainWindow(Settings(name="Ana"), start_network=False)
    qtbot.addWidget(window)
    window.show()
    card = window.lobby.cards["purrfect"]
    assert card.learn_button.isVisible() and card.learn_button.text() == "Learn to play"
    card.learn_button.click()
    table = window.table
    assert isinstance(table, TableScreen) and table.game_id == "purrfect"
    assert isinstance(table.view.guide, Guide)
    # Leaving is as for any table (asked first while the game runs): back to the lobby.
    table.leave_requested.emit()
    assert window.table is None and window.stack.currentWidget() is window.lobby


@pytest.mark.parametrize("zoom", [1.0, 1.5])
@pytest.mark.parametrize("language", ["en", "it", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_the_hints_are_translated_and_fit_their_bubble(
    qtbot: QtBot, english: None, language: str, zoom: float, game: str
) -> None:
    i18n.install(language)
    with no_animations():
        theme.set_theme(theme.Theme(zoom=zoom, animation_speed="off"))
        screen = open_tutorial(qtbot, game, size=(1024, 560))
        view = screen.view
        guide = view.guide
        key = next_target(qtbot, view, guide)
        assert key is not None
        hint = guide.current()
        assert hint is not None
        drawn = [t for _, t, _, _ in view.texts]
        words = f" {hint.text.lower()} {guide.lesson.lower()} "
        if language == "en":
            assert "Learn to play" in drawn and " click " in words, hint.text
        else:
            # Neither the hint nor the lesson beside it is left in English.
            assert guide.lesson and " click " not in words and " the " not in words, words
            assert "Learn to play" not in drawn and "Skip the tutorial" not in drawn
        problems = overflowing(view)
        assert not problems, "\n".join(problems)
        # The bubble stays on the table.
        bubble = guide.bubble
        assert bubble.left() >= 0 and bubble.top() >= 0
        assert bubble.right() <= view.width() and bubble.bottom() <= view.height() + 0.5


@pytest.mark.parametrize("language", ["en", "it", "es"])
def test_the_window_fits_1024_by_600_at_150_percent_with_lobby_and_tutorial(
    qtbot: QtBot, english: None, language: str
) -> None:
    """The lobby (with its three buttons per game) and a table at 150 % zoom never make the
    window wider or taller than a 1024×600 screen; the table lowers its zoom as far as it must
    so that seats, hand and buttons stay apart."""
    from ui.main_window import MainWindow
    from ui.settings import Settings

    i18n.install(language)
    theme.set_theme(theme.Theme(zoom=1.5))
    window = MainWindow(Settings(name="Ana", language=language, zoom=1.5), start_network=False)
    qtbot.addWidget(window)
    window.show()
    for game in GAMES:
        table = window.start_tutorial(game)
        try:
            hint = window.minimumSizeHint()
            assert hint.width() <= 1024 and hint.height() <= 600 - 30, (game, hint)
            window.resize(1024, 570)
            qtbot.waitUntil(lambda t=table: t.view.width() > 1)
            view = table.view
            assert 1.0 <= view.zoom() < 1.5
            assert view.width() >= 560
        finally:
            table.leave_requested.emit()  # never leave a running game for the window to ask


def test_the_hints_follow_the_table_even_when_a_new_state_reuses_an_old_address(
    qtbot: QtBot, english: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Python may give a new game state the address (`id`) of a freed one: the suggested move
    must still be worked out again, or the hint points at a piece that is no longer there and
    the guided game stops. Here every object has the same `id`, the worst case."""
    import ui.tables.momistigri.coach as coach

    monkeypatch.setattr(coach, "id", lambda thing: 0, raising=False)
    with no_animations():
        screen = open_tutorial(qtbot, "momistigri")
        view = screen.view
        guide = view.guide
        assert isinstance(guide, Guide)
        clicks = 0
        while (key := next_target(qtbot, view, guide)) is not None:
            assert clicks < MOST_CLICKS
            click(qtbot, view, key)
            clicks += 1
        assert guide.done
