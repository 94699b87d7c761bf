"""The main window: the lobby, and a game table in its place while a game is on."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QMainWindow, QMessageBox, QStackedWidget, QWidget

from ui import i18n, theme
from ui.addresses import local_addresses
from ui.catalogue import game_name
from ui.lobby.lobby_view import LobbyView
from ui.said import Said, say
from ui.settings import Settings, SettingsDialog, save_settings
from ui.sound.player import player
from ui.window_size import fit_to_screen

if TYPE_CHECKING:
    from net.lobby import AtTable
    from net.table_state import TableState
    from ui.lobby.come_back import Seats
    from ui.lobby.join_errors import JoinProblem
    from ui.lobby.join_progress import JoinAttempt
    from ui.lobby.listing import TableListing
    from ui.lobby.network_client import LobbyNetwork

log = logging.getLogger(__name__)


def theme_for(settings: Settings) -> theme.Theme:
    return theme.Theme(
        zoom=settings.zoom,
        colour_blind=settings.colour_blind,
        animation_speed=settings.animation_speed,
    )


class MainWindow(QMainWindow):
    def __init__(
        self,
        settings: Settings,
        parent: QWidget | None = None,
        hint_delay_ms: int | None = None,
        start_network: bool = True,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.hint_delay_ms = hint_delay_ms
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.table: QWidget | None = None
        self.network: LobbyNetwork | None = None
        """The lobby's network client, once started."""
        self.join_dialog: QDialog | None = None
        """The join dialog reopened after a failed join, while it is showing."""
        self.notice: Said = ""
        """The latest news from the network, said again after a language change."""
        self.notice_is_table_news = False
        self.notice_of_a_left_table = False
        """The lobby's notice says why the table just left closed: it goes with the next
        table opened (news of a table left long ago says nothing)."""
        """Whether that news was about the table being played (forgotten on leaving it)."""
        self.seats: Seats | None = None
        """The tables this laptop may go back to, as its journals said when last read."""
        self.not_now: set[bytes] = set()
        """Tables whose resume offer the player dismissed (not offered again in this run)."""
        self.lobby = self._build_lobby()
        self.maximise_when_shown = fit_to_screen(
            self, theme.current().px(1120), theme.current().px(720)
        )
        # Ctrl+, is the usual settings key; Linux desktops have no standard one.
        QShortcut(QKeySequence("Ctrl+,"), self, self.open_settings)
        QShortcut(QKeySequence("F1"), self, lambda: self.show_rules(self.current_game_id()))
        QShortcut(QKeySequence("Ctrl+Q"), self, self.close)
        if start_network:
            # After the window is up: the network layer's imports are not on the path to the
            # first picture.
            QTimer.singleShot(0, self.start_network)

    # -- lobby ---------------------------------------------------------------------------

    def _build_lobby(self) -> LobbyView:
        lobby = LobbyView(self.settings.name, hint_delay_ms=self.hint_delay_ms)
        lobby.play_requested.connect(self.open_local_game)
        lobby.rules_requested.connect(self.show_rules)
        lobby.tutorial_requested.connect(self.start_tutorial)
        lobby.settings_requested.connect(self.open_settings)
        lobby.network.host_requested.connect(self.open_host_dialog)
        lobby.network.join_by_address_requested.connect(self.open_join_dialog)
        lobby.network.join_requested.connect(self.join_listed_table)
        lobby.network.watch_requested.connect(self.watch_listed_table)
        lobby.resume_offer.resume_requested.connect(self.resume_hosting)
        lobby.resume_offer.dismissed.connect(self.not_now.add)
        self.stack.addWidget(lobby)
        self.stack.setCurrentWidget(lobby)
        self._title_for_lobby()
        return lobby

    def rebuild_lobby(self) -> None:
        """Build the lobby again in the current language and theme, keeping what was found."""
        old = self.lobby
        found = dict(old.network.tables)
        searching, reason = old.network.searching, old.network.unavailable_reason
        self.lobby = self._build_lobby()
        if self.seats is not None:
            self._show_seats(self.seats)
        for table in found.values():
            self.lobby.network.add_or_update(table)
        if reason is not None:
            self.lobby.network.set_unavailable(reason)
        elif searching:
            self.lobby.network.start_searching()
        # The address line and the last notice are said again in the new language.
        if self.network is not None:
            self.lobby.set_status(self.address_status())
            self.network.show_tables_on(self.lobby.network)
        self.lobby.set_notice(say(self.notice))
        self.stack.removeWidget(old)
        old.deleteLater()
        if self.table is not None:
            self.stack.setCurrentWidget(self.table)

    def _title_for_lobby(self) -> None:
        # The desktop adds the app's name ("… — lanpurr", app.py): titles never say it again.
        self.setWindowTitle(self.tr("Choose a game to play, or join a table"))

    def current_game_id(self) -> str:
        return str(getattr(self.table, "game_id", "momistigri"))

    # -- settings and rules -------------------------------------------------------------

    def open_settings(self) -> None:
        dialog = SettingsDialog(self.settings, self)
        if dialog.exec() == SettingsDialog.DialogCode.Accepted:
            self.apply_settings(dialog.chosen())

    def apply_settings(self, settings: Settings) -> None:
        """Save and apply new settings at once: language, zoom and the rest need no restart."""
        try:
            save_settings(settings)
        except OSError as error:
            QMessageBox.warning(self, self.tr("Settings not saved"), str(error))
        changed_look = settings.language != self.settings.language or theme_for(
            settings
        ) != theme_for(self.settings)
        self.settings = settings
        if self.network is not None:
            self.network.rename(settings.name)
            self.network.set_pace(settings.bot_pace)
            self.network.set_gone_laptop(settings.gone_laptop)
        theme.set_theme(theme_for(settings))
        player().configure(settings.volume, settings.muted)
        controller = getattr(self.table, "controller", None)
        if controller is not None and hasattr(controller, "set_pace"):
            controller.set_pace(settings.bot_pace)
        if changed_look:
            i18n.install(settings.language)
            self.rebuild_lobby()
        else:
            self.lobby.set_player_name(settings.name)

    def remember_muted(self, muted: bool) -> None:
        """The table's speaker button: kept like any other setting."""
        if muted != self.settings.muted:
            self.apply_settings(self.settings.with_changes(muted=muted))

    def show_rules(self, game_id: str) -> None:
        from ui.rules import show_rules

        show_rules(game_id, self)

    # -- local play ------------------------------------------------------------------------

    def open_local_game(self, game_id: str) -> None:
        from ui.lobby.local_game_dialog import LocalGameDialog

        try:
            dialog = LocalGameDialog(game_id, self)
        except (ImportError, AttributeError) as missing:
            log.warning("cannot set up %s: %s", game_id, missing)
            QMessageBox.information(
                self,
                game_name(game_id),
                self.tr("%1 is not ready in this version of lanpurr yet.").replace(
                    "%1", game_name(game_id)
                ),
            )
            return
        if dialog.exec() != LocalGameDialog.DialogCode.Accepted:
            return
        choice = dialog.choice()
        self.start_local_table(choice.game_id, choice.players, choice.options, choice.bot)

    def start_local_table(
        self, game_id: str, players: int, options: dict[str, str], bot: str
    ) -> QWidget | None:
        try:
            from ui.tables import create_local_table
        except ImportError as missing:
            log.warning("no table view: %s", missing)
            QMessageBox.information(
                self,
                game_name(game_id),
                self.tr("The game tables are not part of this version of lanpurr yet."),
            )
            return None
        try:
            table: QWidget = create_local_table(
                game_id,
                players,
                options,
                bot,
                pace=self.settings.bot_pace,
                player_name=self.settings.name,
            )
        except ValueError as refused:  # the table names what to change
            QMessageBox.warning(self, game_name(game_id), str(refused))
            return None
        self.show_table(table, game_id)
        again = getattr(table, "play_again_requested", None)
        if again is not None:
            again.connect(lambda: self.start_local_table(game_id, players, options, bot))
        return table

    def start_tutorial(self, game_id: str) -> QWidget:
        """Learn to play: a guided first game against bots on this laptop."""
        from ui.tables import create_tutorial_table
        from ui.tables.tutorial import TUTORIALS

        table = create_tutorial_table(game_id, player_name=self.settings.name)
        self.show_table(table, game_id)
        setup = TUTORIALS[game_id]
        # Play again: the same table, now without the guide and with a fresh deal.
        table.play_again_requested.connect(
            lambda: self.start_local_table(game_id, setup.players, setup.options, setup.bot)
        )
        return table

    def show_table(self, table: QWidget, game_id: str) -> None:
        self.close_table()
        if self.notice_of_a_left_table:
            self.show_notice("")
        self.table = table
        if not hasattr(table, "game_id"):
            table.game_id = game_id  # type: ignore[attr-defined]
        for name in ("finished", "leave_requested"):
            signal = getattr(table, name, None)
            if signal is not None:
                signal.connect(self.back_to_lobby)
        toggle = getattr(table, "sound", None)
        if toggle is not None:
            toggle.muted_changed.connect(self.remember_muted)
        self.stack.addWidget(table)
        self.stack.setCurrentWidget(table)
        self.setWindowTitle(game_name(game_id))
        # A table that knows whose turn it is says so in the title itself.
        refresh = getattr(table, "refresh_banner", None)
        if callable(refresh):
            refresh()

    def game_in_progress(self) -> bool:
        """Whether leaving now would end a game (or a table others wait at)."""
        check = getattr(self.table, "game_in_progress", None)
        return bool(check()) if callable(check) else False

    def confirm_leave(self) -> bool:
        """Ask before a running game is left by closing the window; True to go ahead."""
        from ui.tables.screen import ask_to_leave

        ends = getattr(self.table, "leave_ends_for_all", None)
        hands_on = getattr(self.table, "leave_hands_on", None)
        return not self.game_in_progress() or ask_to_leave(
            self, bool(callable(ends) and ends()), bool(callable(hands_on) and hands_on())
        )

    def close_table(self) -> None:
        if self.table is not None:
            self.stack.removeWidget(self.table)
            self.table.deleteLater()
            self.table = None

    def back_to_lobby(self, *_: object) -> None:
        self.close_table()
        if self.notice_is_table_news:  # "Ben is back." says nothing once the table is left
            self.show_notice("")
        self.notice_of_a_left_table = bool(say(self.notice))
        self.stack.setCurrentWidget(self.lobby)
        self._title_for_lobby()
        self.look_for_my_seats()

    # -- network -------------------------------------------------------------------------

    def start_network(self) -> None:
        from ui.lobby.network_client import start_lobby_network

        self.network = start_lobby_network(self, self.lobby.network, self.settings.name)
        self.connect_network(self.network)

    def connect_network(self, network: LobbyNetwork) -> None:
        """Follow a lobby network client: its tables, sessions and notices."""
        self.network = network
        network.set_pace(self.settings.bot_pace)
        network.set_gone_laptop(self.settings.gone_laptop)
        network.session_opened.connect(self.show_table_setup)
        network.table_changed.connect(self._table_changed)
        network.notice.connect(self.show_notice)
        network.table_news.connect(self.show_table_news)
        network.passing_news.connect(self.show_passing_news)
        network.table_closed.connect(self._table_closed)
        network.game_started.connect(self.show_network_game)
        network.show_join_problems = True
        network.join_failed.connect(self.join_failed)
        network.bridge.command_failed.connect(self._command_failed)
        self.lobby.set_status(self.address_status())
        QTimer.singleShot(0, self.look_for_my_seats)  # once the client has started

    def look_for_my_seats(self) -> None:
        """Read again which tables this laptop may go back to (on the network thread)."""
        from ui.lobby.come_back import look_for_my_seats

        if self.network is not None and self.network.bridge.running:
            look_for_my_seats(self.network, self._show_seats)

    def _show_seats(self, seats: Seats) -> None:
        self.seats = seats
        self.lobby.network.set_my_tables(seats.sitting_at)
        hosted = seats.hosted
        if hosted is not None and (hosted.table_id in self.not_now or self.table is not None):
            hosted = None  # dismissed, or already back at a table
        self.lobby.resume_offer.offer(hosted)

    def _command_failed(self, what: str, _message: str) -> None:
        if what == "host" and self.table is None:
            self.look_for_my_seats()  # a resume that failed is offered again (the box says why)

    def resume_hosting(self, table_id: bytes) -> None:
        """Host again, where it stopped, the table this laptop hosted before the app stopped."""
        if self.network is not None:
            self.network.resume_host(table_id)

    def show_notice(self, said: Said) -> None:
        """News from the network, on the screen the player is looking at."""
        from ui.lobby.table_setup import TableSetupView
        from ui.tables.network_table import NetworkTableScreen

        if isinstance(self.table, TableSetupView):
            self.table.show_notice(said)
        elif isinstance(self.table, NetworkTableScreen):
            self.table.show_status("notice", said)  # a laptop reconnecting: its countdown
        self.notice = said
        self.notice_is_table_news = False
        self.notice_of_a_left_table = False
        self.lobby.set_notice(say(said))

    def show_table_news(self, said: Said) -> None:
        """News of the table being played: shown like any notice, forgotten on leaving."""
        self.show_notice(said)
        self.notice_is_table_news = True

    def show_passing_news(self, said: Said) -> None:
        """News true only for a moment ("Ben is back."): at a game's table it goes as the game
        moves on, here too."""
        from ui.tables.network_table import NetworkTableScreen

        self.show_table_news(said)
        if isinstance(self.table, NetworkTableScreen):
            self.table.show_passing(said)

    def _passed(self, said: Said) -> None:
        if self.notice is said:
            self.show_notice("")

    def address_status(self) -> str:
        addresses = local_addresses()
        if not addresses:
            return self.tr("Not connected to a network: you can play on this laptop.")
        return self.tr("This laptop's address: %1").replace("%1", ", ".join(addresses))

    def show_table_setup(self, seat: AtTable) -> None:
        from ui.lobby.table_setup import TableSetupView

        network = self.network
        if network is None:
            return
        where = ""
        if seat.is_host:
            addresses = local_addresses() or ["127.0.0.1"]
            where = " / ".join(f"{address}:{seat.port}" for address in addresses)
        setup = TableSetupView(network, seat.me, where, seat.code, seat.fingerprint)
        setup.leave_requested.connect(self.leave_network_table)
        network.attach_phones(setup)  # "Watch on a phone"
        self.show_table(setup, seat.state.game if seat.state else "momistigri")
        if seat.state is not None:
            setup.show_state(seat.state)

    def _table_closed(self, removed: bool) -> None:
        from ui.lobby.table_setup import TableSetupView

        if isinstance(self.table, TableSetupView):
            self.table.table_closed(removed)

    def _table_changed(self, state: TableState) -> None:
        from ui.lobby.table_setup import TableSetupView
        from ui.tables.network_table import NetworkTableScreen

        if isinstance(self.table, TableSetupView):
            self.table.show_state(state)
        elif isinstance(self.table, NetworkTableScreen) and state.phase == "open":
            # Play again: the same table and seats, back in the waiting room; a laptop still
            # drawing the game's last moves shows its end first.
            seat = self.network.seat if self.network is not None else None
            if seat is not None and self.table.game_in_progress():
                self.table.reopened(self._show_table_setup_again)
            elif seat is not None:
                self.show_table_setup(seat)

    def _show_table_setup_again(self) -> None:
        """The waiting room of the table I sit at, as it is now (after its game's end)."""
        seat = self.network.seat if self.network is not None else None
        if seat is not None:
            self.show_table_setup(seat)

    def show_network_game(self, screen: QWidget) -> None:
        """The game at my network table began: its table replaces the waiting room."""
        screen.leave_requested.connect(self.leave_network_table)  # type: ignore[attr-defined]
        screen.source.finished_game.connect(self._network_game_over)  # type: ignore[attr-defined]
        passed = getattr(screen, "news_passed", None)
        if passed is not None:
            passed.connect(self._passed)
        self.show_table(screen, screen.game_id)  # type: ignore[attr-defined]

    def _network_game_over(self, _over: object) -> None:
        """Remembered for the table I host: a game over is not offered for resuming."""
        from ui.lobby.come_back import note_game_over

        network = self.network
        seat = network.seat if network is not None else None
        if network is not None and seat is not None and seat.is_host and seat.state:
            note_game_over(network, seat.state.table, seat.state.games)

    def leave_network_table(self) -> None:
        if self.network is not None:
            self.network.leave_table()
        self.back_to_lobby()

    def open_host_dialog(self) -> None:
        from ui.lobby.host_join_dialogs import HostDialog

        dialog = HostDialog(self)
        if dialog.exec() == HostDialog.DialogCode.Accepted and self.network is not None:
            self.network.host(dialog.choice())

    def open_join_dialog(
        self, address: str = "", code: str = "", problem: str = "", wants_code: bool = False
    ) -> None:
        from ui.lobby.host_join_dialogs import JoinDialog

        dialog = JoinDialog(
            self, address if isinstance(address, str) else "", code, problem, wants_code
        )
        if not problem:
            if dialog.exec() == JoinDialog.DialogCode.Accepted:
                self._join_from(dialog)
            return
        # Reopened after a failed join: shown without a nested event loop, so the network's
        # replies keep arriving while the player reads why. One such dialog at a time.
        if self.join_dialog is not None:
            self.join_dialog.close()
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self._join_from(dialog))
        dialog.finished.connect(lambda _result: self._join_dialog_closed(dialog))
        self.join_dialog = dialog
        dialog.open()

    def _join_dialog_closed(self, dialog: QDialog) -> None:
        if self.join_dialog is dialog:
            self.join_dialog = None

    def _join_from(self, dialog: Any) -> None:
        if self.network is None:
            return
        choice = dialog.choice()
        if choice is not None and choice.watch:
            self.network.watch.watch_address(choice.address, choice.code)
        elif choice is not None:
            self.network.join(choice)

    def join_failed(self, attempt: JoinAttempt, problem: JoinProblem) -> None:
        """A join got no seat: open the join dialog again with what was typed and the reason,
        asking for the code when the table is private."""
        if problem.table_gone and attempt.listing is not None:
            self.lobby.network.remove(attempt.listing.key)
        if attempt.listing is not None and not problem.wants_code:
            box = QMessageBox(
                QMessageBox.Icon.Information, self.tr("Could not join"), problem.text, parent=self
            )
            box.setModal(False)
            box.show()
            return
        self.open_join_dialog(attempt.address, attempt.code, problem.text, problem.wants_code)

    def join_listed_table(self, table: TableListing) -> None:
        from ui.lobby.host_join_dialogs import JoinDialog

        if self.network is None:
            return
        if not table.private or self.lobby.network.sitting_at(table):
            # (A returning member's laptop is known to the table: it needs no code.)
            self.network.join_listed(table)
            return
        # The code is on the host's screen: ask for it (the address can be changed too).
        dialog = JoinDialog(self, table.address)
        if dialog.exec() != JoinDialog.DialogCode.Accepted:
            return
        choice = dialog.choice()
        if choice is None:
            return
        if choice.address == table.address:
            self.network.join_listed(table, choice.code)
        else:
            self.network.join(choice)

    def watch_listed_table(self, table: TableListing) -> None:
        """Watch a listed table; a private one asks for its code first."""
        from ui.lobby.host_join_dialogs import JoinDialog

        if self.network is None:
            return
        code = ""
        if table.private:
            dialog = JoinDialog(self, table.address, watch=True)
            if dialog.exec() != JoinDialog.DialogCode.Accepted:
                return
            choice = dialog.choice()
            if choice is None:
                return
            if not choice.watch or choice.address != table.address:
                self._join_from(dialog)  # (unticked "Only watch": a seat; another address)
                return
            code = choice.code
        self.network.watch.watch_listed(table, code)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.confirm_leave():
            event.ignore()
            return
        if self.network is not None:
            self.network.stop()
        super().closeEvent(event)
