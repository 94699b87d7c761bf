"""The app offers "Watch on a phone" at a table: in the waiting room a panel with the QR code
and the address of the page this laptop serves, at the game's table a button that opens it;
both say how many phones watch."""

from types import SimpleNamespace
from typing import Any

from pytestqt.qtbot import QtBot

from net.phone.watch import phone_url
from net.watch_events import PhonesElsewhere, PhonesWatching


def _client() -> Any:
    """What of the lobby's network client the panel needs, with a real bridge that hands the
    phones' events to the count (its thread never starts: `publish` hands them out at once)."""
    from ui.chat.log import ChatLog
    from ui.lobby.network_client import LobbyNetwork
    from ui.lobby.phone_panel import PhoneCount
    from ui.net_bridge import NetBridge

    bridge = NetBridge()
    client = SimpleNamespace(
        chat=ChatLog(), say=lambda data: None, bridge=bridge, phone_count=PhoneCount(bridge)
    )
    bridge.listen(client.phone_count)
    client.phone_address = lambda: phone_url("10.0.0.5", 47301)
    client.attach_phones = lambda screen: LobbyNetwork.attach_phones(client, screen)  # type: ignore[arg-type]
    return client


def test_the_waiting_room_shows_the_phones_address_and_its_qr_code(qtbot: QtBot) -> None:
    from ui.lobby.phone_panel import PhonePanel
    from ui.lobby.table_setup import TableSetupView

    client = _client()
    view = TableSetupView(client, b"a" * 32, "10.0.0.5:47300")
    qtbot.addWidget(view)
    client.attach_phones(view)
    panel = view.findChild(PhonePanel)
    assert panel is not None
    assert panel.qr.text == "http://10.0.0.5:47301/" and panel.qr.matrix
    assert panel.link.text() == "http://10.0.0.5:47301/"
    assert panel.heading.text() == "Watch on a phone"
    client.bridge.publish(PhonesWatching(2, 47301))
    assert panel.count.text() == "2 phones watch from this laptop"
    client.bridge.publish(PhonesElsewhere(b"b" * 32, "Ben", 3))  # (as Ben's laptop said)
    assert panel.count.text() == (
        "2 phones watch from this laptop · Phones watching from the other laptops: 3"
    )


def test_the_game_s_table_has_a_button_that_opens_the_panel(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QHBoxLayout, QWidget

    from ui.lobby.phone_panel import PhoneButton

    client = _client()
    screen = QWidget()
    screen.top_row = QHBoxLayout(screen)  # type: ignore[attr-defined]
    qtbot.addWidget(screen)
    client.attach_phones(screen)
    button = screen.findChild(PhoneButton)
    assert button is not None and button.text() == "Watch on a phone"
    client.bridge.publish(PhonesWatching(1, 47301))
    assert button.text() == "Phones watching: 1"
    button.click()
    assert button.panel is not None and button.panel.qr.text == "http://10.0.0.5:47301/"
    assert button.panel.count.text() == "1 phone watches from this laptop"
    button.dialog.close()  # type: ignore[union-attr]


def test_no_panel_where_this_laptop_serves_no_page(qtbot: QtBot) -> None:
    from ui.lobby.phone_panel import PhonePanel, phone_address
    from ui.lobby.table_setup import TableSetupView

    client = _client()
    client.phone_address = lambda: None
    view = TableSetupView(client, b"a" * 32, "")
    qtbot.addWidget(view)
    client.attach_phones(view)
    assert view.findChild(PhonePanel) is None
    assert phone_address("10.1.2.3", None) is None  # (no page served: net.lobby.AtTable)
    assert phone_address("10.1.2.3", 47301) == "http://10.1.2.3:47301/"
