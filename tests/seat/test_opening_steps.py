"""How many message delays a round's opening takes, from Start to every hand dealt, on a slow
network where every path takes one delay (`Network.step`): each delay is paid at every step
that waits for another laptop, so every step cut is a delay less before anyone can play
(docs/decisions/0055)."""

import random

import pytest

from lanpurr.seat.harness import Network, seat_table
from lanpurr.seat.registry import bots_of


def _table(game: str, players: int, seed: int, order: tuple[int, ...] = ()) -> Network:
    rng = random.Random(seed)
    bot = next(iter(bots_of(game).values()))
    return seat_table(game, players, [bot().choose] * players, rng, shuffle_order=order)


def _steps_until_dealt(net: Network, laptops: list[list[int]], limit: int = 20) -> int:
    for runtime in net.runtimes:
        runtime.start()
    for step in range(1, limit + 1):
        net.step(laptops)
        if all(runtime.dealt for runtime in net.runtimes):
            assert all(not runtime.accusations for runtime in net.runtimes)
            return step
    return limit + 1


@pytest.mark.parametrize(
    ("game", "players"), [("momistigri", 3), ("momistigri", 5), ("purrfect", 4), ("gutters", 2)]
)
def test_the_first_shuffle_goes_out_with_the_seeds(game: str, players: int) -> None:
    # Every seat on a laptop of its own: the keys (1), every seed with the first shuffle (2),
    # each other seat's shuffle in turn, then every seat's shares of the deal (one more).
    # Before, the first seat shuffled only once every seed was in: one delay more.
    net = _table(game, players, 11)
    assert _steps_until_dealt(net, [[seat] for seat in range(players)]) == players + 2


@pytest.mark.parametrize(
    ("order", "steps"),
    [
        ((0, 3, 1, 2), 5),  # the host's two seats one after the other: the deck leaves it once
        ((), 6),  # seat order: from the host to Ben, to Cleo, back to the host, then out again
    ],
)
def test_a_laptops_seats_shuffle_one_after_the_other(order: tuple[int, ...], steps: int) -> None:
    # The benchmarks' table: the host plays seats 0 and 3 (its player and a bot), Ben and
    # Cleo one each. The host's laptop hands the deck from one of its seats to the other at
    # once; each other laptop costs one delay.
    laptops = [[0, 3], [1], [2]]
    net = _table("gutters", 4, 12, order)
    assert _steps_until_dealt(net, laptops) == steps
    net.run()
    assert all(runtime.over and not runtime.accusations for runtime in net.runtimes)
    # The whole game still plays, every round audited fair, with the same scores everywhere.
    for runtime in net.runtimes:
        assert all(r.audit is not None and r.audit.accusation is None for r in runtime.rounds)
    assert len({tuple(r.layer.scores(r.state)) for r in net.runtimes}) == 1
