"""No sin mi gato between seat runtimes: the cat pile is a masked deck nobody is dealt, every cat
is turned up for all seats at once and for nobody before, and every seat ends with the same
game as the audit's full-knowledge replay."""

import random
from collections import deque
from dataclasses import replace
from typing import Any

import pytest

from lanpurr.fair import group
from lanpurr.fair.masked_deck import Masked, ShuffleSecret, unmask_with_key
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import Operation
from lanpurr.games.gutters.bots import BOTS
from lanpurr.games.gutters.components import CAT_IDS, TOTAL_POINTS
from lanpurr.seat.games.gutters import GAME
from lanpurr.seat.harness import Network, seat_table
from lanpurr.seat.hidden import with_faces
from lanpurr.seat.runtime import SeatRuntime


def table(players: int, seed: int, mode: str, board: str = "standard", **extra: Any) -> Network:
    rng = random.Random(seed)
    bots = [BOTS[rng.choice(sorted(BOTS))]().choose for _ in range(players)]
    options = {"mode": mode, "board": board}
    return seat_table("gutters", players, bots, rng, options=options, **extra)


def assert_agreed_and_fair(network: Network) -> None:
    runtimes = network.runtimes
    assert all(r.accusations == [] for r in runtimes), [r.accusations[:1] for r in runtimes]
    final = runtimes[0].state
    assert GAME.is_over(final)
    assert all(r.state == final for r in runtimes), "the seats' replicas differ"
    scores = {tuple(r.layer.scores(r.state)) for r in runtimes}
    assert len(scores) == 1 and sum(scores.pop()) == TOTAL_POINTS
    for runtime in runtimes:
        for record in runtime.rounds:
            assert record.audit is not None and record.audit.fair, str(record.audit)
            assert record.replay is not None
            full = record.replay.states
            assert len(full) == len(record.views)
            for step, (mine, state) in enumerate(zip(record.views, full, strict=True)):
                assert mine == GAME.view(state, runtime.seat), f"seat {runtime.seat}, step {step}"


@pytest.mark.parametrize(
    ("players", "mode", "board"),
    [
        (2, "competitive", "standard"),
        (3, "competitive", "standard"),
        (4, "competitive", "mini"),
        (2, "coop", "mini"),
        (3, "coop", "standard"),
        (4, "coop", "standard"),
        (4, "teams", "standard"),
        (4, "teams", "mini"),
        (1, "solo", "standard"),
    ],
)
def test_G_whole_games_end_the_same_on_every_seat_and_as_the_audit_replays_them(
    players: int, mode: str, board: str
) -> None:
    for seed in range(3):
        network = table(players, seed, mode, board)
        outcome = network.run()
        assert outcome.finished, [r.progress for r in network.runtimes]
        assert_agreed_and_fair(network)


# ---- nobody knows a cat before it is turned up (G-4.4, G-10) ------------------------------


def strings_in(value: Any, found: set[str]) -> set[str]:
    """Every string held anywhere inside `value` (dataclasses, containers, mappings)."""
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            strings_in(k, found)
            strings_in(v, found)
    elif isinstance(value, list | tuple | set | frozenset | deque):
        for v in value:
            strings_in(v, found)
    elif hasattr(value, "__dict__") or hasattr(value, "__slots__"):
        for name in getattr(value, "__slots__", ()) or vars(value):
            strings_in(getattr(value, name, None), found)
    return found


def check_no_early_cat(runtime: SeatRuntime) -> int:
    """No cat face anywhere in the seat's runtime (its replica, its pending play, the updates
    and views it keeps, what its fair peer decrypted) unless every seat has published its
    share for that cat's slot. Returns how many cats are face up."""
    fair = runtime.fair
    if fair is None:
        return 0
    everyone = fair.setup.seats
    public = {s for s in range(len(fair.cards)) if len(fair.shares[s]) == everyone}
    assert set(fair.known) <= public, f"seat {runtime.seat} decrypted a pile card alone"
    turned_up = {runtime.deck[fair.known[s]] for s in public if s in fair.known}
    held = strings_in((runtime.state, runtime.pending, runtime.own, runtime.updates), set())
    held |= strings_in(runtime.rounds, set())
    held |= {runtime.deck[i] for i in fair.known.values()}
    early = (held & set(CAT_IDS)) - turned_up
    assert not early, f"seat {runtime.seat} holds {sorted(early)}, which it was never shown"
    return len(turned_up)


def joint_read(runtimes: list[SeatRuntime], slot: int) -> int:
    """The card in a pile slot, read with every seat's secret: only a test may do this."""
    x = runtimes[0].fair.secrets.x  # type: ignore[union-attr]
    for runtime in runtimes[1:]:
        x = group.s_add(x, runtime.fair.secrets.x)  # type: ignore[union-attr]
    fair = runtimes[0].fair
    assert fair is not None
    index = fair.lookup(unmask_with_key(fair.cards[slot], x))
    assert index is not None
    return index


def run_snooped(seed: int, leak: bool = False) -> int:
    """A 3-seat game in which the receiving seat is inspected after every frame."""
    network = table(3, seed, "competitive")
    runtimes = network.runtimes
    rng = random.Random(seed)
    checked = 0
    for receiver in network.frames(rng):
        spy = runtimes[receiver]
        fair = spy.fair
        if leak and fair is not None and fair.phase == "ready" and spy.state.cat_pile:
            # A planted leak: the spy's replica learns the pile's top cat before it is up.
            token = spy.state.cat_pile[0]
            face = spy.deck[joint_read(runtimes, spy.now.pile[token])]
            spy.state = replace(spy.state, cards=with_faces(spy.state.cards, [(token, face)], ()))
        check_no_early_cat(spy)
        checked += 1
    assert all(r.over for r in runtimes)
    assert {check_no_early_cat(r) for r in runtimes} == {len(CAT_IDS)}
    return checked


def test_G_10_no_seat_holds_a_cat_of_the_pile_before_it_is_turned_up() -> None:
    assert run_snooped(5) > 200


def test_the_early_cat_check_catches_a_planted_leak() -> None:
    with pytest.raises(AssertionError, match="which it was never shown"):
        run_snooped(5, leak=True)


# ---- cheats ------------------------------------------------------------------------------


class WrongShareForTheTopCat(FairPeer):
    """Sends, for a cat the rules turn up, the decryption share of another card."""

    opening = False
    """True: cheat on the set-up's first two cats; False: on a cat a play turns up."""

    def share_for(self, op: Operation, slot: int) -> list[Any]:
        entry = super().share_for(op, slot)
        if op.kind == "reveal" and (slot < 2) == self.opening:
            other = next(s for s in range(len(self.cards)) if s != slot)
            entry[1] = super().share_for(op, other)[1]
        return entry


class WrongShareAtTheSetUp(WrongShareForTheTopCat):
    opening = True


@pytest.mark.parametrize("factory", [WrongShareForTheTopCat, WrongShareAtTheSetUp])
def test_a_wrong_share_for_the_top_cat_is_named_at_once_by_every_honest_seat(
    factory: type[FairPeer],
) -> None:
    network = table(3, 11, "competitive", factories={1: factory})
    network.run()
    for runtime in network.runtimes:
        if runtime.seat == 1:
            continue
        assert runtime.accusations, f"seat {runtime.seat} did not notice"
        first = runtime.accusations[0]
        assert (first.seat, first.rule) == (1, "F-SHARE"), str(first)
        assert first.evidence and first.evidence[0].sender == runtime.spec.members[1]
        assert runtime.halted and not runtime.over
        assert check_no_early_cat(runtime) < len(CAT_IDS)


class FakeCatShuffler(FairPeer):
    """Puts a masked card of its own making into the pile."""

    def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret, proof = super().make_shuffle(deck)
        fake = group.hash_to_point(b"a cat of my own")
        r = group.random_scalar()
        out[3] = (group.base_mul(r), group.add(fake, group.mul(r, self.key)))
        return out, secret, proof


def test_a_false_cat_in_the_pile_is_named_at_once_by_its_shuffle_proof() -> None:
    network = table(2, 3, "competitive", factories={0: FakeCatShuffler})
    network.run()
    honest = network.runtimes[1]
    assert honest.accusations, "seat 1 did not notice the false cat"
    first = honest.accusations[0]
    assert (first.seat, first.rule) == (0, "F-SHUFFLE"), str(first)
    assert honest.halted and not GAME.is_over(honest.state)
