"""A blind draw cannot be steered: the drawer's positions reach nobody before the holder's
re-shuffle of its hand is fixed (docs/fair-play.md, "Blind choices").

The cheater (tests/seat/pick_aware.py) re-shuffles with valid proofs but puts the Mistigri at
the drawer's positions whenever it can find them before its re-shuffle. Over whole Momistigri
games and at least 200 blind draws from its hand, the number of draws that took the Mistigri is
compared with chance: the draws are independent, each takes the Mistigri with probability
count / hand size when the hand holds it, so the count is Poisson-binomial. The test fails when
a count at least as large has probability below `FALSE_ALARM` under chance: an honest table
fails it in at most 1 run in 10 000 (the games are seeded, so a given run is repeatable).
"""

from lanpurr.seat.whole_game import play, problems
from tests.seat.pick_aware import BlindDraw, pick_aware_holder

FALSE_ALARM = 1e-4
DRAWS = 200


def upper_tail(chances: list[float], observed: int) -> float:
    """P(X >= observed) for X the number of successes of independent trials."""
    dist = [1.0]
    for p in chances:
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return sum(dist[observed:])


def test_the_tail_is_that_of_chance() -> None:
    assert upper_tail([0.5, 0.5], 0) == 1.0
    assert abs(upper_tail([0.5, 0.5], 2) - 0.25) < 1e-12
    assert abs(upper_tail([0.2] * 5, 5) - 0.2**5) < 1e-15


def test_a_holder_that_looks_for_the_drawers_positions_hands_over_the_mistigri_by_chance() -> None:
    draws: list[BlindDraw] = []
    seed = 0
    while len(draws) < DRAWS:
        run = play("momistigri", ["heuristic"] * 3, seed, factories={0: pick_aware_holder(draws)})
        assert problems(run, views=False) == [], f"game {seed}"
        seed += 1
    held = [d for d in draws if d.held]
    gave = sum(d.gave for d in draws)
    assert len(held) >= 40, "too few draws with the Mistigri in hand to tell anything"
    assert not any(d.steered for d in draws), "the drawer's positions reached the holder first"
    tail = upper_tail([d.chance for d in draws], gave)
    expected = sum(d.chance for d in draws)
    assert tail >= FALSE_ALARM, (
        f"the Mistigri left in {gave} of {len(held)} draws where chance gives {expected:.1f} "
        f"(p = {tail:.2g})"
    )
