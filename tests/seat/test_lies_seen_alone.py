"""Lies only one seat can see (docs/fair-play.md): the receiver turns them over for all.

A Purrfect swap hands each side's cards face down to one seat: only the receiver can read
them, so only it can see that an offer (P-5.3) or an acceptance (P-5.6) was not one cat. It
must not be the one named for stopping: it publishes its own proven shares of exactly those
cards (`expose`), every seat reads the faces itself, and names the holder that lied, or the
receiver if the cards break nothing or its proof fails.
"""

import random
from dataclasses import replace
from typing import Any

import msgpack
import pytest

from lanpurr.fair.accusation import AT_ONCE, Accusation
from lanpurr.fair.envelope import Envelope
from lanpurr.fair.peer_evidence import EXPOSE
from lanpurr.games.momistigri.actions import DiscardPair, Pass
from lanpurr.games.momistigri.bots import HeuristicBot as MomistigriBot
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
        # The evidence: the receiver's signed exposure and every share of those cards.
        exposed = [e for e in first.evidence if _kind(e) == EXPOSE]
        assert len(exposed) == 1 and exposed[0].sender == members[receiver]
        shares = [e for e in first.evidence if _kind(e) == "shares"]
        assert {e.sender for e in shares} == {m for s, m in enumerate(members) if s != receiver}
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


@pytest.mark.parametrize("seed", range(1, 9))
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


@pytest.mark.parametrize("seed", [1, 4, 5, 8, 9])  # games in which one seat knew it alone
def test_a_pass_holding_a_pair_only_one_seat_knows_of_is_left_to_the_audit(seed: int) -> None:
    # M-5.8 (strict_discard): a patched seat 1 passes while holding a pair. The seat that
    # handed it those cards knows their faces; nobody else does. Before, that seat named seat
    # 1 on its own word and halted, and every other seat's timeout then named *it* (F-REVEAL:
    # its shares never came). Now it plays on as the table does and the round's audit, or
    # the hands the rules turn up, name seat 1 on every seat.
    bots = [MomistigriBot().choose, _passer, MomistigriBot().choose]
    net = seat_table("momistigri", 3, bots, random.Random(seed), options={"strict_discard": "on"})
    patched = net.runtimes[1]
    patched.state = replace(patched.state, strict_discard=False)  # its own engine lets it
    net.run(max_frames=200_000)
    for runtime in net.runtimes:
        runtime.time_out()
    honest = [net.runtimes[0], net.runtimes[2]]
    for runtime in honest:
        assert runtime.accusations, f"seat {runtime.seat} named nobody"
        assert all(a.seat == 1 for a in runtime.accusations), runtime.accusations
        assert "M-5.8" in runtime.accusations[0].detail
    assert any("only this seat knows" in note for r in honest for note in r.notes), (
        "no seat knew the pair alone in this game"
    )
