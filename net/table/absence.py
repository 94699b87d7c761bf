"""Absent players: the countdown while a member's link is down, and what happens after it.

When a member's link drops (a `bye` is unsigned and counts as a drop; leaving is a signed
request), this laptop reports `PeerWaiting(name, seconds_left)` every second for the grace
period, `PeerBack` when they return, `PeerGone` if they do not: the game then counts their
laptop gone, and before the start the host frees their seat. A link that comes back within
QUIET_BEFORE_WAITING seconds (two peers dialed each other at once) is no absence: nothing is
reported. A member away since it said goodbye gives its seat to a newcomer at a full table.

The grace period is for silence (Wi-Fi lost, a lid closed). A laptop whose app is gone while
the laptop itself answers is waited for CLOSED_APP_GRACE seconds only (`Calls`): this laptop's
own calls to it are refused at once, at the address where its app answered before, and none of
its messages comes, directly or relayed. Each laptop judges by its own calls alone; anything
else it hears can only lengthen the wait, never shorten it. A laptop whose calls are answered
with a refusal for good (`banned`, its own word) is waited for as long, counted from the moment
the table moves after it, unless its messages come through the others.
"""

import asyncio
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from net.events import Event, PeerBack, PeerGone, PeerWaiting
from net.limits import CLOSED_APP_GRACE, QUIET_BEFORE_WAITING, REFUSED_LATELY, SETTLE
from net.wire.link import Link

log = logging.getLogger("lanpurr.net")


@dataclass
class Calls:
    """What this laptop's own calls to an absent member say (sans-I/O; monotonic seconds).

    Its app is gone while its laptop answers once, for CLOSED_APP_GRACE seconds, every call
    was refused at once (the latest lately), no call went unanswered, this laptop learnt of no
    new message of that member, and nobody says they hold messages of it that this laptop
    lacks. A refusal from a middlebox or a forged one ends nothing while the member's messages
    still come; a call that times out (silence) starts the run again."""

    lost: float
    """When its link dropped (or the count began)."""
    polite: bool = False
    """It said goodbye: the person closed it on purpose, the whole grace period applies."""
    refused_since: float | None = None
    """The first refusal of the present run of refused calls."""
    refused_last: float = -math.inf
    known: int | None = None
    """How many of its messages this laptop knows of (its own and others' echoes)."""
    news: float = -math.inf
    """When this laptop last learnt of a new message of it (after SETTLE)."""
    lacking: bool = False
    """Another member says it holds messages of it that this laptop lacks."""
    banned: bool = False
    """Its laptop refuses this one for good (`banned`): its link here never comes back, and
    it plays here only through the others."""
    moved: float | None = None
    """Since it refused this laptop, when the table first moved (a message of another member
    came, or the game waits for its software): had it been playing with the others, what it
    sent them would be on its way here."""

    def called(self, now: float, refused: bool) -> None:
        """A call to its address: refused at once, or unanswered (timed out, unreachable)."""
        if not refused:
            self.refused_since = None
        elif self.refused_since is None:
            self.refused_since = now
        if refused:
            self.refused_last = now

    def heard(self, now: float, held: int, known: int) -> None:
        """This laptop holds `held` of its messages; `known` exist, by anyone's echo."""
        if self.known is not None and known > self.known and now - self.lost >= SETTLE:
            self.news = now  # it sent something after it went: its app is not gone
        self.known = known if self.known is None else max(known, self.known)
        self.lacking = known > held

    def closed_until(self, now: float) -> float | None:
        """When its seat is no longer kept, as a closed app's (None: the grace period). A
        laptop that refuses this one is kept as long, counted from the moment the table moved
        after its refusal (an idle table says nothing of it)."""
        if self.lacking:
            return None
        if self.banned and self.moved is not None:
            return max(self.moved, self.news) + CLOSED_APP_GRACE
        if self.polite or self.refused_since is None:
            return None
        if now - self.refused_last > REFUSED_LATELY:
            return None
        return max(self.refused_since, self.news) + CLOSED_APP_GRACE


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
        self.apps_closed: set[bytes] = set()
        """Members counted gone because their laptop refused every call (their app closed),
        not for silence: they play on no other side of a split."""
        self.calls: dict[bytes, Calls] = {}
        """What this laptop's calls say of each member counted down."""
        self.owes: Callable[[bytes], bool] = lambda key: False
        """Whether the game waits for a message of a member's software (not a person's turn):
        a laptop that refuses this one and owes one is not idle."""
        self.heard_of: Callable[[bytes], tuple[int, int]] = lambda key: (0, 0)
        """How many of a member's messages this laptop holds, and how many exist by anyone's
        signed echo."""

    def back(self, link: Link, name: str) -> None:
        self._said_bye.discard(link.key)
        task = self.waiting.pop(link.key, None)
        if task is not None:
            task.cancel()
        self.calls.pop(link.key, None)
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
        self.calls.pop(key, None)
        self._said_bye.discard(key)
        if key in self._announced:
            self._announced.discard(key)
            self.emit(PeerBack(name))
            self.on_back(key)

    def away(self, link: Link, name: str) -> None:
        if link.peer_said_bye is not None:
            self._said_bye.add(link.key)
        if link.key not in self.waiting:
            quiet = 0.0 if link.timed_out else QUIET_BEFORE_WAITING
            self.count_down(link.key, name, quiet, polite=link.peer_said_bye is not None)

    def count_down(self, key: bytes, name: str, quiet: float, polite: bool = False) -> None:
        self.calls[key] = Calls(time.monotonic(), polite)
        self.waiting[key] = asyncio.create_task(self._count_down(key, name, quiet))

    def called(self, key: bytes, refused: bool) -> None:
        """This laptop called `key`'s laptop at the address where its app answered before:
        refused at once, or unanswered (net.wire.mesh)."""
        calls = self.calls.get(key)
        if calls is not None:
            calls.called(time.monotonic(), refused)

    def refused(self, key: bytes, name: str) -> None:
        """The laptop of `key` refuses this one for good: its link here is down for good, and
        unless its messages come through the others, its seat is kept only as a closed app's
        (a countdown starts if none runs)."""
        if key not in self.waiting:
            self.count_down(key, name, 0.0)
        self.calls[key].banned = True

    def moved(self, sender: bytes) -> None:
        """A message of `sender` came: the table moves (`Calls.moved`)."""
        now = time.monotonic()
        for key, calls in self.calls.items():
            if calls.banned and calls.moved is None and key != sender:
                calls.moved = now

    def stop(self, keys: list[bytes]) -> None:
        """No longer at the table: stop counting them down."""
        for key in keys:
            task = self.waiting.pop(key, None)
            if task is not None:
                task.cancel()
            self.calls.pop(key, None)

    def said_goodbye(self) -> bytes | None:
        """A member away since it said goodbye, if any (forgotten here)."""
        gone = [key for key in self._said_bye if key in self.waiting]
        if not gone:
            return None
        self._said_bye.discard(gone[0])
        self.stop(gone[:1])
        return gone[0]

    async def _count_down(self, key: bytes, name: str, quiet: float) -> None:
        calls = self.calls[key]
        deadline = calls.lost + self.grace
        # A link that comes back at once (both sides dialed, one link was closed) is no absence.
        await asyncio.sleep(min(quiet, self.grace))
        self._announced.add(key)
        self.on_away(key)
        closed = False
        while (left := self._ends(key, calls, deadline) - time.monotonic()) > 0:
            if closed != (calls.closed_until(time.monotonic()) is not None):
                closed = not closed
                self._say_closed(name, closed)
            self.emit(PeerWaiting(name, round(left)))
            await asyncio.sleep(min(1.0, left))
        if calls.closed_until(time.monotonic()) is not None:
            self.apps_closed.add(key)  # (its laptop refused every call: not out of reach)
        self.waiting.pop(key, None)
        self.calls.pop(key, None)
        self._announced.discard(key)
        self.emit(PeerGone(name))
        self.gone(key)

    def _ends(self, key: bytes, calls: Calls, deadline: float) -> float:
        """When `key`'s seat stops being kept: the grace period, or sooner for a closed app."""
        now = time.monotonic()
        calls.heard(now, *self.heard_of(key))
        if calls.banned and calls.moved is None and self.owes(key):
            calls.moved = now
        until = calls.closed_until(now)
        return deadline if until is None else min(deadline, until)

    def _say_closed(self, name: str, closed: bool) -> None:
        if closed:
            log.info(
                "%s's laptop refuses this laptop's calls: its app is closed; keeping the seat "
                "%.0f s for it to restart",
                name,
                min(CLOSED_APP_GRACE, self.grace),
            )
        else:
            log.info("%s's laptop may only be out of reach: keeping the seat for the grace "
                     "period", name)  # fmt: skip
