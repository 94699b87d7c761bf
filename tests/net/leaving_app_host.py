"""A host that leaves its table mid-game the way the app's Leave does: it leaves the table
(`TableSession.leave`) and the app stays open, its lobby and its network thread still running.

    python tests/net/leaving_app_host.py HOME ADDRESS SECONDS

Hosts Momistigri for three at ADDRESS (a bot plays its seat, a bot takes the seats of a laptop
that goes), starts once both guests are ready, leaves after its seat's fifteenth update, and
stays up for SECONDS. Prints one JSON line per step: `hosting` (address), `left`.
"""

import asyncio
import json
import sys
import time
from pathlib import Path

from net import events
from net.home import load_profile
from net.lobby import Lobby


async def main(home: Path, address: str, seconds: float) -> None:
    updates = 0
    leaving = asyncio.Event()

    def say(event: str, **fields: object) -> None:
        print(json.dumps({"event": event, "t": time.time(), **fields}), flush=True)

    def on_event(event: events.Event) -> None:
        nonlocal updates
        if isinstance(event, events.TableStateChanged):
            state = event.state
            guests = [s.player for s in state.seats if s.player and s.player != state.host]
            if state.phase == "open" and len(guests) == 2 and set(guests) <= state.ready:
                lobby.session.start()  # type: ignore[union-attr]
        elif isinstance(event, events.GameUpdate):
            updates += 1
            if updates == 15:
                leaving.set()

    lobby = Lobby(load_profile(home, name="Ann"), on_event, interfaces=[address], grace=30.0)
    lobby.play_settings.me_bot = "normal"
    lobby.play_settings.pace = 0.3
    lobby.play_settings.replace_gone = "normal"
    session = await lobby.host("momistigri", 3, port=0, announce=False)
    say("hosting", address=f"{address}:{session.mesh.port}")
    await leaving.wait()
    await session.leave()  # (the app's Leave: LobbyNetwork.leave_table)
    say("left")
    await asyncio.sleep(seconds)  # (the app stays open)
    await lobby.close()


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), sys.argv[2], float(sys.argv[3])))
