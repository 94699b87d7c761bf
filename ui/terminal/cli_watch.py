"""`lanpurr join ADDRESS --watch`: watch a table from a terminal, without a seat.

It prints the table as a player without a hand sees it (`--json`: the same `game_started`,
`update`, `round_checked`, `game_over` lines as a player, and `watching`, `watched_table`,
`watchers`, `watch_following`, `watch_ended`), and exits 0 at the game's end, 3 when the table
refuses (a private table without its code, or one that already has its watchers), 5 when the
feed stops first. When the host's laptop goes in the middle of the game, it follows the game
to the laptop that takes the table over (net/watch/watching.py).
"""

import argparse
import asyncio
import contextlib
import signal
import struct
import sys
from typing import IO, Any

from net import events
from net.home import Profile
from net.lobby import AddressError, Lobby
from net.text import clean
from net.watch_events import WatchEnded
from net.wire.handshake import HandshakeError, Refused
from ui.terminal.printer import Printer
from ui.terminal.speech import tr
from ui.terminal.terminal_words import sentence


async def watch_table(profile: Profile, args: argparse.Namespace) -> int:
    printer = Printer(args.json, profile.identity.public_key)
    printer.watching = True
    printer.log_file = getattr(args, "log_file", "")
    done = asyncio.Event()
    outcome: dict[str, Any] = {"code": 0, "reason": ""}

    def on_event(event: events.Event) -> None:
        if isinstance(event, events.JoinRefused) or done.is_set():
            return
        printer.event(event)
        if isinstance(event, events.GameOver):
            done.set()
        elif isinstance(event, WatchEnded | events.GameStopped):
            said = event.reason if isinstance(event, events.GameStopped) else str(event)
            if isinstance(event, WatchEnded):
                said = tr("watch.ended", reason=event.reason)
            outcome.update(code=5, reason=said)
            done.set()

    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, done.set)
    record: IO[bytes] | None = open(args.record, "wb") if args.record else None  # noqa: SIM115
    lobby = Lobby(profile, on_event, interfaces=args.interface)
    try:
        try:
            await lobby.watch(args.address, code=args.code, record=_writer(record))
        except AddressError as error:
            print(f"lanpurr: {sentence(str(error))}", file=sys.stderr)
            return 2
        except Refused as refused:
            print("lanpurr: " + tr("join.refused", reason=sentence(clean(refused.reason))),
                  file=sys.stderr)  # fmt: skip
            return 3
        except (OSError, TimeoutError, EOFError, HandshakeError) as error:
            said = tr("watch.could_not", error=str(error) or tr("no_answer"))
            print(f"lanpurr: {said}", file=sys.stderr)
            return 3
        await done.wait()
        await lobby.close()
    finally:
        if record is not None:
            record.close()
    if outcome["code"]:
        print(f"lanpurr: {sentence(clean(outcome['reason'], 500))}", file=sys.stderr)
    return int(outcome["code"])


def _writer(record: IO[bytes] | None) -> Any:
    if record is None:
        return None

    def write(data: bytes) -> None:
        record.write(struct.pack(">I", len(data)) + data)
        record.flush()

    return write
