"""A headless peer for process tests: hosts or joins, then sends numbered messages.

Prints one JSON object per line: {"ready": port} once at the table, {"got": [sender, i,
replayed]} per message received, {"done": true} when it has sent its messages and received
everyone's. Runs until SIGTERM. Used by test_processes.py and bench/bench_net.py.
"""

import argparse
import asyncio
import json
import signal
import sys
from pathlib import Path
from typing import Any

from net import events
from net.home import load_profile
from net.lobby import Lobby
from net.table.session import TableSession
from net.table_state import PLAYING
from net.wire import framing


def say(**fields: Any) -> None:
    print(json.dumps(fields), flush=True)


async def main(args: argparse.Namespace) -> None:
    profile = load_profile(Path(args.home), args.name)
    got: dict[str, int] = {}
    stop = asyncio.Event()
    playing = asyncio.Event()

    def on_event(event: events.Event) -> None:
        numbered = isinstance(event, events.MessageReceived) and isinstance(event.data, str)
        if numbered and event.data.startswith("message "):
            sender = event.sender.hex()[:8]
            say(got=[sender, int(event.data.split()[1]), event.replayed])
            got[sender] = got.get(sender, 0) + 1
        elif isinstance(event, events.TableStateChanged) and event.state.phase == PLAYING:
            playing.set()

    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    lobby = Lobby(profile, on_event, bind="127.0.0.1", grace=args.grace)
    session: TableSession
    if args.host:
        game = "momistigri" if args.seats <= 5 else "purrfect"
        session = await lobby.host(game, args.seats, port=args.port, announce=False)
    else:
        session = await lobby.join(f"127.0.0.1:{args.join}", port=args.port)
        session.ready(True)
    say(ready=session.port, key=profile.identity.public_key.hex()[:8])
    if args.host:
        while not stop.is_set():
            state = session.state
            assert state is not None
            if state.phase == PLAYING:
                break
            if all(not s.free for s in state.seats) and len(state.ready) == args.seats - 1:
                session.start()
                break
            await asyncio.sleep(0.05)
    await playing.wait()
    me = profile.identity.public_key
    bodies = [
        framing.unpack(envelope.body, framing_limits())
        for envelope in session.mesh.signed.of(me)  # type: ignore[union-attr]
    ]
    # My numbered lines sent before a restart (chat lines "message N": during a game an app
    # message is a game message or a chat line).
    already = sum(b.get("k") == "app" and str(b.get("d")).startswith("message ") for b in bodies)
    for i in range(already, args.count):
        session.send(f"message {i}")
        if i % args.burst == args.burst - 1:
            await asyncio.sleep(args.pause)
    others = args.seats - 1
    while not stop.is_set():
        everything = len(got) == others and all(n >= args.count for n in got.values())
        if everything and await session.flush(0.5):
            break
        await asyncio.sleep(0.05)
    say(done=True)
    await stop.wait()
    await session.close("stopping")


def framing_limits() -> Any:
    from net.limits import BODY

    return BODY


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--home", required=True)
    parser.add_argument("--name", default="peer")
    parser.add_argument("--host", action="store_true")
    parser.add_argument("--join", type=int, help="the host's port on 127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--burst", type=int, default=50)
    parser.add_argument("--pause", type=float, default=0.01)
    parser.add_argument("--grace", type=float, default=60.0)
    asyncio.run(main(parser.parse_args()))
    sys.exit(0)
