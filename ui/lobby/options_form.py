"""A game's options as form rows: a choice box per option, with its one-line explanation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QWidget

from ui import theme
from ui.catalogue import option_label, value_label


class Note(QLabel):
    """An option's explanation, wrapped, exactly as tall as its lines at the width it is shown.
    A form row takes a wrapped label's size hint, worked out for a narrower width: a note of
    one line left a second line's gap under it."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.setWordWrap(True)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        height = self.heightForWidth(event.size().width())
        if height > 0 and height != self.maximumHeight():
            self.setFixedHeight(height)


def fit_to_notes(window: QWidget) -> None:
    """`window` as tall as what it holds, laid out first so that each option's note is as tall
    as its lines at the width it is shown (after it is shown, or after its options change)."""
    column = window.layout()
    for _ in range(3):  # (a new width wraps the notes anew: a second pass settles it)
        before = window.size()
        if column is not None:
            column.activate()  # (the notes learn their width, and their height follows)
        window.adjustSize()
        if window.size() == before:
            break


class OptionsForm:
    """Adds one row per option spec to `form`; `values()` reads the choices back."""

    def __init__(
        self, form: QFormLayout, specs: Sequence[Any], chosen: Mapping[str, str] | None = None
    ) -> None:
        """`chosen` holds values picked before (remembered); others start at their default."""
        self.form = form
        self.boxes: dict[str, QComboBox] = {}
        self.rows: list[QWidget] = []
        t = theme.current()
        for spec in specs:
            label, explanation = option_label(spec.name)
            box = QComboBox()
            for value in spec.values:
                box.addItem(value_label(value), value)
            value = (chosen or {}).get(spec.name, spec.default)
            if value not in spec.values:
                value = spec.default
            box.setCurrentIndex(spec.values.index(value))
            box.setToolTip(explanation)
            box.setAccessibleName(label)
            self.boxes[spec.name] = box
            form.addRow(label, box)
            self.rows.append(box)
            if explanation:
                note = Note(explanation)
                # Against its option: a taller row left by a longer note before (another
                # game's) must not open a gap above it.
                note.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
                note.setStyleSheet(f"color: {t.palette.ink_soft};")
                form.addRow("", note)
                self.rows.append(note)

    def values(self) -> dict[str, str]:
        return {name: str(box.currentData()) for name, box in self.boxes.items()}

    def clear(self) -> None:
        for widget in self.rows:
            self.form.removeRow(widget)
        self.rows.clear()
        self.boxes.clear()
