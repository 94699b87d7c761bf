"""This laptop's public feed of its table, as the phone's page reads it.

The phones are fed exactly what a watcher is fed, from this laptop's own session: a `FeedBook`
(net/watch/watch_feed.py) turns the session's events into the watchers' feed messages, and a
`WatchReplica` folds them from the game's first state through the game's own `absorb` and
shows `view(state, WATCHER)`. So the page sees what a laptop watching the table sees, never
more: the public events of this laptop's seat updates, and nothing addressed to its seat. It
follows the game through drop-outs and takeovers as long as this laptop is at the table, since
every laptop's session goes on with the game.

The page's messages are JSON maps `{"k": kind, ...}` (docs/protocol.md §13): `table`,
`watchers`, `start`, `view` (a snapshot and the moves that led to it), `progress`, `checked`,
`replaced`, `over`, `stopped`, `laptops` (where the page may go on watching, net/phone/laptops.py)
and `beat`. A bot's seat is told as a bot (`bots`), never in words: the page words it in the
phone's language.
"""

import dataclasses
import logging
from collections.abc import Callable
from typing import Any

from net import events
from net.phone.moves import MoveEntries
from net.phone.snapshot import snapshot
from net.table_state import TableState
from net.watch.watch_feed import FeedBook, WatchReplica, table_message
from net.watch_events import WatchedTable, WatchersChanged

log = logging.getLogger("lanpurr.net")

Page = dict[str, Any]
RECENT = 40
"""Moves a phone that arrives in the middle of a game is shown at once."""


class PhoneFeed:
    """The page's messages, as this laptop's table goes; `send` is told each new one."""

    def __init__(self, send: Callable[[Page], None], book: FeedBook | None = None) -> None:
        self.send = send
        self.book = FeedBook()
        self.replica = WatchReplica()
        self.table: Page | None = None
        self.watchers: Page = {"k": "watchers", "names": [], "phones": 0}
        self.start: Page | None = None
        self.view: Page | None = None
        self.recent: list[dict[str, Any]] = []
        self.entries = MoveEntries()
        self.notes: list[Page] = []
        self.progress: Page | None = None
        self.laptops: Page = {"k": "laptops", "at": []}
        self.state: TableState | None = None
        """The table as this laptop last saw it: which seats bots play."""
        self.bots: list[list[str] | None] = []
        """Each seat of the game: [the laptop whose bot plays it, the bot's level ("" when not
        known)], or None for a person's seat."""
        if book is not None:
            self._take_up(book)

    # -- in: the session's events ---------------------------------------------------------

    def heard(self, event: object, state: TableState | None) -> None:
        """One event of this laptop's session (a listener of `TableSession`)."""
        if state is not None:
            self.state = state
        if isinstance(event, WatchersChanged):
            self.watchers = {**self.watchers, "names": list(event.names)}
            self.send(self.watchers)
            return
        try:
            for message in self.book.feed(event, state):
                for said in self.replica.read(message):  # (the book makes no `line`)
                    self._page(said)
        except (ValueError, KeyError, TypeError) as error:
            log.warning("the phones' feed stopped following the game: %s", error)

    def resumed(self, book: FeedBook) -> None:
        """This laptop took its game up again after a restart: the feed as its watch desk
        rebuilt it from what it kept (net/watch/watch_keep.py)."""
        self._take_up(book)
        for message in self.catch_up():
            self.send(message)

    def go_on_at(self, laptops: list[str]) -> None:
        """The other laptops the page may go on watching at (net/phone/laptops.py)."""
        if laptops != self.laptops["at"]:
            self.laptops = {"k": "laptops", "at": list(laptops)}
            self.send(self.laptops)

    def phones(self, count: int) -> None:
        self.watchers = {**self.watchers, "phones": count}
        self.send(self.watchers)

    def _take_up(self, book: FeedBook) -> None:
        self.book = dataclasses.replace(
            book, keep=None, played=list(book.played), after=list(book.after)
        )
        self.replica = WatchReplica()
        self.start, self.view, self.recent, self.notes = None, None, [], []
        for message in self.book.catch_up([]):
            if message["k"] == "line":
                continue  # (the line is for a watcher that follows the game elsewhere)
            for said in self.replica.read(message):
                self._page(said, quiet=True)

    def see_table(self, state: TableState) -> None:
        self.state = state
        self.book.table = table_message(state)
        for said in self.replica.read(self.book.table):
            self._page(said)

    # -- out: the page's messages ---------------------------------------------------------

    def _page(self, said: object, quiet: bool = False) -> None:
        message = self._message(said)
        if message is not None and not quiet:
            self.send(message)

    def _message(self, said: object) -> Page | None:
        replica = self.replica
        if isinstance(said, WatchedTable):
            self.table = {
                "k": "table",
                "game": said.game,
                "seats": list(said.seats),
                "phase": said.phase,
                "host": said.host,
            }
            state = self.state
            if state is not None and len(state.seats) == len(said.seats):
                # A bot's seat as a level the page words, not the watchers' "bot (normal)".
                levels = [s.bot if s.player is None and s.bot else None for s in state.seats]
                seats = [None if b else name for name, b in zip(said.seats, levels, strict=True)]
                self.table.update(id=state.table.hex(), seats=seats, bots=levels)
            return self.table
        if isinstance(said, events.GameStarted):
            self.bots = self._bots_at_start(len(said.names))
            self.start = {
                "k": "start",
                "game": said.game,
                "names": list(said.names),
                "bots": self.bots,
            }
            self.view = self._view([])
            self.recent, self.notes, self.progress = [], [], None
            self.entries = MoveEntries()
            return {**self.start, "view": self.view}
        if isinstance(said, events.GameUpdate):
            moves = [m for s in said.update.steps if (m := self.entries(s.event)) is not None]
            self.recent = (self.recent + moves)[-RECENT:]
            self.view = self._view(moves)
            return self.view
        if isinstance(said, events.GameProgress):
            self.progress = {"k": "progress", "step": said.step, "seat": said.seat}
            return self.progress
        note: Page | None = None
        if isinstance(said, events.RoundChecked):
            note = {
                "k": "checked",
                "round": said.number,
                "fair": said.fair,
                "scores": list(said.scores),
                "last": said.last,
            }
        elif isinstance(said, events.SeatReplaced):
            bots = list(self.bots) + [None] * (len(replica.names) - len(self.bots))
            for seat in said.seats:
                if 0 <= seat < len(bots):
                    bots[seat] = [said.host, ""]
            self.bots = bots
            names = list(replica.names)
            self.start = {**self.start, "names": names, "bots": bots} if self.start else None
            note = {"k": "replaced", "seats": list(said.seats), "names": names, "bots": bots}
        elif isinstance(said, events.GameOver):
            note = {"k": "over", "scores": list(said.scores)}
        elif isinstance(said, events.GameStopped):
            note = {"k": "stopped", "reason": said.reason}
        if note is not None:
            self.notes = [*self.notes, note][-8:]
        return note

    def _bots_at_start(self, seats: int) -> list[list[str] | None]:
        """Which seats of a game that starts bots play, as this laptop's table says."""
        state = self.state
        if state is None or len(state.seats) != seats:
            return [None] * seats
        return [
            None
            if seat.player is not None
            else [state.name_of(seat.runner) if seat.runner else "?", seat.bot or ""]
            for seat in state.seats
        ]

    def _view(self, moves: list[dict[str, Any]]) -> Page:
        replica = self.replica
        return {"k": "view", "snap": snapshot(replica.game, replica.view()), "moves": moves}

    def catch_up(self) -> list[Page]:
        """Everything a phone that just opened the page needs, in order."""
        out: list[Page] = []
        if self.table is not None:
            out.append(self.table)
        out.append(self.watchers)
        out.append(self.laptops)
        if self.start is not None and self.view is not None:
            out.append({**self.start, "view": {**self.view, "moves": []}})
            out.append({"k": "recent", "moves": list(self.recent)})
            out.extend(self.notes)
            if self.progress is not None:
                out.append(self.progress)
        return out
