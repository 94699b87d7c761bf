"""One app per home folder: a second lanpurr window on the same folder says so and does not
open (it would be the same player, and could not sit at the first one's table)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from ui.one_app import hold_home


def test_a_home_folder_is_held_by_one_app_at_a_time(tmp_path: Path) -> None:
    first = hold_home(tmp_path)
    assert first is not None
    assert hold_home(tmp_path) is None  # a second app on the same folder
    other = hold_home(tmp_path / "other")  # another folder: another player
    assert other is not None
    first.close()
    again = hold_home(tmp_path)  # the first app closed: the folder is free
    assert again is not None
    again.close()
    other.close()


def test_a_second_app_on_the_same_folder_says_so_and_does_not_open(
    qtbot: QtBot, english: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ui.app

    monkeypatch.setenv("LANPURR_HOME", str(tmp_path))
    said: list[object] = []
    monkeypatch.setattr(ui.app, "say_already_open", said.append)
    first = hold_home(tmp_path)  # the first app
    assert first is not None
    _app, window = ui.app.launch([], start_network=False, one_app=True)
    assert window is None and said == [tmp_path]
    first.close()
