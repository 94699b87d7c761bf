"""M-1, M-3, M-4: terms, seats and direction, setting up a round (M-12.1)."""

from collections import Counter

import pytest

from lanpurr.core import CHANCE
from lanpurr.core.rng import derive
from lanpurr.games.momistigri import GAME, State
from lanpurr.games.momistigri import events as ev
from lanpurr.games.momistigri.actions import Deal, Draw, EndTurn, Pass
from lanpurr.games.momistigri.deck import VALUE, deck_for
from lanpurr.games.momistigri.state import DEAL, DRAW
from tests.games.momistigri.helpers import apply, faces, pair, table, types


def deal(players: int, seed: bytes, state: State | None = None) -> tuple[State, list[object]]:
    state = state or GAME.new_state(players, {})
    step = apply(state, Deal(seed))
    return step.state, list(step.events)


def seed_with_starter(players: int, starter: int) -> bytes:
    for n in range(200):
        seed = derive("starter", n)
        state, _ = deal(players, seed)
        if state.active == starter:
            return seed
    raise AssertionError("no seed found")


def test_M_4_1_the_starter_of_round_1_is_a_fair_draw_among_everyone() -> None:
    starters = Counter(deal(4, derive("fair", n))[0].active for n in range(400))
    assert set(starters) == {0, 1, 2, 3}
    assert all(count > 60 for count in starters.values())
    _, events = deal(4, derive("fair", 0))
    chosen = next(e for e in events if isinstance(e, ev.StarterChosen))
    assert chosen.candidates == (0, 1, 2, 3) and chosen.rule == "M-4.1"


def test_M_4_2_later_rounds_start_with_the_highest_total_and_a_tie_is_drawn() -> None:
    after_round_1 = State(
        players=4, strict_discard=False, five_pair="each_opponent", round=1, totals=(3, 12, 7, 0)
    )
    for n in range(20):
        assert deal(4, derive("later", n), after_round_1)[0].active == 1
    tied = State(
        players=4, strict_discard=False, five_pair="each_opponent", round=1, totals=(12, 3, 12, 0)
    )
    starters = Counter(deal(4, derive("tie", n), tied)[0].active for n in range(100))
    assert set(starters) == {0, 2}
    _, events = deal(4, derive("tie", 0), tied)
    chosen = next(e for e in events if isinstance(e, ev.StarterChosen))
    assert chosen.candidates == (0, 2) and chosen.rule == "M-4.2"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_M_4_3_M_11_deal_gives_9_cards_each_and_10_to_the_dealers_right(players: int) -> None:
    state, _ = deal(players, derive("deal", players))
    starter = state.active
    assert starter is not None
    sizes = [len(h) for h in state.hands]
    assert sizes[(starter - 1) % players] == 10
    assert sorted(sizes) == [9] * (players - 1) + [10]
    dealt = sorted(f for seat in range(players) for f in faces(state, seat))
    assert dealt == sorted(deck_for(players))
    for seat in range(players):  # each player sees only their own hand
        mine = GAME.view(state, seat)
        for other in range(players):
            known = [mine.cards.face(t) is not None for t in state.hands[other]]
            assert all(known) if other == seat else not any(known)


def test_M_4_3_a_deal_is_a_shuffle_of_the_seed() -> None:
    one, _ = deal(4, derive("a"))
    again, _ = deal(4, derive("a"))
    other, _ = deal(4, derive("b"))
    assert faces(one, 0) == faces(again, 0)
    assert [faces(one, s) for s in range(4)] != [faces(other, s) for s in range(4)]


def test_M_4_4_M_2_8_a_round_starts_clockwise_help_cards_up_empty_pile_nothing_pending() -> None:
    state, _ = deal(5, derive("table"))
    assert state.direction == 1
    assert state.help_up == (True,) * 5
    assert state.pile == () and state.pending is None


def test_M_12_M_12_1_M_4_5_deal_and_first_draw() -> None:
    state, events = deal(4, seed_with_starter(4, 2))
    assert types(events)[-1] == "TurnStarted"
    assert GAME.to_act(state) == frozenset({2})
    assert not any(VALUE[f] == 1 for s in range(4) for f in faces(state, s))  # 37 cards, no 1s
    assert [len(h) for h in state.hands] == [9, 10, 9, 9]
    assert state.direction == 1 and state.previous_player(2) == 1
    state = apply(state, Draw(2, (4,))).state
    assert [len(h) for h in state.hands] == [9, 9, 10, 9]
    step = apply(state, Pass(2))
    started = step.events[-1]
    assert isinstance(started, ev.TurnStarted)
    assert (started.seat, started.draws_from) == (3, 2)


def test_M_1_M_1_2_M_1_3_M_1_4_M_1_5_holders_out_players_active_player_face_up_pile() -> None:
    state = table([["4.0"], [], ["5.0", "5.1"], ["6.0"]], pile=["7.0"], active=2)
    assert state.holders() == (0, 2, 3)  # M-1.2 / M-1.3: seat 1 is out
    assert GAME.to_act(state) == frozenset({2})  # M-1.4
    for seat in range(4):  # M-1.5: the pile is seen by everyone
        assert GAME.view(state, seat).cards.face(state.pile[0]) == "7.0"
    assert GAME.legal_actions(state, 0) == []


def test_M_3_M_3_1_M_3_2_M_3_3_M_3_4_next_and_previous_skip_out_players() -> None:
    state = table([["4.0"], [], ["5.0"], ["6.0"], []], active=0)
    assert state.next_player(0) == 2 and state.previous_player(0) == 3  # clockwise is +1
    assert state.next_player(3) == 0 and state.previous_player(2) == 0
    assert state.next_player(1) == 2  # seat s itself may be out
    backwards = table([["4.0"], [], ["5.0"], ["6.0"], []], active=0, direction=-1)
    assert backwards.next_player(0) == 3 and backwards.previous_player(0) == 2


def test_M_3_5_a_reversal_flips_next_and_previous_at_once() -> None:
    state = table([["2.0", "2.1", "8.0"], ["4.0"], ["5.0"], ["6.0"]], active=0)
    step = apply(state, pair(state, 0, "2.0", "2.1", reverse=True))
    assert step.state.direction == -1
    assert step.state.next_player(0) == 3 and step.state.previous_player(0) == 1
    end = apply(step.state, EndTurn(0))
    started = end.events[-1]
    assert isinstance(started, ev.TurnStarted) and started.seat == 3 and started.draws_from == 0
    assert end.state.phase == DRAW


def test_M_4_M_4_3_the_game_waits_for_chance_to_deal_each_round() -> None:
    state = GAME.new_state(3, {})
    assert state.phase == DEAL and GAME.to_act(state) == frozenset({CHANCE})
    assert GAME.chance_action(state, bytes(32)) == Deal(bytes(32))
