"""A table screen: the banner (whose turn, what to do), a Leave button, and the game's view."""

from PySide6.QtCore import QCoreApplication, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from ui import theme
from ui.tables.controller import LocalTable
from ui.tables.surface import TableView, font_px


class Banner(QWidget):
    """Always says whose turn it is and what I am expected to do; lights up when it is me."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.headline = ""
        self.detail = ""
        self.mine = False
        self.setMinimumHeight(round(64 * theme.current().zoom))

    def show_text(self, headline: str, detail: str, mine: bool) -> None:
        if (headline, detail, mine) != (self.headline, self.detail, self.mine):
            self.headline, self.detail, self.mine = headline, detail, mine
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        t = theme.current()
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(4, 4, -4, -4)
        p.setPen(QPen(t.color("accent_dark") if self.mine else t.color("wood_dark"), 2))
        p.setBrush(QBrush(t.color("accent") if self.mine else t.color("cream")))
        p.drawRoundedRect(r, 12, 12)
        p.setPen(t.color("ink"))
        p.setFont(font_px(theme.FontRole.HEADING, 20))
        top = QRectF(r.left() + 16, r.top() + 4, r.width() - 32, r.height() * 0.5)
        p.drawText(
            top, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), self.headline
        )
        p.setFont(font_px(theme.FontRole.BODY, 16))
        bottom = QRectF(r.left() + 16, r.center().y(), r.width() - 32, r.height() * 0.5 - 4)
        p.drawText(
            bottom, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), self.detail
        )
        p.end()


class TableScreen(QWidget):
    """What the lobby shows for a game in progress."""

    leave_requested = Signal()

    def __init__(
        self,
        game_id: str,
        view: TableView,
        controller: LocalTable | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.game_id = game_id
        self.view = view
        self.controller = controller
        self.banner = Banner()
        self.rules = QPushButton(QCoreApplication.translate("TableScreen", "Rules"))
        self.rules.clicked.connect(self.show_rules)
        self.leave = QPushButton(QCoreApplication.translate("TableScreen", "Leave the table"))
        self.leave.clicked.connect(self.leave_requested)
        view.leave_requested.connect(self.leave_requested)
        top = QHBoxLayout()
        top.addWidget(self.banner, 1)
        top.addWidget(self.rules, 0, Qt.AlignmentFlag.AlignVCenter)
        top.addWidget(self.leave, 0, Qt.AlignmentFlag.AlignVCenter)
        column = QVBoxLayout(self)
        column.setContentsMargins(6, 6, 6, 6)
        column.addLayout(top)
        column.addWidget(view, 1)
        view.banner_changed.connect(self.refresh_banner)
        self.leave_requested.connect(self._stop)
        self.refresh_banner()

    def refresh_banner(self) -> None:
        headline, detail, mine = self.view.banner()
        self.banner.show_text(headline, detail, mine)
        window = self.window()
        if window is not None and headline:
            window.setWindowTitle(f"lanpurr — {headline}")

    def show_rules(self) -> QWidget:
        """The rules of this table's game, beside the table (the table keeps running)."""
        from ui.rules import show_rules

        return show_rules(self.game_id, self)

    def _stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
