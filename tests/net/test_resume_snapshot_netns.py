"""A laptop killed with -9 in a later round of a real game (one `lanpurr` process per laptop,
each in its own network namespace: needs root, netns.py) comes back from the snapshot of its
seats at the last round's end: it replays only the passes after it, and the game ends alike on
every laptop with fair audits."""

import signal
import time
from pathlib import Path
from typing import Any

import pytest

from net.game.record import pass_ends
from tests.net.test_discovery_netns import Process
from tests.net.test_play_netns import GAME_TIMEOUT, all_over_alike, finish
from tests.net.test_resume_netns import NAMES, _join_argv, _start, _updates, lan_of

pytestmark = pytest.mark.netns
__all__ = ["lan_of"]


def test_a_laptop_killed_in_a_later_round_comes_back_from_its_snapshot(
    lan_of: Any, tmp_path: Path
) -> None:
    lan = lan_of(3)
    running = _start(lan, tmp_path, "purrfect", 4, "--pace", "0.02")
    try:
        host, victim = running[0], running[-1]
        name = NAMES[len(running) - 1]
        deadline = time.monotonic() + GAME_TIMEOUT
        checked = seen = 0
        while checked < 1 or _updates(victim) < seen + 6:
            assert victim.process.poll() is None, f"it ended first: {victim.lines[-3:]}"
            assert time.monotonic() < deadline, "the first round did not end"
            rounds = sum(1 for line in list(victim.lines) if line.get("event") == "round_checked")
            if rounds and not checked:
                checked, seen = rounds, _updates(victim)
            time.sleep(0.02)
        victim.process.send_signal(signal.SIGKILL)
        victim.process.wait(10)
        assert not any(line.get("event") == "game_over" for line in victim.lines), "too late"
        [folder] = (tmp_path / name / "games").glob("*")
        assert (folder / "snapshot").exists()
        recorded = len(pass_ends((folder / "inputs").read_bytes()))
        host.wait_for(lambda line: line.get("event") == "PeerWaiting", 30)
        victim_ns = lan.hosts[len(running) - 1]
        address = host.lines[0]["address"]
        back = Process(victim_ns, _join_argv(victim_ns, tmp_path, name, address, "--pace", "0.02"))
        running[-1] = back
        resumed = back.wait_for(lambda line: line.get("event") == "game_resumed", 60)
        assert 0 <= resumed["passes"] < recorded, (resumed, recorded)
        ends = [finish(process, GAME_TIMEOUT) for process in running]
        assert "cannot be used" not in back.stderr()
    finally:
        for process in running:
            process.stop()
    assert len(all_over_alike(ends)) == 4
    audits = {tuple(last["audits"]) for _, last, _ in ends}
    assert len(audits) == 1 and all(verdict == "fair" for verdict in audits.pop())
