"""The phones' feed with no sockets: seat runtimes play whole games in memory, the first seat's
updates go through the page's feed as they would on a laptop, and after every update the page's
snapshot is the public view (a seat nobody holds), never the seat's own."""

import importlib
import json
import random

import pytest

from lanpurr.fair.identity import Identity
from lanpurr.seat.harness import seat_table
from lanpurr.seat.registry import engine
from net import events
from net.phone.feed import PhoneFeed
from net.phone.snapshot import snapshot
from net.table_state import Member, create
from net.watch.watch_feed import WATCHER, FeedBook


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("momistigri", 3, {}),
        ("purrfect", 4, {}),
        ("gutters", 2, {"mode": "competitive", "board": "standard"}),
    ],
)
def test_the_page_gets_the_public_view_after_every_update_and_never_a_seats_own(
    game: str, players: int, options: dict[str, str]
) -> None:
    rng = random.Random(7)
    bots = importlib.import_module(f"lanpurr.games.{game}.bots").BOTS
    choosers = [bots[rng.choice(sorted(bots))]().choose for _ in range(players)]
    network = seat_table(game, players, choosers, rng, options=options, shuffle_proofs=False)
    whole = game != "purrfect"  # (a whole Purrfect game is long in memory: its trades will do)
    assert network.run(max_frames=2_000_000 if whole else 1500).finished or not whole
    seat = network.runtimes[0]
    rules = engine(game)
    state = create(b"t" * 16, Member(Identity.generate().public_key, "P0", "", 0), game,
                   players, options)  # fmt: skip
    sent: list[dict[str, object]] = []
    feed = PhoneFeed(lambda m: sent.append(json.loads(json.dumps(m))))
    names = tuple(f"P{s}" for s in range(players))
    feed.heard(events.GameStarted(game, 0, names, 1, None), state)
    assert sent[-1]["k"] == "start"
    updates = seat.take_updates()
    shown = differed = 0
    for index, update in enumerate(updates):
        before = len(sent)
        feed.heard(events.GameUpdate(update), state)
        public = snapshot(game, rules.view(update.view, WATCHER))
        own = snapshot(game, update.view)
        differed += own != public
        views = [m for m in sent[before:] if m["k"] == "view"]
        for view in views:
            assert view["snap"] == json.loads(json.dumps(public)), f"after update {index}"
            shown += 1
        if not any(s.event.audience is None for s in update.steps):
            assert not views  # (nothing public happened: the page is told nothing)
        if index == len(updates) // 2:  # a phone that opens the page now catches up at once
            late = feed.catch_up()
            kinds = [m["k"] for m in late]
            assert kinds[:2] == ["table", "watchers"] or kinds[0] == "watchers"
            start = next(m for m in late if m["k"] == "start")
            assert start["view"]["snap"] == feed.view["snap"]  # type: ignore[index]
    assert shown > 10
    if game != "gutters":  # (there nobody holds a card of their own)
        assert differed > 0  # the seat knew faces the page never got
    text = json.dumps(sent)
    assert "secret" not in text and "designated" not in text


def test_a_laptop_that_took_its_game_up_again_shows_phones_the_game_so_far() -> None:
    # After a restart the watch desk rebuilds the game's feed from what it kept on disk
    # (net/watch/watch_keep.py); the phones' feed takes it from there, as if it had never stopped.
    rng = random.Random(3)
    bots = importlib.import_module("lanpurr.games.momistigri.bots").BOTS
    choosers = [bots[rng.choice(sorted(bots))]().choose for _ in range(3)]
    network = seat_table("momistigri", 3, choosers, rng, shuffle_proofs=False)
    assert network.run(max_frames=2_000_000).finished
    state = create(b"t" * 16, Member(Identity.generate().public_key, "P0", "", 0), "momistigri",
                   3, {})  # fmt: skip
    desk = FeedBook()  # (the watch desk's book)
    live: list[dict[str, object]] = []
    feed = PhoneFeed(live.append)
    started = events.GameStarted("momistigri", 0, ("Ann", "Ben", "Cleo"), 1, None)
    updates = network.runtimes[0].take_updates()
    for event in [started, *(events.GameUpdate(u) for u in updates[: len(updates) // 2])]:
        desk.feed(event, state)
        feed.heard(event, state)
    again: list[dict[str, object]] = []
    resumed = PhoneFeed(again.append)
    resumed.resumed(desk)
    kinds = [m["k"] for m in again]
    assert kinds[:4] == ["watchers", "laptops", "start", "recent"]
    assert resumed.view is not None and feed.view is not None
    assert resumed.view["snap"] == feed.view["snap"]
    assert again[2]["names"] == ["Ann", "Ben", "Cleo"]
