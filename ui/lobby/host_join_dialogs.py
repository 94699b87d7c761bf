"""Dialogs to host a table on this network and to join one by its address."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ui import theme
from ui.catalogue import GAMES, GAMES_BY_ID, tr
from ui.lobby.options_form import OptionsForm, fit_to_notes
from ui.settings import recall, remember

HOST_MEMORY = "last_hosted"
"""Where the Host dialog keeps the last choices (game, seats, private, options)."""


@dataclass(frozen=True)
class HostChoice:
    game_id: str
    seats: int
    private: bool
    options: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class JoinChoice:
    host: str
    port: int
    code: str
    watch: bool = False
    """Only watch the table (no seat), full or not."""

    @property
    def address(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


def parse_address(text: str) -> tuple[str, int] | None:
    """`host:port` (IPv6 in brackets; the usual port when none is typed) as a pair, or None if
    it is not one."""
    from net.wire.address import host_and_port

    try:
        return host_and_port(text)
    except ValueError:
        return None


def option_specs(game_id: str) -> tuple[Any, ...]:
    """The engine's options for `game_id`; none if that engine is not installed."""
    from lanpurr.seat.registry import engine

    try:
        return tuple(engine(game_id).option_specs)
    except (ImportError, AttributeError):
        return ()


def _buttons(dialog: QDialog, ok_text: str) -> QDialogButtonBox:
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
    ok.setText(ok_text)
    ok.setDefault(True)
    buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(
        QCoreApplication.translate("HostJoin", "Cancel")
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


def keep_contents_whole(layout: QLayout) -> None:
    """A dialog never gets smaller than its contents need, so an error line that appears makes
    the dialog grow instead of squashing the fields."""
    layout.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)


class HostDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, game_id: str | None = None) -> None:
        super().__init__(parent)
        t = theme.current()
        last = recall(HOST_MEMORY)
        self.last = last
        if game_id is None:
            game_id = last.get("game", "momistigri")
        self.setWindowTitle(self.tr("Host a table"))
        self.setMinimumWidth(t.px(560))
        heading = QLabel(self.tr("Host a table"))
        heading.setFont(t.font(theme.FontRole.TITLE))
        intro = QLabel(
            self.tr(
                "Other laptops on this network will see your table. Empty seats can be "
                "filled with bots before you start."
            )
        )
        intro.setWordWrap(True)
        self.game = QComboBox()
        for game in GAMES:
            self.game.addItem(tr(game.name), game.game_id)
        self.game.setCurrentIndex(max(0, self.game.findData(game_id)))
        self.seats = QSpinBox()
        self.private = QCheckBox(self.tr("Players need the code shown on your screen"))
        self.private.setChecked(last.get("private") == "true")
        self.form = QFormLayout()
        self.form.addRow(self.tr("Game"), self.game)
        self.form.addRow(self.tr("Seats"), self.seats)
        self.form.addRow(self.tr("Private"), self.private)
        self.options: OptionsForm | None = None
        self.game.currentIndexChanged.connect(self._game_changed)
        self._game_changed()
        form = self.form
        column = QVBoxLayout(self)
        keep_contents_whole(column)
        column.addWidget(heading)
        column.addWidget(intro)
        column.addLayout(form)
        column.addWidget(_buttons(self, self.tr("Host")))

    def _game_changed(self) -> None:
        game_id = str(self.game.currentData())
        info = GAMES_BY_ID[game_id]
        if self.options is not None:
            self.options.clear()
        remembered = self.last if self.last.get("game") == game_id else {}
        self.options = OptionsForm(self.form, option_specs(game_id), remembered)
        # A hosted table needs somebody to join it: at least two seats.
        self.seats.setRange(max(2, info.min_players), info.max_players)
        seats = min(info.default_players, info.max_players)
        if remembered.get("seats", "").isdigit():
            seats = int(remembered["seats"])
        self.seats.setValue(max(self.seats.minimum(), min(seats, self.seats.maximum())))
        # Fewer option rows leave no gap: the dialog shrinks to what it now holds.
        QTimer.singleShot(0, lambda: fit_to_notes(self))

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, lambda: fit_to_notes(self))

    def choice(self) -> HostChoice:
        return HostChoice(
            str(self.game.currentData()),
            self.seats.value(),
            self.private.isChecked(),
            self.options.values() if self.options is not None else {},
        )

    def accept(self) -> None:
        chosen = self.choice()
        remember(
            HOST_MEMORY,
            {
                "game": chosen.game_id,
                "seats": str(chosen.seats),
                "private": "true" if chosen.private else "false",
                **chosen.options,
            },
        )
        super().accept()


class JoinDialog(QDialog):
    def __init__(
        self,
        parent: QWidget | None = None,
        address: str = "",
        code: str = "",
        problem: str = "",
        wants_code: bool = False,
        watch: bool = False,
    ) -> None:
        """`watch`: "Only watch" ticked (Watch on a private table asks for its code here)."""
        super().__init__(parent)
        t = theme.current()
        self.setWindowTitle(self.tr("Join by address"))
        self.setMinimumWidth(t.px(480))
        heading = QLabel(self.tr("Join by address"))
        heading.setFont(t.font(theme.FontRole.TITLE))
        intro = QLabel(
            self.tr(
                "The host's screen shows the address of their table, for example "
                "192.168.1.23:47300. Type it here, with the code if the table is private."
            )
        )
        intro.setWordWrap(True)
        self.address = QLineEdit(address)
        self.address.setPlaceholderText("192.168.1.23:47300")
        self.code = QLineEdit(code)
        self.code.setPlaceholderText(self.tr("Only for private tables"))
        self.error = QLabel("")
        self.error.setStyleSheet(f"color: {t.palette.danger};")
        self.error.setWordWrap(True)
        self.error.hide()
        form = QFormLayout()
        form.addRow(self.tr("Address"), self.address)
        form.addRow(self.tr("Code"), self.code)
        self.watch = QCheckBox(self.tr("Only watch: no seat, full table or not"))
        form.addRow("", self.watch)
        column = QVBoxLayout(self)
        keep_contents_whole(column)
        column.addWidget(heading)
        column.addWidget(intro)
        column.addLayout(form)
        column.addWidget(self.error)
        buttons = _buttons(self, self.tr("Join"))
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.watch.toggled.connect(self._name_ok)
        self.watch.setChecked(watch)
        column.addWidget(buttons)
        if problem:
            self.show_problem(problem, self.code if wants_code else self.address)

    def _name_ok(self, watching: bool) -> None:
        """The button says what it does: join (a seat) or watch."""
        self.ok.setText(self.tr("Watch") if watching else self.tr("Join"))

    def show_problem(self, text: str, field: QLineEdit) -> None:
        """Say what went wrong under the fields, keep what was typed, and point at the field to
        change."""
        self.error.setText(text)
        self.error.show()
        self.adjustSize()
        field.setFocus()
        field.selectAll()

    def choice(self) -> JoinChoice | None:
        parsed = parse_address(self.address.text())
        if parsed is None:
            return None
        return JoinChoice(parsed[0], parsed[1], self.code.text().strip(), self.watch.isChecked())

    def accept(self) -> None:
        if self.choice() is None:
            self.show_problem(
                self.tr(
                    "That is not an address. Write it as on the host's screen: numbers, "
                    "a colon, then the port, like 192.168.1.23:47300."
                ),
                self.address,
            )
            return
        super().accept()
