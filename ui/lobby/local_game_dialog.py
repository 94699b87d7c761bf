""" "Play on this laptop": choose the number of players, the game's options and the bots' strength.

Ranges, options and bots come from the engine itself (imported only when the dialog opens), and
the choice is checked by asking the engine for a new game before the dialog accepts it, so a
combination the rules forbid is explained here instead of failing at the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ui import theme
from ui.catalogue import bot_hint, bot_label, game_name
from ui.lobby.host_join_dialogs import keep_contents_whole
from ui.lobby.options_form import OptionsForm, fit_to_notes
from ui.settings import recall, remember


@dataclass(frozen=True)
class LocalGameChoice:
    game_id: str
    players: int
    options: dict[str, str] = field(default_factory=dict)
    bot: str = "heuristic"


def engine_and_bots(game_id: str) -> tuple[Any, list[str]]:
    """The engine of `game_id` and the names of its bots, strongest-first when known."""
    from lanpurr.seat.registry import parts

    engine, names = parts(game_id).engine, list(parts(game_id).bots)
    # A clever bot is what people expect by default; the random one comes last.
    names.sort(key=lambda name: (name == "random", name))
    return engine, names


class LocalGameDialog(QDialog):
    def __init__(self, game_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        t = theme.current()
        self.game_id = game_id
        self.engine, bots = engine_and_bots(game_id)
        self.setWindowTitle(self.tr("%1 on this laptop").replace("%1", game_name(game_id)))
        self.setMinimumWidth(t.px(480))

        heading = QLabel(game_name(game_id))
        heading.setFont(t.font(theme.FontRole.TITLE))
        intro = QLabel(self.tr("You play against bots on this computer. Choose, then Start."))
        intro.setWordWrap(True)

        form = QFormLayout()
        self.players = QSpinBox()
        self.players.setRange(self.engine.min_players, self.engine.max_players)
        last = recall(f"last_local/{game_id}")
        players = min(max(self.engine.min_players, 4), self.engine.max_players)
        if last.get("players", "").isdigit():
            players = int(last["players"])
        self.players.setValue(players)
        self.players.setAccessibleName(self.tr("Players"))
        form.addRow(self.tr("Players (you and the bots)"), self.players)

        self.options = OptionsForm(form, self.engine.option_specs, last)
        self.option_boxes = self.options.boxes

        self.players.valueChanged.connect(self._players_changed)

        self.bot = QComboBox()
        for name in bots:
            self.bot.addItem(bot_label(name), name)
            self.bot.setItemData(self.bot.count() - 1, bot_hint(name), Qt.ItemDataRole.ToolTipRole)
        self.bot.setCurrentIndex(max(0, self.bot.findData(last.get("bot", bots[0]))))
        self.bot.setAccessibleName(self.tr("Bot strength"))
        form.addRow(self.tr("Bot strength"), self.bot)

        self.error = QLabel("")
        self.error.setWordWrap(True)
        self.error.setStyleSheet(f"color: {t.palette.danger};")
        self.error.hide()

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        start = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        start.setText(self.tr("Start"))
        start.setDefault(True)
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(self.tr("Cancel"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        column = QVBoxLayout(self)
        keep_contents_whole(column)
        column.addWidget(heading)
        column.addWidget(intro)
        column.addLayout(form)
        column.addWidget(self.error)
        column.addWidget(self.buttons)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, lambda: fit_to_notes(self))

    def _players_changed(self, players: int) -> None:
        # G-13: with one player the mode defaults to solo; follow the count both ways.
        mode = self.option_boxes.get("mode")
        if mode is None or mode.findData("solo") < 0:
            return
        if players == 1:
            mode.setCurrentIndex(mode.findData("solo"))
        elif mode.currentData() == "solo":
            spec = next(s for s in self.engine.option_specs if s.name == "mode")
            mode.setCurrentIndex(mode.findData(spec.default))

    def choice(self) -> LocalGameChoice:
        return LocalGameChoice(
            game_id=self.game_id,
            players=self.players.value(),
            options=self.options.values(),
            bot=str(self.bot.currentData()),
        )

    def problem(self) -> str | None:
        """Why the engine refuses this choice, or None if it can start."""
        chosen = self.choice()
        try:
            self.engine.new_state(chosen.players, chosen.options)
        except ValueError as refused:  # RuleViolation and OptionError are ValueErrors
            return str(refused)
        return None

    def accept(self) -> None:
        problem = self.problem()
        if problem is not None:
            self.error.setText(self.tr("This game cannot start: %1").replace("%1", problem))
            self.error.show()
            self.adjustSize()
            return
        chosen = self.choice()
        remember(
            f"last_local/{self.game_id}",
            {"players": str(chosen.players), "bot": chosen.bot, **chosen.options},
        )
        super().accept()
