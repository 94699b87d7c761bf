"""A laptop's record of a game (net.game.record): the same seed gives the same seats, a torn last
record is dropped, anything damaged is a sentence, and the secret files are the owner's only.
Each pass keys the seats with fresh bytes that a replay takes back from the record, and is on
the disk before anything it made leaves the laptop."""

import asyncio
import os
from hashlib import sha256
from pathlib import Path
from typing import Any

import pytest

from net.game import driver
from net.game.commands import Act
from net.game.effects import Send
from net.game.record import (
    GameRecord,
    Pass,
    ResumeError,
    SeededRandomness,
    frame_id,
    load_bot_keys,
    save_bot_key,
)
from net.limits import BODY, PROTOCOL_VERSION
from net.wire import framing
from tests.net.test_play_wire import _play
from tests.net.test_sessions import Player

TABLE = bytes(range(16))


def test_a_seed_gives_the_same_bytes_per_seat_and_others_for_another_seat() -> None:
    seed = os.urandom(32)
    one, again = SeededRandomness(seed, b"seat0"), SeededRandomness(seed, b"seat0")
    assert [one(64) for _ in range(3)] == [again(64) for _ in range(3)]
    assert SeededRandomness(seed, b"seat1")(64) != SeededRandomness(seed, b"seat0")(64)
    assert SeededRandomness(os.urandom(32), b"seat0")(64) != SeededRandomness(seed, b"seat0")(64)


def test_a_record_comes_back_as_written_and_its_seed_is_its_owners_only(tmp_path: Path) -> None:
    record = GameRecord.create(tmp_path, TABLE, 1, 0.5)
    frame = b"a frame" * 10
    record.append(Pass(first=True, fresh=record.begin()))
    fresh = record.begin()
    record.append(Pass(commands=[Act(1, b"\x01\x02")], inbox=[(2, frame)], bots=[0], fresh=fresh))
    record.append(Pass(tick=True, fresh=record.begin()))
    record.close()
    loaded = GameRecord.load(tmp_path, TABLE, 1)
    assert loaded is not None and loaded.seed == record.seed and loaded.pace == 0.5
    again = GameRecord.load(tmp_path, TABLE, 1)
    assert again is not None and loaded.randomness(1)(32) == again.randomness(1)(32)
    assert loaded.randomness(1, 2)(32) != again.randomness(1)(32)
    assert loaded.game_key() == record.game_key() and len(loaded.game_key()) == 32
    passes = loaded.read()
    assert [p.first for p in passes] == [True, False, False]
    assert passes[1].commands == [Act(1, b"\x01\x02")] and passes[1].bots == [0]
    assert passes[1].inbox == [(2, frame_id(frame))] and passes[1].fresh == fresh
    assert passes[2].tick
    assert (record.folder / "seed").stat().st_mode & 0o077 == 0
    assert (record.folder / "inputs").stat().st_mode & 0o077 == 0
    assert record.folder.stat().st_mode & 0o077 == 0
    assert GameRecord.load(tmp_path, TABLE, 2) is None  # another game: no record


def test_a_torn_last_record_is_dropped_and_the_next_one_follows_the_last_whole(
    tmp_path: Path,
) -> None:
    record = GameRecord.create(tmp_path, TABLE, 1, 0.0)
    record.append(Pass(first=True, fresh=record.begin()))
    record.append(Pass(tick=True, fresh=record.begin()))
    record.close()
    inputs = record.folder / "inputs"
    inputs.write_bytes(inputs.read_bytes()[:-3])  # killed in the middle of the second write
    assert [p.first for p in record.read()] == [True]
    record.append(Pass(bots=[2], fresh=record.begin()))
    record.close()
    assert [p.bots for p in record.read()] == [[], [2]]


def test_a_damaged_record_or_seed_is_a_sentence(tmp_path: Path) -> None:
    record = GameRecord.create(tmp_path, TABLE, 1, 0.0)
    record.append(Pass(first=True, fresh=record.begin()))
    record.append(Pass(tick=True, fresh=record.begin()))
    record.close()
    inputs = record.folder / "inputs"
    data = bytearray(inputs.read_bytes())
    data[10] ^= 0x40
    inputs.write_bytes(bytes(data))
    with pytest.raises(ResumeError, match=r"record of the game in .* is damaged .*checksum"):
        record.read()
    seed = record.folder / "seed"
    seed.write_bytes(seed.read_bytes()[:-1] + b"\x00")
    with pytest.raises(ResumeError, match="is damaged"):
        GameRecord.load(tmp_path, TABLE, 1)
    seed.write_bytes(b"not msgpack at all \xc1")
    with pytest.raises(ResumeError, match="cannot take its seat back"):
        GameRecord.load(tmp_path, TABLE, 1)


def test_a_game_this_laptop_played_is_never_started_afresh(tmp_path: Path) -> None:
    GameRecord.create(tmp_path, TABLE, 1, 0.0)
    with pytest.raises(ResumeError, match="already played game 1"):
        GameRecord.create(tmp_path, TABLE, 1, 0.0)
    assert GameRecord.create(tmp_path, TABLE, 1, 0.0, replace=True).seed  # nothing was sent


def test_the_bots_keys_are_kept_for_their_owner_only(tmp_path: Path) -> None:
    assert load_bot_keys(tmp_path, TABLE) == []
    save_bot_key(tmp_path, TABLE, b"k" * 32)
    save_bot_key(tmp_path, TABLE, b"j" * 32)
    assert load_bot_keys(tmp_path, TABLE) == [b"k" * 32, b"j" * 32]
    (path,) = tmp_path.glob("*.bots")
    assert path.stat().st_mode & 0o077 == 0
    path.write_bytes(path.read_bytes()[:-2])
    with pytest.raises(ResumeError, match=r"bots .* are damaged"):
        load_bot_keys(tmp_path, TABLE)


def _draws(record: GameRecord, passes: int, seat: int = 1) -> list[bytes]:
    """What seat `seat` draws in each of `passes` passes of the worker (after the recorded
    passes are replayed), recording each new pass."""
    stream = record.randomness(seat)
    drawn = []
    for stored in record.read():
        record.begin(stored)
        drawn.append(stream(64))
    for _ in range(passes):
        fresh = record.begin()
        drawn.append(stream(64))
        record.append(Pass(bots=[seat], fresh=fresh))
    record.close()
    return drawn


def test_each_pass_keys_the_seats_anew_and_a_replay_with_the_bytes_it_recorded(
    tmp_path: Path,
) -> None:
    first = _draws(GameRecord.create(tmp_path, TABLE, 1, 0.0), 3)
    assert len(set(first)) == 3
    # Taken back: the three recorded passes draw what they drew, frame for frame.
    loaded = GameRecord.load(tmp_path, TABLE, 1)
    assert loaded is not None
    assert _draws(loaded, 0) == first
    # Two laptops going on from that same record (one home folder resumed twice, or a disk
    # that lost what came after it) draw new bytes each, not the ones the other drew.
    kept = (loaded.folder / "inputs").read_bytes()
    one = _draws(loaded, 1)
    (loaded.folder / "inputs").write_bytes(kept)
    other = GameRecord.load(tmp_path, TABLE, 1)
    assert other is not None
    two = _draws(other, 1)
    assert one[:3] == two[:3] == first
    assert one[3] != two[3] and one[3] not in first and two[3] not in first


def test_a_pass_is_on_the_disk_once_appended(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = GameRecord.create(tmp_path, TABLE, 1, 0.0)
    inputs = record.folder / "inputs"
    durable: dict[str, int] = {}
    fsync = os.fsync

    def noting_fsync(fd: int) -> None:
        fsync(fd)
        durable[os.readlink(f"/proc/self/fd/{fd}")] = os.fstat(fd).st_size

    monkeypatch.setattr(os, "fsync", noting_fsync)
    for _ in range(3):
        record.append(Pass(bots=[0], fresh=record.begin()))
        assert durable[str(inputs)] == inputs.stat().st_size > 0
    assert str(record.folder) in durable  # the file's name too, when it was created
    record.close()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"format": 1}, "written by an older lanpurr"),
        ({"protocol": PROTOCOL_VERSION - 1}, "written by another version of lanpurr"),
        ({"protocol": None}, "written by another version of lanpurr"),  # before it was named
    ],
    ids=["before-the-fresh-bytes", "another-protocol", "no-protocol-named"],
)
def test_a_record_this_lanpurr_cannot_replay_is_refused_with_a_sentence(
    tmp_path: Path, change: dict[str, Any], words: str
) -> None:
    # Replayed by other rules, an honest seat's frames would read as cheats: the laptop does
    # not take its seat back, and names nobody.
    record = GameRecord.create(tmp_path, TABLE, 1, 0.0)
    seed = record.folder / "seed"
    outer = framing.unpack(seed.read_bytes(), BODY)
    body = framing.unpack(outer["body"], BODY)
    assert body["protocol"] == PROTOCOL_VERSION
    for key, value in change.items():
        if value is None:
            del body[key]
        else:
            body[key] = value
    packed = framing.pack(body)
    seed.write_bytes(framing.pack({"body": packed, "check": sha256(packed).digest()}))
    with pytest.raises(ResumeError, match=words):
        GameRecord.load(tmp_path, TABLE, 1)


def test_every_laptop_sends_a_game_frame_only_once_its_record_is_on_the_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    durable: dict[str, int] = {}
    """Each file fsynced, with its size then."""
    fsync = os.fsync
    carry = driver.GameDriver._carry
    sends: list[tuple[int, int | None]] = []
    """At each batch sent: the size of the sender's record of the game and how much of it was
    on the disk."""

    def noting_fsync(fd: int) -> None:
        fsync(fd)
        durable[os.readlink(f"/proc/self/fd/{fd}")] = os.fstat(fd).st_size

    def checked_carry(self: driver.GameDriver) -> None:
        if any(isinstance(e, Send) and "b" in e.data for e in self.game._effects):
            inputs = self.worker.record.folder / "inputs"
            sends.append((inputs.stat().st_size, durable.get(str(inputs))))
        carry(self)

    monkeypatch.setattr(os, "fsync", noting_fsync)
    monkeypatch.setattr(driver.GameDriver, "_carry", checked_carry)
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    scores, _ = asyncio.run(_play(players))
    assert len(set(scores)) == 1
    assert len(sends) > 50
    late = [(size, synced) for size, synced in sends if synced != size]
    assert not late, f"{len(late)} of {len(sends)} batches left before their record was durable"
