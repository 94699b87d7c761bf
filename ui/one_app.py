"""One app per home folder: a second lanpurr window on the same folder would be the same
player (one identity, one set of table journals), so it could not sit at the other's table and
the two would overwrite each other's journals. The first app holds a lock on a file in the
folder while it runs; a second one says so and does not open.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

LOCK_FILE = "app.lock"


class HomeLock:
    """The lock an app holds on its home folder; released when closed (or the app ends)."""

    def __init__(self, file: IO[bytes]) -> None:
        self.file = file

    def close(self) -> None:
        self.file.close()  # (closing the file lets go of the lock)


def hold_home(home: Path) -> HomeLock | None:
    """Hold `home` for this app; None if another app holds it now."""
    home.mkdir(parents=True, exist_ok=True)
    file = open(home / LOCK_FILE, "a+b")  # noqa: SIM115 (held open while the app runs)
    try:
        _lock(file)
    except OSError:
        file.close()
        return None
    file.seek(0)
    file.truncate()
    file.write(str(os.getpid()).encode())
    file.flush()
    return HomeLock(file)


def _lock(file: IO[bytes]) -> None:
    if os.name == "nt":
        import msvcrt

        file.seek(0)
        msvcrt.locking(file.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
    else:
        import fcntl

        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
