"""The network bridge runs asyncio in its own thread and reports back as Qt signals: the UI
thread never waits on it."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from ui.net_bridge import NetBridge


@pytest.fixture
def bridge(qapp: object) -> Iterator[NetBridge]:
    started = NetBridge()
    started.start()
    yield started
    started.stop()
    assert not started.running


def test_a_slow_command_does_not_block_and_its_result_arrives_on_the_ui_thread(
    qtbot: QtBot, bridge: NetBridge
) -> None:
    release = threading.Event()
    results: list[tuple[str, bool]] = []

    async def slow() -> str:
        while not release.is_set():  # held until the test lets it finish
            await asyncio.sleep(0.01)
        return "done"

    future = bridge.submit(
        slow(),
        lambda result: results.append(
            (result, threading.current_thread() is threading.main_thread())
        ),
    )
    assert not future.done()  # submit returned while the command still runs
    qtbot.wait(50)
    assert results == []  # and the UI kept processing events meanwhile
    release.set()
    qtbot.waitUntil(lambda: bool(results), timeout=2000)
    assert results == [("done", True)]


def test_events_published_on_the_network_thread_arrive_as_signals(
    qtbot: QtBot, bridge: NetBridge
) -> None:
    seen: list[tuple[object, bool]] = []
    bridge.event_received.connect(
        lambda event: seen.append((event, threading.current_thread() is threading.main_thread()))
    )

    async def announce() -> None:
        for number in range(3):
            bridge.publish(("table found", number))
            await asyncio.sleep(0)

    bridge.submit(announce())
    qtbot.waitUntil(lambda: len(seen) == 3, timeout=2000)
    assert seen == [(("table found", n), True) for n in range(3)]


def test_a_failing_command_is_reported_not_raised(qtbot: QtBot, bridge: NetBridge) -> None:
    async def refused() -> None:
        raise ConnectionRefusedError("nobody listens on 10.0.0.9:47300")

    with qtbot.waitSignal(bridge.command_failed, timeout=2000) as failed:
        bridge.submit(refused(), describe="join 10.0.0.9:47300")
    assert failed.args == ["join 10.0.0.9:47300", "nobody listens on 10.0.0.9:47300"]


def test_stopping_runs_the_shutdown_and_ends_the_thread(qapp: object) -> None:
    bridge = NetBridge()
    bridge.start()
    closed = threading.Event()

    async def close_lobby() -> None:
        closed.set()

    bridge.stop(close_lobby())
    assert closed.is_set()
    assert not bridge.running


def test_commands_before_start_are_refused_clearly(qapp: object) -> None:
    async def nothing() -> None:
        return None

    with pytest.raises(RuntimeError, match="start the network bridge"):
        NetBridge().submit(nothing())
