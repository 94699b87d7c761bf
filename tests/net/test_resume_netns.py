"""A laptop killed (kill -9) in the middle of a round, restarted with the same home: it takes
its seat back from its record of the game and the game ends with the same scores everywhere.

One `lanpurr` process per laptop, each in its own network namespace (needs root; netns.py),
bots at every seat (`--pace 0`). The victim is a guest: `lanpurr join` again with the same
home is what a person does after a crash (the app does the same when it joins again).
"""

import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.net.netns import Host, Lan, NetnsUnavailable, check_available
from tests.net.test_discovery_netns import Process, lanpurr
from tests.net.test_play_netns import GAME_TIMEOUT, all_over_alike, finish

pytestmark = pytest.mark.netns

NAMES = ["Ann", "Ben", "Cleo", "Dan"]


@pytest.fixture
def lan_of() -> Iterator[Callable[[int], Lan]]:
    try:
        check_available()
    except NetnsUnavailable as missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"network-play tests must run in CI: {missing}")
        pytest.skip(str(missing))
    built: list[Lan] = []

    def make(hosts: int) -> Lan:
        built.append(Lan(hosts=hosts))
        return built[-1]

    yield make
    for lan in built:
        lan.close()


def _updates(process: Process) -> int:
    return sum(1 for line in list(process.lines) if line.get("event") == "update")


def _start(lan: Lan, tmp: Path, game: str, seats: int, *extra: str) -> list[Process]:
    """A host and its guests, every seat a bot; the table starts once full."""
    host_ns, *guests = lan.hosts
    bots = seats - len(lan.hosts)
    host = Process(host_ns, lanpurr(host_ns, tmp, NAMES[0], "host", game, "--seats", str(seats),
                                    "--bots", str(bots), "--bot", "normal", "--autostart",
                                    "--json", "--no-announce", *extra))  # fmt: skip
    running = [host]
    try:
        address = host.wait_for(lambda line: line.get("event") == "hosting", 20)["address"]
        for guest, name in zip(guests, NAMES[1:], strict=False):
            running.append(Process(guest, _join_argv(guest, tmp, name, address, *extra)))
    except BaseException:
        for process in running:
            process.stop()
        raise
    return running


def _join_argv(guest: Host, tmp: Path, name: str, address: str, *extra: str) -> list[str]:
    return lanpurr(guest, tmp, name, "join", address, "--bot", "normal", "--json", *extra)


def _kill_mid_round(victim: Process, updates: int) -> None:
    """Wait until the victim has seen `updates` moves of the round, then kill -9 it."""
    deadline = time.monotonic() + GAME_TIMEOUT
    while _updates(victim) < updates:
        assert victim.process.poll() is None, f"it ended before the kill: {victim.lines[-3:]}"
        assert time.monotonic() < deadline, "the game did not get going"
        time.sleep(0.02)
    victim.process.send_signal(signal.SIGKILL)
    victim.process.wait(10)
    assert not any(line.get("event") == "game_over" for line in victim.lines), "killed too late"


def _killed_and_back(lan: Lan, tmp: Path, game: str, seats: int, updates: int, *extra: str) -> None:
    running = _start(lan, tmp, game, seats, *extra)
    try:
        host, victim = running[0], running[-1]
        victim_ns, name = lan.hosts[len(running) - 1], NAMES[len(running) - 1]
        address = host.lines[0]["address"]
        _kill_mid_round(victim, updates)
        host.wait_for(lambda line: line.get("event") == "PeerWaiting", 30)
        back = Process(victim_ns, _join_argv(victim_ns, tmp, name, address, *extra))
        running[-1] = back
        resumed = back.wait_for(lambda line: line.get("event") == "game_resumed", 60)
        assert resumed["passes"] > 0, "it did not replay its record"
        # It shows the table as it is now, before anything new happens.
        back.wait_for(lambda line: line.get("event") == "update", 30)
        ends = [finish(process, GAME_TIMEOUT) for process in running]
    finally:
        for process in running:
            process.stop()
    assert len(all_over_alike(ends)) == seats
    audits = {tuple(last["audits"]) for _, last, _ in ends}
    assert len(audits) == 1 and all(verdict == "fair" for verdict in audits.pop())


def test_momistigri_laptop_killed_mid_round_comes_back(lan_of: Any, tmp_path: Path) -> None:
    _killed_and_back(lan_of(3), tmp_path, "momistigri", 3, updates=6)


def test_purrfect_laptop_killed_mid_round_comes_back(lan_of: Any, tmp_path: Path) -> None:
    _killed_and_back(lan_of(3), tmp_path, "purrfect", 4, 6, "--pace", "0.02")


def test_gutters_laptop_killed_mid_round_comes_back(lan_of: Any, tmp_path: Path) -> None:
    # Paced bots: when a bot acts is the clock's choice, and comes back from the record.
    _killed_and_back(lan_of(3), tmp_path, "gutters", 3, 6, "--pace", "0.02")


def test_a_damaged_record_gives_a_clear_error_and_no_game(lan_of: Any, tmp_path: Path) -> None:
    lan = lan_of(3)
    running = _start(lan, tmp_path, "momistigri", 3, "--grace", "15")
    try:
        host, victim = running[0], running[-1]
        _kill_mid_round(victim, 4)
        (seed,) = (tmp_path / NAMES[2] / "games").glob("*/seed")
        data = bytearray(seed.read_bytes())
        data[len(data) // 2] ^= 0xFF
        seed.write_bytes(bytes(data))
        address = host.lines[0]["address"]
        back = Process(lan.hosts[2], _join_argv(lan.hosts[2], tmp_path, NAMES[2], address,
                                                "--grace", "15"))  # fmt: skip
        running[-1] = back
        code, _, errors = finish(back, 60)
        ends = [finish(process, 60) for process in running[:2]]
    finally:
        for process in running:
            process.stop()
    assert code != 0
    said = errors.strip().splitlines()[-1]
    assert said.startswith("lanpurr: ") and "record of the game" in said and "damaged" in said
    assert "Traceback" not in errors
    stopped = back.wait_for(lambda line: line.get("event") == "stopped", 1)
    assert "damaged" in stopped["reason"]
    assert not any(line.get("event") in ("update", "progress") for line in back.lines)
    for other_code, other_last, _ in ends:  # the others are told, and end: nobody hangs
        assert other_code != 0 and other_last["event"] == "stopped"
    assert "Cleo" in ends[0][1]["reason"]  # (left, or did not come back)
    assert os.stat(seed).st_mode & 0o077 == 0  # (still its owner's only)


def _gone_for_good(lan: Lan, tmp: Path, game: str, seats: int) -> None:
    """A guest killed and never restarted: the host gives its seat to a bot, the round is void,
    and the others finish the game with the same scores."""
    # (only the host's --replace-gone counts: the guests are told by the host's message)
    host_ns = lan.hosts[0]
    running: list[Process] = []
    host = Process(host_ns, lanpurr(host_ns, tmp, NAMES[0], "host", game, "--seats", str(seats),
                                    "--bots", str(seats - len(lan.hosts)), "--bot", "normal",
                                    "--autostart", "--json", "--no-announce", "--grace", "6",
                                    "--replace-gone", "easy"))  # fmt: skip
    running.append(host)
    try:
        address = host.wait_for(lambda line: line.get("event") == "hosting", 20)["address"]
        for guest, name in zip(lan.hosts[1:], NAMES[1:], strict=False):
            running.append(Process(guest, _join_argv(guest, tmp, name, address, "--grace", "6")))
        victim = running[-1]
        _kill_mid_round(victim, 6)
        replaced = host.wait_for(lambda line: line.get("event") == "seat_replaced", 60)
        ends = [finish(process, GAME_TIMEOUT) for process in running[:-1]]
    finally:
        for process in running:
            process.stop()
    victim_seat = victim.wait_for(lambda line: line.get("event") == "game_started", 1)["seat"]
    assert replaced["seats"] == [victim_seat] and replaced["name"] == NAMES[len(running) - 1]
    for code, last, errors in ends:
        assert code == 0, errors[-2000:]
        assert last["event"] == "game_over", last
    for process in running[:-1]:
        said = process.wait_for(lambda line: line.get("event") == "seat_replaced", 1)
        assert said["round"] == replaced["round"] and said["seats"] == replaced["seats"]
    scores = {tuple(last["scores"]) for _, last, _ in ends}
    assert len(scores) == 1 and len(scores.pop()) == seats  # the same on every laptop
    audits = {tuple(last["audits"]) for _, last, _ in ends}
    assert len(audits) == 1 and all(verdict == "fair" for verdict in audits.pop())


def test_a_laptop_that_never_comes_back_is_replaced_by_a_bot(lan_of: Any, tmp_path: Path) -> None:
    _gone_for_good(lan_of(3), tmp_path, "momistigri", 3)


def test_the_host_killed_mid_round_comes_back_with_its_bot(lan_of: Any, tmp_path: Path) -> None:
    """The host also runs a bot: both seats come back (the bot's key was kept, owner only)."""
    lan = lan_of(2)
    running = _start(lan, tmp_path, "momistigri", 3)
    try:
        host = running[0]
        _kill_mid_round(host, 6)
        running[1].wait_for(lambda line: line.get("event") == "PeerWaiting", 30)
        host_ns = lan.hosts[0]
        back = Process(host_ns, lanpurr(host_ns, tmp_path, NAMES[0], "host", "momistigri",
                                        "--resume", "--bot", "normal", "--json",
                                        "--no-announce"))  # fmt: skip
        running[0] = back
        resumed = back.wait_for(lambda line: line.get("event") == "game_resumed", 60)
        assert resumed["passes"] > 0
        ends = [finish(process, GAME_TIMEOUT) for process in running]
    finally:
        for process in running:
            process.stop()
    assert len(all_over_alike(ends)) == 3
    (bots,) = (tmp_path / NAMES[0] / "tables").glob("*.bots")
    assert os.stat(bots).st_mode & 0o077 == 0


def test_a_laptop_killed_as_the_game_starts_comes_back(lan_of: Any, tmp_path: Path) -> None:
    """Killed at Start (before or just after its first keys went out): whatever it had sent,
    it comes back and the game ends with the same scores everywhere."""
    lan = lan_of(3)
    running = _start(lan, tmp_path, "momistigri", 3)
    try:
        host, victim = running[0], running[-1]
        victim.wait_for(lambda line: line.get("event") == "game_started", 60)
        victim.process.send_signal(signal.SIGKILL)
        victim.process.wait(10)
        address = host.lines[0]["address"]
        running[-1] = Process(lan.hosts[2], _join_argv(lan.hosts[2], tmp_path, NAMES[2], address))
        ends = [finish(process, GAME_TIMEOUT) for process in running]
    finally:
        for process in running:
            process.stop()
    all_over_alike(ends)
