"""What lets a laptop killed in the middle of a game take its seats back: its game record.

A seat runtime is a deterministic function of its randomness and of what it is fed. So for each
game this laptop plays, it keeps in `<home>/games/<table>-<game>/` (docs/decisions/0020):

- `seed`: 32 random bytes drawn at the start and never sent anywhere. Every seat's randomness
  (mask keys, round secrets, nonces, shuffles; with each pass's fresh bytes below), every
  bot's choices and the game key the host seals to the others are derived from it. It is as
  secret as the identity key: readable by its owner only, written whole and renamed into
  place, with a checksum.
- `inputs`: every pass of the game's worker, in order: the frames it fed to the runtimes (by
  their hash: the frames themselves are in the table's journal), a person's actions, the bots
  that acted, whether the seats ticked, and 32 fresh bytes from the operating system that
  every seat's randomness was keyed with for that pass. A record is written, and made durable
  (fsync), at the end of its pass and before anything the pass made is sent.

A seat taken back from an older state (a power cut before the disk had the last passes, one
home folder resumed on two laptops) replays what was recorded and then draws new bytes: what it
says from there on is made from other randomness than whatever the lost passes said, and every
proof's nonce is hedged besides (lanpurr.fair.group.hedged), so nothing it says can be combined
with what the other run said.

On a restart the runtimes are built again from the seed and the passes are replayed; what
they send again must be, frame for frame, what the table's journal holds as sent by this
laptop, else the record is refused with a sentence saying so. Anything damaged gives a
`ResumeError` a person can read, never a wrong card.
"""

import hmac
import os
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from hashlib import sha256
from pathlib import Path
from typing import Any, BinaryIO

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms

from net.game.commands import Command, command_of, plain
from net.limits import PROTOCOL_VERSION, Limits
from net.wire import framing
from net.wire.framing import FrameError

SEED_FORMAT = 2
"""2: each pass records the fresh bytes the seats' randomness was keyed with (format 1 had none,
and its proofs drew their nonces otherwise: such a game cannot be taken up again)."""
FRESH_BYTES = 32
_PREFIX = struct.Struct(">II")
"""Each record of `inputs`: its length and its CRC-32, then its msgpack."""
_SEED_LIMITS = Limits(frame=4096, binary=256, array=16, map=16, depth=3)
_RECORD_LIMITS = Limits(frame=16 * 1024 * 1024, binary=4 * 1024 * 1024, array=1 << 20, map=64,
                        depth=6)  # fmt: skip
FRAME_ID = 16
"""Bytes of a frame's SHA-256 that name it in `inputs`."""
SNAPSHOT = "snapshot"
"""The file, next to `inputs`, that keeps the seats as they were at a pass's end (snapshot.py)."""


class ResumeError(ValueError):
    """This laptop's record of the game cannot be used: the sentence says why and what now."""


def frame_id(frame: bytes) -> bytes:
    return sha256(frame).digest()[:FRAME_ID]


class SeededRandomness:
    """A seat's random bytes: the ChaCha20 key stream under a key derived from the seed.

    Called like `secrets.token_bytes` (`Randomness` in lanpurr.fair.group); the same seed and
    label give the same bytes in the same order, on any laptop, after any restart. `rekey`
    starts another stream, under the seed, the label and the bytes given (a pass's fresh
    bytes): the same three give the same stream again."""

    def __init__(self, seed: bytes, label: bytes, fresh: bytes = b"") -> None:
        self._seed, self._label = seed, label
        self.rekey(fresh)

    @property
    def label(self) -> bytes:
        return self._label

    def rekey(self, fresh: bytes) -> None:
        message = b"lanpurr seat randomness\x00" + self._label
        if fresh:
            message = b"lanpurr seat randomness/pass\x00" + bytes([len(self._label)])
            message += self._label + fresh
        key = hmac.new(self._seed, message, sha256).digest()
        self._stream = Cipher(algorithms.ChaCha20(key, bytes(16)), mode=None).encryptor()

    def __call__(self, n: int) -> bytes:
        return self._stream.update(bytes(n))


@dataclass
class Pass:
    """One pass of the game's worker: what it fed to the runtimes, in order."""

    first: bool = False
    commands: list[Command] = field(default_factory=list)
    """A person's actions, "next round", seat swaps and the table's timeout (commands.py)."""
    inbox: list[tuple[int, bytes]] = field(default_factory=list)
    """Frames from the other laptops: (seat, frame)."""
    bots: list[int] = field(default_factory=list)
    """The seats whose bot acted in the pass's loop, in order."""
    tick: bool = False
    fresh: bytes = b""
    """The bytes every seat's randomness was keyed with for the pass (`GameRecord.begin`)."""
    keep: Any = field(default=None, repr=False, compare=False)
    """A snapshot of the seats at the pass's end (net.game.snapshot), written once the pass is
    on the disk; not part of the record."""

    def quiet(self) -> bool:
        """Nothing was fed but perhaps a tick (which changes nothing unless it sends one)."""
        return not (self.first or self.commands or self.inbox or self.bots)

    def plain(self) -> list[Any]:
        inbox = [[seat, frame_id(frame)] for seat, frame in self.inbox]
        commands = [plain(command) for command in self.commands]
        return ["pass", self.first, commands, inbox, self.bots, self.tick, self.fresh]


@dataclass
class Stored:
    """A pass read back: its frames named by hash until the table's journal gives them."""

    first: bool
    commands: list[Command]
    inbox: list[tuple[int, bytes]]
    bots: list[int]
    tick: bool
    fresh: bytes


class GameRecord:
    """The seed and the input log of one game on this laptop."""

    def __init__(
        self,
        folder: Path,
        seed: bytes,
        pace: float,
        plan: dict[int, tuple[str, bool]] | None = None,
    ) -> None:
        self.folder = folder
        self.seed = seed
        self.pace = pace
        """The bots' pace the game started with (it decides when a bot acts: kept)."""
        self.plan = plan or {}
        """How each of this laptop's seats is played: (bot level or "" for a person, whether it
        waits between rounds). Kept: a restart with other flags plays the game as it began."""
        self._file: BinaryIO | None = None
        self._streams: list[SeededRandomness] = []
        self._fresh = b""
        self._keeping: Any = None
        """The last snapshot handed to its writer (snapshot.py)."""

    @staticmethod
    def folder_for(home: Path, table: bytes, number: int) -> Path:
        return home / "games" / f"{table.hex()}-{number}"

    @classmethod
    def create(
        cls,
        home: Path,
        table: bytes,
        number: int,
        pace: float,
        replace: bool = False,
        plan: dict[int, tuple[str, bool]] | None = None,
    ) -> "GameRecord":
        """A new record. An old one of the same game is replaced only with `replace` (it was
        never used to send anything): otherwise this laptop already played that game, and
        starting it afresh would make its seats say something else (ResumeError)."""
        folder = cls.folder_for(home, table, number)
        if (folder / "seed").exists() and not replace:
            raise ResumeError(
                f"this laptop already played game {number} of this table (its record is in "
                f"{folder}): it can only take that game up again, not start it afresh"
            )
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chmod(folder, 0o700)
        seed = os.urandom(32)
        seats = [[seat, level, hold] for seat, (level, hold) in sorted((plan or {}).items())]
        body = {
            "format": SEED_FORMAT,
            "protocol": PROTOCOL_VERSION,
            "seed": seed,
            "table": table,
            "game": number,
            "pace": pace,
            "seats": seats,
        }
        packed = framing.pack(body)
        inputs = folder / "inputs"
        if inputs.exists():
            inputs.unlink()
        (folder / SNAPSHOT).unlink(missing_ok=True)
        _write_durably(
            folder / "seed", framing.pack({"body": packed, "check": sha256(packed).digest()})
        )
        return cls(folder, seed, pace, plan)

    @classmethod
    def load(cls, home: Path, table: bytes, number: int) -> "GameRecord | None":
        """The record of that game, None when this laptop has none; raises ResumeError when
        it is damaged."""
        folder = cls.folder_for(home, table, number)
        path = folder / "seed"
        if not path.exists():
            return None
        try:
            outer = framing.unpack(path.read_bytes(), _SEED_LIMITS)
            packed, check = outer["body"], outer["check"]
            if not isinstance(packed, bytes) or sha256(packed).digest() != check:
                raise ValueError("its checksum does not match")
            body = framing.unpack(packed, _SEED_LIMITS)
            if body.get("format") == 1:
                raise ResumeError(
                    f"this laptop's record of the game in {path} was written by an older "
                    "lanpurr, which made its proofs otherwise: it cannot take its seat back; "
                    "the others can go on without it"
                )
            if body.get("format") != SEED_FORMAT:
                raise ValueError("unknown format")
            if body.get("protocol") != PROTOCOL_VERSION:
                # (None: written before protocol 13.) Its frames would be checked by rules
                # their senders did not play by, and an honest seat named for it.
                raise ResumeError(
                    f"this laptop's record of the game in {path} was written by another "
                    "version of lanpurr, whose messages this one reads otherwise: it cannot "
                    "take its seat back; the others can go on without it"
                )
            seed, pace = body["seed"], body["pace"]
            if body["table"] != table or body["game"] != number:
                raise ValueError("it belongs to another game")
            if not isinstance(seed, bytes) or len(seed) != 32:
                raise ValueError("the seed is not 32 bytes")
            if not isinstance(pace, int | float) or pace < 0:
                raise ValueError("the pace is not a number")
            plan = {}
            for seat, level, hold in body["seats"]:
                if type(seat) is not int or not isinstance(level, str) or type(hold) is not bool:
                    raise ValueError("a seat is not [seat, level, waits]")
                plan[seat] = (level, hold)
        except ResumeError:
            raise
        except (OSError, FrameError, ValueError, KeyError, TypeError) as error:
            raise ResumeError(
                f"this laptop's record of the game in {path} is damaged ({error}): it cannot "
                "take its seat back; the others can go on without it"
            ) from None
        return cls(folder, seed, float(pace), plan)

    # -- what the seed gives --------------------------------------------------------------

    def randomness(self, seat: int, generation: int = 0) -> Callable[[int], bytes]:
        """A seat's randomness (in each generation of the game's runtimes: takeover.py),
        keyed anew at the start of every pass (`begin`)."""
        label = b"seat" + seat.to_bytes(2, "big")
        if generation:
            label += generation.to_bytes(2, "big")
        return self.stream(label)

    def stream(self, label: bytes) -> SeededRandomness:
        """The randomness under `label`, keyed anew at the start of every pass."""
        stream = SeededRandomness(self.seed, label, self._fresh)
        self._streams.append(stream)
        return stream

    def begin(self, replayed: Stored | None = None) -> bytes:
        """The start of a pass of the game's worker: every seat's randomness is keyed anew
        with 32 fresh bytes from the operating system, or, replaying, with the bytes that pass
        recorded. The bytes go into the pass's record. A laptop that goes on from an older
        record than what it had sent (its disk lost the last passes; its home folder copied to
        another laptop) draws other bytes than it drew the first time."""
        self._fresh = replayed.fresh if replayed is not None else os.urandom(FRESH_BYTES)
        for stream in self._streams:
            stream.rekey(self._fresh)
        return self._fresh

    def bot_seed(self, seat: int) -> bytes:
        return hmac.new(self.seed, b"lanpurr bot\x00" + seat.to_bytes(2, "big"), sha256).digest()

    def game_key(self) -> bytes:
        """The game key this laptop seals to the others when it hosts."""
        return hmac.new(self.seed, b"lanpurr game key", sha256).digest()

    # -- the input log --------------------------------------------------------------------

    def append(self, value: Pass) -> None:
        """Writes the pass and makes it durable (fsync): call it before anything the pass
        made is sent (one fsync per pass that fed the seats or sent anything)."""
        if self._file is None:
            created = not (self.folder / "inputs").exists()
            fd = os.open(self.folder / "inputs", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            self._file = os.fdopen(fd, "ab")
            if created:
                _sync_folder(self.folder)  # (the file's name is durable too)
        payload = framing.pack(value.plain())
        self._file.write(_PREFIX.pack(len(payload), zlib.crc32(payload)) + payload)
        self._file.flush()
        os.fsync(self._file.fileno())
        if value.keep is not None:
            if self._keeping is not None:
                self._keeping.wait()  # (one snapshot at a time)
            value.keep.store(self, os.fstat(self._file.fileno()).st_size)
            self._keeping = value.keep

    def read(self) -> list[Stored]:
        """The passes written so far (a torn last record, killed mid-write, is left out)."""
        path = self.folder / "inputs"
        if not path.exists():
            return []
        try:
            data = path.read_bytes()
        except OSError as error:
            raise self._damaged(f"not readable: {error}") from None
        passes: list[Stored] = []
        at = 0
        while at + _PREFIX.size <= len(data):
            length, crc = _PREFIX.unpack_from(data, at)
            end = at + _PREFIX.size + length
            if end > len(data):
                break  # the last record was cut short: its pass never ran
            payload = data[at + _PREFIX.size : end]
            if zlib.crc32(payload) != crc:
                raise self._damaged(f"record {len(passes) + 1} does not match its checksum")
            try:
                passes.append(_stored(framing.unpack(payload, _RECORD_LIMITS)))
            except (FrameError, ValueError, TypeError, IndexError) as error:
                raise self._damaged(f"record {len(passes) + 1}: {error}") from None
            at = end
        # Cut a torn tail off, so that what is appended next follows the last whole record.
        if at < len(data):
            with path.open("r+b") as file:
                file.truncate(at)
        return passes

    def _damaged(self, problem: str) -> ResumeError:
        return ResumeError(
            f"this laptop's record of the game in {self.folder / 'inputs'} is damaged "
            f"({problem}): it cannot take its seat back; the others can go on without it"
        )

    def close(self) -> None:
        if self._keeping is not None:
            self._keeping.wait()
            self._keeping = None
        if self._file is not None:
            self._file.close()
            self._file = None


def _write_durably(path: Path, data: bytes) -> None:
    """Writes a file whole, for its owner only, and makes it durable: a temporary file, fsync,
    renamed into place, and the folder fsynced so that the new name is on the disk too."""
    temporary = path.with_name(path.name + ".tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    temporary.replace(path)
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _stored(value: Any) -> Stored:
    if not (isinstance(value, list) and len(value) == 7 and value[0] == "pass"):
        raise ValueError("not a pass")
    _, first, commands, inbox, bots, tick, fresh = value
    if not isinstance(first, bool) or not isinstance(tick, bool):
        raise ValueError("a flag is not a boolean")
    if not isinstance(fresh, bytes) or len(fresh) != FRESH_BYTES:
        raise ValueError(f"the fresh bytes are not {FRESH_BYTES} bytes")
    if not isinstance(commands, list):
        raise ValueError("the commands are not a list")
    if not isinstance(bots, list) or not all(type(b) is int for b in bots):
        raise ValueError("the bots are not seats")
    pairs: list[tuple[int, bytes]] = []
    if not isinstance(inbox, list):
        raise ValueError("the inbox is not a list")
    for item in inbox:
        if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is int
                and isinstance(item[1], bytes) and len(item[1]) == FRAME_ID):  # fmt: skip
            raise ValueError("a frame is not [seat, hash]")
        pairs.append((item[0], item[1]))
    return Stored(first, [command_of(c) for c in commands], pairs, bots, tick, fresh)


def pass_ends(data: bytes) -> list[int]:
    """Where each whole record of `inputs` ends, in bytes (a torn tail left out)."""
    ends: list[int] = []
    at = 0
    while at + _PREFIX.size <= len(data):
        end = at + _PREFIX.size + _PREFIX.unpack_from(data, at)[0]
        if end > len(data):
            break
        ends.append(end)
        at = end
    return ends


def _bots_path(journals: Path, table: bytes) -> Path:
    return journals / f"{table.hex()}.bots"


def save_bot_key(journals: Path, table: bytes, private: bytes) -> None:
    """Keep the private key of a bot this laptop seated at `table` (owner only), so that after a
    crash it can play that bot's seat again."""
    path = _bots_path(journals, table)
    keys = _read_bot_keys(path) if path.exists() else []
    keys.append(private)
    packed = framing.pack(keys)
    journals.mkdir(parents=True, exist_ok=True)
    _write_durably(path, framing.pack({"keys": packed, "check": sha256(packed).digest()}))


def load_bot_keys(journals: Path, table: bytes) -> list[bytes]:
    """The private keys of the bots this laptop seated at `table` (ResumeError if damaged)."""
    path = _bots_path(journals, table)
    return _read_bot_keys(path) if path.exists() else []


def _read_bot_keys(path: Path) -> list[bytes]:
    try:
        outer = framing.unpack(path.read_bytes(), _SEED_LIMITS)
        packed = outer["keys"]
        if not isinstance(packed, bytes) or sha256(packed).digest() != outer["check"]:
            raise ValueError("its checksum does not match")
        keys = framing.unpack(packed, Limits(frame=64 * 1024, binary=64, array=1024, map=1))
        if not isinstance(keys, list) or not all(isinstance(k, bytes) for k in keys):
            raise ValueError("not a list of keys")
    except (OSError, FrameError, ValueError, KeyError, TypeError) as error:
        raise ResumeError(
            f"the keys of this laptop's bots in {path} are damaged ({error}): it cannot play "
            "their seats again"
        ) from None
    return keys
