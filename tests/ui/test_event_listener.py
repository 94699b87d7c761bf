"""A widget hears only the network events of the types it shows, and nothing once it is gone."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from net import events
from ui.event_listener import shown_by, shows
from ui.net_bridge import NetBridge


@pytest.fixture
def bridge(qapp: object) -> Iterator[NetBridge]:
    """A real bridge whose thread never starts: `publish` hands events out at once."""
    bridge = NetBridge()
    yield bridge
    bridge.loop.close()


class BackLine(QLabel):
    """Shows who came back, and nothing else."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.heard: list[object] = []

    @shows(events.PeerBack)
    def came_back(self, event: events.PeerBack) -> None:
        self.heard.append(event)
        self.setText(f"{event.name} is back.")


class GoneLine(BackLine):
    """Also shows who left; a subclass keeps its base's types."""

    @shows(events.PeerLeft, events.PeerGone)
    def went(self, event: events.PeerLeft | events.PeerGone) -> None:
        self.heard.append(event)


def test_a_widget_hears_only_the_event_types_it_shows(qtbot: QtBot, bridge: NetBridge) -> None:
    line, gone = BackLine(), GoneLine()
    qtbot.addWidget(line)
    qtbot.addWidget(gone)
    bridge.listen(line)
    bridge.listen(gone)
    assert bridge.router.listening(line) == (events.PeerBack,)
    assert set(bridge.router.listening(gone)) == {events.PeerBack, events.PeerLeft, events.PeerGone}

    for event in (events.PeerBack("Ben"), events.PeerLeft("Cleo"), events.TableLost("x")):
        bridge.publish(event)
    assert line.heard == [events.PeerBack("Ben")] and line.text() == "Ben is back."
    assert gone.heard == [events.PeerBack("Ben"), events.PeerLeft("Cleo")]


def test_a_destroyed_widget_is_released_and_never_called(qtbot: QtBot, bridge: NetBridge) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    line = BackLine(parent)
    heard = line.heard
    bridge.listen(line)
    bridge.publish(events.PeerBack("Ben"))
    assert len(heard) == 1

    destroyed: list[object] = []
    line.destroyed.connect(lambda *_: destroyed.append(True))
    line.deleteLater()  # (the Python object lives on: only Qt's `destroyed` says it is gone)
    qtbot.waitUntil(lambda: bool(destroyed))
    assert bridge.router._listeners == []
    del line
    gc.collect()
    bridge.publish(events.PeerBack("Cleo"))  # (a dead widget would raise RuntimeError here)
    assert len(heard) == 1


def test_a_widget_released_while_an_event_is_handed_out_does_not_get_it(
    qtbot: QtBot, bridge: NetBridge
) -> None:
    """A table left because of an event (its game went on without this laptop) hears no more
    of that event."""
    first, second = BackLine(), BackLine()
    qtbot.addWidget(first)
    qtbot.addWidget(second)
    bridge.listen(first, {events.PeerBack: lambda event: bridge.release(second)})
    bridge.listen(second)
    bridge.publish(events.PeerBack("Ben"))
    assert second.heard == [] and bridge.router.listening(second) == ()


def test_the_types_a_class_shows_are_read_from_its_marked_methods() -> None:
    assert shown_by(GoneLine) == {
        events.PeerBack: "came_back",
        events.PeerLeft: "went",
        events.PeerGone: "went",
    }
