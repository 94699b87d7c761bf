"""A live peer (the `lanpurr host` command) under a storm of malformed frames: it closes each
bad connection with a log line and keeps serving everyone else."""

import asyncio
import json
import os
import random
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import msgpack
import pytest

from net.home import load_profile
from net.limits import HANDSHAKE_TIMEOUT
from net.wire.mesh import Address, Mesh
from tests.net import fuzz

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture
def live_host(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], int, Path]]:
    errors = tmp_path / "host-stderr.txt"
    with errors.open("w") as stream:
        process = subprocess.Popen(
            [sys.executable, "-m", "ui.cli", "host", "momistigri", "--seats", "5",
             "--no-announce", "--json", "--home", str(tmp_path / "host")],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=stream, text=True,
        )  # fmt: skip
    assert process.stdout is not None
    hosting: dict[str, object] = {}
    while hosting.get("event") != "hosting":
        hosting = json.loads(process.stdout.readline())
    try:
        yield process, int(str(hosting["port"])), errors
    finally:
        process.terminate()
        process.wait(10)


def _alive_and_serving(process: subprocess.Popen[str], port: int, home: Path) -> None:
    assert process.poll() is None, "the peer crashed"
    start = time.monotonic()
    guest = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "join", f"127.0.0.1:{port}", "--json", "--home",
         str(home)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert guest.stdout is not None
        line = json.loads(guest.stdout.readline())
        assert line["event"] in ("TableStateChanged", "Joined"), line
        assert time.monotonic() - start < 15
    finally:
        guest.terminate()
        guest.wait(10)


@pytest.mark.slow
def test_100000_malformed_frames_never_crash_or_block_a_live_peer(
    live_host: tuple[subprocess.Popen[str], int, Path], tmp_path: Path
) -> None:
    process, port, errors = live_host
    closed = asyncio.run(fuzz.throw("127.0.0.1", port, 100_000, seed=20261122, parallel=48))
    assert closed == 100_000, "some malformed connections were left hanging"
    _alive_and_serving(process, port, tmp_path / "guest")
    log = errors.read_text()
    assert "Traceback" not in log
    assert "closing the connection from 127.0.0.1" in log
    # One line per offending address and kind of fault a minute, not one per frame.
    assert len(log.splitlines()) <= 20, log[-2000:]


def test_a_member_sending_garbage_after_the_handshake_loses_only_that_connection(
    live_host: tuple[subprocess.Popen[str], int, Path], tmp_path: Path
) -> None:
    process, port, errors = live_host
    rng = random.Random(7)

    async def storm() -> int:
        profile = load_profile(tmp_path / "member", "member")
        mesh = Mesh(profile.identity, profile.name, profile.journals, "127.0.0.1")
        await mesh.listen()
        dropped = 0
        try:
            for _ in range(300):
                link = await mesh.connect(Address("127.0.0.1", port))
                payload = rng.choice([
                    rng.randbytes(rng.randrange(1, 100)),
                    msgpack.packb({"t": "env", "e": rng.randbytes(50)}),
                    msgpack.packb({"t": "ack", "n": 10**6}),
                    msgpack.packb({"t": "hello", "v": 1}),
                    b"\x91" * 40 + b"\xc0",
                ])  # fmt: skip
                link.writer.write(struct.pack(">I", len(payload)) + payload)
                for _ in range(200):
                    if link.closed:
                        dropped += 1
                        break
                    await asyncio.sleep(0.01)
        finally:
            await mesh.close()
        return dropped

    assert asyncio.run(storm()) == 300
    _alive_and_serving(process, port, tmp_path / "guest")
    assert "protocol error, closing" in errors.read_text() or "closing the connection" in (
        errors.read_text()
    )


def test_a_connection_that_stalls_mid_handshake_is_closed_within_the_timeout(
    live_host: tuple[subprocess.Popen[str], int, Path],
) -> None:
    _, port, errors = live_host

    async def stall() -> float:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(struct.pack(">I", 100) + os.urandom(10))  # and never the rest
        started = time.monotonic()
        await asyncio.wait_for(reader.read(), HANDSHAKE_TIMEOUT + 15)
        writer.close()
        return time.monotonic() - started

    assert asyncio.run(stall()) < HANDSHAKE_TIMEOUT + 5
    assert "handshake took too long" in errors.read_text()
