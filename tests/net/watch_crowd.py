"""Watchers in one process, for tests/net/test_watch_netns.py (each with an identity of its own).

    python tests/net/watch_crowd.py HOST:PORT calm N    # N watchers that only ping, politely
    python tests/net/watch_crowd.py HOST:PORT flood     # one watcher that floods the host with
                                                        # pings once the game's moves come

Prints one JSON line per happening: `admitted` (n), `refused` (reason), `flooding`, `closed`
(n, reason: the host's `bye`, or "" when it just hung up).
"""

import asyncio
import json
import sys
import time

from lanpurr.fair.identity import Identity
from net.limits import BODY
from net.watch.watch_link import PING, dial_as_watcher, read_watch_frame
from net.wire import framing
from net.wire.messages import Bye, Shown


def say(**fields: object) -> None:
    print(json.dumps(fields), flush=True)


async def one(host: str, port: int, n: int, flood: bool) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    try:
        await dial_as_watcher(reader, writer, Identity.generate(), f"Crowd {n}", None, None)
    except Exception as error:
        say(event="refused", n=n, reason=str(getattr(error, "reason", error)))
        return
    say(event="admitted", n=n)
    started = asyncio.Event()

    async def ping() -> None:
        while not started.is_set():
            writer.write(PING)
            await asyncio.sleep(1.5 if not flood else 0.5)
        say(event="flooding", n=n)
        while True:
            writer.write(PING)
            await writer.drain()  # (as fast as the host reads)

    pinger = asyncio.ensure_future(ping())
    reason = ""
    try:
        while True:
            frame = await read_watch_frame(reader)
            if isinstance(frame, Bye):
                reason = frame.reason
                break
            if isinstance(frame, Shown):
                message = framing.unpack(frame.d, BODY)
                if message.get("k") == "events" and flood:
                    started.set()
    except Exception:  # the host hung up
        pass
    pinger.cancel()
    say(event="closed", n=n, reason=reason, at=time.time())


async def main(address: str, mode: str, count: int) -> None:
    host, port = address.rsplit(":", 1)
    flood = mode == "flood"
    watching = []
    for n in range(count):  # one after another, as laptops come
        watching.append(asyncio.ensure_future(one(host, int(port), n, flood)))
        await asyncio.sleep(0.2)
    await asyncio.gather(*watching)


if __name__ == "__main__":
    mode = sys.argv[2]
    asyncio.run(main(sys.argv[1], mode, int(sys.argv[3]) if mode == "calm" else 1))
