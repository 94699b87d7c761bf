"""Play again starts a new game, not the last one over: nothing of a game carries into the next.

Two games at one table, between two laptops on loopback, with the host's Play again between
them. Each game draws its own luck (its own record seed on each laptop, its own joint seed),
so the two boards differ; each starts with no cat won and ends with the scores of its own cats.
"""

import asyncio
from pathlib import Path
from typing import Any

from lanpurr.games.gutters.components import cat_value
from net import events
from net.table_state import PLAYING
from tests.net.test_sessions import Player, until


def games_over(player: Player) -> int:
    return len(player.of(events.GameOver))


def views(player: Player) -> list[Any]:
    return [e.update.view for e in player.of(events.GameUpdate)]


def test_play_again_deals_a_new_game_whose_scores_start_from_nothing(tmp_path: Path) -> None:
    ann, ben = Player(tmp_path, "Ann"), Player(tmp_path, "Ben")
    finals: list[Any] = []
    firsts: list[Any] = []

    async def scenario() -> None:
        for player in (ann, ben):
            player.lobby.play_settings.me_bot = "normal"
        port = await ann.host("gutters", 2)
        (await ben.join(port)).ready(True)
        host = ann.session
        assert host is not None and host.state is not None
        for game in (1, 2):
            await until(lambda: len(host.state.ready) == 1)  # type: ignore[union-attr]
            seen = len(views(ann))
            host.start()
            await until(lambda n=game: games_over(ann) == n == games_over(ben), 120)
            firsts.append(views(ann)[seen])
            finals.append(views(ann)[-1])
            if game == 1:
                host.again()
                await until(lambda: host.state.phase != PLAYING)  # type: ignore[union-attr]
                assert ben.session is not None
                await until(lambda: ben.session.state.phase != PLAYING)  # type: ignore[union-attr]
                ben.session.ready(True)
        for player in (ann, ben):
            await player.lobby.close()

    asyncio.run(asyncio.wait_for(scenario(), 300))
    assert finals[0].cells != finals[1].cells, "the second game has the first one's board"
    assert all(not any(first.won) for first in firsts), "a game started with cats already won"
    for number, (final, over) in enumerate(zip(finals, ann.of(events.GameOver), strict=True)):
        own = tuple(sum(cat_value(f) for f in final.won_faces(s)) for s in range(2))
        assert tuple(over.scores) == own, f"game {number + 1} scored other cats than its own"
    assert ann.of(events.GameOver) == ben.of(events.GameOver)
