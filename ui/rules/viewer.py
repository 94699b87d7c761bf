"""A window that shows the rules of a game, with a choice of game and language."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ui import i18n, theme
from ui.catalogue import GAMES, tr
from ui.rules import rules_text
from ui.window_size import fit_to_screen


class RulesViewer(QDialog):
    _open: RulesViewer | None = None

    def __init__(self, game_id: str, language: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        t = theme.current()
        self.setWindowTitle(self.tr("Rules"))
        self.setModal(False)
        self.game = QComboBox()
        for game in GAMES:
            self.game.addItem(tr(game.name), game.game_id)
        self.language = QComboBox()
        for code in i18n.LANGUAGES:
            self.language.addItem(i18n.LANGUAGE_NAMES[code], code)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.setFont(t.font(theme.FontRole.BODY))
        self.browser.document().setDocumentMargin(t.px(16))
        self.browser.setStyleSheet(f"QTextBrowser {{ background: {t.palette.cream}; }}")
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.close)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Game")))
        top.addWidget(self.game)
        top.addSpacing(t.px(16))
        top.addWidget(QLabel(self.tr("Language")))
        top.addWidget(self.language)
        top.addStretch(1)
        top.addWidget(close)
        column = QVBoxLayout(self)
        column.addLayout(top)
        column.addWidget(self.browser, 1)
        self.show_game(game_id, language)
        self.game.currentIndexChanged.connect(self._refresh)
        self.language.currentIndexChanged.connect(self._refresh)
        # As large as it wants, or as the screen holds (a 1024×600 netbook at 150 %).
        fit_to_screen(self, t.px(720), t.px(640))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def show_game(self, game_id: str, language: str) -> None:
        index = self.game.findData(game_id)
        if index < 0:
            raise ValueError(f"no rules for game {game_id!r}")
        self.game.blockSignals(True)
        self.language.blockSignals(True)
        self.game.setCurrentIndex(index)
        self.language.setCurrentIndex(max(0, self.language.findData(language)))
        self.game.blockSignals(False)
        self.language.blockSignals(False)
        self._refresh()

    def current_game(self) -> str:
        return str(self.game.currentData())

    def _refresh(self) -> None:
        language = str(self.language.currentData())
        self.browser.setMarkdown(rules_text(self.current_game(), language))
        self.setWindowTitle(self.tr("Rules — %1").replace("%1", self.game.currentText()))

    @classmethod
    def open_for(cls, game_id: str, parent: QWidget | None = None) -> RulesViewer:
        """One rules window at a time: reuse it if open, so repeated clicks do not pile up."""
        viewer = cls._open
        if viewer is not None:
            try:
                viewer.show_game(game_id, i18n.current_language())
            except RuntimeError:  # its C++ side was deleted on close
                viewer = None
        if viewer is None:
            viewer = cls(game_id, i18n.current_language(), parent)
            viewer.destroyed.connect(cls._forget)
            cls._open = viewer
        viewer.show()
        viewer.raise_()
        viewer.activateWindow()
        return viewer

    @classmethod
    def _forget(cls) -> None:
        cls._open = None
