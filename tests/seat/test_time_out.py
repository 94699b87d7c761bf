"""A round that cannot finish (docs/decisions/0015): a seat never answers, the table falls
quiet, and the driver's patience runs out (`SeatRuntime.time_out`). Every seat names the same
seats, the round is void (no audit, no score), the rounds before it keep their fair audits, and
the table stops: nothing a late frame brings starts it again."""

import random
from typing import Any

from lanpurr.games.momistigri.bots import HeuristicBot
from lanpurr.games.purrfect.actions import OpenOffer
from lanpurr.games.purrfect.legal import unlocked_by_cat
from lanpurr.seat.harness import Network, seat_table
from lanpurr.seat.overdue import IDLE


def test_a_seat_that_never_plays_its_turn_is_named_and_the_round_is_void() -> None:
    rng = random.Random(5)
    stalled_in = 2

    def sulker(view: Any, seat: int, bot_rng: random.Random) -> Any:
        """Plays round 1 like everyone, then never plays again."""
        if len(view.penalties) >= stalled_in - 1:
            return None
        return HeuristicBot().choose(view, seat, bot_rng)

    bots = [HeuristicBot().choose, sulker, HeuristicBot().choose]
    network = seat_table("momistigri", 3, bots, rng)
    outcome = network.run(max_frames=100_000)
    assert not outcome.finished, "the game ended without seat 1"
    named = [runtime.time_out() for runtime in network.runtimes]
    for runtime, found in zip(network.runtimes, named, strict=True):
        # Every seat, seat 1's own included, names seat 1 and nobody else.
        assert [(a.seat, a.rule) for a in found] == [(1, IDLE)], found
        assert "never played its turn" in found[0].detail
        assert runtime.accusations == found and runtime.halted and not runtime.over
        assert runtime.round == stalled_in
        void = runtime.rounds[-1]
        assert void.audit is None, "a round that did not finish has no audit"
        assert all(r.audit is not None and r.audit.fair for r in runtime.rounds[:-1])
        assert runtime.state.penalties == network.runtimes[0].state.penalties
        assert len(runtime.state.penalties) == stalled_in - 1, "only finished rounds count"
        assert runtime.time_out() == [], "the table times out once"
    # A frame arriving after the time-out changes nothing.
    late = network.runtimes[1]
    before = (late.state, len(late.outgoing))
    frame = network.wire[-1]
    late.receive(frame[2], frame[0]) if frame[0] != 1 else None
    assert (late.state, len(late.outgoing)) == before


def _idle(view: Any, seat: int, rng: random.Random) -> None:
    return None


def _purrfect_dealt(seed: int) -> Network:
    network = seat_table("purrfect", 4, [_idle] * 4, random.Random(seed))
    network.run(wake=0)
    assert all(r.dealt and r.may_act() for r in network.runtimes)
    return network


def test_an_idle_table_without_turns_is_thinking_not_stalled() -> None:
    network = _purrfect_dealt(8)
    for runtime in network.runtimes:
        assert runtime.time_out() == []
        assert not runtime.halted and runtime.may_act()


def test_a_seat_that_never_sends_the_message_a_move_waits_for_is_named() -> None:
    network = _purrfect_dealt(9)
    silent = network.runtimes[2]
    silent.tick = lambda: None  # type: ignore[method-assign]
    offerer = network.runtimes[0]
    cards = next(iter(unlocked_by_cat(offerer.state, 0).values()))[:1]
    assert offerer.act(OpenOffer(0, tuple(cards))) is None
    outcome = network.run(wake=0)
    assert not outcome.finished
    assert offerer.state.offer_of(0) is None, "the offer took its place without seat 2"
    for runtime in network.runtimes:
        if runtime.seat == 2:
            continue  # seat 2 waits for nobody: its own clock is past the offer
        found = runtime.time_out()
        assert [(a.seat, a.rule) for a in found] == [(2, IDLE)], (runtime.seat, found)
        assert "places seat 0's move" in found[0].detail
        assert runtime.halted and runtime.rounds[-1].audit is None
