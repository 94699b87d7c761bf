"""A table's listing follows the table: withdrawn at once when its game is over or it closes,
announced anew when it opens again, and listed once, where it was announced last (no network:
the announcer and the browser's mDNS are left out)."""

import asyncio
import dataclasses
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from net import table_state as table
from net.discovery import announcement
from net.discovery.mdns import Browser, Listing, TableFound, TableLost
from net.events import GameOver
from net.home import load_profile
from net.table_state import OPEN, PLAYING, Member


def _listing(service: str, address: str, table_id: str) -> Listing:
    return Listing(service, (address,), 47300, 9, "momistigri", "", 3, 3, "playing", "Ann", "",
                   False, table_id, b"k" * 32)  # fmt: skip


def test_a_table_that_moved_is_listed_once_where_it_was_announced_last() -> None:
    seen: list[Any] = []
    browser = Browser(seen.append, None)
    before, after = _listing("Ann-1", "10.0.0.5", "t1"), _listing("Ben-1", "10.0.0.6", "t1")
    other = _listing("Cleo-2", "10.0.0.7", "t2")
    browser._show("Ann-1", before)
    browser._show("Cleo-2", other)
    browser._show("Ben-1", after)  # (Ann's laptop went; the game went on at Ben's)
    assert seen == [TableFound(before), TableFound(other), TableLost("Ann-1"), TableFound(after)]
    assert browser.tables == {"Cleo-2": other, "Ben-1": after}


def test_a_withdrawn_table_is_not_checked_again() -> None:
    """Goodbye packets (or records that expired) are final: a later check finding something at
    the table's port (the host's next table) must not bring it back."""
    seen: list[Any] = []
    browser = Browser(seen.append, None)
    closed = _listing("Ann-1", "10.0.0.5", "t1")
    browser._show("Ann-1", closed)
    browser._withdrawn("Ann-1")
    assert seen == [TableFound(closed), TableLost("Ann-1")]
    assert browser.tables == {} and browser._silent == {}


class _Announcer:
    """Records what the real one would send on the LAN."""

    def __init__(self, said: list[str], *args: object) -> None:
        self.said = said

    async def announce(self, txt: dict[str, str]) -> None:
        self.said.append(f"announce {txt['state']}")

    async def update(self, txt: dict[str, str]) -> None:
        self.said.append(f"update {txt['state']}")

    async def withdraw(self) -> None:
        self.said.append("withdraw")


def test_a_game_over_withdraws_the_listing_at_once_and_play_again_announces_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[str] = []
    monkeypatch.setattr(announcement.discovery, "Announcer",
                        lambda *args: _Announcer(said, *args))  # fmt: skip
    profile = load_profile(tmp_path / "Ann", "Ann")
    me = profile.identity.public_key
    state = table.create(bytes(16), Member(me, "Ann", "", 1), "momistigri", 3, None, False, True)
    host = SimpleNamespace(me=me, profile=profile, state=state, closed=False, port=1)

    async def scenario() -> None:
        listing = announcement.Announcement(host)
        await listing.start(["10.0.0.5"])
        host.state = dataclasses.replace(state, phase=PLAYING, games=1, version=2)
        listing.follow()
        await asyncio.sleep(0.05)
        listing.heard(GameOver((1, 2, 3), ("fair",)))
        await asyncio.sleep(0.3)  # (within the second kept between two updates)
        assert said == ["announce open", "update playing", "withdraw"]
        host.state = dataclasses.replace(state, phase=OPEN, games=1, version=3)  # Play again
        listing.follow()
        await asyncio.sleep(0.05)
        assert said[-1] == "announce open"
        host.state = dataclasses.replace(state, phase=PLAYING, games=2, version=4)
        listing.follow()
        await asyncio.sleep(1.2)
        assert said[-1] == "update playing"  # (the next game is listed again)
        await listing.close()
        assert said[-1] == "withdraw" and listing.announcer is None

    asyncio.run(asyncio.wait_for(scenario(), 10))
