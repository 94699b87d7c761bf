"""The table's animations (ui/tables/animation.py): one after another, and caught up when the
game runs ahead of them."""

from pytestqt.qtbot import QtBot

from ui import theme
from ui.tables.animation import BEHIND_MS, Animator, Step


def test_a_table_that_falls_behind_the_game_shortens_its_animations_to_catch_up(
    qtbot: QtBot,
) -> None:
    # Seven Purrfect players trading at once swap faster than a swap's 0.7 s animation: the
    # table fell a minute behind the game in a round, showing offers long closed.
    before = theme.current()
    theme.set_theme(theme.Theme(animation_speed="fast"))
    try:
        animator = Animator()
        started: list[int] = []
        for n in range(12):
            animator.add(Step(700, lambda n=n: started.append(n)))
        full = theme.current().duration_ms(700)
        assert started == [0] and animator.duration_ms == full  # (nothing waited behind it)
        qtbot.waitUntil(lambda: started == [0, 1], timeout=5000)
        # Ten swaps wait behind the second one: it plays in its share of the 1.5 s left to them.
        assert BEHIND_MS == 1500
        assert 0 < animator.duration_ms <= 1500 // 11 + 1 < full
        qtbot.waitUntil(lambda: not animator.busy(), timeout=10000)
        assert started == list(range(12))
    finally:
        theme.set_theme(before)


def test_a_table_that_keeps_up_plays_each_animation_in_full(qtbot: QtBot) -> None:
    before = theme.current()
    theme.set_theme(theme.Theme(animation_speed="fast"))
    try:
        animator = Animator()
        for _ in range(2):
            animator.add(Step(700, lambda: None))
        full = theme.current().duration_ms(700)
        qtbot.waitUntil(lambda: animator.busy() and animator.duration_ms == full, timeout=1000)
        qtbot.waitUntil(lambda: not animator._queue, timeout=5000)
        assert animator.duration_ms == full
    finally:
        theme.set_theme(before)
