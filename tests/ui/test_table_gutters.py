"""The No sin mi gato table: rotating, pushing with a preview, and whole games with the mouse."""

from __future__ import annotations

import random
import time

import pytest
from PySide6.QtCore import QPoint
from pytestqt.qtbot import QtBot

from lanpurr.games.gutters.actions import Insert, Rotate
from lanpurr.games.gutters.events import CatWon
from lanpurr.games.gutters.geometry import pushes
from lanpurr.games.gutters.state import GuttersState
from tests.ui.test_tables_support import click, no_animations, open_table, wait_for
from ui.tables.gutters import words
from ui.tables.gutters.view import GuttersTable
from ui.tables.local_table import LocalTable


def hover(qtbot: QtBot, view: GuttersTable, key: object) -> None:
    rect = view.rect_of(key)
    assert rect is not None
    qtbot.mouseMove(view, QPoint(round(rect.center().x()), round(rect.center().y())))


def solo_table(qtbot: QtBot, board: str, seed: int) -> tuple[object, GuttersTable, LocalTable]:
    screen = open_table(qtbot, "gutters", 1, "", seed=seed, options={"board": board})
    view = screen.view
    assert isinstance(view, GuttersTable)
    assert screen.controller is not None
    wait_for(qtbot, lambda: view.my_turn() and not view.busy())
    return screen, view, screen.controller


def test_G_5_3_the_push_preview_follows_the_arrow_and_the_chosen_rotation(qtbot: QtBot) -> None:
    with no_animations():
        _screen, view, _table = solo_table(qtbot, "standard", seed=4)
        s: GuttersState = view.state
        push = pushes(s.size)[5]  # R1: the tile enters at (1, 3) and (1, 0) leaves
        assert view.preview() == ()
        hover(qtbot, view, ("push", push.slot))
        ghost = dict(view.preview())
        assert ghost[push.entry] == (s.tile_pile[0], 0)
        assert ghost[push.out] == s.cell(*push.cells[-2])  # the line moved one cell along
        click(qtbot, view, ("pile", 90))
        hover(qtbot, view, ("push", push.slot))
        assert dict(view.preview())[push.entry] == (s.tile_pile[0], 90)
        top = s.tile_pile[0]
        click(qtbot, view, ("push", push.slot))
        after: GuttersState = view.state
        assert after.cell(*push.entry) == (top, 90)
        assert after.tile_pile[-1] == s.cell(*push.out)[0]  # G-5.3: out to the pile's bottom
        assert after.actions_left == 1


def test_G_5_2_clicking_a_tile_offers_the_three_turns(qtbot: QtBot) -> None:
    with no_animations():
        _screen, view, _table = solo_table(qtbot, "mini", seed=5)
        tile, rotation = view.state.cell(1, 1)
        assert view.rect_of(("rotate", (1, 1), 180)) is None
        click(qtbot, view, ("tile", (1, 1)))
        for by in (90, 180, 270):
            assert view.rect_of(("rotate", (1, 1), by)) is not None
        click(qtbot, view, ("rotate", (1, 1), 180))
        assert view.state.cell(1, 1) == (tile, (rotation + 180) % 360)
        assert view.rect_of(("rotate", (1, 1), 180)) is None  # the menu closed


def best_action(table: LocalTable, rng: random.Random) -> Rotate | Insert:
    """A plain player: an action that wins a cat if there is one, else any action."""
    game, state = table.game, table.state
    actions = list(game.legal_actions(state, table.seat))
    scored = [(sum(isinstance(e, CatWon) for e in game.apply(state, a).events), a) for a in actions]
    best = max(n for n, _ in scored)
    return rng.choice([a for n, a in scored if n == best])


@pytest.mark.parametrize("board", ["mini", "standard"])
def test_a_whole_solo_game_with_the_mouse(qtbot: QtBot, board: str) -> None:
    with no_animations():
        screen, view, table = solo_table(qtbot, board, seed=9)
        rng = random.Random(3)
        for _ in range(400):
            if view.result is not None:
                break
            wait_for(qtbot, lambda: not view.busy())
            action = best_action(table, rng)
            if isinstance(action, Rotate):
                click(qtbot, view, ("tile", action.cell))
                click(qtbot, view, ("rotate", action.cell, action.by))
            else:
                while view.pile_rotation != action.rotation:
                    click(qtbot, view, ("pile", 90))
                slot = next(
                    p.slot
                    for p in pushes(view.state.size)
                    if (p.out, p.line) == (action.out, action.line)
                )
                click(qtbot, view, ("push", slot))
        assert view.result is not None, "the cats never all got home"
        s: GuttersState = view.state
        assert len(s.won[0]) == 15 and not s.slot_cats
        assert words.score_rows(view, s)[0][1] == 28  # G-11.6: the 15 cats are worth 28
        assert view.result.rating  # G-9.5: solo is rated
        assert screen.banner.headline == "Game over"
        with qtbot.waitSignal(screen.leave_requested, timeout=2000):
            click(qtbot, view, ("leave",))


@pytest.mark.parametrize("mode", ["competitive", "coop"])
def test_a_whole_game_against_a_bot_with_the_mouse(qtbot: QtBot, mode: str) -> None:
    with no_animations():
        screen = open_table(
            qtbot, "gutters", 2, "planner", seed=6, options={"board": "mini", "mode": mode}
        )
        view = screen.view
        assert isinstance(view, GuttersTable)
        table = screen.controller
        assert table is not None
        rng = random.Random(4)
        my_actions = 0
        deadline = time.monotonic() + 240
        while view.result is None and time.monotonic() < deadline:
            if not (view.my_turn() and not view.busy()):
                qtbot.wait(5)
                continue
            action = best_action(table, rng)
            my_actions += 1
            if isinstance(action, Rotate):
                click(qtbot, view, ("tile", action.cell))
                click(qtbot, view, ("rotate", action.cell, action.by))
            else:
                while view.pile_rotation != action.rotation:
                    click(qtbot, view, ("pile", 90))
                slot = next(
                    p.slot
                    for p in pushes(view.state.size)
                    if (p.out, p.line) == (action.out, action.line)
                )
                click(qtbot, view, ("push", slot))
        assert view.result is not None, "the game did not end"
        assert my_actions >= 2  # I played at least a whole turn
        rows = words.score_rows(view, view.state)
        assert sum(score for _, score, _, _ in rows) == 28  # G-11.6
        if mode == "coop":
            assert len(rows) == 1 and view.result.rating  # G-9.3: one group, rated
        else:
            assert len(rows) == 2 and view.result.winners
        assert screen.banner.headline == "Game over"
