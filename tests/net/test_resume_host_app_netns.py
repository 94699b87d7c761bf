"""A real app window hosting a table, killed (kill -9) in the middle of a round and started again
with the same home, offers the table in its lobby; one click on Resume hosts it again on the
same address, the other laptops say "Ann is back", and the game ends alike everywhere.

The app runs with pytest inside its own network namespace (tests/ui/app_resuming_its_table.py);
the two other laptops are headless `lanpurr join --bot normal` processes in theirs."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.net.netns import Host, Lan, NetnsUnavailable, check_available
from tests.net.test_discovery_netns import ROOT, Process, lanpurr
from tests.net.test_play_netns import finish

pytestmark = pytest.mark.netns


def _app(ns: Host, tmp: Path, mode: str) -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "QT_QPA_PLATFORM": "offscreen",
        "LANPURR_TEST_APP_ADDRESS": ns.address,
        "LANPURR_TEST_MODE": mode,
        "LANPURR_TEST_HOME": str(tmp / "ann-home"),
        "LANPURR_TEST_ADDRESS_FILE": str(tmp / "address"),
        "LANPURR_TEST_MARKER": str(tmp / "marker"),
        "LANPURR_TEST_RESULT_FILE": str(tmp / "result.json"),
    }
    return ns.popen(
        [sys.executable, "-m", "pytest", "tests/ui/app_resuming_its_table.py", "-q",
         "-p", "no:randomly", "-p", "no:cacheprovider", "-p", "no:xdist", "-o", "addopts=",
         "--basetemp", str(tmp / f"app-{mode}")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, cwd=str(ROOT),
    )  # fmt: skip


def _wait_for_file(path: Path, app: subprocess.Popen[str], what: str) -> None:
    deadline = time.monotonic() + 60
    while not path.exists():
        assert app.poll() is None, app.communicate()[0][-3000:]
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def test_a_host_app_killed_mid_game_resumes_its_table_from_the_lobby(tmp_path: Path) -> None:
    try:
        check_available()
    except NetnsUnavailable as missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"network-play tests must run in CI: {missing}")
        pytest.skip(str(missing))
    with Lan(hosts=3) as lan:
        app_ns, *guests = lan.hosts
        running: list[Process | subprocess.Popen[str]] = []
        try:
            first = _app(app_ns, tmp_path, "first")
            running.append(first)
            _wait_for_file(tmp_path / "address", first, "the app did not host its table")
            address = (tmp_path / "address").read_text()
            peers = [
                Process(guest, lanpurr(guest, tmp_path, name, "join", address, "--bot", "normal",
                                       "--json"))
                for guest, name in zip(guests, ("Ben", "Cleo"), strict=True)
            ]  # fmt: skip
            running.extend(peers)
            _wait_for_file(tmp_path / "marker", first, "the app did not get to play")
            first.send_signal(signal.SIGKILL)
            first.wait(10)
            for peer in peers:
                peer.wait_for(lambda line: line.get("event") == "PeerWaiting", 30)
            back = _app(app_ns, tmp_path, "back")
            running.append(back)
            for peer in peers:
                said = peer.wait_for(lambda line: line.get("event") == "PeerBack", 60)
                assert said["name"] == "Ann"
            output, _ = back.communicate(timeout=300)
            lines = [line for line in output.splitlines() if "propagateSizeHints" not in line]
            assert back.returncode == 0, "\n".join(lines)[-4000:]
            ends = [finish(peer, 60) for peer in peers]
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
