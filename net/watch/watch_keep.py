"""The public feed of a game, kept on disk by every laptop that plays it.

A laptop killed in the middle of a game and started again takes its seats back from its
record (net/game/take_up.py) without showing again the moves made before it stopped: its
seats' runtimes give only the view as it is. A watcher, though, folds the game from its start
(net/watch/watch_feed.py). So each laptop writes the public feed of its game, as it goes, next
to the game's record (`<home>/games/<table id hex>-<games>/watch-feed`), and reads it back when it
takes the game up again: watchers then watch the rest of the game there as if it had never
stopped (the host that came back, or a laptop that came back and takes the table over later).

Each entry: 4 bytes of length (big-endian), then a msgpack map with `k` (a feed message of
docs/protocol.md §12 that a newcomer needs, or `played`: public events with their rounds).
A damaged tail (the laptop stopped in the middle of a write) ends the reading.
"""

import contextlib
import logging
import struct
from pathlib import Path
from typing import IO, Any

from net.game.record import GameRecord
from net.limits import BODY, BODY_OBJECTS
from net.wire import framing
from net.wire.framing import FrameError

log = logging.getLogger("lanpurr.net")
FILE = "watch-feed"
MAX_BYTES = 64 * 1024 * 1024
"""A kept feed larger than this is not read back (no game comes near it)."""


class FeedKeep:
    """One laptop's kept feed, for the game it plays now."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self._file: IO[bytes] | None = None

    def begin(self, table: bytes, number: int) -> list[dict[str, Any]]:
        """A game starts (or is taken up again) here: what was kept of it before, and from
        now on an empty file (`keep` writes what is kept again, when the game is taken up)."""
        self.close()
        path = GameRecord.folder_for(self.home, table, number) / FILE
        kept = read(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._file = path.open("wb")
        except OSError as error:
            log.warning("the game's public feed cannot be kept in %s: %s", path, error)
        return kept

    def keep(self, entry: dict[str, Any]) -> None:
        if self._file is None:
            return
        data = framing.pack(entry)
        try:
            self._file.write(struct.pack(">I", len(data)) + data)
            self._file.flush()
        except OSError as error:
            log.warning("the game's public feed is no longer kept: %s", error)
            self.close()

    def close(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None


def read(path: Path) -> list[dict[str, Any]]:
    """The entries of a kept feed, up to the first damaged one (none: no such file)."""
    try:
        if path.stat().st_size > MAX_BYTES:
            log.warning("the kept feed %s is too large to read back", path)
            return []
        data = path.read_bytes()
    except OSError:
        return []
    entries, at = [], 0
    while at + 4 <= len(data):
        (size,) = struct.unpack(">I", data[at : at + 4])
        if at + 4 + size > len(data):
            break
        try:
            entry = framing.unpack(data[at + 4 : at + 4 + size], BODY, objects=BODY_OBJECTS)
        except FrameError:
            break
        if not isinstance(entry, dict) or not isinstance(entry.get("k"), str):
            break
        entries.append(entry)
        at += 4 + size
    return entries
