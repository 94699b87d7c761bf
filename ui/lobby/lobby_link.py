"""The app's one way down to the network: every call posts onto the network loop.

The network layer's `Lobby` and the sessions it opens live on the network thread; this object
keeps them there (`_OnTheLoop`, touched only by functions that run on the loop) and hands the
app back values: an `Opened` when the lobby is up, a `Seated` (an `AtTable` snapshot and the
ticket that names its session in later calls) when a table is hosted or joined. Calls from the
UI thread go through the bridge (`run_coroutine_threadsafe`, `call_soon_threadsafe`); their
results come back on the UI thread.
"""

from __future__ import annotations

import concurrent.futures
import itertools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from net.table.commands import TableCommand
from ui.net_bridge import NetBridge

if TYPE_CHECKING:
    from net.events import GameStopped
    from net.home import IdentityDamaged
    from net.listing import Listing
    from net.lobby import AtTable, Lobby
    from net.table.session import TableSession


@dataclass(frozen=True)
class Opened:
    """The network layer is up: where this laptop keeps the journals of its tables, and why it
    cannot look for tables, if it cannot ("": it looks)."""

    journals: Path
    browse_failed: str = ""


@dataclass(frozen=True)
class Seated:
    """A table this laptop now sits at: what the app shows of it, and the session's ticket."""

    ticket: int
    at: AtTable


@dataclass(frozen=True)
class LobbySettings:
    """How this laptop opens its lobby."""

    name: str
    home: Path | None
    lobby_options: dict[str, Any]
    browse: bool


class _OnTheLoop:
    """What the network thread holds for the app: read and changed only on that thread."""

    def __init__(self) -> None:
        self.lobby: Lobby | None = None
        self.sessions: dict[int, TableSession] = {}
        self.play: dict[str, object] = {"hold_rounds": True}  # (a person reads the scores)
        """How this laptop plays its seats (`PlaySettings`' fields), kept for the lobby that
        opens after they are set."""


class LobbyLink:
    """Host, join, watch, play and leave: each call runs on the network loop."""

    def __init__(self, bridge: NetBridge) -> None:
        self.bridge = bridge
        self._loop_side = _OnTheLoop()
        self._tickets = itertools.count(1)
        self.up = False
        """The lobby is open (the app may host and join); set on the UI thread."""

    # -- the lobby -------------------------------------------------------------------------

    def open(
        self,
        settings: LobbySettings,
        opened: Callable[[Opened | IdentityDamaged], None],
        replace_damaged: bool = False,
    ) -> None:
        """Load this laptop's identity and open the lobby; `opened` says how it went."""

        def done(result: Opened | IdentityDamaged) -> None:
            self.up = isinstance(result, Opened)
            opened(result)

        self.bridge.submit(self._open(settings, replace_damaged), done, "open")

    async def _open(
        self, settings: LobbySettings, replace_damaged: bool
    ) -> Opened | IdentityDamaged:
        from net.home import IdentityDamaged, load_profile
        from net.lobby import Lobby

        try:
            profile = load_profile(
                settings.home, name=settings.name, replace_damaged=replace_damaged
            )
        except IdentityDamaged as damaged:
            return damaged
        lobby = Lobby(profile, self.bridge.publish, **settings.lobby_options)
        self._loop_side.lobby = lobby
        for setting, value in self._loop_side.play.items():
            setattr(lobby.play_settings, setting, value)
        if settings.browse:
            try:
                await lobby.browse()
            except OSError as error:
                # No discovery here (no multicast, no interface up), but joining and hosting by
                # address may still work: keep the lobby and say what is missing.
                return Opened(profile.journals, str(error) or type(error).__name__)
        return Opened(profile.journals)

    def set_pace(self, seconds: float) -> None:
        """The pace of the bots this laptop runs, in the games it plays from now on."""
        self.bridge.call_soon(self._set_play, "pace", seconds)

    def set_replace_gone(self, level: str | None) -> None:
        """At a table I host, the level of the bot that takes a dropped-out laptop's seats."""
        self.bridge.call_soon(self._set_play, "replace_gone", level)

    def _set_play(self, setting: str, value: object) -> None:
        self._loop_side.play[setting] = value
        if self._loop_side.lobby is not None:
            setattr(self._loop_side.lobby.play_settings, setting, value)

    def rename(self, home: Path | None, name: str) -> None:
        async def rename_profile() -> None:
            from net.home import load_profile

            profile = load_profile(home, name=name)
            if self._loop_side.lobby is not None:
                self._loop_side.lobby.profile = profile

        if self.bridge.running:
            self.bridge.submit(rename_profile(), None, "rename")

    def close(self) -> None:
        """Close the lobby (its table, its watch) and stop the network thread."""
        self.up = False
        self.bridge.stop(self._close())

    async def _close(self) -> None:
        lobby, self._loop_side.lobby = self._loop_side.lobby, None
        self._loop_side.sessions.clear()
        if lobby is not None:
            await lobby.close()

    # -- a table ---------------------------------------------------------------------------

    def host(
        self,
        game_id: str,
        seats: int,
        options: dict[str, str],
        private: bool,
        host_options: dict[str, Any],
        seated: Callable[[Seated], None],
    ) -> None:
        async def host(lobby: Lobby) -> TableSession:
            return await lobby.host(
                game_id, seats, options=options, private=private, **host_options
            )

        self._sit(host, seated, "host")

    def resume_host(
        self, table_id: bytes, announce: bool, seated: Callable[[Seated], None]
    ) -> None:
        """Host again the table `table_id` this laptop hosted before it stopped."""

        async def resume(lobby: Lobby) -> TableSession:
            return await lobby.resume_host(table_id, announce)

        self._sit(resume, seated, "host")

    def join(
        self,
        address: str,
        code: str,
        listing: Listing | None,
        seated: Callable[[Seated], None],
    ) -> concurrent.futures.Future[Any]:
        """Join the table at `address`, or the listed one at every address it advertises."""

        async def join(lobby: Lobby) -> TableSession:
            if listing is not None:
                return await lobby.join_listing(listing, code or None)
            return await lobby.join(address, code or None)

        return self._sit(join, seated, "join")

    def _sit(
        self,
        opening: Callable[[Lobby], Awaitable[TableSession]],
        seated: Callable[[Seated], None],
        describe: str,
    ) -> concurrent.futures.Future[Any]:
        async def sit() -> Seated:
            lobby = self._lobby()
            session = await opening(lobby)
            ticket = next(self._tickets)
            self._loop_side.sessions[ticket] = session
            return Seated(ticket, lobby.at_table(session))

        return self.bridge.submit(sit(), seated, describe)

    def _lobby(self) -> Lobby:
        lobby = self._loop_side.lobby
        if lobby is None:
            raise ConnectionError("the network is closed")
        return lobby

    def command(self, ticket: int, command: TableCommand) -> None:
        """Ask the table for `command` (net/table/commands.py); a refusal comes back as an
        event, a failure through the bridge's `command_failed` ("table")."""

        async def request() -> None:
            session = self._loop_side.sessions.get(ticket)
            if session is not None:
                session.command(command)

        self.bridge.submit(request(), None, "table")

    def act(self, ticket: int, action: Any) -> None:
        """My seat's move in the game."""
        self.bridge.call_soon(self._on_session, ticket, lambda session: session.act(action))

    def next_round(self, ticket: int) -> None:
        """My seat is ready for the next round (its player closed the scores)."""
        self.bridge.call_soon(self._on_session, ticket, lambda session: session.next_round())

    def say(self, ticket: int, data: object) -> None:
        """A chat line or an emote to everyone at the table."""

        async def send() -> None:
            self._on_session(ticket, lambda session: session.send(data))

        self.bridge.submit(send(), None, "chat")

    def _on_session(self, ticket: int, do: Callable[[TableSession], object]) -> None:
        session = self._loop_side.sessions.get(ticket)
        if session is not None:
            do(session)

    def leave(self, ticket: int) -> None:
        """Leave the table of `ticket` (it says goodbye to the others)."""

        async def leave() -> None:
            session = self._loop_side.sessions.pop(ticket, None)
            if session is not None:
                await session.leave()

        self.bridge.submit(leave(), None, "leave")

    # -- watching --------------------------------------------------------------------------

    def watch(
        self,
        address: str,
        code: str,
        listing: Listing | None,
        watching: Callable[[object], None],
    ) -> None:
        """Watch the table at `address`, or the listed one at every address it advertises."""

        async def watch() -> None:
            lobby = self._lobby()
            if listing is not None:
                await lobby.watch_listing(listing, code or None)
            else:
                await lobby.watch(address, code or None)

        self.bridge.submit(watch(), watching, "watch")

    def watch_elsewhere(
        self,
        stopped: GameStopped,
        table_id: bytes,
        code: str,
        watching: Callable[[object], None],
    ) -> concurrent.futures.Future[Any]:
        """Cut from the table: watch its game where it goes on, once the network heals."""

        async def watch() -> None:
            await self._lobby().watch_elsewhere(stopped, table_id, code or None)

        return self.bridge.submit(watch(), watching, "watch")

    def unwatch(self) -> None:
        async def unwatch() -> None:
            lobby = self._loop_side.lobby
            if lobby is not None and lobby.watching is not None:
                await lobby.watching.close()

        self.bridge.submit(unwatch(), None, "unwatch")
