"""A blind draw cannot be steered: the drawer's positions reach nobody before the holder's
re-shuffle of its hand is fixed (docs/fair-play.md, "Blind choices").

The cheater (tests/seat/pick_aware.py) re-shuffles with valid proofs but puts the Mistigri at
the drawer's positions whenever it can find them before its re-shuffle. Over whole Momistigri
games and at least 200 blind draws from its hand, the number of draws that took the Mistigri is
compared with chance: the draws are independent, each takes the Mistigri with probability
count / hand size when the hand holds it, so the count is Poisson-binomial. The test fails when
a count at least as large has probability below `FALSE_ALARM` under chance: an honest table
fails it in at most 1 run in 10 000 (the games are seeded, so a given run is repeatable).

A holder that reads no message but the drawer's habit (it always clicks the first card) is
played the same way, and its count must be within chance on both sides.
"""

import random

from lanpurr.games.momistigri.actions import Draw
from lanpurr.seat.harness import Bot, seat_table
from lanpurr.seat.own_moves import blind_positions
from lanpurr.seat.whole_game import GameRun, bots_of, play, problems
from tests.seat.pick_aware import BlindDraw, HabitReader, pick_aware_holder

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


def lower_tail(chances: list[float], observed: int) -> float:
    """P(X <= observed) for X the number of successes of independent trials."""
    return 1.0 - upper_tail(chances, observed + 1)


def test_the_tail_is_that_of_chance() -> None:
    assert upper_tail([0.5, 0.5], 0) == 1.0
    assert abs(upper_tail([0.5, 0.5], 2) - 0.25) < 1e-12
    assert abs(upper_tail([0.2] * 5, 5) - 0.2**5) < 1e-15
    assert abs(lower_tail([0.5, 0.5], 0) - 0.25) < 1e-12
    assert lower_tail([0.3] * 4, 4) == 1.0


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


def first_card(choose: Bot) -> Bot:
    """`choose`, except that a blind draw always clicks the first cards of the fan."""

    def choose_first(view: object, seat: int, rng: random.Random) -> object:
        action = choose(view, seat, rng)
        if isinstance(action, Draw) and action.picks:
            return Draw(seat, tuple(range(len(action.picks))))
        return action

    return choose_first


def test_m_5_1_a_drawer_that_always_clicks_the_first_card_takes_the_mistigri_by_chance() -> None:
    """Without the drawer's own permutation, the habit reader handed over the Mistigri in
    every draw where it held it."""
    draws: list[BlindDraw] = []
    seed = 0
    while len(draws) < DRAWS:
        bots = [first_card(bot) for bot in bots_of("momistigri", ["heuristic"] * 3)]
        factories = {0: pick_aware_holder(draws, HabitReader)}
        network = seat_table("momistigri", 3, bots, random.Random(seed), factories=factories)
        run = GameRun("momistigri", network, network.run())
        assert problems(run, views=False) == [], f"game {seed}"
        seed += 1
    held = [d for d in draws if d.held]
    gave = sum(d.gave for d in draws)
    chances = [d.chance for d in draws]
    assert len(held) >= 40, "too few draws with the Mistigri in hand to tell anything"
    assert all(d.steered for d in held), "the holder did not aim at the first card"
    expected = sum(chances)
    said = f"the Mistigri left in {gave} of {len(held)} draws where chance gives {expected:.1f}"
    assert upper_tail(chances, gave) >= FALSE_ALARM, said
    assert lower_tail(chances, gave) >= FALSE_ALARM, said


def test_the_drawers_permutation_comes_from_its_own_randomness() -> None:
    """The same recorded randomness gives the same positions (a replay picks alike); the
    click still counts: other clicks under one permutation take other cards."""
    stream = random.Random(7).randbytes
    again = random.Random(7).randbytes
    assert blind_positions((0,), 9, stream) == blind_positions((0,), 9, again)
    seen = {tuple(blind_positions((0, 1), 9, random.Random(s).randbytes)) for s in range(200)}
    assert len(seen) > 50
    assert all(len(set(p)) == 2 and all(0 <= x < 9 for x in p) for p in seen)
    firsts = [blind_positions((p,), 9, random.Random(3).randbytes)[0] for p in range(9)]
    assert sorted(firsts) == list(range(9))
