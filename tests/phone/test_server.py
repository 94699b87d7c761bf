"""The phones' server on a hostile LAN, on loopback: it serves its page and nothing else,
refuses anything but watching, caps the phones, bounds requests and their rate, survives
malformed HTTP and WebSocket frames and floods, and stops with the table."""

import asyncio
import json
import socket
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from net import events
from net.phone import server as phone_server
from net.phone.server import MAX_PHONES, PhoneServer
from net.phone.watch import PhoneWatch
from tests.net.test_sessions import Player, until


async def raw(port: int, data: bytes, read: int = 65536, wait: float = 3.0) -> bytes:
    """Send `data` on a fresh connection; what came back before the server closed it."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(data)
    await writer.drain()
    got = b""
    try:
        while len(got) < read:
            chunk = await asyncio.wait_for(reader.read(read), wait)
            if not chunk:
                break
            got += chunk
    except (TimeoutError, ConnectionError):
        pass
    writer.close()
    return got


def serving(test: Callable[[PhoneServer, int], Awaitable[None]]) -> None:
    async def run() -> None:
        table = [{"k": "table", "game": "gutters", "seats": ["Ann", None], "phase": "open",
                  "host": "Ann"}]  # fmt: skip
        server = PhoneServer(lambda: list(table))
        port = await server.start("127.0.0.1", 0)
        try:
            await test(server, port)
        finally:
            await server.close()

    asyncio.run(run())


async def get(port: int, path: str) -> tuple[int, bytes, str]:
    answer = await raw(port, f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    head, _, body = answer.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1]) if head else 0
    return status, body, head.decode("latin-1")


def test_the_page_its_script_and_style_are_served_from_the_package_and_nothing_else() -> None:
    async def check(server: PhoneServer, port: int) -> None:
        status, body, head = await get(port, "/")
        assert status == 200 and b"/phone.js" in body
        assert "default-src 'none'" in head and "connect-src 'self'" in head
        for path in ("/phone.js", "/phone.css"):
            status, body, _ = await get(port, path)
            assert status == 200 and len(body) > 1000
        for path in ("/../pyproject.toml", "/%2e%2e/net/lobby.py", "/page/phone.js", "/feed/x",
                     "//etc/passwd", "/index.html"):  # fmt: skip
            assert (await get(port, path))[0] == 404, path
        # No other address and no other origin: every file names only its own server.
        for _, (body, _) in server.files.items():
            text = body.decode()
            assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
            assert "https://" not in text and "//fonts" not in text and "@import" not in text

    serving(check)


def test_a_phone_only_listens_whatever_it_sends_ends_its_watch() -> None:
    async def check(server: PhoneServer, port: int) -> None:
        async with connect(f"ws://127.0.0.1:{port}/feed") as phone:
            first = json.loads(await phone.recv())
            assert first["k"] == "table"
            await phone.send(json.dumps({"k": "act", "action": "draw"}))
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await asyncio.wait_for(phone.recv(), 5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        async with connect(f"ws://127.0.0.1:{port}/feed") as phone:
            await phone.recv()
            await phone.send(b"x" * 10_000)  # over the size a phone may send at all
            with pytest.raises(ConnectionClosed):
                while True:
                    await asyncio.wait_for(phone.recv(), 5)
        await until(lambda: not server.phones)
        assert server.counters.refused.get("sent") == 1

    serving(check)


def test_at_most_sixteen_phones_watch_one_table() -> None:
    async def check(server: PhoneServer, port: int) -> None:
        phones = [await connect(f"ws://127.0.0.1:{port}/feed") for _ in range(MAX_PHONES)]
        try:
            await until(lambda: len(server.phones) == MAX_PHONES)
            with pytest.raises(InvalidStatus) as refused:
                await connect(f"ws://127.0.0.1:{port}/feed")
            assert refused.value.response.status_code == 503
            assert b"16 phones" in refused.value.response.body
            await phones[0].close()
            await until(lambda: len(server.phones) == MAX_PHONES - 1)
            phones[0] = await connect(f"ws://127.0.0.1:{port}/feed")  # room again
        finally:
            for phone in phones:
                await phone.close()

    serving(check)


MALFORMED = [
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(200),  # a TLS hello
    b"GARBAGE\r\n\r\n",
    b"GET / HTTP/1.1\r\n" + b"X: " + b"a" * 20_000 + b"\r\n\r\n",  # a header line too long
    b"GET / HTTP/1.1\r\n" + b"".join(b"X%d: y\r\n" % i for i in range(300)) + b"\r\n",
    b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
    b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
    b"GET /feed HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
    b"GET /feed HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: bm90IGEga2V5\r\nSec-WebSocket-Version: 99\r\n\r\n",
    b"\xff\xfe\x00\x00" * 1000,
    b"GET \x00\x01 HTTP/1.1\r\n\r\n",
]


def test_malformed_requests_get_nothing_and_the_server_goes_on() -> None:
    async def check(server: PhoneServer, port: int) -> None:
        for data in MALFORMED:
            answer = await raw(port, data)
            assert not answer.startswith(b"HTTP/1.1 200"), data[:40]
            assert b"phone.js" not in answer
        assert (await get(port, "/"))[0] == 200

    serving(check)


HANDSHAKE = (
    b"GET /feed HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)


@pytest.mark.parametrize(
    "frame",
    [
        b"\x81\x05hello",  # not masked (a client's frames must be)
        b"\x81\xff" + bytes(8) + b"\x00\x00\x00\x00",  # a length of 2**63 and nothing more
        b"\x8f\x80\x00\x00\x00\x00",  # an unknown opcode
        b"\x89\xfe\x01\x00" + bytes(4) + bytes(256),  # a ping over 125 bytes
        b"\x01\x80\x00\x00\x00\x00" * 2000,  # a fragmented message that never ends
        b"\x81\x84\x00\x00\x00\x00\xff\xfe\xfd\xfc",  # text that is not UTF-8
    ],
)
def test_malformed_websocket_frames_close_that_phone_alone(frame: bytes) -> None:
    async def check(server: PhoneServer, port: int) -> None:
        async with connect(f"ws://127.0.0.1:{port}/feed") as calm:
            await calm.recv()
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(HANDSHAKE)
            answer = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
            assert answer.startswith(b"HTTP/1.1 101")
            await until(lambda: len(server.phones) == 2)
            writer.write(frame)
            await until(lambda: len(server.phones) == 1, timeout=10)
            writer.close()
            server.publish({"k": "watchers", "names": ["still here"], "phones": 1})
            assert json.loads(await asyncio.wait_for(calm.recv(), 5))["names"] == ["still here"]

    serving(check)


def test_a_flood_of_requests_from_one_address_is_slowed_and_others_still_served() -> None:
    async def check(server: PhoneServer, port: int) -> None:
        statuses = [(await get(port, "/"))[0] for _ in range(80)]
        assert statuses.count(200) <= 45 and statuses.count(429) >= 35
        assert server.counters.refused["rate"] >= 35
        server._rates.clear()  # (another address: the bucket is per address)
        assert (await get(port, "/"))[0] == 200

    serving(check)


def test_a_flood_of_idle_connections_is_capped_and_timed_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(phone_server, "OPEN_TIMEOUT", 1.0)

    async def check(server: PhoneServer, port: int) -> None:
        idle = []
        for _ in range(phone_server.MAX_CONNECTIONS + 20):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(b"GET / HTTP/1.1\r\n")  # ...and never the rest
            idle.append(sock)
        await until(lambda: server.counters.refused.get("connections", 0) >= 20, timeout=10)
        assert server.open_connections <= phone_server.MAX_CONNECTIONS
        started = time.monotonic()
        await until(lambda: server.open_connections == 0, timeout=10)  # the timeout let them go
        assert time.monotonic() - started < 5
        for sock in idle:
            sock.close()
        assert (await get(port, "/"))[0] == 200

    serving(check)


def test_a_phone_that_never_reads_is_let_go(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(phone_server, "BEHIND", 64 * 1024)

    async def check(server: PhoneServer, port: int) -> None:
        sock = socket.create_connection(("127.0.0.1", port))
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.sendall(HANDSHAKE)
        await until(lambda: len(server.phones) == 1)
        big = {"k": "view", "snap": {"x": "y" * 30_000}, "moves": []}
        for _ in range(400):
            server.publish(big)
            await asyncio.sleep(0)
            if not server.phones:
                break
        await until(lambda: not server.phones, timeout=10)
        assert server.counters.refused["behind"] == 1
        sock.close()

    serving(check)


def test_the_page_stops_with_the_table(tmp_path: Path) -> None:
    async def run() -> None:
        ann = Player(tmp_path, "Ann")
        await ann.host("gutters", 2)
        phones = ann.lobby.phones
        assert phones is not None and ann.session is not None
        assert ann.session.port != phones.port
        # Bound where the table is bound (the lobby's address), nowhere else.
        assert phones.server.server is not None
        bound = {s.getsockname()[0] for s in phones.server.server.sockets}
        assert bound == {"127.0.0.1"} == {ann.lobby.bind}
        async with connect(f"ws://127.0.0.1:{phones.port}/feed") as phone:
            shown = json.loads(await phone.recv())
            assert shown == {"k": "table", "game": "gutters", "seats": ["Ann", None],
                             "phase": "open", "host": "Ann", "bots": [None, None],
                             "id": ann.session.state.table.hex()}  # fmt: skip
            await until(lambda: any(e.count == 1 for e in ann.of(events.PhonesWatching)))
            await ann.session.leave()
            with pytest.raises(ConnectionClosed):
                while True:
                    await asyncio.wait_for(phone.recv(), 5)
        await until(lambda: phones.closed, timeout=5)
        with pytest.raises(OSError):
            await asyncio.open_connection("127.0.0.1", phones.port)
        await ann.lobby.close()

    asyncio.run(run())


def test_the_server_holds_no_key() -> None:
    # What a phone is served comes from the public feed alone: the phone side is given the
    # session to listen to, and keeps nothing of its identity, its seats or the game key.
    names = set(vars(PhoneServer(lambda: [])))
    assert not names & {"identity", "key", "session", "profile", "play"}
    assert set(PhoneWatch.__init__.__code__.co_varnames) >= {"session", "desk"}


def test_a_page_from_elsewhere_cannot_open_the_feed() -> None:
    async def check(server: PhoneServer, port: int) -> None:
        with pytest.raises(InvalidStatus) as refused:
            await connect(f"ws://127.0.0.1:{port}/feed", origin="http://evil.example")  # type: ignore[arg-type]
        assert refused.value.response.status_code == 403
        own = f"http://127.0.0.1:{port}"
        async with connect(f"ws://127.0.0.1:{port}/feed", origin=own) as phone:  # type: ignore[arg-type]
            assert json.loads(await phone.recv())["k"] == "table"

    serving(check)
