"""The PySide6 desktop app. The top layer: it may import `net` and `lanpurr`."""
