"""M-5: a turn — the draw, pending effects, discarding, passing, the end of the turn."""

from collections import Counter
from dataclasses import replace

import pytest

from lanpurr.core import RuleViolation
from lanpurr.games.momistigri import GAME
from lanpurr.games.momistigri import events as ev
from lanpurr.games.momistigri.actions import Draw, EndTurn, Pass, Swap
from lanpurr.games.momistigri.state import (
    DESIGNATED_DRAW,
    DISCARD,
    DRAW,
    DRAW_THREE,
    DRAW_TWO,
    SWAP,
    SWAP_AFTER_DRAW,
    Pending,
)
from tests.games.momistigri.helpers import (
    apply,
    faces,
    pair,
    pile_faces,
    table,
    token,
    types,
    violates,
)

FOUR = [["4.0", "5.0", "6.0", "7.0", "8.0"], ["3.0"], ["2.3", "2.4"], ["3.1", "3.2"]]


def test_M_5_1_the_draw_takes_one_card_from_the_previous_player() -> None:
    state = table(FOUR, phase=DRAW, active=1)
    step = apply(state, Draw(1, (2,)))
    assert len(step.state.hands[0]) == 4 and len(step.state.hands[1]) == 2
    drawn = next(e for e in step.events if isinstance(e, ev.CardsDrawn))
    assert (drawn.drawer, drawn.holder, len(drawn.drawn)) == (1, 0, 1)
    assert step.state.phase == DISCARD


def test_M_5_1_a_blind_draw_is_uniform_whatever_position_the_drawer_picks() -> None:
    state = table(FOUR, phase=DRAW, active=1)
    by_pick = {
        pick: set(faces(apply(state, Draw(1, (pick,))).state, 1)) - {"3.0"} for pick in range(5)
    }
    assert len(set().union(*by_pick.values())) == 5  # five picks, five different cards
    counts: Counter[str] = Counter()
    for n in range(500):
        secret = n.to_bytes(32, "big")
        after = apply(replace(state, secret=secret), Draw(1, (0,))).state
        (got,) = set(faces(after, 1)) - {"3.0"}
        counts[got] += 1
    assert set(counts) == {"4.0", "5.0", "6.0", "7.0", "8.0"}
    assert all(60 < c < 140 for c in counts.values()), counts


def test_M_5_1_M_6_3_after_2_2_the_draw_takes_exactly_the_designated_card() -> None:
    state = table(FOUR, phase=DRAW, active=1)
    state = replace(state, pending=Pending(0, DESIGNATED_DRAW, token(state, "8.0")))
    with pytest.raises(RuleViolation) as error:
        apply(state, Draw(1, (0,)))
    assert error.value.rule == "M-5.1"
    step = apply(state, Draw(1, ()))
    assert "8.0" in faces(step.state, 1) and "8.0" not in faces(step.state, 0)
    assert GAME.legal_actions(GAME.view(state, 1), 1) == [Draw(1, ())]


@pytest.mark.parametrize(("effect", "count"), [(DRAW_TWO, 2), (DRAW_THREE, 3)])
def test_M_5_1_M_6_8_M_6_9_after_7_7_or_8_8_the_draw_takes_2_or_3(effect: str, count: int) -> None:
    state = replace(table(FOUR, phase=DRAW, active=1), pending=Pending(0, effect))
    with violates("M-5.1"):
        apply(state, Draw(1, (0,)))
    step = apply(state, Draw(1, tuple(range(count))))
    assert len(step.state.hands[1]) == 1 + count and len(step.state.hands[0]) == 5 - count
    assert step.state.pending is None
    legal = GAME.legal_actions(GAME.view(state, 1), 1)
    assert len(legal) == {2: 10, 3: 10}[count]  # C(5, 2) = C(5, 3) = 10 blind choices


def test_M_5_1_a_short_hand_gives_all_its_cards_to_a_7_7_or_8_8_draw() -> None:
    hands = [["4.0"], ["3.0"], ["2.3", "2.4"], ["3.1", "3.2"]]
    state = replace(table(hands, phase=DRAW, active=1), pending=Pending(0, DRAW_THREE))
    step = apply(state, Draw(1, (0,)))
    assert step.state.hands[0] == () and "4.0" in faces(step.state, 1)
    assert "PlayerOut" in types(step.events)


def test_M_5_2_a_pending_swap_is_made_right_after_the_draw_by_its_owner() -> None:
    state = replace(
        table(FOUR, pile=["9.0"], phase=DRAW, active=1), pending=Pending(0, SWAP_AFTER_DRAW)
    )
    step = apply(state, Draw(1, (0,)))
    assert step.state.phase == SWAP and GAME.to_act(step.state) == frozenset({0})
    with violates("M-1.4"):
        apply(step.state, Pass(1))  # the drawer waits for the swap


def test_M_5_3_pending_effects_are_cleared_after_the_draw() -> None:
    state = replace(table(FOUR, phase=DRAW, active=1), pending=Pending(0, DRAW_TWO))
    step = apply(state, Draw(1, (0, 1)))
    cleared = next(e for e in step.events if isinstance(e, ev.PendingEffectCleared))
    assert not cleared.lapsed and step.state.pending is None


def test_M_5_3_M_6_10_a_pending_effect_of_a_player_with_no_card_lapses() -> None:
    hands = [[], ["3.0"], ["2.3", "2.4"], ["3.1", "3.2", "4.0"]]
    state = replace(table(hands, phase=DRAW, active=1), pending=Pending(0, DRAW_THREE))
    assert state.previous_player(1) == 3
    with violates("M-5.1"):
        apply(state, Draw(1, (0, 1, 2)))  # the 8+8 lapsed: one card, from seat 3
    step = apply(state, Draw(1, (1,)))
    cleared = next(e for e in step.events if isinstance(e, ev.PendingEffectCleared))
    assert cleared.lapsed and len(step.state.hands[3]) == 2


def test_M_5_4_M_8_2_checkpoint_a_the_last_holder_finishes_the_turn_then_the_round_ends() -> None:
    hands = [["4.0"], ["3.0", "3.5", "8.0"], [], []]
    state = table(hands, phase=DRAW, active=1, round=1)
    step = apply(state, Draw(1, (0,)))
    assert "LastHolder" in types(step.events) and step.state.phase == DISCARD
    step = apply(step.state, pair(step.state, 1, "3.0", "3.5"))  # 3+3 aimed at nobody
    assert "EffectVoid" in types(step.events) and step.state.pending is None
    step = apply(step.state, EndTurn(1))
    ended = next(e for e in step.events if isinstance(e, ev.RoundEnded))
    assert ended.rule == "M-8.2" and ended.penalties == (0, 12, 0, 0)


def test_M_5_5_discarding_is_optional_and_a_colour_pair_has_no_effect() -> None:
    state = table([["3.2", "9.0", "8.0"], ["4.0"], ["5.0"]])
    assert Pass(0) in GAME.legal_actions(GAME.view(state, 0), 0)
    step = apply(state, pair(state, 0, "3.2", "9.0"))
    discarded = next(e for e in step.events if isinstance(e, ev.PairDiscarded))
    assert not discarded.value_pair and discarded.effect == "none"
    assert pile_faces(step.state) == ["3.2", "9.0"] and step.state.pending is None


def test_M_5_5_a_value_pair_effect_is_mandatory() -> None:
    state = table([["7.0", "7.1", "4.2"], ["4.0"], ["5.0"]])
    step = apply(state, pair(state, 0, "7.0", "7.1"))
    assert step.state.pending == Pending(0, DRAW_TWO)


def test_M_5_6_one_pair_per_turn() -> None:
    state = table([["7.0", "7.1", "4.2", "4.3"], ["4.0"], ["5.0"]])
    after = apply(state, pair(state, 0, "7.0", "7.1")).state
    with pytest.raises(RuleViolation) as error:
        apply(after, pair(after, 0, "4.2", "4.3"))
    assert error.value.rule == "M-5.6"
    assert GAME.legal_actions(GAME.view(after, 0), 0) == [EndTurn(0)]


def test_M_5_7_a_pass_turns_the_help_card_down_and_a_pair_turns_it_up() -> None:
    state = table([["7.0", "7.1", "4.2"], ["4.0", "6.0"], ["5.0"]], help_up=(False, True, True))
    after_pair = apply(apply(state, pair(state, 0, "7.0", "7.1")).state, EndTurn(0))
    assert after_pair.state.help_up[0] is True
    passed = apply(state, Pass(0))
    assert passed.state.help_up[0] is False
    ended = next(e for e in passed.events if isinstance(e, ev.TurnEnded))
    assert ended.passed
    with violates("M-5.7"):
        apply(state, EndTurn(0))


def test_M_5_8_M_13_strict_discard_forbids_passing_while_holding_a_pair() -> None:
    hands = [["7.0", "7.1", "4.2"], ["4.0"], ["5.0"]]
    strict = table(hands, options={"strict_discard": "on"})
    with pytest.raises(RuleViolation) as error:
        apply(strict, Pass(0))
    assert error.value.rule == "M-5.8"
    assert Pass(0) not in GAME.legal_actions(GAME.view(strict, 0), 0)
    apply(table(hands), Pass(0))  # off by default
    no_pair = table([["7.0", "4.2"], ["4.0"], ["5.0"]], options={"strict_discard": "on"})
    apply(no_pair, Pass(0))


def test_M_5_8_M_6_7_under_strict_discard_the_6_6_extra_pair_stays_optional() -> None:
    state = table(
        [["6.0", "6.1", "4.2", "4.3"], ["4.0"], ["5.0"]], options={"strict_discard": "on"}
    )
    after = apply(state, pair(state, 0, "6.0", "6.1")).state
    assert EndTurn(0) in GAME.legal_actions(GAME.view(after, 0), 0)
    assert apply(after, EndTurn(0)).state.active == 1


def test_M_5_9_the_next_turn_belongs_to_the_next_player_in_the_current_direction() -> None:
    state = table([["3.0", "3.5", "8.0"], ["4.0"], ["5.0"], ["6.0"]], active=0)
    reversed_ = apply(state, pair(state, 0, "3.0", "3.5", reverse=True)).state
    assert apply(reversed_, EndTurn(0)).state.active == 3
    assert apply(state, Pass(0)).state.active == 1


def test_M_6_4_the_swap_step_checks_its_cards() -> None:
    state = replace(
        table(FOUR, pile=["9.0"], phase=SWAP, active=1), pending=Pending(0, SWAP_AFTER_DRAW)
    )
    put = token(state, "8.0")
    with violates("M-6.4"):
        apply(state, Swap(0, put, "8.0", token(state, "3.0")))  # not a pile card
    with violates("M-6.4"):
        apply(state, Swap(0, put, "7.0", put))  # wrong face shown
    step = apply(state, Swap(0, put, "8.0", token(state, "9.0")))
    assert "9.0" in faces(step.state, 0) and pile_faces(step.state) == ["8.0"]
    assert step.state.phase == DISCARD and step.state.pending is None
