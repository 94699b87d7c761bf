"""The public feed a host sends its watchers, with no sockets: seat runtimes play a whole game
in memory, the host seat's updates go through the feed as they would on the wire, and the
watcher's fold of them is, after every update, exactly what a seat nobody holds may see."""

import importlib
import random
from typing import Any

import pytest

from lanpurr.fair.identity import Identity
from lanpurr.seat.harness import seat_table
from lanpurr.seat.registry import engine
from net import events, framing, table
from net.limits import BODY
from net.table import Member, create
from net.watch_feed import WATCHER, FeedBook, WatchReplica, check, table_message


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
    from net.mesh import Address
    from net.watch_link import WatchedHost, shown_frame
    from net.watching import WatchSession

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


def test_a_table_in_play_tells_its_watchers_where_its_game_would_go_on() -> None:
    # The laptops of the game's line after the host, at the addresses the host knows them by
    # (one that left is not among them, nor one with no port to call); a list a watcher could
    # be misled by is refused.
    ann, ben, cleo, dan, eva = (
        Member(Identity.generate().public_key, name, f"10.0.0.{i}", 4000 + i if i < 4 else 0)
        for i, name in enumerate(("Ann", "Ben", "Cleo", "Dan", "Eva"))
    )
    state = create(b"t" * 16, Member(ann.key, "Ann", "", 0), "momistigri", 5)
    for member in (ben, cleo, dan, eva):
        state = table.set_ready(table.admit(state, member), member.key, True)
    assert table_message(state)["next"] == []  # (no line before the game)
    playing = table.start(state, ann.key)
    line = [[m.key, m.address, m.port] for m in (ben, cleo, dan)]
    assert on_the_wire([table_message(playing)])[0]["next"] == line
    after = table.leave(playing, cleo.key)
    replica = WatchReplica()
    replica.read(on_the_wire([table_message(after)])[0])
    assert replica.successors == [(ben.key, "10.0.0.1", 4001), (dan.key, "10.0.0.3", 4003)]
    good = table_message(playing)
    for bad in ([[b"k" * 31, "10.0.0.1", 4001]], [[ben.key, "", 4001]], [[ben.key, "h", 0]],
                [[ben.key, "h" * 65, 1]], [[ben.key, "h", 1]] * 17, "10.0.0.1"):  # fmt: skip
        with pytest.raises(framing.FrameError, match="next"):
            check({**good, "next": bad})


def test_a_watcher_who_comes_after_a_seat_went_to_a_bot_sees_the_bot_in_that_seat() -> None:
    state = create(b"t" * 16, Member(Identity.generate().public_key, "Ann", "", 0), "momistigri", 3)
    book = FeedBook()
    book.feed(events.GameStarted("momistigri", 0, ("Ann", "Ben", "Cleo"), 1, None), state)
    now = ("Bot 1 (Ben)", "Ben", "Cleo")
    book.feed(events.SeatReplaced((0,), "Ann", 1, now), state)
    late = WatchReplica()
    shown = [e for m in on_the_wire(book.catch_up(["Wes"])) for e in late.read(m)]
    assert [e.names for e in shown if isinstance(e, events.GameStarted)] == [now]
