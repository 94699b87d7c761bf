"""A watcher never freezes when the host's laptop goes: `lanpurr` processes in network
namespaces, a `lanpurr join --watch` at the host's table, and the host killed and started again
at once (it goes on hosting), or leaving on purpose (`quit`). Each time the watcher watches the
game again, at the laptop that hosts it now, and sees the same end as the players. (A host
killed for good: tests/net/test_play_netns.py.)
"""

import os
import pty
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from net.table.watch_desk import FOLLOWERS_BACK
from tests.net.netns import Lan, lan_for_test
from tests.net.test_discovery_netns import Process, lanpurr
from tests.net.test_play_netns import GAME_TIMEOUT, all_over_alike, finish

pytestmark = pytest.mark.netns


@pytest.fixture
def lan() -> Iterator[Lan]:
    yield from lan_for_test(3)


HOSTING = ("host", "momistigri", "--seats", "3", "--autostart", "--no-announce", "--bot",
           "normal", "--json", "--replace-gone", "normal")  # fmt: skip


def watched_again(watcher: Process, lost_at: float) -> float:
    """Seconds from the host's going to the watcher's new `game_started` (it watches again)."""
    again = watcher.wait_for(
        lambda line: line.get("event") == "game_started" and line["t"] > lost_at, 1
    )
    return float(again["t"]) - lost_at


def test_a_watcher_watches_again_when_the_host_is_killed_and_comes_back(
    lan: Lan, tmp_path: Path
) -> None:
    # Ann's laptop (the host) is killed mid-game and started again at once, within the grace
    # period: it takes its seat back and goes on hosting. Wes, who watched at Ann's, watches
    # there again and sees the game to its end.
    host_ns, ben_ns, cleo_ns = lan.hosts
    grace = ("--grace", "30", "--pace", "0.3")
    host = Process(host_ns, lanpurr(host_ns, tmp_path, "Ann", *HOSTING, *grace))
    running = [host]
    try:
        address = host.wait_for(lambda line: line.get("event") == "hosting", 20)["address"]
        for ns, name in ((ben_ns, "Ben"), (cleo_ns, "Cleo")):
            running.append(Process(ns, lanpurr(ns, tmp_path, name, "join", address, "--bot",
                                               "normal", "--json", *grace)))  # fmt: skip
        watcher = Process(cleo_ns, lanpurr(cleo_ns, tmp_path, "Wes", "join", address,
                                           "--watch", "--json"))  # fmt: skip
        running.append(watcher)
        watcher.wait_for(lambda line: line.get("event") == "update", 60)
        host.process.send_signal(signal.SIGKILL)
        host.process.wait(10)
        following = watcher.wait_for(lambda line: line.get("event") == "watch_following", 30)
        back = Process(host_ns, lanpurr(host_ns, tmp_path, "Ann", *HOSTING, *grace, "--resume"))
        running.append(back)
        back.wait_for(lambda line: line.get("event") == "game_resumed", 60)
        ends = [finish(process, GAME_TIMEOUT) for process in (back, *running[1:3], watcher)]
    finally:
        for process in running:
            process.stop()
    scores = all_over_alike(ends)
    hosts = [line["host"] for line in watcher.lines if line["event"] == "watching"]
    assert hosts == ["Ann", "Ann"], hosts
    assert watched_again(watcher, following["t"]) < 30 + 10
    updates = [line for line in watcher.lines if line["event"] == "update"]
    assert tuple(updates[-1]["scores"]) == scores


@dataclass
class Quit:
    """A table whose host typed `quit` mid-game: Ben and Cleo play on, Wes follows."""

    players: list[Process]
    watcher: Process
    following: dict[str, Any]
    """Wes's `watch_following` line (none while Wes is held)."""


@contextmanager
def host_quits(lan: Lan, tmp_path: Path, game: str, hold: bool = False) -> Iterator[Quit]:
    """Ann hosts `game` (bots at 0.3 s), Ben and Cleo join it, Wes watches from Cleo's
    namespace; once Wes sees the game, Ann types `quit` and has left. `hold`: Wes is held still
    (SIGSTOP) from just before the quit, so that he calls nobody until he is let go. Every
    process is stopped at the end (a held one let go first)."""
    host_ns, ben_ns, cleo_ns = lan.hosts
    grace = ("--grace", "30", "--pace", "0.3")
    hosting = ("host", game, *HOSTING[2:], *grace)
    terminal, typed = pty.openpty()
    host = Process(host_ns, lanpurr(host_ns, tmp_path, "Ann", *hosting), stdin=typed)
    running = [host]
    try:
        address = host.wait_for(lambda line: line.get("event") == "hosting", 20)["address"]
        for ns, name in ((ben_ns, "Ben"), (cleo_ns, "Cleo")):
            running.append(Process(ns, lanpurr(ns, tmp_path, name, "join", address, "--bot",
                                               "normal", "--json", *grace)))  # fmt: skip
        watcher = Process(cleo_ns, lanpurr(cleo_ns, tmp_path, "Wes", "join", address,
                                           "--watch", "--json"))  # fmt: skip
        running.append(watcher)
        watcher.wait_for(lambda line: line.get("event") == "update", 60)
        if hold:
            watcher.process.send_signal(signal.SIGSTOP)
        os.write(terminal, b"quit\n")
        code, last, errors = finish(host, 30)
        assert code == 0 and last["event"] == "left", errors[-2000:]
        following = {}
        if not hold:
            following = watcher.wait_for(lambda line: line.get("event") == "watch_following", 10)
        yield Quit(running[1:3], watcher, following)
    finally:
        os.close(terminal)
        os.close(typed)
        for process in running:
            if process.process.poll() is None:
                process.process.send_signal(signal.SIGCONT)  # (a held watcher hears SIGTERM)
            process.stop()


def watched_at_the_next_host(watcher: Process) -> None:
    hosts = [line["host"] for line in watcher.lines if line["event"] == "watching"]
    assert hosts[0] == "Ann" and hosts[-1] in ("Ben", "Cleo"), hosts


def test_a_watcher_follows_a_host_that_leaves_on_purpose(lan: Lan, tmp_path: Path) -> None:
    # Ann (the host) types `quit` mid-game: a bot takes her seat and the next laptop of the
    # line hosts the game. Wes, who watched at Ann's, is told at once, watches the game there
    # and sees the same end as the players.
    with host_quits(lan, tmp_path, "momistigri") as table:
        watcher = table.watcher
        ends = [finish(process, GAME_TIMEOUT) for process in (*table.players, watcher)]
    scores = all_over_alike(ends)
    watched_at_the_next_host(watcher)
    assert watched_again(watcher, table.following["t"]) < 10
    updates = [line for line in watcher.lines if line["event"] == "update"]
    assert tuple(updates[-1]["scores"]) == scores


def test_a_watcher_that_comes_back_only_once_the_game_ended_there_sees_its_end(
    lan: Lan, tmp_path: Path
) -> None:
    # Ann (the host) types `quit` in a game of No sin mi gato, and the next laptop of the line
    # hosts it. Wes, who watched at Ann's, is held still (SIGSTOP) from before the quit until
    # that game is over, as when the game ends there before Wes calls (a No sin mi gato game
    # can end a second after the table moved). The laptop the table came to does not leave at
    # the game's end before Wes is back (`WatchDesk.followers_back`): Wes sees the same end as
    # the players. Before, it left at once and Wes called nobody until he gave up.
    with host_quits(lan, tmp_path, "gutters", hold=True) as table:
        for player in table.players:
            player.wait_for(lambda line: line.get("event") == "game_over", GAME_TIMEOUT)
        time.sleep(FOLLOWERS_BACK / 2)  # (a laptop that does not wait has left by then)
        table.watcher.process.send_signal(signal.SIGCONT)
        ends = [finish(process, GAME_TIMEOUT) for process in (*table.players, table.watcher)]
    all_over_alike(ends)  # the watcher's `game_over` too, with the players' scores
    watched_at_the_next_host(table.watcher)


def test_a_watcher_follows_a_host_that_leaves_with_the_apps_leave(lan: Lan, tmp_path: Path) -> None:
    # Ann leaves mid-game with the app's Leave: her table session ends but her app stays open
    # (tests/net/leaving_app_host.py). Wes, who watched at Ann's, is told at once and watches
    # the game at the laptop that hosts it now, to its end.
    host_ns, ben_ns, cleo_ns = lan.hosts
    grace = ("--grace", "30", "--pace", "0.3")
    argv = host_ns.python("tests/net/leaving_app_host.py", str(tmp_path / "Ann"), host_ns.address,
                          "60")  # fmt: skip
    host = Process(host_ns, argv)
    running = [host]
    try:
        address = host.wait_for(lambda line: line.get("event") == "hosting", 20)["address"]
        for ns, name in ((ben_ns, "Ben"), (cleo_ns, "Cleo")):
            running.append(Process(ns, lanpurr(ns, tmp_path, name, "join", address, "--bot",
                                               "normal", "--json", *grace)))  # fmt: skip
        watcher = Process(cleo_ns, lanpurr(cleo_ns, tmp_path, "Wes", "join", address,
                                           "--watch", "--json"))  # fmt: skip
        running.append(watcher)
        left = host.wait_for(lambda line: line.get("event") == "left", 60)
        following = watcher.wait_for(lambda line: line.get("event") == "watch_following", 10)
        assert following["t"] - left["t"] < 5
        ends = [finish(process, GAME_TIMEOUT) for process in (*running[1:3], watcher)]
    finally:
        for process in running:
            process.stop()
    scores = all_over_alike(ends)
    updates = [line for line in watcher.lines if line["event"] == "update"]
    assert tuple(updates[-1]["scores"]) == scores
    watched_at_the_next_host(watcher)
    assert watched_again(watcher, following["t"]) < 10


def test_a_watcher_is_told_the_watch_ended_when_the_game_ends_with_its_host(
    lan: Lan, tmp_path: Path
) -> None:
    # Ann's laptop (the host) is killed for good at a table whose setting ends the game when a
    # laptop goes: once the grace period is over the others stop. Wes, who watched at Ann's,
    # is told within the grace period and 10 s that the watch ended, and why, and exits.
    host_ns, ben_ns, cleo_ns = lan.hosts
    grace = ("--grace", "10", "--pace", "0.3")
    ends_the_game = HOSTING[: HOSTING.index("--replace-gone")]
    host = Process(host_ns, lanpurr(host_ns, tmp_path, "Ann", *ends_the_game, *grace))
    running = [host]
    try:
        address = host.wait_for(lambda line: line.get("event") == "hosting", 20)["address"]
        for ns, name in ((ben_ns, "Ben"), (cleo_ns, "Cleo")):
            running.append(Process(ns, lanpurr(ns, tmp_path, name, "join", address, "--bot",
                                               "normal", "--json", *grace)))  # fmt: skip
        watcher = Process(cleo_ns, lanpurr(cleo_ns, tmp_path, "Wes", "join", address,
                                           "--watch", "--json"))  # fmt: skip
        running.append(watcher)
        watcher.wait_for(lambda line: line.get("event") == "update", 60)
        host.process.send_signal(signal.SIGKILL)
        host.process.wait(10)
        following = watcher.wait_for(lambda line: line.get("event") == "watch_following", 30)
        code, last, errors = finish(watcher, 10 + 10 + 15)
    finally:
        for process in running:
            process.stop()
    assert code == 5 and last["event"] == "watch_ended", last
    assert last["t"] - following["t"] < 10 + 10 + 3  # (the grace, 10 s, and a loaded machine)
    assert "no longer watching" in errors.lower() and "the host's laptop" in errors, errors
