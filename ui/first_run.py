"""The first start: ask how the other players should call you."""

from __future__ import annotations

import getpass

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from ui import theme
from ui.settings import NAME_MAX_LENGTH, Settings, clean_name


def needs_first_run(settings: Settings) -> bool:
    return not settings.name


SYSTEM_ACCOUNTS = frozenset(
    {"root", "admin", "administrator", "user", "guest", "pi", "ubuntu", "debian", "live"}
)
"""Logins that name an account, not a person: never suggested as a player's name."""


def suggested_name() -> str:
    """The name this installation already has on the network (set with the command line
    before), else the login name capitalised: a starting point the player can change."""
    known = network_name()
    if known:
        return known
    try:
        login = getpass.getuser()
    except (OSError, KeyError):
        return ""
    if login.casefold() in SYSTEM_ACCOUNTS:
        return ""  # nobody at the party is called "Root"
    return clean_name(login.split("@")[0].replace(".", " ").title())


def network_name() -> str:
    """The display name kept with this installation's network identity, if one exists yet."""
    from net.home import IdentityDamaged, home_dir, load_profile

    if not (home_dir() / "identity.json").exists():
        return ""
    try:
        return clean_name(load_profile().name)
    except (IdentityDamaged, OSError):
        return ""  # the network side asks what to do about a damaged identity


class FirstRunDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, suggestion: str | None = None) -> None:
        super().__init__(parent)
        t = theme.current()
        self.setWindowTitle(self.tr("Choose your name"))
        heading = QLabel(self.tr("Welcome to lanpurr!"))
        heading.setFont(t.font(theme.FontRole.DISPLAY))
        question = QLabel(self.tr("What should the other players call you?"))
        question.setFont(t.font(theme.FontRole.HEADING))
        self.name = QLineEdit(suggested_name() if suggestion is None else suggestion)
        self.name.setMaxLength(NAME_MAX_LENGTH)
        self.name.setFont(t.font(theme.FontRole.HEADING))
        self.name.setPlaceholderText(self.tr("Your name"))
        self.name.selectAll()
        note = QLabel(
            self.tr(
                "Your name is shown at the tables you join. You can change it later in Settings."
            )
        )
        note.setWordWrap(True)
        note.setStyleSheet(f"color: {t.palette.ink_soft};")
        self.learn_note = QLabel(
            self.tr(
                "New to these games? Learn to play, beside each game, walks you through a first "
                "game against bots."
            )
        )
        self.learn_note.setWordWrap(True)
        self.error = QLabel("")
        self.error.setStyleSheet(f"color: {t.palette.danger};")
        self.error.hide()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("Let's play"))
        ok.setDefault(True)
        buttons.accepted.connect(self.accept)
        column = QVBoxLayout(self)
        column.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        column.setSpacing(t.px(12))
        column.setContentsMargins(t.px(24), t.px(20), t.px(24), t.px(20))
        column.addWidget(heading)
        column.addWidget(question)
        column.addWidget(self.name)
        column.addWidget(note)
        column.addWidget(self.learn_note)
        column.addWidget(self.error)
        column.addWidget(buttons)
        self.resize(t.px(480), self.sizeHint().height())

    def chosen_name(self) -> str:
        return clean_name(self.name.text())

    def accept(self) -> None:
        if not self.chosen_name():
            self.error.setText(self.tr("Please type a name: the other players see it."))
            self.error.show()
            self.adjustSize()
            self.name.setFocus()
            return
        super().accept()
