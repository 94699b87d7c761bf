"""A laptop's seats kept at each round's end, and in the middle of a round after enough work
(net.game.snapshot): a restart replays only the passes after the latest snapshot, and ends
where a whole replay of the record ends, sending the same frames from there on. A snapshot
that cannot be trusted (damaged, cut short, of another game, written by another lanpurr,
behind or ahead of the record, leading anywhere but to what was sent) is left aside with a
line in the log, and the whole record is replayed.

One Purrfect game between three laptops (laptop 1 plays two seats) is played up to the middle
of its third round, once for the module; each test takes laptop 1 back from a copy of its home.
"""

import copy
import logging
import random
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from net.game import snapshot, takeover
from net.game.commands import Gone, NextRound, TakeSwap
from net.game.record import GameRecord, ResumeError, Stored, pass_ends
from net.game.seats import MySeats
from net.game.take_up import TakenUp, take_up
from net.wire import framing
from tests.net.test_my_seats import TABLE, Laptop, one_pass, play, table

GAME, HOLDERS = "purrfect", [0, 1, 1, 2]
NOW = 99.0


@dataclass
class Moment:
    """Laptop 1 at one point of the game, as its table's journal would have it."""

    passes: int
    sent: dict[int, list[tuple[int, bytes]]]
    heard: list[tuple[int, int, bytes]]
    view: Any


@dataclass
class Game:
    laptops: list[Laptop]
    home: Path
    early: Moment
    """In round 2, before the snapshot of round 2's end was written."""
    late: Moment
    """In round 3, after it."""


def moment(laptop: Laptop) -> Moment:
    laptop.record.close()  # (waits for a snapshot being written)
    passes = len(laptop.record.read())
    return Moment(passes, copy.deepcopy(laptop.sent), list(laptop.heard), laptop.seats.view())


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    laptops = table(tmp_path_factory.mktemp("snapshot"), GAME, HOLDERS)
    laptop = laptops[1]
    rng = random.Random(5)

    def in_round(number: int) -> bool:
        return all(r.round == number and r.dealt for r in laptop.seats.runtimes.values())

    play(laptops, rng, until=lambda: in_round(2))
    early = moment(laptop)
    play(laptops, rng, until=lambda: in_round(3))
    return Game(laptops, laptop.home, early, moment(laptop))


def home_of(game: Game, tmp_path: Path) -> Path:
    home = tmp_path / "home"
    shutil.copytree(game.home, home)
    return home


def seats_on(game: Game, record: GameRecord) -> MySeats:
    """Laptop 1's seats built afresh on `record`, as after a restart."""
    old = game.laptops[1].seats
    plan = {seat: ("normal", False) for seat in old.runtimes}
    identities = {seat: runtime.identity for seat, runtime in old.runtimes.items()}
    return MySeats(old.spec, old.game, old.me, old.my_seat, plan, identities, record,
                   old.take_over)  # fmt: skip


def taken_back(game: Game, home: Path, at: Moment) -> tuple[MySeats, GameRecord, TakenUp]:
    record = GameRecord.load(home, TABLE, 1)
    assert record is not None
    seats = seats_on(game, record)
    return seats, record, take_up(seats, record, at.sent, at.heard, set(), NOW)


def folder(home: Path) -> Path:
    return GameRecord.folder_for(home, TABLE, 1)


def records_with_and_without_the_snapshot(home: Path, tmp_path: Path) -> list[GameRecord]:
    """The record of the laptop at `home`, in two copies: with its snapshot, then without it."""
    records = []
    for keep in (True, False):
        again = tmp_path / f"again-{keep}"
        shutil.copytree(home, again)
        if not keep:
            (folder(again) / snapshot.NAME).unlink()
        record = GameRecord.load(again, TABLE, 1)
        assert record is not None
        records.append(record)
    return records


# ---- a snapshot that is used ----------------------------------------------------------------


def test_a_snapshot_is_kept_at_a_rounds_end_next_to_the_record_for_its_owner_only(
    game: Game, tmp_path: Path
) -> None:
    home = home_of(game, tmp_path)
    path = folder(home) / snapshot.NAME
    assert path.stat().st_mode & 0o077 == 0
    record = GameRecord.load(home, TABLE, 1)
    assert record is not None
    found = snapshot.read(record, record.read())
    # It follows a pass of round 2's end: after what the record held in round 2, before now.
    assert found is not None and game.early.passes < found.passes < game.late.passes


def test_a_laptop_put_back_from_its_snapshot_is_the_laptop_a_whole_replay_gives(
    game: Game, tmp_path: Path
) -> None:
    kept, whole = home_of(game, tmp_path / "kept"), home_of(game, tmp_path / "whole")
    (folder(whole) / snapshot.NAME).unlink()
    fast_seats, _, fast = taken_back(game, kept, game.late)
    slow_seats, _, slow = taken_back(game, whole, game.late)
    assert slow.passes == game.late.passes
    assert 0 < fast.passes < slow.passes / 3  # only the passes of round 3 so far
    for taken in (fast, slow):
        assert taken.started and taken.output.frames == []  # everything it made, it had sent
    assert fast_seats.view() == slow_seats.view() == game.late.view
    for seat, runtime in slow_seats.runtimes.items():
        other = fast_seats.runtimes[seat]
        assert (other.round, other.state, other.round_start) == (
            runtime.round,
            runtime.state,
            runtime.round_start,
        )
        assert other.fair is not None and runtime.fair is not None
        assert other.fair.secrets == runtime.fair.secrets
    one, two = fast.output, slow.output
    assert one.rounds == two.rounds and len(one.rounds) == 2
    assert (one.scores, one.audits, one.progress, one.over) == (
        two.scores,
        two.audits,
        two.progress,
        two.over,
    )
    assert {r.seat for r in [*one.accusations, *two.accusations]} == set()
    assert fast_seats.keeper.kept.made == slow_seats.keeper.kept.made


# ---- a snapshot left aside ------------------------------------------------------------------


def whole_replay_despite(
    game: Game, home: Path, caplog: pytest.LogCaptureFixture, why: str, at: Moment | None = None
) -> None:
    """Taken back from `home`, laptop 1 says why its snapshot is left aside, replays its
    whole record and is where it was."""
    at = at or game.late
    with caplog.at_level(logging.WARNING, logger="lanpurr.net"):
        seats, _, taken = taken_back(game, home, at)
    said = [r.getMessage() for r in caplog.records if "snapshot" in r.getMessage()]
    assert said and why in said[0] and "replaying the whole record instead" in said[0], said
    assert taken.passes == at.passes
    assert taken.output.frames == [] and seats.view() == at.view


def rewrite(home: Path, change: Any) -> None:
    """Rewrites the snapshot's fields (`change` edits them) under a correct checksum."""
    record = GameRecord.load(home, TABLE, 1)
    assert record is not None
    path = folder(home) / snapshot.NAME
    outer = framing.unpack(path.read_bytes(), snapshot._LIMITS)
    fields = framing.unpack(outer["body"], snapshot._LIMITS)
    change(fields)
    body = framing.pack(fields)
    path.write_bytes(framing.pack({"body": body, "mac": snapshot._mac(record.seed, body)}))


def test_a_damaged_snapshot_is_left_aside(
    game: Game, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    home = home_of(game, tmp_path)
    path = folder(home) / snapshot.NAME
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x10
    path.write_bytes(bytes(data))
    whole_replay_despite(game, home, caplog, "cannot be used")


def test_a_snapshot_cut_short_is_left_aside(
    game: Game, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    home = home_of(game, tmp_path)
    path = folder(home) / snapshot.NAME
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    whole_replay_despite(game, home, caplog, "cannot be used")


def test_a_snapshot_of_another_game_is_left_aside(
    game: Game, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    home = home_of(game, tmp_path)
    rewrite(home, lambda fields: fields.update(game=folder(home).name[:-1] + "2"))
    whole_replay_despite(game, home, caplog, "it belongs to another game")


def test_another_laptops_snapshot_is_left_aside(
    game: Game, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    home = home_of(game, tmp_path)
    theirs = folder(game.laptops[0].home) / snapshot.NAME
    game.laptops[0].record.close()
    shutil.copyfile(theirs, folder(home) / snapshot.NAME)
    whole_replay_despite(game, home, caplog, "does not match its checksum")


def test_a_snapshot_written_by_another_version_of_lanpurr_is_left_aside(
    game: Game, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    home = home_of(game, tmp_path)
    rewrite(home, lambda fields: fields.update(code=bytes(32)))
    whole_replay_despite(game, home, caplog, "another version of lanpurr wrote it")
    rewrite(home, lambda fields: fields.update(format=snapshot.SNAPSHOT_FORMAT + 1))
    caplog.clear()
    whole_replay_despite(game, home, caplog, f"its format is {snapshot.SNAPSHOT_FORMAT + 1}")


def test_a_snapshot_ahead_of_the_record_is_left_aside(
    game: Game, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # The record and the journal as they were in round 2 (a home folder restored from a
    # copy), next to the snapshot of round 2's end.
    home = home_of(game, tmp_path)
    inputs = folder(home) / "inputs"
    data = inputs.read_bytes()
    inputs.write_bytes(data[: pass_ends(data)[game.early.passes - 1]])
    whole_replay_despite(game, home, caplog, "does not follow", game.early)


def test_a_snapshot_that_disagrees_with_the_record_is_left_aside(
    game: Game, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    home = home_of(game, tmp_path)
    rewrite(home, lambda fields: fields.update(digest=bytes(32)))
    whole_replay_despite(game, home, caplog, "does not follow")


def test_a_snapshot_that_disagrees_with_what_was_sent_is_left_aside(
    game: Game, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    home = home_of(game, tmp_path)
    late = copy.deepcopy(game.late)
    frames = late.sent[0]
    seat, frame = frames[3]
    frames[3] = (seat, frame[:-1] + bytes([frame[-1] ^ 1]))
    with (
        caplog.at_level(logging.WARNING, logger="lanpurr.net"),
        pytest.raises(ResumeError, match=r"does not give what it sent \(frame 4 of"),
    ):
        taken_back(game, home, late)  # the whole replay says what it always said
    said = [r.getMessage() for r in caplog.records]
    assert any("does not agree with what this laptop sent" in line for line in said)


def test_a_snapshot_that_leads_elsewhere_than_what_was_sent_is_left_aside(
    game: Game, tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = home_of(game, tmp_path)
    put_back = snapshot.restore
    calls = []

    def astray(seats: MySeats, data: bytes, identity: Any, now: float) -> None:
        put_back(seats, data, identity, now)
        calls.append(seats)
        if len(calls) == 1:  # the snapshot's seats would chain their next frames otherwise
            for runtime in seats.runtimes.values():
                outbox = runtime.fair.outbox if runtime.fair is not None else None
                if outbox is not None:
                    outbox.prev = bytes(len(outbox.prev))

    monkeypatch.setattr(snapshot, "restore", astray)
    whole_replay_despite(game, home, caplog, "does not give what it sent")


# ---- last: it plays the module's game to its end --------------------------------------------


def test_seats_put_back_from_a_snapshot_send_what_a_whole_replay_sends_to_the_games_end(
    game: Game, tmp_path: Path
) -> None:
    kept, whole = home_of(game, tmp_path / "kept"), home_of(game, tmp_path / "whole")
    (folder(whole) / snapshot.NAME).unlink()
    fast_seats, fast_record, _ = taken_back(game, kept, game.late)
    slow_seats, slow_record, _ = taken_back(game, whole, game.late)
    passes = play_on_beside_a_whole_replay(game.laptops, 1, (fast_seats, fast_record),
                                           (slow_seats, slow_record))  # fmt: skip
    # It played on through the rest of round 3 (about fifty passes: the module's game draws
    # its luck in the order of protocol 15) and that round's audit.
    assert passes > 30
    assert len(game.laptops[1].last.audits) >= 3  # type: ignore[union-attr]


def play_on_beside_a_whole_replay(
    laptops: list[Laptop],
    number: int,
    fast: tuple[MySeats, GameRecord],
    slow: tuple[MySeats, GameRecord],
) -> int:
    """Laptop `number` plays on, to the game's end, with the seats a snapshot put back (`fast`);
    each of its passes is played again on the seats a whole replay put back (`slow`), which must
    send the same frames. Returns the passes played; the game must end alike and fair."""
    restarted = laptops[number]
    restarted.seats, restarted.record = fast
    slow_seats, slow_record = slow
    passes = 0
    original = restarted.seats.work

    def work(now: float, first: bool, inbox: Any, commands: Any, fresh: bytes = b"") -> Any:
        # The same pass, with the same fresh bytes, on seats a whole replay put back.
        nonlocal passes
        out = original(now, first, inbox, commands, fresh)
        slow_record.begin(Stored(first, commands, inbox, [], False, fresh))
        twin = slow_seats.work(now, first, list(inbox), list(commands), fresh)
        assert twin.frames == out.frames
        passes += 1
        return out

    restarted.seats.work = work  # type: ignore[method-assign]
    play(laptops, random.Random(6))
    scores = {lap.last.scores for lap in laptops if lap.last is not None}
    assert len(scores) == 1
    last = restarted.last
    assert last is not None and not last.accusations and last.over
    assert all(audit == "fair" for audit in last.audits)
    return passes


def test_seats_are_kept_in_the_middle_of_a_round_once_they_have_done_enough_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With no work allowed between two snapshots, every recorded pass is kept: a laptop
    # restarted in the middle of round 1 replays nothing, and plays on as a whole replay does.
    monkeypatch.setattr(snapshot, "WORK_BETWEEN_SNAPSHOTS", 0.0)
    laptops = table(tmp_path, "momistigri", [0, 1, 1])
    laptop = laptops[1]

    def mid_round() -> bool:
        main = laptop.seats.main
        return main is not None and main.round == 1 and main.rounds[-1].plays >= 8

    play(laptops, random.Random(7), until=mid_round)
    at = moment(laptop)
    again = []
    for record in records_with_and_without_the_snapshot(laptop.home, tmp_path):
        old = laptop.seats
        seats = MySeats(old.spec, old.game, old.me, old.my_seat, {1: ("normal", False),
                        2: ("normal", False)}, {s: r.identity for s, r in old.runtimes.items()},
                        record, old.take_over)  # fmt: skip
        taken = take_up(seats, record, at.sent, at.heard, set(), NOW)
        assert taken.output.frames == [] and seats.view() == at.view
        again.append((seats, record, taken.passes))
    (fast, fast_record, few), (slow, slow_record, many) = again
    assert few == 0 and many == at.passes  # the last pass was kept: nothing to replay
    assert all(r.round == 1 for r in fast.runtimes.values())  # (in the middle of round 1)
    assert play_on_beside_a_whole_replay(laptops, 1, (fast, fast_record), (slow, slow_record))


def test_a_host_that_gave_a_seat_to_a_bot_is_put_back_with_that_bot(tmp_path: Path) -> None:
    laptops = table(tmp_path, "momistigri", [0, 1, 2])
    host, stays, gone = laptops
    rng = random.Random(5)
    play(laptops, rng, until=lambda: gone.seats.main is not None and gone.seats.main.dealt)
    host.commands.append(Gone("normal", 1, (2,)))
    host.inbox.clear()
    [swap] = one_pass(host, [host, stays], 10.0).swaps
    stays.commands.append(TakeSwap(swap))
    stays.inbox.clear()
    play([host, stays], rng, until=lambda: host.seats.main.round == 3)  # type: ignore[union-attr]
    host.record.close()
    identity = host.seats.runtimes[0].identity
    views, outputs = [], []
    for record in records_with_and_without_the_snapshot(host.home, tmp_path):
        seats = MySeats(gone.seats.spec, "momistigri", host.key, 0, {0: ("normal", False)},
                        {0: identity}, record, takeover.apply)  # fmt: skip
        taken = take_up(seats, record, host.sent, host.heard, {1}, NOW)
        assert seats.generation == 1 and sorted(seats.runtimes) == [0, 2] and 2 in seats.bots
        assert taken.output.frames == [] and taken.output.swaps == []
        views.append(seats.view())
        outputs.append((taken.passes, taken.output.replaced, taken.output.rounds))
    (fast, replaced, rounds), (slow, whole_replaced, whole_rounds) = outputs
    assert views[0] == views[1] == host.seats.view()
    assert replaced == whole_replaced == [((2,), 1)] and rounds == whole_rounds
    assert fast < slow


def test_a_player_reading_the_scores_is_put_back_reading_them_and_goes_on_alike(
    tmp_path: Path,
) -> None:
    # Laptop 1's player holds the next round until they close the scores: the snapshot of the
    # round's end has their seat resting, and "next round" makes the same frames either way.
    laptops = table(tmp_path, "momistigri", [0, 1, 2])
    reader = laptops[1]
    reader.seats.runtimes[1].hold_rounds = True
    play(laptops, random.Random(11), until=lambda: reader.seats.main.resting)  # type: ignore[union-attr]
    reader.record.close()
    identity = reader.seats.runtimes[1].identity
    seats_again = []
    for record in records_with_and_without_the_snapshot(reader.home, tmp_path):
        seats = MySeats(reader.seats.spec, "momistigri", reader.key, 1, {1: ("normal", False)},
                        {1: identity}, record, takeover.apply)  # fmt: skip
        seats.runtimes[1].hold_rounds = True  # (as the game began)
        taken = take_up(seats, record, reader.sent, reader.heard, set(), NOW)
        assert seats.main is not None and seats.main.resting and taken.output.frames == []
        seats_again.append((seats, record, taken.passes))
    (fast, fast_record, few), (slow, slow_record, many) = seats_again
    assert few < many and fast.view() == slow.view() == reader.seats.view()
    fresh = bytes(32)
    for record in (fast_record, slow_record):
        record.begin(Stored(False, [NextRound()], [], [], False, fresh))
    after = [s.work(NOW + 1, False, [], [NextRound()], fresh).frames for s in (fast, slow)]
    assert after[0] == after[1] and after[0]  # its keys of the next round, the same bytes
