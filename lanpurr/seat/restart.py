"""A round started again with seats given to someone else keeps the luck of the void round.

Walking away never re-rolls (docs/fair-play.md): when a table voids round r and puts new keys
in some seats (a laptop gone, a cheater dropped), every seat that stays opens again, in the
restart, the seed it committed to in the void round, and every replaced seat's seed is the
public fallback of the kept ones (`joint_random.fallback_seed`). Every laptop computes the same
restart from what the seats signed; the seats replaced in any restart of r stay replaced.

A drop-out costs only what the cryptography forces: a game whose layer keeps a round's public
part (`KeepingLayer`) goes on from it — the moves so far stand, and the restart deals again only
what was masked under the gone key share. The acting host names how many plays of the round it
had folded (`kept_round`); every laptop that folded as many goes on from its own public state
after them, which is a function of the signed log alone, so every laptop starts from the same.
"""

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from lanpurr.fair.joint_random import Carried, Carry
from lanpurr.seat.layer import KeepingLayer
from lanpurr.seat.runtime import SeatRuntime
from lanpurr.seat.stage import Stage
from lanpurr.seat.table import round_table_id


def restart_carry(
    old: Iterable[SeatRuntime], table: bytes, number: int, replaced: Sequence[int]
) -> Carry:
    """The carry of a restart of round `number`, from this laptop's runtimes of the void try
    (`old`, at the table id `table`) and the seats it replaces."""
    runtimes = list(old)
    previous = [
        r.restart.carry
        for r in runtimes
        if r.restart.carry is not None and r.restart.start_round == number
    ]
    seats = set(replaced)
    origins = [round_table_id(table, number)]
    for carry in previous[:1]:
        seats.update(carry.replaced)
        origins[:0] = carry.origins
    known: dict[int, Carried] = {}
    for runtime in runtimes:
        fair = runtime.fair
        if fair is None or runtime.round != number:
            continue
        for seat in range(fair.setup.seats):
            carried = fair.jr.carried(seat)
            key = fair.key_envelope(seat)
            if carried is not None and key is not None:
                known.setdefault(seat, replace(carried, envelope=key.encode()))
        # A restart of a restart: what the void try itself carried, or was shown, still binds
        # (else a seat that sent its key to nobody in that try could commit afresh here).
        for carried in fair.jr.carry.known if fair.jr.carry is not None else ():
            known.setdefault(carried.seat, carried)
    return Carry(tuple(sorted(seats)), tuple(known[s] for s in sorted(known)), tuple(origins))


def own_seed(runtime: SeatRuntime, number: int) -> tuple[Carried, bytes, bytes] | None:
    """The seat's own seed of the void try of round `number`, to open again (None: it had not
    committed to one)."""
    fair = runtime.fair
    if fair is None or runtime.round != number:
        return None
    carried = fair.jr.carried(runtime.seat)
    if carried is None:
        return None
    return carried, fair.secrets.seed, fair.secrets.seed_nonce


def kept_round(runtime: SeatRuntime, number: int) -> tuple[int, Any] | None:
    """How many plays of round `number` the seat folded (its deal counts as one) and the
    public state after them, which a restart of the round goes on from; None: the round starts
    again from its start (the game keeps nothing of a round, or it was not dealt yet)."""
    layer = runtime.layer
    if not isinstance(layer, KeepingLayer) or runtime.round != number:
        return None
    if runtime.stage not in (Stage.PLAYING, Stage.ENDING):
        return None
    public = layer.public_part(runtime.state)
    if public is None:
        return None
    return runtime.rounds[-1].plays, public
