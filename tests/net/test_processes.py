"""Real peers in real processes on loopback: thousands of messages, a peer killed and restarted."""

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


class Peer:
    """A peer_proc.py process whose JSON lines are collected by a thread."""

    def __init__(self, home: Path, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        home.mkdir(parents=True, exist_ok=True)
        self.log = home / f"stderr-{time.monotonic_ns()}.txt"
        with self.log.open("w") as errors:
            self.process = subprocess.Popen(
                [sys.executable, str(HERE / "peer_proc.py"), "--home", str(home), *args],
                stdout=subprocess.PIPE,
                stderr=errors,
                text=True,
                env=env,
            )
        self.lines: list[dict[str, Any]] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(json.loads(line))

    def wait_for(self, key: str, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.lines):
                if key in line:
                    return line
            if self.process.poll() is not None:
                break
            time.sleep(0.02)
        counts = {sender: len(got) for sender, got in self.received().items()}
        raise AssertionError(
            f"no {key!r} from the peer within {timeout} s; received {counts}; "
            f"stderr: {self.log.read_text()[-2000:]}"
        )

    def received(self) -> dict[str, list[int]]:
        by_sender: dict[str, list[int]] = {}
        for line in self.lines:
            if "got" in line:
                sender, index, _ = line["got"]
                by_sender.setdefault(sender, []).append(index)
        return by_sender

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)


@pytest.fixture
def peers() -> Iterator[list[Peer]]:
    started: list[Peer] = []
    yield started
    for peer in started:
        peer.stop()


def test_three_peers_exchange_thousands_of_messages_in_order(
    tmp_path: Path, peers: list[Peer]
) -> None:
    count = 1500
    host = Peer(tmp_path / "h", "--host", "--seats", "3", "--count", str(count))
    peers.append(host)
    port = host.wait_for("ready", 10)["ready"]
    for name in ("a", "b"):
        peers.append(Peer(tmp_path / name, "--join", str(port), "--count", str(count)))
    keys = [peer.wait_for("ready", 10)["key"] for peer in peers]
    for peer in peers:
        peer.wait_for("done", 60)
    for peer, key in zip(peers, keys, strict=True):
        received = peer.received()
        assert set(received) == set(keys) - {key}
        for sender, indexes in received.items():
            assert indexes == list(range(count)), f"{key} from {sender}: lost or reordered"


def test_a_peer_killed_and_restarted_catches_up_with_no_loss_and_no_duplicates(
    tmp_path: Path, peers: list[Peer]
) -> None:
    count = 2000
    slow = ("--count", str(count), "--burst", "20", "--pause", "0.01")
    host = Peer(tmp_path / "h", "--host", "--seats", "3", *slow)
    peers.append(host)
    port = host.wait_for("ready", 10)["ready"]
    steady = Peer(tmp_path / "a", "--join", str(port), *slow)
    victim = Peer(tmp_path / "b", "--join", str(port), *slow)
    peers.extend([steady, victim])
    victim_key = victim.wait_for("ready", 10)["key"]
    # Kill it mid-stream, with no chance to say goodbye or flush anything.
    deadline = time.monotonic() + 30
    while sum(len(v) for v in victim.received().values()) < count // 2:
        assert time.monotonic() < deadline, "the victim never got going"
        time.sleep(0.02)
    victim.process.kill()
    victim.process.wait(5)
    before = victim.received()
    assert sum(map(len, before.values())) < 2 * count, "killed too late to test anything"

    back = Peer(tmp_path / "b", "--join", str(port), *slow)
    peers.append(back)
    assert back.wait_for("ready", 10)["key"] == victim_key
    for peer in (host, steady, back):
        peer.wait_for("done", 90)

    # The restarted peer: its journal (replayed) plus what it received since, exactly once.
    for sender, indexes in back.received().items():
        assert indexes == list(range(count)), f"restarted peer, from {sender}: lost or doubled"
        assert before[sender] == indexes[: len(before[sender])]
    replayed = sum(1 for line in back.lines if "got" in line and line["got"][2])
    assert replayed > 0, "the restarted peer did not resume from its journal"
    # The others: every message of the victim (sent before and after its death), once each.
    for peer in (host, steady):
        assert peer.received()[victim_key] == list(range(count))
