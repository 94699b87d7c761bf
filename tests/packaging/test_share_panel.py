"""The lobby's "Give lanpurr" button, its dialog and the About box, with real widgets and a real
share server on loopback."""

from __future__ import annotations

import http.client
import json
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from tests.packaging.conftest import ROOT, Watched
from ui.lobby.share_panel import ShareDialog, ShareService
from ui.main_window import MainWindow
from ui.settings import Settings


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("LANPURR_HOME", str(home))
    monkeypatch.delenv("LANPURR_KIT", raising=False)


@pytest.fixture
def service(qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> Iterator[ShareService]:
    """The app's share service, on loopback and any free port."""
    from ui import i18n, theme

    i18n.install("en")
    theme.set_theme(theme.Theme())
    made = ShareService(qapp, host="127.0.0.1", port=0)
    monkeypatch.setattr(ShareService, "_instance", made)
    yield made
    made.stop()
    made.deleteLater()


@pytest.fixture
def small_kit(tmp_path: Path) -> Path:
    kit = tmp_path / "kit"
    (kit / "wheels").mkdir(parents=True)
    (kit / "wheels" / "lanpurr-0.1.0-py3-none-any.whl").write_bytes(b"PK not really")
    return kit


def fetch(url: str, path: str = "/") -> tuple[int, str]:
    host, port = url.removeprefix("http://").rstrip("/").rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read().decode()
    connection.close()
    return response.status, body


def port_closed(url: str) -> bool:
    host, port = url.removeprefix("http://").rstrip("/").rsplit(":", 1)
    try:
        socket.create_connection((host, int(port)), timeout=1).close()
    except OSError:
        return True
    return False


def open_lobby(qtbot: QtBot) -> MainWindow:
    window = MainWindow(Settings(name="Ana"), start_network=False)
    qtbot.addWidget(window)
    window.show()
    return window


def test_the_share_button_serves_the_kit_and_shows_the_address_to_type(
    qtbot: QtBot, service: ShareService, small_kit: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANPURR_KIT", str(small_kit))
    window = open_lobby(qtbot)
    buttons = window.lobby.share
    assert buttons.share_button.text() == "Give lanpurr"
    dialog = buttons.open_share()
    qtbot.waitUntil(lambda: service.running, timeout=5000)
    url = service.urls[0]
    assert url.startswith("http://127.0.0.1:")
    assert dialog.address.text() == url.removeprefix("http://").rstrip("/")
    assert dialog.address.isVisible()
    assert dialog.qr.text == url and len(dialog.qr.matrix) >= 21 and dialog.qr.isVisible()
    assert any(any(row) for row in dialog.qr.matrix)
    qtbot.waitUntil(lambda: buttons.share_button.text() == "Sharing lanpurr…", timeout=2000)
    status, page = fetch(url)  # what the friend's browser gets at that address
    assert status == 200 and "<title>Get lanpurr</title>" in page
    assert f"--find-links {url}wheels/ lanpurr" in page
    fetch(url, "/wheels/lanpurr-0.1.0-py3-none-any.whl")
    qtbot.waitUntil(lambda: "downloaded lanpurr-0.1.0" in dialog.status.text(), timeout=3000)

    dialog.stop_button.click()
    assert not service.running and port_closed(url)
    assert not dialog.address.isVisible() and dialog.status.text() == "Not sharing."
    assert buttons.share_button.text() == "Give lanpurr"


def test_sharing_goes_on_when_the_dialog_closes_and_stops_when_the_app_quits(
    qtbot: QtBot, service: ShareService, small_kit: Path, qapp: QApplication
) -> None:
    window = open_lobby(qtbot)
    service.start(small_kit)
    qtbot.waitUntil(lambda: service.running, timeout=5000)
    url = service.urls[0]
    dialog = window.lobby.share.open_share()
    dialog.close()
    window.rebuild_lobby()  # a language change rebuilds the lobby: sharing must not stop
    assert fetch(url)[0] == 200
    assert window.lobby.share.share_button.text() == "Sharing lanpurr…"
    qapp.aboutToQuit.emit()
    assert not service.running and port_closed(url)


def test_with_no_kit_the_dialog_says_how_to_make_one(qtbot: QtBot, service: ShareService) -> None:
    window = open_lobby(qtbot)
    dialog = window.lobby.share.open_share()
    assert isinstance(dialog, ShareDialog)
    assert not service.running
    assert "packaging/build.py" in dialog.status.text()
    assert dialog.start_button.isEnabled() and dialog.choose_button.isEnabled()


def test_a_folder_that_is_no_kit_is_explained_in_the_dialog(
    qtbot: QtBot, service: ShareService, tmp_path: Path
) -> None:
    window = open_lobby(qtbot)
    dialog = window.lobby.share.open_share()
    (tmp_path / "photos" / "wheels").mkdir(parents=True)
    service.start(tmp_path / "photos")
    qtbot.waitUntil(lambda: "holds no app archive" in dialog.status.text(), timeout=5000)
    assert not service.running


def test_the_about_box_shows_the_version_and_the_protocol(
    qtbot: QtBot, service: ShareService
) -> None:
    from importlib.metadata import version

    from net.limits import PROTOCOL_VERSION

    window = open_lobby(qtbot)
    menu = window.lobby.share.help_menu
    [about] = [a for a in menu.actions() if a.text() == "About lanpurr"]
    about.trigger()
    boxes = [w for w in QApplication.topLevelWidgets()
             if isinstance(w, QMessageBox) and w.isVisible()]  # fmt: skip
    assert len(boxes) == 1
    text = boxes[0].text()
    assert f"lanpurr {version('lanpurr')}" in text
    assert f"Network protocol {PROTOCOL_VERSION}" in text
    boxes[0].close()


def test_joining_a_laptop_with_another_protocol_version_says_so_in_words(
    qtbot: QtBot, service: ShareService, tmp_path: Path
) -> None:
    """A host whose lanpurr speaks the next protocol (a real process on loopback, no
    announcement); this app is told why it cannot sit down."""
    from net.limits import PROTOCOL_VERSION
    from ui.lobby.host_join_dialogs import JoinChoice
    from ui.lobby.network_client import LobbyNetwork

    ours, theirs = PROTOCOL_VERSION, PROTOCOL_VERSION + 1
    newer = (
        f"import sys, net.limits; net.limits.PROTOCOL_VERSION = {theirs}\n"
        "from ui.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    host = Watched(
        [sys.executable, "-c", newer, "host", "momistigri", "--no-announce", "--json",
         "--interface", "127.0.0.1", "--name", "Cleo", "--home", str(tmp_path / "cleo")],
        cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    try:
        hosted = json.loads(host.wait_for(lambda line: '"hosting"' in line, 30))
        window = open_lobby(qtbot)
        client = LobbyNetwork(window, window.lobby.network, "Ana",
                              lobby_options={"bind": "127.0.0.1", "interfaces": ["127.0.0.1"]},
                              browse=False, home=tmp_path / "ana")  # fmt: skip
        window.connect_network(client)
        client.start()
        qtbot.waitUntil(lambda: client.link.up, timeout=5000)
        client.join(JoinChoice("127.0.0.1", hosted["port"], ""))

        # The join dialog comes back with what was typed and, under it, why.
        qtbot.waitUntil(lambda: window.join_dialog is not None, timeout=10000)
        dialog = window.join_dialog
        assert dialog is not None and dialog.error.isVisible()
        text = dialog.error.text()
        assert f"protocol {theirs}" in text and f"protocol {ours}" in text
        assert "same lanpurr version" in text
        dialog.close()
        window.close()
    finally:
        host.stop()
