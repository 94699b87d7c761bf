"""Floods of messages that each pass every check alone, during a game, between laptops on
loopback: the game's allowance of a kind cuts the flooder off, and nobody answers them.

(With real processes in network namespaces, and what each flood costs: test_floods_netns.py
and bench/bench_flood.py.)"""

from pathlib import Path

from net import events
from net.table.session import TableSession
from net.table_state import PLAYING
from tests.net.test_sessions import Player, run, until

ON_THEIR_WAY = 40
"""Requests a laptop may have sent as the game started (a person clicking Ready on and off
while the start was on its way, or while the laptop's link to the host was down)."""
FLOOD = 2000


async def _a_game_between(ann: Player, ben: Player) -> tuple[TableSession, TableSession]:
    port = await ann.host("gutters", 2)
    b = await ben.join(port)
    a = ann.session
    assert a is not None
    b.ready(True)
    await until(lambda: a.state is not None and len(a.state.ready) == 1)
    a.start()
    await until(lambda: all(s.state and s.state.phase == PLAYING for s in (a, b)))
    return a, b


def test_requests_during_a_game_go_unanswered_and_a_flood_of_them_is_cut_off(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        ann, ben = Player(tmp_path, "Ann"), Player(tmp_path, "Ben")
        a, b = await _a_game_between(ann, ben)
        for n in range(ON_THEIR_WAY):
            b.ready(n % 2 == 0)
        await until(lambda: a.mesh.held(ben.key) == b.mesh.held(ben.key))
        assert ben.key not in a.mesh.banned
        assert a.state is not None and a.state.phase == PLAYING
        for n in range(FLOOD):  # no honest laptop sends these
            b.ready(n % 2 == 0)
        await until(lambda: ben.key in a.mesh.banned)
        cut = [e for e in ann.of(events.MessageRefused) if "cut off" in e.reason]
        assert cut and "during a game" in cut[0].reason, cut
        assert not ben.of(events.RequestRefused), "the host answered requests during a game"
        assert a.mesh.held(ben.key) < b.mesh.held(ben.key) - FLOOD // 2, "cut off late"
        for player in (ann, ben):
            await player.lobby.close()

    run(scenario)


def test_a_leave_during_a_game_is_heard_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        ann, ben = Player(tmp_path, "Ann"), Player(tmp_path, "Ben")
        a, b = await _a_game_between(ann, ben)
        for _ in range(3):  # (the app sends one; the others are a patched laptop's)
            b._publish({"k": "req", "do": "leave"})
        await until(lambda: a.mesh.held(ben.key) == b.mesh.held(ben.key))
        assert a.state is not None and ben.key in a.state.left
        assert len(ann.of(events.PeerLeft)) == 1
        for player in (ann, ben):
            await player.lobby.close()

    run(scenario)
