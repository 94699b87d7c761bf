"""Walking away never re-rolls (docs/fair-play.md, the cheat catalogue's row 41).

A seat that has seen every other seat's seed can compute the round's joint value before it
reveals its own. If it then goes silent, the table voids the round and gives its seat to a bot
with fresh keys. The restart keeps the luck: every seat that stays opens again the seed it
committed to in the void round, and the bot's seed is the public fallback of theirs, so the
restarted round's seed (hence who starts, the draw order, …) is the one the fallback predicts,
whatever the walker did."""

import random
from dataclasses import replace
from typing import Any

import pytest

from lanpurr.fair.identity import Identity
from lanpurr.fair.joint_random import joint_seed
from lanpurr.games.momistigri.bots import HeuristicBot
from lanpurr.seat.harness import Bot, Network, bot_player, seat_table
from lanpurr.seat.registry import layer_for
from lanpurr.seat.restart import own_seed, restart_carry
from lanpurr.seat.runtime import SeatRuntime
from tests.seat import cheats

WALKER = 2
HOST = 0
"""The laptop that runs the bot put in the walker's seat."""


def _void_round(seed: int, reveals_to: tuple[int, ...]) -> Network:
    """Round 1 stalls on the walker's reveal after it has seen both other seeds; it shows its
    own seed to `reveals_to` only, then goes silent."""
    bots: list[Bot] = [HeuristicBot().choose] * 3
    network = seat_table(
        "momistigri", 3, bots, random.Random(seed), factories={WALKER: cheats.Mute}
    )
    network.run()
    walker = network.runtimes[WALKER].fair
    assert walker is not None and sorted(walker.jr.seeds) == [0, 1], "it saw both other seeds"
    frame = walker._send(walker.seed_message())
    for seat in reveals_to:
        network.runtimes[seat].receive(frame, WALKER)
    return network


def _restart(void: Network, rng: random.Random) -> list[SeatRuntime]:
    """What every laptop does when the host gives the walker's seat to a bot: new keys in that
    seat, a new table id, round 1 again, each laptop from what it knows."""
    old = void.runtimes
    bot = Identity.generate()
    members = list(old[0].spec.members)
    members[WALKER] = bot.public_key
    spec = replace(old[0].spec, table=rng.randbytes(16), members=tuple(members))
    runtimes = []
    for seat in range(3):
        laptop = HOST if seat == WALKER else seat
        identity = bot if seat == WALKER else old[seat].identity
        runtime = SeatRuntime(
            spec,
            seat,
            identity,
            layer_for("momistigri"),
            rng=rng.randbytes,
            on_turn=bot_player(HeuristicBot().choose, random.Random(seat)),
        )
        runtime.hold_rounds = True  # the round's audit is what this test reads
        carry = restart_carry([old[laptop]], old[0].spec.table, 1, [WALKER])
        mine = own_seed(old[seat], 1) if seat != WALKER else None
        runtime.start_from(old[seat].round_start, 1, (), carry, mine)
        runtimes.append(runtime)
    Network(runtimes, rng).run()
    return runtimes


@pytest.mark.parametrize("reveals_to", [(), (0,), (0, 1)], ids=["silent", "to-one", "to-all"])
def test_a_seat_that_walks_after_seeing_the_seeds_gets_the_fallback_not_a_new_draw(
    reveals_to: tuple[int, ...],
) -> None:
    void = _void_round(11, reveals_to)
    seen = void.runtimes[WALKER].fair
    assert seen is not None
    # What the walker could compute before it went: the fallback, from the others' seeds.
    predicted = joint_seed(seen.jr.seeds, 3, replaced=[WALKER])
    restarted = _restart(void, random.Random(3))
    layer = layer_for("momistigri")
    for runtime in restarted:
        assert runtime.seed == predicted, f"seat {runtime.seat} drew other luck"
        record = runtime.rounds[-1]
        assert record.audit is not None and record.audit.fair, record.audit
        # Hence the same opening on every seat: who starts, the draw order.
        opening = layer.opening(runtime.round_start, predicted)
        assert opening.action == layer.opening(restarted[0].round_start, runtime.seed).action


def test_the_restart_does_not_depend_on_anything_the_walker_does() -> None:
    seeds = []
    for attempt, reveals_to in enumerate([(), (1,), (0, 1)]):
        # (the laptops' own randomness differs each time: only the void round's seeds agree)
        restarted = _restart(_void_round(11, reveals_to), random.Random(30 + attempt))
        seeds.append({r.seed for r in restarted})
    assert all(len(s) == 1 for s in seeds)
    assert seeds[0] == seeds[1] == seeds[2], "the walker's choice changed the restart's luck"


def test_a_kept_seat_cannot_swap_its_seed_for_a_fresh_one_in_the_restart() -> None:
    void = _void_round(12, ())
    old = void.runtimes
    rng = random.Random(4)
    restarted: list[Any] = []
    bot = Identity.generate()
    members = list(old[0].spec.members)
    members[WALKER] = bot.public_key
    spec = replace(old[0].spec, table=rng.randbytes(16), members=tuple(members))
    for seat in range(3):
        identity = bot if seat == WALKER else old[seat].identity
        runtime = SeatRuntime(
            spec,
            seat,
            identity,
            layer_for("momistigri"),
            rng=rng.randbytes,
            on_turn=bot_player(HeuristicBot().choose, random.Random(seat)),
        )
        carry = restart_carry([old[HOST if seat == WALKER else seat]], old[0].spec.table, 1,
                              [WALKER])  # fmt: skip
        # Seat 1 tries a fresh seed, having seen seat 0's: the others refuse it at once.
        mine = own_seed(old[seat], 1) if seat == 0 else None
        runtime.start_from(old[seat].round_start, 1, (), carry, mine)
        restarted.append(runtime)
    Network(restarted, rng).run()
    for runtime in (restarted[0], restarted[2]):
        assert [(a.seat, a.rule) for a in runtime.accusations] == [(1, "F-COMMIT")]
        assert "fresh seed" in runtime.accusations[0].detail


def _try_again(
    old: list[SeatRuntime], rng: random.Random, bot: Identity, fresh: int | None
) -> list[SeatRuntime]:
    """Round 1 once more, from the runtimes of its last try; the seat `fresh` commits to a
    fresh seed and forgets what it carried (a patched laptop)."""
    members = list(old[0].spec.members)
    members[WALKER] = bot.public_key
    spec = replace(old[0].spec, table=rng.randbytes(16), members=tuple(members))
    runtimes = []
    for seat in range(3):
        runtime = SeatRuntime(
            spec,
            seat,
            bot if seat == WALKER else old[seat].identity,
            layer_for("momistigri"),
            rng=rng.randbytes,
            on_turn=bot_player(HeuristicBot().choose, random.Random(seat)),
        )
        runtime.hold_rounds = True
        carry = restart_carry([old[HOST if seat == WALKER else seat]], old[0].spec.table, 1,
                              [WALKER])  # fmt: skip
        if seat == fresh:
            carry = replace(carry, known=tuple(k for k in carry.known if k.seat != fresh))
        mine = own_seed(old[seat], 1) if seat not in (WALKER, fresh) else None
        runtime.start_from(old[seat].round_start, 1, (), carry, mine)
        runtimes.append(runtime)
    return runtimes


def test_a_kept_seat_cannot_swap_its_seed_in_a_restart_of_a_restart() -> None:
    """Seat 1 committed in the first try and saw seat 0's seed; in the second try it sends
    nothing, and that try is void too; in the third it commits afresh. Every laptop remembers
    its commitment of the first try through the second, and names it."""
    void = _void_round(11, ())
    rng, bot = random.Random(5), Identity.generate()
    second = _try_again(void.runtimes, rng, bot, None)
    silent = second[1].take_outgoing
    second[1].take_outgoing = lambda: (silent(), [])[1]  # type: ignore[method-assign]
    Network(second, rng).run()
    assert not any(1 in r.fair.jr.commitments for r in (second[0], second[2]) if r.fair)
    third = _try_again(second, random.Random(6), bot, 1)
    Network(third, random.Random(6)).run()
    for runtime in (third[0], third[2]):
        assert [(a.seat, a.rule) for a in runtime.accusations] == [(1, "F-COMMIT")]
