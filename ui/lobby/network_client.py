"""The lobby's side of network play: starts the bridge and the network lobby, turns network
events into what the panel shows, and sends the player's host and join requests."""

from __future__ import annotations

import logging
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QWidget

from ui.lobby.network_panel import NetworkPanel

log = logging.getLogger(__name__)


class LobbyNetwork(QObject):
    """Placeholder until the network layer provides its lobby."""

    def __init__(self, window: QWidget, panel: NetworkPanel, name: str) -> None:
        super().__init__(window)
        self.window = window
        self.panel = panel
        self.name = name

    def rename(self, name: str) -> None:
        self.name = name

    def host(self, choice: Any) -> None:
        pass

    def join(self, choice: Any) -> None:
        pass

    def join_listed(self, table: Any) -> None:
        pass

    def stop(self) -> None:
        pass


def start_lobby_network(window: QWidget, panel: NetworkPanel, name: str) -> LobbyNetwork:
    client = LobbyNetwork(window, panel, name)
    panel.set_unavailable(
        QCoreApplication.translate(
            "NetworkClient",
            "Playing over the network is not in this version yet. You can play on this laptop.",
        )
    )
    return client
