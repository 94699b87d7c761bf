"""Browse for tables and print every change as a JSON line with a wall-clock time stamp.

Usage: python watch_tables.py INTERFACE_ADDRESS SECONDS [RECHECK]. For tests and bench_net.py.
RECHECK: seconds between two checks that each listed table still answers (default 30).
"""

import asyncio
import json
import sys
import time

from net.discovery.mdns import RECHECK, Browser, DiscoveryEvent, TableFound, TableLost, TableUpdated


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
            "key": event.listing.key.hex(),
            "service": event.listing.service,
            "table": event.listing.table,
        }
    elif isinstance(event, TableLost):
        line["service"] = event.service
    print(json.dumps(line), flush=True)


async def main(interface: str, seconds: float, recheck: float) -> None:
    browser = Browser(report, [interface], recheck)
    await browser.start()
    print(json.dumps({"event": "browsing", "at": time.time()}), flush=True)
    await asyncio.sleep(seconds)
    await browser.close()


if __name__ == "__main__":
    recheck = float(sys.argv[3]) if len(sys.argv) > 3 else RECHECK
    asyncio.run(main(sys.argv[1], float(sys.argv[2]), recheck))
