"""Start the desktop app: settings, language, theme, the first-run question, the main window.

Only what the first screen needs is imported here; engines, the network layer and the game
tables load when they are first used, so the window opens quickly.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from PySide6.QtWidgets import QApplication

from ui import i18n, theme
from ui.first_run import FirstRunDialog, needs_first_run
from ui.main_window import MainWindow, theme_for
from ui.settings import load_settings, save_settings
from ui.sound.player import player
from ui.window_size import show_fitting


def launch(
    argv: Sequence[str], start_network: bool = True, one_app: bool | None = None
) -> tuple[QApplication, MainWindow | None]:
    """Create the app and show the main window; None if the player closed the first-run dialog,
    or another app already runs on this home folder (`one_app`, by default when on the
    network: it says so).

    `start_network=False` keeps the app off the network (tests and the startup benchmark).
    """
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(list(argv))
    app.setApplicationName("lanpurr")
    app.setApplicationDisplayName("lanpurr")
    settings = load_settings()
    i18n.install(settings.language)
    theme.set_theme(theme_for(settings))
    if start_network if one_app is None else one_app:
        from net.home import home_dir
        from ui.one_app import hold_home

        home = home_dir()
        held = hold_home(home)
        if held is None:
            say_already_open(home)
            return app, None
        _HELD.append(held)  # (held while this process runs)
    player().configure(settings.volume, settings.muted)
    if needs_first_run(settings):
        dialog = FirstRunDialog()
        if dialog.exec() != FirstRunDialog.DialogCode.Accepted:
            return app, None
        settings = settings.with_changes(name=dialog.chosen_name())
        save_settings(settings)
    window = MainWindow(settings, start_network=start_network)
    show_fitting(window, window.maximise_when_shown)
    return app, window


_HELD: list[object] = []


def say_already_open(home: object) -> None:
    """Another lanpurr app runs on this home folder: say so, and what to do."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(
        QMessageBox.Icon.Information,
        "lanpurr",
        QCoreApplication.translate(
            "App",
            "lanpurr is already open on this laptop, with the same data folder (%1): use its "
            "window. A second window on that folder would be the same player, and could not sit "
            "at the first one's table. To try two players on one laptop, start the second with "
            "another folder: LANPURR_HOME=/some/other/folder lanpurr",
        ).replace("%1", str(home)),
    )
    box.exec()


def run_app() -> int:
    """Open the app's window; `lanpurr` has already checked that Qt can draw here
    (ui/system_libs.py)."""
    app, window = launch(sys.argv)
    if window is None:
        return 0
    try:
        return app.exec()
    finally:
        player().close()
