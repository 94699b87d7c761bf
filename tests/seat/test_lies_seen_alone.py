"""Lies only one seat can see (docs/fair-play.md): the seat that sees one shows it to all.

A Purrfect swap hands each side's cards face down to one seat: only the receiver can read
them, so only it can see that an offer (P-5.3) or an acceptance (P-5.6) was not one cat. It
must not be the one named for stopping: it publishes its own proven shares of exactly those
cards (`expose`), every seat reads the faces itself, and names the holder that lied, or the
receiver if the cards break nothing or its proof fails.

A Momistigri pass under `strict_discard` promises that the passer holds no pair: only the seat
that handed it cards of a pair can see it does. That seat shows those cards (`held`), traced
with proofs through its own hand re-shuffles, and every seat judges them the same way.
"""

import random
from dataclasses import replace
from typing import Any

import msgpack
import pytest

from lanpurr.fair.accusation import AT_ONCE, Accusation
from lanpurr.fair.envelope import Envelope
from lanpurr.fair.peer_evidence import EXPOSE
from lanpurr.fair.peer_held import HELD
from lanpurr.games.momistigri.actions import DiscardPair, Pass
from lanpurr.games.momistigri.bots import HeuristicBot as MomistigriBot
from lanpurr.games.momistigri.deck import value_of
from lanpurr.games.momistigri.legal import pairs_in_hand
from lanpurr.games.purrfect.actions import AcceptOffer, OpenOffer
from lanpurr.games.purrfect.cats import cat_of
from lanpurr.games.purrfect.legal import unlocked_by_cat
from lanpurr.seat.harness import Network, seat_table
from lanpurr.seat.runtime import SeatRuntime
from lanpurr.seat.seat_base import PeerFactory
from tests.seat import cheats
from tests.seat.test_cheat_catalogue import Row, play


def _idle(view: Any, seat: int, rng: random.Random) -> None:
    return None


def _dealt(seed: int, factories: dict[int, PeerFactory]) -> Network:
    """Four seats whose bots never act, each holding its cards; one runs a patched peer."""
    net = seat_table("purrfect", 4, [_idle] * 4, random.Random(seed), factories=factories)
    net.run(wake=0)
    assert all(r.dealt and r.may_act() for r in net.runtimes)
    return net


def _settle(net: Network, seed: int) -> None:
    """Deliver everything in flight in a new interleaving; then the table's patience runs out
    for whoever still waits (a halted seat names nobody more)."""
    net.rng = random.Random(seed)
    net.run(wake=0)


def _cards(runtime: SeatRuntime, size: int) -> tuple[int, ...]:
    """`size` unlocked cards of one cat from the seat's hand."""
    groups = unlocked_by_cat(runtime.state, runtime.seat)
    return tuple(next(cards for cards in groups.values() if len(cards) >= size)[:size])


def _swap(net: Network, offerer: int, acceptor: int, seed: int) -> None:
    """`offerer` offers two cards of one cat, `acceptor` accepts with two of its own."""
    assert net.runtimes[offerer].act(OpenOffer(offerer, _cards(net.runtimes[offerer], 2))) is None
    _settle(net, seed)
    offer = net.runtimes[acceptor].state.offer_of(offerer)
    assert offer is not None
    committed = _cards(net.runtimes[acceptor], 2)
    assert net.runtimes[acceptor].act(AcceptOffer(acceptor, offer.offer_id, committed)) is None
    _settle(net, seed + 1)


def _kind(envelope: Envelope) -> str:
    return str(msgpack.unpackb(envelope.body, raw=False)["k"])


def _first(runtime: SeatRuntime) -> Accusation:
    assert runtime.accusations, f"seat {runtime.seat} named nobody"
    return runtime.accusations[0]


def _nobody_else_named(net: Network, cheater: int) -> None:
    """Not now, and not when the table's patience runs out."""
    for runtime in net.runtimes:
        runtime.time_out()
        assert all(a.seat == cheater for a in runtime.accusations), runtime.accusations


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(
    ("cheat", "cheater", "receiver", "rule"),
    [(cheats.MixedCatOfferer, 0, 1, "P-5.3"), (cheats.MixedCatAcceptor, 1, 0, "P-5.6")],
    ids=["offer", "acceptance"],
)
def test_cards_of_two_cats_are_turned_over_by_their_receiver_and_their_holder_is_named(
    cheat: PeerFactory, cheater: int, receiver: int, rule: str, seed: int
) -> None:
    net = _dealt(600 + seed, {cheater: cheat})
    _swap(net, 0, 1, 6000 + seed)
    peer = net.runtimes[cheater].fair
    assert isinstance(peer, cheats.MixedCatSwapper) and peer.substituted is not None
    members = net.runtimes[0].spec.members
    exposures: set[bytes] = set()
    for runtime in net.runtimes:
        if runtime.seat == cheater:
            continue
        first = _first(runtime)
        # The holder, at once, for the game's rule; its own hand-over is the message named.
        assert (first.seat, first.rule, first.when) == (cheater, "F-GAME", AT_ONCE), str(first)
        assert first.detail.startswith(f"{rule}: seat {cheater}")
        assert f"turned over by seat {receiver}" in first.detail
        faces = first.detail.split("(", 1)[1].split(")", 1)[0].split(", ")
        assert len(faces) == 2 and len({cat_of(f) for f in faces}) == 2
        assert first.message == (members[cheater], first.evidence[0].seq)
        assert _kind(first.evidence[0]) == "transfer"
        # The evidence: the receiver's signed exposure, and the hand-over, which carries every
        # other share of those cards: its holder's own, and the other seats' it derived.
        exposed = [e for e in first.evidence if _kind(e) == EXPOSE]
        assert len(exposed) == 1 and exposed[0].sender == members[receiver]
        handed = msgpack.unpackb(first.evidence[0].body, raw=False)
        assert len(handed["own"]) == len(handed["carried"]) >= 2
        assert all(len(carried) == len(members) - 2 for carried in handed["carried"])
        exposures.add(exposed[0].encode())
        # The round stopped there, void: no audit, and the receiver's seat did not halt
        # silently: it named the same seat, on the same evidence, as every other seat.
        assert runtime.halted and runtime.rounds[-1].audit is None
    assert len(exposures) == 1, "every seat judged the very message the receiver signed"
    witness = next(r for r in net.runtimes if r.seat not in (cheater, receiver))
    assert _first(net.runtimes[receiver]) == _first(witness)
    _nobody_else_named(net, cheater)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(
    ("cheat", "exposer", "rule"),
    [
        (cheats.NeedlessExposer, 1, "F-EXPOSE"),
        (cheats.FalseExposer, 1, "F-SHARE"),
        (cheats.BystanderExposer, 2, "F-TURN"),
    ],
    ids=["honest-cards", "false-proof", "cards-not-handed-to-it"],
)
def test_a_seat_that_turns_over_an_honest_swap_is_named_itself(
    cheat: PeerFactory, exposer: int, rule: str, seed: int
) -> None:
    net = _dealt(700 + seed, {exposer: cheat})
    _swap(net, 0, 1, 7000 + seed)
    peer = net.runtimes[exposer].fair
    assert getattr(peer, "exposed_once", False)
    members = net.runtimes[0].spec.members
    for runtime in net.runtimes:
        if runtime.seat == exposer:
            continue
        first = _first(runtime)
        assert (first.seat, first.rule, first.when) == (exposer, rule, AT_ONCE), str(first)
        assert [_kind(e) for e in first.evidence] == [EXPOSE]
        assert first.evidence[0].sender == members[exposer]
    _nobody_else_named(net, exposer)


def _hand_one_card(net: Network, giver: int, taker: int, cat: str, seed: int) -> str:
    """`giver` offers one card of `cat`, `taker` accepts with one card of its own: the face
    that went over."""
    card = unlocked_by_cat(net.runtimes[giver].state, giver)[cat][0]
    face = net.runtimes[giver].state.cards.faces[card]
    assert net.runtimes[giver].act(OpenOffer(giver, (card,))) is None
    _settle(net, seed)
    offer = net.runtimes[taker].state.offer_of(giver)
    assert offer is not None
    assert (
        net.runtimes[taker].act(AcceptOffer(taker, offer.offer_id, _cards(net.runtimes[taker], 1)))
        is None
    )
    _settle(net, seed + 1)
    return face


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("rule", ["P-5.3", "P-5.6"], ids=["offer", "acceptance"])
def test_cards_a_seat_handed_over_that_come_back_in_a_move_of_two_cats_are_shown_by_it(
    rule: str, seed: int
) -> None:
    # Seat 0 hands seat 1 a card of one cat, then a card of another, in two swaps. A patched
    # seat 1 then offers (or commits) exactly those two as one cat. Only seat 0 knows their
    # faces; before, it played on as the table did, and the lie waited for the swap's receiver
    # (or, with no swap, the round's audit). Now seat 0 shows them at the move's place.
    net = _dealt(900 + seed, {})
    cats = sorted(unlocked_by_cat(net.runtimes[0].state, 0))
    faces = [_hand_one_card(net, 0, 1, cat, 9000 + 10 * seed + i) for i, cat in enumerate(cats[:2])]
    liar = net.runtimes[1]
    mine = {liar.state.cards.faces[t]: t for t in liar.state.hands[1]}
    tokens = tuple(mine[face] for face in faces)
    if rule == "P-5.3":
        liar.send_move(OpenOffer(1, tokens))
    else:
        helper = net.runtimes[2]
        assert helper.act(OpenOffer(2, _cards(helper, 2))) is None
        _settle(net, 9500 + seed)
        offer = liar.state.offer_of(2)
        assert offer is not None
        liar.send_move(AcceptOffer(1, offer.offer_id, tokens))
    liar._run()
    _settle(net, 9900 + seed)
    members = net.runtimes[0].spec.members
    for runtime in net.runtimes:
        if runtime.seat == 1:
            continue
        first = _first(runtime)
        assert (first.seat, first.rule, first.when) == (1, "F-GAME", AT_ONCE), str(first)
        assert first.detail.startswith(f"{rule}: seat 1 "), first.detail
        assert "shown by seat 0" in first.detail
        assert _kind(first.evidence[-1]) == HELD and first.evidence[-1].sender == members[0]
        assert first.message is not None and first.message[0] == members[1]
    for runtime in net.runtimes:
        if runtime.seat != 1:
            runtime.time_out()
            assert all(a.seat == 1 for a in runtime.accusations), runtime.accusations


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 7, 8, 9])  # games in which the cheater lies
@pytest.mark.parametrize("cheat", [cheats.MixedCatOfferer, cheats.MixedCatAcceptor])
def test_in_whole_games_only_the_seat_that_lied_about_its_cards_is_ever_named(
    cheat: PeerFactory, seed: int
) -> None:
    # Before the receiver turned the cards over, it stopped alone and every other seat's
    # timeout named it (F-IDLE). Now, however the game goes — the cheater's own books keep
    # the honest move, so it may trip over them elsewhere (F-MOVE, F-TURN), or its move is
    # never swapped and the round's audit names it — only the cheater is named.
    row = Row(0, "mixed", cheat, "F-GAME", cheater=2, game="purrfect", players=4, seed=seed)
    network = play(row)
    for runtime in network.runtimes:
        if runtime.seat != 2:
            assert runtime.accusations, f"seat {runtime.seat} named nobody"
        assert all(a.seat == 2 for a in runtime.accusations) or runtime.seat == 2, (
            runtime.accusations
        )


# ---- Momistigri: a move only one seat knows to be illegal -----------------------------------


def _passer(view: Any, seat: int, rng: random.Random) -> Any:
    """Passes where the heuristic bot would discard its first pair of the turn."""
    action = MomistigriBot().choose(view, seat, rng)
    if isinstance(action, DiscardPair) and view.pairs_this_turn == 0:
        return Pass(seat)
    return action


def _strict_table(seed: int, bots: list[Any], factories: dict[int, PeerFactory]) -> Network:
    net = seat_table(
        "momistigri",
        3,
        bots,
        random.Random(seed),
        options={"strict_discard": "on"},
        factories=factories,
    )
    return net


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 7])  # games in which one seat knew it alone
def test_m_5_8_a_pass_holding_a_pair_only_one_seat_knows_of_is_shown_by_the_seat_that_handed_it(
    seed: int,
) -> None:
    # M-5.8 (strict_discard): a patched seat 1 passes while holding a pair. The seat that
    # handed it those cards knows their faces; nobody else does. Before, that seat played on
    # and the pass was caught only at the round's audit, or when the round's end turned the
    # hands up. Now it shows every seat those cards, traced with proofs to where they came
    # into its own hand, and every seat names seat 1 at once, on that message.
    bots = [MomistigriBot().choose, _passer, MomistigriBot().choose]
    net = _strict_table(seed, bots, {})
    patched = net.runtimes[1]
    patched.state = replace(patched.state, strict_discard=False)  # its own engine lets it
    net.run(max_frames=200_000)
    members = net.runtimes[0].spec.members
    honest = [net.runtimes[0], net.runtimes[2]]
    shown: set[bytes] = set()
    for runtime in honest:
        first = _first(runtime)
        assert (first.seat, first.rule, first.when) == (1, "F-GAME", AT_ONCE), str(first)
        assert first.detail.startswith("M-5.8: seat 1 passed holding the pair"), first.detail
        # The pass is the message named; the evidence adds the signed showing.
        assert first.message == (members[1], first.evidence[0].seq)
        assert [_kind(e) for e in first.evidence] == ["play", HELD]
        shower = members.index(first.evidence[1].sender)
        assert shower != 1 and f"shown by seat {shower}" in first.detail
        shown.add(first.evidence[1].encode())
        assert runtime.halted and runtime.rounds[-1].audit is None
    assert len(shown) == 1, "every seat judged the very message the shower signed"
    for runtime in honest:  # the patched seat's engine no longer knows the rule it broke
        runtime.time_out()
        assert all(a.seat == 1 for a in runtime.accusations), runtime.accusations


def _ones_first(view: Any, seat: int, rng: random.Random) -> Any:
    """Where the heuristic bot would discard its first pair of the turn, a 1+1 taken as its
    effect instead, when it holds another 1 to go with it."""
    action = MomistigriBot().choose(view, seat, rng)
    if not isinstance(action, DiscardPair) or view.pairs_this_turn:
        return action
    for pair in pairs_in_hand(view, seat):
        if pair.reverse or any(value_of(face) != 1 for face in pair.faces):
            continue
        others = [t for t in view.hands[seat] if t not in pair.cards]
        if any(value_of(view.cards.faces[t]) == 1 for t in others):
            return pair
    return action


def _keeps_its_other_ones(runtime: SeatRuntime) -> None:
    """A patched program: its 1+1 turns up the pair alone and keeps its other 1s hidden."""
    shown_by = runtime._shown_by

    def patched(action: Any, after: Any) -> tuple[list[tuple[int, str]], bool]:
        shown, keep = shown_by(action, after)
        if isinstance(action, DiscardPair) and not action.reverse:
            shown = [(t, f) for t, f in shown if t in action.cards]
        return shown, keep

    runtime._shown_by = patched  # type: ignore[method-assign]


@pytest.mark.parametrize("seed", [2, 4, 7, 9])  # games in which one seat knew a kept 1
def test_m_6_2_a_1_1_that_keeps_another_1_is_shown_by_the_seat_that_handed_it(seed: int) -> None:
    # M-6.2: a 1+1 taken as its effect turns up every other 1 of the hand with the pair. A
    # patched seat 1 turns up the pair alone. Nobody can see the 1 it kept but the seat that
    # handed it over; before, that seat's engine put the 1 on the pile and nobody else's did,
    # its game went apart from the table's, and it named an honest seat for a card "not in
    # its hand" (or stopped, and the others' timeouts named it). Now it shows that 1.
    bots = [MomistigriBot().choose, _ones_first, *[MomistigriBot().choose] * 3]
    net = seat_table("momistigri", 5, bots, random.Random(seed))
    _keeps_its_other_ones(net.runtimes[1])
    net.run(max_frames=400_000)
    honest = [r for r in net.runtimes if r.seat != 1]
    for runtime in honest:
        first = _first(runtime)
        assert (first.seat, first.rule, first.when) == (1, "F-GAME", AT_ONCE), str(first)
        assert first.detail.startswith("M-6.2: seat 1 discarded 1+1 and kept"), first.detail
        assert [_kind(e) for e in first.evidence] == ["play", HELD]
    for runtime in honest:
        runtime.time_out()
        assert all(a.seat == 1 for a in runtime.accusations), runtime.accusations


@pytest.mark.parametrize("seed", [3, 4, 6])  # games with an honest pass to show
@pytest.mark.parametrize(
    ("cheat", "rule"),
    [(cheats.NeedlessShower, "F-EXPOSE"), (cheats.FalseTracer, "F-SHARE")],
    ids=["honest-cards", "false-link"],
)
def test_a_seat_that_shows_the_cards_of_an_honest_pass_is_named_itself(
    cheat: PeerFactory, rule: str, seed: int
) -> None:
    bots = [MomistigriBot().choose] * 3
    net = _strict_table(80 + seed, bots, {0: cheat})
    net.run(max_frames=200_000)
    peer = net.runtimes[0].fair
    assert getattr(peer, "shown_once", False), "no pass to show in this game"
    members = net.runtimes[0].spec.members
    for runtime in net.runtimes[1:]:
        first = _first(runtime)
        assert (first.seat, first.rule, first.when) == (0, rule, AT_ONCE), str(first)
        assert [_kind(e) for e in first.evidence] == [HELD]
        assert first.evidence[0].sender == members[0]
    _nobody_else_named(net, 0)
