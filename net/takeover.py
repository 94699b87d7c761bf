"""A laptop that left or did not come back: the host gives its seats to a bot and the game goes on.

With `PlaySettings.replace_gone` (`lanpurr host --replace-gone LEVEL`), when a laptop's grace
period ends (or it leaves) in the middle of a game, the host:

1. counts a new *generation* of the game's runtimes and derives, from its game record's seed,
   a fresh key for a bot in each seat that laptop played;
2. voids the round under way: every laptop rebuilds its runtimes from the game state at that
   round's start (the scores as they were; the rounds before it stand), with the new keys in
   the spec and a new game id, so that nothing of the void round can count in the new one —
   except its luck: the seats that stay open again the seeds they committed to, and the new
   bots' seeds are the public fallback of theirs (lanpurr.seat.restart);
3. tells the table, in the open, `{"g": game, "swap": {"v": generation, "seats": [...],
   "keys": [...], "round": r}}`; the bots run on the host from then on.

A member that sees a laptop go waits up to SWAP_WAIT seconds for that message before it gives
the game up. Batches carry `"v": generation` from the first replacement on; a batch of an older
generation is void, one of a newer generation waits for its message. Every step goes into the
game record (commands "gone" and "swap"), so a laptop restarted later replays it too.
"""

import hmac
from dataclasses import replace
from hashlib import sha256
from typing import TYPE_CHECKING, Any

from lanpurr.fair.identity import Identity
from lanpurr.seat.registry import layer_for
from lanpurr.seat.restart import own_seed, restart_carry
from lanpurr.seat.runtime import SeatRuntime

if TYPE_CHECKING:
    from net.play import GamePlay


GIVEN_AWAY = (
    "while this laptop was away the host gave its seats to a bot, and the game went on without it"
)


class TakeoverError(ValueError):
    """The table cannot go on with a bot in the seat: the sentence says why."""


def bot_identity(seed: bytes, generation: int, seat: int) -> Identity:
    """The key of the bot the host puts in `seat` (derived, so a restart finds it again)."""
    label = b"lanpurr seat taken over\x00" + generation.to_bytes(2, "big") + seat.to_bytes(2, "big")
    return Identity.from_private_bytes(hmac.new(seed, label, sha256).digest())


def next_table_id(table: bytes, generation: int) -> bytes:
    """The game id the runtimes of `generation` sign under."""
    return sha256(b"lanpurr takeover\x00" + table + generation.to_bytes(2, "big")).digest()[:16]


def round_to_void(play: "GamePlay") -> int:
    """The round the host voids: the one under way (or about to start, between rounds)."""
    main = play.main
    if main is None:
        raise TakeoverError("this laptop plays no seat")
    return main.round + 1 if main.resting else main.round


def apply(play: "GamePlay", command: list[Any]) -> None:
    """In the worker: a "gone" (host: make the swap) or "swap" (from the host) command."""
    if command[0] == "gone":
        _, level, generation, seats = command
        if not seats or generation != play._worker_generation + 1:
            return
        keys = [bot_identity(play.record.seed, generation, s).public_key for s in seats]
        swap = {"v": generation, "seats": seats, "keys": keys, "round": round_to_void(play)}
        _swap(play, swap, level)
        play._swaps.append(swap)
    else:
        _swap(play, command[1], None)


def _swap(play: "GamePlay", swap: dict[str, Any], level: str | None) -> None:
    generation, seats, keys, number = swap["v"], swap["seats"], swap["keys"], swap["round"]
    if generation != play._worker_generation + 1:
        return  # (already applied)
    main = play.main
    if main is None:
        raise TakeoverError("this laptop plays no seat")
    if main.round == number:
        start, kept = main.round_start, main.rounds[:-1]
    elif main.round == number - 1 and main.resting:
        start, kept = main.state, list(main.rounds)
    else:
        raise TakeoverError(
            f"the host voided round {number} but this laptop is in round {main.round}: the "
            "table cannot go on together"
        )
    old_table = play.spec.table
    members = list(play.spec.members)
    for seat, key in zip(seats, keys, strict=True):
        members[seat] = key
    play.spec = replace(play.spec, table=next_table_id(play.spec.table, generation),
                        members=tuple(members))  # fmt: skip
    from net import play as played  # (net.play imports this module)

    me = play.session.me
    for seat in seats:
        play._laptops[seat] = play.host
    old = play.runtimes
    carry = restart_carry(old.values(), old_table, number, seats)
    play.runtimes = {}
    layer = layer_for(play.state.game)
    starts: dict[int, tuple[Any, list[Any]]] = {}
    if me != play.host and any(seat in old for seat in seats):
        raise TakeoverError(GIVEN_AWAY)
    for seat in sorted({*old, *(seats if me == play.host else [])}):
        if seat in seats:
            identity = bot_identity(play.record.seed, generation, seat)
            starts[seat] = (start, list(kept))
        else:
            identity = old[seat].identity
            own = old[seat]
            starts[seat] = (
                (own.round_start, own.rounds[:-1]) if own is not main and own.round == number
                else (start, list(kept)) if own is main
                else (own.state, list(own.rounds))
            )  # fmt: skip
        runtime = SeatRuntime(
            play.spec,
            seat,
            identity,
            layer,
            rng=play.record.randomness(seat, generation),
            peer_factory=played.FAIR_PEER,
        )
        if seat in seats:
            play.bots[seat] = played.bot_choice(play.state.game, level or "normal")
            play._bot_rngs[seat] = _bot_rng(play, generation, seat)
        if seat in play.bots:
            runtime.on_turn = play._bot_turn
        elif old[seat].hold_rounds:
            runtime.hold_rounds = True
        play.runtimes[seat] = runtime
    play._due.clear()
    play._worker_generation = generation
    play.main = play.runtimes.get(play.my_seat) if play.my_seat is not None else None
    if play.main is None and play.runtimes:
        play.main = next(iter(play.runtimes.values()))
    play._reported_rounds = min(play._reported_rounds, number - 1)
    for seat, runtime in play.runtimes.items():
        state, rounds = starts[seat]
        mine = own_seed(old[seat], number) if seat in old and seat not in seats else None
        runtime.start_from(state, number, rounds, carry, mine)
    play._replaced_now.append((tuple(seats), number))


def _bot_rng(play: "GamePlay", generation: int, seat: int) -> Any:
    import random

    return random.Random(play.record.bot_seed(seat) + generation.to_bytes(2, "big"))
