"""Hosting and joining from the lobby with the real network layer, on loopback only (no mDNS
announcement, nothing leaves this machine)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from net.table.commands import Start
from ui.lobby.host_join_dialogs import HostChoice, JoinChoice, JoinDialog
from ui.lobby.network_client import LobbyNetwork
from ui.lobby.table_setup import TableSetupView
from ui.main_window import MainWindow
from ui.settings import Settings
from ui.tables.network_table import NetworkTableScreen

LOOPBACK = {"bind": "127.0.0.1", "interfaces": ["127.0.0.1"]}


class Player:
    def __init__(self, qtbot: QtBot, home: Path, name: str) -> None:
        # Not handed to qtbot.addWidget: its teardown closes windows without answering the
        # "Leave the table?" question a window asks while someone else sits at its table.
        self.window = MainWindow(Settings(name=name), start_network=False)
        self.client = LobbyNetwork(
            self.window,
            self.window.lobby.network,
            name,
            lobby_options=LOOPBACK,
            browse=False,
            home=home,
            host_options={"announce": False},
        )
        self.window.connect_network(self.client)
        self.client.start()
        qtbot.waitUntil(lambda: self.client.link.up, timeout=5000)

    def setup(self) -> TableSetupView:
        assert isinstance(self.window.table, TableSetupView)
        return self.window.table


def close_as_a_person(window: MainWindow) -> list[str]:
    """Close the window; if it asks before leaving a table, answer Yes in the real question box.
    Returns the questions that were asked."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    asked: list[str] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            asked.append(box.text())
            box.button(QMessageBox.StandardButton.Yes).click()

    timer = QTimer()
    timer.timeout.connect(answer)
    timer.start(10)
    try:
        window.close()
    finally:
        timer.stop()
    return asked


@pytest.fixture
def players(qtbot: QtBot, tmp_path: Path, english: None) -> Iterator[tuple[Player, Player]]:
    made: list[Player] = []
    try:
        made.append(Player(qtbot, tmp_path / "ana", "Ana"))
        made.append(Player(qtbot, tmp_path / "ben", "Ben"))
        yield made[0], made[1]
    finally:
        for player in reversed(made):
            close_as_a_person(player.window)
            player.window.deleteLater()
            assert not player.client.bridge.running


def test_the_name_from_settings_is_the_name_on_the_network(
    qtbot: QtBot, players: tuple[Player, Player], tmp_path: Path
) -> None:
    from net.home import load_profile

    ana, _ = players
    assert load_profile(tmp_path / "ana").name == "Ana"
    ana.window.apply_settings(Settings(name="Anabel"))
    qtbot.waitUntil(lambda: load_profile(tmp_path / "ana").name == "Anabel", timeout=3000)


def seat_text(view: TableSetupView, row: int) -> str:
    item = view.seats_grid.itemAtPosition(row, 1)
    assert item is not None
    return str(item.widget().text())  # type: ignore[attr-defined]


def test_host_a_table_then_another_laptop_joins_by_address_and_sits(
    qtbot: QtBot, players: tuple[Player, Player]
) -> None:
    ana, ben = players
    assert ana.client.host(HostChoice("momistigri", 3, False, {"strict_discard": "on"}))
    qtbot.waitUntil(lambda: isinstance(ana.window.table, TableSetupView), timeout=5000)
    host_view = ana.setup()
    assert host_view.title.text() == "Momistigri · Ana's table"
    assert f":{ana.client.seat.port}" in host_view.where.text()
    assert seat_text(host_view, 0) == "Ana"
    assert host_view.oval.plates == [("Ana", "me"), ("Free", "free"), ("Free", "free")]
    assert not host_view.start_button.isEnabled()  # seats are free, nobody is ready

    ben.client.join(JoinChoice("127.0.0.1", ana.client.seat.port, ""))
    qtbot.waitUntil(lambda: isinstance(ben.window.table, TableSetupView), timeout=8000)
    guest_view = ben.setup()
    qtbot.waitUntil(lambda: guest_view.state is not None, timeout=5000)
    qtbot.waitUntil(lambda: seat_text(host_view, 1) == "Ben", timeout=5000)
    assert "Must discard: on" in guest_view.options.text()
    qtbot.waitUntil(
        lambda: guest_view.expected.text() == "Press “I'm ready” when you are.", timeout=5000
    )
    guest_view.ready_button.click()
    qtbot.waitUntil(lambda: seat_text(host_view, 1) == "Ben ✓", timeout=5000)
    # The host decides first; the guest hears it a moment later.
    qtbot.waitUntil(
        lambda: guest_view.expected.text() == "Waiting for the host to start.", timeout=5000
    )
    # Any laptop may seat a bot; it runs on that laptop, and the waiting room says whose.
    guest_view.bot_level.setCurrentIndex(guest_view.bot_level.findData("clever"))
    add_bot = next(b for b in guest_view.seat_buttons if b.text() == "Add a bot")
    add_bot.click()
    on_bens = "Bot (Clever)\non Ben's laptop"
    qtbot.waitUntil(lambda: seat_text(host_view, 2) == on_bens, timeout=5000)
    assert host_view.oval.plates[2] == ("Bot\n(Clever)", "bot")
    host_view.ready_button.click()
    qtbot.waitUntil(host_view.start_button.isEnabled, timeout=5000)
    assert host_view.expected.text() == "Everyone is ready: start the game."
    host_view.start_button.click()
    # Within seconds both laptops leave the waiting room for the game's table.
    for window in (ana.window, ben.window):
        qtbot.waitUntil(lambda w=window: isinstance(w.table, NetworkTableScreen), timeout=10000)
    guest_table = ben.window.table
    assert isinstance(guest_table, NetworkTableScreen) and guest_table.source.seat == 1
    assert guest_table.source.names == ("Ana", "Ben", "Bot 3 (Ben)")
    # Closing the window now asks first, and the answer "Yes" really leaves.
    assert close_as_a_person(ben.window) == ["The game is not over. Leave the table anyway?"]
    assert not ben.client.bridge.running


def reopened_join_dialog(qtbot: QtBot, player: Player) -> JoinDialog:
    """The join dialog shown again after a failed join, once it is on the screen."""
    qtbot.waitUntil(lambda: player.window.join_dialog is not None, timeout=5000)
    dialog = player.window.join_dialog
    assert isinstance(dialog, JoinDialog)
    qtbot.waitUntil(dialog.isVisible, timeout=5000)
    assert dialog.error.isVisibleTo(dialog)
    return dialog


def test_joining_a_private_table_without_its_code_says_why(
    qtbot: QtBot, players: tuple[Player, Player]
) -> None:
    ana, ben = players
    ana.client.host(HostChoice("purrfect", 4, private=True))
    qtbot.waitUntil(lambda: isinstance(ana.window.table, TableSetupView), timeout=5000)
    assert ana.client.seat.code
    assert ana.client.seat.code in ana.setup().where.text()
    failures: list[tuple[str, str]] = []
    ben.client.bridge.command_failed.connect(lambda what, why: failures.append((what, why)))
    ben.client.join(JoinChoice("127.0.0.1", ana.client.seat.port, ""))
    qtbot.waitUntil(lambda: bool(failures), timeout=8000)
    assert failures[0][0] == "join"
    assert "code" in failures[0][1].lower()
    assert ben.window.table is None  # still in the lobby
    # The join dialog is back with what Ben typed and the reason, and nothing waits on it.
    dialog = reopened_join_dialog(qtbot, ben)
    assert dialog.address.text() == f"127.0.0.1:{ana.client.seat.port}"
    missing = dialog.error.text()
    assert "code" in missing.lower()
    # A wrong code: the dialog comes back again, saying so (not the same words as no code).
    dialog.code.setText("ABC-XYZ" if ana.client.seat.code != "ABC-XYZ" else "XYZ-ABC")
    dialog.accept()
    qtbot.waitUntil(lambda: len(failures) == 2, timeout=8000)
    dialog = reopened_join_dialog(qtbot, ben)
    assert "does not open this table" in dialog.error.text()
    assert dialog.error.text() != missing
    assert ben.window.table is None
    # Ben tries again with the code from Ana's screen and gets a seat.
    dialog.code.setText(ana.client.seat.code)
    dialog.accept()
    qtbot.waitUntil(lambda: isinstance(ben.window.table, TableSetupView), timeout=8000)
    assert ben.window.join_dialog is None
    qtbot.waitUntil(lambda: seat_text(ana.setup(), 1) == "Ben", timeout=5000)


def test_when_the_network_cannot_start_the_lobby_says_so_and_local_play_stays(
    qtbot: QtBot, tmp_path: Path, english: None
) -> None:
    window = MainWindow(Settings(name="Ana"), start_network=False)
    qtbot.addWidget(window)
    client = LobbyNetwork(
        window,
        window.lobby.network,
        "Ana",
        lobby_options={"no_such_option": True},  # the network layer refuses to start
        browse=False,
        home=tmp_path / "ana",
    )
    window.connect_network(client)
    client.start()
    qtbot.waitUntil(lambda: "could not start" in window.lobby.network.hint_text(), timeout=5000)
    assert "play on this laptop" in window.lobby.network.hint_text()
    assert window.lobby.cards["momistigri"].play_button.isEnabled()
    window.close()
    assert not client.bridge.running


def test_joining_a_private_table_from_the_list_asks_for_its_code(
    qtbot: QtBot, players: tuple[Player, Player]
) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from ui.lobby.listing import TableListing

    ana, ben = players
    ana.client.host(HostChoice("momistigri", 3, private=True))
    qtbot.waitUntil(lambda: isinstance(ana.window.table, TableSetupView), timeout=5000)
    port, code = ana.client.seat.port, ana.client.seat.code
    listed = TableListing("ana", "momistigri", "Ana", 1, 3, False, f"127.0.0.1:{port}", True)
    ben.window.lobby.network.add_or_update(listed)
    prefilled: list[str] = []

    def type_the_code() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, JoinDialog):
            QTimer.singleShot(10, type_the_code)
            return
        prefilled.append(dialog.address.text())
        dialog.code.setText(code)
        dialog.accept()

    QTimer.singleShot(0, type_the_code)
    ben.window.lobby.network.rows()[0].join_button.click()
    assert prefilled == [f"127.0.0.1:{port}"]
    qtbot.waitUntil(lambda: isinstance(ben.window.table, TableSetupView), timeout=8000)
    qtbot.waitUntil(lambda: seat_text(ana.setup(), 1) == "Ben", timeout=5000)


@pytest.mark.parametrize("consent", [True, False])
def test_a_damaged_identity_is_replaced_only_with_the_players_consent(
    qtbot: QtBot, tmp_path: Path, english: None, monkeypatch: pytest.MonkeyPatch, consent: bool
) -> None:
    from PySide6.QtWidgets import QMessageBox

    home = tmp_path / "ana"
    home.mkdir()
    (home / "identity.json").write_text("{ this is not json")
    asked: list[str] = []

    def answer(parent: object, title: str, text: str) -> QMessageBox.StandardButton:
        asked.append(text)
        return QMessageBox.StandardButton.Yes if consent else QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", answer)
    window = MainWindow(Settings(name="Ana"), start_network=False)
    qtbot.addWidget(window)
    client = LobbyNetwork(
        window, window.lobby.network, "Ana", lobby_options=LOOPBACK, browse=False, home=home
    )
    window.connect_network(client)
    client.start()
    qtbot.waitUntil(lambda: bool(asked), timeout=5000)
    assert "identity.json" in asked[0]
    if consent:
        qtbot.waitUntil(lambda: client.link.up, timeout=5000)
        assert list(home.glob("identity.json.damaged-*"))  # kept aside, not deleted
    else:
        qtbot.waitUntil(lambda: "identity" in window.lobby.network.hint_text(), timeout=5000)
        assert not client.link.up
        assert (home / "identity.json").read_text() == "{ this is not json"
    window.close()


def test_the_host_can_remove_a_player_before_the_start(
    qtbot: QtBot, players: tuple[Player, Player]
) -> None:
    ana, ben = players
    ana.client.host(HostChoice("momistigri", 3, private=False))
    qtbot.waitUntil(lambda: isinstance(ana.window.table, TableSetupView), timeout=5000)
    ben.client.join(JoinChoice("127.0.0.1", ana.client.seat.port, ""))
    host_view = ana.setup()
    qtbot.waitUntil(lambda: seat_text(host_view, 1) == "Ben", timeout=8000)
    remove = next(b for b in host_view.seat_buttons if b.text() == "Remove")
    remove.click()
    qtbot.waitUntil(lambda: seat_text(host_view, 1) == "Free", timeout=5000)
    assert not any(b.text() == "Remove" for b in host_view.seat_buttons)


def test_a_refused_table_request_is_told_not_swallowed(
    qtbot: QtBot, players: tuple[Player, Player]
) -> None:
    ana, _ = players
    ana.client.host(HostChoice("momistigri", 3, private=False))
    qtbot.waitUntil(lambda: isinstance(ana.window.table, TableSetupView), timeout=5000)
    ana.client.table_command(Start())  # two seats are still free
    qtbot.waitUntil(lambda: "seat" in ana.setup().notice.text().lower(), timeout=5000)
    assert ana.setup().notice.isVisibleTo(ana.setup())


def found(**changes: object) -> object:
    from net.discovery.mdns import Listing
    from net.limits import PROTOCOL_VERSION

    fields: dict[str, object] = {
        "service": "Ben's table._lanpurr._tcp.local.",
        "addresses": ("10.77.1.2",),
        "port": 47300,
        "version": PROTOCOL_VERSION,
        "game": "purrfect",
        "options": "0f0f0f0f",
        "taken": 3,
        "seats": 5,
        "state": "open",
        "host": "Ben",
        "fingerprint": "ab12",
        "private": False,
        "table": "t1",
    }
    fields.update(changes)
    return Listing(**fields)  # type: ignore[arg-type]


def test_tables_announced_by_the_network_layer_reach_the_panel(
    qtbot: QtBot, tmp_path: Path, english: None
) -> None:
    from net.events import TableFound, TableLost, TableUpdated
    from net.limits import PROTOCOL_VERSION

    window = MainWindow(Settings(name="Ana"), start_network=False)
    qtbot.addWidget(window)
    client = LobbyNetwork(
        window, window.lobby.network, "Ana", lobby_options=LOOPBACK, browse=False, home=tmp_path
    )
    window.connect_network(client)
    client.start()
    qtbot.waitUntil(lambda: client.link.up, timeout=5000)
    panel = window.lobby.network

    # As the browser does it: called on the network thread.
    client.bridge.call_soon(client.bridge.publish, TableFound(found()))
    client.bridge.call_soon(
        client.bridge.publish,
        # (another table: its own id; one id announced twice is a table that moved)
        TableFound(found(service="old", host="Cleo", version=PROTOCOL_VERSION + 1, table="t2")),
    )
    qtbot.waitUntil(lambda: len(panel.rows()) == 2, timeout=3000)
    rows = {row.table.host_name: row for row in panel.rows()}
    assert rows["Ben"].join_button.isEnabled()
    assert rows["Ben"].table.address == "10.77.1.2:47300"
    assert not rows["Cleo"].join_button.isEnabled()
    assert f"{PROTOCOL_VERSION} here, {PROTOCOL_VERSION + 1} there" in rows["Cleo"].detail.text()

    client.bridge.call_soon(client.bridge.publish, TableUpdated(found(state="playing")))
    client.bridge.call_soon(client.bridge.publish, TableLost("old"))
    qtbot.waitUntil(lambda: len(panel.rows()) == 1 and panel.rows()[0].table.playing, timeout=3000)
    assert "Already playing" in panel.rows()[0].detail.text()
    window.close()


def test_when_looking_for_tables_fails_hosting_and_joining_by_address_still_work(
    qtbot: QtBot, tmp_path: Path, english: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import net.lobby

    async def no_multicast(self: object) -> None:
        raise OSError("multicast is blocked")

    monkeypatch.setattr(net.lobby.Lobby, "browse", no_multicast)
    window = MainWindow(Settings(name="Ana"), start_network=False)
    qtbot.addWidget(window)
    client = LobbyNetwork(
        window,
        window.lobby.network,
        "Ana",
        lobby_options=LOOPBACK,
        home=tmp_path,
        host_options={"announce": False},
    )
    window.connect_network(client)
    client.start()
    qtbot.waitUntil(lambda: client.link.up, timeout=5000)
    hint = window.lobby.network.hint_text()
    assert "multicast is blocked" in hint and "Join by address" in hint
    assert client.host(HostChoice("gutters", 2, private=False))
    qtbot.waitUntil(lambda: isinstance(window.table, TableSetupView), timeout=5000)
    window.close()


def test_joining_from_the_list_tries_every_address_the_table_advertises(
    qtbot: QtBot, players: tuple[Player, Player]
) -> None:
    from net.events import TableFound

    ana, ben = players
    ana.client.host(HostChoice("purrfect", 4, private=False))
    qtbot.waitUntil(lambda: isinstance(ana.window.table, TableSetupView), timeout=5000)
    port = ana.client.seat.port
    # The first address leads nowhere (the host listens on 127.0.0.1 only), as a VPN's would.
    listing = found(host="Ana", addresses=("127.0.0.2", "127.0.0.1"), port=port, taken=1, seats=4)
    ben.client.bridge.call_soon(ben.client.bridge.publish, TableFound(listing))
    qtbot.waitUntil(lambda: len(ben.window.lobby.network.rows()) == 1, timeout=3000)
    ben.window.lobby.network.rows()[0].join_button.click()
    qtbot.waitUntil(lambda: isinstance(ben.window.table, TableSetupView), timeout=8000)
    qtbot.waitUntil(lambda: seat_text(ana.setup(), 1) == "Ben", timeout=5000)


def test_a_slow_join_says_where_it_is_joining_and_cancel_stops_it(
    qtbot: QtBot, tmp_path: Path, english: None
) -> None:
    """A table that does not answer (bad Wi-Fi, a wrong address) can keep a join trying for
    15 s: the lobby says so meanwhile, and Cancel hangs up without an error box."""
    import socket

    from PySide6.QtWidgets import QPushButton

    ben = Player(qtbot, tmp_path / "ben", "Ben")
    silent = socket.create_server(("127.0.0.1", 0))  # accepts, never says a word
    silent.settimeout(5)
    port = silent.getsockname()[1]
    failures: list[tuple[str, str]] = []
    ben.client.bridge.command_failed.connect(lambda what, why: failures.append((what, why)))
    try:
        ben.client.join(JoinChoice("127.0.0.1", port, ""))
        qtbot.waitUntil(
            lambda: ben.client.join_progress is not None and ben.client.join_progress.isVisible(),
            timeout=3000,
        )
        progress = ben.client.join_progress
        assert progress is not None and f"127.0.0.1:{port}" in progress.labelText()
        connection, _ = silent.accept()
        connection.settimeout(5)
        cancel = progress.findChild(QPushButton)
        assert cancel is not None and cancel.text() == "Cancel"
        cancel.click()
        assert ben.client.join_progress is None
        while connection.recv(4096):  # what the join said before it hung up
            pass
        qtbot.wait(200)
        assert not failures and ben.window.table is None  # back in the lobby, no error
    finally:
        silent.close()
        close_as_a_person(ben.window)
        ben.window.deleteLater()
