"""A host that stays at its table after the game, the way the app does (its end panel offers
Play again and Leave), and lists its table on the LAN.

    python tests/net/staying_app_host.py HOME ADDRESS

Hosts Momistigri for three at ADDRESS, two bots and a bot for its own seat, and starts. Prints
one JSON line per step: `hosting` (address, table), `over` (the game is over). Then reads a
command per line: `again` (Play again), `start`, `leave` (the app's Leave), `quit` (closes
the lobby the way closing the app does) — each said back once done.
"""

import asyncio
import json
import sys
import time
from pathlib import Path

from net import events
from net.home import load_profile
from net.lobby import Lobby


def say(event: str, **fields: object) -> None:
    print(json.dumps({"event": event, "t": time.time(), **fields}), flush=True)


async def main(home: Path, address: str) -> None:
    def on_event(event: events.Event) -> None:
        if isinstance(event, events.GameOver):
            say("over")

    lobby = Lobby(load_profile(home, name="Ann"), on_event, interfaces=[address], grace=30.0)
    lobby.play_settings.me_bot = "normal"
    session = await lobby.host("momistigri", 3, port=0)
    session.add_bot(1, "normal")
    session.add_bot(2, "normal")
    assert session.state is not None
    say("hosting", address=f"{address}:{session.port}", table=session.state.table.hex())
    await asyncio.sleep(1.0)  # (the bots' seats are taken)
    session.start()
    loop = asyncio.get_running_loop()
    while line := (await loop.run_in_executor(None, sys.stdin.readline)).strip():
        if line == "again":
            session.again()
        elif line == "start":
            session.start()
        elif line == "leave":
            await session.leave()
        elif line == "quit":
            await lobby.close()
            say(line)
            return
        say(line)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), sys.argv[2]))
