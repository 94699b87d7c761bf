"""The lobby's side of watching: Watch on a listed table, the watcher's table, who watches.

Part of `LobbyNetwork` (ui/lobby/network_client.py): it listens to the watch events itself, and
at each game's table to the game's stop and progress (`FollowedTable`); the watcher's table is
shown through the network's usual `game_started` signal.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QCoreApplication, QObject, Signal, SignalInstance
from PySide6.QtWidgets import QMessageBox, QWidget

from net.events import GameProgress, GameStarted, GameStopped
from net.watch_events import (
    WatchedTable,
    WatchEnded,
    WatcherCutOff,
    WatchersChanged,
    WatchFollowing,
    Watching,
)
from ui.event_listener import shows
from ui.lobby.listing import TableListing
from ui.said import sentence

if TYPE_CHECKING:
    from net.lobby import AtTable
    from ui.lobby.join_progress import JoinAttempt
    from ui.lobby.lobby_link import LobbyLink
    from ui.net_bridge import NetBridge
    from ui.tables.network_table import NetworkTable, NetworkTableScreen


class LobbySide(Protocol):
    """What the watch client uses of the lobby's network client (ui/lobby/network_client.py),
    which it is part of."""

    window: QWidget
    bridge: NetBridge
    link: LobbyLink
    seat: AtTable | None
    joined: JoinAttempt | None
    game_source: NetworkTable | None

    @property
    def notice(self) -> SignalInstance: ...

    @property
    def table_news(self) -> SignalInstance: ...

    @property
    def game_started(self) -> SignalInstance: ...

    def leave_table(self) -> None: ...

    def follow_game(self, screen: NetworkTableScreen) -> None: ...


class WatchClient(QObject):
    watchers_changed = Signal(object)
    """Who watches my table (or the table I watch) now: a tuple of names."""

    def __init__(self, network: LobbySide, parent: QObject | None = None) -> None:
        """`network`: the `LobbyNetwork` this is part of (its link, bridge, signals)."""
        super().__init__(parent)
        self.network = network
        self.watching = False
        """This laptop watches a table (it holds no seat)."""
        self.names: tuple[str, ...] = ()
        self.moved_to: str | None = None
        """While following a game whose host went: None until the laptop that took it over
        admits this one, then its player's name (said on the game's new table)."""
        self.given_away = False
        """This laptop watches a game that went on without it (its seat given to a bot)."""
        self.healed = False
        """This laptop watches a game it was cut from (a split network that healed)."""
        self.came_from = ""
        """The player whose laptop this one watched before the game moved (or came back)."""
        self._moved: Callable[[], None] | None = None
        """Says again, once, that the game moved to another laptop (see `progress_shown`)."""
        self.box: QMessageBox | None = None
        self._elsewhere: concurrent.futures.Future[Any] | None = None
        """Calling the laptops a game this laptop was cut from may go on at."""
        self._line: Callable[[tuple[str, ...]], None] | None = None
        """Updates the line of who watches on the table on show."""
        self.followed: FollowedTable | None = None
        """What this listens to at the game's table on show."""
        network.bridge.command_error.connect(self._failed)
        network.bridge.listen(self)

    # -- commands ------------------------------------------------------------------------

    def watch_listed(self, table: TableListing, code: str = "") -> bool:
        """Watch a table from the list (full or not, its game under way or not)."""
        if not self.network.link.up:
            return False
        self.stop()
        self.network.leave_table()
        self.names = ()
        self.network.link.watch(table.address, code, table.source, self._watching)
        return True

    def watch_address(self, address: str, code: str = "") -> bool:
        """Watch the table at `address` (host:port), as Join by address does for a seat."""
        if not self.network.link.up:
            return False
        self.stop()
        self.network.leave_table()
        self.names = ()
        self.network.link.watch(address, code, None, self._watching)
        return True

    @shows(GameStopped)
    def _game_stopped(self, stopped: GameStopped) -> None:
        # (first of all: a table left for this, its game's table hears nothing of it)
        self.watch_instead(stopped, self.network.joined)

    def watch_instead(self, stopped: GameStopped, joined: JoinAttempt | None) -> bool:
        """Back at a table after the others gave this laptop's seat to a bot and went on (the
        game stopped here for that): watch its game instead, saying why. False: another stop."""
        from net.game.takeover import GIVEN_AWAY

        if stopped.reason != GIVEN_AWAY or joined is None or self.watching:
            return False
        if joined.listing is not None:
            self.watch_listed(joined.listing, joined.code)
        else:
            self.watch_address(joined.address, joined.code)
        self.moved_to = ""  # (its table, when it comes, says why I watch it)
        self.given_away = True
        self.network.notice.emit(given_away_words)
        return True

    def watch_where_it_goes_on(self, stopped: GameStopped) -> None:
        """Cut from the table (a split network): once the network heals, watch its game at the
        laptop that went on with it, and say so on the stopped table meanwhile."""
        seat, link = self.network.seat, self.network.link
        if not stopped.elsewhere or not link.up or seat is None or seat.state is None:
            return
        table_id = seat.state.table
        code = self.network.joined.code if self.network.joined is not None else ""
        self.network.leave_table()  # (its game stopped here: nothing to play in it any more)
        self._elsewhere = link.watch_elsewhere(stopped, table_id, code, self._watching)
        self.moved_to = ""  # (its table, when it comes, says where I watch it)
        self.healed = True
        self.network.table_news.emit(
            lambda: QCoreApplication.translate(
                "WatchClient",
                "This laptop will show the game where it goes on once the network lets it "
                "reach the others again.",
            )
        )

    def stop(self) -> None:
        """Stop watching (back to the lobby)."""
        if self._elsewhere is not None:
            self._elsewhere.cancel()
            self._elsewhere = None
        self.given_away = self.healed = False
        if self.watching and self.network.link.up:
            self.network.link.unwatch()
        self.watching, self.moved_to, self._moved = False, None, None

    def forget_table(self) -> None:
        """The table was left: who watched it says nothing about the next one."""
        self.names = ()
        self._line = None
        self.let_table_go()

    def let_table_go(self) -> None:
        """Listen no more to the game of the table on show (it is left, or replaced)."""
        if self.followed is not None:
            self.network.bridge.release(self.followed)
            self.followed = None

    def _watching(self, _done: object) -> None:
        self.watching = True
        self._elsewhere = None

    def _failed(self, what: str, error: object) -> None:
        if what != "watch":
            return
        reason = getattr(error, "reason", None) or str(error) or type(error).__name__
        box = QMessageBox(
            QMessageBox.Icon.Information,
            QCoreApplication.translate("WatchClient", "Could not watch"),
            QCoreApplication.translate("WatchClient", "Could not watch this table: %1").replace(
                "%1", sentence(str(reason))
            ),
            parent=self.network.window,
        )
        box.setModal(False)
        box.show()
        self.box = box

    # -- events --------------------------------------------------------------------------

    @shows(WatchersChanged)
    def _watchers_changed(self, event: WatchersChanged) -> None:
        self.names = tuple(event.names)
        self.watchers_changed.emit(self.names)
        self._show_names()

    @shows(Watching)
    def _watching_table(self, event: Watching) -> None:
        self.watching = True  # (before any of the feed's events)
        host = event.host
        if self.moved_to is not None:
            self.moved_to = host  # (its game's table comes next: it says so)
            return
        self.came_from = host
        self.network.notice.emit(
            lambda: QCoreApplication.translate(
                "WatchClient",
                "You are watching %1's table: its game shows here once it starts.",
            ).replace("%1", host)
        )

    @shows(WatchedTable)
    def _watched_table(self, event: WatchedTable) -> None:
        if event.phase != "open":
            return
        host = event.host
        taken = sum(1 for seat in event.seats if seat)
        total = len(event.seats)
        self.network.notice.emit(
            lambda: (
                QCoreApplication.translate(
                    "WatchClient",
                    "Watching %1's table: %2 of %3 seats taken, the game has not started.",
                )
                .replace("%1", host)
                .replace("%2", str(taken))
                .replace("%3", str(total))
            )
        )

    @shows(WatchEnded)
    def _watch_ended(self, event: WatchEnded) -> None:
        self.watching, self.moved_to, self._moved = False, None, None
        reason = sentence(event.reason)
        self.network.notice.emit(
            lambda: QCoreApplication.translate("WatchClient", "No longer watching: %1").replace(
                "%1", reason
            )
        )

    @shows(WatchFollowing)
    def _watch_following(self, event: WatchFollowing) -> None:
        self.moved_to = ""
        reason = sentence(event.reason)
        self.network.table_news.emit(
            lambda: QCoreApplication.translate(
                "WatchClient",
                "%1 Waiting for the laptop that takes the game over, to watch it there.",
            ).replace("%1", reason)
        )

    @shows(WatcherCutOff)
    def _watcher_cut_off(self, event: WatcherCutOff) -> None:
        name = event.name
        self.network.notice.emit(
            lambda: QCoreApplication.translate(
                "WatchClient", "%1 was cut off from watching the table."
            ).replace("%1", name)
        )

    def game_started(self, started: GameStarted) -> None:
        """The watched table's game began: its table, with nothing to play."""
        from ui.tables.watching import create_watching_table

        screen = create_watching_table(started)
        self.network.follow_game(screen)
        self.network.game_started.emit(screen)
        host, self.moved_to, self._moved = self.moved_to, None, None
        back, self.came_from = host == self.came_from, host or self.came_from
        given_away, self.given_away = self.given_away, False
        healed, self.healed = self.healed, False
        if host:

            def said() -> str:
                if given_away:
                    return given_away_words()
                if healed:
                    return QCoreApplication.translate(
                        "WatchClient",
                        "This laptop reaches the table again: you watch the game at %1's laptop, "
                        "where it went on.",
                    ).replace("%1", host)
                if back:  # (the same laptop, started again: it hosts the game still)
                    return QCoreApplication.translate(
                        "WatchClient", "%1's laptop is back: you watch the game there again."
                    ).replace("%1", host)
                return QCoreApplication.translate(
                    "WatchClient", "%1's laptop took the game over: you watch it there."
                ).replace("%1", host)

            screen.show_status("notice", said)
            # The game's progress comes next (the new host's catch-up, or the void round
            # dealt again), and "playing" blanks the line: it is said again then.
            self._moved = lambda: screen.show_status("notice", said)

    def progress_shown(self, step: str) -> None:
        """The watched table showed the game's progress: once the game plays again after a
        move to another laptop, the line says again where the watcher now watches."""
        moved = self._moved
        if moved is None or step not in ("playing", "checking", "between", "over"):
            return
        self._moved = None
        if step == "playing":
            moved()

    def attach(self, screen: NetworkTableScreen) -> None:
        """A game's table is on show: it says who watches, and this listens to its game."""
        from ui.tables.watching import add_watchers_line

        self._line = add_watchers_line(screen, self.names)
        self.let_table_go()
        self.followed = FollowedTable(self, screen)
        self.network.bridge.listen(self.followed)

    def _show_names(self) -> None:
        names = self.names
        if self.network.game_source is not None and self._line is not None:
            try:
                self._line(names)
            except RuntimeError:  # (that table is gone)
                self._line = None
            return
        if self.watching:
            return  # (the watcher's own lines say it)
        if names:
            said = ", ".join(names)
            self.network.notice.emit(
                lambda: QCoreApplication.translate("WatchClient", "Watching the table: %1").replace(
                    "%1", said
                )
            )
        else:
            self.network.notice.emit(
                lambda: QCoreApplication.translate("WatchClient", "Nobody watches the table now.")
            )


def given_away_words() -> str:
    return QCoreApplication.translate(
        "WatchClient",
        "While you were away, the others gave your seat to a bot and went on with the game: "
        "you watch it now.",
    )


class FollowedTable(QObject):
    """What the watch client does at a game's table, released with it: a laptop cut from the
    table watches where its game goes on; a watched game that moved says where it is watched."""

    def __init__(self, watch: WatchClient, screen: QWidget) -> None:
        super().__init__(screen)
        self.watch = watch

    @shows(GameStopped)
    def _stopped(self, stopped: GameStopped) -> None:
        if stopped.cut:  # (after the table showed the stop)
            self.watch.watch_where_it_goes_on(stopped)

    @shows(GameProgress)
    def _progress(self, progress: GameProgress) -> None:
        if self.watch.watching:
            self.watch.progress_shown(progress.step)
