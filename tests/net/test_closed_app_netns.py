"""A laptop whose app is gone while the laptop answers is replaced in seconds; a silent laptop
is waited for the whole grace period (net/table/absence.py, docs/protocol.md §7). Real processes in
network namespaces (needs root), every laptop with the app's default grace period (120 s).

The bounds below are generous (a takeover within 75 s, where the grace period would take at
least 120 s); the figures are in docs/benchmarks.md (`bench/soak.py host-gone`, `guest-gone`).
"""

import os
import pty
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from tests.net.test_discovery_netns import Process, lanpurr
from tests.net.test_play_netns import GAME_TIMEOUT, all_over_alike, finish, lan_of

pytestmark = pytest.mark.netns
__all__ = ["lan_of"]

TAKEN_OVER_WITHIN = 75.0
"""Seconds from the kill within which the table goes on: the closed app's 15 s and a loaded
machine's margin, well short of the 120 s grace period."""


def _table(lan: Any, tmp: Path, *guest_extra: str) -> list[Process]:
    """Ann hosts a three-seat Momistigri table (a bot takes a gone laptop's seats); Ben and
    Cleo join; every seat is played by a bot."""
    host_ns, ben_ns, cleo_ns = lan.hosts
    host = Process(host_ns, lanpurr(host_ns, tmp, "Ann", "host", "momistigri", "--seats", "3",
                                    "--bot", "normal", "--autostart", "--json", "--no-announce",
                                    "--replace-gone", "normal", "--pace", "0.1"))  # fmt: skip
    running = [host]
    try:
        address = host.wait_for(lambda line: line.get("event") == "hosting", 20)["address"]
        for ns, name in ((ben_ns, "Ben"), (cleo_ns, "Cleo")):
            running.append(Process(ns, lanpurr(ns, tmp, name, "join", address, "--bot",
                                               "normal", "--json", "--pace", "0.1",
                                               *guest_extra)))  # fmt: skip
    except BaseException:
        for process in running:
            process.stop()
        raise
    return running


def _kill(process: Process) -> float:
    """Once it has cards in hand, kill -9 it: its laptop stays up, its address refuses."""
    process.wait_for(lambda line: line.get("event") == "update", 60)
    process.process.send_signal(signal.SIGKILL)
    process.process.wait(10)
    return time.monotonic()


def test_a_host_whose_app_is_killed_is_taken_over_within_seconds(
    lan_of: Any, tmp_path: Path
) -> None:
    running = _table(lan_of(3), tmp_path)
    host, ben, cleo = running
    try:
        killed = _kill(host)
        for process in (ben, cleo):
            process.wait_for(lambda line: line.get("event") == "seat_replaced", TAKEN_OVER_WITHIN)
        assert time.monotonic() - killed < TAKEN_OVER_WITHIN
        ends = [finish(process, GAME_TIMEOUT) for process in (ben, cleo)]
    finally:
        for process in running:
            process.stop()
    all_over_alike(ends)
    for process in (ben, cleo):
        handed = process.wait_for(lambda line: line.get("event") == "host_handed_on", 1)
        assert handed["gone"] == "Ann"
        replaced = process.wait_for(lambda line: line.get("event") == "seat_replaced", 1)
        assert replaced["name"] == "Ann"
        waits = [line for line in process.lines if line.get("event") == "PeerWaiting"]
        assert waits and min(line["seconds_left"] for line in waits) <= 15  # a closed app's


def test_a_guest_whose_app_is_killed_is_replaced_within_seconds(
    lan_of: Any, tmp_path: Path
) -> None:
    running = _table(lan_of(3), tmp_path)
    host, ben, cleo = running
    try:
        killed = _kill(cleo)
        for process in (host, ben):
            process.wait_for(lambda line: line.get("event") == "seat_replaced", TAKEN_OVER_WITHIN)
        assert time.monotonic() - killed < TAKEN_OVER_WITHIN
        ends = [finish(process, GAME_TIMEOUT) for process in (host, ben)]
    finally:
        for process in running:
            process.stop()
    all_over_alike(ends)
    for process in (host, ben):
        replaced = process.wait_for(lambda line: line.get("event") == "seat_replaced", 1)
        assert replaced["name"] == "Cleo"
        handed = [line for line in process.lines if line.get("event") == "host_handed_on"]
        assert all(line["t"] > replaced["t"] for line in handed), handed  # (Ann hosts it)


def test_a_laptop_whose_cable_is_pulled_is_waited_for_the_grace_period(
    lan_of: Any, tmp_path: Path
) -> None:
    # Cleo's cable is pulled for 25 s: her laptop's calls go unanswered (no refusal, no reset),
    # so the others keep her seat for the grace period, and she plays on when it is back.
    lan = lan_of(3)
    running = _table(lan, tmp_path)
    host, ben, cleo = running
    try:
        cleo.wait_for(lambda line: line.get("event") == "update", 60)
        lan.unplug(lan.hosts[2])
        try:
            time.sleep(25)
        finally:
            lan.plug(lan.hosts[2])
        for process in (host, ben):
            waits = [line for line in process.lines if line.get("event") == "PeerWaiting"]
            assert waits and min(line["seconds_left"] for line in waits) > 60, waits[-3:]
            process.wait_for(lambda line: line.get("event") == "PeerBack", 60)
        ends = [finish(process, GAME_TIMEOUT) for process in running]
    finally:
        for process in running:
            process.stop()
    all_over_alike(ends)
    for process in running:
        said = {line.get("event") for line in process.lines}
        assert not said & {"PeerGone", "seat_replaced", "cut_off"}, said


def test_no_drop_countdown_on_a_persons_ordinary_turn(lan_of: Any, tmp_path: Path) -> None:
    # Ben plays at his terminal and takes his time. The others show no countdown while he
    # thinks: only in the last minute of the turn's time (90 s here; 10 minutes in the app).
    lan = lan_of(3)
    host_ns, ben_ns, cleo_ns = lan.hosts
    turn = ("--turn-timeout", "90")
    host = Process(host_ns, lanpurr(host_ns, tmp_path, "Ann", "host", "momistigri", "--seats",
                                    "3", "--bot", "normal", "--autostart", "--json",
                                    "--no-announce", *turn))  # fmt: skip
    running = [host]
    terminal, typed = pty.openpty()
    try:
        address = host.wait_for(lambda line: line.get("event") == "hosting", 20)["address"]
        ben = Process(ben_ns, lanpurr(ben_ns, tmp_path, "Ben", "join", address, "--json",
                                      *turn), stdin=typed)  # fmt: skip
        running.append(ben)
        ben.wait_for(lambda line: line.get("event") == "TableStateChanged", 30)
        os.write(terminal, b"ready\n")  # and then he thinks
        running.append(Process(cleo_ns, lanpurr(cleo_ns, tmp_path, "Cleo", "join", address,
                                                "--bot", "normal", "--json", *turn)))  # fmt: skip
        first = host.wait_for(lambda line: line.get("event") == "waits" and line["turn"], 150)
    finally:
        os.close(terminal)
        os.close(typed)
        for process in running:
            process.stop()
    assert first["seconds_left"] <= 60, first  # (before: from 80 s left on)
    assert first["names"] == ["Ben"], first
    waiting = [line for line in host.lines if line.get("event") == "PeerWaiting"]
    assert not waiting, waiting
