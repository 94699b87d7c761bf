"""A whole game between three laptops on loopback, with every byte written to the sockets
recorded: nothing of the game can be read from the wire by anyone who is not at the table."""

import asyncio
from pathlib import Path
from typing import Any

import pytest
from nacl.secret import SecretBox

from net import events, framing
from net.game import driver
from net.limits import BODY
from tests.net.test_sessions import Player, until

SLICE = 40
"""Bytes of each game frame looked for on the wire (long enough never to match by chance)."""


def test_a_whole_game_leaves_nothing_readable_on_the_wire(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wire: list[bytes] = []
    sent: list[bytes] = []
    """Every game frame a laptop sent, before it was sealed under the game key."""
    write = asyncio.StreamWriter.write
    send = driver.GameDriver._send

    def recording_write(self: asyncio.StreamWriter, data: Any) -> None:
        wire.append(bytes(data))
        write(self, data)

    def recording_send(self: driver.GameDriver) -> None:
        if self.key is not None:
            sent.extend(frame for _, frame in self._unsent)
        send(self)

    monkeypatch.setattr(asyncio.StreamWriter, "write", recording_write)
    monkeypatch.setattr(driver.GameDriver, "_send", recording_send)
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    scores, key = asyncio.run(_play(players))
    assert len(set(scores)) == 1

    captured = b"".join(wire)
    assert len(sent) > 100 and len(captured) > 100_000
    slices = [frame[len(frame) // 2 : len(frame) // 2 + SLICE] for frame in sent]
    slices = [s for s in slices if len(s) == SLICE]
    assert len(slices) > 100
    readable = [s for s in slices if s in captured]
    assert not readable, f"{len(readable)} of {len(slices)} game frames can be read on the wire"
    # The same frames are all there for a member who holds the game key.
    opened = b"".join(_open_batches(captured, key))
    assert all(s in opened for s in slices)
    assert key not in captured  # the game key itself travels only sealed to each member


async def _play(
    players: list[Player], meddle: Any = None, game: str = "momistigri", pace: float = 0.0
) -> tuple[list[tuple[int, ...]], bytes]:
    """Play a whole game; the final scores on each laptop, and the game key. `meddle(key)` runs
    once the game has begun (a member sending what it should not). `pace`: the bots think."""
    for player in players:
        player.lobby.play_settings.me_bot = "normal"
        player.lobby.play_settings.pace = pace
    port = await players[0].host(game, len(players))
    for player in players[1:]:
        session = await player.join(port)
        session.ready(True)
    host = players[0].session
    assert host is not None and host.state is not None
    await until(lambda: len(host.state.ready) == len(players) - 1)  # type: ignore[union-attr]
    host.start()
    await until(lambda: host.play is not None and host.play.key is not None)
    key = host.play.key  # type: ignore[union-attr]
    assert key is not None
    if meddle is not None:
        await until(lambda: all(p.of(events.GameUpdate) for p in players), timeout=60)
        meddle(key)
    await until(lambda: all(p.of(events.GameOver) for p in players), timeout=240)
    for player in players:
        assert not player.of(events.GameStopped), player.of(events.GameStopped)
        await player.lobby.close()
    return [tuple(p.of(events.GameOver)[0].scores) for p in players], key


@pytest.mark.parametrize("game", ["momistigri", "purrfect"])
def test_bots_that_think_before_they_move_finish_the_game_alike(tmp_path: Path, game: str) -> None:
    # A bot whose turn comes with a batch acts only after that batch is shown and answered,
    # once its thinking time is over (turns: Momistigri; no turns, bots acting any time and
    # quiet seats ticking: Purrfect).
    names = ("Ann", "Ben", "Cleo", "Dan")[: 4 if game == "purrfect" else 3]
    players = [Player(tmp_path, name) for name in names]
    scores, _ = asyncio.run(_play(players, game=game, pace=0.01))
    assert len(set(scores)) == 1, scores
    for player in players:
        updates = player.of(events.GameUpdate)
        assert len(updates) > 20  # the moves were drawn on every laptop, not only the end


def test_batches_a_member_may_not_send_are_dropped_and_the_game_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    players = [Player(tmp_path, name) for name in ("Ann", "Ben", "Cleo")]
    cleo = players[2]

    def meddle(key: bytes) -> None:
        session = cleo.session
        assert session is not None and session.play is not None
        number = session.play.number
        box = SecretBox(key)
        session.send({"g": number, "b": b"not a box at all"})
        session.send({"g": number, "b": box.encrypt(framing.pack([[0, b"Ann's seat, forged"]]))})
        session.send({"g": number, "b": box.encrypt(framing.pack({"not": "a list"}))})
        session.send({"gk": bytes(32), "n": number})  # only the host hands out the game key
        session.send({"g": number + 7, "b": b"another game"})

    scores, _ = asyncio.run(_play(players, meddle))
    assert len(set(scores)) == 1  # the game finished, the same everywhere
    refused = [r.getMessage() for r in caplog.records if "Cleo was refused" in r.getMessage()]
    assert any("seat 0 is not played on that laptop" in line for line in refused)
    assert any("does not open with the game key" in line for line in refused)
    assert any("batch is a list" in line for line in refused)
    assert any("not sealed by the host" in r.getMessage() for r in caplog.records)


def _open_batches(captured: bytes, key: bytes) -> list[bytes]:
    """Every game batch a member can open, found by trying the key on each candidate box."""
    box = SecretBox(key)
    found = []
    marker = b"\xa1b"  # the msgpack key "b" of a batch, followed by its box
    at = captured.find(marker)
    while at != -1:
        head = captured[at + 2 : at + 7]
        size = _bin_size(head)
        if size is not None:
            start = at + 2 + size[1]
            try:
                plain = box.decrypt(captured[start : start + size[0]])
                found.extend(f for _, f in framing.unpack(plain, BODY))
            except Exception:
                pass
        at = captured.find(marker, at + 1)
    return found


def _bin_size(head: bytes) -> tuple[int, int] | None:
    """(length, header bytes) of a msgpack bin at `head`."""
    if not head:
        return None
    if head[0] == 0xC4 and len(head) >= 2:
        return head[1], 2
    if head[0] == 0xC5 and len(head) >= 3:
        return int.from_bytes(head[1:3], "big"), 3
    if head[0] == 0xC6 and len(head) >= 5:
        return int.from_bytes(head[1:5], "big"), 5
    return None
