"""Purrfect across seat runtimes: no turns, one agreed order (docs/realtime-order.md).

Every seat is its own runtime with its own keys, replica and fair peer; the in-memory network
delivers each sender's frames in order but interleaves senders differently, at random, for
every receiver. Nobody holds the full state; only the audit replays it after each round.
"""

import random
from collections.abc import Callable
from typing import Any

import msgpack
import pytest

from lanpurr.core.events import FacesShown
from lanpurr.core.game import Event
from lanpurr.fair.accusation import AT_ONCE
from lanpurr.fair.protocol import FairPeer
from lanpurr.games.purrfect.actions import (
    AcceptOffer,
    DealAgain,
    DeclarePurrfect,
    OpenOffer,
    TakeAcceptance,
    WithdrawOffer,
)
from lanpurr.games.purrfect.bots import HeuristicBot
from lanpurr.games.purrfect.events import (
    AcceptanceMade,
    AcceptanceRejected,
    OfferOpened,
    OfferWithdrawn,
    PurrfectDeclared,
    SwapMade,
    WithdrawalTooLate,
)
from lanpurr.games.purrfect.legal import unlocked_by_cat
from lanpurr.seat.games.purrfect import PurrfectLayer
from lanpurr.seat.harness import Network, seat_table
from lanpurr.seat.layer import Misplay
from lanpurr.seat.runtime import SeatRuntime
from tests.seat import cheats


def _table(
    players: int,
    seed: int,
    bots: list[Callable[..., Any]] | None = None,
    factories: dict[int, Any] | None = None,
) -> Network:
    choose = bots or [HeuristicBot().choose for _ in range(players)]
    options = {"allow_three": "on"} if players == 3 else {}
    return seat_table(
        "purrfect", players, choose, random.Random(seed), options=options, factories=factories
    )


def _public(runtime: SeatRuntime) -> Any:
    """What every seat must agree on: the state without its private faces."""
    state = runtime.state
    return (
        state.phase,
        state.round,
        state.hands,
        state.offers,
        state.acceptances,
        state.totals,
        state.results,
        state.winner,
        tuple(
            sorted(
                (t, f)
                for t, f in state.cards.faces.items()
                if state.cards.seen_by.get(t, 0) is None
            )
        ),
    )


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 10), (7, 3)])
def test_whole_bot_games_agree_on_every_seat(players: int, seed: int) -> None:
    net = _table(players, seed)
    outcome = net.run(max_frames=300_000)
    runtimes = net.runtimes
    assert outcome.finished, [r.progress for r in runtimes]
    assert all(not r.accusations for r in runtimes), [r.accusations for r in runtimes]
    assert len({tuple(r.layer.scores(r.state)) for r in runtimes}) == 1
    winners = {r.state.winner for r in runtimes}
    assert len(winners) == 1 and None not in winners
    assert max(runtimes[0].state.totals) >= 5
    assert len({_public(r) for r in runtimes}) == 1
    for runtime in runtimes:
        assert len(runtime.rounds) == runtime.state.round >= 1
        for record in runtime.rounds:
            assert record.audit is not None and record.audit.fair, str(record.audit)
    # Each seat's replica knows the faces of its own hand only (and what was shown to it).
    final = runtimes[0].state
    assert all(len(hand) == 9 for hand in final.hands)
    # The order keeps nothing of the frames it delivered (a long game's memory does not grow).
    assert all(len(r.ordering.kinds) <= players for r in runtimes), [
        len(r.ordering.kinds) for r in runtimes
    ]


# ---- the races of docs/realtime-order.md section 8 ------------------------------------------


def _idle(view: Any, seat: int, rng: random.Random) -> None:
    return None


def _dealt_table(players: int, seed: int) -> Network:
    """A table whose bots never act, run until every seat holds its cards."""
    net = _table(players, seed, bots=[_idle] * players)
    net.run(wake=0)
    assert all(r.dealt and r.may_act() for r in net.runtimes)
    for runtime in net.runtimes:
        runtime.take_updates()
    return net


def _settle(net: Network, seed: int) -> list[list[Event]]:
    """Deliver everything in flight in a new interleaving; each seat's events since the last
    call, in the order its replica received them."""
    net.rng = random.Random(seed)
    net.run(wake=0)
    assert all(not r.accusations for r in net.runtimes)
    assert len({_public(r) for r in net.runtimes}) == 1
    return [
        [step.event for update in r.take_updates() for step in update.steps] for r in net.runtimes
    ]


def _public_events(events: list[Event]) -> list[Event]:
    return [e for e in events if e.audience is None]


def _agreed(per_seat: list[list[Event]]) -> list[Event]:
    public = [_public_events(events) for events in per_seat]
    assert all(p == public[0] for p in public), "seats saw different public events"
    return public[0]


def _cards(runtime: SeatRuntime, size: int) -> tuple[int, ...]:
    """`size` unlocked cards of one cat from the seat's hand."""
    groups = unlocked_by_cat(runtime.state, runtime.seat)
    return tuple(next(cards for cards in groups.values() if len(cards) >= size)[:size])


def _open(net: Network, seat: int, size: int, seed: int) -> int:
    runtime = net.runtimes[seat]
    assert runtime.act(OpenOffer(seat, _cards(runtime, size))) is None
    _settle(net, seed)
    offer = runtime.state.offer_of(seat)
    assert offer is not None
    return int(offer.offer_id)


def _key_of(net: Network, seat: int, action_type: type) -> Any:
    """The order key of a seat's move of this type this round (every seat computes it)."""
    moves = net.runtimes[0].ordering.moves[net.runtimes[0].round]
    keys = [m.key for m in moves.values() if m.seat == seat and isinstance(m.action, action_type)]
    return keys[-1]


@pytest.mark.parametrize("seed", range(4))
def test_two_acceptances_the_offerers_receipt_decides(seed: int) -> None:
    net = _dealt_table(4, 100 + seed)
    runtimes = net.runtimes
    offer_id = _open(net, 0, 2, seed)
    for seat in (1, 2):
        assert runtimes[seat].act(AcceptOffer(seat, offer_id, _cards(runtimes[seat], 2))) is None
    events = _agreed(_settle(net, 1000 + seed))
    receipts = runtimes[0].ordering.receipts[runtimes[0].round]
    first = next(m.seat for m in receipts if isinstance(m.action, AcceptOffer))
    other = 3 - first
    swaps = [e for e in events if isinstance(e, SwapMade)]
    assert [(s.offerer, s.acceptor) for s in swaps] == [(0, first)]
    rejected = [e for e in events if isinstance(e, AcceptanceRejected)]
    assert [r.seat for r in rejected] == [other]
    # Pending at the take's place: "taken"; ordered after it: "closed" on arrival.
    assert rejected[0].reason in ("taken", "closed")
    made = [e.seat for e in events if isinstance(e, AcceptanceMade)]
    assert (rejected[0].reason == "taken") == (other in made)


@pytest.mark.parametrize("seed", range(4))
def test_withdrawal_racing_an_acceptance_follows_the_key_order(seed: int) -> None:
    net = _dealt_table(4, 200 + seed)
    runtimes = net.runtimes
    offer_id = _open(net, 0, 1, seed)
    assert runtimes[0].act(WithdrawOffer(0, offer_id)) is None
    assert runtimes[1].act(AcceptOffer(1, offer_id, _cards(runtimes[1], 1))) is None
    events = _agreed(_settle(net, 2000 + seed))
    withdraw = _key_of(net, 0, WithdrawOffer)
    accept = _key_of(net, 1, AcceptOffer)
    kinds = [type(e).__name__ for e in events]
    if withdraw < accept:
        # Withdrawal first: the acceptance arrives at a closed offer.
        assert kinds == ["OfferWithdrawn", "AcceptanceRejected"]
        assert events[1].reason == "closed"  # type: ignore[attr-defined]
    elif any(isinstance(e, SwapMade) for e in events):
        # The offerer's peer took it before the withdrawal's place: too late.
        assert isinstance(events[-1], WithdrawalTooLate)
    else:
        assert any(isinstance(e, OfferWithdrawn) for e in events)
        rejected = [e for e in events if isinstance(e, AcceptanceRejected)]
        assert [r.reason for r in rejected] == ["withdrawn"]


@pytest.mark.parametrize("seed", range(3))
def test_a_declaration_is_judged_on_the_hand_at_its_place(seed: int) -> None:
    net = _dealt_table(4, 300 + seed)
    runtimes = net.runtimes
    # The offerer declares while an acceptance is on its way: the declaration was sent before
    # the take, so it sees the hand before the swap, on every seat.
    offer_id = _open(net, 0, 1, seed)
    offered = runtimes[0].state.offer_of(0).cards
    assert runtimes[0].act(DeclarePurrfect(0, b"\x01" * 32)) is None
    assert runtimes[1].act(AcceptOffer(1, offer_id, _cards(runtimes[1], 1))) is None
    events = _agreed(_settle(net, 3000 + seed))
    declared = [e for e in events if isinstance(e, PurrfectDeclared)]
    swap = next(e for e in events if isinstance(e, SwapMade))
    assert len(declared) == 1 and not declared[0].valid
    assert set(offered) <= {t for t, _ in declared[0].hand}
    assert events.index(declared[0]) < events.index(swap)
    # The acceptor of the next trade declares once its acceptance counts: the take is already
    # ahead of it, so it is judged on the swapped hand.
    offer_id = _open(net, 2, 1, seed)
    assert runtimes[3].act(AcceptOffer(3, offer_id, _cards(runtimes[3], 1))) is None
    net.rng = random.Random(seed)
    for _ in range(100_000):
        net._collect()
        if runtimes[3].may_act():
            break
        busy = [link for link, queue in net.links.items() if queue]
        if not busy:
            for runtime in runtimes:
                runtime.tick()
            continue
        sender, receiver = net.rng.choice(busy)
        runtimes[receiver].receive(net.links[(sender, receiver)].popleft(), sender)
    assert runtimes[3].act(DeclarePurrfect(3)) is None
    events = _agreed(_settle(net, 3100 + seed))
    swap = next(e for e in events if isinstance(e, SwapMade))
    declared = [e for e in events if isinstance(e, PurrfectDeclared)]
    assert len(declared) == 1 and events.index(swap) < events.index(declared[0])
    assert set(swap.acceptor_got) <= {t for t, _ in declared[0].hand}


@pytest.mark.parametrize("seed", range(3))
def test_two_declarations_take_their_places_in_key_order(seed: int) -> None:
    net = _dealt_table(4, 400 + seed)
    runtimes = net.runtimes
    for seat in (1, 2):
        assert runtimes[seat].act(DeclarePurrfect(seat)) is None
    events = _agreed(_settle(net, 4000 + seed))
    declared = [e.seat for e in events if isinstance(e, PurrfectDeclared)]
    by_key = sorted((1, 2), key=lambda s: _key_of(net, s, DeclarePurrfect))
    assert declared == by_key
    # Each showed its whole hand to everyone, and the shown cards were re-masked.
    for runtime in runtimes:
        for seat in (1, 2):
            hand = runtime.state.hands[seat]
            seen = [runtime.state.cards.seen_by.get(t, frozenset()) for t in hand]
            assert all(s is not None for s in seen) or runtime.seat == seat


# ---- swaps move the bound slots ------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_a_swap_hands_over_exactly_the_cards_offered_and_committed(seed: int) -> None:
    net = _dealt_table(4, 500 + seed)
    runtimes = net.runtimes
    offer_id = _open(net, 0, 2, seed)
    offered = runtimes[0].state.offer_of(0).cards
    committed = _cards(runtimes[1], 2)
    faces = [runtimes[0].state.cards.faces[t] for t in offered]
    faces += [runtimes[1].state.cards.faces[t] for t in committed]
    assert runtimes[1].act(AcceptOffer(1, offer_id, committed)) is None
    events = _agreed(_settle(net, 5000 + seed))
    # Every seat keeps the same bindings (those of the deal, the offer, the acceptance, the swap).
    bound = [runtime.bindings for runtime in runtimes]
    assert all(b is not None and b.slot_of == bound[0].slot_of for b in bound)  # type: ignore[union-attr]
    swap = next(e for e in events if isinstance(e, SwapMade))
    for runtime in runtimes:
        fair = runtime.fair
        assert fair is not None and runtime.bindings is not None
        slot_of = runtime.bindings.slot_of
        # The cards left with no hand re-shuffle: one transfer, the new tokens on its slots.
        assert not [e for e in fair.history if e[0] == "draw"]
        moved = [e for e in fair.history if e[0] == "transfer"]
        assert [(e[1], e[2]) for e in moved] == [(0, 1), (1, 0)]
        assert [slot_of[t] for t in swap.acceptor_got + swap.offerer_got] == [
            s for e in moved for s in e[3]
        ]
        assert not any(t in slot_of for t in offered + committed)
    # Each side reads, token by token, exactly the faces the other side named.
    got = [runtimes[1].state.cards.faces[t] for t in swap.acceptor_got]
    got += [runtimes[0].state.cards.faces[t] for t in swap.offerer_got]
    assert got == faces
    for runtime, tokens in ((runtimes[1], swap.acceptor_got), (runtimes[0], swap.offerer_got)):
        assert [runtime._face(runtime.bindings.slot_of[t]) for t in tokens] == [  # type: ignore[union-attr]
            runtime.state.cards.faces[t] for t in tokens
        ]


def _steps_until_swapped(net: Network, limit: int, sides: tuple[int, int]) -> tuple[int, int]:
    """Deliver in message steps (`Network.step`): the number of steps until every seat shows
    the swap, and until both `sides` were shown the faces they received."""
    runtimes = net.runtimes
    swapped: list[int | None] = [None] * len(runtimes)
    faces: list[int | None] = [None] * len(runtimes)
    for step in range(1, limit + 1):
        net.step()
        for seat, runtime in enumerate(runtimes):
            events = [s.event for u in runtime.take_updates() for s in u.steps]
            if swapped[seat] is None and any(isinstance(e, SwapMade) for e in events):
                swapped[seat] = step
            if faces[seat] is None and any(
                isinstance(e, FacesShown) and e.to and seat in e.to for e in events
            ):
                faces[seat] = step
        if all(swapped) and all(faces[s] for s in sides):
            return max(s or 0 for s in swapped), max(faces[s] or 0 for s in sides)
    return limit + 1, limit + 1


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (7, 3)])
def test_an_acceptance_is_swapped_on_every_seat_two_message_steps_later(
    players: int, seed: int
) -> None:
    """docs/realtime-order.md §3, "Why the skip": the acceptance reaches the offerer, which
    takes it; the take and every other seat's tick answering the acceptance reach every seat,
    where the acceptor's skip lets the take be placed with its acceptance, and every seat shows
    the swap at once (§4). Both sides' transfers, each with every share its receiver lacks but
    its own (docs/decisions/0052), bring the faces one step later. Without the skip the take
    waited one more step for the acceptor's next stamp; without the carried shares every seat
    sent its shares of the new cards in a fourth; without the swap shown at the take's place
    it showed with the faces."""
    net = _dealt_table(players, 700 + seed)
    runtimes = net.runtimes
    offer_id = _open(net, 0, 1, seed)
    assert runtimes[1].act(AcceptOffer(1, offer_id, _cards(runtimes[1], 1))) is None
    assert _steps_until_swapped(net, 8, (0, 1)) == (2, 3)
    assert all(not r.accusations for r in runtimes)
    assert len({_public(r) for r in runtimes}) == 1


@pytest.mark.parametrize(
    ("cheat", "cheater"), [(cheats.SameCatAcceptor, 1), (cheats.SameCatOfferer, 2)]
)
def test_a_swap_that_hands_over_other_cards_of_the_cat_is_named_at_once(
    cheat: type[FairPeer], cheater: int
) -> None:
    # The patched side re-masks other cards of its hand, of the cat it named, in its hand-over
    # (with two holder-chosen draws it picked them after reading the offered cards, and was
    # named only later, or at the round's audit). Its hand-over is checked against the slots
    # bound when the offer and the acceptance took their places, before any share of either
    # side is sent: named at once, by every seat, on that very message.
    net = _table(4, 7, factories={cheater: cheat})
    net.run(max_frames=300_000)
    peer = net.runtimes[cheater].fair
    assert isinstance(peer, cheats.SameCatSwapper) and peer.cheated
    assert not peer.saw_the_other_side, "it chose before any card of the other side was readable"
    for runtime in net.runtimes:
        if runtime.seat == cheater:
            continue
        first = runtime.accusations[0]
        assert (first.seat, first.rule, first.when) == (cheater, "F-MOVE", AT_ONCE), str(first)
        body = msgpack.unpackb(first.evidence[0].body, raw=False)
        assert first.evidence[0].sender == runtime.spec.members[cheater]
        assert body["k"] == "transfer"
        assert runtime.rounds[-1].audit is None, "named before the round's audit"
        # Nobody, the cheater included, could read a card of this swap.
        fair = runtime.fair
        assert fair is not None and fair.op is not None and fair.op.kind == "transfer"


def test_the_audit_replay_names_the_side_whose_swap_cards_differ() -> None:
    # The audit replays each take with every face known (`me` None): the cards the masked
    # draws moved must be the ones offered and committed, or the side that moved them is named.
    layer = PurrfectLayer()
    state = layer.new_state(4, {})
    state = layer.game.apply(state, layer.opening(state, b"\x07" * 32).action).state
    faces = state.cards.faces
    mine, theirs = state.hands[0][0], state.hands[1][0]
    state = layer.game.apply(state, OpenOffer(0, (mine,))).state
    offer_id = state.offer_of(0).offer_id
    state = layer.game.apply(state, AcceptOffer(1, offer_id, (theirs,))).state
    take = TakeAcceptance(0, offer_id, 1)
    layer.complete(state, take, [faces[mine], faces[theirs]], None)
    with pytest.raises(Misplay) as offerer:
        layer.complete(state, take, [faces[state.hands[0][1]], faces[theirs]], None)
    assert offerer.value.seat == 0
    with pytest.raises(Misplay) as acceptor:
        layer.complete(state, take, [faces[mine], faces[state.hands[1][1]]], None)
    assert acceptor.value.seat == 1


def test_a_seat_that_plays_a_deal_again_as_its_move_is_named_at_once() -> None:
    """A chance action has no seat: only a round's opening applies one (a round dealt again
    where it stands, a laptop gone). A seat that plays the deal again as its own move, to
    re-roll the hands and cancel the offers without leaving, is named at once for a move in
    another seat's name (catalogue row 73)."""
    honest = HeuristicBot()

    def re_roller(view: Any, seat: int, bot_rng: random.Random) -> Any:
        action = honest.choose(view, seat, bot_rng)
        return DealAgain(bytes(32)) if isinstance(action, OpenOffer) else action

    net = _table(4, 5, bots=[honest.choose, re_roller, honest.choose, honest.choose])
    net.run(max_frames=200_000)
    for runtime in net.runtimes:
        if runtime.seat == 1:
            continue
        named = runtime.accusations[0]
        assert (named.seat, named.rule, named.when) == (1, "F-GAME", AT_ONCE), str(named)
        assert named.detail == "played in another seat's name"
        assert runtime.state.round == 1 and runtime.rounds[-1].audit is None


@pytest.mark.parametrize("seed", range(3))
def test_a_click_while_my_last_move_takes_its_place_waits_for_it(seed: int) -> None:
    """A person accepts an offer and, before that acceptance has taken its place, opens an
    offer of their own: the second click is no error, and is played as soon as the seat is
    free. A kept click the rules then refuse is said to the player, as a refused click."""
    net = _dealt_table(4, 300 + seed)
    runtimes = net.runtimes
    offer_id = _open(net, 0, 1, seed)
    person = runtimes[1]
    given = _cards(person, 1)
    assert person.act(AcceptOffer(1, offer_id, given)) is None
    assert not person.may_act() and person.may_choose()
    groups = unlocked_by_cat(person.state, 1).values()
    kept = OpenOffer(1, next(tuple(g[:1]) for g in groups if given[0] not in g))
    assert person.act(kept) is None  # kept, not refused
    assert not person.may_choose()  # one click waits at a time
    assert person.act(WithdrawOffer(1, 99)).startswith("wait")
    events = _agreed(_settle(net, 3000 + seed))
    assert [type(e) for e in events if isinstance(e, SwapMade | OfferOpened)] == [
        SwapMade,
        OfferOpened,
    ]
    assert person.state.offer_of(1) is not None and not person.refused_later
    # A second offer of its own, chosen while an acceptance takes its place: P-5.4.
    other = _open(net, 2, 1, seed)
    assert person.act(AcceptOffer(1, other, _cards(person, 1))) is None
    assert person.act(OpenOffer(1, _cards(person, 1))) is None
    _settle(net, 4000 + seed)
    assert [r[:6] for r in person.refused_later] == ["P-5.4:"], person.refused_later
