"""The public feed a host sends its watchers, with no sockets: seat runtimes play a whole game
in memory, the host seat's updates go through the feed as they would on the wire, and the
watcher's fold of them is, after every update, exactly what a seat nobody holds may see."""

import importlib
import random
from dataclasses import replace
from typing import Any

import pytest

from lanpurr.fair.envelope import Envelope, Outbox, SignedLog, seal
from lanpurr.fair.identity import Identity
from lanpurr.seat.harness import seat_table
from lanpurr.seat.registry import engine
from net import events
from net import table_state as table
from net.game.setup import line_of
from net.limits import BODY
from net.table_state import Member, create
from net.watch.watch_feed import (
    WATCHER,
    FeedBook,
    WatchReplica,
    check,
    table_message,
)
from net.watch.watch_line import StartFinder, agreement
from net.wire import framing


def on_the_wire(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [check(framing.unpack(framing.pack(m), BODY)) for m in messages]


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("momistigri", 3, {}),
        ("purrfect", 4, {}),
        ("gutters", 3, {"mode": "competitive", "board": "standard"}),
    ],
)
def test_a_watcher_folding_the_feed_sees_what_no_seat_sees_after_every_update(
    game: str, players: int, options: dict[str, str]
) -> None:
    rng = random.Random(5)
    bots = importlib.import_module(f"lanpurr.games.{game}.bots").BOTS
    choosers = [bots[rng.choice(sorted(bots))]().choose for _ in range(players)]
    network = seat_table(game, players, choosers, rng, options=options, shuffle_proofs=False)
    # (A whole Purrfect game takes long in memory: its first trades are enough here.)
    whole = game != "purrfect"
    assert network.run(max_frames=2_000_000 if whole else 1500).finished or not whole
    host = network.runtimes[0]
    rules = engine(game)
    names = tuple(f"P{seat}" for seat in range(players))
    state = create(b"t" * 16, Member(Identity.generate().public_key, "P0", "", 0), game,
                   players, options)  # fmt: skip
    book, watcher = FeedBook(), WatchReplica()
    updates = host.take_updates()
    assert len(updates) > 10
    started = book.feed(events.GameStarted(game, 0, names, 1, None), state)
    assert [e.seat for m in on_the_wire(started) for e in watcher.read(m)] == [None]
    late: WatchReplica | None = None
    kept_from_the_watcher = 0
    for index, update in enumerate(updates):
        for message in on_the_wire(book.feed(events.GameUpdate(update), state)):
            watcher.read(message)
        assert watcher.view() == rules.view(update.view, WATCHER), f"after update {index}"
        kept_from_the_watcher += len(set(update.view.cards.faces) - set(watcher.view().cards.faces))
        if index == len(updates) // 2:  # a watcher who comes now catches up at once
            late = WatchReplica()
            shown = [e for m in on_the_wire(book.catch_up(["W"])) for e in late.read(m)]
            caught = [e for e in shown if isinstance(e, events.GameUpdate)]
            assert caught and all(e.update.steps == () for e in caught)  # not move by move
            assert late.view() == watcher.view()
    assert late is not None
    assert rules.is_over(watcher.view()) or not whole
    assert rules.view(host.state, WATCHER) == watcher.view()
    # (The host's seat knew faces the watcher did not: its own hand, in Momistigri.)
    assert kept_from_the_watcher > 0 or game == "gutters"


def test_the_feed_refuses_an_event_addressed_to_a_seat() -> None:
    from lanpurr.core import wire
    from lanpurr.core.events import FacesShown

    watcher = WatchReplica()
    watcher.read({"k": "start", "game": "momistigri", "number": 1, "names": ["A", "B", "C"],
                  "options": []})  # fmt: skip
    private = wire.to_plain(FacesShown(((1, "M"),), to=(0,)))
    with pytest.raises(ValueError, match="not public"):
        watcher.read({"k": "events", "e": [private]})


def test_a_feed_that_does_not_fit_the_game_ends_the_watching_with_a_reason() -> None:
    # A host (patched, or broken) sends a start, then a public move of a seat the table does
    # not have: the watcher's fold cannot take it. Its watching ends, saying why; no hang.
    import asyncio
    import socket

    from lanpurr.core import wire
    from lanpurr.games.momistigri.events import CardsDrawn
    from net.watch.watch_link import WatchedHost, shown_frame
    from net.watch.watching import WatchSession
    from net.wire.mesh import Address

    async def scenario() -> tuple[str, list[Any]]:
        host_end, watcher_end = socket.socketpair()
        reader, writer = await asyncio.open_connection(sock=watcher_end)
        said: list[Any] = []
        host = WatchedHost(b"k" * 32, "Ann", b"t" * 16)
        session = WatchSession((reader, writer, host), Address("127.0.0.1", 1), said.append)
        start = {"k": "start", "game": "momistigri", "number": 1, "names": ["Ann", "Ben", "Cleo"],
                 "options": []}  # fmt: skip
        drawn = CardsDrawn(9, 8, (), (), (), False, "M-5.1")  # (seats the table does not have)
        broken = {"k": "events", "e": [wire.to_plain(drawn)]}
        for message in (start, broken):
            host_end.sendall(shown_frame(framing.pack(message)))
        await asyncio.wait_for(session.ended.wait(), 10)
        host_end.close()
        writer.close()
        return session.reason, said

    reason, said = asyncio.run(scenario())
    assert reason.startswith("the host's feed could not be read"), reason
    assert [type(e).__name__ for e in said[:2]] == ["Watching", "GameStarted"]


TABLE = b"t" * 16


def _laptops() -> tuple[list[Identity], list[Member]]:
    identities = [Identity.generate() for _ in range(5)]
    names = ("Ann", "Ben", "Cleo", "Dan", "Eva")
    members = [
        Member(i.public_key, name, f"10.0.0.{n}", 4000 + n if n < 4 else 0)
        for n, (i, name) in enumerate(zip(identities, names, strict=True))
    ]
    return identities, members


def _in_play(members: list[Member]) -> table.TableState:
    ann, *others = members
    state = create(TABLE, Member(ann.key, "Ann", "", 0), "momistigri", 5)
    for member in others:
        state = table.set_ready(table.admit(state, member), member.key, True)
    return table.start(state, ann.key)


def _signed(identity: Identity, state: table.TableState, seq: int = 3) -> bytes:
    """`state` as its host publishes it in the table's log (message `seq` of its chain)."""
    body = framing.pack({"k": "table", "s": table.to_plain(state), "h": []})
    return seal(identity, state.table, seq, bytes(32), body).encode()


def _agreed(identity: Identity, start: bytes, seq: int = 5) -> bytes:
    """`identity`'s laptop agreeing, in the table's log, to the game's start `start`."""
    envelope = Envelope.decode(start)
    state = table.from_plain(framing.unpack(envelope.body, BODY)["s"])
    body = framing.pack({"k": "app", "d": agreement(state.games, envelope), "h": []})
    return seal(identity, envelope.table, seq, bytes(32), body).encode()


def _line(start: bytes, *agreeing: Identity) -> dict[str, Any]:
    return {"k": "line", "start": start, "agreed": [_agreed(i, start) for i in agreeing]}


def test_a_table_in_play_tells_its_watchers_where_the_laptops_of_its_line_may_be_called() -> None:
    # The laptops of the game's line after the host, at the addresses the host knows them by
    # (one that left is not among them, nor one with no port to call); a list a watcher could
    # be misled by is refused.
    _, members = _laptops()
    ann, ben, cleo, dan, _ = members
    assert table_message(create(TABLE, ann, "momistigri", 5))["next"] == []  # (no game yet)
    playing = _in_play(members)
    hints = [[m.key, m.address, m.port] for m in (ben, cleo, dan)]
    assert on_the_wire([table_message(playing)])[0]["next"] == hints
    after = table.leave(playing, cleo.key)
    replica = WatchReplica()
    replica.read(on_the_wire([table_message(after)])[0])
    assert replica.hints == {ben.key: ("10.0.0.1", 4001), dan.key: ("10.0.0.3", 4003)}
    good = table_message(playing)
    for bad in ([[b"k" * 31, "10.0.0.1", 4001]], [[ben.key, "", 4001]], [[ben.key, "h", 0]],
                [[ben.key, "h" * 65, 1]], [[ben.key, "h", 1]] * 17, "10.0.0.1"):  # fmt: skip
        with pytest.raises(framing.FrameError, match="next"):
            check({**good, "next": bad})


def _watching(host: bytes, *messages: dict[str, Any]) -> WatchReplica:
    replica = WatchReplica(TABLE, host)
    for message in on_the_wire(list(messages)):
        replica.read(message)
    return replica


def test_a_watcher_calls_only_laptops_of_the_line_its_first_host_signed_at_the_start() -> None:
    # Ann's table in play, as Ann signed it in the table's log, and every other laptop's
    # agreement to it: the watcher reads the line from it itself. Ann's `next` then names
    # Mallory's laptop, outside the game, first: the watcher would call Ben and Dan (Cleo left,
    # Eva has no port), never Mallory.
    identities, members = _laptops()
    ann, ben, cleo, dan, _ = members
    playing = table.leave(_in_play(members), cleo.key)
    mallory = Identity.generate().public_key
    hostile = table_message(playing)
    hostile["next"] = [[mallory, "10.0.0.66", 4066], *hostile["next"]]
    start = {"k": "start", "game": "momistigri", "number": playing.games,
             "names": ["Ann", "Ben", "Cleo", "Dan", "Eva"], "options": []}  # fmt: skip
    line = _line(_signed(identities[0], _in_play(members)), *identities[1:])
    watcher = _watching(ann.key, hostile, line, start)
    assert watcher.line is not None and watcher.line.keys == tuple(m.key for m in members)
    assert watcher.takers() == [(ben.key, "10.0.0.1", 4001), (dan.key, "10.0.0.3", 4003)]
    # With no line proven for this game, nobody but the host is called again.
    assert _watching(ann.key, hostile, start).takers() == []
    assert _watching(ann.key, hostile, line, {**start, "number": 2}).takers() == []
    # Fed by Ben's laptop after the hand-over, the same start proves Ben plays the game.
    assert _watching(ben.key, line).line == watcher.line
    # Agreements that come later add their laptops to those the watcher may call.
    signed = _signed(identities[0], _in_play(members))
    later = _watching(ann.key, hostile, _line(signed, identities[1]), start)
    assert later.takers() == [(ben.key, "10.0.0.1", 4001)]
    later.read(on_the_wire([_line(signed, identities[3])])[0])
    assert later.takers() == watcher.takers()


def test_a_watcher_calls_no_laptop_that_did_not_agree_to_the_start_its_host_shows() -> None:
    # Ann signs a start of her own making: Ben and Dan in other seats (a line in another order
    # than the one they play in). Before, the first host's signature was all a watcher checked,
    # and it would call Ben and Dan on that line's word. Neither agreed to it: the watcher
    # calls nobody but Ann again; shown their agreements to the real start, it ends the watch.
    identities, members = _laptops()
    ann, ben, cleo, dan, eva = members
    real = _in_play(members)
    made_up = replace(real, seats=(real.seats[0], *reversed(real.seats[1:])))
    assert line_of(made_up) != line_of(real)
    start = {"k": "start", "game": "momistigri", "number": real.games,
             "names": ["Ann", "Eva", "Dan", "Cleo", "Ben"], "options": []}  # fmt: skip
    hints = table_message(made_up)
    fake = _signed(identities[0], made_up)
    watcher = _watching(ann.key, hints, {"k": "line", "start": fake, "agreed": []}, start)
    assert watcher.line is not None and watcher.line.keys == (ann.key,)
    assert watcher.takers() == []
    honest = [_agreed(i, _signed(identities[0], real)) for i in identities[1:]]
    with pytest.raises(ValueError, match="agreed to another start"):
        _watching(ann.key, hints, {"k": "line", "start": fake, "agreed": honest}, start)
    # With the players' agreements to the start they play, the watcher follows that line.
    good = _watching(ann.key, table_message(real), _line(_signed(identities[0], real),
                     *identities[1:]), start)  # fmt: skip
    assert [k for k, _, _ in good.takers()] == [ben.key, cleo.key, dan.key]
    assert eva.key in good.line.keys if good.line else False


def test_a_line_the_watcher_cannot_check_ends_its_watching() -> None:
    identities, members = _laptops()
    ann, ben = members[:2]
    playing = _in_play(members)
    ann_id, ben_id = identities[:2]
    mallory = Identity.generate()
    forged = bytearray(_signed(ann_id, playing))
    forged[-1] ^= 1
    start = _signed(ann_id, playing)
    bad_signature = bytearray(_agreed(ben_id, start))
    bad_signature[-1] ^= 1
    elsewhere = Envelope.decode(_agreed(ben_id, start))
    elsewhere = seal(ben_id, b"u" * 16, 5, bytes(32), elsewhere.body)
    later_game = {"agree": [playing.games + 1, Envelope.decode(start).digest]}
    other_game = seal(ben_id, TABLE, 5, bytes(32), framing.pack({"k": "app", "d": later_game}))
    for host, line, why in [
        (ann.key, _line(bytes(forged)), "not a signed message"),
        (ann.key, _line(b"\x93nonsense"), "not a signed message"),
        (ann.key, _line(_signed(ben_id, playing)), "no table put in play by its host"),  # (Ben's)
        (ann.key, _line(_signed(ann_id, table.leave(playing, ben.key))), "no table put in play"),
        (ann.key, _line(_signed(ann_id, replace(playing, phase=table.OPEN))), "no table put in"),
        (ann.key, _line(_signed(ann_id, replace(playing, table=b"u" * 16))), "not a signed mes"),
        (mallory.public_key, _line(start), "did not agree to this game's start"),
        (ben.key, _line(start), "did not agree to this game's start"),  # (Ben's is not there)
        (ann.key, {**_line(start), "agreed": [bytes(bad_signature)]}, "not a signed message"),
        (ann.key, {**_line(start), "agreed": [elsewhere.encode()]}, "not a signed message of"),
        (ann.key, _line(start, mallory), "outside the game's line"),
        (ann.key, {**_line(start), "agreed": [other_game.encode()]}, "another start"),
        (ann.key, {**_line(start), "agreed": [start]}, "another start"),  # (not an agreement)
    ]:
        with pytest.raises(ValueError, match=why):
            _watching(host, line)
    # A laptop that took the game over may not name another line for the same game.
    other = replace(playing, host=mallory.public_key, members=(
        Member(mallory.public_key, "Mal", "", 0), *playing.members[1:]))  # fmt: skip
    watcher = _watching(ben.key, _line(_signed(ann_id, playing), ben_id))
    with pytest.raises(ValueError, match="another line"):
        watcher.read(on_the_wire([_line(_signed(mallory, other), ben_id)])[0])


def test_the_feed_names_no_laptop_outside_the_games_line() -> None:
    # A host's whole catch-up in the middle of a game: every laptop key and address in it, in
    # `next` and in the signed start alike, is one of the game's line (Cleo, who left, too).
    identities, members = _laptops()
    playing = table.leave(_in_play(members), members[2].key)
    book = FeedBook()
    book.feed(events.TableStateChanged(playing), playing)
    book.feed(events.GameStarted("momistigri", 0, ("Ann", "Ben", "Cleo", "Dan", "Eva"), 1, None),
              playing)  # fmt: skip
    book.started(_signed(identities[0], _in_play(members)))
    sent = {m["k"]: m for m in on_the_wire(book.catch_up(["Wes"]))}
    line = {m.key: m for m in members}
    for key, address, port in sent["table"]["next"]:
        assert (address, port) == (line[key].address, line[key].port)
    body = framing.unpack(Envelope.decode(sent["line"]["start"]).body, BODY)
    start = table.from_plain(body["s"])
    assert {m.key for m in start.members} == set(line_of(start)) == set(line)
    assert all(m.address in ("", line[m.key].address) for m in start.members)


def test_the_start_a_host_feeds_is_the_one_its_first_host_signed_at_the_start() -> None:
    # In the table's log: Ann's states before the start, the start, an update of it; then Ben's
    # state of the table handed over to him. Whoever hosts, the feed carries Ann's start.
    identities, members = _laptops()
    ann_id, ben_id = identities[:2]
    ann, ben = members[:2]
    log = SignedLog(TABLE)
    open_state = table.set_ready(create(TABLE, Member(ann.key, "Ann", "", 0), "momistigri", 5),
                                 ann.key, True)  # fmt: skip
    playing = _in_play(members)
    moved = replace(playing, version=playing.version + 1, members=(
        *playing.members[:3], replace(playing.members[3], address="10.0.0.9")))  # fmt: skip
    chain = Outbox(ann_id, TABLE)
    finder = StartFinder()
    for body in ({"k": "table", "s": table.to_plain(open_state)}, {"k": "app", "d": "hi"}):
        log.accept(chain.seal(framing.pack({**body, "h": []})))
    assert finder.start_of(log, playing) is None  # (not published yet)
    start = chain.seal(framing.pack({"k": "table", "s": table.to_plain(playing), "h": []}))
    log.accept(start)
    log.accept(chain.seal(framing.pack({"k": "table", "s": table.to_plain(moved), "h": []})))
    handed = table.hand_over(moved, ben.key)
    ben_chain = Outbox(ben_id, TABLE)
    log.accept(ben_chain.seal(
        framing.pack({"k": "table", "s": table.to_plain(handed), "h": []})))  # fmt: skip
    assert finder.start_of(log, playing) == start.encode()
    assert StartFinder().start_of(log, handed) == start.encode()
    book = FeedBook()
    assert book.started(start.encode()) == [{"k": "line", "start": start.encode(), "agreed": []}]
    assert book.started(start.encode()) == []  # (sent once)
    # Each laptop's agreement to that start, as it comes, in the order of the line.
    agree = framing.pack({"k": "app", "d": agreement(playing.games, start), "h": []})
    dan_agrees = Outbox(identities[3], TABLE).seal(agree)
    log.accept(dan_agrees)
    assert finder.agreed(log, start.encode()) == [dan_agrees.encode()]
    ben_agrees = ben_chain.seal(agree)
    log.accept(ben_agrees)
    agreed = [ben_agrees.encode(), dan_agrees.encode()]
    assert finder.agreed(log, start.encode()) == agreed
    assert book.started(start.encode(), agreed) == [
        {"k": "line", "start": start.encode(), "agreed": agreed}
    ]


def test_a_watcher_who_comes_after_a_seat_went_to_a_bot_sees_the_bot_in_that_seat() -> None:
    state = create(b"t" * 16, Member(Identity.generate().public_key, "Ann", "", 0), "momistigri", 3)
    book = FeedBook()
    book.feed(events.GameStarted("momistigri", 0, ("Ann", "Ben", "Cleo"), 1, None), state)
    now = ("Bot 1 (Ben)", "Ben", "Cleo")
    book.feed(events.SeatReplaced((0,), "Ann", 1, now), state)
    late = WatchReplica()
    shown = [e for m in on_the_wire(book.catch_up(["Wes"])) for e in late.read(m)]
    assert [e.names for e in shown if isinstance(e, events.GameStarted)] == [now]


def test_a_watcher_whose_host_goes_never_calls_a_laptop_outside_the_games_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A hostile host names Mallory's laptop first in `next`, then goes: the watcher calls the
    # host again and the laptops of the line it read from the signed start, never Mallory.
    import asyncio
    import socket

    from net.watch import watching
    from net.watch.watch_link import WatchedHost, shown_frame
    from net.wire.mesh import Address

    monkeypatch.setattr(watching, "NOBODY_FOR", 0.3)
    monkeypatch.setattr(watching, "FOLLOW_EVERY", 0.1)
    identities, members = _laptops()
    ann, ben, _, dan, _ = members
    playing = table.leave(_in_play(members), members[2].key)
    mallory = Identity.generate().public_key
    hostile = table_message(playing)
    hostile["next"] = [[mallory, "10.0.0.66", 4066], *hostile["next"]]
    start = {"k": "start", "game": "momistigri", "number": playing.games,
             "names": ["Ann", "Ben", "Cleo", "Dan", "Eva"], "options": []}  # fmt: skip
    line = _line(_signed(identities[0], _in_play(members)), *identities[1:])
    called: list[tuple[bytes | None, str, int]] = []

    async def dial(where: Address, key: bytes | None) -> Any:
        called.append((key, where.host, where.port))
        raise ConnectionRefusedError("nobody there")

    async def scenario() -> str:
        host_end, watcher_end = socket.socketpair()
        reader, writer = await asyncio.open_connection(sock=watcher_end)
        host = WatchedHost(ann.key, "Ann", TABLE)
        session = watching.WatchSession(
            (reader, writer, host), Address("10.0.0.0", 4000), lambda e: None, dial=dial
        )
        for message in (hostile, line, start):
            host_end.sendall(shown_frame(framing.pack(message)))
        await asyncio.sleep(0.2)
        host_end.close()
        await asyncio.wait_for(session.ended.wait(), 10)
        writer.close()
        return session.reason

    reason = asyncio.run(scenario())
    assert "no laptop of the table took its game over" in reason
    assert called and all(key != mallory for key, _, _ in called)
    assert set(called) == {
        (ann.key, "10.0.0.0", 4000),
        (ben.key, "10.0.0.1", 4001),
        (dan.key, "10.0.0.3", 4003),
    }


def test_a_watcher_of_no_sin_mi_gato_keeps_the_board_when_a_seat_goes_to_a_bot() -> None:
    # The round goes on from its public state (docs/fair-play.md, "What a drop-out keeps"):
    # the watcher keeps every move so far, and a watcher who comes later sees the same.
    rng = random.Random(7)
    bots = importlib.import_module("lanpurr.games.gutters.bots").BOTS
    choosers = [bots[sorted(bots)[0]]().choose for _ in range(2)]
    network = seat_table("gutters", 2, choosers, rng, shuffle_proofs=False)
    assert network.run().finished
    updates = network.runtimes[0].take_updates()
    state = create(b"t" * 16, Member(Identity.generate().public_key, "Ann", "", 0), "gutters", 2)
    book, watcher = FeedBook(), WatchReplica()
    for message in on_the_wire(
        book.feed(events.GameStarted("gutters", 0, ("Ann", "Ben"), 1), state)
    ):
        watcher.read(message)
    for update in updates[: len(updates) // 2]:
        for message in on_the_wire(book.feed(events.GameUpdate(update), state)):
            watcher.read(message)
    before = watcher.view()
    assert before.cells and before.phase == "play"
    now = ("Ann", "Bot 2 (Ann)")
    kept = events.SeatReplaced((1,), "Ben", 1, now, kept=True)
    for message in on_the_wire(book.feed(kept, state)):
        watcher.read(message)
    assert watcher.view() == before
    late = WatchReplica()
    for message in on_the_wire(book.catch_up(["Wes"])):
        late.read(message)
    assert late.view() == before


def test_a_laptop_started_again_feeds_its_watchers_the_game_from_its_start(
    tmp_path: Any,
) -> None:
    # The host's laptop keeps the public feed on disk as it goes; killed and started again, it
    # takes its seat back with no move shown again, and reads the feed back: a watcher who
    # comes then folds the same game as one who watched all along.
    from net.watch.watch_keep import FeedKeep

    rng = random.Random(7)
    bots = importlib.import_module("lanpurr.games.momistigri.bots").BOTS
    choosers = [bots[rng.choice(sorted(bots))]().choose for _ in range(3)]
    network = seat_table("momistigri", 3, choosers, rng, shuffle_proofs=False)
    assert network.run(max_frames=2_000_000).finished
    updates = network.runtimes[0].take_updates()
    names = ("Ann", "Ben", "Cleo")
    state = create(b"t" * 16, Member(Identity.generate().public_key, "Ann", "", 0), "momistigri",
                   3)  # fmt: skip
    half = len(updates) // 2
    before, keep = FeedBook(), FeedKeep(tmp_path)
    assert keep.begin(state.table, 1) == []
    before.keep = keep.keep
    before.feed(events.GameStarted("momistigri", 0, names, 1, None), state)
    watcher = WatchReplica()
    for message in on_the_wire([*before.catch_up([])]):
        watcher.read(message)
    for update in updates[:half]:
        for message in on_the_wire(before.feed(events.GameUpdate(update), state)):
            watcher.read(message)
    keep.close()  # (killed)

    again, keep = FeedBook(), FeedKeep(tmp_path)
    kept = keep.begin(state.table, 1)
    again.keep = keep.keep
    again.feed(events.GameStarted("momistigri", 0, names, 1, None), state)
    again.restore(kept)
    for update in updates[half:]:
        for message in on_the_wire(again.feed(events.GameUpdate(update), state)):
            watcher.read(message)
    late = WatchReplica()
    for message in on_the_wire(again.catch_up(["Wes"])):
        late.read(message)
    assert late.view() == watcher.view()
    assert late.view() == engine("momistigri").view(updates[-1].view, WATCHER)
    # ...and started a third time, it still holds the whole game.
    keep.close()
    third = FeedBook()
    third.feed(events.GameStarted("momistigri", 0, names, 1, None), state)
    third.restore(FeedKeep(tmp_path).begin(state.table, 1))
    assert third.played == again.played
