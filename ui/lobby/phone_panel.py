"""Watch on a phone: the QR code and short address of the page this laptop serves for its
table (net/phone/), and how many phones watch from it.

The waiting room shows the panel; at the game's table a button in the top row opens it.
"""

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from net.watch_events import PhonesElsewhere, PhonesWatching
from ui import theme
from ui.addresses import local_addresses
from ui.event_listener import shows
from ui.lobby.share_panel import QrCode


def phone_address(bind: str, port: int | None) -> str | None:
    """The page's address on the LAN, served on `port` by a table bound to `bind`; None when
    this laptop serves none."""
    from net.phone.watch import phone_url

    if port is None:
        return None
    address = bind if bind not in ("0.0.0.0", "::", "") else (local_addresses() or [""])[0]
    return phone_url(address or "127.0.0.1", port)


class PhoneCount(QObject):
    """How many phones watch my table: from this laptop's page, and from the others' pages as
    each laptop says. What shows the count follows `changed` (`show_on`)."""

    changed = Signal(int, int)
    """(phones at this laptop's page, phones at the other laptops')"""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.here = 0
        self.elsewhere: dict[bytes, int] = {}

    @property
    def others(self) -> int:
        return sum(self.elsewhere.values())

    @shows(PhonesWatching)
    def _watching_here(self, event: PhonesWatching) -> None:
        self.here = event.count
        self.changed.emit(self.here, self.others)

    @shows(PhonesElsewhere)
    def _watching_elsewhere(self, event: PhonesElsewhere) -> None:
        self.elsewhere[event.key] = event.count
        self.changed.emit(self.here, self.others)

    def show_on(self, view: "PhonePanel | PhoneButton") -> None:
        """`view` shows the count from now on (until it is gone)."""
        view.show_phones(self.here, self.others)
        self.changed.connect(view.show_phones)


class PhonePanel(QWidget):
    """ "Watch on a phone": a QR code, the address to type, and the phones watching."""

    def __init__(self, address: str, parent: QWidget | None = None, big: bool = False) -> None:
        super().__init__(parent)
        t = theme.current()
        self.setObjectName("PhonePanel")
        self.address = address
        self.qr = QrCode(address)
        side = t.px(220 if big else 112)
        self.qr.setFixedSize(side, side)
        self.heading = QLabel()
        self.heading.setFont(t.font(theme.FontRole.HEADING))
        self.link = QLabel(address)
        self.link.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.link.setFont(t.font(theme.FontRole.HEADING))
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.count = QLabel()
        words = QVBoxLayout()
        words.addWidget(self.heading)
        words.addWidget(self.link)
        words.addWidget(self.hint)
        words.addWidget(self.count)
        words.addStretch(1)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.qr, 0, Qt.AlignmentFlag.AlignTop)
        row.addLayout(words, 1)
        self.phones = self.elsewhere = 0
        self.say_words()

    def say_words(self) -> None:
        self.heading.setText(QCoreApplication.translate("PhonePanel", "Watch on a phone"))
        self.hint.setText(
            QCoreApplication.translate(
                "PhonePanel",
                "Scan the code or type the address in a phone's browser on this network: it "
                "shows the table as a watcher sees it, and nothing a player hides.",
            )
        )
        self.show_phones(self.phones, self.elsewhere)

    def show_phones(self, count: int, elsewhere: int = 0) -> None:
        """`count` phones watch from this laptop's page, `elsewhere` from the others'."""
        self.phones, self.elsewhere = count, elsewhere
        said = []
        if count == 1:
            said.append(
                QCoreApplication.translate("PhonePanel", "1 phone watches from this laptop")
            )
        elif count:
            said.append(
                QCoreApplication.translate(
                    "PhonePanel", "%1 phones watch from this laptop"
                ).replace("%1", str(count))
            )
        if elsewhere:
            said.append(
                QCoreApplication.translate(
                    "PhonePanel", "Phones watching from the other laptops: %1"
                ).replace("%1", str(elsewhere))
            )
        self.count.setText(" · ".join(said))


class PhoneButton(QPushButton):
    """At a game's table: "Phones: 2" in the top row; it opens the panel."""

    def __init__(self, address: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.address = address
        self.phones = self.elsewhere = 0
        self.dialog: QDialog | None = None
        self.panel: PhonePanel | None = None
        self.setObjectName("PhoneButton")
        self.setAccessibleName(QCoreApplication.translate("PhonePanel", "Watch on a phone"))
        self.clicked.connect(self.open_panel)
        self.show_phones(0)

    def show_phones(self, count: int, elsewhere: int = 0) -> None:
        """The phones watching the table: from this laptop's page, and from the others'."""
        self.phones, self.elsewhere = count, elsewhere
        total = count + elsewhere
        self.setText(
            QCoreApplication.translate("PhonePanel", "Phones watching: %1").replace(
                "%1", str(total)
            )
            if total
            else QCoreApplication.translate("PhonePanel", "Watch on a phone")
        )
        if self.panel is not None:
            self.panel.show_phones(count, elsewhere)

    def open_panel(self) -> None:
        if self.dialog is None:
            self.dialog = QDialog(self.window())
            self.dialog.setWindowTitle(QCoreApplication.translate("PhonePanel", "Watch on a phone"))
            self.panel = PhonePanel(self.address, self.dialog, big=True)
            layout = QVBoxLayout(self.dialog)
            layout.addWidget(self.panel)
            self.panel.show_phones(self.phones, self.elsewhere)
        self.dialog.show()
        self.dialog.raise_()
