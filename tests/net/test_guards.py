"""The pieces that hold a table on a hostile LAN, alone: sanitising, quotas, echoes, codes,
listing signatures; and two lobby behaviours on loopback (a listing's key, a dead listing)."""

import asyncio
import hashlib
import hmac
from pathlib import Path
from typing import Any

import msgpack
import pytest
from spake2 import SPAKE2_A

from lanpurr.fair.envelope import GENESIS, Envelope, seal
from lanpurr.fair.identity import Identity
from net.discovery import mdns as discovery
from net.discovery.mdns import Browser, Listing, ListingRefused, sign_txt, verify_listing
from net.events import TableLost
from net.home import load_profile
from net.limits import GAME_BATCH
from net.lobby import Lobby
from net.table import bodies
from net.text import clean, shown
from net.wire import framing, handshake
from net.wire.budget import GAME_BUDGET, LOBBY_BUDGET, Budgets, counted_as
from net.wire.echo import EchoBook
from net.wire.guard import Bucket, CodeTries, HandshakeGate, Offenders
from net.wire.messages import Unwelcome
from net.wire.pake import CODE_ALPHABET, CodeExchange, new_code

# -- text from peers --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "seen"),
    [
        ("Eve\x1b[2J\x1b[1;1H", "Eve"),
        ("\x1b]0;pwned\x07Eve", "Eve"),
        ("Eve\r\nFAKE: the host closed the table", "Eve FAKE: the host closed the table"),
        ("Eve\u202egnp.exe", "Evegnp.exe"),
        ("Z\u200bo\u200be", "Zoe"),
        ("Ann\x00\x07\x7f\x9b", "Ann"),
        ("Caffè 🐱", "Caffè 🐱"),
    ],
)
def test_escapes_controls_and_invisible_characters_never_reach_a_screen(
    raw: str, seen: str
) -> None:
    assert clean(raw) == seen


def test_any_value_a_peer_sends_is_shown_as_one_bounded_clean_line() -> None:
    value: Any = {"say\x1b[31m": ["line\none", b"\x00" * 10, list(range(1000))]}
    text = shown(value, 200)
    assert "\n" not in text and "\x1b" not in text and len(text) <= 200
    assert "<10 bytes>" in text


# -- quotas and limits ------------------------------------------------------------------------


def test_a_bucket_lets_a_burst_through_then_spaces_what_follows() -> None:
    bucket = Bucket(rate=20, burst=60)
    waits = [bucket.wait(0.0) for _ in range(100)]
    assert waits[:60] == [0.0] * 60
    assert waits[60] == pytest.approx(1 / 20) and waits[99] == pytest.approx(40 / 20)
    assert bucket.wait(10.0) == 0.0  # ten seconds later the debt is paid


def test_the_handshake_gate_caps_each_address_and_makes_room_for_a_newcomer() -> None:
    gate = HandshakeGate(per_address=4, total=8)
    assert [gate.enter("10.0.0.66", n)[0] for n in range(6)] == [True] * 4 + [False] * 2
    assert all(gate.enter("10.0.0.67", n)[0] for n in range(4))
    admitted, evicted = gate.enter("10.0.0.5", "honest")
    assert admitted and evicted in (0, "0")  # the oldest of a busiest address makes room
    gate.leave("10.0.0.5", "honest")
    assert gate.count == 7


def test_wrong_codes_are_limited_per_address_and_per_table_and_right_ones_cost_nothing() -> None:
    tries = CodeTries(per_address_per_minute=5, per_table_per_minute=12)
    assert [tries.start(0.0, "10.0.0.66") for _ in range(7)] == [None] * 5 + ["address"] * 2
    for n in range(7):
        assert tries.start(1.0, f"10.0.1.{n}") is None
    assert tries.start(1.0, "10.0.2.1") == "table"  # spread over addresses, still bounded
    tries.succeeded("10.0.1.0")
    assert tries.start(1.0, "10.0.2.2") is None  # an honest join gives its try back
    assert tries.start(61.0, "10.0.0.66") is None  # a minute later


def test_one_log_line_per_offender_and_minute(caplog: pytest.LogCaptureFixture) -> None:
    offenders = Offenders(window=60)
    said = [offenders.report(t / 10, "10.0.0.66", "flood", "too many") for t in range(500)]
    assert sum(said) == 1
    assert offenders.report(61.0, "10.0.0.66", "flood", "too many")
    assert "499 more since the last report" in caplog.text


def test_each_kind_of_body_has_its_own_size_and_fields() -> None:
    chat = framing.pack({"k": "app", "d": "x" * 3000, "h": []})
    assert bodies.check(chat, playing=False)["d"] == "x" * 3000
    batch = framing.pack({"k": "app", "d": b"p" * 60_000, "h": []})
    with pytest.raises(Unwelcome, match="before the start") as early:
        bodies.check(batch, playing=False)
    assert not early.value.lasting  # a peer that saw the start before us: not its fault
    assert bodies.check(batch, playing=True)["d"] == b"p" * 60_000
    # A game batch is kilobytes: megabytes are refused for good, and their sender cut off.
    flood = framing.pack({"k": "app", "d": b"p" * 2_000_000, "h": []})
    with pytest.raises(Unwelcome, match="larger") as flooded:
        bodies.check(flood, playing=True)
    assert flooded.value.lasting
    # Tiny values cost CPU to decode: a body holds few.
    tiny = framing.pack({"k": "app", "d": [[0] * 4000 for _ in range(15)], "h": []})
    with pytest.raises(Unwelcome, match="values"):
        bodies.check(tiny, playing=True)
    with pytest.raises(Unwelcome, match="larger") as huge:
        bodies.check(framing.pack({"k": "req", "do": "ready", "ready": True, "x": "y" * 4000}),
                     playing=True)  # fmt: skip
    assert huge.value.lasting
    with pytest.raises(Unwelcome, match="'ready' request needs fields"):
        bodies.check(framing.pack({"k": "req", "do": "ready", "seat": 1}), playing=False)
    with pytest.raises(Unwelcome, match="malformed echo"):
        bodies.check(framing.pack({"k": "seen", "h": [[b"k", 1, b"d"]]}), playing=False)


def test_during_a_game_requests_are_allowed_only_as_many_as_can_be_on_their_way() -> None:
    # 20 000 `req ready` during a game were never cut off (+3.6 to +5.5 s of CPU on each
    # honest laptop): only a `leave`, and requests sent as the game started, are honest.
    budgets, flooder = Budgets(), b"f" * 32
    budgets.set(GAME_BUDGET)
    allowed = GAME_BUDGET.allowance("req")
    assert allowed is not None and allowed < 100
    for _ in range(allowed):
        assert budgets.over_quota(flooder, 200, "req") is None
        budgets.keep(flooder, 200, "req")
    over = budgets.over_quota(flooder, 200, "req")
    assert over is not None and "'req'" in over and "during a game" in over
    assert budgets.over_quota(flooder, 200, "app") is None  # its game batches still count alone


def test_chat_lines_and_emotes_count_against_their_own_allowance_during_a_game() -> None:
    # 50 000 chat lines of 1 KiB cost each honest laptop +3.5 to +4.1 s of CPU before the quota
    # cut them off: the app sends one every 2 s at most.
    assert counted_as({"k": "app", "d": "good luck"}) == "chat"
    assert counted_as({"k": "app", "d": {"emote": "meow"}}) == "chat"
    assert counted_as({"k": "app", "d": {"g": 1, "b": b"box"}}) == "app"
    assert counted_as({"k": "app", "d": {"watchers": ["Zoe"]}}) == "app"
    assert counted_as({"k": "seen"}) == "seen"
    chat = GAME_BUDGET.allowance("chat")
    assert chat is not None and 2 * 3600 // 2 < chat <= 5000  # two hours at the app's pace


def test_what_a_member_kept_is_counted_afresh_for_each_stage_of_the_table() -> None:
    # A seven-seat Purrfect game keeps hundreds of one member's messages: Play again must not
    # find them over the lobby's quota, and the next game starts from nothing.
    budgets, member = Budgets(), b"m" * 32
    budgets.set(GAME_BUDGET)
    for _ in range(1500):
        budgets.keep(member, 3000, "app")
    budgets.keep(member, 300, "req")
    budgets.set(LOBBY_BUDGET)
    assert budgets.over_quota(member, 300, "req") is None
    budgets.set(GAME_BUDGET)
    assert budgets.accounts[member].kept_messages == 0 and not budgets.accounts[member].kept_kinds


def test_a_games_quota_cuts_a_flood_of_full_batches_off_before_50_mb() -> None:
    budgets, flooder, batch = Budgets(), b"f" * 32, GAME_BATCH + 1024
    budgets.set(GAME_BUDGET)
    kept = 0
    while budgets.over_quota(flooder, batch, "app") is None:
        budgets.keep(flooder, batch, "app")
        kept += batch
        assert kept < 50_000_000
    # Its memory holds as much again while its frames wait for a game not started here.
    assert 2 * kept < 30_000_000
    assert kept > 4 * 2_400_000  # the largest honest member of a game keeps about 2.4 MB


# -- echoes -------------------------------------------------------------------------------------


def _envelopes() -> tuple[Identity, Envelope, Envelope]:
    liar = Identity.generate()
    table = bytes(16)
    one = seal(liar, table, 0, GENESIS, framing.pack({"k": "app", "d": "I pass"}))
    other = seal(liar, table, 0, GENESIS, framing.pack({"k": "app", "d": "I play the 7"}))
    return liar, one, other


def test_an_echo_that_disagrees_with_what_i_hold_is_a_mismatch_whenever_it_arrives() -> None:
    liar, mine, theirs = _envelopes()
    host, bob = Identity.generate().public_key, Identity.generate().public_key
    book = EchoBook(bob)
    assert book.held(mine, needs_echo=True) == []
    echo = [[liar.public_key, 0, theirs.digest]]
    found = book.heard(host, echo, lambda s, q: mine if (s, q) == (liar.public_key, 0) else None)
    assert [(m.echoer, m.sender, m.seq, m.mine) for m in found] == [(host, liar.public_key, 0,
                                                                     mine)]  # fmt: skip
    # Heard before the message itself arrives: checked on arrival.
    later = EchoBook(bob)
    assert later.heard(host, echo, lambda s, q: None) == []
    assert [m.echoer for m in later.held(mine, needs_echo=True)] == [host]
    # What I echo next: the latest message of each sender that changed.
    assert later.take() == [[liar.public_key, 0, mine.digest]] and later.take() == []


# -- table codes --------------------------------------------------------------------------------


def test_codes_use_all_32_characters_and_read_aloud_safely() -> None:
    assert len(set(CODE_ALPHABET)) == 32 and not set("0O1I") & set(CODE_ALPHABET)
    code = new_code()
    assert len(code) == 7 and code[3] == "-"


def test_a_recorded_handshake_gives_nothing_to_test_codes_against() -> None:
    code = "K3Q-F7Z"
    dialer, acceptor = CodeExchange(code, dialer=True), CodeExchange(code, dialer=False)
    acceptor.finish(dialer.message)
    dialer.finish(acceptor.message)
    script = handshake.transcript(bytes(16), b"d" * 32, b"a" * 32, b"n" * 32, b"m" * 32,
                                  dialer.message, acceptor.message)  # fmt: skip
    recorded = dialer.confirmation(script, of_dialer=True)
    assert acceptor.confirms(script, of_dialer=True, mac=recorded)
    # An eavesdropper holds the two PAKE messages, the transcript and the MAC. Trying a code
    # means running SPAKE2 with it against a recorded message, which never gives the key back,
    # whether the code is right or wrong: every guess looks the same.
    for guess in [code, "AAA-AAA", "K3Q-F7Y"]:
        replay = SPAKE2_A(guess.replace("-", "").encode(), idA=b"lanpurr/dialer",
                          idB=b"lanpurr/acceptor")  # fmt: skip
        replay.start()
        key = replay.finish(acceptor.message)
        mac = hmac.new(key, b"lanpurr/code-confirm/dial\x00" + script, hashlib.sha256).digest()
        assert mac != recorded


# -- signed listings ----------------------------------------------------------------------------


class _Info:
    """What python-zeroconf resolves: name, port, TXT properties, addresses."""

    def __init__(self, props: dict[str, str], port: int, addresses: list[str]) -> None:
        self.name = "Ann-x._lanpurr._tcp.local."
        self.port = port
        self.properties = {k.encode(): v.encode() for k, v in props.items()}
        self._addresses = addresses

    def parsed_scoped_addresses(self, version: object) -> list[str]:
        return self._addresses


def _signed(host: Identity) -> dict[str, str]:
    txt = discovery.txt_record("momistigri", "abcd1234", 1, 4, "open", "Ann", host.public_key,
                               False, bytes(16))  # fmt: skip
    return sign_txt(host, txt, 4000, ["10.0.0.5"])


def test_a_listing_is_shown_only_when_its_host_signed_it_for_that_address_and_port() -> None:
    host, forger = Identity.generate(), Identity.generate()
    props = _signed(host)
    listing = verify_listing(_Info(props, 4000, ["10.0.0.5"]))  # type: ignore[arg-type]
    assert listing.key == host.public_key and listing.fingerprint == host.fingerprint
    cases = {
        "signature does not match": {**props, "host": "Ann (the real one)"},
        "fingerprint is not its key": {**_signed(forger), "fp": host.fingerprint},
        "not signed": {k: v for k, v in props.items() if k != "sig"},
    }
    for problem, forged in cases.items():
        if problem == "fingerprint is not its key":
            forged["sig"] = forger.sign(discovery.listing_signed_bytes(forged)).hex()
        with pytest.raises(ListingRefused, match=problem):
            verify_listing(_Info(forged, 4000, ["10.0.0.5"]))  # type: ignore[arg-type]
    with pytest.raises(ListingRefused, match="a copy of another table's listing"):
        verify_listing(_Info(props, 4000, ["10.0.0.66"]))  # type: ignore[arg-type]
    with pytest.raises(ListingRefused, match="signed for port 4000"):
        verify_listing(_Info(props, 4001, ["10.0.0.5"]))  # type: ignore[arg-type]


# -- the lobby on loopback ----------------------------------------------------------------------


def test_joining_a_listing_fails_unless_the_peer_holds_the_listed_key(tmp_path: Path) -> None:
    async def scenario() -> None:
        impostor = Lobby(load_profile(tmp_path / "eve", "Ann"), lambda e: None, bind="127.0.0.1")
        session = await impostor.host("momistigri", 3, announce=False)
        real_key = Identity.generate().public_key
        where = ("127.0.0.1",)
        listing = Listing("Ann-x._lanpurr._tcp.local.", where, session.port, 2, "momistigri",
                          "", 1, 3, "open", "Ann", "", False, "", real_key)  # fmt: skip
        joiner = Lobby(load_profile(tmp_path / "bob", "Bob"), lambda e: None, bind="127.0.0.1")
        with pytest.raises(ConnectionError, match="holds another key than the table it claims"):
            await joiner.join_listing(listing)
        assert impostor.session is not None and impostor.session.state is not None
        assert len(impostor.session.state.members) == 1
        await joiner.close()
        await impostor.close()

    asyncio.run(asyncio.wait_for(scenario(), 30))


def test_a_listed_table_that_cannot_be_reached_is_dropped_at_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        seen: list[Any] = []
        lobby = Lobby(load_profile(tmp_path / "bob", "Bob"), seen.append, bind="127.0.0.1")
        lobby.browser = Browser(seen.append, ["127.0.0.1"])
        dead = Listing("Gone-x._lanpurr._tcp.local.", ("127.0.0.1",), 9, 2, "gutters", "", 1, 2,
                       "open", "Gone", "", False, "", b"k" * 32)  # fmt: skip
        lobby.browser.tables[dead.service] = dead
        with pytest.raises(ConnectionError, match="could not reach Gone's table"):
            await lobby.join_listing(dead)
        assert seen == [TableLost(dead.service)] and lobby.tables == {}

    asyncio.run(asyncio.wait_for(scenario(), 30))


def test_an_envelope_round_trips_through_msgpack_as_documented() -> None:
    # docs/protocol.md: encode = msgpack([1, table, sender, seq, prev, body, signature]).
    liar, one, _ = _envelopes()
    fields = msgpack.unpackb(one.encode(), raw=False)
    assert fields[:3] == [1, bytes(16), liar.public_key] and Envelope.decode(one.encode()) == one
