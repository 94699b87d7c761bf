"""Whatever arrives from a peer is either a legal move or refused by rule, never a crash."""

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from lanpurr.core import RuleViolation
from lanpurr.games.purrfect import GAME, PurrfectState, check_invariants
from lanpurr.games.purrfect.actions import (
    AcceptOffer,
    DealRound,
    DeclarePurrfect,
    OpenOffer,
    TakeAcceptance,
    WithdrawOffer,
)
from lanpurr.games.purrfect.rules import RULES
from tests.games.purrfect.tables import ANA, BEN, CLEO, table, tokens


def busy_table() -> PurrfectState:
    """Two open offers and a pending acceptance, so many moves are nearly legal."""
    state = table({ANA: ["Luna-1", "Luna-2"], BEN: ["Milo-1", "Milo-2"], CLEO: ["Oscar-1"]}).full
    for action in (
        OpenOffer(ANA, tokens(state, ANA, "Luna-1", "Luna-2")),
        OpenOffer(CLEO, tokens(state, CLEO, "Oscar-1")),
        AcceptOffer(BEN, 0, tokens(state, BEN, "Milo-1", "Milo-2")),
    ):
        state = GAME.apply(state, action).state
    return state


BUSY = busy_table()
junk: st.SearchStrategy[Any] = st.one_of(
    st.integers(-2, 50), st.text(max_size=3), st.none(), st.binary(max_size=40)
)
seats = st.one_of(st.integers(-2, 6), junk)
card_lists = st.one_of(st.tuples(), st.lists(st.integers(-1, 50), max_size=6).map(tuple), junk)
offer_ids = st.one_of(st.integers(-1, 3), junk)
actions = st.one_of(
    st.builds(OpenOffer, seats, card_lists),
    st.builds(WithdrawOffer, seats, offer_ids),
    st.builds(AcceptOffer, seats, offer_ids, card_lists),
    st.builds(TakeAcceptance, seats, offer_ids, seats),
    st.builds(DeclarePurrfect, seats, st.one_of(st.binary(max_size=32), junk)),
    st.builds(DealRound, st.binary(max_size=40)),
    junk,
)


@settings(max_examples=300, deadline=None)
@given(action=actions)
def test_P_5_1_any_message_is_applied_legally_or_refused_by_a_named_rule(action: Any) -> None:
    try:
        after = GAME.apply(BUSY, action).state
    except RuleViolation as error:
        assert error.rule in RULES and error.message
        return
    assert check_invariants(after) == []
