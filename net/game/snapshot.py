"""A laptop's seats kept on the disk as the game goes: a restart replays only what came after.

A restarted laptop takes its seats back by replaying its game record (record.py, take_up.py):
every pass of the game so far, every group operation again. At the end of each round (once
every seat of this laptop has finished it and its audit), and in the middle of a round once the
seats have done `WORK_BETWEEN_SNAPSHOTS` of work since the last one, the seats are kept, as they
are at the end of that pass, in `<home>/games/<table>-<game>/snapshot` (docs/decisions/0027,
0031):

- what `MySeats` carries from pass to pass: each seat runtime (engine state and scores, the
  rounds before with their audits, the next round's fair peer with this seat's own secrets,
  frames held for later), the bots and their random generators, the generation of the seats;
- what the passes so far made, as a restart reports it: the ids of the frames this laptop's
  seats made (by generation), the rounds checked, the seats given to a bot, the accusations;
- where the record was: its length in bytes and the SHA-256 of that part of `inputs`.

It is kept like the seed: written whole to a temporary file, fsynced, renamed into place, the
folder fsynced; readable by its owner only; with a format number, the digest of the code that
wrote it (a pickle fits only the code that made it) and an HMAC-SHA-256 under a key derived
from the game's seed, checked before anything in it is read. It is written in a thread of its
own once the pass it follows is on the disk; a snapshot that is lost costs only time.

A snapshot is a shortcut, never a source of truth: one that is damaged, cut short, from
another game or another version of lanpurr, or that disagrees with the record or with what this
laptop sent, is left aside with a line in the log, and the whole record is replayed as before.
What the seats send after it is checked, frame for frame, against what the table's journal
holds, as a whole replay checks it.

It holds nothing the laptop's own record does not already let it recompute: its seats' own
secrets and what they were sent. Nothing of it is ever sent.
"""

import contextlib
import hashlib
import hmac
import io
import logging
import pickle
import sys
import threading
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from importlib import metadata
from pathlib import Path
from typing import Any

from lanpurr.fair.identity import Identity
from net.game.record import (
    SNAPSHOT,
    GameRecord,
    SeededRandomness,
    Stored,
    _write_durably,
    frame_id,
    pass_ends,
)
from net.limits import Limits
from net.wire import framing
from net.wire.framing import FrameError

log = logging.getLogger("lanpurr.net")

SNAPSHOT_FORMAT = 2
NAME = SNAPSHOT
_LIMITS = Limits(frame=1 << 30, string=256, binary=1 << 30, array=16, map=16, depth=2)
_SAFE_MODULES = ("lanpurr.", "net.")
_SAFE_OTHERS = {
    "builtins": {"getattr", "set", "frozenset", "bytearray", "slice", "range", "complex"},
    "collections": {"deque", "OrderedDict", "defaultdict", "Counter"},
    "random": {"Random"},
    "copyreg": {"_reconstructor"},
    "enum": {"Enum", "IntEnum", "StrEnum"},
}
"""What a snapshot's pickle may name besides lanpurr's own classes."""


@dataclass
class Kept:
    """What the passes so far made, as a restart reports it (`take_up`'s totals)."""

    made: dict[int, list[bytes]] = field(default_factory=dict)
    """The ids (record.frame_id) of the frames my seats made, by generation, in order."""
    rounds: list[Any] = field(default_factory=list)
    replaced: list[tuple[tuple[int, ...], int]] = field(default_factory=list)
    swaps: list[dict[str, Any]] = field(default_factory=list)
    accusations: list[Any] = field(default_factory=list)
    finished: int = 0
    """Rounds every seat had finished when the last snapshot was taken."""


WORK_BETWEEN_SNAPSHOTS = 1.5
"""Seconds of my seats' own work (recorded passes) after which a pass's end is kept even in the
middle of a round: a restart replays at most about that much work, plus one pass."""


class Keeper:
    """Follows my seats pass by pass (`MySeats.work` calls `passed`) and, at a round's end or
    once `WORK_BETWEEN_SNAPSHOTS` of work has gone by since the last one, hangs a snapshot on
    the pass's record: `GameRecord.append` writes it once the pass is on the disk."""

    def __init__(self) -> None:
        self.kept = Kept()
        self.work = 0.0
        """Seconds of recorded passes (those a restart replays) since the latest snapshot."""
        code_digest()  # (of the code as it is when the game starts)

    def passed(self, seats: Any, result: Any, replaying: bool, seconds: float = 0.0) -> None:
        kept = self.kept
        if replaying or result.record is not None:
            self.work += seconds
        made = kept.made.setdefault(result.generation, [])
        made.extend(frame_id(frame) for _, frame in result.frames)
        kept.rounds.extend(result.rounds)
        kept.replaced.extend(result.replaced)
        kept.swaps.extend(swap.plain() for swap in result.swaps)
        kept.accusations.extend(result.accusations)
        if replaying or result.record is None or result.over or result.accusations:
            return
        finished = min((_finished(r) for r in seats.runtimes.values()), default=0)
        if finished <= kept.finished and self.work < WORK_BETWEEN_SNAPSHOTS:
            return
        kept.finished = max(kept.finished, finished)
        self.work = 0.0
        try:
            state = dump(seats)
        except Exception as error:  # a seat that cannot be kept: restarts replay it all
            log.warning("could not keep a snapshot of this laptop's seats (%s)", error)
            return
        result.record.keep = Snapshot(state)


def _finished(runtime: Any) -> int:
    return sum(1 for record in runtime.rounds if record.audit is not None)


# ---- the seats as bytes ---------------------------------------------------------------------


class _Pickler(pickle.Pickler):
    """Pickles my seats with the few things that are not data named, not copied: identities
    (their keys stay where they are kept), the seats' randomness (keyed anew every pass), the
    `MySeats` and record the runtimes point back to; and the earlier rounds' records, which
    go first, without their audit's replay and the views after every play (nothing reads them
    once the round is over: they are most of a long game's seats)."""

    def __init__(self, file: io.BytesIO, seats: Any, earlier: dict[int, int]) -> None:
        super().__init__(file, protocol=5)
        self.seats = seats
        self.earlier = earlier

    def persistent_id(self, obj: Any) -> Any:
        at = self.earlier.get(id(obj))
        if at is not None:
            return ("round", at)
        if isinstance(obj, Identity):
            return ("identity", obj.public_key)
        if isinstance(obj, SeededRandomness):
            return ("randomness", obj.label, id(obj))
        if obj is self.seats:
            return ("seats",)
        if isinstance(obj, GameRecord):
            return ("record",)
        return None


class _Unpickler(pickle.Unpickler):
    def __init__(
        self, data: bytes, seats: Any, identity: Callable[[bytes], Identity | None]
    ) -> None:
        super().__init__(io.BytesIO(data))
        self.seats = seats
        self.identity = identity
        self.streams: dict[tuple[bytes, int], SeededRandomness] = {}
        self.earlier: list[Any] = []

    def persistent_load(self, pid: Any) -> Any:
        kind = pid[0]
        if kind == "round":
            return self.earlier[pid[1]]
        if kind == "identity":
            identity = self.identity(pid[1])
            if identity is None:
                raise ValueError("a seat's key is no longer on this laptop")
            return identity
        if kind == "randomness":
            key = (pid[1], pid[2])
            if key not in self.streams:
                self.streams[key] = self.seats.record.stream(pid[1])
            return self.streams[key]
        if kind == "seats":
            return self.seats
        if kind == "record":
            return self.seats.record
        raise pickle.UnpicklingError(f"unknown reference {kind!r}")

    def find_class(self, module: str, name: str) -> Any:
        if module.startswith(_SAFE_MODULES) or name in _SAFE_OTHERS.get(module, ()):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} has no place in a snapshot")


def _parts(seats: Any) -> dict[str, Any]:
    """What `MySeats` carries from one pass to the next."""
    return {
        "runtimes": seats.runtimes,
        "bots": seats.bots,
        "bot_rngs": seats.bot_rngs,
        "spec": seats.spec,
        "generation": seats.generation,
        "kept": seats.keeper.kept,
        **seats.clocks(),
    }


def dump(seats: Any) -> bytes:
    """My seats as they are between two passes: the earlier rounds, the seats' numbers, each
    seat runtime, then the rest, one pickle after the other with one memo (what a seat shares
    with another is written once). Between two seats the interpreter is let go, so that the
    game's other threads (the network's, the app's drawing) wait for one seat at most, not for
    all seven."""
    earlier: dict[int, int] = {}
    slim: list[Any] = []
    for runtime in seats.runtimes.values():
        for record in runtime.rounds[:-1]:
            if record.audit is not None and id(record) not in earlier:
                earlier[id(record)] = len(slim)
                slim.append(replace(record, replay=None, views=[]))
    buffer = io.BytesIO()
    pickler = _Pickler(buffer, seats, {})
    pickler.dump(slim)
    pickler.earlier = earlier
    parts = _parts(seats)
    runtimes = parts.pop("runtimes")
    pickler.dump(list(runtimes))
    for runtime in runtimes.values():
        time.sleep(0)
        pickler.dump(runtime)
    pickler.dump(parts)
    return buffer.getvalue()


def restore(
    seats: Any, data: bytes, identity: Callable[[bytes], Identity | None], now: float
) -> None:
    """Put my seats back as `dump` gave them (raises when the bytes do not fit this code)."""
    unpickler = _Unpickler(data, seats, identity)
    unpickler.earlier = unpickler.load()
    numbers = unpickler.load()
    if not isinstance(numbers, list):
        raise ValueError("it does not hold a laptop's seats")
    runtimes = {number: unpickler.load() for number in numbers}
    parts = unpickler.load()
    if not isinstance(parts, dict) or not isinstance(parts.get("kept"), Kept):
        raise ValueError("it does not hold a laptop's seats")
    parts["runtimes"] = runtimes
    seats.runtimes = parts["runtimes"]
    seats.bots = parts["bots"]
    seats.bot_rngs = parts["bot_rngs"]
    seats.spec = parts["spec"]
    seats.generation = parts["generation"]
    seats.keeper.kept = parts["kept"]
    seats.clocks_back(parts, now)
    seats.realtime = any(not r.ordering.turns for r in seats.runtimes.values())


# ---- the file -------------------------------------------------------------------------------


@dataclass
class Snapshot:
    """My seats at the end of a pass (`dump`), waiting for that pass to be on the disk."""

    state: bytes
    writer: threading.Thread | None = None

    def store(self, record: GameRecord, size: int) -> None:
        """Write it next to the record, in a thread: `size` is the record's length in bytes
        with the pass it follows."""
        self.writer = threading.Thread(
            target=self._write, args=(record, size), name="lanpurr-snapshot", daemon=True
        )
        self.writer.start()

    def wait(self) -> None:
        if self.writer is not None:
            self.writer.join()

    def _write(self, record: GameRecord, size: int) -> None:
        try:
            with (record.folder / "inputs").open("rb") as file:
                prefix = file.read(size)
            if len(prefix) != size:
                raise OSError("the record is shorter than the pass it follows")
            body = framing.pack(
                {
                    "format": SNAPSHOT_FORMAT,
                    "game": record.folder.name,
                    "code": code_digest(),
                    "record": size,
                    "digest": hashlib.sha256(prefix).digest(),
                    "seats": zlib.compress(self.state, 1),
                }
            )
            data = framing.pack({"body": body, "mac": _mac(record.seed, body)})
            _write_durably(record.folder / NAME, data)
        except Exception as error:  # (the next snapshot tries again)
            log.warning("could not write a snapshot of this laptop's seats (%s)", error)


@dataclass
class Found:
    """A snapshot read back and checked against the record: where to replay from."""

    passes: int
    """The record's passes it follows."""
    state: bytes


def read(record: GameRecord, passes: Sequence[Stored]) -> Found | None:
    """The game's snapshot, checked, or None (with a line in the log saying why when there is
    one that cannot be used: the whole record is replayed then)."""
    path = record.folder / NAME
    if not path.exists():
        return None
    try:
        outer = framing.unpack(path.read_bytes(), _LIMITS)
        body, mac = outer["body"], outer["mac"]
        if not isinstance(body, bytes) or not isinstance(mac, bytes):
            raise ValueError("it is not a snapshot")
        fields = framing.unpack(body, _LIMITS)
        if fields.get("format") != SNAPSHOT_FORMAT:
            raise ValueError(f"its format is {fields.get('format')!r}, not {SNAPSHOT_FORMAT}")
        if fields.get("game") != record.folder.name:
            raise ValueError("it belongs to another game")
        if not hmac.compare_digest(mac, _mac(record.seed, body)):
            raise ValueError("it does not match its checksum")
        if fields.get("code") != code_digest():
            raise ValueError("another version of lanpurr wrote it")
        size, digest = fields["record"], fields["digest"]
        data = (record.folder / "inputs").read_bytes()
        ends = pass_ends(data)
        if size not in ends or hashlib.sha256(data[:size]).digest() != digest:
            raise ValueError("it does not follow this laptop's record of the game")
        count = ends.index(size) + 1
        if count > len(passes):
            raise ValueError("it follows passes the record no longer holds")
        state = zlib.decompress(fields["seats"])
    except (OSError, FrameError, ValueError, KeyError, TypeError, zlib.error) as error:
        log.warning(
            "this laptop's snapshot of the game in %s cannot be used (%s): replaying the "
            "whole record instead",
            path,
            error,
        )
        return None
    return Found(count, state)


def _mac(seed: bytes, body: bytes) -> bytes:
    key = hmac.new(seed, b"lanpurr snapshot", hashlib.sha256).digest()
    return hmac.new(key, body, hashlib.sha256).digest()


_code: list[bytes] = []


def code_digest() -> bytes:
    """SHA-256 of the code a snapshot's pickle depends on (lanpurr's and net's sources, the
    Python version): a snapshot fits only the code that wrote it."""
    if not _code:
        digest = hashlib.sha256(sys.version.encode())
        for package in ("lanpurr", "net"):
            root = Path(sys.modules[package].__file__ or ".").parent
            for path in sorted(root.rglob("*.py")):
                digest.update(str(path.relative_to(root)).encode() + b"\x00")
                digest.update(path.read_bytes())
        with contextlib.suppress(metadata.PackageNotFoundError):
            digest.update(metadata.version("lanpurr").encode())
        _code.append(digest.digest())
    return _code[0]
