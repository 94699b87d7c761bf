"""M-6: the effects of value pairs, with the worked examples M-12.2 - M-12.4."""

from dataclasses import replace

import pytest

from lanpurr.core import RuleViolation
from lanpurr.games.momistigri import GAME
from lanpurr.games.momistigri import events as ev
from lanpurr.games.momistigri.actions import Designate, Draw, EndTurn, Give, HandOut, Pass, Swap
from lanpurr.games.momistigri.state import (
    DESIGNATE,
    DESIGNATED_DRAW,
    DISCARD,
    DRAW,
    DRAW_THREE,
    DRAW_TWO,
    GIVE,
    HAND_OUT,
    SWAP,
    SWAP_AFTER_DRAW,
    Pending,
)
from tests.games.momistigri.helpers import (
    apply,
    draw_getting,
    faces,
    pair,
    pile_faces,
    table,
    token,
    types,
    violates,
)

SELF = {"five_pair": "each_active_including_self"}


@pytest.mark.parametrize(("a", "b"), [("1.0", "1.1"), ("2.0", "2.1"), ("3.0", "3.1")])
def test_M_6_1_ones_twos_and_threes_either_reverse_or_take_the_effect_and_everyone_sees_it(
    a: str, b: str
) -> None:
    state = table([[a, b, "1.2", "8.0"], ["4.0"], ["5.0"]])
    legal = GAME.legal_actions(GAME.view(state, 0), 0)
    assert pair(state, 0, a, b, reverse=True) in legal and pair(state, 0, a, b) in legal
    step = apply(state, pair(state, 0, a, b, reverse=True))
    assert step.state.direction == -1 and step.state.pending is None
    assert step.state.phase == DISCARD and len(step.state.hands[0]) == 2  # no other 1 discarded
    discarded = next(e for e in step.events if isinstance(e, ev.PairDiscarded))
    assert discarded.reversed and discarded.audience is None


def test_M_6_1_other_pairs_cannot_reverse() -> None:
    state = table([["4.0", "4.1", "8.0"], ["4.2"], ["5.0"]])
    with pytest.raises(RuleViolation) as error:
        apply(state, pair(state, 0, "4.0", "4.1", reverse=True))
    assert error.value.rule == "M-6.1"
    assert pair(state, 0, "4.0", "4.1", reverse=True) not in GAME.legal_actions(state, 0)


def test_M_6_2_a_pair_of_ones_discards_every_other_1_and_they_have_no_effect() -> None:
    state = table([["1.0", "1.1", "1.2", "1.3", "8.0"], ["4.0"], ["5.0"]])
    step = apply(state, pair(state, 0, "1.0", "1.1"))
    assert faces(step.state, 0) == ["8.0"]
    assert pile_faces(step.state) == ["1.0", "1.1", "1.2", "1.3"]
    alone = table([["1.0", "1.1", "8.0"], ["4.0"], ["5.0"]])
    assert "EffectVoid" in types(apply(alone, pair(alone, 0, "1.0", "1.1")).events)


def test_M_6_3_a_pair_of_twos_designates_the_card_only_owner_and_drawer_learn() -> None:
    state = table([["2.0", "2.1", "M", "8.0"], ["4.0"], ["5.0"]])
    step = apply(state, pair(state, 0, "2.0", "2.1"))
    assert step.state.phase == DESIGNATE
    step = apply(step.state, Designate(0, token(state, "M")))
    assert step.state.pending == Pending(0, DESIGNATED_DRAW, token(state, "M"))
    private = next(e for e in step.events if isinstance(e, ev.CardDesignated))
    assert private.audience == (0,)
    assert GAME.view(step.state, 1).pending == Pending(0, DESIGNATED_DRAW, None)
    after = apply(apply(step.state, EndTurn(0)).state, Draw(1, ())).state
    assert "M" in faces(after, 1)
    (moved,) = [t for t in after.hands[1] if after.cards.faces[t] == "M"]
    assert after.cards.knows(0, moved) and after.cards.knows(1, moved)
    assert not after.cards.knows(2, moved)


def test_M_6_3_the_designation_lapses_when_the_pair_empties_the_hand() -> None:
    state = table([["2.0", "2.1"], ["4.0"], ["5.0"]])
    step = apply(state, pair(state, 0, "2.0", "2.1"))
    assert "EffectVoid" in types(step.events) and step.state.pending is None
    assert step.state.active == 1  # seat 0 is out; its turn ended


def test_M_12_3_M_6_4_a_3_3_dumps_the_mistigri() -> None:
    hands = [["3.0", "3.5", "8.0", "2.3", "M"], ["4.0", "5.0"], ["6.0"]]
    state = table(hands, pile=["9.0", "7.2"])
    step = apply(state, pair(state, 0, "3.0", "3.5"))
    discarded = next(e for e in step.events if isinstance(e, ev.PairDiscarded))
    assert discarded.value_pair and discarded.effect == "swap_with_pile"  # twins: a value pair
    assert faces(step.state, 0) == ["2.3", "8.0", "M"]
    state = apply(step.state, EndTurn(0)).state
    assert state.active == 1 and state.pending == Pending(0, SWAP_AFTER_DRAW)
    state = apply(state, draw_getting(state, 1, "8.0")).state
    assert state.phase == SWAP
    state = apply(state, Swap(0, token(state, "M"), "M", token(state, "9.0"))).state
    assert faces(state, 0) == ["2.3", "9.0"] and "8.0" in faces(state, 1)
    assert "M" in pile_faces(state)
    assert all(GAME.view(state, s).cards.face(token(state, "M")) == "M" for s in range(3))
    assert state.phase == DISCARD and state.active == 1  # B goes on with its discard step


def test_M_6_4_taking_back_the_card_just_put_down_undoes_the_swap() -> None:
    state = replace(
        table([["8.0", "4.0"], ["5.0"], ["6.0"]], pile=["9.0"], phase=SWAP, active=1),
        pending=Pending(0, SWAP_AFTER_DRAW),
    )
    put = token(state, "8.0")
    assert Swap(0, put, "8.0", put) in GAME.legal_actions(GAME.view(state, 0), 0)
    after = apply(state, Swap(0, put, "8.0", put)).state
    assert faces(after, 0) == ["4.0", "8.0"] and pile_faces(after) == ["9.0"]


def test_M_6_4_the_swap_lapses_if_the_draw_emptied_the_hand() -> None:
    state = replace(
        table([["8.0"], ["5.0"], ["6.0"]], pile=["9.0"], phase=DRAW, active=1),
        pending=Pending(0, SWAP_AFTER_DRAW),
    )
    step = apply(state, Draw(1, (0,)))
    cleared = next(e for e in step.events if isinstance(e, ev.PendingEffectCleared))
    assert cleared.lapsed and step.state.phase == DISCARD


def test_M_6_5_a_pair_of_fours_gives_a_card_to_any_other_holder_in_secret() -> None:
    state = table([["4.0", "4.1", "M", "8.0"], ["5.0"], [], ["6.0"]])
    step = apply(state, pair(state, 0, "4.0", "4.1"))
    assert step.state.phase == GIVE and step.state.recipients == (1, 3)
    with violates("M-6.5"):
        apply(step.state, Give(0, token(state, "M"), 2))  # seat 2 is out
    with violates("M-6.5"):
        apply(step.state, Give(0, token(state, "M"), 0))  # not to oneself
    given = apply(step.state, Give(0, token(state, "M"), 3))  # not only a neighbour
    after = given.state
    assert "M" in faces(after, 3) and faces(after, 0) == ["8.0"]
    gift = next(e for e in given.events if isinstance(e, ev.CardGiven))
    assert gift.recipient == 3 and gift.audience is None  # who received is public
    assert not GAME.view(after, 1).cards.knows(1, gift.card)  # the face is not
    assert GAME.view(after, 3).cards.face(gift.card) == "M"
    assert GAME.view(after, 0).cards.face(gift.card) == "M"


def test_M_6_5_M_7_1_giving_the_last_card_puts_the_giver_out() -> None:
    state = table([["4.0", "4.1", "8.0"], ["5.0"], ["6.0"]])
    state = apply(state, pair(state, 0, "4.0", "4.1")).state
    step = apply(state, Give(0, token(state, "8.0"), 2))
    assert step.state.hands[0] == () and "PlayerOut" in types(step.events)
    assert step.state.active == 1


def test_M_12_4_M_6_6_five_pair_with_a_small_pile_each_opponent() -> None:
    hands = [["5.0", "5.1", "8.0"], ["6.0"], ["6.1"], ["6.2"], ["6.3"]]
    state = table(hands)
    state = apply(state, pair(state, 0, "5.0", "5.1")).state
    assert state.phase == HAND_OUT and state.recipients == (1, 2, 3, 4)
    state = apply(state, HandOut(0, token(state, "5.0"), "5.0", 2)).state
    with violates("M-6.6"):
        apply(state, HandOut(0, token(state, "5.1"), "5.1", 2))  # C already has one
    state = apply(state, HandOut(0, token(state, "5.1"), "5.1", 4)).state
    assert state.pile == () and state.phase == DISCARD
    assert "5.0" in faces(state, 2) and "5.1" in faces(state, 4)
    assert faces(state, 0) == ["8.0"] and faces(state, 1) == ["6.0"]


def test_M_12_4_M_6_6_M_13_five_pair_including_self() -> None:
    hands = [["5.0", "5.1", "8.0"], ["6.0"], ["6.1"], ["6.2"], ["6.3"]]
    state = table(hands, options=SELF)
    state = apply(state, pair(state, 0, "5.0", "5.1")).state
    assert state.recipients == (0, 1, 2, 3, 4)
    state = apply(state, HandOut(0, token(state, "5.1"), "5.1", 0)).state
    state = apply(state, HandOut(0, token(state, "5.0"), "5.0", 3)).state
    assert faces(state, 0) == ["5.1", "8.0"] and "5.0" in faces(state, 3)


def test_M_6_6_recipients_are_settled_after_the_pair_left_the_hand() -> None:
    state = table([["5.0", "5.1"], ["6.0"], [], ["6.2"]], pile=["9.0", "7.0"], options=SELF)
    state = apply(state, pair(state, 0, "5.0", "5.1")).state
    assert state.recipients == (1, 3)  # A is out and seat 2 was already out
    state = apply(state, HandOut(0, token(state, "9.0"), "9.0", 1)).state
    step = apply(state, HandOut(0, token(state, "5.0"), "5.0", 3))
    assert step.state.active == 1  # the hand-out done, A (out) ends its turn: M-6.12
    assert len(step.state.pile) == 2


def test_M_6_6_M_6_11_the_mistigri_comes_back_from_the_pile_with_5_5() -> None:
    state = table([["5.0", "5.1", "8.0"], ["6.0"], ["6.1"]], pile=["M"])
    state = apply(state, pair(state, 0, "5.0", "5.1")).state
    state = apply(state, HandOut(0, token(state, "M"), "M", 1)).state
    assert "M" in faces(state, 1)


def test_M_6_7_a_pair_of_sixes_allows_a_further_pair_and_sixes_again_yet_another() -> None:
    state = table([["6.0", "6.1", "6.2", "6.3", "4.0", "4.5", "8.0"], ["5.0"], ["7.0"]])
    state = apply(state, pair(state, 0, "6.0", "6.1")).state
    state = apply(state, pair(state, 0, "6.2", "6.3")).state
    state = apply(state, pair(state, 0, "4.0", "4.5")).state  # a value pair: its effect applies
    assert state.phase == GIVE
    assert state.pairs_this_turn == 3 and state.sixes_this_turn == 2
    step = apply(state, Give(0, token(state, "8.0"), 1))
    assert step.state.pending is None
    assert step.state.active == 1  # the give emptied the hand: out, turn over
    assert "PlayerOut" in types(step.events)


def test_M_12_2_M_6_8_sevens_against_a_short_hand() -> None:
    state = table([["7.0", "7.1", "4.2"], ["8.0", "6.0"], ["5.0", "5.2"]])
    step = apply(state, pair(state, 0, "7.0", "7.1"))
    assert step.state.help_up[0] and step.state.pending == Pending(0, DRAW_TWO)
    state = apply(step.state, EndTurn(0)).state
    assert state.active == 1 and state.help_up[0]
    legal = GAME.legal_actions(GAME.view(state, 1), 1)
    assert legal == [Draw(1, (0,))]  # only one card left to take
    step = apply(state, Draw(1, (0,)))
    assert "4.2" in faces(step.state, 1) and step.state.hands[0] == ()
    assert "PlayerOut" in types(step.events)  # "Miaooo!"
    state = apply(step.state, Pass(1)).state  # B goes on to its discard step
    assert state.active == 2 and state.previous_player(2) == 1


def test_M_6_9_a_pair_of_eights_makes_the_next_player_draw_3() -> None:
    state = table([["8.0", "8.1", "4.2", "4.3", "4.4"], ["5.0"], ["6.0"]])
    state = apply(state, pair(state, 0, "8.0", "8.1")).state
    assert state.pending == Pending(0, DRAW_THREE)


def test_M_6_10_a_turn_leaves_at_most_one_pending_effect_and_6_6_leaves_none() -> None:
    state = table([["6.0", "6.1", "7.0", "7.1", "4.0"], ["5.0"], ["6.3"]])
    state = apply(state, pair(state, 0, "6.0", "6.1")).state
    assert state.pending is None
    state = apply(state, pair(state, 0, "7.0", "7.1")).state
    assert state.pending == Pending(0, DRAW_TWO)
    with violates("M-5.6"):
        apply(state, pair(state, 0, "4.0", "4.0"))


def test_M_6_11_the_mistigri_can_never_be_discarded() -> None:
    state = table([["M", "9.0", "4.0"], ["5.0"], ["6.0"]])
    with pytest.raises(RuleViolation) as error:
        apply(state, pair(state, 0, "M", "9.0"))
    assert error.value.rule == "M-6.11"
    assert all("M" not in a.faces for a in GAME.legal_actions(state, 0) if hasattr(a, "faces"))


def test_M_6_12_effects_aimed_at_others_do_nothing_for_the_last_holder() -> None:
    state = table([["4.0", "4.1", "8.0"], [], []], last_turn=True)
    step = apply(state, pair(state, 0, "4.0", "4.1"))
    assert "EffectVoid" in types(step.events) and step.state.phase == DISCARD


def test_M_6_12_a_pair_that_empties_the_hand_still_reverses() -> None:
    state = table([["3.0", "3.5"], ["5.0"], ["6.0"], ["6.1"]])
    step = apply(state, pair(state, 0, "3.0", "3.5", reverse=True))
    assert step.state.direction == -1 and step.state.active == 3


def test_M_6_the_effect_table_as_data() -> None:
    from lanpurr.games.momistigri import deck

    names = {value: effect for value, (effect, _) in deck.PAIR_EFFECTS.items()}
    assert names == {
        1: deck.DISCARD_OTHER_ONES,
        2: deck.DESIGNATE_CARD,
        3: deck.SWAP_WITH_PILE,
        4: deck.GIVE_CARD,
        5: deck.HAND_OUT_PILE,
        6: deck.ANOTHER_PAIR,
        7: deck.NEXT_DRAWS_TWO,
        8: deck.NEXT_DRAWS_THREE,
    }
    assert {1, 2, 3} == deck.REVERSIBLE  # "may reverse instead": yes for 1+1, 2+2, 3+3 only
    rules = {value: rule for value, (_, rule) in deck.PAIR_EFFECTS.items()}
    assert rules == {v: f"M-6.{v + 1}" for v in range(1, 9)}
