"""Floods of messages that each pass every check alone, sent by a laptop in the middle of a game
(one `lanpurr` process per laptop, each in its own network namespace; needs root, see
netns.py). Ann hosts a three-seat Momistigri table with `--replace-gone normal`, Ben joins
honestly, and Cleo's laptop runs tests/net/misbehaving_laptop.py. Ann's and Ben's laptops cut
Cleo's off, a bot takes her seat, and both finish the game with the same scores. What each
flood costs them is measured by bench/bench_flood.py (docs/benchmarks.md)."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.netns import Lan, lan_for_test
from tests.net.test_misbehaving_netns import _cleo_replaced_and_game_over, _event, _misbehaved
from tests.net.test_misbehaving_netns import _play as play

pytestmark = pytest.mark.netns

JOURNAL_BOUND = 50_000_000
"""Bytes of journal a flood may cost an honest laptop (issue 32)."""


@pytest.fixture
def lan() -> Iterator[Lan]:
    yield from lan_for_test(3)


def _journal_bytes(home: Path) -> int:
    return sum(path.stat().st_size for path in home.rglob("*.journal"))


def test_a_flood_of_requests_during_a_game_cuts_cleo_off_and_a_bot_plays_on(
    lan: Lan, tmp_path: Path
) -> None:
    # 20 000 `req ready`: before, never cut off (the host answered every one with a refusal).
    ann, ben, cleo = play(lan, tmp_path, "flood-req")
    _misbehaved(cleo, "flood-req")
    for process in (ann, ben):
        cut = process.wait_for(_event("cut_off"), 1)
        assert cut["laptop"] == "Cleo" and "'req'" in cut["why"], cut
    _cleo_replaced_and_game_over([ann, ben])


def test_a_flood_of_batches_for_a_later_game_is_cut_off_before_the_journal_reaches_50_mb(
    lan: Lan, tmp_path: Path
) -> None:
    # 917 batches of 96 KiB sealed with the game key for the next game (which a laptop keeps
    # until that game starts here): before, each honest journal reached 51 MB.
    ann, ben, cleo = play(lan, tmp_path, "flood-later")
    _misbehaved(cleo, "flood-later")
    for process, name in ((ann, "Ann"), (ben, "Ben")):
        cut = process.wait_for(_event("cut_off"), 1)
        assert cut["laptop"] == "Cleo" and "quota" in cut["why"], cut
        journal = _journal_bytes(tmp_path / name)
        assert journal < JOURNAL_BOUND / 2, f"{name}'s journal holds {journal} bytes"
    _cleo_replaced_and_game_over([ann, ben])
