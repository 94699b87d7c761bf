"""The lobby's "Give lanpurr" and "?" buttons, the sharing dialog, the help and the About box.

Sharing runs `net.share.server.ShareServer` (standard library, its own thread). One `ShareService`
lives as long as the app: the dialog can close and the lobby can be rebuilt (a language change)
while friends are still downloading; the service stops when asked or when the app quits.
Scanning the kit (hashing a few hundred MB of wheels) happens off the UI thread.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QShowEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ui import theme
from ui.addresses import local_addresses

if TYPE_CHECKING:
    from net.share.server import ShareServer


class ShareService(QObject):
    """Starts and stops the share server; reports on the UI thread through its signals."""

    preparing = Signal()
    """No kit, so the running app is being packed to be shared (some seconds)."""
    started = Signal(list)
    """The addresses to type (full http:// URLs), first the one to show large."""
    stopped = Signal()
    failed = Signal(str)
    downloaded = Signal(str, str)
    """(the friend's address, the file name)"""

    _ready = Signal(object)
    """Internal: the scan's result (a ShareServer or an error text), hopped to the UI thread."""

    _instance: ShareService | None = None

    def __init__(self, parent: QObject | None = None, host: str = "0.0.0.0",
                 port: int | None = None) -> None:  # fmt: skip
        """`host` and `port` say where to listen (tests use loopback and any free port)."""
        super().__init__(parent)
        self.host = host
        self.port = port
        self.server: ShareServer | None = None
        """The server, serving on its own thread; the UI calls only its `start` and `stop`."""
        self.urls: list[str] = []
        self.kit_root: Path | None = None
        """The folder of the kit being shared."""
        self.kit_folder: Path | None = None
        self._starting = False
        self._ready.connect(self._on_ready)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)

    @classmethod
    def instance(cls) -> ShareService:
        """The app's one service (created on first use, owned by the application object)."""
        if cls._instance is None:
            cls._instance = ShareService(QCoreApplication.instance())
        return cls._instance

    @property
    def running(self) -> bool:
        return self.server is not None

    def find_kit(self) -> Path | None:
        from net.share.server import find_kit

        return find_kit(self.kit_folder)

    def start(self, kit_folder: Path | None = None) -> None:
        """Scan the kit and start serving, in the background; `started` or `failed` follows."""
        if self.running or self._starting:
            return
        if kit_folder is not None:
            self.kit_folder = kit_folder
        from net.share.share_self import running_app_folder

        folder = self.find_kit()
        if folder is None:
            if running_app_folder() is None:
                self.failed.emit(self._no_kit_text())
                return
            self.preparing.emit()  # the app packs itself, in the background
        self._starting = True
        threading.Thread(target=self._scan_and_bind, args=(folder,), daemon=True).start()

    def _scan_and_bind(self, folder: Path | None) -> None:
        from net.home import home_dir
        from net.share.server import DEFAULT_PORT, KitError, ShareServer, scan_kit
        from net.share.share_self import kit_of_running_app

        try:
            if folder is None:
                folder = kit_of_running_app(home_dir() / "shared-app")
                if folder is None:
                    raise KitError(self._no_kit_text())
            kit = scan_kit(folder)
            server = ShareServer(
                kit,
                host=self.host,
                port=DEFAULT_PORT if self.port is None else self.port,
                on_download=self.downloaded.emit,
            )
        except (KitError, OSError) as error:
            self._ready.emit(str(error))
            return
        self._ready.emit(server)

    def _on_ready(self, result: object) -> None:
        from net.share.server import ShareServer, url

        self._starting = False
        if isinstance(result, str):
            self.failed.emit(result)
            return
        assert isinstance(result, ShareServer)
        self.server = result
        self.kit_root = result.kit.root
        result.start()
        self.urls = [url(address, result.port) for address in result.addresses()]
        self.started.emit(self.urls)

    def stop(self) -> None:
        server, self.server = self.server, None
        if server is not None:
            server.stop()
            self.urls = []
            self.kit_root = None
            self.stopped.emit()

    @staticmethod
    def _no_kit_text() -> str:
        return QCoreApplication.translate(
            "ShareDialog",
            "There is nothing to give yet: lanpurr shares its kit (the apps for each system "
            "and the Python wheels). Make one at home, with the internet, by running "
            "python3 packaging/build.py in lanpurr's source folder, then choose its "
            "dist/kit folder here.",
        )


class QrCode(QWidget):
    """A QR code of one text, drawn square and crisp at any size (segno makes the matrix)."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.matrix: list[list[bool]] = []
        self.text = ""
        self.set_text(text)

    def set_text(self, text: str) -> None:
        import segno

        self.text = text
        self.matrix = (
            [[bool(cell) for cell in row] for row in segno.make_qr(text, error="m").matrix]
            if text
            else []
        )
        self.setAccessibleName(text)
        self.update()

    def sizeHint(self) -> QSize:
        side = theme.current().px(180)
        return QSize(side, side)

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.matrix:
            return
        painter = QPainter(self)
        border = 4  # the quiet zone a reader needs, in modules
        modules = len(self.matrix) + 2 * border
        side = min(self.width(), self.height())
        cell = side / modules
        left = (self.width() - side) / 2
        top = (self.height() - side) / 2
        painter.fillRect(QRectF(left, top, side, side), QColor("white"))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("black"))
        for y, row in enumerate(self.matrix):
            for x, dark in enumerate(row):
                if dark:
                    # A hair wider than the cell, so no seams show between modules.
                    corner_x = left + (x + border) * cell
                    corner_y = top + (y + border) * cell
                    painter.drawRect(QRectF(corner_x, corner_y, cell + 0.5, cell + 0.5))
        painter.end()


def typed(url: str) -> str:
    """What a person types in a browser's address bar for `url`."""
    return url.removeprefix("http://").rstrip("/")


class ShareDialog(QDialog):
    """Start or stop sharing; while sharing, the address to type (big) and its QR code."""

    def __init__(self, service: ShareService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        t = theme.current()
        self.service = service
        self.setWindowTitle(self.tr("Give lanpurr to a friend"))
        self.explain = QLabel(
            self.tr(
                "Friends on this network can install lanpurr from this laptop, with no "
                "internet: they open the address below in a web browser and follow the steps "
                "for their system."
            )
        )
        self.explain.setWordWrap(True)
        self.address = QLabel("")
        self.address.setFont(t.font(theme.FontRole.DISPLAY))
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.address.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.others = QLabel("")
        self.others.setWordWrap(True)
        self.others.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr = QrCode()
        self.qr.setMinimumSize(self.qr.sizeHint())
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.status.setStyleSheet(f"color: {t.palette.ink_soft};")
        self.start_button = QPushButton(self.tr("Start sharing"))
        self.stop_button = QPushButton(self.tr("Stop sharing"))
        self.choose_button = QPushButton(self.tr("Choose the kit folder…"))
        close = QPushButton(self.tr("Close"))
        self.start_button.clicked.connect(lambda: self.service.start())
        self.stop_button.clicked.connect(self.service.stop)
        self.choose_button.clicked.connect(self.choose_kit)
        close.clicked.connect(self.close)
        buttons = QHBoxLayout()
        buttons.addWidget(self.choose_button)
        buttons.addStretch(1)
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.stop_button)
        buttons.addWidget(close)
        column = QVBoxLayout(self)
        column.addWidget(self.explain)
        column.addWidget(self.address)
        column.addWidget(self.qr, 1, Qt.AlignmentFlag.AlignHCenter)
        column.addWidget(self.others)
        column.addWidget(self.status)
        column.addLayout(buttons)
        self.setMinimumWidth(t.px(600))
        service.preparing.connect(self.show_preparing)
        service.started.connect(self.show_sharing)
        service.stopped.connect(self.show_stopped)
        service.failed.connect(self.show_failure)
        service.downloaded.connect(self.show_download)
        self.downloads = 0
        if service.running:
            self.show_sharing(service.urls)
        else:
            self.show_stopped()

    def say(self, text: str, problem: bool = False) -> None:
        """Show how sharing goes, with the room its words need; a problem in the warning colour,
        so that a press of Start that cannot share is seen to say why."""
        t = theme.current()
        colour = t.palette.danger if problem else t.palette.ink_soft
        self.status.setStyleSheet(f"color: {colour};" + (" font-weight: bold;" if problem else ""))
        self.status.setText(text)
        self.fit_text()

    def fit_text(self) -> None:
        """Tall enough for every wrapped line at the dialog's width: a dialog sizes itself
        before it knows where its paragraphs wrap, and cut them off."""
        self.ensurePolished()  # the theme's fonts decide where lines wrap
        layout = self.layout()
        if layout is None:
            return
        layout.activate()
        width = max(self.width(), self.minimumWidth(), layout.minimumSize().width())
        height = layout.totalHeightForWidth(width)
        self.setMinimumHeight(height)
        self.resize(width, height)

    def showEvent(self, event: QShowEvent) -> None:
        self.fit_text()
        super().showEvent(event)

    def show_sharing(self, urls: list[str]) -> None:
        self.address.setText(typed(urls[0]))
        self.address.show()
        self.qr.set_text(urls[0])
        self.qr.show()
        others = [typed(u) for u in urls[1:]]
        self.others.setText(
            self.tr("On another network of this laptop: %1").replace("%1", ", ".join(others))
            if others
            else ""
        )
        root = self.service.kit_root
        self.say(
            self.tr("Sharing from %1. It stops when you press Stop or quit lanpurr.").replace(
                "%1", str(root) if root is not None else "?"
            )
        )
        self.start_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.choose_button.setEnabled(False)
        self.fit_text()

    def show_stopped(self) -> None:
        self.address.setText("")
        self.address.hide()
        self.qr.set_text("")
        self.qr.hide()
        self.others.setText("")
        self.say(self.tr("Not sharing."))
        self.start_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        self.choose_button.setEnabled(True)
        self.fit_text()

    def show_preparing(self) -> None:
        self.say(
            self.tr("Packing this copy of lanpurr so that it can be given (about ten seconds)…")
        )
        self.start_button.setEnabled(False)
        self.choose_button.setEnabled(False)

    def show_failure(self, text: str) -> None:
        self.show_stopped()
        self.say(text, problem=True)
        self.choose_button.setFocus()  # (what to do next)

    def show_download(self, who: str, name: str) -> None:
        self.downloads += 1
        self.say(
            self.tr("%1 downloaded %2 (%3 downloads so far).")
            .replace("%1", who)
            .replace("%2", name)
            .replace("%3", str(self.downloads))
        )

    def choose_kit(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("The lanpurr kit folder"))
        if folder:
            self.service.start(Path(folder))


def my_fingerprint() -> str:
    """This laptop's fingerprint, which a player joining its tables compares ("" if this
    laptop has no readable identity yet)."""
    from net.home import IdentityDamaged, home_dir

    path = home_dir() / "identity.json"
    if not path.exists():
        return ""
    from net.home import load_profile

    try:
        return load_profile().identity.fingerprint
    except (IdentityDamaged, OSError):
        return ""


def about_text(fingerprint: str = "") -> str:
    from lanpurr.version import version_text
    from net.limits import PROTOCOL_VERSION

    text = (
        QCoreApplication.translate(
            "AboutBox",
            "<h2>lanpurr %1</h2><p>Cat card games for LAN parties: peer to peer, no server, "
            "fair by cryptography.</p><p>Network protocol %2: laptops at one table need the "
            "same protocol.</p><p>Free software under the MIT licence.</p>",
        )
        .replace("%1", version_text())
        .replace("%2", str(PROTOCOL_VERSION))
    )
    if fingerprint:
        text += QCoreApplication.translate(
            "AboutBox",
            "<p>This laptop's fingerprint: <b>%1</b><br>Players who join your tables by "
            "address compare it with the one their screen shows.</p>",
        ).replace("%1", fingerprint)
    return text


def show_about(parent: QWidget) -> QMessageBox:
    box = QMessageBox(parent)
    box.setWindowTitle(QCoreApplication.translate("AboutBox", "About lanpurr"))
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(about_text(my_fingerprint()))
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.setModal(False)
    box.show()
    return box


def no_table_text(addresses: list[str]) -> str:
    """What to try when the lobby lists no tables."""
    here = ", ".join(addresses) or QCoreApplication.translate("HelpBox", "none")
    return QCoreApplication.translate(
        "HelpBox",
        "<h3>No table found?</h3>"
        "<p>Laptops find each other's tables by a kind of broadcast that some networks "
        "block.</p><ul>"
        "<li><b>Guest or hotel Wi-Fi</b> often keeps laptops apart. Use a network of your "
        "own, or a phone's hotspot that every laptop joins.</li>"
        "<li><b>A firewall</b> may stop lanpurr: allow it on private networks (on Windows, "
        "answer Allow when asked).</li>"
        "<li><b>Join by address</b> works even when tables are not listed: the host's lobby "
        "shows its address at the bottom; type it in Join by address. The port after the "
        "colon may be left out.</li></ul>"
        "<p>This laptop's address: %1</p>",
    ).replace("%1", here)


def show_no_table_help(parent: QWidget, addresses: list[str]) -> QMessageBox:
    box = QMessageBox(parent)
    box.setWindowTitle(QCoreApplication.translate("HelpBox", "No table found?"))
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(no_table_text(addresses))
    box.setModal(False)
    box.show()
    return box


class LobbyButtons(QObject):
    """The two header buttons; the share button says when the laptop is sharing, the "?"
    button opens the help: each game's rules, what to do when no table is found, About."""

    rules_requested = Signal(str)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        t = theme.current()
        self.window_parent = parent
        self.service = ShareService.instance()
        self.share_button = QPushButton()
        self.share_button.setFont(t.font(theme.FontRole.HEADING))
        self.share_button.setToolTip(
            self.tr("Let the laptops around you install lanpurr from this one, with no internet")
        )
        self.about_button = QPushButton("?")
        self.about_button.setFont(t.font(theme.FontRole.HEADING))
        self.about_button.setToolTip(self.tr("Help: rules, no table found, about lanpurr"))
        self.about_button.setAccessibleName(self.tr("Help"))
        self.help_menu = self._help_menu()
        self.about_button.setMenu(self.help_menu)
        self.share_button.clicked.connect(self.open_share)
        self.service.started.connect(self._label)
        self.service.stopped.connect(self._label)
        self.dialog: ShareDialog | None = None
        self._label()

    def _help_menu(self) -> QMenu:
        from ui.catalogue import GAMES, tr

        menu = QMenu(self.about_button)
        for game in GAMES:
            action = menu.addAction(self.tr("How to play %1").replace("%1", tr(game.name)))
            action.triggered.connect(
                lambda _=False, game_id=game.game_id: self.rules_requested.emit(game_id)
            )
        menu.addSeparator()
        menu.addAction(self.tr("No table found?")).triggered.connect(
            lambda: show_no_table_help(self.window_parent, local_addresses())
        )
        menu.addAction(self.tr("About lanpurr")).triggered.connect(
            lambda: show_about(self.window_parent)
        )
        return menu

    def _label(self, *_: object) -> None:
        self.share_button.setText(
            self.tr("Sharing lanpurr…") if self.service.running else self.tr("Give lanpurr")
        )

    def open_share(self) -> ShareDialog:
        if self.dialog is None:
            self.dialog = ShareDialog(self.service, self.window_parent)
        self.dialog.show()
        self.dialog.raise_()
        if not self.service.running:
            self.service.start()
        return self.dialog


def add_lobby_buttons(header: QBoxLayout, parent: QWidget) -> LobbyButtons:
    """Put "Give lanpurr" and "?" at the start of the lobby header's right-hand buttons."""
    buttons = LobbyButtons(parent)
    at = max(header.count() - 2, 0)  # before the name and settings buttons
    header.insertWidget(at, buttons.about_button)
    header.insertWidget(at, buttons.share_button)
    return buttons
