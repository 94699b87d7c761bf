"""The chat beside a table: the last lines, a line to type, and one-click emotes.

Every line is drawn by QLabels set to plain text: whatever a peer typed ("<b>", "<img …>") is
shown as the characters it is, never read as markup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ui import theme
from ui.chat.log import EMOTES, KEPT, LINE_LIMIT, ChatLine, ChatLog
from ui.chat.sounds import sound_line


def plain_label(text: str) -> QLabel:
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setText(text)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
    return label


class ChatPanel(QFrame):
    def __init__(
        self, log: ChatLog, send: Callable[[Any], None], parent: QWidget | None = None
    ) -> None:
        """`log`: the table's lines; `send(data)` sends a line (text) or an emote to the table."""
        super().__init__(parent)
        t = theme.current()
        self.log = log
        self.send = send
        self.setObjectName("ChatPanel")
        self.setStyleSheet(
            f"#ChatPanel {{ background: {t.palette.paper}; border-radius: {t.px(10)}px; }}"
            f"#ChatPanel QLabel {{ color: {t.palette.ink}; }}"
            f"#ChatLines {{ background: transparent; }}"
        )
        title = QLabel(self.tr("Chat"))
        title.setFont(t.font(theme.FontRole.HEADING))
        self.lines_box = QWidget()
        self.lines_box.setObjectName("ChatLines")
        self.lines_column = QVBoxLayout(self.lines_box)
        self.lines_column.setContentsMargins(0, 0, t.px(4), 0)
        self.lines_column.setSpacing(t.px(4))
        self.lines_column.addStretch(1)
        self.lines_view = QScrollArea()
        self.lines_view.setWidget(self.lines_box)
        self.lines_view.setWidgetResizable(True)
        self.lines_view.setFrameShape(QFrame.Shape.NoFrame)
        self.lines_view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.lines_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.lines_view.setAccessibleName(self.tr("What was said at the table"))
        self.lines_view.viewport().setStyleSheet("background: transparent;")
        self.lines_view.verticalScrollBar().rangeChanged.connect(self._scroll_to_newest)
        self.emote_buttons: dict[str, QPushButton] = {}
        emotes = QHBoxLayout()
        emotes.setSpacing(t.px(4))
        for emote in EMOTES:
            button = QPushButton(self.emote_label(emote))
            button.setToolTip(self.emote_hint(emote))
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.clicked.connect(lambda _=False, e=emote: self.say_emote(e))
            emotes.addWidget(button)
            self.emote_buttons[emote] = button
        self.entry = QLineEdit()
        self.entry.setMaxLength(LINE_LIMIT)
        self.entry.setPlaceholderText(self.tr("Say something…"))
        self.entry.setAccessibleName(self.tr("Chat message"))
        self.entry.returnPressed.connect(self.say_typed)
        self.send_button = QPushButton(self.tr("Send"))
        self.send_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.send_button.clicked.connect(self.say_typed)
        typing = QHBoxLayout()
        typing.addWidget(self.entry, 1)
        typing.addWidget(self.send_button)
        self.note = plain_label("")
        self.note.setStyleSheet(f"color: {t.palette.danger};")
        self.note.hide()
        self._note_timer = QTimer(self)
        self._note_timer.setSingleShot(True)
        self._note_timer.timeout.connect(self.note.hide)
        column = QVBoxLayout(self)
        column.setContentsMargins(t.px(8), t.px(8), t.px(8), t.px(8))
        column.setSpacing(t.px(6))
        column.addWidget(title)
        column.addWidget(self.lines_view, 1)
        column.addWidget(self.note)
        column.addLayout(emotes)
        column.addLayout(typing)
        self.setMinimumWidth(t.px(220))
        self.setMaximumWidth(t.px(340))
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        for line in log.lines:
            self._add(line)
        log.added.connect(self._add)
        log.flooding.connect(self._flooding)

    # -- words ------------------------------------------------------------------------------

    def emote_label(self, emote: str) -> str:
        return {"meow": self.tr("Meow"), "laugh": self.tr("Ha ha"),
                "turn": self.tr("Your turn!")}[emote]  # fmt: skip

    def emote_hint(self, emote: str) -> str:
        return {
            "meow": self.tr("Meow at the table"),
            "laugh": self.tr("Laugh"),
            "turn": self.tr("Remind the others that it is someone's turn"),
        }[emote]

    def said(self, line: ChatLine) -> str:
        """An emote in words, in this laptop's language."""
        if line.mine:
            texts = {"meow": self.tr("You meow."), "laugh": self.tr("You laugh."),
                     "turn": self.tr("You: your turn!")}  # fmt: skip
            return texts[line.emote]
        texts = {"meow": self.tr("%1 meows."), "laugh": self.tr("%1 laughs."),
                 "turn": self.tr("%1: your turn!")}  # fmt: skip
        return texts[line.emote].replace("%1", line.name)

    def describe(self, line: ChatLine) -> str:
        """The line in one sentence ("Ben: good luck", "Ben meows.")."""
        return self.said(line) if line.emote else f"{line.name}: {line.text}"

    # -- saying -----------------------------------------------------------------------------

    def say_typed(self) -> None:
        text = " ".join(self.entry.text().split())
        if not text:
            return
        if self._offer(ChatLine(self.tr("You"), text, mine=True)):
            self.send(text)
            self.entry.clear()

    def say_emote(self, emote: str) -> None:
        line = ChatLine(self.tr("You"), emote=emote, mine=True)
        if self._offer(line):
            self.send({"emote": emote})
            sound_line(line, self)

    def _offer(self, line: ChatLine) -> bool:
        if self.log.offer("me", line):
            return True
        self.show_note(self.tr("Wait a moment before saying more."))
        return False

    def show_note(self, text: str) -> None:
        self.note.setText(text)
        self.note.show()
        self._note_timer.start(4000)

    # -- showing ----------------------------------------------------------------------------

    def shown_lines(self) -> list[str]:
        """Every line as shown, oldest first (the name and the words as one string)."""
        found = []
        for i in range(self.lines_column.count()):
            item = self.lines_column.itemAt(i)
            widget = item.widget() if item is not None else None
            if widget is not None:
                found.append(" ".join(label.text() for label in widget.findChildren(QLabel)))
        return found

    def _add(self, line: ChatLine) -> None:
        t = theme.current()
        row = QWidget()
        layout = QVBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        if not line.name:
            words = plain_label(line.text)
            words.setStyleSheet(f"color: {t.palette.ink_soft}; font-style: italic;")
            layout.addWidget(words)
        elif line.emote:
            words = plain_label(self.said(line))
            words.setStyleSheet(f"color: {t.palette.accent_dark}; font-weight: bold;")
            layout.addWidget(words)
        else:
            name = plain_label(line.name)
            name.setStyleSheet(
                f"color: {t.palette.accent_dark if line.mine else t.palette.wood_dark};"
                " font-weight: bold;"
            )
            layout.addWidget(name)
            layout.addWidget(plain_label(line.text))
        self.lines_column.addWidget(row)
        # One widget per line, and no more than the log keeps: a long evening stays light.
        while self.lines_column.count() - 1 > KEPT:
            item = self.lines_column.takeAt(1)
            old = item.widget() if item is not None else None
            if old is not None:
                old.deleteLater()

    def _flooding(self, name: str) -> None:
        if name == self.tr("You"):
            return  # the note under the lines says it to me
        note = self.tr("%1 is sending too many messages: some are not shown.").replace("%1", name)
        self._add(ChatLine("", note))

    def _scroll_to_newest(self, _low: int, high: int) -> None:
        self.lines_view.verticalScrollBar().setValue(high)
