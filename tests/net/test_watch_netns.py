"""Friends can watch: a bot game between `lanpurr` processes in network namespaces, watched by a
`lanpurr join --watch` process that records every message it receives, with a crowd of
watchers up to the cap, a ninth refused, and one that floods the host cut off alone.
"""

import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgpack
import pytest

from lanpurr.core import wire
from lanpurr.core.game import Event
from lanpurr.games.momistigri import events as mev
from lanpurr.seat.registry import engine, layer_for
from net.limits import MAX_WATCHERS
from net.watch.watch_feed import WATCHER, check
from tests.net.netns import Host, Lan, lan_for_test
from tests.net.test_discovery_netns import Process, lanpurr
from tests.net.test_play_netns import all_over_alike, finish

pytestmark = pytest.mark.netns

GAME_TIMEOUT = 120.0


@pytest.fixture
def lan() -> Iterator[Lan]:
    yield from lan_for_test(3)


def crowd(host: Host, address: str, *args: str) -> Process:
    return Process(host, host.python("tests/net/watch_crowd.py", address, *args))


def recorded(path: Path) -> list[dict[str, Any]]:
    """Every feed message the watcher received, in order, as it received them."""
    data, at, out = path.read_bytes(), 0, []
    while at < len(data):
        (size,) = struct.unpack(">I", data[at : at + 4])
        out.append(check(msgpack.unpackb(data[at + 4 : at + 4 + size], raw=False)))
        at += 4 + size
    return out


def faces_learnt_too_early(messages: list[dict[str, Any]]) -> tuple[list[str], int]:
    """Fold what the watcher received, as it received it: every event must be public, and no
    event may make the face of a card in a hand readable, but the round's end that reveals
    every hand, and after which the watcher reads each card it names. Returns the leaks (and
    such misreadings) and the faces learnt in all."""
    game = engine("momistigri")
    state: Any = None
    leaks: list[str] = []
    learnt = 0
    for message in messages:
        if message["k"] == "start":
            state = layer_for("momistigri").new_state(len(message["names"]), {})
        if message["k"] not in ("events", "backlog"):
            continue
        for plain in message["e"]:
            event = wire.from_plain(plain)
            assert isinstance(event, Event) and event.audience is None, event
            before = dict(state.cards.faces)
            state = game.absorb(state, event)
            new = {t for t, f in state.cards.faces.items() if before.get(t) != f}
            learnt += len(new)
            if isinstance(event, mev.RoundEnded):
                leaks += [
                    f"RoundEnded names {face} for card {t}, and the watcher does not read it"
                    for t, face in event.revealed
                    if state.cards.faces.get(t) != face
                ]
                continue
            in_hands = {t for hand in state.hands for t in hand}
            # The rules (shared/rules/momistigri.md, M-10) make a card that comes from the
            # face-up pile known to everyone: taken with a 3+3 swap, handed out with a 5+5.
            if isinstance(event, mev.SwapMade):
                new -= {event.take}
            if isinstance(event, mev.CardHandedOut):
                new -= {event.card}
            leaks += [f"{type(event).__name__} shows card {t}" for t in new & in_hands]
    # What the watcher was shown is its own view: nothing known only to a seat.
    assert game.view(state, WATCHER) == state
    return leaks, learnt


def test_a_watcher_follows_a_bot_game_and_never_sees_a_hidden_card(
    lan: Lan, tmp_path: Path
) -> None:
    host_ns, guest_ns, watch_ns = lan.hosts
    host = Process(host_ns, lanpurr(host_ns, tmp_path, "Ann", "host", "momistigri", "--seats",
                                    "3", "--bots", "1", "--bot", "normal", "--autostart",
                                    "--no-announce", "--json"))  # fmt: skip
    running = [host]
    try:
        address = host.wait_for(lambda line: line["event"] == "hosting", 20)["address"]
        record = tmp_path / "watched.bin"
        watcher = Process(
            watch_ns,
            lanpurr(
                watch_ns,
                tmp_path,
                "Wes",
                "join",
                address,
                "--watch",
                "--json",
                "--record",
                str(record),
            ),
        )
        running.append(watcher)
        watcher.wait_for(lambda line: line["event"] == "watched_table", 20)
        calm = crowd(watch_ns, address, "calm", str(MAX_WATCHERS - 2))
        flooder = crowd(watch_ns, address, "flood")
        running += [calm, flooder]
        host.wait_for(lambda line: line["event"] == "watchers" and len(line["names"]) == 8, 20)

        # A ninth is told so, and takes nothing.
        ninth = Process(watch_ns, lanpurr(watch_ns, tmp_path, "Nina", "join", address,
                                          "--watch", "--json"))  # fmt: skip
        running.append(ninth)
        code, _, errors = finish(ninth, 30)
        assert code == 3, errors
        assert "This table already has 8 watchers" in errors

        guest = Process(guest_ns, lanpurr(guest_ns, tmp_path, "Ben", "join", address, "--bot",
                                          "normal", "--json"))  # fmt: skip
        running.append(guest)
        ends = [finish(host, GAME_TIMEOUT), finish(guest, GAME_TIMEOUT)]
        scores = all_over_alike(ends)

        # The flooder was cut off, alone, during the game, and said why.
        flooder.wait_for(lambda line: line["event"] == "flooding", 5)
        closed = flooder.wait_for(lambda line: line["event"] == "closed", 10)
        assert "cut off from watching" in closed["reason"]
        assert any(line["event"] == "watcher_cut_off" for line in host.lines)
        game_over = next(line["t"] for line in host.lines if line["event"] == "game_over")
        assert closed["at"] < game_over  # (it flooded while the game ran: the game went on)
        assert not [
            line for line in calm.lines if line["event"] == "closed" and line["at"] < game_over
        ]

        # The watcher followed the whole game: its own fold ends at the players' scores.
        code, last, errors = finish(watcher, 30)
        assert code == 0, errors
        assert last["event"] == "game_over" and tuple(last["scores"]) == scores
        updates = [line for line in watcher.lines if line["event"] == "update"]
        assert tuple(updates[-1]["scores"]) == scores
        assert any(line["event"] == "round_checked" for line in watcher.lines)

        # Players saw who watched.
        named = [line["names"] for line in guest.lines if line["event"] == "watchers"]
        assert any("Wes" in names for names in named), named

        # Every message the watcher received: no face of a hidden card, ever.
        leaks, learnt = faces_learnt_too_early(recorded(record))
        assert leaks == []
        # It saw the pile. (A round may end with no hand left to show: bots that put the
        # Mistigri on the pile with a 3+3, until nobody holds a card, M-8.2.)
        assert learnt > 0
    finally:
        for process in running:
            process.stop()
