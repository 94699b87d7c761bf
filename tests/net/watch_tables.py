"""Browse for tables and print every change as a JSON line with a wall-clock time stamp.

Usage: python watch_tables.py INTERFACE_ADDRESS SECONDS. For tests and bench_net_discovery.py.
"""

import asyncio
import json
import sys
import time

from net.discovery import Browser, DiscoveryEvent, TableFound, TableLost, TableUpdated


def report(event: DiscoveryEvent) -> None:
    line: dict[str, object] = {"event": type(event).__name__, "at": time.time()}
    if isinstance(event, TableFound | TableUpdated):
        line |= {
            "game": event.listing.game,
            "taken": event.listing.taken,
            "seats": event.listing.seats,
            "state": event.listing.state,
            "host": event.listing.host,
            "fingerprint": event.listing.fingerprint,
            "address": event.listing.address,
            "version": event.listing.version,
            "private": event.listing.private,
        }
    elif isinstance(event, TableLost):
        line["service"] = event.service
    print(json.dumps(line), flush=True)


async def main(interface: str, seconds: float) -> None:
    browser = Browser(report, [interface])
    await browser.start()
    print(json.dumps({"event": "browsing", "at": time.time()}), flush=True)
    await asyncio.sleep(seconds)
    await browser.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2])))
