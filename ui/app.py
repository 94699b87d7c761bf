"""Start the desktop app."""

import sys


def run_app() -> int:
    from PySide6.QtWidgets import QApplication, QLabel

    app = QApplication(sys.argv)
    window = QLabel("lanpurr")
    window.setWindowTitle("lanpurr")
    window.resize(960, 640)
    window.show()
    return app.exec()
