"""A terminal player comes back for the next game after the host's Play again.

`lanpurr join` plays one game and exits at its end, so a friend at a terminal types the same
command again for the next game. The host (an app: an in-process lobby here) has opened the
table again meanwhile. The terminal's own record still holds the game it left at its very end,
which it takes up and plays out when it comes back; that game's end must not end the new
join, which has a seat at the table for the next game.
"""

import asyncio
import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from net import events
from net.table_state import OPEN, PLAYING
from tests.net.test_sessions import Player, until

ROOT = Path(__file__).resolve().parent.parent.parent


async def terminal(home: Path, port: int) -> asyncio.subprocess.Process:
    """`lanpurr join` as a bot player, one JSON object per line."""
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "ui.cli", "join", f"127.0.0.1:{port}", "--name", "Ben",
        "--home", str(home), "--bot", "normal", "--ready", "--json",
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
    )  # fmt: skip


async def lines_of(process: asyncio.subprocess.Process, into: list[dict[str, Any]]) -> None:
    assert process.stdout is not None
    async for raw in process.stdout:
        with contextlib.suppress(ValueError):
            into.append(json.loads(raw))


def events_of(lines: list[dict[str, Any]]) -> list[Any]:
    return [line.get("event") for line in lines]


def test_a_terminal_back_after_play_again_plays_the_next_game(tmp_path: Path) -> None:
    ann = Player(tmp_path, "Ann")
    ann.lobby.play_settings.me_bot = "normal"
    home = tmp_path / "ben-terminal"
    first: list[dict[str, Any]] = []
    second: list[dict[str, Any]] = []

    def over(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [line for line in lines if line.get("event") == "game_over"]

    async def scenario() -> None:
        port = await ann.host("gutters", 2)
        host = ann.session
        assert host is not None
        ben = await terminal(home, port)
        reading = asyncio.ensure_future(lines_of(ben, first))
        await until(lambda: host.state is not None and len(host.state.ready) == 1, 60)
        host.start()
        assert await asyncio.wait_for(ben.wait(), 120) == 0  # its game over: it exits
        await reading
        assert len(over(first)) == 1
        await until(lambda: len(ann.of(events.GameOver)) == 1, 60)
        host.again()
        await until(lambda: host.state is not None and host.state.phase == OPEN)
        ben = await terminal(home, port)
        reading = asyncio.ensure_future(lines_of(ben, second))
        await until(lambda: host.state is not None and len(host.state.ready) == 1, 60)
        # Back, it takes up the game it left at its end and plays it out: that game's end
        # leaves it seated for the next one.
        await until(lambda: "seated_again" in events_of(second) or ben.returncode is not None, 60)
        told = events_of(second)
        assert ben.returncode is None, f"the terminal left the table at the last game's end: {told}"
        assert host.state is not None and len(host.state.ready) == 1
        host.start()
        await until(lambda: host.state is not None and host.state.phase == PLAYING)
        assert await asyncio.wait_for(ben.wait(), 120) == 0
        await reading
        await until(lambda: len(ann.of(events.GameOver)) == 2, 60)
        await ann.lobby.close()

    asyncio.run(asyncio.wait_for(scenario(), 400))
    # The second join told the first game's end again, then played the next game to its end.
    ends = over(second)
    assert len(ends) == 2
    assert ends[0]["scores"] == over(first)[0]["scores"]
    assert ends[1]["scores"] == list(ann.of(events.GameOver)[1].scores)
