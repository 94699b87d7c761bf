"""Fair-play benchmarks: deal, blind draw, round audit, each beside the cost of one scalar
multiplication measured in the same run.

    .venv/bin/python bench/bench_fair.py            # everything (about a minute)
    .venv/bin/python bench/bench_fair.py --quick    # fewer repetitions

All peers of a table run in this one process, so a table figure is the work of every peer
added up; the "per peer" figure divides it by the number of peers. Verification results are
normally remembered between peers in one process; here that memory is switched off, so every
peer really checks every proof, as it would on its own laptop.
"""

import argparse
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from lanpurr.fair import (
    audit,
    envelope,
    group,
    identity,
    peer_checks,
    proofs,
    protocol,
    shuffle_proof,
)
from lanpurr.fair.harness import Table
from lanpurr.fair.proofs import verify_dleq, verify_knowledge

COUNTS: Counter[str] = Counter()


def _no_memory() -> None:
    """Every peer verifies for itself: undo the in-process memo of verification results."""
    peer_checks.verify_dleq = verify_dleq.__wrapped__  # type: ignore[attr-defined]
    proofs.verify_dleq = verify_dleq.__wrapped__  # type: ignore[attr-defined]  (shares' proofs)
    proofs._verify_dleq_many = proofs._verify_dleq_many.__wrapped__  # type: ignore[attr-defined]
    audit.unmask_with_key = audit.unmask_with_key.__wrapped__  # type: ignore[attr-defined]
    peer_checks.verify_knowledge = verify_knowledge.__wrapped__  # type: ignore[attr-defined]
    shuffle_proof.REMEMBER = False
    raw_valid = group._valid_point.__wrapped__

    def valid(value: bytes) -> bool:
        COUNTS["valid"] += 1
        return bool(raw_valid(value))

    group._valid_point = valid  # type: ignore[assignment]
    identity._CHECKED_MAX = 0

    def verify(public_key: bytes, data: bytes, signature: bytes) -> bool:
        identity._CHECKED.clear()
        return identity.verify_signature(public_key, data, signature)

    envelope.verify_signature = verify  # type: ignore[assignment]


def _count_ops() -> None:
    """Count the group operations every peer performs (the crypto floor's numerator):
    multiplications, base-point multiplications, additions/subtractions, point checks."""
    from lanpurr.fair import masked_deck, proofs

    raw = {"mul": group.mul, "base_mul": group.base_mul, "add": group.add, "sub": group.sub}
    kinds = {"mul": "mul", "base_mul": "base", "add": "add", "sub": "add"}

    def counted(name: str) -> Callable[..., bytes]:
        def op(*args: bytes) -> bytes:
            COUNTS[kinds[name]] += 1
            return raw[name](*args)

        return op

    wrapped = {name: counted(name) for name in raw}
    for module in (group, protocol, shuffle_proof, masked_deck, proofs):
        for name, op in wrapped.items():
            if hasattr(module, name):
                setattr(module, name, op)


def unit_costs(repeat: int) -> dict[str, float]:
    s = group.random_scalar()
    p = group.base_mul(group.random_scalar())

    def best(fn: Callable[[], Any]) -> float:
        runs = []
        for _ in range(5):
            t = time.perf_counter()
            for _ in range(repeat):
                fn()
            runs.append((time.perf_counter() - t) / repeat)
        return min(runs)

    raw_valid = getattr(group._valid_point, "__wrapped__", group._valid_point)
    return {
        "mul": best(lambda: group._rb.crypto_scalarmult_ristretto255(s, p)),
        "base": best(lambda: group._rb.crypto_scalarmult_ristretto255_base(s)),
        "add": best(lambda: group._rb.crypto_core_ristretto255_add(p, p)),
        "valid": best(lambda: raw_valid(p)),
    }


def floor_of(counts: Counter[str], unit: dict[str, float]) -> float:
    return sum(counts[k] * unit[k] for k in ("mul", "base", "add", "valid"))


Measured = tuple[str, float, Counter[str]]
"""What a benchmark measured: its label, its wall time (s) and the group operations it did."""


def report(measure: Callable[[], Measured], repeat: int) -> None:
    """Run one benchmark between two measurements of the unit costs and use their mean, so that
    a machine whose load changes during the run does not skew the ratio to the floor."""
    before = unit_costs(repeat)
    label, wall, counts = measure()
    after = unit_costs(repeat)
    unit = {k: (before[k] + after[k]) / 2 for k in before}
    floor = floor_of(counts, unit)
    print(
        f"{label}: {wall * 1000:.1f} ms; {counts['mul']} mul + {counts['base']} base + "
        f"{counts['add']} add + {counts['valid']} point checks; "
        f"one mul {unit['mul'] * 1000:.4f} ms; "
        f"crypto floor {floor * 1000:.1f} ms; ratio {wall / floor:.2f}"
    )


def deal(players: int, cards: int, proofs: bool) -> Measured:
    COUNTS.clear()
    t = time.perf_counter()
    table = Table(players, cards, shuffle_proofs=proofs)
    table.start()
    table.everyone("deal", [i % players for i in range(cards)])
    wall = time.perf_counter() - t
    assert all(p.accusations == [] for p in table.peers)
    assert all(len(p.known) == len(p.hand(s)) for s, p in enumerate(table.peers))
    label = (
        f"deal {players} players x {cards} cards (keys, seeds, {players} shuffles, every private "
        f"deal), shuffle proofs {'on' if proofs else 'off'}, whole table"
    )
    return label, wall, Counter(COUNTS)


def draw(players: int, hand: int, proofs: bool) -> Measured:
    cards = players * hand
    table = Table(players, cards, shuffle_proofs=proofs)
    table.start()
    table.everyone("deal", [i % players for i in range(cards)])
    walls, counts = [], []
    for i in range(10):
        holder, drawer = i % players, (i + 1) % players
        while len(table.peers[0].hand(holder)) < hand:  # keep the holder at `hand` cards
            table.everyone("draw", (holder + 2) % players, holder, 1)
        COUNTS.clear()
        t = time.perf_counter()
        table.everyone("draw", holder, drawer, 1)
        walls.append(time.perf_counter() - t)
        counts.append(Counter(COUNTS))
    assert all(p.accusations == [] for p in table.peers)
    middle = sorted(range(10), key=lambda k: walls[k])[5]
    label = (
        f"blind draw from a {hand}-card hand, {players} players, re-shuffle proof "
        f"{'on' if proofs else 'off'}, whole table (median of 10)"
    )
    return label, walls[middle], counts[middle]


def round_audit(players: int, rounds: int) -> Measured:
    """The audit one seat runs at a round's end, timed inside whole games between seat
    runtimes (every seat audits every round; each call here is one seat's audit)."""
    from lanpurr.seat import rounds as seat_rounds
    from lanpurr.seat.whole_game import play

    walls: list[float] = []
    counts: list[Counter[str]] = []
    real_audit = seat_rounds.audit

    def timed(*args: Any) -> Any:
        COUNTS.clear()
        t = time.perf_counter()
        result = real_audit(*args)
        walls.append(time.perf_counter() - t)
        counts.append(Counter(COUNTS))
        assert result.fair
        return result

    seat_rounds.audit = timed  # type: ignore[assignment]
    try:
        seed = 5
        while len(walls) < rounds * players:
            play("momistigri", ["heuristic"] * players, seed)
            seed += 1
    finally:
        seat_rounds.audit = real_audit  # type: ignore[assignment]
    middle = sorted(range(len(walls)), key=lambda k: walls[k])[len(walls) // 2]
    label = (
        f"one seat's audit of a whole Momistigri round, {players} players (median of {len(walls)})"
    )
    return label, walls[middle], counts[middle]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    _no_memory()
    _count_ops()
    repeat = 200 if args.quick else 2000
    unit = unit_costs(repeat)
    print(
        f"one scalar multiplication: {unit['mul'] * 1e3:.4f} ms (base point "
        f"{unit['base'] * 1e3:.4f} ms, addition {unit['add'] * 1e3:.4f} ms, "
        f"point check {unit['valid'] * 1e3:.4f} ms)"
    )
    report(lambda: deal(5, 46, True), repeat)
    report(lambda: deal(7, 63, True), repeat)
    report(lambda: deal(5, 46, False), repeat)
    report(lambda: deal(7, 63, False), repeat)
    report(lambda: draw(5, 10, False), repeat)
    report(lambda: draw(5, 10, True), repeat)
    report(lambda: round_audit(3, 3 if args.quick else 9), repeat)
    report(lambda: round_audit(5, 3 if args.quick else 5), repeat)


if __name__ == "__main__":
    main()
