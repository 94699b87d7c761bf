"""Illegal actions raise RuleViolation naming the rule and leave the state as it was; options
are data (M-13)."""

import copy
from dataclasses import replace
from typing import Any

import pytest

from lanpurr.core import OptionError, RuleViolation
from lanpurr.games.momistigri import GAME, OPTION_SPECS, State
from lanpurr.games.momistigri.actions import (
    Deal,
    Designate,
    DiscardPair,
    Draw,
    EndTurn,
    Give,
    HandOut,
    Pass,
    Swap,
)
from lanpurr.games.momistigri.state import DESIGNATE, DRAW, GIVE, HAND_OUT, SWAP, Pending
from lanpurr.seat.registry import engine as load
from tests.games.momistigri.helpers import apply, pair, table, token

HANDS = [["7.0", "7.1", "4.2", "M", "9.0", "3.2"], ["4.0", "5.0"], ["6.0", "2.3"]]


def discarding() -> State:
    return table(HANDS, pile=["8.0"])


def after_one_pair() -> State:
    state = discarding()
    return apply(state, pair(state, 0, "7.0", "7.1")).state


def in_phase(phase: str, **more: Any) -> State:
    return replace(discarding(), phase=phase, **more)


CASES: list[tuple[str, Any, Any, str]] = [
    ("no such seat", discarding, lambda s: Pass(7), "M-3.1"),
    ("not your turn", discarding, lambda s: Pass(1), "M-1.4"),
    ("discard before drawing", lambda: in_phase(DRAW), lambda s: pair(s, 0, "7.0", "7.1"), "M-5.1"),
    ("pass before drawing", lambda: in_phase(DRAW), lambda s: Pass(0), "M-5.1"),
    ("a non-pair", discarding, lambda s: pair(s, 0, "4.2", "9.0"), "M-5.5"),
    ("the same card twice", discarding, lambda s: pair(s, 0, "7.0", "7.0"), "M-5.5"),
    ("a card not in hand", discarding, lambda s: pair(s, 0, "7.0", "4.0"), "M-5.5"),
    (
        "a face that is not the card's",
        discarding,
        lambda s: DiscardPair(0, (token(s, "4.2"), token(s, "3.2")), ("4.2", "4.0")),
        "M-5.5",
    ),
    ("discarding the Mistigri", discarding, lambda s: pair(s, 0, "M", "9.0"), "M-6.11"),
    ("reversing a 7+7", discarding, lambda s: pair(s, 0, "7.0", "7.1", reverse=True), "M-6.1"),
    ("a second pair without 6+6", after_one_pair, lambda s: pair(s, 0, "9.0", "3.2"), "M-5.6"),
    ("passing after a pair", after_one_pair, lambda s: Pass(0), "M-5.7"),
    ("ending a turn without a pair", discarding, lambda s: EndTurn(0), "M-5.7"),
    (
        "passing with a pair under strict_discard",
        lambda: table(HANDS, options={"strict_discard": "on"}),
        lambda s: Pass(0),
        "M-5.8",
    ),
    ("a draw of two cards", lambda: in_phase(DRAW, active=1), lambda s: Draw(1, (0, 1)), "M-5.1"),
    ("a draw out of the hand", lambda: in_phase(DRAW, active=1), lambda s: Draw(1, (6,)), "M-5.1"),
    (
        "a give to oneself",
        lambda: in_phase(GIVE, recipients=(1, 2)),
        lambda s: Give(0, token(s, "M"), 0),
        "M-6.5",
    ),
    (
        "a give of a card not in hand",
        lambda: in_phase(GIVE, recipients=(1, 2)),
        lambda s: Give(0, token(s, "4.0"), 1),
        "M-6.5",
    ),
    (
        "a hand-out to a non-recipient",
        lambda: in_phase(HAND_OUT, recipients=(1,)),
        lambda s: HandOut(0, token(s, "8.0"), "8.0", 2),
        "M-6.6",
    ),
    (
        "a hand-out of a card not in the pile",
        lambda: in_phase(HAND_OUT, recipients=(1,)),
        lambda s: HandOut(0, token(s, "4.0"), "4.0", 1),
        "M-6.6",
    ),
    (
        "designating another's card",
        lambda: in_phase(DESIGNATE),
        lambda s: Designate(0, token(s, "4.0")),
        "M-6.3",
    ),
    (
        "a swap by the wrong seat",
        lambda: in_phase(SWAP, active=1, pending=Pending(0, "swap_after_draw")),
        lambda s: Swap(1, token(s, "4.0"), "4.0", token(s, "8.0")),
        "M-1.4",
    ),
    ("a deal during a round", discarding, lambda s: Deal(bytes(32)), "M-4.3"),
    ("a deal with a short seed", lambda: GAME.new_state(3, {}), lambda s: Deal(b"x"), "M-4.3"),
    ("playing before the deal", lambda: GAME.new_state(3, {}), lambda s: Pass(0), "M-4.3"),
    ("an unknown action", discarding, lambda s: "discard everything", "M-5"),
    # Wire input is untrusted: malformed fields are refused, never crash the engine.
    ("a seat that is not a number", discarding, lambda s: Pass("0"), "M-3.1"),
    ("a seed that is text", lambda: GAME.new_state(3, {}), lambda s: Deal("x" * 32), "M-4.3"),
    (
        "a position that is text",
        lambda: in_phase(DRAW, active=1),
        lambda s: Draw(1, ("0",)),
        "M-5.1",
    ),
    (
        "three cards as a pair",
        discarding,
        lambda s: DiscardPair(0, (0, 1, 2), ("7.0", "7.1", "4.2")),  # type: ignore[arg-type]
        "M-5.5",
    ),
]


@pytest.mark.parametrize(
    ("name", "make_state", "make_action", "rule"), CASES, ids=[c[0] for c in CASES]
)
def test_M_5_an_illegal_action_names_its_rule_and_changes_nothing(
    name: str, make_state: Any, make_action: Any, rule: str
) -> None:
    state = make_state()
    before = copy.deepcopy(state)
    with pytest.raises(RuleViolation) as error:
        apply(state, make_action(state))
    assert error.value.rule == rule, str(error.value)
    assert str(error.value).startswith(rule + ": ") and len(error.value.message) > 15
    assert state == before


def test_M_13_options_are_data_with_their_rules_and_defaults() -> None:
    assert {(o.name, o.values, o.default, o.rule) for o in OPTION_SPECS} == {
        ("strict_discard", ("off", "on"), "off", "M-5.8"),
        ("five_pair", ("each_opponent", "each_active_including_self"), "each_opponent", "M-6.6"),
    }
    assert GAME.option_specs == OPTION_SPECS
    defaults = GAME.new_state(4, {})
    assert not defaults.strict_discard and defaults.five_pair == "each_opponent"
    chosen = GAME.new_state(4, {"strict_discard": "on", "five_pair": "each_active_including_self"})
    assert chosen.strict_discard and chosen.five_pair == "each_active_including_self"


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (4, {"jokers": "on"}, "unknown option 'jokers'"),
        (4, {"strict_discard": "yes"}, "cannot be 'yes'"),
        (4, {"five_pair": "everyone"}, "each_opponent, each_active_including_self"),
        (2, {}, "3 to 5 players, not 2"),
        (6, {}, "3 to 5 players, not 6"),
    ],
)
def test_M_13_unknown_options_values_or_player_counts_are_refused(
    players: int, options: dict[str, str], message: str
) -> None:
    with pytest.raises(OptionError, match=message):
        GAME.new_state(players, options)


def test_the_game_is_registered_as_momistigri() -> None:
    assert load("momistigri") is GAME
    assert (GAME.id, GAME.min_players, GAME.max_players) == ("momistigri", 3, 5)
