"""Bad Wi-Fi: laptops in network namespaces joined by the impairing hub instead of a bridge.

The hub (impairing_hub.py) makes every frame between two laptops late and sometimes lost. These
tests check that it does, and that a whole game still ends with the same scores everywhere.
The soak over hundreds of games is bench/soak.py.
"""

import hashlib
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.impairing_hub import Impairment, complete_checksum
from tests.net.netns import Lan, NetnsUnavailable, check_available
from tests.net.test_discovery_netns import Process, lanpurr
from tests.net.test_play_netns import GAME_TIMEOUT, all_over_alike, finish

pytestmark = pytest.mark.netns

BAD_WIFI = Impairment(delay=0.2, jitter=0.05, loss=0.1)


@pytest.fixture
def bad_lan() -> Iterator[Lan]:
    try:
        check_available()
    except NetnsUnavailable as missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"network tests must run in CI: {missing}")
        pytest.skip(str(missing))
    with Lan(3, BAD_WIFI) as lan:
        yield lan


RECEIVER = """
import hashlib, socket, sys
server = socket.create_server((sys.argv[1], 5000))
print("listening", flush=True)
link, _ = server.accept()
digest, size = hashlib.sha256(), 0
while data := link.recv(65536):
    digest.update(data)
    size += len(data)
print(size, digest.hexdigest(), flush=True)
"""

SENDER = """
import socket, sys, time
began = time.monotonic()
link = socket.create_connection((sys.argv[1], 5000), timeout=60)
print(time.monotonic() - began, flush=True)
link.sendall(bytes(range(256)) * 1000)
link.close()
"""


def test_the_hub_makes_frames_late_and_loses_some_yet_tcp_delivers_every_byte(
    bad_lan: Lan,
) -> None:
    sender, receiver = bad_lan.hosts[0], bad_lan.hosts[1]
    listening = subprocess.Popen(
        receiver.command([sys.executable, "-c", RECEIVER, receiver.address]),
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert listening.stdout is not None
        assert listening.stdout.readline().strip() == "listening"
        sent = subprocess.run(
            sender.command([sys.executable, "-c", SENDER, receiver.address]),
            capture_output=True, text=True, timeout=120, check=True,
        )  # fmt: skip
        received = listening.communicate(timeout=120)[0].split()
    finally:
        listening.kill()
    # A connection takes a round trip: two paths, each at least delay - jitter late.
    assert float(sent.stdout) >= 2 * (BAD_WIFI.delay - BAD_WIFI.jitter)
    payload = bytes(range(256)) * 1000
    assert received == [str(len(payload)), hashlib.sha256(payload).hexdigest()]
    bad_lan.close()
    counts = dict(re.findall(r"(\w+)=(\d+)", bad_lan.hub_counts))
    assert int(counts["lost"]) > 0 and int(counts["sent"]) > 0, bad_lan.hub_counts


def test_the_hub_fills_in_a_checksum_left_to_the_hardware() -> None:
    # An Ethernet + IPv4 + UDP frame from 10.0.0.1:1 to 10.0.0.2:2 carrying b"cat".
    ip = bytes.fromhex("4500001f000000004011") + b"\0\0" + bytes([10, 0, 0, 1, 10, 0, 0, 2])
    udp = bytes.fromhex("00010002000b") + b"\0\0" + b"cat"
    frame = b"\xaa" * 6 + b"\xbb" * 6 + b"\x08\x00" + ip + udp
    done = complete_checksum(frame)
    assert done[:40] == frame[:40] and done[42:] == frame[42:]
    # The receiver's check: the one's-complement sum over pseudo-header and segment is 0xFFFF.
    pseudo = ip[12:20] + bytes([0, 17, 0, 11])
    words = pseudo + done[34:] + b"\0"
    total = sum(int.from_bytes(words[i : i + 2], "big") for i in range(0, len(words) - 1, 2))
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    assert total == 0xFFFF


def test_a_whole_game_on_bad_wifi_ends_with_the_same_scores_on_every_laptop(
    bad_lan: Lan, tmp_path: Path
) -> None:
    host_ns, *guests = bad_lan.hosts
    names = ["Ann", "Ben", "Cleo"]
    host = Process(host_ns, lanpurr(host_ns, tmp_path, names[0], "host", "gutters", "--seats",
                                    "3", "--bots", "0", "--bot", "normal", "--autostart",
                                    "--json", "--no-announce"))  # fmt: skip
    running = [host]
    try:
        hosting = host.wait_for(lambda line: line.get("event") == "hosting", 60)
        for guest, name in zip(guests, names[1:], strict=True):
            argv = lanpurr(guest, tmp_path, name, "join", hosting["address"], "--bot",
                           "normal", "--json")  # fmt: skip
            running.append(Process(guest, argv))
            time.sleep(0.1)
        ends = [finish(process, GAME_TIMEOUT) for process in running]
    finally:
        for process in running:
            process.stop()
    all_over_alike(ends)
    assert all(verdict == "fair" for verdict in ends[0][1]["audits"])
