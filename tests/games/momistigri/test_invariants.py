"""M-11: invariants hold over random legal play, and `check_invariants` catches broken states."""

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lanpurr.core.game import Event
from lanpurr.core.replicas import Replicas
from lanpurr.games.momistigri import State, check_invariants
from lanpurr.games.momistigri import events as ev
from lanpurr.games.momistigri.deck import deck_for, hand_value
from lanpurr.games.momistigri.state import DEAL, DRAW, OVER, Pending
from tests.games.momistigri.helpers import play_game, table

MAX_STEPS = 5_000


def sizes(state: State) -> list[int]:
    return [len(h) for h in state.hands]


def check_hand_size_changes(before: State, after: State, events: tuple[Event, ...]) -> None:
    """M-11.4, checked against the events of one action."""
    if after.phase in (DEAL, OVER) or not before.hands or before.phase == DEAL:
        return
    change = [a - b for a, b in zip(sizes(after), sizes(before), strict=True)]
    pile_change = len(after.pile) - len(before.pile)
    kinds = {type(e) for e in events}
    if ev.CardsDrawn in kinds:
        drawn = next(e for e in events if isinstance(e, ev.CardsDrawn))
        assert 1 <= len(drawn.drawn) <= 3
        assert change[drawn.drawer] == len(drawn.drawn) == -change[drawn.holder]
    elif ev.SwapMade in kinds:
        assert change == [0] * before.players and pile_change == 0
    elif ev.PairDiscarded in kinds:
        pair = next(e for e in events if isinstance(e, ev.PairDiscarded))
        ones = sum(len(e.cards) for e in events if isinstance(e, ev.OnesDiscarded))
        assert change[pair.seat] == -2 - ones and pile_change == 2 + ones
    elif ev.CardGiven in kinds:
        gift = next(e for e in events if isinstance(e, ev.CardGiven))
        assert change[gift.giver] == -1 and change[gift.recipient] == 1 and sum(change) == 0
    elif ev.CardHandedOut in kinds:
        assert sum(change) == 1 and pile_change == -1


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([3, 4, 5]),
    strict=st.booleans(),
    to_self=st.booleans(),
    bots=st.lists(st.sampled_from(["random", "heuristic"]), min_size=5, max_size=5),
)
def test_M_11_M_6_11_random_legal_play_keeps_every_invariant_and_always_ends(
    seed: int, players: int, strict: bool, to_self: bool, bots: list[str]
) -> None:
    options = {
        "strict_discard": "on" if strict else "off",
        "five_pair": "each_active_including_self" if to_self else "each_opponent",
    }
    previous: list[State] = []
    swapped_mistigri: set[int] = set()

    def watch(replicas: Replicas[State], events: tuple[Event, ...]) -> None:
        state = replicas.full
        if previous:
            check_hand_size_changes(previous[-1], state, events)
        previous[:] = [state]
        # M-11.3: the Mistigri is never in a pair, and reaches the pile only by a 3+3 swap.
        for event in events:
            if isinstance(event, ev.PairDiscarded | ev.OnesDiscarded):
                assert "M" not in event.faces
            if isinstance(event, ev.SwapMade) and event.put_face == "M":
                swapped_mistigri.add(state.round)
        if any(state.cards.faces.get(t) == "M" for t in state.pile):
            assert state.round in swapped_mistigri
        assert state.pending is None or state.pending.owner in (state.active, state.last_player)

    # play_game checks `check_invariants` after every action and bounds the number of steps.
    played = play_game(seed, players, options, bots[:players], watch, max_steps=MAX_STEPS)
    assert len(played.final.penalties) in (2, 3)


DECK = list(deck_for(3))
HANDS = [DECK[:10], DECK[10:19], DECK[19:]]
SCORES = tuple(hand_value(hand) for hand in HANDS)


def started() -> State:
    return table(HANDS, phase=DRAW, active=1)


def test_M_11_a_sound_state_has_no_problems() -> None:
    assert check_invariants(started()) == []


def test_M_11_1_a_card_in_two_places_or_missing_is_caught() -> None:
    state = started()
    twice = replace(state, pile=(*state.pile, state.hands[0][0]))
    assert any("two places" in p for p in check_invariants(twice))
    lost = replace(state, hands=(state.hands[0][1:], *state.hands[1:]))
    assert any("not the deck" in p for p in check_invariants(lost))


def test_M_11_5_M_11_7_M_11_8_turn_problems_are_caught() -> None:
    state = started()
    lonely = replace(state, hands=(state.hands[0], (), ()))
    assert any("M-11.5" in p for p in check_invariants(lonely))
    stray = replace(state, pending=Pending(2, "draw_two"), last_player=0)
    assert any("M-11.7" in p for p in check_invariants(stray))
    greedy = replace(state, pairs_this_turn=2, sixes_this_turn=0)
    assert any("M-11.8" in p for p in check_invariants(greedy))


def test_M_11_9_M_11_10_score_problems_are_caught() -> None:
    state = replace(started(), phase=DEAL, penalties=(SCORES,), totals=SCORES)
    assert check_invariants(state) == []
    low = (SCORES[0] - 1, *SCORES[1:])
    wrong_penalty = replace(state, penalties=(low,), totals=low)
    assert any("M-11.9" in p for p in check_invariants(wrong_penalty))
    wrong_total = replace(state, totals=(*SCORES[:2], SCORES[2] + 1))
    assert any("M-11.10" in p for p in check_invariants(wrong_total))
