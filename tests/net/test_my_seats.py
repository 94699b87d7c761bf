"""Laptops' seats (`net.game.seats.MySeats`) played against each other with no sockets.

Each "laptop" is a `MySeats` with its own record in its own home, fed pass by pass as its
driver would feed it: the frames the others sent (in a random order of laptops, a random
number of frames at a time), the time, and commands. Whole games, a laptop dropped and its
seats given to a bot, and a laptop rebuilt from its record, in a second or two each.
"""

import random
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from lanpurr.core.wire import encode
from lanpurr.fair.identity import Identity
from lanpurr.games.momistigri.dealt_again import UNDER_WAY
from lanpurr.games.momistigri.deck import deck_for
from lanpurr.games.momistigri.state import DESIGNATE, DESIGNATED_DRAW, DISCARD, DRAW, Pending
from lanpurr.games.purrfect.actions import OpenOffer
from lanpurr.games.purrfect.cats import faces_of
from lanpurr.games.purrfect.legal import unlocked_by_cat
from lanpurr.seat.table import TableSpec
from net.game import takeover
from net.game.commands import Act, Command, Gone, Swap, TakeSwap, TimeOut
from net.game.record import GameRecord
from net.game.seats import MySeats, PassOutput
from net.game.take_up import take_up

TABLE = bytes(range(16))
MAX_PASSES = 20_000


@dataclass
class Laptop:
    key: bytes
    home: Path
    seats: MySeats
    record: GameRecord
    inbox: list[tuple[int, bytes]] = field(default_factory=list)
    later: list[tuple[int, int, bytes]] = field(default_factory=list)
    """Frames of a generation of runtimes this laptop has not reached yet."""
    commands: list[Command] = field(default_factory=list)
    sent: dict[int, list[tuple[int, bytes]]] = field(default_factory=dict)
    """Every frame it sent, by generation (what a table's journal would hold)."""
    heard: list[tuple[int, int, bytes]] = field(default_factory=list)
    """Every frame it was sent: (generation, seat, frame)."""
    last: PassOutput | None = None
    started: bool = False


def table(
    tmp_path: Path, game: str, holders: list[int], options: dict[str, str] | None = None
) -> list[Laptop]:
    """Laptops playing `game`: seat s is played, by a bot, on laptop holders[s]."""
    identities = [Identity.generate() for _ in holders]
    spec = TableSpec.of(TABLE, game, tuple(i.public_key for i in identities), options or {})
    keys = [Identity.generate().public_key for _ in range(max(holders) + 1)]
    laptops = []
    for number, key in enumerate(keys):
        mine = [seat for seat, holder in enumerate(holders) if holder == number]
        plan = {seat: ("normal", False) for seat in mine}
        home = tmp_path / f"laptop{number}"
        record = GameRecord.create(home, TABLE, 1, 0.0, False, plan)
        seats = MySeats(
            spec, game, key, mine[0], plan,
            {seat: identities[seat] for seat in mine}, record, takeover.apply,
        )  # fmt: skip
        laptops.append(Laptop(key, home, seats, record))
    return laptops


def one_pass(laptop: Laptop, others: list[Laptop], now: float) -> PassOutput:
    generation = laptop.seats.generation
    reached = [(seat, frame) for g, seat, frame in laptop.later if g == generation]
    laptop.inbox = reached + laptop.inbox  # (they were sent before what came since)
    laptop.later = [item for item in laptop.later if item[0] > generation]
    inbox, laptop.inbox = laptop.inbox, []
    commands, laptop.commands = laptop.commands, []
    fresh = laptop.record.begin()
    out = laptop.seats.work(now, not laptop.started, inbox, commands, fresh)
    laptop.started = True
    if out.record is not None:
        laptop.record.append(out.record)
    laptop.sent.setdefault(out.generation, []).extend(out.frames)
    for other in others:
        if other is laptop:
            continue
        other.heard.extend((out.generation, seat, frame) for seat, frame in out.frames)
        if out.generation == other.seats.generation:
            other.inbox.extend(out.frames)
        elif out.generation > other.seats.generation:
            other.later.extend((out.generation, seat, frame) for seat, frame in out.frames)
    laptop.last = out
    return out


def play(laptops: list[Laptop], rng: random.Random, until: Any = None) -> None:
    """Passes in a random order, until every laptop's game is over (or `until()` holds)."""
    now = 0.0
    for _ in range(MAX_PASSES):
        if all(lap.last is not None and lap.last.over for lap in laptops):
            return
        if until is not None and until():
            return
        now += 0.05
        one_pass(rng.choice(laptops), laptops, now)
    raise AssertionError("the game did not end")


def rebuilt(laptop: Laptop, record: GameRecord, spec: TableSpec | None = None) -> MySeats:
    """The laptop's seat built afresh on its record, as after a restart (`spec`: the table's
    at Start, when seats changed hands since)."""
    old = laptop.seats
    seat = old.my_seat
    assert seat is not None
    plan = {seat: ("normal", False)}
    identities = {seat: old.runtimes[seat].identity}
    return MySeats(spec or old.spec, old.game, laptop.key, old.my_seat, plan, identities,
                   record, takeover.apply)  # fmt: skip


def scores(laptop: Laptop) -> tuple[int, ...]:
    assert laptop.last is not None
    return laptop.last.scores


@pytest.mark.parametrize(
    ("game", "holders"),
    [("momistigri", [0, 1, 1, 2]), ("gutters", [0, 1]), ("purrfect", [0, 1, 2, 0])],
)
def test_laptops_play_a_whole_game_to_the_same_end(
    tmp_path: Path, game: str, holders: list[int]
) -> None:
    laptops = table(tmp_path, game, holders)
    play(laptops, random.Random(3))
    assert len({scores(lap) for lap in laptops}) == 1
    for laptop in laptops:
        assert laptop.last is not None and not laptop.last.accusations
        assert all(audit == "fair" for audit in laptop.last.audits)


def test_a_dropped_laptops_seats_go_to_a_bot_and_the_others_finish_the_game(
    tmp_path: Path,
) -> None:
    laptops = table(tmp_path, "momistigri", [0, 1, 2])
    host, stays, gone = laptops
    rng = random.Random(5)
    play(laptops, rng, until=lambda: gone.seats.main is not None and gone.seats.main.dealt)
    host.commands.append(Gone("normal", 1, (2,)))
    host.inbox.clear()  # (frames for the runtimes about to be replaced, as the driver does)
    out = one_pass(host, [host, stays], 10.0)
    [swap] = out.swaps
    assert swap.seats == (2,) and swap.generation == 1
    stays.commands.append(TakeSwap(swap))
    stays.inbox.clear()
    play([host, stays], rng)
    assert scores(host) == scores(stays)
    assert 2 in host.seats.bots and 2 not in stays.seats.runtimes  # the bot runs on the host
    assert host.seats.generation == stays.seats.generation == 1
    assert host.last is not None and not host.last.accusations


def test_a_laptop_rebuilt_from_its_record_sends_again_what_it_sent(tmp_path: Path) -> None:
    laptops = table(tmp_path, "momistigri", [0, 1, 2])
    rng = random.Random(7)
    victim = laptops[1]
    play(laptops, rng, until=lambda: victim.seats.main is not None and victim.seats.main.round == 2)
    before = victim.seats.view()
    record = GameRecord.load(victim.home, TABLE, 1)
    assert record is not None
    again = rebuilt(victim, record)
    taken = take_up(again, record, victim.sent, victim.heard, set(), 99.0)
    assert taken.started  # (from the round's snapshot on: the passes after it, maybe none)
    assert taken.output.frames == []  # everything it made, it had sent
    assert again.view() == before


@pytest.mark.parametrize(("game", "holders"), [("momistigri", [0, 1, 2]), ("gutters", [0, 1])])
def test_a_laptop_that_takes_up_a_finished_game_is_told_who_won(
    tmp_path: Path, game: str, holders: list[int]
) -> None:
    """Its seat's view holds the scores, not the winner: the game's end step does. A laptop
    that took up a game that had ended (a restart after it) said "the scores decide" where
    it had said who won."""
    laptops = table(tmp_path, game, holders)
    rng = random.Random(9)
    victim = laptops[1]
    told: list[Any] = []
    for step in range(MAX_PASSES):
        if all(lap.last is not None and lap.last.over for lap in laptops):
            break
        laptop = rng.choice(laptops)
        out = one_pass(laptop, laptops, 0.05 * (step + 1))
        if laptop is victim:
            told += [s.event for update in out.updates for s in update.ends()]
    assert len(told) == 1, told
    record = GameRecord.load(victim.home, TABLE, 1)
    assert record is not None
    taken = take_up(rebuilt(victim, record), record, victim.sent, victim.heard, set(), 99.0)
    assert [s.event for u in taken.output.updates for s in u.ends()] == told


def test_a_record_that_does_not_match_what_was_sent_is_refused(tmp_path: Path) -> None:
    from net.game.record import ResumeError

    laptops = table(tmp_path, "momistigri", [0, 1, 2])
    victim = laptops[1]
    play(laptops, random.Random(9), until=lambda: len(victim.sent.get(0, [])) > 3)
    sent = {0: list(victim.sent[0])}
    seat, frame = sent[0][1]
    sent[0][1] = (seat, frame[:-1] + bytes([frame[-1] ^ 1]))
    record = GameRecord.load(victim.home, TABLE, 1)
    assert record is not None
    again = rebuilt(victim, record)
    with pytest.raises(ResumeError, match="does not give what it sent"):
        take_up(again, record, sent, victim.heard, set(), 99.0)


def test_a_round_restarted_twice_keeps_the_first_bot_on_the_fallback(tmp_path: Path) -> None:
    """Two laptops go in one round: the bot that took the first one's seat has no seed of its
    own to carry into the second restart (it would be named for carrying one)."""
    laptops = table(tmp_path, "momistigri", [0, 1, 2])
    host, second, first = laptops
    rng = random.Random(11)
    play(laptops, rng, until=lambda: first.seats.main is not None and first.seats.main.dealt)
    number = host.seats.main.round if host.seats.main is not None else 0
    host.commands.append(Gone("normal", 1, (2,)))
    host.inbox.clear()
    [swap] = one_pass(host, [host, second], 10.0).swaps
    second.commands.append(TakeSwap(swap))
    second.inbox.clear()
    play(
        [host, second], rng, until=lambda: second.seats.generation == 1 and bool(second.sent.get(1))
    )
    host.commands.append(Gone("normal", 2, (1,)))
    host.inbox.clear()
    [again] = one_pass(host, [host], 20.0).swaps
    assert again.round == number and again.seats == (1,)
    play([host], rng)
    assert host.last is not None and not host.last.accusations, host.last.accusations
    assert all(audit == "fair" for audit in host.last.audits)


def test_a_player_reading_the_scores_between_rounds_is_waited_for_as_a_person(
    tmp_path: Path,
) -> None:
    # Laptop 1's seat holds its next round's keys until its player closes the scores: the
    # others wait for it with a person's patience (the table's turn timeout), not software's.
    laptops = table(tmp_path, "momistigri", [0, 1, 2])
    reader = laptops[1]
    reader.seats.runtimes[1].hold_rounds = True
    play(laptops, random.Random(11), until=lambda: reader.seats.main.resting)  # type: ignore[union-attr]
    others = [laptops[0], laptops[2]]
    for laptop in others:
        out = one_pass(laptop, laptops, 1000.0)
        assert 1 in out.waiting_for and out.turn, out.owed
    first = laptops[0].last
    assert first is not None and first.turn
    # A timeout command names the reader's seat for what it owes.
    laptops[0].commands.append(TimeOut())
    named = one_pass(laptops[0], laptops, 2000.0).accusations
    # (another laptop whose pass has not come yet may owe its keys too)
    assert 1 in [a.seat for a in named] and all("timed out" in a.detail for a in named)


def test_a_long_round_of_purrfect_numbers_masked_slots_past_a_deck_and_names_nobody(
    tmp_path: Path,
) -> None:
    # A person sits at seat 1 and takes their time; the host's three bots trade on. Every
    # hand-over numbers new masked slots: the round goes past 512 of them (a deck's most),
    # and a move naming such a slot is as good as any (it named the host's own bots before).
    laptops = table(tmp_path, "purrfect", [0, 1, 0, 0])
    person = laptops[1]
    old = person.seats
    person.seats = MySeats(old.spec, old.game, person.key, 1, {1: ("", False)},
                           {1: old.runtimes[1].identity}, person.record,
                           takeover.apply)  # fmt: skip
    host = laptops[0].seats.runtimes[0]

    def past_a_deck() -> bool:
        return host.fair is not None and len(host.fair.cards) > 600

    play(laptops, random.Random(0), until=past_a_deck)
    for laptop in laptops:
        assert laptop.last is not None and not laptop.last.accusations, laptop.last.accusations


# ---- a laptop gone mid-round: what stays -----------------------------------------------------


def public_state(laptop: Laptop) -> Any:
    """What every seat knows of the game on this laptop (its player's replica, faces of the
    face-down cards left out)."""
    main = laptop.seats.main
    assert main is not None
    return main.game.view(main.state, -1)


def settle(laptops: list[Laptop], rng: random.Random, now: float) -> float:
    """Passes of these laptops alone (the others are gone: nothing reaches them) until every
    frame the table sent is in and nobody has anything more to send."""
    quiet = 0
    while quiet < 2:  # (two whole rounds of passes, every laptop's, with nothing sent)
        order = list(laptops)
        rng.shuffle(order)
        busy = False
        for laptop in order:
            now += 0.05
            busy = bool(one_pass(laptop, laptops, now).frames) or busy
        busy = busy or any(lap.inbox or lap.later for lap in laptops)
        quiet = 0 if busy else quiet + 1
    return now


def cats_won_and_left(laptop: Laptop) -> bool:
    main = laptop.seats.main
    if main is None or not main.dealt:
        return False
    state = main.state
    return any(state.won) and len(state.cat_pile) >= 3 and state.phase == "play"


def pile_empty(laptop: Laptop) -> bool:
    main = laptop.seats.main
    if main is None or not main.dealt:
        return False
    return not main.state.cat_pile and main.state.phase == "play"


def reach(
    tmp_path: Path,
    goes: int,
    seed: int,
    moment: Any,
    game: str = "gutters",
    holders: tuple[int, ...] = (0, 1, 2),
) -> tuple[list[Laptop], random.Random]:
    """Laptops of No sin mi gato (or `game`, seat s on laptop holders[s]) that played until
    `moment` held on the host (the first that stays) and on laptop `goes`, which sent nothing
    of the game's end yet. A game that ends before they were both there is played again, at a
    new table."""
    for attempt in range(8):
        laptops = table(tmp_path / str(attempt), game, list(holders))
        host, gone = laptops[1 if goes == 0 else 0], laptops[goes]
        rng = random.Random(seed + attempt)
        play(laptops, rng, until=lambda h=host, g=gone: moment(h) and moment(g))
        if not any(lap.last is not None and lap.last.over for lap in laptops):
            return laptops, rng
    raise AssertionError("eight games ended before the moment came")


@pytest.mark.parametrize(
    ("goes", "seed", "moment"),
    [(0, 17, cats_won_and_left), (2, 17, cats_won_and_left), (2, 23, cats_won_and_left),
     (1, 2, pile_empty)],
)  # fmt: skip
def test_no_sin_mi_gato_keeps_the_board_the_cats_and_the_points_when_a_laptop_goes(
    tmp_path: Path, goes: int, seed: int, moment: Any
) -> None:
    """G-10: only the cats still face down were masked under the gone laptop's key share; the
    board, the cats on it and the cats won stay, and the game plays on to one end. Laptop 0
    (whose seat plays first, as the host's), 1 or 2 goes; the first that stays hosts. With no
    cat face down any more, the restart deals a stand-in card that nothing turns up."""
    laptops, rng = reach(tmp_path, goes, seed, moment)
    host, stays = [laptop for number, laptop in enumerate(laptops) if number != goes]
    now = settle([host, stays], rng, 10.0)
    before = public_state(host)
    assert public_state(stays) == before
    # (With no cat face down, the others may play on to the last cat while the round waits
    # for the gone laptop's secrets: it goes at the round's end, and nothing is dealt.)
    assert any(before.won) and before.phase in (("play",) if before.cat_pile else ("play", "over"))
    at_start = stays.seats.spec
    main = host.seats.main
    assert main is not None
    points, folded = main.layer.scores(before), main.rounds[-1].plays
    host.commands.append(Gone("normal", 1, (goes,)))
    [swap] = one_pass(host, [host, stays], now + 1).swaps
    # (As a member's driver hands it on today: without the plays, each laptop goes on from
    # as many as it folded itself.)
    stays.commands.append(TakeSwap(replace(swap, plays=None)))
    one_pass(stays, [host, stays], now + 2)
    for laptop in (host, stays):
        assert laptop.seats.generation == 1
        assert public_state(laptop) == before  # the same board, cats, turn and points
    assert swap.plays == folded  # (the deal and every play folded before the swap)
    # The restart deals again only the cats face down: a deck of exactly those.
    deck = host.seats.main.deck  # type: ignore[union-attr]
    face_up = {f for t, f in before.cards.faces.items() if before.cards.seen_by[t] is None}
    if before.cat_pile:
        assert len(deck) == len(before.cat_pile) and not set(deck) & face_up
    else:
        assert len(deck) == 1  # (the stand-in)
    play(
        [host, stays],
        rng,
        until=lambda: all(lap.seats.main.dealt for lap in (host, stays)),  # type: ignore[union-attr]
    )
    for laptop in (host, stays):  # (the round's audit replays it from there)
        main = laptop.seats.main
        assert main is not None and main.game.view(main.round_start, -1) == before
    # A laptop restarted after the swap (the acting host, which made it, too) replays it from
    # its record, to the very same frames.
    for laptop in (host, stays):
        seen = laptop.seats.view()
        record = GameRecord.load(laptop.home, TABLE, 1)
        assert record is not None
        again = rebuilt(laptop, record, at_start)
        taken = take_up(again, record, laptop.sent, laptop.heard, set(), 99.0)
        assert taken.output.frames == [] and again.view() == seen and again.generation == 1
    play([host, stays], rng)
    assert scores(host) == scores(stays)
    assert all(now >= then for now, then in zip(scores(host), points, strict=True))
    for laptop in (host, stays):
        assert laptop.last is not None and not laptop.last.accusations
        assert laptop.last.audits and all(audit == "fair" for audit in laptop.last.audits)
        after = public_state(laptop)
        assert after.phase == "over"
        assert all(set(then) <= set(won) for then, won in zip(before.won, after.won, strict=True))


def test_a_swap_names_on_the_wire_how_many_plays_of_the_round_stay() -> None:
    from net.game import messages

    given = messages.SeatSwap(4, Swap(1, (2,), (bytes(32),), 1, 7))
    plain = messages.plain(given)
    assert plain["swap"]["plays"] == 7
    assert messages.parse(plain, 3) == given
    del plain["swap"]["plays"]  # (a swap of a game that keeps nothing of the round)
    assert messages.parse(plain, 3) == messages.SeatSwap(4, Swap(1, (2,), (bytes(32),), 1))


def test_a_swap_that_keeps_other_plays_than_this_laptop_folded_is_not_followed(
    tmp_path: Path,
) -> None:
    """A laptop never undoes a move it saw, nor guesses at one it never got: the table cannot
    go on together, and it says so."""
    (host, stays, _), rng = reach(tmp_path, 2, 17, cats_won_and_left)
    now = settle([host, stays], rng, 10.0)
    host.commands.append(Gone("normal", 1, (2,)))
    [swap] = one_pass(host, [host, stays], now + 1).swaps
    assert swap.plays is not None
    for plays in (swap.plays - 1, swap.plays + 1, "all"):
        with pytest.raises(takeover.TakeoverError, match="cannot go on together"):
            takeover.apply(stays.seats, TakeSwap(replace(swap, plays=plays)))  # type: ignore[arg-type]
    assert stays.seats.generation == 0


def pairs_down_in_round_two(laptop: Laptop) -> bool:
    """Momistigri's second round under way, with pairs on the pile and scores from the first."""
    main = laptop.seats.main
    if main is None or not main.dealt or main.round < 2:
        return False
    state = main.state
    return state.phase in UNDER_WAY and len(state.pile) >= 4 and any(state.totals)


def someone_out(laptop: Laptop) -> bool:
    """Momistigri's round under way, with a player out and two still holding cards, this
    laptop's among them. (Between the two others, a round whose out player's laptop goes can
    play on to its end since protocol 16: every share a draw needs is carried, none is owed by
    a seat that is out.)"""
    main = laptop.seats.main
    if main is None or not main.dealt:
        return False
    state = main.state
    holders = state.holders()
    return state.phase in UNDER_WAY and len(holders) == 2 and main.seat in holders


@pytest.mark.parametrize(
    ("goes", "seed", "moment"),
    [(0, 4, pairs_down_in_round_two), (2, 6, pairs_down_in_round_two), (1, 3, someone_out)],
)
def test_momistigri_keeps_the_pile_who_is_out_and_the_scores_when_a_laptop_goes(
    tmp_path: Path, goes: int, seed: int, moment: Any
) -> None:
    """Every card in a hand was masked under the gone laptop's key share: the hands are dealt
    again, each as big as it was, from exactly the cards not on the pile; the pairs
    discarded, who is out, whose turn it is and the scores stay, and the game plays on to one
    end (docs/fair-play.md, "What a drop-out keeps")."""
    laptops, rng = reach(tmp_path, goes, seed, moment, "momistigri")
    host, stays = [laptop for number, laptop in enumerate(laptops) if number != goes]
    now = settle([host, stays], rng, 10.0)
    before = public_state(host)
    assert public_state(stays) == before and before.phase in UNDER_WAY
    main = host.seats.main
    assert main is not None
    at_start, folded = stays.seats.spec, main.rounds[-1].plays
    host.commands.append(Gone("normal", 1, (goes,)))
    [swap] = one_pass(host, [host, stays], now + 1).swaps
    assert swap.plays == folded
    stays.commands.append(TakeSwap(replace(swap, plays=None)))
    one_pass(stays, [host, stays], now + 2)
    for laptop in (host, stays):
        assert laptop.seats.generation == 1 and public_state(laptop) == before
    # The restart shuffles exactly the cards in hands (the round's deck minus the pile); the
    # pile stays face up, outside the shuffle, where a 3+3 or a 5+5 may take from it.
    fair = host.seats.main.fair  # type: ignore[union-attr]
    assert fair is not None
    shuffled = host.seats.main.deck[: fair.setup.deck_size]  # type: ignore[union-attr]
    on_pile = [before.cards.faces[t] for t in before.pile]
    assert sorted(shuffled) == sorted(set(deck_for(3)) - set(on_pile))
    assert len(shuffled) == sum(len(hand) for hand in before.hands)
    assert list(host.seats.main.deck[fair.setup.deck_size :]) == on_pile  # type: ignore[union-attr]
    play(
        [host, stays],
        rng,
        until=lambda: all(lap.seats.main.dealt for lap in (host, stays)),  # type: ignore[union-attr]
    )
    for laptop in (host, stays):
        main = laptop.seats.main
        assert main is not None and main.game.view(main.round_start, -1) == before
    for laptop in (host, stays):
        seen = laptop.seats.view()
        record = GameRecord.load(laptop.home, TABLE, 1)
        assert record is not None
        again = rebuilt(laptop, record, at_start)
        taken = take_up(again, record, laptop.sent, laptop.heard, set(), 99.0)
        assert taken.output.frames == [] and again.view() == seen and again.generation == 1
    play([host, stays], rng)
    assert scores(host) == scores(stays)
    assert all(now >= then for now, then in zip(scores(host), before.totals, strict=True))
    for laptop in (host, stays):
        assert laptop.last is not None and not laptop.last.accusations
        assert laptop.last.audits and all(audit == "fair" for audit in laptop.last.audits)
        # The restarted round's audit replayed it from the kept state: right after its deal,
        # everything public is as it was, and every hand as big, with cards dealt again.
        main = laptop.seats.main
        assert main is not None
        replay = main.rounds[before.round - 1].replay
        assert replay is not None and main.game.view(replay.start, -1) == before
        dealt = main.game.view(replay.states[0], -1)
        assert (dealt.pile, dealt.totals, dealt.penalties, dealt.phase) == (
            before.pile, before.totals, before.penalties, before.phase
        )  # fmt: skip
        assert (dealt.direction, dealt.help_up, dealt.active, dealt.turn) == (
            before.direction, before.help_up, before.active, before.turn
        )  # fmt: skip
        assert [len(h) for h in dealt.hands] == [len(h) for h in before.hands]  # (out stays out)
        assert not {t for h in dealt.hands for t in h} & {t for h in before.hands for t in h}
        full = replay.states[0]
        in_hands = sorted(full.cards.faces[t] for hand in full.hands for t in hand)
        assert in_hands == sorted(set(deck_for(3)) - set(on_pile))


def two_card_pending_from_seat_2(laptop: Laptop) -> bool:
    main = laptop.seats.main
    if main is None or not main.dealt:
        return False
    pending = main.state.pending
    return pending is not None and pending.effect == DESIGNATED_DRAW and pending.owner == 2


@pytest.mark.parametrize("seed", [5, 6])
def test_momistigri_a_2_2_card_that_went_with_its_hand_is_designated_again(
    tmp_path: Path, seed: int
) -> None:
    """M-6.3: laptop 2 goes while its 2+2 card waits to be drawn (in its own turn still, or in
    the next player's); the card went with the hand dealt again, so the bot in its seat
    designates one of the new hand, and the next player draws exactly that one."""
    laptops, rng = reach(
        tmp_path, 2, seed, two_card_pending_from_seat_2, "momistigri", (0, 1, 2, 0)
    )
    host, stays, _ = laptops
    now = settle([host, stays], rng, 10.0)
    before = public_state(host)
    assert public_state(stays) == before and before.phase in (DISCARD, DRAW)
    assert before.pending == Pending(2, DESIGNATED_DRAW, None)
    host.commands.append(Gone("normal", 1, (2,)))
    [swap] = one_pass(host, [host, stays], now + 1).swaps
    stays.commands.append(TakeSwap(swap))
    play([host, stays], rng)
    assert scores(host) == scores(stays)
    for laptop in (host, stays):
        assert laptop.last is not None and not laptop.last.accusations
        assert laptop.last.audits and all(audit == "fair" for audit in laptop.last.audits)
        main = laptop.seats.main
        assert main is not None
        replay = main.rounds[before.round - 1].replay
        assert replay is not None
        dealt, designated, *later = replay.states
        assert dealt.phase == DESIGNATE and main.game.to_act(dealt) == frozenset({2})
        card = designated.pending.designated
        assert (designated.phase, designated.active) == (before.phase, before.active)
        assert card in dealt.hands[2]
        drawn = next(s for s in later if s.pending is None)
        drawer = designated.next_player(2)
        assert designated.cards.faces[card] in [drawn.cards.faces[t] for t in drawn.hands[drawer]]


def offers_open(round_number: int) -> Any:
    """Purrfect's round `round_number` under way, after a swap, with an offer open."""

    def moment(laptop: Laptop) -> bool:
        main = laptop.seats.main
        if main is None or not main.dealt or main.round != round_number:
            return False
        state = main.state
        return state.phase == "round" and bool(state.offers) and state.swaps_this_round > 0

    return moment


@pytest.mark.parametrize(
    ("goes", "seed", "moment"),
    [(2, 1, offers_open(1)), (0, 2, offers_open(1)), (1, 3, offers_open(2))],
)
def test_purrfect_keeps_the_meow_key_the_cats_and_the_pawprints_when_a_laptop_goes(
    tmp_path: Path, goes: int, seed: int, moment: Any
) -> None:
    """Every card in a hand was masked under the gone laptop's key share: every hand is dealt
    again, nine cards each, from the 9n cards of the cats in play, and the open offers are
    cancelled; the meow key and the cats in play (drawn by round 1's seed, which a restart from
    the round's start would draw again) and the pawprints stay (docs/fair-play.md, "What a
    drop-out keeps")."""
    laptops, rng = reach(tmp_path, goes, seed, moment, "purrfect", (0, 1, 2, 0))
    host, stays = [laptop for number, laptop in enumerate(laptops) if number != goes]
    now = settle([host, stays], rng, 10.0)
    before = public_state(host)
    assert public_state(stays) == before and before.phase == "round" and before.meow_key
    main = host.seats.main
    assert main is not None
    at_start, folded = stays.seats.spec, main.rounds[-1].plays
    seats = [seat for seat, holder in enumerate((0, 1, 2, 0)) if holder == goes]
    host.commands.append(Gone("normal", 1, tuple(seats)))
    [swap] = one_pass(host, [host, stays], now + 1).swaps
    assert swap.plays == folded
    stays.commands.append(TakeSwap(swap))
    one_pass(stays, [host, stays], now + 2)
    for laptop in (host, stays):
        assert laptop.seats.generation == 1 and public_state(laptop) == before
    # The restart shuffles the same 9n cards again: every hand's, none face up.
    fair = host.seats.main.fair  # type: ignore[union-attr]
    assert fair is not None and fair.setup.face_up == 0
    in_play = sorted(f for cat in before.cats for f in faces_of(cat))
    assert sorted(host.seats.main.deck) == in_play  # type: ignore[union-attr]
    play(
        [host, stays],
        rng,
        until=lambda: all(lap.seats.main.dealt for lap in (host, stays)),  # type: ignore[union-attr]
    )
    for laptop in (host, stays):
        # A laptop rebuilt from its record goes on from the same kept state.
        seen = laptop.seats.view()
        record = GameRecord.load(laptop.home, TABLE, 1)
        assert record is not None
        mine = [seat for seat, holder in enumerate((0, 1, 2, 0)) if laptops[holder] is laptop]
        old = laptop.seats
        again = MySeats(at_start, old.game, laptop.key, old.my_seat,
                        {seat: ("normal", False) for seat in mine},
                        {seat: old.runtimes[seat].identity for seat in mine}, record,
                        takeover.apply)  # fmt: skip
        taken = take_up(again, record, laptop.sent, laptop.heard, set(), 99.0)
        assert taken.output.frames == [] and again.view() == seen and again.generation == 1
    play([host, stays], rng)
    assert scores(host) == scores(stays)
    assert all(now >= then for now, then in zip(scores(host), before.totals, strict=True))
    for laptop in (host, stays):
        assert laptop.last is not None and not laptop.last.accusations
        assert laptop.last.audits and all(audit == "fair" for audit in laptop.last.audits)
        # The restarted round's audit replayed it from the kept state: right after its deal
        # the round, the key, the cats and the pawprints are as they were, no offer is open,
        # and every hand holds nine cards dealt again.
        main = laptop.seats.main
        assert main is not None
        replay = main.rounds[before.round - 1].replay
        assert replay is not None and main.game.view(replay.start, -1) == before
        dealt = replay.states[0]
        assert (dealt.phase, dealt.round, dealt.meow_key, dealt.cats) == (
            "round", before.round, before.meow_key, before.cats
        )  # fmt: skip
        assert (dealt.totals, dealt.results, dealt.next_offer_id) == (
            before.totals, before.results, before.next_offer_id
        )  # fmt: skip
        assert dealt.offers == () and dealt.acceptances == ()
        assert [len(hand) for hand in dealt.hands] == [9] * 4
        assert not {t for h in dealt.hands for t in h} & {t for h in before.hands for t in h}
        assert sorted(dealt.cards.faces[t] for h in dealt.hands for t in h) == in_play


def test_a_paced_bot_thinks_while_its_move_is_on_its_way(tmp_path: Path) -> None:
    # Purrfect, bots at a pace of 0.1 s (0.18-0.33 s between two moves), and what laptop 1
    # sends reaches laptop 0 a second late: a move of laptop 0's seats waits that second to
    # take its place. A person thinks about their next move meanwhile, and so does a bot:
    # once its move is in place, a bot whose thinking time is over acts in that same pass.
    laptops = table(tmp_path, "purrfect", [0, 1, 0, 1])
    for laptop in laptops:
        laptop.seats.record.pace = 0.1
    near, far = laptops
    late: list[tuple[float, list[tuple[int, bytes]]]] = []
    at_once = 0
    now = 0.0
    for _ in range(1_200):
        now += 0.05
        before = {seat: _in_flight(near, seat) for seat in (0, 2)}
        near.inbox += [f for due, frames in late if due <= now for f in frames]
        late = [(due, frames) for due, frames in late if due > now]
        one_pass(near, [near, far], now)
        for seat, was in before.items():
            after = _in_flight(near, seat)
            at_once += bool(was) and bool(after) and not after <= was
        out = one_pass(far, [far], now)
        late.append((now + 1.0, out.frames))
        if at_once >= 3 or (near.last is not None and near.last.over):
            break
    assert at_once >= 3, "a bot waited to think until its last move had taken its place"


def _in_flight(laptop: Laptop, seat: int) -> set[int]:
    """The seqs of the moves the seat's player made (not its peer's takes) that have not
    taken their place yet."""
    runtime = laptop.seats.runtimes[seat]
    ordering: Any = runtime.ordering
    moves = ordering.moves.get(runtime.round, {})
    return {
        q
        for (s, q), move in moves.items()
        if s == seat and not move.placed and q not in ordering.answers
    }


def test_a_click_kept_while_the_table_is_busy_and_refused_later_is_said_to_the_player(
    tmp_path: Path,
) -> None:
    # Purrfect, seat 0 played by a person on laptop 0. Two offers clicked at once: the first
    # goes, the second waits for it (no refusal yet) and, once played, is refused by the
    # rules (an offer is out already): the pass that plays it says so.
    laptops = table(tmp_path, "purrfect", [0, 1, 0, 1])
    near = laptops[0]
    near.seats.bots.pop(0)
    person = near.seats.runtimes[0]
    play(laptops, random.Random(5), until=lambda: person.may_act() and not person.state.offers)
    cats = list(unlocked_by_cat(person.state, 0).values())
    near.commands += [Act(0, encode(OpenOffer(0, tuple(cats[0][:1])))),
                      Act(0, encode(OpenOffer(0, tuple(cats[1][:1]))))]  # fmt: skip
    said: list[str] = []
    now = 1000.0
    for _ in range(200):
        now += 0.05
        for laptop in laptops:
            out = one_pass(laptop, laptops, now)
            said += out.refusals if laptop is near else []
        if said:
            break
    assert [s[:6] for s in said] == ["P-5.4:"], said
