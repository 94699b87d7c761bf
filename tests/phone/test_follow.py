"""A phone's page follows the game when the laptop that served it leaves the table, and every
word it shows is in the phone's language, bots' seats and levels included (headless Chromium
at a phone's viewport, laptops on loopback)."""

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from net import events
from net.phone.server import page_files
from net.watch_events import PhonesWatching
from tests.net.test_sessions import Player, until
from tests.phone.chromium import phone_browser
from tests.phone.test_at_the_table import three_laptops_at_a_table

pytestmark = pytest.mark.browser

SCREEN = "return document.body.innerText"
WHERE = "return location.host"
SEATS = """return [...document.querySelectorAll('#seats .seat')].map(
  (p) => [p.querySelector('.name').textContent, p.querySelector('.info')?.textContent || ''])"""
STATUS = "return document.getElementById('status').textContent"


def words(language: str) -> dict[str, str]:
    """The page's own texts in `language`, read from its script (phone.js, `WORDS`)."""
    script = page_files()["/phone.js"][0].decode()
    block = script[script.index(f"\n  {language}: {{") :]
    block = block[: block.index("\n  },")]
    return dict(re.findall(r'(\w+): "((?:[^"\\]|\\.)*)"', block))


def english_only(language: str) -> set[str]:
    """The words of the page's English texts that its texts in `language` never use."""

    def split(texts: dict[str, str]) -> set[str]:
        plain = " ".join(re.sub(r"\{\w+\}", " ", t) for t in texts.values())
        return {w.lower() for w in re.findall(r"[A-Za-z']{3,}", plain)}

    return split(words("en")) - split(words(language)) - {"momistigri", "purrfect"}


def english_on_screen(text: str, language: str) -> set[str]:
    seen = {w.lower() for w in re.findall(r"[A-Za-z']{3,}", text)}
    return seen & english_only(language)


def page_of(player: Player) -> str:
    """Where a laptop's page is: its table's port + 1."""
    assert player.session is not None
    return f"127.0.0.1:{player.session.port + 1}"


async def _run(driver: Any, script: str) -> Any:
    return await asyncio.to_thread(driver.execute_script, script)


def test_the_page_goes_on_at_another_laptop_when_its_own_leaves_the_table(
    tmp_path: Path,
) -> None:
    """Ann hosts; the page is Ann's; Ann's laptop leaves in the middle of the game: the page
    goes on at Ben's, shows the game to its end there, in Italian, a bot's seat included."""

    async def run() -> None:
        players = await three_laptops_at_a_table(tmp_path, seats=4)
        ann, ben, cleo = players
        host = ann.session
        assert host is not None and host.state is not None
        host.add_bot(3, "clever")
        await until(lambda: len(host.state.ready) == 2)  # type: ignore[union-attr]
        pages = {p.lobby.phones.port for p in players if p.lobby.phones is not None}
        assert len(pages) == 3
        for player in players:  # (a laptop's page is on its table's port + 1)
            assert player.lobby.phones is not None
            assert f"127.0.0.1:{player.lobby.phones.port}" == page_of(player)
        at_ann = page_of(ann)
        with phone_browser("it") as phone:
            await asyncio.to_thread(phone.get, f"http://{at_ann}/")
            await until(lambda: any(e.count == 1 for e in ann.of(PhonesWatching)), timeout=20)
            host.start()
            await until(lambda: len(ben.of(events.GameUpdate)) > 20, timeout=60)
            # The page knows where to go: Ben's and Cleo's pages, in the game's line.
            await until(lambda: bool(ann.lobby.phones and ann.lobby.phones.laptops()))
            assert ann.lobby.phones.laptops() == [page_of(ben), page_of(cleo)]
            await ann.lobby.close()  # the laptop that served the page leaves the game
            going_on = {page_of(ben), page_of(cleo)}
            deadline = asyncio.get_running_loop().time() + 30
            while await _run(phone, WHERE) not in going_on:
                assert asyncio.get_running_loop().time() < deadline, "the page stayed lost"
                await asyncio.sleep(0.3)
            at = await _run(phone, WHERE)
            follower = ben if at == page_of(ben) else cleo
            await until(lambda: bool(follower.of(events.GameOver)), timeout=240)
            assert not follower.of(events.GameStopped)
            scores = list(follower.of(events.GameOver)[0].scores)
            italian = words("it")
            seen: list[Any] = []

            async def shown_over() -> bool:
                seen[:] = [await _run(phone, STATUS), await _run(phone, SEATS)]
                return seen[0] == italian["over"]

            deadline = asyncio.get_running_loop().time() + 15
            while not await shown_over():
                assert asyncio.get_running_loop().time() < deadline, seen
                await asyncio.sleep(0.3)
            seats = seen[1]
            # The game's end as the laptops saw it: each seat's score, Ann's seat a bot's now.
            assert [int(info.split("punti ")[1].split(" ")[0]) for _, info in seats] == scores
            names = [name for name, _ in seats]
            assert names[1:3] == ["Ben", "Cleo"], names
            assert names[0].startswith("Bot 1 (portatile di "), names
            assert names[3].startswith("Bot 4 (portatile di "), names
            assert not english_on_screen(await _run(phone, SCREEN), "it")
        for player in (ben, cleo):
            await player.lobby.close()

    asyncio.run(run())


def test_a_bot_table_shows_no_english_on_a_spanish_phone(tmp_path: Path) -> None:
    async def run() -> None:
        ann = Player(tmp_path, "Ann")
        ann.lobby.play_settings.me_bot = "normal"
        ann.lobby.play_settings.shuffle_proofs = False
        ann.lobby.play_settings.pace = 0.05
        port = await ann.host("momistigri", 4)
        assert port and ann.session is not None and ann.lobby.phones is not None
        host = ann.session
        for seat, level in ((1, "easy"), (2, "normal"), (3, "clever")):
            host.add_bot(seat, level)
        await until(lambda: sum(s.bot is not None for s in host.state.seats) == 3)  # type: ignore[union-attr]
        spanish = words("es")
        with phone_browser("es") as phone:
            await asyncio.to_thread(phone.get, f"http://127.0.0.1:{ann.lobby.phones.port}/")
            await until(lambda: any(e.count == 1 for e in ann.of(PhonesWatching)), timeout=20)
            await asyncio.sleep(0.5)
            seats = [name for name, _ in await _run(phone, SEATS)]
            assert seats == ["Ann", "bot (fácil)", "bot (intermedio)", "bot (listo)"], seats
            waiting = await _run(phone, SCREEN)
            assert not english_on_screen(waiting, "es"), waiting
            host.start()
            await until(lambda: len(ann.of(events.GameUpdate)) > 30, timeout=60)
            await asyncio.sleep(0.5)
            seats = [name for name, _ in await _run(phone, SEATS)]
            assert seats == ["Ann"] + [f"Bot {n} (portátil de Ann)" for n in (2, 3, 4)], seats
            playing = await _run(phone, SCREEN)
            assert spanish["moves"] in playing
            assert not english_on_screen(playing, "es"), playing
        await ann.lobby.close()

    asyncio.run(run())


def test_the_english_words_the_check_looks_for_are_the_pages_own() -> None:
    assert set(words("en")) == set(words("it")) == set(words("es"))  # (every text in each)
    for language in ("it", "es"):
        only = english_only(language)
        assert {"easy", "clever", "normal", "laptop", "turn", "waiting", "seats"} <= only
        assert "bot" not in only  # (a loanword in Italian and Spanish too)
