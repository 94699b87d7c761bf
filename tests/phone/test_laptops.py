"""Where a phone's page may go on watching: only laptops of the game's line that agreed to its
start, at the address that start names, on the LAN; the page's CSP and the server's Origin
check name those laptops and nothing else."""

import asyncio

from net import table_state as table
from net.phone.laptops import line_laptops, phone_address, table_laptops
from net.phone.server import PhoneServer, csp
from net.table_state import Member, TableState, create
from tests.net.test_watch_feed import TABLE, _laptops, _line, _signed
from tests.phone.test_server import get


def _in_play(members: list[Member]) -> TableState:
    """Ann's table in play with every other laptop (the host's address is "" in its state)."""
    ann, *others = members
    state = create(TABLE, Member(ann.key, "Ann", "", 4000), "momistigri", 5)
    for member in others:
        state = table.set_ready(table.admit(state, member), member.key, True)
    return table.start(state, ann.key)


def test_a_phone_is_sent_only_to_a_laptop_of_the_lan_on_its_table_port_plus_one() -> None:
    assert phone_address("192.168.1.20", 47300) == "192.168.1.20:47301"
    assert phone_address("127.0.0.1", 5000) == "127.0.0.1:5001"
    assert phone_address("169.254.3.4", 5000) == "169.254.3.4:5001"
    for address in ("8.8.8.8", "0.0.0.0", "224.0.0.251", "fe80::1", "::1", "evil.example",
                    "10.0.0.1 ws://x", "", "10.0.0.1/8"):  # fmt: skip
        assert phone_address(address, 5000) is None, address
    assert phone_address("10.0.0.1", 65535) is None and phone_address("10.0.0.1", 0) is None


def test_the_page_learns_only_the_laptops_of_the_line_that_agreed_to_its_start() -> None:
    identities, members = _laptops()  # Ann hosts; Ben, Cleo, Dan at 10.0.0.1-3, Eva at port 0
    ann, ben, cleo, dan, _ = (m.key for m in members)
    start = _signed(identities[0], _in_play(members))
    # Ben and Dan agreed, Cleo did not: Cleo is never named, whatever the host's state says.
    line = _line(start, identities[1], identities[3])
    assert line_laptops(line, ann, "") == ["10.0.0.1:4002", "10.0.0.3:4004"]
    # At Ben's: the host at the address Ben dialed, then Dan; Ben itself is not named.
    assert line_laptops(line, ben, "10.0.0.9") == ["10.0.0.9:4001", "10.0.0.3:4004"]
    assert line_laptops(line, ben, "10.0.0.9", gone=[ann]) == ["10.0.0.3:4004"]
    assert line_laptops(None, ben, "10.0.0.9") == []
    last = line["agreed"][0]
    # (The last byte flipped: set to 0, it was that already one run in 256, and nothing changed.)
    forged = {**line, "agreed": [*line["agreed"], last[:-1] + bytes([last[-1] ^ 1])]}
    assert line_laptops(forged, ann, "") == []  # (a line that does not check names nobody)
    assert cleo not in (ann, ben, dan)


def test_the_table_names_its_laptops_for_the_pages_csp() -> None:
    _, members = _laptops()
    state = _in_play(members)
    assert table_laptops(state, members[0].key, "") == ["10.0.0.1:4002", "10.0.0.2:4003",
                                                          "10.0.0.3:4004"]  # fmt: skip
    assert table_laptops(None, members[0].key, "") == []


def test_the_page_may_dial_the_laptops_it_is_told_of_and_they_accept_it() -> None:
    async def run() -> None:
        reach = ["127.0.0.1:47301"]
        server = PhoneServer(lambda: [{"k": "table"}], reach=lambda: reach)
        port = await server.start("127.0.0.1", 0)
        try:
            status, body, head = await get(port, "/")
            assert status == 200
            assert head.count("Content-Security-Policy") == 1  # (one policy, the wider one)
            assert "connect-src 'self' ws://127.0.0.1:47301;" in head
            assert b'<meta name="lanpurr-reach" content="127.0.0.1:47301">' in body
            for origin, status in (("http://127.0.0.1:47301", 101), ("http://127.0.0.1:47302", 403),
                                   ("http://evil.example", 403)):  # fmt: skip
                answer = await asyncio.wait_for(_upgrade(port, origin), 5)
                assert answer.startswith(f"HTTP/1.1 {status}"), (origin, answer)
        finally:
            await server.close()

    asyncio.run(run())
    assert csp([]).count("connect-src 'self';") == 1


async def _upgrade(port: int, origin: str) -> str:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        (
            "GET /feed HTTP/1.1\r\nHost: 127.0.0.1:1\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            f"Sec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n"
        ).encode()
    )
    line = (await reader.readline()).decode()
    writer.close()
    return line
