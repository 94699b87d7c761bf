"""One real app window plays a whole game with the mouse against two headless laptops, each
in its own network namespace (needs root; see tests/net/netns.py)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.net.netns import Lan, NetnsUnavailable, check_available
from tests.net.test_discovery_netns import ROOT, Process, lanpurr

pytestmark = pytest.mark.netns


def test_an_app_window_plays_a_whole_game_against_two_headless_laptops(tmp_path: Path) -> None:
    try:
        check_available()
    except NetnsUnavailable as missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"network-play tests must run in CI: {missing}")
        pytest.skip(str(missing))
    address_file, result_file = tmp_path / "address", tmp_path / "result.json"
    with Lan(hosts=3) as lan:
        app_ns, *guests = lan.hosts
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "QT_QPA_PLATFORM": "offscreen",
            "LANPURR_TEST_APP_ADDRESS": app_ns.address,
            "LANPURR_TEST_ADDRESS_FILE": str(address_file),
            "LANPURR_TEST_RESULT_FILE": str(result_file),
            "PYTHONFAULTHANDLER": "1",  # SIGABRT prints where every thread is
        }
        app = app_ns.popen(
            [sys.executable, "-m", "pytest", "tests/ui/app_at_a_network_table.py", "-q",
             "-p", "no:randomly", "-p", "no:cacheprovider", "-p", "no:xdist", "-o", "addopts=",
             "--basetemp", str(tmp_path / "app")],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, cwd=str(ROOT),
        )  # fmt: skip
        peers: list[Process] = []
        try:
            deadline = time.monotonic() + 60
            while not address_file.exists() and app.poll() is None:
                assert time.monotonic() < deadline, "the app did not host its table"
                time.sleep(0.1)
            assert app.poll() is None, app.communicate()[0][-3000:]
            address = address_file.read_text()
            for guest, name in zip(guests, ("Ben", "Cleo"), strict=True):
                argv = lanpurr(guest, tmp_path, name, "join", address, "--bot", "normal",
                               "--json")  # fmt: skip
                peers.append(Process(guest, argv))
            try:
                output, _ = app.communicate(timeout=420)
            except subprocess.TimeoutExpired:
                app.send_signal(signal.SIGABRT)
                output = app.communicate(timeout=30)[0]
                said = [f"{peer.lines[-3:]}\n{peer.stderr()[-1500:]}" for peer in peers]
                raise AssertionError(
                    f"the app hung:\n{output[-6000:]}\nthe laptops said:\n" + "\n".join(said)
                ) from None
            said = [line for line in output.splitlines() if "propagateSizeHints" not in line]
            assert app.returncode == 0, "\n".join(said)[-4000:]
            ends = []
            for peer in peers:
                peer.process.wait(60)
                time.sleep(0.2)
                ends.append(peer.lines[-1])
        finally:
            if app.poll() is None:
                app.kill()
            for peer in peers:
                peer.stop()
    app_result = json.loads(result_file.read_text())
    for end in ends:
        assert end["event"] == "game_over"
        assert end["scores"] == app_result["scores"]  # the same final scores on every laptop
        assert end["audits"] == app_result["audits"]
    assert app_result["audits"] and set(app_result["audits"]) == {"fair"}
