"""The journal of one table on disk: its description, then every accepted envelope in order.

Each record is a frame (4-byte length + msgpack). A record is written before the message it
holds is acknowledged or sent, so a peer killed at any instant restarts with everything it
acknowledged and everything it sent. A torn last record (killed mid-write) is ignored.
Records are flushed to the operating system, not fsynced: a crashed app loses nothing, a
power cut may lose the last messages, which the other peers then re-send. A game in progress
fsyncs the journal (`sync`) before it records a pass that fed frames from it.
"""

import contextlib
import os
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from net.limits import SESSION, Limits
from net.wire import framing
from net.wire.framing import FrameError

_PREFIX = struct.Struct(">I")
_HEADER = Limits(frame=64 * 1024, binary=1024, array=64, map=32, depth=4)


@dataclass(frozen=True)
class TableRecord:
    """What a peer needs to find its table again after a restart."""

    table: bytes
    host: bytes
    host_address: str
    host_port: int
    port: int
    """My own listening port at that table (re-used on restart when free)."""


class Journal:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: BinaryIO | None = None

    @staticmethod
    def for_table(directory: Path, table: bytes) -> "Journal":
        return Journal(directory / f"{table.hex()}.journal")

    def exists(self) -> bool:
        return self.path.exists() and self.path.stat().st_size > 0

    def read(self) -> tuple[TableRecord | None, list[bytes]]:
        """The table record and the envelopes, as far as they were fully written."""
        if not self.path.exists():
            return None, []
        data = self.path.read_bytes()
        values: list[Any] = []
        at = 0
        while at + _PREFIX.size <= len(data):
            (length,) = _PREFIX.unpack_from(data, at)
            end = at + _PREFIX.size + length
            if end > len(data):
                break
            limits = _HEADER if not values else SESSION
            try:
                values.append(framing.unpack(data[at + _PREFIX.size : end], limits))
            except FrameError:
                break
            at = end
        if not values:
            return None, []
        head = values[0]
        try:
            record = TableRecord(
                head["table"], head["host"], head["host_address"], head["host_port"], head["port"]
            )
        except (TypeError, KeyError):
            return None, []
        envelopes = [v for v in values[1:] if isinstance(v, bytes)]
        return record, envelopes

    def start(self, record: TableRecord) -> None:
        """Begin a new journal with `record` (an existing one is kept and appended to)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fresh = not self.exists()
        self._file = self.path.open("ab")
        if fresh:
            self._write(
                {
                    "table": record.table,
                    "host": record.host,
                    "host_address": record.host_address,
                    "host_port": record.host_port,
                    "port": record.port,
                }
            )

    def append(self, envelope: bytes) -> None:
        self._write(envelope)

    def _write(self, value: Any) -> None:
        if self._file is None:
            raise RuntimeError("journal not started")
        payload = framing.pack(value)
        self._file.write(_PREFIX.pack(len(payload)) + payload)
        self._file.flush()

    def sync(self) -> None:
        """Make what was written durable (fsync): a game's record that names frames of this
        journal is made durable itself (net.game.record), and must not outlive them on the disk.
        May be called from another thread than the writer's (each record is flushed whole)."""
        file = self._file
        if file is not None:
            with contextlib.suppress(ValueError, OSError):  # (closed meanwhile: nothing to do)
                os.fsync(file.fileno())

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
