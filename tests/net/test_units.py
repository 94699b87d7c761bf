"""The small state machines alone: framing limits, delivery, table membership, identity store."""

import contextlib
import json
from dataclasses import replace
from pathlib import Path

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lanpurr.fair.identity import Identity
from net import table_state as table
from net.game.setup import shuffle_order, spec_of
from net.home import IdentityDamaged, load_profile
from net.limits import BODY, BODY_OBJECTS, HANDSHAKE, SESSION
from net.table_state import Member, TableError
from net.wire import framing, messages
from net.wire.delivery import Arrival, DeliveryError, ReceiveCursor, SendWindow
from net.wire.framing import FrameError
from net.wire.private import SealError, open_sealed, seal_for

# -- framing ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("payload", "complaint"),
    [
        (b"\x91" * 20 + b"\x01", "nesting"),
        (msgpack.packb({1: "x"}), "malformed"),
        (msgpack.packb(msgpack.ExtType(5, b"x")), "ext"),
        (msgpack.packb("x" * 70_000), "malformed"),
        (msgpack.packb(list(range(5000))), "malformed"),
        (msgpack.packb(1) + b"\x01", "malformed"),
        (b"\xc1", "malformed"),
        (b"\x92\x01", "malformed"),
    ],
)
def test_frames_outside_the_limits_are_refused_with_a_reason(
    payload: bytes, complaint: str
) -> None:
    with pytest.raises(FrameError, match=complaint):
        framing.unpack(payload, BODY)


def test_a_session_frame_is_a_flat_map_so_it_cannot_hide_millions_of_values() -> None:
    with pytest.raises(FrameError, match="max_array_len"):
        framing.unpack(msgpack.packb({"t": "env", "e": [0] * 10}), SESSION)
    assert framing.unpack(msgpack.packb({"t": "env", "e": b"x" * 1000}), SESSION)["e"]


def test_a_body_of_millions_of_tiny_values_is_refused_after_a_bounded_count() -> None:
    bomb = msgpack.packb([[0] * 4096 for _ in range(25)])  # 100 000 values within every cap
    with pytest.raises(FrameError, match=f"more than {BODY_OBJECTS} values"):
        framing.unpack(bomb, BODY, objects=BODY_OBJECTS)
    nested = {"a": [[1, 2], {"b": [3]}]}
    assert framing.unpack(msgpack.packb(nested), BODY, objects=14) == nested
    with pytest.raises(FrameError, match="more than 5 values"):
        framing.unpack(msgpack.packb(nested), BODY, objects=5)


def test_a_frame_longer_than_the_limit_is_refused_before_it_is_read() -> None:
    import asyncio

    async def read() -> None:
        reader = asyncio.StreamReader()
        reader.feed_data((HANDSHAKE.frame + 1).to_bytes(4, "big"))  # no payload follows
        await framing.read_frame(reader, HANDSHAKE)

    with pytest.raises(FrameError, match="limit"):
        asyncio.run(read())


plain = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.text(max_size=20)
    | st.binary(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(plain)
def test_plain_data_within_limits_round_trips(value: object) -> None:
    assert framing.unpack(framing.pack(value), BODY) == value


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=200))
def test_arbitrary_bytes_decode_or_raise_frame_error_only(data: bytes) -> None:
    try:
        value = framing.unpack(data, SESSION)
    except FrameError:
        return
    with contextlib.suppress(FrameError):
        messages.parse(value)


def test_a_frame_with_a_missing_or_extra_field_is_refused() -> None:
    with pytest.raises(FrameError, match="needs fields"):
        messages.parse({"t": "ack"})
    with pytest.raises(FrameError, match="needs fields"):
        messages.parse({"t": "ack", "n": 1, "x": 2})
    with pytest.raises(FrameError, match="bad 'n'"):
        messages.parse({"t": "ack", "n": -1})
    assert messages.parse({"t": "ack", "n": 3}) == messages.Ack(3)


# -- delivery ---------------------------------------------------------------------------------


def test_a_new_connection_resends_everything_the_peer_does_not_hold() -> None:
    window = SendWindow.starting_at(have=3)
    assert list(window.to_send(log_length=7)) == [3, 4, 5, 6]
    window.mark_sent(7)
    window.acknowledge(5, log_length=7)
    assert window.unacknowledged == 2
    # The connection drops; the peer says it holds 5: 5 and 6 go again, in order.
    again = SendWindow.starting_at(have=5)
    assert list(again.to_send(log_length=7)) == [5, 6]


def test_an_acknowledgement_of_messages_never_written_is_a_protocol_error() -> None:
    window = SendWindow.starting_at(have=0)
    window.mark_sent(2)
    with pytest.raises(DeliveryError):
        window.acknowledge(4, log_length=3)


def test_messages_an_older_connection_delivered_are_not_sent_again() -> None:
    window = SendWindow.starting_at(have=2)
    window.acknowledge(5, log_length=6)  # the old connection got 2..4 through after all
    assert list(window.to_send(log_length=6)) == [5]


def test_duplicates_are_dropped_and_gaps_refused() -> None:
    cursor = ReceiveCursor(expected=4)
    assert cursor.offer(2) is Arrival.DUPLICATE
    assert cursor.offer(4) is Arrival.NEXT
    with pytest.raises(DeliveryError, match="expected"):
        cursor.offer(6)


# -- table membership -------------------------------------------------------------------------


def _member(n: int) -> Member:
    return Member(bytes([n]) * 32, f"p{n}", "10.0.0.1", 4000 + n)


def _table(seats: int = 3) -> table.TableState:
    return table.create(bytes(16), _member(1), "momistigri", seats)


def test_players_take_free_seats_and_the_host_starts_when_all_are_ready() -> None:
    state = table.admit(table.admit(_table(), _member(2)), _member(3))
    assert [s.player for s in state.seats] == [_member(n).key for n in (1, 2, 3)]
    with pytest.raises(TableError, match="waiting for p2, p3"):
        table.start(state, _member(1).key)
    state = table.set_ready(table.set_ready(state, _member(2).key, True), _member(3).key, True)
    with pytest.raises(TableError, match="only the host"):
        table.start(state, _member(2).key)
    started = table.start(state, _member(1).key)
    assert started.phase == table.PLAYING and started.version > state.version


def test_a_full_table_refuses_newcomers_but_a_returning_member_gets_back_in() -> None:
    state = table.admit(table.admit(_table(), _member(2)), _member(3))
    assert (
        table.admission_problem(state, _member(4).key) == "this table is full (3 of 3 seats taken)"
    )
    assert table.admission_problem(state, _member(2).key) is None


def test_a_bot_fills_a_seat_and_empty_seats_block_the_start() -> None:
    state = table.admit(_table(), _member(2))
    with pytest.raises(TableError, match="seat\\(s\\) 2 are empty"):
        table.start(table.set_ready(state, _member(2).key, True), _member(1).key)
    state = table.add_bot(state, _member(1).key, 2, "easy", _member(7).key)
    with pytest.raises(TableError, match="taken by bot"):
        table.sit(state, _member(2).key, 2)
    assert (
        table.start(table.set_ready(state, _member(2).key, True), _member(1).key).phase == "playing"
    )


def test_any_member_seats_a_bot_that_its_own_laptop_runs_with_a_key_of_its_own() -> None:
    state = table.admit(_table(4), _member(2))
    state = table.add_bot(state, _member(2).key, 2, "easy", _member(7).key)
    bot = state.seats[2]
    assert (bot.seat_key, bot.laptop) == (_member(7).key, _member(2).key)
    assert state.describe_seat(2) == "bot (easy) on p2's laptop"
    with pytest.raises(TableError, match="already plays"):
        table.add_bot(table.remove_bot(state, _member(1).key, 2), _member(1).key, 2, "easy",
                      _member(2).key)  # fmt: skip
    with pytest.raises(TableError, match="key of its own"):
        table.add_bot(table.remove_bot(state, _member(1).key, 2), _member(1).key, 2, "easy",
                      b"short")  # fmt: skip
    stranger = table.admit(state, _member(3))
    with pytest.raises(TableError, match="only the host or the laptop that added"):
        table.remove_bot(stranger, _member(3).key, 2)
    # Its laptop leaving before the start takes its bot away too.
    assert table.leave(state, _member(2).key).seats[2].free


def test_play_again_opens_the_same_table_without_those_who_left() -> None:
    state = table.add_bot(table.admit(_table(), _member(2)), _member(2).key, 2, "easy",
                          _member(7).key)  # fmt: skip
    playing = table.start(table.set_ready(state, _member(2).key, True), _member(1).key)
    assert playing.games == 1
    with pytest.raises(TableError, match="only the host"):
        table.again(playing, _member(2).key)
    again = table.again(playing, _member(1).key)
    assert again.phase == "open" and again.seats == playing.seats and not again.ready
    assert table.start(table.set_ready(again, _member(2).key, True), _member(1).key).games == 2
    gone = table.again(table.leave(playing, _member(2).key), _member(1).key)
    assert gone.member(_member(2).key) is None and gone.seats[1].free and gone.seats[2].free


def test_a_table_in_play_is_handed_over_to_a_member_who_then_plays_again() -> None:
    state = table.admit(table.admit(_table(), _member(2)), _member(3))
    for n in (2, 3):
        state = table.set_ready(state, _member(n).key, True)
    playing = table.start(state, _member(1).key)
    with pytest.raises(TableError, match="in play"):
        table.hand_over(state, _member(2).key)  # (before the start the host alone decides)
    with pytest.raises(TableError):
        table.hand_over(playing, _member(9).key)  # not a member
    handed = table.hand_over(playing, _member(2).key)
    assert handed.host == _member(2).key and _member(1).key in handed.left
    assert table.handed_over(playing, _member(2).key, handed)
    # The others took it from p2 alone, and only as the same table with p1 gone.
    assert not table.handed_over(playing, _member(3).key, handed)
    reseated = replace(handed, seats=tuple(reversed(handed.seats)))
    assert not table.handed_over(playing, _member(2).key, reseated)
    again = table.again(handed, _member(2).key)
    assert again.phase == "open" and again.host == _member(2).key and again.seats[0].free


def test_the_host_removes_a_player_who_then_cannot_come_back() -> None:
    state = table.admit(_table(), _member(2))
    state = table.remove(state, _member(1).key, _member(2).key)
    assert state.member(_member(2).key) is None and state.seats[1].free
    assert table.admission_problem(state, _member(2).key) == "the host removed you from this table"


def test_each_laptops_seats_shuffle_one_after_the_other_in_every_laptops_spec() -> None:
    # Seats 0 and 3 are the host's (its player and a bot it runs), 4 is a bot on p2's laptop:
    # the deck goes 0, 3 (the host), then 1, 4 (p2), then 2 (p3), so that it crosses the
    # network twice, not four times (docs/decisions/0055).
    state = table.admit(table.admit(_table(5), _member(2)), _member(3))
    state = table.add_bot(state, _member(1).key, 3, "easy", _member(7).key)
    state = table.add_bot(state, _member(2).key, 4, "easy", _member(8).key)
    for n in (2, 3):
        state = table.set_ready(state, _member(n).key, True)
    started = table.start(state, _member(1).key)
    assert shuffle_order(started) == (0, 3, 1, 4, 2)
    spec = spec_of(started)
    assert spec.round_setup(1, "deck", 40).shufflers == (0, 3, 1, 4, 2)


def test_changing_seat_clears_readiness_and_seats_are_checked() -> None:
    state = table.set_ready(table.admit(_table(), _member(2)), _member(2).key, True)
    moved = table.sit(state, _member(2).key, 2)
    assert moved.seat_of(_member(2).key) == 2 and _member(2).key not in moved.ready
    with pytest.raises(TableError, match="no seat 9"):
        table.sit(state, _member(2).key, 9)


def test_seat_counts_follow_the_rulebooks() -> None:
    with pytest.raises(TableError, match="momistigri is played by 3 to 5 players, not 6"):
        _table(6)
    with pytest.raises(TableError, match="unknown game"):
        table.create(bytes(16), _member(1), "poker", 3)


def test_the_table_state_survives_the_wire_and_bad_states_are_refused() -> None:
    state = table.add_bot(table.admit(_table(), _member(2)), _member(1).key, 2, "clever",
                          _member(7).key)  # fmt: skip
    again = table.from_plain(framing.unpack(framing.pack(table.to_plain(state)), BODY))
    assert again == state
    broken = table.to_plain(state)
    broken["seats"] = "nope"
    with pytest.raises(TableError, match="malformed"):
        table.from_plain(broken)


# -- identity store and private delivery ------------------------------------------------------


def test_the_identity_is_created_once_and_kept(tmp_path: Path) -> None:
    first = load_profile(tmp_path, "Carla")
    again = load_profile(tmp_path)
    assert again.identity.public_key == first.identity.public_key and again.name == "Carla"
    assert (tmp_path / "identity.json").stat().st_mode & 0o077 == 0


def test_a_damaged_identity_is_reported_and_replaced_only_with_consent(tmp_path: Path) -> None:
    load_profile(tmp_path, "Carla")
    (tmp_path / "identity.json").write_text(json.dumps({"format": 1, "key": "!!", "name": "x"}))
    with pytest.raises(IdentityDamaged, match="--new-identity"):
        load_profile(tmp_path)
    assert json.loads((tmp_path / "identity.json").read_text())["key"] == "!!"  # untouched
    fresh = load_profile(tmp_path, replace_damaged=True)
    assert fresh.identity.public_key
    assert list(tmp_path.glob("identity.json.damaged-*")), "the damaged file was not kept aside"


def test_a_sealed_message_opens_only_for_its_recipient() -> None:
    alice, bob = Identity.generate(), Identity.generate()
    box = seal_for(bob.public_key, b"the 7 of cats")
    assert b"the 7 of cats" not in box
    assert open_sealed(bob, box) == b"the 7 of cats"
    with pytest.raises(SealError):
        open_sealed(alice, box)


# -- properties of the table state machine ----------------------------------------------------

requests = st.lists(
    st.tuples(
        st.integers(1, 5),  # who asks (1 is the host)
        st.sampled_from(["sit", "ready", "unready", "bot", "unbot", "start", "remove", "leave",
                         "admit"]),
        st.integers(-1, 5),
    ),
    max_size=40,
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(requests)
def test_no_sequence_of_requests_breaks_the_table(script: list[tuple[int, str, int]]) -> None:
    state = _table(4)
    for who, action, arg in script:
        actor = _member(who).key
        body: dict[str, object] = {"do": action}
        if action in ("sit", "bot", "unbot"):
            body |= {"seat": arg, "level": "easy"}
        elif action in ("ready", "unready"):
            body = {"do": "ready", "ready": action == "ready"}
        elif action == "remove":
            body["key"] = _member(max(arg, 0)).key
        before = state
        try:
            if action == "admit":
                state = table.admit(state, _member(who))
            else:
                state = table.request(state, actor, body)
        except TableError:
            assert state == before  # a refused request changes nothing
            continue
        assert state.version >= before.version
        members = {m.key for m in state.members}
        players = [s.player for s in state.seats if s.player is not None]
        assert len(players) == len(set(players)), "a player in two seats"
        assert set(players) <= members, "a seat held by someone not at the table"
        assert all(s.player is None or s.bot is None for s in state.seats)
        assert state.ready <= set(players) | {state.host}, "ready without a seat"
        assert not (members & state.removed), "a removed player still at the table"
        if before.phase != table.OPEN:
            assert [s for s in state.seats] == [s for s in before.seats], "seats moved after start"


def test_the_journal_ignores_a_torn_last_record(tmp_path: Path) -> None:
    from net.wire.journal import Journal, TableRecord

    journal = Journal(tmp_path / "t.journal")
    journal.start(TableRecord(bytes(16), bytes(32), "10.0.0.1", 4000, 4001))
    journal.append(b"first")
    journal.append(b"second")
    journal.close()
    data = (tmp_path / "t.journal").read_bytes()
    (tmp_path / "t.journal").write_bytes(data[:-3])  # killed in the middle of a write
    record, envelopes = Journal(tmp_path / "t.journal").read()
    assert record is not None and record.port == 4001
    assert envelopes == [b"first"]


def test_a_laptop_looking_for_its_seats_follows_the_table_to_the_laptop_that_took_it_over() -> None:
    from lanpurr.fair.envelope import GENESIS, seal
    from net.lobby import _where_i_stand
    from net.wire.journal import TableRecord

    ann, ben, cleo, dan = (Identity.generate() for _ in range(4))
    state = table.create(bytes(16), Member(ann.public_key, "Ann", "", 1), "momistigri", 3)
    for who in (ben, cleo):
        state = table.admit(state, Member(who.public_key, "x", "10.0.0.2", 2))
        state = table.set_ready(state, who.public_key, True)
    playing = table.start(state, ann.public_key)
    handed = table.hand_over(playing, ben.public_key)
    again = table.again(handed, ben.public_key)
    forged = replace(again, host=dan.public_key, version=again.version + 5)

    def said(who: Identity, state: table.TableState) -> bytes:
        body = framing.pack({"k": "table", "s": table.to_plain(state)})
        return seal(who, bytes(16), 0, GENESIS, body).encode()

    record = TableRecord(bytes(16), ann.public_key, "10.0.0.1", 1, 2)
    journal = [said(ann, playing), said(ben, handed), said(ben, again), said(dan, forged)]
    found, left = _where_i_stand(record, journal, cleo.public_key)
    assert found == again and not left  # Ben's table, open again; Dan's forgery is not taken
    found, _ = _where_i_stand(record, journal[:1] + journal[2:], cleo.public_key)
    assert found == playing  # (Ben's state that opens again, without his handover: not taken)
    assert _where_i_stand(record, journal[:1], ann.public_key)[0] == playing  # (the host's own)
