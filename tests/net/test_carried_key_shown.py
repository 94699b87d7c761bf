"""A restart keeps the seeds the kept seats committed to in the void try, but a laptop knows a
seat's commitment only if that seat's key reached it before the restart. A seat whose void-try
key reached the host and not Ben could commit to a fresh seed in the restart: the host named
it and gave its seats to a bot, Ben saw nothing wrong, held the host's swap as unproven, and
cut the honest host off when its round waited too long. Now the laptop that knows shows the
void try's signed key to the table (`carried`), and every laptop names the same seat."""

from pathlib import Path

import pytest

from net import events
from net.game import takeover
from tests.net.test_laptop_game import Laptop, Table

DAN = 3


def _restarted(tmp_path: Path) -> Table:
    """Ann hosts; Cleo is never heard and goes; Dan's void-try batches never reach Ben; the
    host's swap then restarts round 1 without Cleo."""
    t = Table(tmp_path, ("Ann", "Ben", "Cleo", "Dan"))
    ann, ben, cleo, dan = t.laptops
    for laptop in (ann, ben, dan):
        laptop.deaf_to.add(cleo.key)
    cleo.deaf_to.update({ann.key, ben.key, dan.key})
    step = t.step

    def ben_misses_dans_void_try() -> None:
        ben.inbox = [
            (sender, data, private)
            for sender, data, private in ben.inbox
            if not (sender == dan.key and "b" in data and data.get("v", 0) == 0)
        ]
        step()

    t.step = ben_misses_dans_void_try  # type: ignore[method-assign]

    def committed(laptop: Laptop, seat: int) -> bool:
        assert laptop.worker is not None
        main = laptop.worker.seats.main
        return main is not None and main.fair is not None and seat in main.fair.jr.commitments

    t.run(lambda: committed(ann, DAN) and committed(ann, 1) and committed(dan, 1))
    for _ in range(20):
        t.step()
    assert committed(ann, DAN) and not committed(ben, DAN)
    t.gone(cleo)
    t.run(lambda: t.over([ann, ben, dan]), [ann, ben, dan])
    return t


def test_a_kept_seat_that_commits_afresh_is_named_by_every_laptop_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    honest = takeover.own_seed
    monkeypatch.setattr(
        takeover,
        "own_seed",
        lambda runtime, number: None if runtime.seat == DAN else honest(runtime, number),
    )
    t = _restarted(tmp_path)
    ann, ben = t.laptops[:2]
    for laptop in (ann, ben):
        named = laptop.of(events.CheatNamed)
        assert [(e.name, e.rule) for e in named] == [("Dan", "F-COMMIT")]
        assert not laptop.of(events.LaptopCutOff) and not laptop.of(events.GameStopped)
    [ann_over], [ben_over] = ann.of(events.GameOver), ben.of(events.GameOver)
    assert ann_over.scores == ben_over.scores


def test_a_kept_seat_that_carries_its_seed_is_named_by_nobody(tmp_path: Path) -> None:
    t = _restarted(tmp_path)
    for laptop in (t.laptops[0], t.laptops[1], t.laptops[3]):
        assert not laptop.of(events.CheatNamed) and not laptop.of(events.LaptopCutOff)
    assert len({tuple(p.of(events.GameOver)[0].scores) for p in (t.laptops[0], t.laptops[1])}) == 1
