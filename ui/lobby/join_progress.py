"""A join as the player asked for it, and what the lobby shows while it is under way.

A join can take a while: on bad Wi-Fi it tries again for up to 15 s (net.limits.JOIN_PATIENCE)
before it says why it failed. Without a word meanwhile, a player clicks Join again or thinks the
app froze, so after a short moment a small window says where it is joining, with Cancel."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget

from ui.lobby.listing import TableListing


@dataclass(frozen=True)
class JoinAttempt:
    """A join as the player asked for it: where, with which code, from which listing."""

    address: str
    code: str
    listing: TableListing | None = None


SHOW_AFTER_MS = 400
"""A join that answers sooner than this shows nothing (no flash of a window)."""


class JoinProgress(QProgressDialog):
    """A busy bar, "Joining the table at ADDRESS…", and Cancel (which calls `cancel`)."""

    def __init__(self, parent: QWidget, address: str, cancel: Callable[[], None]) -> None:
        super().__init__(parent)
        self.setWindowTitle(QCoreApplication.translate("JoinProgress", "Joining"))
        self.setLabelText(
            QCoreApplication.translate("JoinProgress", "Joining the table at %1…").replace(
                "%1", address
            )
        )
        self.setCancelButtonText(QCoreApplication.translate("JoinProgress", "Cancel"))
        self.setRange(0, 0)  # busy: how long it takes is not known
        self.setWindowModality(Qt.WindowModality.NonModal)
        self.setAutoClose(False)
        self.setAutoReset(False)
        self.setMinimumDuration(1_000_000)  # shown by our own timer, not by setValue
        self.canceled.connect(cancel)
        self.ended = False
        QTimer.singleShot(SHOW_AFTER_MS, self, self._show_if_still_joining)

    def _show_if_still_joining(self) -> None:
        if not self.ended:
            self.show()

    def finish(self) -> None:
        """The join succeeded, failed or was cancelled: the window goes (or never comes)."""
        self.ended = True
        self.canceled.disconnect()
        self.close()
        self.deleteLater()
