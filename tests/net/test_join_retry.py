"""A join whose first try is lost (bad Wi-Fi) tries again; one that nobody answers says so."""

import asyncio
from pathlib import Path

import pytest

from net import events
from tests.net.test_sessions import Player


async def _flaky_door(target: int, lose: int) -> tuple[asyncio.Server, list[int]]:
    """A port in front of the table that hangs up on the first `lose` connections (a lost
    handshake) and passes the others through to the table at `target`."""
    tries: list[int] = []

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except ConnectionError:
            pass
        finally:
            writer.close()

    async def door(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        tries.append(1)
        if len(tries) <= lose:
            writer.close()
            return
        inner_reader, inner_writer = await asyncio.open_connection("127.0.0.1", target)
        await asyncio.gather(pipe(reader, inner_writer), pipe(inner_reader, writer))

    return await asyncio.start_server(door, "127.0.0.1", 0), tries


def test_a_join_whose_first_tries_are_lost_tries_again_and_gets_in(tmp_path: Path) -> None:
    async def scenario() -> None:
        ann, ben = Player(tmp_path, "Ann"), Player(tmp_path, "Ben")
        port = await ann.host(seats=3)
        server, tries = await _flaky_door(port, lose=2)
        door = server.sockets[0].getsockname()[1]
        try:
            session = await ben.lobby.join(f"127.0.0.1:{door}", patience=20)
            assert session.state is not None and session.state.member(ben.key) is not None
            assert len(tries) >= 3
        finally:
            server.close()
            await ben.lobby.close()
            await ann.lobby.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_join_that_gets_no_answer_gives_up_after_its_patience(tmp_path: Path) -> None:
    async def scenario() -> None:
        ann, ben = Player(tmp_path, "Ann"), Player(tmp_path, "Ben")
        port = await ann.host(seats=3)
        server, tries = await _flaky_door(port, lose=1000)
        door = server.sockets[0].getsockname()[1]
        try:
            with pytest.raises(EOFError):
                await ben.lobby.join(f"127.0.0.1:{door}", patience=2.5)
            assert 2 <= len(tries) <= 4
            assert not ben.of(events.Joined)
        finally:
            server.close()
            await ann.lobby.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))
