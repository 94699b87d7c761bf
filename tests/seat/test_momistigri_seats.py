"""Momistigri between seat runtimes: each seat holds only its own knowledge, frames from several
senders reach every seat in a different random interleaving, and yet every seat ends with the
same scores as the audit's full-knowledge replay."""

import random
from collections import deque
from typing import Any

import msgpack
import pytest

from lanpurr.fair.envelope import Envelope
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import Operation
from lanpurr.games.momistigri.actions import DiscardPair, Draw
from lanpurr.games.momistigri.bots import BOTS
from lanpurr.games.momistigri.game import GAME
from lanpurr.games.momistigri.state import DRAW
from lanpurr.seat.games.momistigri import MomistigriLayer
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
    for receiver in network.frames(rng):
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

    rng = random.Random(5)  # seat 1 starts: its first move is its first turn's draw
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


def kinds(frames: list[bytes]) -> list[str]:
    """The fair protocol's kind of each frame (`play`, `hand`, `pick`, `shares`, …)."""
    return [msgpack.unpackb(Envelope.decode(f).body, raw=False)["k"] for f in frames]


def test_a_blind_draw_is_done_before_its_drawer_acts_and_the_draw_costs_no_wait() -> None:
    """As soon as a turn ends into a blind draw (M-5.1), every seat asks for it: the holder's
    `hand` leaves with the move that ended its turn, and when the drawer acts the card is
    already its own, so its Draw is folded at once on its seat, with no frame to wait for."""
    rng = random.Random(5)
    network = seat_table("momistigri", 3, [BOTS["heuristic"]().choose] * 3, rng)
    runtimes = network.runtimes
    layer = MomistigriLayer()
    seen = {"drawn before the click": 0, "hand with the last move": 0, "folded at once": 0}
    acted: dict[int, tuple[bool, int, int]] = {}
    """By seat: whether the bot drew, the plays it had folded and the frames it had sent."""
    for runtime in runtimes:
        bot = runtime.on_turn
        assert bot is not None

        def on_turn(r: SeatRuntime, bot: Any = bot) -> None:
            fair = r.fair
            assert fair is not None
            early = layer.early_draw(r.state)
            if early is not None:
                # The draw is done: its cards are the drawer's, read by its own laptop.
                entry = fair.history[-1]
                assert entry[0] == "draw" and entry[1:3] == (early.holder, r.seat), entry
                assert len(entry[3]) == early.count
                assert all(fair.owner[s] == r.seat and s in fair.known for s in entry[3])
                seen["drawn before the click"] += 1
            # (the first move of this frame's loop: a bot may act again once its draw is in)
            acted.setdefault(r.seat, (early is not None, r.rounds[-1].plays, len(r.outgoing)))
            bot(r)

        runtime.on_turn = on_turn
    for receiver in network.frames(rng):
        r = runtimes[receiver]
        if receiver not in acted:
            continue
        drew, plays, sent = acted.pop(receiver)
        after = kinds(r.outgoing[sent:])
        if drew:
            # Folded before any other frame came in (unless it ended the round and every
            # hand must be shown first).
            pending = r.pending
            folded = r.rounds[-1].plays > plays
            assert "play" in after and (folded or (pending is not None and pending.owners))
            seen["folded at once"] += folded
        then = layer.early_draw(r.state)
        if then is not None and then.holder == r.seat and "hand" in after:
            assert after.index("play") < after.index("hand")
            seen["hand with the last move"] += 1
    assert all(r.over for r in runtimes)
    assert_agreed_and_fair(network)
    assert all(count > 10 for count in seen.values()), seen


def test_a_pair_is_turned_up_with_its_holders_share_alone_and_folds_at_once() -> None:
    """Every card of a hand is shared by every seat but its holder, as the deal leaves it:
    also the cards a holder keeps after its hand was re-shuffled for another seat's draw,
    whose shares come with that draw's. So a pair is turned up by its holder's own share, and
    the discard is folded on its seat at once, with no other seat's frame to wait for (before,
    a pair of kept cards waited a round trip for every other seat's share)."""
    rng = random.Random(7)
    chosen: dict[int, Any] = {}

    def recording(view: Any, seat: int, rng: random.Random) -> Any:
        chosen[seat] = BOTS["heuristic"]().choose(view, seat, rng)
        return chosen[seat]

    network = seat_table("momistigri", 4, [recording] * 4, rng)
    runtimes = network.runtimes
    pairs: list[tuple[int, int, int]] = []
    """The pairs discarded while a frame is taken: (seat, round, plays folded before)."""
    for runtime in runtimes:
        bot = runtime.on_turn
        assert bot is not None

        def on_turn(r: SeatRuntime, bot: Any = bot) -> None:
            at = (r.seat, r.round, r.rounds[-1].plays)
            bot(r)
            if isinstance(chosen[r.seat], DiscardPair):
                pairs.append(at)

        runtime.on_turn = on_turn
    folded_at_once = kept_cards = 0
    for _ in network.frames(rng):
        for seat, number, plays in pairs:
            r = runtimes[seat]
            pending = r.pending
            if r.round != number or (pending is not None and pending.owners):
                continue  # (a pair that ends the round waits for every hand to be shown)
            assert r.rounds[-1].plays > plays, f"seat {seat}'s pair waited for other seats"
            folded_at_once += 1
            fair = r.fair
            assert fair is not None
            kept_cards += any(entry[0] == "draw" and entry[1] == seat for entry in fair.history)
        pairs.clear()
    assert all(r.over for r in runtimes)
    assert_agreed_and_fair(network)
    assert folded_at_once > 20 and kept_cards > 10, (folded_at_once, kept_cards)


def test_a_click_during_the_early_draw_waits_for_it_and_is_no_error() -> None:
    """A person clicks the fan as soon as the turn is theirs, while the table still draws the
    card for them: the click is kept, and played as soon as the draw is done."""
    rng = random.Random(9)
    network = seat_table("momistigri", 3, [BOTS["heuristic"]().choose] * 3, rng)
    person = network.runtimes[0]
    bot = person.on_turn
    person.on_turn = None
    clicked_early = 0
    clicked_at = (0, -1)
    for _ in network.frames(rng):
        if not person.over and not person.halted and person.seat in GAME.to_act(person.state):
            if person.may_act():
                assert bot is not None
                bot(person)
            elif person.state.phase == DRAW and person.dealt:
                at = (person.round, person.rounds[-1].plays)
                if at != clicked_at:
                    assert person.act(Draw(person.seat, (0,))) is None  # no error for the click
                    assert person.rounds[-1].plays == at[1]  # it waits for the draw
                    clicked_at = at
                    clicked_early += 1
    assert all(r.over for r in network.runtimes)
    assert_agreed_and_fair(network)
    assert clicked_early > 5
