"""Phones at a table of laptops on loopback: the players hear how many phones watch from each
laptop, and a phone follows the game through the host's laptop leaving in the middle of it
(another laptop takes the table over and a bot takes the host's seat) to its end."""

import asyncio
import json
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from net import events
from net.watch_events import PhonesElsewhere
from tests.net.test_sessions import Player, until


async def three_laptops_at_a_table(tmp_path: Path, seats: int) -> list[Player]:
    """Ann hosts Momistigri with `seats` seats (a bot takes a gone laptop's seats), Ben and
    Cleo join and are ready; every seat is played by a quick bot, without shuffle proofs."""
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    players[0].lobby.play_settings.replace_gone = "normal"
    for player in players:
        player.lobby.play_settings.me_bot = "normal"
        player.lobby.play_settings.pace = 0.02
        player.lobby.play_settings.shuffle_proofs = False
    port = await players[0].host("momistigri", seats)
    for player in players[1:]:
        (await player.join(port)).ready(True)
    return players


async def _listen(phone: ClientConnection, got: list[dict[str, Any]]) -> None:
    async for message in phone:
        got.append(json.loads(message))


def test_the_players_hear_how_many_phones_watch_from_each_laptop(tmp_path: Path) -> None:
    async def run() -> None:
        ann, ben = Player(tmp_path, "Ann"), Player(tmp_path, "Ben")
        port = await ann.host("gutters", 3)
        await ben.join(port)
        assert ben.lobby.phones is not None
        url = f"ws://127.0.0.1:{ben.lobby.phones.port}/feed"
        phones = [await connect(url) for _ in range(3)]
        await until(lambda: [e.count for e in ann.of(PhonesElsewhere)][-1:] == [3], timeout=10)
        said = ann.of(PhonesElsewhere)[-1]
        assert said.laptop == "Ben" and said.key == ben.key
        assert len(ann.of(PhonesElsewhere)) <= 2  # (changes within 2 s are told at once)
        for phone in phones:
            await phone.close()
        await until(lambda: ann.of(PhonesElsewhere)[-1].count == 0, timeout=10)
        assert not ben.of(PhonesElsewhere)  # (a laptop does not hear its own word)
        for player in (ben, ann):
            await player.lobby.close()

    asyncio.run(run())


def test_a_phone_follows_the_game_when_the_hosts_laptop_leaves_it(tmp_path: Path) -> None:
    async def run() -> None:
        players = await three_laptops_at_a_table(tmp_path, seats=3)
        ann, ben, cleo = players
        host = ann.session
        assert host is not None and host.state is not None and cleo.lobby.phones is not None
        await until(lambda: len(host.state.ready) == 2)  # type: ignore[union-attr]
        got: list[dict[str, Any]] = []
        async with connect(f"ws://127.0.0.1:{cleo.lobby.phones.port}/feed") as phone:
            listening = asyncio.ensure_future(_listen(phone, got))
            await until(lambda: any(m["k"] == "table" for m in got))
            host.start()
            await until(lambda: sum(m["k"] == "view" for m in got) > 15, timeout=60)
            await ann.lobby.close()  # the host's laptop leaves in the middle of the game
            await until(lambda: any(m["k"] == "over" for m in got), timeout=240)
            listening.cancel()
        kinds = [m["k"] for m in got]
        replaced = next(m for m in got if m["k"] == "replaced")
        assert replaced["seats"] == [0] and replaced["names"][0].startswith("Bot")
        after = kinds[kinds.index("replaced") :]
        assert after.count("view") > 5  # the game went on, shown on the phone, to its end
        assert cleo.of(events.GameOver) and not cleo.of(events.GameStopped)
        last = [m for m in got if m["k"] == "view"][-1]["snap"]
        assert last["phase"] == "over" and last["totals"] == list(
            cleo.of(events.GameOver)[0].scores
        )
        for player in (ben, cleo):
            await player.lobby.close()

    asyncio.run(run())
