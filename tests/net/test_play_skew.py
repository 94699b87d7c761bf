"""Laptops that learn things at different times, as on slow Wi-Fi.

- The host's "the game has started" can reach Cleo after Ben's first game messages: Cleo must
  keep them for the game, not drop them (and then hang, or name Ben a cheater for the gap).
- Cleo can see the game end and leave while Ann still waits for Ben's last messages: Ann must
  finish the game, not stop because Cleo left.
- The host can open the table again (Play again), or close it, while a slower laptop is still
  drawing the game's last moves: that laptop must still see the end of the game.
"""

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from net import events
from net.game.worker import GameWorker
from net.table_state import PLAYING, TableState
from tests.net.test_sessions import Player, until

LATE = 1.5
"""Seconds the start takes to reach Cleo after it reached the others."""


def ended(player: Player) -> bool:
    return any(player.of(kind) for kind in (events.GameOver, events.CheatNamed, events.GameStopped))


def test_a_laptop_that_hears_of_the_start_late_keeps_the_early_game_messages(
    tmp_path: Path,
) -> None:
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]

    async def scenario() -> None:
        for player in players:
            player.lobby.play_settings.me_bot = "normal"
        port = await players[0].host("momistigri", 3)
        for player in players[1:]:
            (await player.join(port)).ready(True)
        host, cleo = players[0].session, players[2].session
        assert host is not None and cleo is not None and host.state is not None
        adopt = cleo.adopt
        held: list[TableState] = []

        def late(state: TableState, replayed: bool = False) -> None:
            if state.phase == PLAYING and not held:
                held.append(state)
                asyncio.get_running_loop().call_later(LATE, adopt, state, replayed)
                return
            adopt(state, replayed)

        cleo.adopt = late  # type: ignore[method-assign]
        await until(lambda: len(host.state.ready) == 2)  # type: ignore[union-attr]
        host.start()
        await until(lambda: bool(held))
        ben = players[1]
        # Ben has started and sent his first game messages while Cleo did not know yet.
        await until(lambda: ben.session is not None and ben.session.play is not None)
        await until(lambda: cleo.play is not None, timeout=LATE + 10)
        await until(lambda: all(ended(p) for p in players), timeout=240)
        for player in players:
            await player.lobby.close()

    asyncio.run(scenario())
    named: list[Any] = [e for p in players for e in p.of(events.CheatNamed)]
    assert not named, named[0]
    stopped = [e for p in players for e in p.of(events.GameStopped)]
    assert not stopped, stopped[0]
    scores = {tuple(p.of(events.GameOver)[0].scores) for p in players}
    assert len(scores) == 1


BEN_TO_ANN = 0.5
"""Seconds every game message from Ben takes to reach Ann."""


def test_a_laptop_that_leaves_once_its_game_is_over_does_not_stop_a_slower_one(
    tmp_path: Path,
) -> None:
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    ann, ben, cleo = players

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        for player in players:
            player.lobby.play_settings.me_bot = "normal"
        # Cleo leaves the table the moment her game is over, as `lanpurr join` does.
        record = cleo.events.append
        leaving: list[asyncio.Task[None]] = []

        def leave_when_over(event: events.Event) -> None:
            record(event)
            if isinstance(event, events.GameOver):
                leaving.append(loop.create_task(cleo.lobby.close()))

        cleo.lobby.on_event = leave_when_over
        port = await ann.host("gutters", 3)
        for player in (ben, cleo):
            (await player.join(port)).ready(True)
        host = ann.session
        assert host is not None and host.state is not None
        hand_on = host.games.message_for

        def slow_from_ben(
            sender: bytes, data: dict[str, Any], private: bool, envelope: Any = None
        ) -> None:
            if sender == ben.key:
                loop.call_later(BEN_TO_ANN, hand_on, sender, data, private, envelope)
            else:
                hand_on(sender, data, private, envelope)

        host.games.message_for = slow_from_ben  # type: ignore[method-assign]
        await until(lambda: len(host.state.ready) == 2)  # type: ignore[union-attr]
        host.start()
        await until(lambda: all(ended(p) for p in players), timeout=240)
        for player in (ann, ben):
            await player.lobby.close()

    asyncio.run(scenario())
    assert cleo.of(events.GameOver)
    stopped = [e for p in players for e in p.of(events.GameStopped)]
    assert not stopped, stopped[0]
    assert len({tuple(p.of(events.GameOver)[0].scores) for p in players}) == 1


SLOW_PASS = 0.1
"""Seconds every pass of a guest's game worker takes (a slow laptop)."""


@pytest.mark.parametrize("then", ["again", "close"])
def test_a_slower_laptop_sees_the_end_after_the_host_opens_or_closes_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, then: str
) -> None:
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    ann, ben, cleo = players
    work = GameWorker.work

    def slow_on_guests(self: GameWorker, *args: Any, **kwargs: Any) -> Any:
        if self.seats.me != ann.key:
            time.sleep(SLOW_PASS)
        return work(self, *args, **kwargs)

    monkeypatch.setattr(GameWorker, "work", slow_on_guests)
    behind: list[str] = []

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        for player in players:
            player.lobby.play_settings.me_bot = "normal"
        record = ann.events.append
        moving_on: list[asyncio.Task[None]] = []

        def move_on_when_over(event: events.Event) -> None:
            """Ann presses Play again the moment her game is over (then, maybe, closes)."""
            record(event)
            if isinstance(event, events.GameOver):
                behind.extend(p.lobby.profile.name for p in (ben, cleo) if not ended(p))
                assert ann.session is not None
                ann.session.again()
                if then == "close":
                    moving_on.append(loop.create_task(ann.lobby.close()))

        ann.lobby.on_event = move_on_when_over
        port = await ann.host("gutters", 3)
        for player in (ben, cleo):
            (await player.join(port)).ready(True)
        host = ann.session
        assert host is not None and host.state is not None
        await until(lambda: len(host.state.ready) == 2)  # type: ignore[union-attr]
        host.start()
        await until(lambda: all(ended(p) for p in players), timeout=240)
        for player in players:
            await player.lobby.close()

    asyncio.run(scenario())
    # Whoever sent the game's last message saw the end with it; the other guest had that
    # message still to draw, on its slow worker, when Ann moved on.
    assert behind
    stopped = [e for p in players for e in p.of(events.GameStopped)]
    assert not stopped, stopped[0]
    assert len({tuple(p.of(events.GameOver)[0].scores) for p in players}) == 1
