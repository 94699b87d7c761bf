"""Render the app shell's screens to PNG files in this folder, for review and for the docs.

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots/make_shell_screenshots.py

Uses a throwaway LANPURR_HOME and never touches the network: found tables and the table-setup
state are built from plain values.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["LANPURR_HOME"] = tempfile.mkdtemp(prefix="lanpurr-shots-")

from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from ui import i18n, theme  # noqa: E402
from ui.lobby.listing import TableListing  # noqa: E402
from ui.settings import Settings  # noqa: E402

FOUND = (
    TableListing("b", "purrfect", "Ben", 3, 5, False, "192.168.1.31:47300"),
    TableListing("c", "momistigri", "Cleo", 2, 4, False, "192.168.1.44:47301", private=True),
    TableListing("d", "gutters", "Dan", 4, 4, True, "192.168.1.52:47300"),
)


def save(widget: QWidget, name: str) -> None:
    widget.show()
    QApplication.processEvents()
    widget.grab().save(str(HERE / f"{name}.png"))
    print(f"wrote {name}.png")


def lobby(language: str) -> None:
    from ui.main_window import MainWindow

    i18n.install(language)
    window = MainWindow(Settings(name="Ana", language=language), start_network=False)
    for table in FOUND:
        window.lobby.network.add_or_update(table)
    window.lobby.set_status(window.address_status())
    window.resize(1120, 720)  # the offscreen screen is smaller than a laptop's
    save(window, f"lobby_{language}")
    window.close()


def nothing_found() -> None:
    from ui.main_window import MainWindow

    i18n.install("en")
    window = MainWindow(Settings(name="Ana"), start_network=False, hint_delay_ms=0)
    window.lobby.network.start_searching()
    window.lobby.network.hint_timer.stop()
    window.lobby.network._refresh_hint()
    window.lobby.set_status("This laptop's address: 192.168.1.23")
    window.resize(1120, 720)
    save(window, "lobby_nothing_found")
    window.close()


def dialogs() -> None:
    from ui.first_run import FirstRunDialog
    from ui.lobby.host_join_dialogs import HostDialog, JoinDialog
    from ui.lobby.local_game_dialog import LocalGameDialog
    from ui.rules.viewer import RulesViewer
    from ui.settings import SettingsDialog

    i18n.install("en")
    save(FirstRunDialog(suggestion="Ana"), "first_run")
    save(SettingsDialog(Settings(name="Ana", zoom=1.0)), "settings")
    save(HostDialog(game_id="purrfect"), "host_dialog")
    join = JoinDialog(address="192.168.1.23")
    join.accept()  # not an address yet: shows the explanation
    save(join, "join_dialog")
    local = LocalGameDialog("momistigri")
    save(local, "local_game_momistigri")
    rules = RulesViewer("momistigri", "en")
    save(rules, "rules_momistigri_en")
    rules.show_game("gutters", "it")
    save(rules, "rules_gutters_it")


def table_setup() -> None:
    from net import table_state as table
    from ui.lobby.table_setup import TableSetupView

    class Quiet:
        def table_command(self, *args: object) -> None:
            pass

    ana, ben = b"a" * 32, b"b" * 32
    state = table.create(
        b"t" * 16, table.Member(ana, "Ana", "", 0), "momistigri", 4, {"strict_discard": "on"}
    )
    state = table.admit(state, table.Member(ben, "Ben", "192.168.1.31", 47310))
    state = table.set_ready(state, ben, True)
    state = table.add_bot(state, ana, 2, "clever")
    i18n.install("en")
    view = TableSetupView(Quiet(), ana, "192.168.1.23:47300", "KTX-492")
    view.show_state(state)
    view.resize(1120, 720)
    save(view, "table_setup_host")


def main() -> None:
    app = QApplication(sys.argv)
    theme.set_theme(theme.Theme())
    for language in i18n.LANGUAGES:
        lobby(language)
    nothing_found()
    dialogs()
    table_setup()
    app.quit()


if __name__ == "__main__":
    main()
