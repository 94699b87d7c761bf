"""Open a phone's page from another laptop, as a phone would: print the page's size and the
feed's first messages as one JSON line. Usage: python fetch_page.py URL MESSAGES."""

import asyncio
import json
import sys
import urllib.request

from websockets.asyncio.client import connect


async def main(url: str, count: int) -> None:
    page = await asyncio.to_thread(lambda: urllib.request.urlopen(url, timeout=10).read())
    feed = url.replace("http://", "ws://").rstrip("/") + "/feed"
    async with connect(feed) as phone:
        got = [json.loads(await asyncio.wait_for(phone.recv(), 10)) for _ in range(count)]
    print(json.dumps({"page": len(page), "script": b"/phone.js" in page, "feed": got}))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
