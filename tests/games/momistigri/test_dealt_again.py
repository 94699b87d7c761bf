"""A round dealt again where it stands (a laptop gone mid-round, docs/fair-play.md "What a
drop-out keeps"): the cards in hands, in the sizes the hands had; everything else stays."""

from collections.abc import Sequence

import pytest

from lanpurr.core import CHANCE
from lanpurr.core.events import FacesShown
from lanpurr.games.momistigri import GAME
from lanpurr.games.momistigri import events as ev
from lanpurr.games.momistigri.actions import DealAgain, Designate, Draw, EndTurn
from lanpurr.games.momistigri.deck import deck_for
from lanpurr.games.momistigri.state import (
    DEAL,
    DESIGNATE,
    DESIGNATED_DRAW,
    DISCARD,
    DRAW,
    Pending,
    State,
)
from tests.games.momistigri.helpers import apply, faces, pair, table, token, violates

SEED = bytes(range(32))


def whole_deck(first: Sequence[str], sizes: Sequence[int], pile: Sequence[str]) -> list[list[str]]:
    """Hands of these sizes from the 4-player deck, the pile aside: seat 0 holds `first`."""
    rest = [f for f in deck_for(4) if f not in first and f not in pile]
    hands = [list(first) + rest[: sizes[0] - len(first)]]
    rest = rest[sizes[0] - len(first) :]
    for size in sizes[1:]:
        hands.append(rest[:size])
        rest = rest[size:]
    assert not rest
    return hands


def dealt_again(state: State) -> tuple[State, list[FacesShown]]:
    """The public state dealt again, and the faces each seat was shown."""
    step = apply(GAME.view(state, -1), DealAgain(SEED))
    return step.state, [e for e in step.events if isinstance(e, FacesShown)]


def test_the_hands_are_dealt_again_as_big_as_they_were_and_everything_public_stays() -> None:
    pile = ["3.0", "3.1", "5.0", "5.1"]
    hands = whole_deck(["M"], [12, 0, 11, 10], pile)
    state = table(hands, pile, active=2, phase=DRAW, direction=-1, totals=[4, 0, 9, 12])
    state = state.evolve(help_up=(True, True, False, True))
    after, shown = dealt_again(state)
    assert [len(h) for h in after.hands] == [12, 0, 11, 10]  # seat 1 stays out (M-7.2)
    assert not {t for h in after.hands for t in h} & {t for h in state.hands for t in h}
    for field in ("pile", "totals", "direction", "help_up", "active", "phase", "turn", "round"):
        assert getattr(after, field) == getattr(state, field), field
    assert [f for t in after.pile if (f := after.cards.face(t))] == pile
    # Each seat sees its own new hand only; together they are the deck minus the pile.
    assert [e.to for e in shown] == [(0,), (2,), (3,)]
    dealt = sorted(f for e in shown for _, f in e.faces)
    assert dealt == sorted(f for f in deck_for(4) if f not in pile)
    assert GAME.view(after, 0).cards.face(after.hands[2][0]) is None
    assert GAME.to_act(after) == frozenset({2})


def test_a_pending_2_2_card_went_with_its_hand_its_owner_designates_another() -> None:
    hands = whole_deck(["2.0", "2.1", "M"], [10, 9, 9, 9], [])
    state = apply(table(hands), pair(table(hands), 0, "2.0", "2.1")).state
    state = apply(state, Designate(0, token(state, "M"))).state
    # Before the turn ends: seat 0 designates again, then goes on with its turn.
    after, _ = dealt_again(state)
    assert after.phase == DESIGNATE and after.pending == Pending(0, DESIGNATED_DRAW, None)
    assert GAME.to_act(after) == frozenset({0})
    card = after.hands[0][0]
    again = apply(after, Designate(0, card)).state
    assert again.phase == DISCARD and again.active == 0
    assert again.pending == Pending(0, DESIGNATED_DRAW, card)
    # After it: the next player waits for the owner's new card, then draws exactly that one.
    ended = apply(state, EndTurn(0)).state
    after, _ = dealt_again(ended)
    assert (after.phase, after.active) == (DESIGNATE, 1)
    assert GAME.to_act(after) == frozenset({0})
    assert [type(a) for a in GAME.legal_actions(after, 0)] == [Designate] * 8
    assert not GAME.legal_actions(after, 1)
    with violates("M-1.4"):
        apply(after, Draw(1, ()))
    card = after.hands[0][3]
    step = apply(after, Designate(0, card))
    assert [type(e) for e in step.events] == [ev.PendingEffectSet, ev.CardDesignated]
    assert (step.state.phase, step.state.active) == (DRAW, 1)
    face = step.state.cards.faces[card]
    drawn = apply(step.state, Draw(1, ())).state
    assert face in faces(drawn, 1) and face not in faces(drawn, 0)


@pytest.mark.parametrize("phase", [DEAL])
def test_only_a_round_under_way_is_dealt_again(phase: str) -> None:
    state = GAME.new_state(3, {})
    assert GAME.to_act(state) == frozenset({CHANCE}) and state.phase == phase
    with violates("M-4.3"):
        apply(state, DealAgain(SEED))
