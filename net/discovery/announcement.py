"""The listing of the table this laptop hosts, kept true on the LAN (net.discovery.mdns).

A table is listed while a player may join it or watch its game: open, or a game under way.
When its game is over (or stopped), when it closes, or when this laptop leaves it, the listing
is withdrawn at once, with goodbye packets, so that other lobbies drop it within a second or
two instead of showing a table nobody can join; Play again announces it anew. The TXT record
follows the table at most once a second whatever the rate of changes (a member toggling
"ready" must not make the host flood the LAN with mDNS packets); a withdrawal never waits for
that second.

    (not listed) --announce--> LISTED --table changed--> LISTED (TXT updated, at most 1/s)
    LISTED --game over | stopped | closed | leaving--> WITHDRAWN --opened again--> LISTED
"""

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from typing import Protocol

from net.discovery import mdns as discovery
from net.events import Event, GameOver, GameStopped
from net.home import Profile
from net.table_state import OPEN, PLAYING, TableState

log = logging.getLogger("lanpurr.net")


class Hosting(Protocol):
    """What the listing needs of its table session."""

    me: bytes
    profile: Profile
    state: TableState | None
    closed: bool

    @property
    def port(self) -> int: ...


class Announcement:
    def __init__(self, session: Hosting) -> None:
        self.session = session
        self.announcer: discovery.Announcer | None = None
        """The table's listing while it is on the LAN."""
        self.announce_on: Sequence[str] | None = None
        self.wanted = False
        """This laptop lists the table: it hosts it with `announce`, or the table came to it."""
        self.leaving = False
        """This laptop is leaving the table: the listing goes first."""
        self.ended: int | None = None
        """The number of the game that is over (or stopped) here, if one is."""
        self._dirty = False
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def start(self, announce_on: Sequence[str] | None) -> None:
        """List the table now. `announce_on`: the addresses to advertise and to bind mDNS to;
        None means all of this machine's IPv4 addresses."""
        self.wanted, self.announce_on = True, announce_on
        self.follow()
        assert self._task is not None
        await self._task

    def follow(self) -> None:
        """The table changed: bring its listing in line, in the background."""
        if not self.wanted:
            return
        self._dirty = True
        if not self.listed():
            self._wake.set()  # (a withdrawal does not wait for the pause between updates)
        if self._task is None or self._task.done():
            self._task = asyncio.ensure_future(self._keep())

    def heard(self, event: Event) -> None:
        """An event of the session: a game over (or stopped) here takes the listing off."""
        state = self.session.state
        if isinstance(event, GameOver | GameStopped) and state is not None:
            self.ended = state.games
            self.follow()

    def leave(self) -> None:
        self.leaving = True
        self.follow()

    def listed(self) -> bool:
        """Whether the table should be on the LAN now."""
        session, state = self.session, self.session.state
        if not self.wanted or self.leaving or session.closed or state is None:
            return False
        if state.host != session.me or not state.listed:
            return False
        return state.phase == OPEN or (state.phase == PLAYING and state.games != self.ended)

    async def close(self) -> None:
        """The session closes: the listing goes (goodbye packets sent before this returns)."""
        self.leaving = True
        task = self._task
        if task is not None and not task.done():
            self.follow()
            await asyncio.wait({task})  # (its end, whatever it was: cancelled with the session's
            # background tasks, or failed)
        await self._withdraw()

    async def _keep(self) -> None:
        while self._dirty:
            self._dirty = False
            self._wake.clear()
            if not self.listed():
                await self._withdraw()
            elif self.announcer is None:
                await self._announce()
            else:
                try:
                    await self.announcer.update(self._txt())
                except Exception as error:  # (the table goes on; the next change tries again)
                    log.warning("could not update the table's listing: %s", error)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), 1.0)

    async def _announce(self) -> None:
        session = self.session
        assert session.state is not None
        if self.announce_on:
            addresses = list(self.announce_on)
        else:
            from zeroconf._utils.net import get_all_addresses

            addresses = [a for a in get_all_addresses() if not a.startswith("127.")]
        self.announcer = discovery.Announcer(
            f"{session.profile.name[:20]}-{session.state.table.hex()[:12]}",
            session.port,
            addresses,
            self.announce_on,
            session.profile.identity,
        )
        await self.announcer.announce(self._txt())

    async def _withdraw(self) -> None:
        announcer, self.announcer = self.announcer, None
        if announcer is not None:
            await announcer.withdraw()  # goodbye packets: lists drop the table at once

    def _txt(self) -> dict[str, str]:
        session, s = self.session, self.session.state
        assert s is not None
        return discovery.txt_record(
            s.game,
            s.options_digest,
            s.taken,
            len(s.seats),
            s.phase,
            session.profile.name,
            session.profile.identity.public_key,
            s.private,
            s.table,
        )
