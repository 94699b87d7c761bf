"""Momistigri between seat runtimes: each seat holds only its own knowledge, frames from several
senders reach every seat in a different random interleaving, and yet every seat ends with the
same scores as the audit's full-knowledge replay."""

import random
from collections import deque
from typing import Any

import pytest

from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import Operation
from lanpurr.games.momistigri.bots import BOTS
from lanpurr.games.momistigri.game import GAME
from lanpurr.seat.harness import Network, seat_table
from lanpurr.seat.hidden import with_faces
from lanpurr.seat.runtime import SeatRuntime


def play(players: int, seed: int, **options: Any) -> Network:
    rng = random.Random(seed)
    bots = [BOTS[rng.choice(sorted(BOTS))]().choose for _ in range(players)]
    network = seat_table("momistigri", players, bots, rng, options=options)
    outcome = network.run()
    assert outcome.finished, [r.progress for r in network.runtimes]
    return network


def assert_agreed_and_fair(network: Network) -> None:
    runtimes = network.runtimes
    assert all(r.accusations == [] for r in runtimes)
    assert len({tuple(r.state.totals) for r in runtimes}) == 1
    for runtime in runtimes:
        for record in runtime.rounds:
            assert record.audit is not None and record.audit.fair, str(record.audit)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {}),
        (4, {"strict_discard": "on"}),
        (5, {"five_pair": "each_active_including_self"}),
    ],
)
def test_whole_games_end_with_the_same_scores_on_every_seat(
    players: int, options: dict[str, str]
) -> None:
    for seed in range(4):
        network = play(players, seed, **options)
        assert_agreed_and_fair(network)
        final = network.runtimes[0].state
        assert GAME.is_over(final) and final.winners


def test_each_replica_view_equals_the_audits_full_state_at_every_step() -> None:
    for seed in range(6):
        network = play(3 + seed % 3, 100 + seed)
        for runtime in network.runtimes:
            for record in runtime.rounds:
                assert record.replay is not None
                full = record.replay.states
                assert len(full) == len(record.views)
                for step, (mine, state) in enumerate(zip(record.views, full, strict=True)):
                    assert mine == GAME.view(state, runtime.seat), (
                        f"seat {runtime.seat}, round {record.number}, step {step}"
                    )


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


def held_faces(runtime: SeatRuntime) -> set[str]:
    """Every face a runtime holds: in its replica, its pending work, what its fair peer
    decrypted, and its own private choices."""
    found = strings_in((runtime.state, runtime.pending, runtime.own), set())
    if runtime.fair is not None:
        found |= {runtime.deck[i] for i in runtime.fair.known.values()}
    return found


def check_no_leak(runtime: SeatRuntime, hands: dict[int, set[str]], shown: set[str]) -> None:
    """`shown`: every face the rules ever let this seat see (a card it held and lost to a
    blind draw stays known to it, as in the card game)."""
    cards = runtime.state.cards
    shown |= {f for t, f in cards.faces.items() if cards.knows(runtime.seat, t)}
    fair = runtime.fair
    if fair is not None:  # cards turned face up for everyone, ahead of the play they belong to
        everyone = fair.setup.seats
        shown |= {runtime.deck[i] for s, i in fair.known.items() if len(fair.shares[s]) == everyone}
    secret = set().union(*(h for s, h in hands.items() if s != runtime.seat)) - shown
    leaked = held_faces(runtime) & secret
    assert not leaked, f"seat {runtime.seat} holds {sorted(leaked)}, which it was never shown"


def run_snooped(seed: int, leak: bool = False) -> int:
    """A game in which every seat is inspected after every frame; returns the checks made."""
    rng = random.Random(seed)
    bots = [BOTS["heuristic"]().choose for _ in range(3)]
    network = seat_table("momistigri", 3, bots, rng)
    runtimes = network.runtimes
    if leak:
        # A planted leak: seat 2 peeks at seat 0's replica after every frame.
        spy = runtimes[2]
        original = spy.receive

        def peek(data: bytes, sender: int) -> None:
            original(data, sender)
            victim = runtimes[0].state
            if victim.hands:
                peeked = [(t, victim.cards.faces[t]) for t in victim.hands[0]]
                spy.state = spy.state.evolve(cards=with_faces(spy.state.cards, peeked, ()))

        spy.receive = peek  # type: ignore[method-assign]
    checked = 0
    shown: list[set[str]] = [set() for _ in runtimes]
    for runtime in runtimes:
        runtime.start()
    for _ in range(200_000):
        network._collect()
        busy = [link for link, queue in network.links.items() if queue]
        if not busy:
            break
        sender, receiver = rng.choice(busy)
        runtimes[receiver].receive(network.links[(sender, receiver)].popleft(), sender)
        # The truth, as only a test may gather it: each seat's hand as that seat knows it.
        hands = {
            r.seat: {r.state.cards.faces[t] for t in r.state.hands[r.seat]}
            for r in runtimes
            if r.state.hands
        }
        check_no_leak(runtimes[receiver], hands, shown[receiver])
        checked += 1
    assert all(r.over for r in runtimes)
    return checked


def test_a_seat_never_holds_a_face_of_another_hand_before_the_rules_show_it() -> None:
    assert run_snooped(7) > 500


def test_the_leak_check_catches_a_planted_leak() -> None:
    with pytest.raises(AssertionError, match="which it was never shown"):
        run_snooped(7, leak=True)


class WrongShare(FairPeer):
    """Sends a decryption share for another card than the one asked for, once play is on."""

    def share_for(self, op: Operation, slot: int) -> list[Any]:
        entry = super().share_for(op, slot)
        if op.kind == "draw-shares":
            entry[1] = super().share_for(op, 0)[1]
        return entry


class NamesAnotherCard(FairPeer):
    """Turns up another card of its hand than the pair it names."""

    def play(self, slots: Any, action: bytes = b"", keep: bool = False) -> list[bytes]:
        if len(slots) == 2 and self.seat is not None:
            others = [s for s in self.hand(self.seat) if s not in slots]
            slots = [slots[0], others[0]] if others else slots
        return super().play(slots, action, keep)


@pytest.mark.parametrize(
    ("factory", "rule"), [(WrongShare, "F-DRAW"), (NamesAnotherCard, "F-GAME")]
)
def test_a_cheating_seat_is_named_by_every_honest_seat_and_nothing_hangs(
    factory: type[FairPeer], rule: str
) -> None:
    rng = random.Random(3)
    bots = [BOTS["heuristic"]().choose for _ in range(3)]
    network = seat_table("momistigri", 3, bots, rng, factories={1: factory})
    network.run()
    for runtime in network.runtimes:
        if runtime.seat == 1:
            continue
        assert runtime.accusations, f"seat {runtime.seat} did not notice"
        first = runtime.accusations[0]
        assert (first.seat, first.rule) == (1, rule), str(first)
        assert first.evidence and first.evidence[0].sender == runtime.spec.members[1]
        assert not runtime.over and runtime.halted


@pytest.mark.parametrize("seed", [11, 15])
def test_a_pair_whose_effect_ends_the_round_shows_every_card_it_turns_up(seed: int) -> None:
    """Games (5 seats, default options) in which a 1+1 pair ends the round: the extra 1s it
    discards from the actor's hand are shown with the play, so every seat scores the round."""
    from lanpurr.seat.whole_game import play, problems

    run = play("momistigri", ["heuristic"] * 5, seed, shuffle_proofs=False)
    assert problems(run, views=False) == []


def test_a_seat_that_plays_a_deal_again_as_its_move_is_named_at_once() -> None:
    """A chance action has no seat: only a round's opening applies one. A seat that plays the
    deal again of a round under way (a laptop gone) as its own move, to re-roll the hands, is
    named at once for a move in another seat's name (catalogue row 72)."""
    from lanpurr.fair.accusation import AT_ONCE
    from lanpurr.games.momistigri.actions import DealAgain, Draw

    rng = random.Random(2)
    honest = BOTS["heuristic"]()

    def re_roller(view: Any, seat: int, bot_rng: random.Random) -> Any:
        action = honest.choose(view, seat, bot_rng)
        return DealAgain(bytes(32)) if isinstance(action, Draw) else action

    bots = [honest.choose, re_roller, honest.choose]
    network = seat_table("momistigri", 3, bots, rng)
    network.run(max_frames=200_000)
    for runtime in network.runtimes:
        if runtime.seat != 1:
            [named] = runtime.accusations
            assert (named.seat, named.rule, named.when) == (1, "F-GAME", AT_ONCE)
            assert named.detail == "played in another seat's name"
            assert all(record.plays <= 1 for record in runtime.rounds)  # (the deal alone)
