"""bench/latency.py's pure helpers: the percentile and each action paired with its result."""

import pytest

from bench.latency_figures import (
    faces_waits,
    first_after,
    own_waits,
    pair,
    percentile,
    turn_waits,
)


def test_percentile_is_the_nearest_rank() -> None:
    assert percentile([4.0, 1.0, 3.0, 2.0], 0.5) == 2.0
    assert percentile([4.0, 1.0, 3.0, 2.0], 0.95) == 4.0
    assert percentile([7.0], 0.95) == 7.0
    assert percentile(list(range(1, 101)), 0.95) == 95
    with pytest.raises(ValueError):
        percentile([], 0.5)


def _act(t: float, seat: int, action: str = "Insert", **more: int) -> dict:
    return {"e": "act", "t": t, "seat": seat, "action": action, **more}


def _update(t: float, *steps: tuple[str, dict]) -> dict:
    return {"e": "update", "t": t, "steps": [list(s) for s in steps]}


def test_a_seat_that_acts_twice_before_its_first_result_arrives_is_paired_in_order() -> None:
    acting = [
        _act(10.0, 0),
        _update(10.01, ("TilePushed", {"seat": 0})),
        _act(10.02, 0),
        _update(10.03, ("TilePushed", {"seat": 0}), ("TurnPassed", {})),
        _act(10.5, 3, "Rotate"),  # not the main action
    ]
    other = [
        _update(10.1, ("TilePushed", {"seat": 0})),
        _update(10.2, ("TilePushed", {"seat": 0}), ("TurnPassed", {})),
    ]
    found = pair("gutters", [acting, other])
    assert [(p.laptop, p.seat, p.at) for p in found] == [(0, 0, 10.0), (0, 0, 10.02)]
    assert found[0].shown == [0.01, 0.1]
    assert found[1].shown == [0.01, 0.18]
    assert found[1].everywhere == 0.18 and found[1].others == [0.18]


def test_a_result_of_another_seat_or_kind_is_not_the_action_s() -> None:
    acting = [_act(1.0, 1, "Draw"), _update(1.2, ("CardsDrawn", {"drawer": 1, "holder": 2}))]
    other = [
        _update(1.1, ("CardsDrawn", {"drawer": 2, "holder": 1})),  # another seat's draw
        _update(1.4, ("PairDiscarded", {"seat": 1}), ("CardsDrawn", {"drawer": 1})),
    ]
    behind = [_update(0.5, ("TilePushed", {"seat": 1}))]  # never drew it
    found = pair("momistigri", [other, acting, behind])
    assert len(found) == 1
    assert found[0].laptop == 1
    assert found[0].shown == [0.4, 0.2, None]
    assert not found[0].complete


def test_an_accepted_offer_is_paired_with_the_swap_of_that_offer() -> None:
    acting = [
        _act(5.0, 2, "AcceptOffer", offer_id=7),
        _act(6.0, 2, "AcceptOffer", offer_id=9),  # rejected: no swap follows
        _update(5.5, ("SwapMade", {"offer_id": 7, "offerer": 0, "acceptor": 2})),
    ]
    offerer = [
        _update(5.3, ("SwapMade", {"offer_id": 3, "offerer": 1, "acceptor": 2})),
        _update(5.6, ("OfferAccepted", {}), ("SwapMade", {"offer_id": 7, "acceptor": 2})),
    ]
    found = pair("purrfect", [offerer, acting])
    assert [p.shown for p in found] == [[0.6, 0.5], [None, None]]
    assert found[0].complete and found[0].laptop == 1


def test_a_swaps_faces_wait_from_the_acceptance_on_each_sides_laptop() -> None:
    acceptor = [
        _act(5.0, 2, "AcceptOffer", offer_id=7),
        _update(5.4, ("SwapMade", {"offer_id": 7, "offerer": 0, "acceptor": 2})),
        _update(5.7, ("FacesShown", {"to": [0, 2]})),
        _update(6.0, ("FacesShown", {})),  # (a hand turned up for everyone)
    ]
    offerer = [
        _update(5.5, ("SwapMade", {"offer_id": 7, "offerer": 0, "acceptor": 2})),
        _update(5.9, ("FacesShown", {"to": [0, 2]})),
        _update(6.5, ("SwapMade", {"offer_id": 8, "offerer": 0, "acceptor": 1})),
        _update(6.6, ("FacesShown", {"to": [0, 1]})),  # (an acceptance no laptop stamped)
    ]
    third = [_update(5.45, ("SwapMade", {"offer_id": 7, "offerer": 0, "acceptor": 2}))]
    assert faces_waits([acceptor, offerer, third]) == [0.7, 0.9]


def test_first_after() -> None:
    lines = [{"event": "update", "t": 1.0}, {"event": "x", "t": 2.0}, {"event": "update", "t": 3}]
    assert first_after(lines, "update", 1.5) == 3
    assert first_after(lines, "game_over", 0) is None


def test_a_turn_waits_from_its_start_to_the_drawers_card_on_the_drawers_laptop() -> None:
    drawer = [
        _update(5.0, ("TurnStarted", {"seat": 1})),
        _act(5.6, 1, "Draw"),
        _update(5.7, ("CardsDrawn", {"drawer": 1, "holder": 0})),
        _update(6.0, ("TurnStarted", {"seat": 2})),  # another laptop's seat
        _update(6.9, ("CardsDrawn", {"drawer": 2, "holder": 1})),
        _update(7.0, ("TurnStarted", {"seat": 1})),
        _update(7.4, ("CardsDrawn", {"drawer": 1, "holder": 0}), ("TurnEnded", {"seat": 1})),
        _act(7.1, 1, "Pass"),
    ]
    other = [
        _update(6.0, ("TurnStarted", {"seat": 2})),
        _act(6.1, 2, "Draw"),
        _update(6.5, ("CardsDrawn", {"drawer": 2, "holder": 1})),
    ]
    assert turn_waits([drawer, other]) == [0.7, 0.4, 0.5]


def test_a_pair_waits_from_its_act_to_its_discard_on_the_acting_laptop() -> None:
    mine = [
        _act(2.0, 1, "DiscardPair"),
        _update(2.05, ("PairDiscarded", {"seat": 2})),  # another seat's pair
        _update(2.45, ("PairDiscarded", {"seat": 1}), ("EffectBegins", {"seat": 1})),
        _act(3.0, 1, "DiscardPair"),
        _act(3.2, 1, "EndTurn"),
    ]
    mine.append(_update(3.001, ("PairDiscarded", {"seat": 1})))  # written after its act's line
    other = [_update(2.3, ("PairDiscarded", {"seat": 1}))]
    assert own_waits([mine, other], "DiscardPair", "PairDiscarded") == [0.45, 0.001]
