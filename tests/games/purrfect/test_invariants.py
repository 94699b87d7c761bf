"""P-11 under random legal play (hypothesis) and over whole bot games."""

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lanpurr.core import CHANCE
from lanpurr.core.replicas import Replicas
from lanpurr.core.rng import derive
from lanpurr.games.purrfect import GAME, PurrfectState, check_invariants
from lanpurr.games.purrfect.bots import HeuristicBot
from lanpurr.games.purrfect.cats import CAT_NAMES, faces_of
from lanpurr.games.purrfect.events import SwapMade
from lanpurr.games.purrfect.invariants import check_step
from lanpurr.games.purrfect.state import Offer
from tests.games.purrfect.drive import drive_game
from tests.games.purrfect.tables import table


def new_table(players: int, seed: bytes, stacked: bool) -> PurrfectState:
    """A dealt table; a stacked one gives each seat 7 cards of its own cat, so that rounds
    end often even under random play and scoring gets exercised too."""
    if stacked:
        cats = CAT_NAMES[:players]
        return table({s: list(faces_of(c)[:7]) for s, c in enumerate(cats)}, players, cats).full
    state = GAME.new_state(players, {"allow_three": "on"})
    for draw in range(3):
        state = GAME.apply(state, GAME.chance_action(state, derive(seed, draw))).state
    return state


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 7), seed=st.binary(min_size=4, max_size=4), data=st.data())
def test_P_11_random_legal_play_never_breaks_an_invariant(
    players: int, seed: bytes, data: st.DataObject
) -> None:
    state = new_table(players, seed, data.draw(st.booleans(), label="stacked"))
    helper = HeuristicBot()
    rng = random.Random(seed)
    for step in range(200):
        if GAME.to_act(state) == {CHANCE}:
            state = GAME.apply(state, GAME.chance_action(state, derive(seed, "deal", step))).state
        if GAME.is_over(state):
            break
        seat = data.draw(st.integers(0, players - 1), label="seat")
        if data.draw(st.integers(0, 3), label="purposeful") > 0:
            action = helper.choose(GAME.view(state, seat), seat, rng)
            if action is None:
                continue
        else:
            legal = GAME.legal_actions(state, seat)
            action = legal[data.draw(st.integers(0, len(legal) - 1), label="move")]
        step_result = GAME.apply(state, action)
        after = step_result.state
        problems = check_invariants(after) + check_step(state, after)
        assert not problems, (action, problems)
        for event in step_result.events:
            if isinstance(event, SwapMade):  # P-11.6: only the two hands involved change
                untouched = set(range(players)) - {event.offerer, event.acceptor}
                assert all(after.hands[s] == state.hands[s] for s in untouched)
        state = after


@settings(max_examples=25, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 10**6), randoms=st.integers(0, 2))
def test_P_11_P_9_3_whole_games_keep_every_invariant_and_end_in_time(
    players: int, seed: int, randoms: int
) -> None:
    lineup = ("random",) * randoms + ("heuristic",) * (players - randoms)
    seen: list[PurrfectState] = []

    def after_step(tables: Replicas[PurrfectState]) -> None:
        problems = check_invariants(tables.full)
        if seen:
            problems += check_step(seen[-1], tables.full)
        assert not problems, problems
        seen[:] = [tables.full]

    final = drive_game(players, seed, lineup, after_step).tables.full
    assert final.winner is not None and GAME.is_over(final)
    assert len(final.results) <= final.round_limit()


def test_P_11_check_invariants_names_a_broken_invariant() -> None:
    state = table({}).full
    assert check_invariants(state) == []
    short = replace(state, hands=(state.hands[0][:8], *state.hands[1:]))
    assert any(p.startswith("P-11.1") for p in check_invariants(short))
    doubled = replace(
        state, hands=(state.hands[0], (state.hands[0][0], *state.hands[1][1:]), *state.hands[2:])
    )
    assert any("two places" in p for p in check_invariants(doubled))
    bad_offer = replace(state, offers=(Offer(0, 0, state.hands[0][:5]),))
    assert any(p.startswith("P-11.5") for p in check_invariants(bad_offer))
    lower = replace(state, totals=(1, 0, 0, 0, 0))
    assert any("went down" in p for p in check_step(lower, state))
