"""A phone's browser watches whole bot games of the three games (headless Chromium at a
phone's viewport): after every update, what the page shows is what the players' public view
holds, and no frame the page received holds a card a player had not shown."""

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import pytest

from lanpurr.seat.registry import engine
from net import events
from net.phone.snapshot import snapshot
from net.watch.watch_feed import WATCHER
from net.watch_events import PhonesWatching
from tests.net.test_sessions import Player, until
from tests.phone.chromium import frames_received, phone_browser

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
SHOTS = os.environ.get("LANPURR_SHOTS") == "1"
"""Save the screenshots in docs/screenshots/ (by hand: LANPURR_SHOTS=1 pytest tests/phone)."""
KINDS = {"table", "watchers", "start", "view", "recent", "progress", "checked", "replaced",
         "over", "stopped", "laptops", "beat"}  # fmt: skip


WIDEST = "return document.documentElement.scrollWidth"
SIDE_BY_SIDE = """
const board = document.getElementById("board").getBoundingClientRect();
const seats = document.getElementById("seats").getBoundingClientRect();
return seats.left >= board.right - 1 && seats.top < board.bottom;
"""


def canonical(snap: dict[str, Any]) -> str:
    return json.dumps(snap, sort_keys=True)


def shown_on_page(game: str, snap: dict[str, Any]) -> dict[str, Any]:
    """What the page's drawing of `snap` must read back as (phone.js, `domSummary`)."""

    def card(c: dict[str, Any] | None) -> str:
        if c is None:
            return "back"
        return f"{c['v']}/{c['c']}" if game == "momistigri" else str(c["cat"])

    if game == "gutters":
        slots = {
            name: f"home {what['home']}" if "home" in what else (what["cat"] or "?")
            for name, what in snap["slots"].items()
        }
        seats = [{"count": len(won), "cards": [], "offer": 0} for won in snap["won"]]
        return {"seats": seats, "pile": [], "cells": snap["cells"], "slots": slots}
    offers = {o["seat"]: o["n"] for o in snap.get("offers", [])}
    seats = [
        {"count": len(hand), "cards": [card(c) for c in hand], "offer": offers.get(seat, 0)}
        for seat, hand in enumerate(snap["hands"])
    ]
    pile = [card(c) for c in snap.get("pile", [])[-12:]]
    return {"seats": seats, "pile": pile, "cells": [], "slots": {}}


def changes(items: list[Any]) -> list[Any]:
    """`items` without the repeats of the one before (an update that changed nothing public)."""
    return [x for i, x in enumerate(items) if i == 0 or x != items[i - 1]]


class Seen:
    """What the laptop that serves the page saw of its own seat: the public view (what a
    watcher may see) and the seat's own view, after every update."""

    def __init__(self, game: str) -> None:
        self.game, self.rules = game, engine(game)
        self.public: list[dict[str, Any]] = []
        self.private: list[dict[str, Any]] = []

    def heard(self, event: object) -> None:
        view = None
        if isinstance(event, events.GameStarted) and event.seat is not None:
            view = event.view
        elif isinstance(event, events.GameUpdate):
            view = event.update.view
        if view is not None:
            self.public.append(snapshot(self.game, self.rules.view(view, WATCHER)))
            self.private.append(snapshot(self.game, view))


async def _play_watched(
    tmp_path: Path, game: str, seats: int, at_guest: bool, language: str
) -> tuple[Seen, list[str], list[dict[str, Any]]]:
    ann = Player(tmp_path, "Ann")
    laptops = [ann]
    ann.lobby.play_settings.me_bot = "normal"
    if not at_guest:  # (one laptop plays every seat: a faster deal is enough here)
        ann.lobby.play_settings.shuffle_proofs = False
    port = await ann.host(game, seats)
    if at_guest:
        ben = Player(tmp_path, "Ben")
        ben.lobby.play_settings.me_bot = "normal"
        (await ben.join(port)).ready(True)
        laptops.append(ben)
    host = ann.session
    assert host is not None
    for seat in range(len(laptops), seats):
        host.add_bot(seat, "normal")
    serving = laptops[-1]
    assert serving.session is not None and serving.lobby.phones is not None
    seen = Seen(game)
    serving.session.listeners.append(seen.heard)
    url = f"http://127.0.0.1:{serving.lobby.phones.port}/#test"
    frames: list[str] = []
    with phone_browser(language) as phone:
        await asyncio.to_thread(phone.get, url)
        await until(lambda: any(e.count == 1 for e in serving.of(PhonesWatching)), timeout=20)
        await until(lambda: host.state is not None and len(host.state.ready) == len(laptops) - 1)
        frames += await asyncio.to_thread(frames_received, phone)
        await _shot(phone, f"phone-{game}-1-waiting", tmp_path)
        host.start()
        shot_at = {"momistigri": 40, "purrfect": 60, "gutters": 12}[game]
        shot = False
        while not serving.of(events.GameOver):
            assert not serving.of(events.GameStopped), serving.of(events.GameStopped)
            await asyncio.sleep(0.3)
            frames += await asyncio.to_thread(frames_received, phone)
            if not shot and len(seen.public) >= shot_at:
                shot = True
                await _shot(phone, f"phone-{game}-2-playing", tmp_path)
        await asyncio.sleep(1.5)  # (the last frames reach the page)
        frames += await asyncio.to_thread(frames_received, phone)
        await _shot(phone, f"phone-{game}-3-over", tmp_path)
        drawn = await asyncio.to_thread(phone.execute_script, "return window.lanpurrDrawn")
        # Nothing wider than the phone, upright or turned sideways (board beside the seats).
        assert await asyncio.to_thread(phone.execute_script, WIDEST) <= 360
        await asyncio.to_thread(phone.execute_cdp_cmd, "Emulation.setDeviceMetricsOverride",
                                {"width": 640, "height": 360, "deviceScaleFactor": 2,
                                 "mobile": True})  # fmt: skip
        await asyncio.sleep(0.3)
        assert await asyncio.to_thread(phone.execute_script, WIDEST) <= 640
        assert await asyncio.to_thread(phone.execute_script, SIDE_BY_SIDE)
        await _shot(phone, f"phone-{game}-4-landscape", tmp_path)
        status = await asyncio.to_thread(
            phone.execute_script, "return document.getElementById('status').textContent"
        )
        assert status, "the page says nothing about the game"
    for laptop in laptops:
        await laptop.lobby.close()
    return seen, frames, drawn


async def _shot(phone: Any, name: str, tmp_path: Path) -> None:
    folder = ROOT / "docs" / "screenshots" if SHOTS else tmp_path
    await asyncio.to_thread(phone.save_screenshot, str(folder / f"{name}.png"))


@pytest.mark.parametrize(
    ("game", "seats", "at_guest", "language"),
    [
        ("momistigri", 3, True, "it"),  # (the page of a laptop that does not host)
        ("purrfect", 4, False, "es"),
        ("gutters", 2, False, "en"),
    ],
)
def test_a_phone_watches_a_whole_bot_game_and_reads_no_hidden_card(
    tmp_path: Path, game: str, seats: int, at_guest: bool, language: str
) -> None:
    seen, frames, drawn = asyncio.run(_play_watched(tmp_path, game, seats, at_guest, language))
    assert len(seen.public) > 10 and frames
    public = {canonical(s) for s in seen.public}
    secret = {canonical(s) for s in seen.private} - public
    received = []
    for frame in frames:
        message = json.loads(frame)
        assert message["k"] in KINDS, message
        view = message.get("view") if message["k"] == "start" else message
        if message["k"] in ("start", "view"):
            received.append(view["snap"])
    assert received, "the page received no view of the game"
    # Every view the page received is the public view at some step, never a seat's own.
    assert all(canonical(s) in public for s in received)
    assert not {canonical(s) for s in received} & secret
    if game != "gutters":  # (there nobody holds a hidden card: the cats face down are no one's)
        assert secret, "the seat held no card of its own: the check above would prove nothing"
    # After every update, the page shows exactly what the public view holds.
    expected = changes([shown_on_page(game, s) for s in seen.public])
    assert changes(drawn) == expected
