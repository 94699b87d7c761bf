"""Going back to a table after the app stopped: the lobby's offer to resume the table this
laptop hosts, and which found tables this laptop still holds a seat at (their rows say Rejoin).

What the journals say is read on the network thread (`look_for_my_seats`); the widgets only
show what they are told.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from ui import theme
from ui.catalogue import game_name
from ui.lobby.listing import TableListing

if TYPE_CHECKING:
    from net.lobby import MySeat
    from ui.lobby.network_client import LobbyNetwork


@dataclass(frozen=True)
class HostedTable:
    """A table this laptop hosted whose game was under way when the app stopped."""

    table_id: bytes
    game_id: str


@dataclass(frozen=True)
class Seats:
    """What the journals say about the tables this laptop may go back to."""

    hosted: HostedTable | None
    """The latest table this laptop hosts with a game in progress, if any."""
    sitting_at: frozenset[str]
    """The ids (hex) of every table this laptop still holds a seat at."""


GAMES_OVER = "games-over.json"
"""In the laptop's home: the last game seen to its end at each table it hosts ({id: number});
such a table, killed before its host left it, has nothing left to resume."""


def read_seats(seats: list[MySeat], over: dict[str, int]) -> Seats:
    """`seats`: net.lobby.my_seats(profile), the latest first; `over`: the games over."""
    hosted = next(
        (HostedTable(s.record.table, s.state.game) for s in seats
         if s.hosted and s.state.phase == "playing"
         and over.get(s.record.table.hex()) != s.state.games),
        None,
    )  # fmt: skip
    return Seats(hosted, frozenset(s.record.table.hex() for s in seats))


def games_over(home: Path) -> dict[str, int]:
    try:
        read = json.loads((home / GAMES_OVER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(read, dict):
        return {}
    return {key: number for key, number in read.items() if isinstance(number, int)}


def look_for_my_seats(client: LobbyNetwork, found: Callable[[Seats], None]) -> None:
    """Read this laptop's journals on the network thread; `found(Seats)` on the UI thread."""

    async def read() -> Seats:
        from net.home import load_profile
        from net.lobby import my_seats

        profile = load_profile(client.home)
        return read_seats(my_seats(profile), games_over(profile.home))

    client.bridge.submit(read(), found, "seats")


def note_game_over(client: LobbyNetwork, table_id: bytes, number: int) -> None:
    """The game `number` at the table `table_id` I host ended: never offer to resume it."""

    async def write() -> None:
        from net.home import load_profile

        home = load_profile(client.home).home
        over = games_over(home)
        over[table_id.hex()] = number
        (home / GAMES_OVER).write_text(json.dumps(over), encoding="utf-8")

    client.bridge.submit(write(), None, "seats")


class ResumeOffer(QFrame):
    """ "Your Momistigri table is waiting for you": Resume it, or Not now.

    When the table is found on the network hosted by another laptop, the others went on
    without this one (the next laptop of the game's line took it over, and a bot took this
    laptop's seat): the offer then says so and leads to the live game instead, to watch it
    (or to rejoin the table there once its game ended), never to a copy of the old game."""

    resume_requested = Signal(bytes)
    """The table's id."""
    dismissed = Signal(bytes)
    """Not now: the table's id, not offered again while the app runs."""
    watch_requested = Signal(object)
    """Watch the game where it went on: the TableListing of the laptop hosting it now."""
    join_requested = Signal(object)
    """Rejoin the table where it went on, its game over: that TableListing."""
    away_changed = Signal(object)
    """The ids (hex) of the tables whose game went on without this laptop (frozenset)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        t = theme.current()
        self.setObjectName("ResumeOffer")
        self.setStyleSheet(
            f"#ResumeOffer {{ background: {t.palette.cream}; border: {t.px(2)}px solid "
            f"{t.palette.accent_dark}; border-radius: {t.px(10)}px; }}"
        )
        self.table: HostedTable | None = None
        self.listings: list[TableListing] = []
        """The tables found on the network."""
        self.elsewhere: TableListing | None = None
        """The offered table, hosted now by another laptop (the game went on without me)."""
        self.text = QLabel("")
        self.text.setFont(t.font(theme.FontRole.HEADING))
        self.text.setStyleSheet(f"color: {t.palette.ink};")
        self.text.setWordWrap(True)
        self.resume_button = QPushButton(self.tr("Resume"))
        self.resume_button.setProperty("accent", True)
        self.resume_button.setFont(t.font(theme.FontRole.HEADING))
        self.later_button = QPushButton(self.tr("Not now"))
        self.later_button.setToolTip(
            self.tr("Hide this offer; the others play on without you after a while")
        )
        self.resume_button.clicked.connect(self._resume)
        self.later_button.clicked.connect(self._later)
        row = QHBoxLayout(self)
        row.setContentsMargins(t.px(14), t.px(8), t.px(10), t.px(8))
        row.setSpacing(t.px(10))
        row.addWidget(self.text, 1)
        row.addWidget(self.resume_button, 0, Qt.AlignmentFlag.AlignVCenter)
        row.addWidget(self.later_button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.hide()

    def offer(self, table: HostedTable | None) -> None:
        """Show the offer for `table` (None: nothing to offer, hidden)."""
        self.table = table
        self._show()

    def see(self, listings: list[TableListing]) -> None:
        """The tables found on the network now."""
        self.listings = listings
        self._show()

    def _show(self) -> None:
        table = self.table
        before = self.elsewhere
        self.elsewhere = None
        if table is not None:
            self.elsewhere = next(
                (found for found in self.listings if found.table_id == table.table_id.hex()),
                None,
            )
        away = self.elsewhere
        if away != before:
            ids = [away.table_id] if away is not None and away.playing else []
            self.away_changed.emit(frozenset(ids))
        if table is None:
            self.hide()
            return
        game = game_name(table.game_id)
        if away is None:
            self.text.setText(self.tr("Your %1 table is waiting for you.").replace("%1", game))
            self.resume_button.setText(self.tr("Resume"))
            self.resume_button.setToolTip(
                self.tr("Host the table again where it stopped: the players see you are back")
            )
        elif away.playing:
            self.text.setText(
                self.tr(
                    "While you were away, %1's laptop took your %2 table over and a bot plays "
                    "your seat: you can watch the rest of the game there."
                )
                .replace("%1", away.host_name)
                .replace("%2", game)
            )
            self.resume_button.setText(self.tr("Watch"))
            self.resume_button.setToolTip(
                self.tr("Follow the game at %1's laptop, without a seat").replace(
                    "%1", away.host_name
                )
            )
        else:
            self.text.setText(
                self.tr(
                    "While you were away, %1's laptop took your %2 table over and its game "
                    "ended: you can rejoin the table there."
                )
                .replace("%1", away.host_name)
                .replace("%2", game)
            )
            self.resume_button.setText(self.tr("Rejoin"))
            self.resume_button.setToolTip(
                self.tr("Go back to your seat at the table, at %1's laptop").replace(
                    "%1", away.host_name
                )
            )
        self.show()

    def _resume(self) -> None:
        table, away = self.table, self.elsewhere
        if table is None:
            return
        self.hide()
        if away is None:
            self.resume_requested.emit(table.table_id)
        elif away.playing:
            self.watch_requested.emit(away)
        else:
            self.join_requested.emit(away)

    def _later(self) -> None:
        self.hide()
        if self.table is not None:
            self.dismissed.emit(self.table.table_id)
