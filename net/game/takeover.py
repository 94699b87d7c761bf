"""A laptop that left or did not come back: the host gives its seats to a bot and the game goes on.

With `PlaySettings.replace_gone` (`lanpurr host --replace-gone LEVEL`), when a laptop's grace
period ends (or it leaves) in the middle of a game, the host:

1. counts a new *generation* of the game's runtimes and derives, from its game record's seed,
   a fresh key for a bot in each seat that laptop played;
2. restarts the round under way: every laptop rebuilds its runtimes, with the new keys in the
   spec and a new game id, so that no message of the void try can count in the new one. A game
   that keeps a round's public part (lanpurr.seat.restart.kept_round: No sin mi gato,
   Momistigri, Purrfect) goes on from the public state after the first `plays` plays of the
   round, which the host names, and deals again only what was masked; a round not under way
   (a set-up, a round's scores being checked) starts again from its start (the scores as they
   were; the rounds before it stand). Either way the void try's luck stays: the
   seats that stay open again the seeds they committed to, and the new bots' seeds are the
   public fallback of theirs (lanpurr.seat.restart);
3. tells the table, in the open, `{"g": game, "swap": {"v": generation, "seats": [...],
   "keys": [...], "round": r, "plays": n}}` ("plays" only when the round goes on); the bots run
   on the host from then on.

A member that sees a laptop go waits up to SWAP_WAIT seconds for that message before it gives
the game up. Batches carry `"v": generation` from the first replacement on; a batch of an older
generation is void, one of a newer generation waits for its message. Every step goes into the
game record (commands "gone" and "swap"), so a laptop restarted later replays it too.

Everything here reads this laptop's seats (`MySeats`) and changes them only through
`MySeats.restart_round`, in the game's worker.
"""

import hmac
import random
from dataclasses import replace
from hashlib import sha256
from typing import Any

from lanpurr.fair.identity import Identity
from lanpurr.seat.restart import kept_round, own_seed, restart_carry
from lanpurr.seat.runtime import SeatRuntime
from net.game.commands import Gone, Swap, TakeSwap
from net.game.messages import Batch, SeatSwap
from net.game.seats import MySeats
from net.game.setup import bot_choice

GIVEN_AWAY = (
    "the other laptops counted this laptop out of the game: they gave its seats to a bot, and "
    "the game went on without it"
)


class TakeoverError(ValueError):
    """The table cannot go on with a bot in the seat: the sentence says why."""


def bot_identity(seed: bytes, generation: int, seat: int) -> Identity:
    """The key of the bot the host puts in `seat` (derived, so a restart finds it again)."""
    label = b"lanpurr seat taken over\x00" + generation.to_bytes(2, "big") + seat.to_bytes(2, "big")
    return Identity.from_private_bytes(hmac.new(seed, label, sha256).digest())


def given_away(
    me: bytes, mine: set[int], held: list[tuple[bytes, SeatSwap]], later: list[tuple[bytes, Batch]]
) -> bool:
    """This laptop (`me`, playing `mine`) dropped out in the others' view: a swap it holds
    gives its seats away, and a third laptop's batches of that generation follow it — one
    that sent no swap of its own this laptop holds (its batches would follow its own), while
    no other swap held claims that generation (the batches may follow that one). One
    laptop's word alone is not enough."""
    claimants = {claimant for claimant, _ in held}
    return any(
        mine & set(given.swap.seats)
        and not any(s.swap.generation == given.swap.generation for c, s in held if c != claimant)
        and any(
            b.generation >= given.swap.generation and who not in (*claimants, me)
            for who, b in later
        )
        for claimant, given in held
    )


def next_table_id(table: bytes, generation: int) -> bytes:
    """The game id the runtimes of `generation` sign under."""
    return sha256(b"lanpurr takeover\x00" + table + generation.to_bytes(2, "big")).digest()[:16]


def round_to_void(seats: MySeats) -> int:
    """The round the host voids: the one under way (or about to start, between rounds)."""
    main = seats.main
    if main is None:
        raise TakeoverError("this laptop plays no seat")
    return main.round + 1 if main.resting else main.round


def apply(seats: MySeats, command: Gone | TakeSwap) -> None:
    """In the worker: a `Gone` (host: make the swap) or a `TakeSwap` (from the host)."""
    if isinstance(command, TakeSwap):
        _swap(seats, command.swap, None)
        return
    gone, generation = command.seats, command.generation
    if not gone or generation != seats.generation + 1:
        return
    keys = tuple(bot_identity(seats.record.seed, generation, s).public_key for s in gone)
    number = round_to_void(seats)
    kept = kept_round(seats.main, number) if seats.main is not None else None
    plays = 0 if command.void else kept[0] if kept is not None else None
    # (void: nothing kept, the round starts again from its deal)
    swap = Swap(generation, gone, keys, number, plays)
    _swap(seats, swap, command.level or "normal")
    seats.announce_swap(swap)


def _swap(seats: MySeats, swap: Swap, level: str | None) -> None:
    """`level`: this laptop is the acting host that gives the seats to its bots (a `Gone`
    command); None: another laptop's swap."""
    generation, given, keys, number = swap.generation, swap.seats, swap.keys, swap.round
    if generation != seats.generation + 1:
        return  # (already applied)
    main = seats.main
    if main is None:
        raise TakeoverError("this laptop plays no seat")
    cut = kept_round(main, number)
    plays = swap.plays if swap.plays is not None else cut[0] if cut is not None else None
    if main.round == number and plays:
        start, kept = _kept_start(main, number, plays), main.rounds[:-1]
    elif main.round == number:
        start, kept = main.round_start, main.rounds[:-1]
    elif main.round == number - 1 and main.resting:
        start, kept = main.state, list(main.rounds)
    else:
        raise TakeoverError(
            f"the host voided round {number} but this laptop is in round {main.round}: the "
            "table cannot go on together"
        )
    old_table = seats.spec.table
    members = list(seats.spec.members)
    for seat, key in zip(given, keys, strict=True):
        members[seat] = key
    spec = replace(seats.spec, table=next_table_id(old_table, generation), members=tuple(members))
    hosting = level is not None
    old = seats.runtimes
    if not hosting and any(seat in old for seat in given):
        raise TakeoverError(GIVEN_AWAY)
    carry = restart_carry(old.values(), old_table, number, given)
    runtimes: dict[int, SeatRuntime] = {}
    starts: dict[int, tuple[Any, list[Any], Any, Any]] = {}
    for seat in sorted({*old, *(given if hosting else [])}):
        if seat in given:
            identity = bot_identity(seats.record.seed, generation, seat)
            state, rounds = start, list(kept)
        else:
            own = old[seat]
            identity = own.identity
            if own is main:
                state, rounds = start, list(kept)
            elif own.round != number:
                state, rounds = own.state, list(own.rounds)
            elif not plays:
                state, rounds = own.round_start, own.rounds[:-1]
            else:
                state, rounds = _kept_start(own, number, plays), own.rounds[:-1]
        runtime = seats.new_runtime(spec, seat, identity, seats.record.randomness(seat, generation))
        if seat in given:
            seats.seat_bot(
                seat, bot_choice(seats.game, level or "normal"), _bot_rng(seats, generation, seat)
            )
        elif seat not in seats.bots and old[seat].hold_rounds:
            runtime.hold_rounds = True
        # A seat replaced in this or an earlier restart of the round has no seed of its own to
        # open again: its seed is the fallback of the kept ones.
        stays = seat in old and seat not in carry.replaced
        mine = own_seed(old[seat], number) if stays else None
        starts[seat] = (state, rounds, carry, mine)
        runtimes[seat] = runtime
    seats.restart_round(spec, runtimes, starts, generation, given, number)


def _kept_start(runtime: SeatRuntime, number: int, plays: Any) -> Any:
    """The public state a seat goes on from after the first `plays` plays of round `number`:
    the cut the acting host named, or (a swap that names none) the plays this laptop folded.
    The laptops that stay agree on it, since the grace period a gone laptop is counted down by
    is far longer than the echoes take to bring every laptop what any of them received. A
    laptop that folded another number of plays than the host names cannot start from the same
    state as the others, and never undoes a move it saw (a walker would re-roll a cat it
    disliked): the table cannot go on together."""
    kept = kept_round(runtime, number)
    if kept is None or type(plays) is not int or kept[0] != plays:
        folded = "none" if kept is None else str(kept[0])
        raise TakeoverError(
            f"the host kept {plays} plays of round {number} but this laptop folded {folded}: "
            "the table cannot go on together"
        )
    return kept[1]


def _bot_rng(seats: MySeats, generation: int, seat: int) -> random.Random:
    return random.Random(seats.record.bot_seed(seat) + generation.to_bytes(2, "big"))
