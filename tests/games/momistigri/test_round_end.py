"""M-7 going out, M-8 the end of a round, M-9 the end of the game (M-12.5, the M-9 example)."""

import pytest

from lanpurr.core import CHANCE
from lanpurr.core.game import Event
from lanpurr.core.replicas import Replicas
from lanpurr.core.rng import derive
from lanpurr.games.momistigri import GAME, State
from lanpurr.games.momistigri import events as ev
from lanpurr.games.momistigri.actions import Deal, EndTurn, Pass
from lanpurr.games.momistigri.state import DEAL, DISCARD, DRAW, OVER
from tests.games.momistigri.helpers import (
    apply,
    draw_getting,
    pair,
    play_game,
    table,
    types,
    violates,
)


def round_ended(events: tuple[Event, ...]) -> ev.RoundEnded:
    return next(e for e in events if isinstance(e, ev.RoundEnded))


def round_ended_or_none(events: tuple[Event, ...]) -> ev.RoundEnded | None:
    return next((e for e in events if isinstance(e, ev.RoundEnded)), None)


def test_M_12_5_M_8_M_8_3_M_8_1_the_round_ends_when_every_holder_has_passed() -> None:
    # Seats A..E = 0..4; D and E are out; it is C's turn, C draws from B.
    hands = [["M", "1.0"], ["3.2", "4.0", "6.0"], ["4.1"], [], []]
    state = table(hands, phase=DRAW, active=2, help_up=(False, False, True, True, True))
    state = apply(state, draw_getting(state, 2, "6.0")).state  # a red 4 and a red 6: a pair...
    step = apply(state, Pass(2))  # ...but passing is legal: strict_discard is off
    ended = round_ended(step.events)
    assert ended.reason == "everyone_passed" and ended.rule == "M-8.3"
    assert ended.penalties == (11, 7, 10, 0, 0)
    assert step.state.help_up[2] is False


def test_M_12_5_M_8_4_the_printed_final_hands_score_11_7_4_0_0() -> None:
    # The printed example ends with C holding only 4.1, which no draw can leave (C held a card
    # before drawing); here C is at its discard step holding the printed final hand.
    hands = [["M", "1.0"], ["3.2", "4.0"], ["4.1"], [], []]
    state = table(hands, active=2, help_up=(False, False, True, True, True))
    step = apply(state, Pass(2))
    ended = round_ended(step.events)
    assert ended.reason == "everyone_passed"
    assert ended.penalties == (11, 7, 4, 0, 0)  # M counts 10; out players score 0
    assert step.state.totals == (11, 7, 4, 0, 0)
    for seat in range(5):  # every remaining hand is revealed to everyone
        seen = GAME.view(step.state, seat)
        assert all(seen.cards.face(t) is not None for hand in step.state.hands for t in hand)


def test_M_8_4_penalties_add_to_the_totals() -> None:
    state = table(
        [["9.0"], ["4.0"], ["5.0", "6.0"]],
        active=2,
        help_up=(False, False, True),
        totals=(3, 1, 2),
        penalties=((3, 1, 2),),
    )
    step = apply(state, Pass(2))
    assert step.state.totals == (12, 5, 13)
    assert step.state.penalties == ((3, 1, 2), (9, 4, 11))
    assert step.state.phase == DEAL and GAME.to_act(step.state) == frozenset({CHANCE})


def test_M_8_2_a_player_going_out_leaving_one_other_holder_lets_that_holder_finish_a_turn() -> None:
    """The rulebook: "Resta soltanto un giocatore con in mano delle carte. Questo giocatore
    termina il proprio turno (perciò può scartare una coppia e applicare l'effetto se ne esiste
    la possibilità). Poi riceve una penalità..." """
    state = table([["7.0", "7.1"], [], ["5.0", "6.0", "6.1"]], active=0)
    step = apply(state, pair(state, 0, "7.0", "7.1"))
    assert "RoundEnded" not in types(step.events)
    s = step.state
    assert s.active == 2 and s.phase == DISCARD and s.last_turn
    # The last holder may still discard a pair (no draw: nobody else holds a card)...
    step = apply(s, pair(s, 2, "6.0", "6.1"))
    # ...and ends the turn; then the round ends and only what is left is scored.
    if round_ended_or_none(step.events) is None:
        step = apply(step.state, EndTurn(2))
    ended = round_ended(step.events)
    assert ended.reason == "last_holder_finished" and ended.rule == "M-8.2"
    assert ended.penalties == (0, 0, 5)


def test_M_8_2_the_last_holder_may_also_pass_and_is_scored_on_the_whole_hand() -> None:
    state = table([["7.0", "7.1"], [], ["5.0", "6.0"]], active=0)
    step = apply(state, pair(state, 0, "7.0", "7.1"))
    step = apply(step.state, Pass(2))
    ended = round_ended(step.events)
    assert ended.reason == "last_holder_finished" and ended.penalties == (0, 0, 11)


def test_M_8_2_no_holder_at_all_ends_the_round_at_once() -> None:
    state = table([["7.0", "7.1"], [], []], active=0, last_turn=True)
    step = apply(state, pair(state, 0, "7.0", "7.1"))
    ended = round_ended(step.events)
    assert ended.reason == "no_holder" and ended.penalties == (0, 0, 0)
    assert "TurnEnded" not in types(step.events)


def test_M_8_1_M_8_2_a_last_holder_ends_the_round_at_the_end_of_its_turn() -> None:
    state = table([["7.0", "7.1", "4.0"], [], []], active=0, last_turn=True)
    step = apply(state, pair(state, 0, "7.0", "7.1"))
    assert "RoundEnded" not in types(step.events) and step.state.pending is None
    step = apply(step.state, EndTurn(0))
    assert round_ended(step.events).reason == "last_holder_finished"


def test_M_7_M_7_1_an_out_player_is_skipped_receives_nothing_and_scores_0() -> None:
    state = table([["5.0", "5.1", "8.0"], [], ["6.0"], ["6.1"]], pile=["9.0"])
    assert state.next_player(0) == 2 and state.previous_player(2) == 0
    state = apply(state, pair(state, 0, "5.0", "5.1")).state
    assert 1 not in state.recipients
    assert all(a.to != 1 for a in GAME.legal_actions(state, 0))  # type: ignore[union-attr]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_M_7_1_M_7_2_going_out_is_final_until_the_round_ends(players: int) -> None:
    outs: dict[int, set[int]] = {}

    def watch(replicas: Replicas[State], events: tuple[Event, ...]) -> None:
        full = replicas.full
        if full.phase in (DEAL, OVER):
            outs.clear()
            return
        for seat in outs.get(full.round, set()):
            assert full.hands[seat] == (), f"seat {seat} came back into round {full.round}"
            assert full.active != seat
        for event in events:
            if isinstance(event, ev.PlayerOut):
                outs.setdefault(full.round, set()).add(event.seat)

    for seed in range(3):
        play_game(seed, players, {}, ["heuristic"] * players, after_step=watch)


def test_M_9_1_M_11_after_two_rounds_the_lowest_total_wins_and_the_game_is_over() -> None:
    state = table(
        [["9.0"], ["4.0"], ["5.0", "6.0"]],
        active=2,
        round=2,
        help_up=(False, False, True),
        totals=(3, 1, 2),
        penalties=((3, 1, 2),),
    )
    step = apply(state, Pass(2))
    over = next(e for e in step.events if isinstance(e, ev.GameEnded))
    assert over.winners == (1,) and over.rule == "M-9.1"
    assert GAME.is_over(step.state) and GAME.to_act(step.state) == frozenset()
    with violates("M-9.1"):
        apply(step.state, Pass(2))
    with violates("M-4.3"):
        apply(step.state, Deal(bytes(32)))


def test_M_9_M_9_2_M_9_3_the_printed_example_a_tie_plays_a_third_round() -> None:
    # Totals before round 2 ends: A 10, B 5, C 9; round 2 scores 4, 4, 0 -> 14, 9, 9.
    end_of_round_2 = table(
        [["4.0"], ["4.1"], []],
        active=1,
        round=2,
        help_up=(False, True, True),
        totals=(10, 5, 9),
        penalties=((5, 2, 4), (5, 3, 5)),
    )
    step = apply(end_of_round_2, Pass(1))
    tie = next(e for e in step.events if isinstance(e, ev.ThirdRoundNeeded))
    assert tie.tied == (1, 2) and step.state.totals == (14, 9, 9)
    assert step.state.phase == DEAL and not GAME.is_over(step.state)
    dealt = apply(step.state, Deal(derive("third round")))
    chosen = next(e for e in dealt.events if isinstance(e, ev.StarterChosen))
    assert (chosen.round, chosen.starter, chosen.rule) == (3, 0, "M-4.2")  # all play; A starts
    assert all(len(h) >= 9 for h in dealt.state.hands)
    # Round 3 scores A 6, B 4, C 0: C went out, A and B passed.
    round_3 = table(
        [["6.0"], ["4.0"], ["3.0", "3.5"]],
        active=2,
        round=3,
        help_up=(False, False, True),
        totals=(14, 9, 9),
        penalties=((5, 2, 4), (9, 7, 5)),
    )
    step = apply(round_3, pair(round_3, 2, "3.0", "3.5"))
    assert round_ended(step.events).penalties == (6, 4, 0)
    over = next(e for e in step.events if isinstance(e, ev.GameEnded))
    assert step.state.totals == (20, 13, 9) and over.winners == (2,) and over.rule == "M-9.3"


def test_M_9_3_a_tie_after_round_3_shares_the_win() -> None:
    state = table(
        [["4.0"], ["4.1"], ["3.0"]],
        active=2,
        round=3,
        help_up=(False, False, True),
        totals=(10, 10, 12),
        penalties=((5, 5, 6), (5, 5, 6)),
    )
    step = apply(state, Pass(2))
    over = next(e for e in step.events if isinstance(e, ev.GameEnded))
    assert over.totals == (14, 14, 15) and over.winners == (0, 1) and over.rule == "M-9.3"


def test_M_1_1_M_9_1_M_9_2_whole_games_last_two_or_three_rounds_and_the_lowest_total_wins() -> None:
    rounds = set()
    for seed in range(30):
        final = play_game(seed, 3, {}, ["random"] * 3).final
        rounds.add(len(final.penalties))
        lowest = min(final.totals)
        assert final.winners == tuple(s for s, t in enumerate(final.totals) if t == lowest)
        after_two = [a + b for a, b in zip(*final.penalties[:2], strict=True)]
        tied_after_two = after_two.count(min(after_two)) > 1
        assert len(final.penalties) == (3 if tied_after_two else 2)
        if len(final.penalties) == 2:
            assert len(final.winners) == 1
    assert rounds <= {2, 3} and 2 in rounds
