"""The lobby's side of watching: Watch on a listed table, the watcher's table, who watches.

Part of `LobbyNetwork` (ui/lobby/network_client.py), which hands it the watch events; the
watcher's table is shown through the network's usual `game_started` signal.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QMessageBox

from ui.lobby.listing import TableListing
from ui.said import sentence


class WatchClient(QObject):
    watchers_changed = Signal(object)
    """Who watches my table (or the table I watch) now: a tuple of names."""

    def __init__(self, network: Any) -> None:
        """`network`: the `LobbyNetwork` this is part of (its bridge, lobby, signals)."""
        super().__init__(network)
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
        network.bridge.command_error.connect(self._failed)

    # -- commands ------------------------------------------------------------------------

    def watch_listed(self, table: TableListing, code: str = "") -> bool:
        """Watch a table from the list (full or not, its game under way or not)."""
        lobby = self.network.lobby
        if lobby is None:
            return False
        self.stop()
        self.network.leave_table()
        self.names = ()
        if table.source is not None:
            job = lobby.watch_listing(table.source, code or None)
        else:
            job = lobby.watch(table.address, code or None)
        self.network.bridge.submit(job, self._watching, "watch")
        return True

    def watch_address(self, address: str, code: str = "") -> bool:
        """Watch the table at `address` (host:port), as Join by address does for a seat."""
        lobby = self.network.lobby
        if lobby is None:
            return False
        self.stop()
        self.network.leave_table()
        self.names = ()
        self.network.bridge.submit(lobby.watch(address, code or None), self._watching, "watch")
        return True

    def watch_instead(self, stopped: Any, joined: Any) -> bool:
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

    def watch_where_it_goes_on(self, stopped: Any) -> None:
        """Cut from the table (a split network): once the network heals, watch its game at the
        laptop that went on with it, and say so on the stopped table meanwhile."""
        lobby, session = self.network.lobby, self.network.session
        if not stopped.elsewhere or lobby is None or session is None or session.state is None:
            return
        code = self.network.joined.code if self.network.joined is not None else ""
        job = lobby.watch_elsewhere(stopped, session.state.table, code or None)
        self.network.leave_table()  # (its game stopped here: nothing to play in it any more)
        self._elsewhere = self.network.bridge.submit(job, self._watching, "watch")
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
        lobby = self.network.lobby
        if self.watching and lobby is not None and lobby.watching is not None:
            self.network.bridge.submit(lobby.watching.close(), None, "unwatch")
        self.watching, self.moved_to, self._moved = False, None, None

    def forget_table(self) -> None:
        """The table was left: who watched it says nothing about the next one."""
        self.names = ()
        self._line = None

    def _watching(self, _session: Any) -> None:
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

    def on_event(self, event: Any) -> None:
        from net import watch_events as w

        if isinstance(event, w.WatchersChanged):
            self.names = tuple(event.names)
            self.watchers_changed.emit(self.names)
            self._show_names()
        elif isinstance(event, w.Watching):
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
        elif isinstance(event, w.WatchedTable) and event.phase == "open":
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
        elif isinstance(event, w.WatchEnded):
            self.watching, self.moved_to, self._moved = False, None, None
            reason = sentence(event.reason)
            self.network.notice.emit(
                lambda: QCoreApplication.translate("WatchClient", "No longer watching: %1").replace(
                    "%1", reason
                )
            )
        elif isinstance(event, w.WatchFollowing):
            self.moved_to = ""
            reason = sentence(event.reason)
            self.network.table_news.emit(
                lambda: QCoreApplication.translate(
                    "WatchClient",
                    "%1 Waiting for the laptop that takes the game over, to watch it there.",
                ).replace("%1", reason)
            )
        elif isinstance(event, w.WatcherCutOff):
            name = event.name
            self.network.notice.emit(
                lambda: QCoreApplication.translate(
                    "WatchClient", "%1 was cut off from watching the table."
                ).replace("%1", name)
            )

    def game_started(self, started: Any) -> None:
        """The watched table's game began: its table, with nothing to play."""
        from ui.tables.watching import create_watching_table

        screen = create_watching_table(started)
        self.network.game_source = screen.source
        self.network.game_handlers = screen.source.handlers()
        self.attach(screen)
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

    def attach(self, screen: Any) -> None:
        """A game's table is on show: it says who watches."""
        from ui.tables.watching import add_watchers_line

        self._line = add_watchers_line(screen, self.names)

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
