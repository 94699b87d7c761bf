"""A laptop that misbehaves at the session level in the middle of a game (one `lanpurr`
process per laptop, each in its own network namespace; needs root, see netns.py).

Ann hosts a three-seat Momistigri table with `--replace-gone normal`, Ben joins honestly, and
Cleo's laptop runs tests/net/misbehaving_laptop.py: after a few honest batches it signs two
versions of one message, withholds one, or floods the table. Ann's and Ben's laptops drop
Cleo's, a bot takes her seat, and both finish the game with the same scores.
"""

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.net import misbehaving_laptop
from tests.net.netns import Lan, lan_for_test
from tests.net.test_discovery_netns import Process, lanpurr
from tests.net.test_play_netns import all_over_alike, finish

pytestmark = pytest.mark.netns

GAME_TIMEOUT = 240.0
"""Seconds the rest of a game may take on a loaded 2-core machine before the test gives up."""
SOON = 20.0
"""Seconds within which both honest laptops must have said that Cleo was cut off."""


@pytest.fixture
def lan() -> Iterator[Lan]:
    yield from lan_for_test(3)


def _event(name: str) -> Callable[[dict[str, Any]], bool]:
    return lambda line: line.get("event") == name


def _play(
    lan: Lan,
    tmp: Path,
    kind: str,
    *extra: str,
    liar: int = 2,
    liar_extra: tuple[str, ...] = (),
    **settings: str,
) -> list[Process]:
    """Ann hosts, Ben and Cleo join (all with `extra`, the liar with `liar_extra` after it);
    the laptop at `liar` (Cleo's unless said) misbehaves with `kind`: the three processes,
    once the two others have ended (the misbehaving one is stopped)."""
    host_ns, honest_ns, cleo_ns = lan.hosts
    argvs = [lanpurr(host_ns, tmp, "Ann", "host", "momistigri", "--seats", "3", "--bot",
                     "normal", "--autostart", "--json", "--no-announce", "--replace-gone",
                     "normal", *extra)]  # fmt: skip
    if liar == 0:
        argvs[0] = misbehaving_laptop.command([*argvs[0], *liar_extra], kind, **settings)
    host = Process(host_ns, argvs[0])
    running = [host]
    try:
        address = host.wait_for(_event("hosting"), 20)["address"]
        for index, (where, name) in enumerate(((honest_ns, "Ben"), (cleo_ns, "Cleo")), 1):
            argv = lanpurr(where, tmp, name, "join", address, "--bot", "normal", "--json", *extra)
            if index == liar:
                argv = misbehaving_laptop.command([*argv, *liar_extra], kind, **settings)
            running.append(Process(where, argv))
            running[-1].wait_for(_event("Joined"), 20)
        for index, process in enumerate(running):
            if index != liar:
                finish(process, GAME_TIMEOUT)
    finally:
        for process in running:
            process.stop()
    return running


def _misbehaved(cleo: Process, kind: str) -> dict[str, Any]:
    said = [line for line in cleo.lines if line.get("event") == "misbehaving"]
    assert said, "Cleo's laptop misbehaved during the game: " + cleo.stderr()[-1500:]
    assert said[0]["kind"] == kind
    return said[0]


def _cleo_replaced_and_game_over(honest: list[Process]) -> None:
    all_over_alike([(p.process.returncode, p.lines[-1], p.stderr()) for p in honest])
    replaced = [p.wait_for(_event("seat_replaced"), 1) for p in honest]
    for said in replaced:
        assert said["name"] == "Cleo" and said["names"][said["seats"][0]].startswith("Bot")


def test_two_versions_of_one_message_cut_cleo_off_at_once_and_a_bot_plays_on(
    lan: Lan, tmp_path: Path
) -> None:
    ann, ben, cleo = _play(lan, tmp_path, "equivocate")
    forked = _misbehaved(cleo, "equivocate")
    cuts = [process.wait_for(_event("cut_off"), 1) for process in (ann, ben)]
    for cut in cuts:
        assert cut["laptop"] == "Cleo" and "two" in cut["why"], cut
        assert not cut["ends"]
        assert 0 <= cut["t"] - forked["t"] < SOON, "within seconds of the second version"
    evidence = [cut["evidence"] for cut in cuts if cut["evidence"]]
    assert evidence, "the laptop that caught it keeps the two signed versions"
    for path in evidence:
        kept = json.loads(Path(path).read_text())
        assert len(kept["envelopes"]) == 2
    _cleo_replaced_and_game_over([ann, ben])


def test_a_batch_no_key_opens_cuts_cleo_off_at_once_and_a_bot_plays_on(
    lan: Lan, tmp_path: Path
) -> None:
    ann, ben, cleo = _play(lan, tmp_path, "bad-box")
    sent = _misbehaved(cleo, "bad-box")
    for process in (ann, ben):
        cut = process.wait_for(_event("cut_off"), 1)
        assert cut["laptop"] == "Cleo" and "game key" in cut["why"], cut
        assert cut["t"] - sent["t"] < SOON
    _cleo_replaced_and_game_over([ann, ben])


def test_a_withheld_batch_is_counted_down_then_dropped_and_a_bot_plays_on(
    lan: Lan, tmp_path: Path
) -> None:
    # Whether the withheld batch is a move (a person's turn) or a message software owes, the
    # table waits 8 s; it shows the countdown from half of that on (docs/protocol.md §11).
    ann, ben, cleo = _play(lan, tmp_path, "withhold", "--table-timeout", "8", "--turn-timeout", "8")
    withheld = _misbehaved(cleo, "withhold")
    for process in (ann, ben):
        # Nobody can prove why a message never came: dropped, accused of nothing.
        assert not [line for line in process.lines if line.get("event") == "cheat"]
        # (Cut off for its silence, or not heard from: the gap closed its link just then.)
        named = process.wait_for(lambda line: line.get("event") in ("cut_off", "unheard"), 1)
        assert named["laptop"] == "Cleo", named
        assert "Cleo never" in named.get("why", named.get("what", "")), named
        assert named["t"] - withheld["t"] < SOON
        waits = [line for line in process.lines if line.get("event") == "waits"
                 and line["t"] <= named["t"]]  # fmt: skip
        assert waits and all(line["names"] == ["Cleo"] for line in waits), waits
        lefts = [line["seconds_left"] for line in waits]
        assert lefts == sorted(lefts, reverse=True) and lefts[-1] <= 1, lefts
        assert len(set(lefts)) >= 3, f"a countdown before Cleo is named, not only {lefts}"
    _cleo_replaced_and_game_over([ann, ben])


def test_a_flood_of_big_bodies_cuts_cleo_off_and_a_bot_plays_on(lan: Lan, tmp_path: Path) -> None:
    # Bodies of 100 KiB that are neither a game message nor a chat line: cut off at the first
    # (before, 600 of them went on until the 48 MiB a member may have kept during a game).
    ann, ben, cleo = _play(lan, tmp_path, "flood-batch", count="600")
    flood = _misbehaved(cleo, "flood-batch")
    for process in (ann, ben):
        cut = process.wait_for(_event("cut_off"), 1)
        assert cut["laptop"] == "Cleo" and "a game message or a chat line" in cut["why"], cut
        assert cut["t"] - flood["t"] < 60, "at the flood's rate, cut off within a minute"
    _cleo_replaced_and_game_over([ann, ben])


def _nobody_honest_named(honest: list[Process], liar: str) -> None:
    """Each honest laptop named nobody but the liar, at least one of them named it, and they
    played to the game's end."""
    named = [[line["laptop"] for line in process.lines
              if line.get("event") in ("cut_off", "cheat")] for process in honest]  # fmt: skip
    assert all(said in ([liar], []) for said in named) and [liar] in named, named
    all_over_alike([(p.process.returncode, p.lines[-1], p.stderr()) for p in honest])


@pytest.mark.parametrize(
    ("kind", "liar"), [("evict", 0), ("refuse", 2), ("refuse-one", 2), ("wrong-key", 0)]
)
def test_a_laptop_that_lies_about_another_is_the_only_one_dropped(
    lan: Lan, tmp_path: Path, kind: str, liar: int
) -> None:
    # evict: Ann's laptop, hosting, gives Cleo's seat to its bot for a made-up cheat; refuse:
    # Cleo's cuts Ann's and Ben's off as "banned", says so to Ann's alone and hangs up on Ben's
    # calls (Ben sees only her link go down); refuse-one: Cleo's cuts Ben's off while Ann's
    # still hears her (her plays reach Ben through Ann's, and Ben may name nobody: he cannot
    # tell who is right); wrong-key: Ann's seals Cleo's another game key. Each time the two
    # honest laptops name nobody but the liar and finish the game alike (docs/fair-play.md,
    # "Who may accuse whom").
    # The liar stays: a refusing Cleo whose own round, stuck on Ben's messages, timed out as
    # soon as Ann's left the table then, and Ann, its link gone, could not tell why (a race
    # the datagram copies and the early blind draw made common: 1 run in 3).
    patience = ("--table-timeout", "60", "--turn-timeout", "60") if kind == "refuse-one" else ()
    processes = _play(lan, tmp_path, kind, "--table-timeout", "8", "--turn-timeout", "8",
                      liar=liar, liar_extra=patience, after="4")  # fmt: skip
    names = ["Ann", "Ben", "Cleo"]
    _misbehaved(processes[liar], kind)
    honest = [p for index, p in enumerate(processes) if index != liar]
    _nobody_honest_named(honest, names[liar])
    for process in honest:
        replaced = process.wait_for(_event("seat_replaced"), 1)
        assert replaced["name"] == names[liar], replaced
