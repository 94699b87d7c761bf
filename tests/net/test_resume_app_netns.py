"""A real app window killed (kill -9) in the middle of a round and started again with the same
home comes back to the same game, and plays it to the end with the same scores as the others.

The app runs with pytest inside its own network namespace (tests/ui/app_back_at_a_network_table
.py), the host and another laptop are headless `lanpurr` processes with bots."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.net.netns import Host, Lan, NetnsUnavailable, check_available
from tests.net.test_discovery_netns import ROOT, Process, lanpurr
from tests.net.test_play_netns import GAME_TIMEOUT, finish

pytestmark = pytest.mark.netns


def _app(ns: Host, tmp: Path, mode: str, join: str) -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "QT_QPA_PLATFORM": "offscreen",
        "LANPURR_TEST_APP_ADDRESS": ns.address,
        "LANPURR_TEST_JOIN": join,
        "LANPURR_TEST_MODE": mode,
        "LANPURR_TEST_HOME": str(tmp / "cleo-home"),
        "LANPURR_TEST_MARKER": str(tmp / "marker"),
        "LANPURR_TEST_RESULT_FILE": str(tmp / "result.json"),
    }
    return ns.popen(
        [sys.executable, "-m", "pytest", "tests/ui/app_back_at_a_network_table.py", "-q",
         "-p", "no:randomly", "-p", "no:cacheprovider", "-p", "no:xdist", "-o", "addopts=",
         "--basetemp", str(tmp / f"app-{mode}")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, cwd=str(ROOT),
    )  # fmt: skip


def test_an_app_killed_mid_round_shows_its_game_again_and_finishes_it(tmp_path: Path) -> None:
    try:
        check_available()
    except NetnsUnavailable as missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"network-play tests must run in CI: {missing}")
        pytest.skip(str(missing))
    with Lan(hosts=3) as lan:
        host_ns, ben_ns, app_ns = lan.hosts
        host = Process(host_ns, lanpurr(host_ns, tmp_path, "Ann", "host", "momistigri",
                                        "--seats", "3", "--bot", "normal", "--autostart",
                                        "--json", "--no-announce"))  # fmt: skip
        running: list[Any] = [host]
        try:
            address = host.wait_for(lambda line: line.get("event") == "hosting", 20)["address"]
            running.append(Process(ben_ns, lanpurr(ben_ns, tmp_path, "Ben", "join", address,
                                                   "--bot", "normal", "--json")))  # fmt: skip
            first = _app(app_ns, tmp_path, "first", address)
            running.append(first)
            deadline = time.monotonic() + 120
            while not (tmp_path / "marker").exists():
                assert first.poll() is None, first.communicate()[0][-3000:]
                assert time.monotonic() < deadline, "the app did not get to play"
                time.sleep(0.05)
            first.send_signal(signal.SIGKILL)
            first.wait(10)
            host.wait_for(lambda line: line.get("event") == "PeerWaiting", 30)
            back = _app(app_ns, tmp_path, "back", address)
            running.append(back)
            output, _ = back.communicate(timeout=GAME_TIMEOUT)
            said = [line for line in output.splitlines() if "propagateSizeHints" not in line]
            assert back.returncode == 0, "\n".join(said)[-4000:]
            ends = [finish(process, 60) for process in running[:2]]
        finally:
            for process in running:
                if isinstance(process, Process):
                    process.stop()
                elif process.poll() is None:
                    process.kill()
                    process.wait(10)
    app = json.loads((tmp_path / "result.json").read_text())
    for code, last, errors in ends:
        assert code == 0, errors[-2000:]
        assert last["event"] == "game_over" and last["scores"] == app["scores"]
        assert last["audits"] == app["audits"]
