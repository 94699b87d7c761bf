"""Absent players: the countdown while a member's link is down, and what happens after it.

When a member's link drops (a `bye` is unsigned and counts as a drop; leaving is a signed
request), this laptop reports `PeerWaiting(name, seconds_left)` every second for the grace
period, `PeerBack` when they return, `PeerGone` if they do not: the game then counts their
laptop gone, and before the start the host frees their seat. A link that comes back within
QUIET_BEFORE_WAITING seconds (two peers dialed each other at once) is no absence: nothing is
reported. A member away since it said goodbye gives its seat to a newcomer at a full table.
"""

import asyncio
import time
from collections.abc import Callable

from net.events import Event, PeerBack, PeerGone, PeerWaiting
from net.limits import QUIET_BEFORE_WAITING
from net.link import Link


class Absences:
    def __init__(
        self,
        grace: float,
        emit: Callable[[Event], None],
        gone: Callable[[bytes], None],
    ) -> None:
        """`gone(key)`: the member did not come back within the grace period."""
        self.grace = grace
        self.emit = emit
        self.gone = gone
        self.on_away: Callable[[bytes], None] = lambda key: None
        """Told when a member's absence is announced (its link has been down a while)."""
        self.on_back: Callable[[bytes], None] = lambda key: None
        """Told when a member whose absence was announced is back."""
        self.waiting: dict[bytes, asyncio.Task[None]] = {}
        """Members counted down, each with its countdown."""
        self._announced: set[bytes] = set()
        """Members whose absence was announced (PeerWaiting), so their return is too."""
        self._said_bye: set[bytes] = set()
        """Members away since they said goodbye."""

    def back(self, link: Link, name: str) -> None:
        self._said_bye.discard(link.key)
        task = self.waiting.pop(link.key, None)
        if task is not None:
            task.cancel()
        if link.key in self._announced:
            self._announced.discard(link.key)
            self.emit(PeerBack(name))
            self.on_back(link.key)

    def relayed(self, key: bytes, name: str) -> None:
        """A message of the member `key` came through another member: it is not gone, whatever
        its own link does (its countdown stops; the table's timeout still watches what the
        game waits for from it)."""
        task = self.waiting.pop(key, None)
        if task is None:
            return
        task.cancel()
        self._said_bye.discard(key)
        if key in self._announced:
            self._announced.discard(key)
            self.emit(PeerBack(name))
            self.on_back(key)

    def away(self, link: Link, name: str) -> None:
        if link.peer_said_bye is not None:
            self._said_bye.add(link.key)
        if link.key not in self.waiting:
            self.count_down(link.key, name, 0.0 if link.timed_out else QUIET_BEFORE_WAITING)

    def count_down(self, key: bytes, name: str, quiet: float) -> None:
        self.waiting[key] = asyncio.create_task(self._count_down(key, name, quiet))

    def stop(self, keys: list[bytes]) -> None:
        """No longer at the table: stop counting them down."""
        for key in keys:
            task = self.waiting.pop(key, None)
            if task is not None:
                task.cancel()

    def said_goodbye(self) -> bytes | None:
        """A member away since it said goodbye, if any (forgotten here)."""
        gone = [key for key in self._said_bye if key in self.waiting]
        if not gone:
            return None
        self._said_bye.discard(gone[0])
        self.stop(gone[:1])
        return gone[0]

    async def _count_down(self, key: bytes, name: str, quiet: float) -> None:
        deadline = time.monotonic() + self.grace
        # A link that comes back at once (both sides dialed, one link was closed) is no absence.
        await asyncio.sleep(min(quiet, self.grace))
        self._announced.add(key)
        self.on_away(key)
        while (left := deadline - time.monotonic()) > 0:
            self.emit(PeerWaiting(name, round(left)))
            await asyncio.sleep(min(1.0, left))
        self.waiting.pop(key, None)
        self._announced.discard(key)
        self.emit(PeerGone(name))
        self.gone(key)
