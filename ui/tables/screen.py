"""A table screen: the banner (whose turn, what to do), Rules / Moves / Keys / Leave, the game's
view, and beside it the log of moves and the scores of the game's rounds."""

from PySide6.QtCore import QCoreApplication, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QBrush,
    QFont,
    QFontMetricsF,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
    QShortcut,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ui import theme
from ui.sound.table_sounds import TableSounds
from ui.sound.toggle import SoundToggle
from ui.tables.local_table import LocalTable
from ui.tables.table_text import fit_name, font_px, text_fits
from ui.tables.table_view import TableView

LOG_LIMIT = 400
"""Lines kept in the move log (a long game of Purrfect makes thousands of moves)."""


def ask_to_leave(parent: QWidget, ends_for_all: bool = False, hands_on: bool = False) -> bool:
    """Ask whether to leave a game that is not over; True to leave."""
    asked = leave_question(parent, ends_for_all, hands_on)
    return asked.exec() == QMessageBox.StandardButton.Yes


def leave_question(
    parent: QWidget, ends_for_all: bool = False, hands_on: bool = False
) -> QMessageBox:
    """The question asked before leaving a game that is not over. `ends_for_all`: I host a
    game between laptops, which ends for everyone when I leave; `hands_on`: I host it, and a
    bot takes my seat while the next laptop of the table hosts it."""
    if ends_for_all:
        text = QCoreApplication.translate(
            "TableScreen",
            "You host this game: if you leave, it ends for everyone at the table. Leave anyway?",
        )
    elif hands_on:
        text = QCoreApplication.translate(
            "TableScreen",
            "You host this game: if you leave, a bot takes your seat and the next laptop at the "
            "table hosts the game. Leave anyway?",
        )
    else:
        text = QCoreApplication.translate(
            "TableScreen", "The game is not over. Leave the table anyway?"
        )
    box = QMessageBox(
        QMessageBox.Icon.Question,
        QCoreApplication.translate("TableScreen", "Leave the table?"),
        text,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        parent,
    )
    # The buttons say what they do, in the app's language.
    box.button(QMessageBox.StandardButton.Yes).setText(
        QCoreApplication.translate("TableScreen", "Leave")
    )
    box.button(QMessageBox.StandardButton.No).setText(
        QCoreApplication.translate("TableScreen", "Stay")
    )
    box.setDefaultButton(QMessageBox.StandardButton.No)
    return box


DETAIL_LINES = 2
"""Lines of detail the banner always has room for."""
DETAIL_PX = (16, 15, 14, 13)
"""The detail's font sizes, largest first: a long detail takes a smaller one, not a line more."""
HEADLINE_PX = (20, 18, 16, 14)
"""The headline's font sizes, largest first: the first that holds it on its line (a narrow
banner, beside a table's many buttons at 1024×600, cut "Everyone plays at once" mid-word)."""


class Banner(QWidget):
    """Always says whose turn it is and what I am expected to do; lights up when it is me.

    Its height does not change from one step to the next (the table under it would jump, and a
    click land on the wrong card): room for two lines of detail, in a smaller font when the
    detail needs it. Only a detail too long even so makes it grow."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.headline = ""
        self.detail = ""
        self.mine = False
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._fit()

    def show_text(self, headline: str, detail: str, mine: bool) -> None:
        if (headline, detail, mine) != (self.headline, self.detail, self.mine):
            self.headline, self.detail, self.mine = headline, detail, mine
            self._fit()
            self.update()

    def text_rects(self) -> tuple[QRectF, QRectF]:
        """Where the headline and the detail are drawn (tests measure the text against them)."""
        r = QRectF(self.rect()).adjusted(4, 4, -4, -4)
        head_h = QFontMetricsF(font_px(theme.FontRole.HEADING, 20)).height() + 6
        top = QRectF(r.left() + 16, r.top() + 4, r.width() - 32, head_h)
        bottom = QRectF(r.left() + 16, top.bottom(), r.width() - 32, r.bottom() - top.bottom() - 4)
        return top, bottom

    def _wrapped(self, px: int, width: float) -> float:
        metrics = QFontMetricsF(font_px(theme.FontRole.BODY, px))
        return metrics.boundingRect(
            QRectF(0, 0, max(50.0, width - 40), 10000),
            int(Qt.TextFlag.TextWordWrap),
            self.detail or " ",
        ).height()

    def detail_px(self, width: float | None = None) -> int:
        """The detail's font size: the largest that holds it in the banner's two lines."""
        width = self.width() if width is None else width
        room = DETAIL_LINES * QFontMetricsF(font_px(theme.FontRole.BODY, DETAIL_PX[0])).height()
        return next(
            (px for px in DETAIL_PX if self._wrapped(px, width) <= room + 0.5), DETAIL_PX[-1]
        )

    def headline_font(self) -> QFont:
        """The largest headline font that holds the headline on its line."""
        top, _bottom = self.text_rects()
        fonts = [font_px(theme.FontRole.HEADING, px) for px in HEADLINE_PX]
        font: QFont = next((f for f in fonts if text_fits(top, self.headline, f, False)), fonts[-1])
        return font

    def headline_text(self) -> str:
        """The headline as drawn: whole, or shortened with "…" if even the smallest font cannot
        hold it."""
        top, _bottom = self.text_rects()
        return fit_name(self.headline, self.headline_font(), top.width())

    def detail_font(self) -> QFont:
        font: QFont = font_px(theme.FontRole.BODY, self.detail_px())
        return font

    def needed_height(self, width: float) -> int:
        head = QFontMetricsF(font_px(theme.FontRole.HEADING, 20)).height() + 6
        lines = DETAIL_LINES * QFontMetricsF(font_px(theme.FontRole.BODY, DETAIL_PX[0])).height()
        wrapped = self._wrapped(self.detail_px(width), width)
        # (A detail within the half pixel `detail_px` allows keeps the height: 1 px taller,
        # the table under it jumped.)
        return round(head + (lines if wrapped <= lines + 0.5 else wrapped) + 18)

    def _fit(self) -> None:
        self.setFixedHeight(max(self.needed_height(self.width()), round(64 * theme.current().zoom)))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def paintEvent(self, event: QPaintEvent) -> None:
        t = theme.current()
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(4, 4, -4, -4)
        p.setPen(QPen(t.color("accent_dark") if self.mine else t.color("wood_dark"), 2))
        p.setBrush(QBrush(t.color("accent") if self.mine else t.color("cream")))
        p.drawRoundedRect(r, 12, 12)
        p.setPen(t.color("ink"))
        top, bottom = self.text_rects()
        p.setFont(self.headline_font())
        p.drawText(
            top,
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            self.headline_text(),
        )
        p.setFont(self.detail_font())
        p.drawText(
            bottom,
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap),
            self.detail,
        )
        p.end()


class SidePanel(QFrame):
    """What happened at the table, in words, and the scores of every round so far."""

    def __init__(self, view: TableView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        t = theme.current()
        self.view = view
        self.setObjectName("SidePanel")
        self.setStyleSheet(
            f"#SidePanel {{ background: {t.palette.paper}; border-radius: {t.px(10)}px; }}"
        )
        self.moves_title = QLabel(QCoreApplication.translate("TableScreen", "Moves"))
        self.moves_title.setFont(t.font(theme.FontRole.HEADING))
        self.log = QListWidget()
        self.log.setWordWrap(True)
        self.log.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.log.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.log.setAccessibleName(QCoreApplication.translate("TableScreen", "Moves"))
        self.scores_title = QLabel(QCoreApplication.translate("TableScreen", "Scores"))
        self.scores_title.setFont(t.font(theme.FontRole.HEADING))
        self.scores = QTableWidget()
        self.scores.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.scores.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.scores.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        # Every number and heading whole ("+10", "Total"): columns as wide as what they hold;
        # with many rounds the table scrolls, showing the latest rounds and the total.
        header = self.scores.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        column = QVBoxLayout(self)
        column.setContentsMargins(t.px(8), t.px(8), t.px(8), t.px(8))
        column.addWidget(self.moves_title)
        column.addWidget(self.log, 3)
        column.addWidget(self.scores_title)
        column.addWidget(self.scores, 2)
        self.setMinimumWidth(t.px(220))
        self.setMaximumWidth(t.px(320))
        view.logged.connect(self.add_line)
        view.banner_changed.connect(self.refresh_scores)
        self.refresh_scores()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Opened (or opened again), the moves show the latest one, as they do while open.
        QTimer.singleShot(0, self, self.log.scrollToBottom)
        QTimer.singleShot(0, self, self._show_latest_scores)

    def _show_latest_scores(self) -> None:
        bar = self.scores.horizontalScrollBar()
        bar.setValue(bar.maximum())

    def add_line(self, text: str) -> None:
        self.log.addItem(text)
        while self.log.count() > LOG_LIMIT:
            self.log.takeItem(0)
        self.log.scrollToBottom()

    def lines(self) -> list[str]:
        return [self.log.item(i).text() for i in range(self.log.count())]

    def refresh_scores(self) -> None:
        """Players down the side, one column per round, then the total."""
        headers, rows = self.view.score_history()
        self.scores.setVisible(bool(headers))
        self.scores_title.setVisible(bool(headers))
        if not headers:
            return
        self.scores.setColumnCount(len(headers))
        self.scores.setRowCount(len(rows))
        self.scores.setHorizontalHeaderLabels(headers)
        self.scores.setVerticalHeaderLabels([name for name, _ in rows])
        for r, (_, cells) in enumerate(rows):
            for c, cell in enumerate(cells):
                item = QTableWidgetItem(cell)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.scores.setItem(r, c, item)
        QTimer.singleShot(0, self, self._show_latest_scores)


class TableScreen(QWidget):
    """What the lobby shows for a game in progress."""

    leave_requested = Signal()
    """The player leaves (confirmed if the game was not over)."""
    play_again_requested = Signal()
    """The game is over and the player wants another with the same settings."""

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
        self.tutorial = False
        """A Learn-to-play game (its view carries a guide until it is finished or skipped)."""
        self.banner = Banner()
        self.rules = QPushButton(QCoreApplication.translate("TableScreen", "Rules"))
        self.rules.clicked.connect(self.show_rules)
        self.moves = QPushButton(QCoreApplication.translate("TableScreen", "Moves"))
        self.moves.setCheckable(True)
        self.moves.setToolTip(
            QCoreApplication.translate(
                "TableScreen", "Show or hide the moves and the scores of every round"
            )
        )
        self.keys = QPushButton(QCoreApplication.translate("TableScreen", "Keys"))
        self.keys.setToolTip(
            QCoreApplication.translate("TableScreen", "The keys to play without a mouse (?)")
        )
        self.keys.clicked.connect(self.view.toggle_keys_help)
        self.leave = QPushButton(QCoreApplication.translate("TableScreen", "Leave the table"))
        self.leave.clicked.connect(self._leave_clicked)
        self.sound = SoundToggle()
        self.sounds = TableSounds(view, game_id)
        for button in (self.rules, self.moves, self.keys, self.leave):
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        view.leave_requested.connect(self.leave_requested)
        view.play_again_requested.connect(self.play_again_requested)
        top = QHBoxLayout()
        self.top_row = top
        """The banner and the buttons beside it."""
        top.addWidget(self.banner, 1)
        for button in (self.sound, self.rules, self.moves, self.keys, self.leave):
            top.addWidget(button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.side = SidePanel(view)
        self.moves.toggled.connect(self.side.setVisible)
        body = QHBoxLayout()
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(view, 1)
        body.addWidget(self.side)
        self.body = body
        """The table and the columns beside it (a network table adds its chat here)."""
        column = QVBoxLayout(self)
        column.setContentsMargins(6, 6, 6, 6)
        column.addLayout(top)
        column.addLayout(body, 1)
        view.banner_changed.connect(self.refresh_banner)
        self.leave_requested.connect(self._stop)
        self.setFocusProxy(view)
        QShortcut(QKeySequence("?"), self, self.view.toggle_keys_help)
        self._side_decided = False
        self.room_for_moves = 1240
        """The window width (at zoom 100 %) from which the moves show by themselves."""
        self.side.hide()
        self.refresh_banner()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # The table takes the keyboard at once: arrows and Enter work without a click.
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if not self._side_decided and self.width() > 1:
            # The moves show by themselves where they leave the table room enough.
            self._side_decided = True
            self.moves.setChecked(self.width() >= round(self.room_for_moves * theme.current().zoom))

    def game_in_progress(self) -> bool:
        return not self.view.game_over()

    def leave_ends_for_all(self) -> bool:
        """Leaving ends the game for the other players too (I host it between laptops)."""
        return False

    def leave_hands_on(self) -> bool:
        """Leaving hands the game on: a bot takes my seat, another laptop hosts it."""
        return False

    def _leave_clicked(self) -> None:
        ends, hands_on = self.leave_ends_for_all(), self.leave_hands_on()
        if not self.game_in_progress() or ask_to_leave(self, ends, hands_on):
            self.leave_requested.emit()

    def refresh_banner(self) -> None:
        headline, detail, mine = self.view.banner()
        self.banner.show_text(headline, detail, mine)
        window = self.window()
        # A table that was left (and waits to be deleted) no longer names the window.
        if window is not None and headline and self.isVisible():
            window.setWindowTitle(headline)

    def show_rules(self) -> QWidget:
        """The rules of this table's game, beside the table (the table keeps running)."""
        from ui.rules import show_rules

        return show_rules(self.game_id, self)

    def _stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
