"""Shuffle-proof benchmarks with one process per peer, as at a real table.

    .venv/bin/python bench/bench_shuffle.py            # everything (about a minute)
    .venv/bin/python bench/bench_shuffle.py --quick    # fewer draws, no Purrfect 7 × 63

Figures, all in one run:

1. a verified 4 × 52 deal (keys, seeds, 4 shuffles each checked by every other peer, then the
   private deal of every card) with the proof of a shuffle (lanpurr/fair/shuffle_proof.py) and
   with the cut-and-choose proof it replaced (bench/cut_and_choose.py, 80 rounds);
2. Start → every hand dealt, with proofs: Purrfect 7 × 63 and Momistigri 5 × 46;
3. one blind draw from a 10-card hand at a 5-seat table, the holder's re-shuffle proven and
   checked by everyone (median of the draws); then the same draw in two parts: asked for ->
   the re-shuffle proven and checked by every peer, and the drawer's pick -> the card in its
   hand (what a player waits for after choosing a card, when the checks were done while it
   chose).

Every peer is its own process; this process is the table's log: it puts every frame in one
order and hands it to every other peer (bytes sent = each frame × the peers it goes to). The
group operations the peers performed are counted inside each process (scalar
multiplications, base-point multiplications, additions, point checks, hashes to the group),
and so is the CPU time each peer spent inside them: "CPU in group operations" is part of the
peers' CPU, measured by the same clock in the same processes, so it can never exceed it. (It
used to be a "crypto floor": the counts times the cost of one operation timed in this process
before and after each figure; with the two cores shared, an operation timed at another moment
cost another price, and the CPU came out "below its floor", 0.70×, which is impossible.) The
cost of one multiplication, best of 5 here, is still printed for comparison with other runs.
"""

import argparse
import multiprocessing as mp
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any

from lanpurr.fair import group
from lanpurr.fair.identity import Identity
from lanpurr.fair.round_state import RoundSetup

OPS = {
    "crypto_scalarmult_ristretto255": "mul",
    "crypto_scalarmult_ristretto255_base": "base",
    "crypto_core_ristretto255_add": "add",
    "crypto_core_ristretto255_sub": "add",
    "crypto_core_ristretto255_is_valid_point": "valid",
    "crypto_core_ristretto255_from_hash": "hash",
}


IN_GROUP = "ns in group operations"
"""The CPU time (process time, ns) a peer spent inside the group operations it counted."""


class _CountingSodium:
    """Stands in for group._rb: counts the group operations that go through it and the CPU
    time the peer spends inside them."""

    def __init__(self, real: Any, counts: Counter[str]) -> None:
        self._real, self._counts = real, counts

    def __getattr__(self, name: str) -> Any:
        fn = getattr(self._real, name)
        kind = OPS.get(name)
        if kind is None:
            return fn

        def counted(*args: Any) -> Any:
            self._counts[kind] += 1
            began = time.process_time_ns()
            try:
                return fn(*args)
            finally:
                self._counts[IN_GROUP] += time.process_time_ns() - began

        return counted


def _use_cut_and_choose() -> None:
    import cut_and_choose  # bench/, next to this script

    from lanpurr.fair import peer_checks, peer_outgoing

    def prove(deck: Any, out: Any, key: Any, secret: Any, context: Any, rng: Any) -> bytes:
        return cut_and_choose.prove_shuffle(deck, out, key, secret, context, 80, rng)

    def verify(deck: Any, out: Any, key: Any, proof: Any, context: Any, rng: Any = None) -> str:
        return cut_and_choose.verify_shuffle(deck, out, key, proof, context, 80)

    def verify_all(shuffles: Any, key: Any, rng: Any) -> tuple[int, str]:
        for index, s in enumerate(shuffles):
            problem = verify(s.deck_in, s.deck_out, key, s.proof, s.context)
            if problem:
                return index, problem
        return -1, ""

    def form(n: int, proof: Any) -> str:
        return "" if isinstance(proof, bytes) else "the shuffle proof is missing"

    peer_outgoing.prove_shuffle = prove  # type: ignore[assignment]
    peer_checks.verify_shuffle = verify  # type: ignore[assignment]
    peer_checks.verify_shuffles = verify_all  # type: ignore[assignment]
    peer_checks.proof_form = form  # type: ignore[assignment]


def _peer(conn: Connection, setup: RoundSetup, seat: int, private: bytes, proof: str) -> None:
    """One laptop: a FairPeer fed by the log, its work counted."""
    from lanpurr.fair.protocol import FairPeer

    if proof == "cut-and-choose":
        _use_cut_and_choose()
    counts: Counter[str] = Counter()
    group._rb = _CountingSodium(group._rb, counts)  # type: ignore[assignment]
    peer = FairPeer(setup, seat, Identity.from_private_bytes(private))
    _let_picks_wait(peer)
    cpu = 0.0
    while True:
        message = conn.recv()
        if message[0] == "stop":
            return
        if message[0] == "reset":
            counts.clear()
            cpu = 0.0
            continue
        if message[0] == "stats":
            conn.send((dict(counts), cpu))
            continue
        began = time.process_time()
        if message[0] == "call":
            frames = getattr(peer, message[1])(*message[2])
        else:
            frames = peer.receive(message[1], message[2])
        cpu += time.process_time() - began
        status = (
            peer.ready,
            [str(a) for a in peer.accusations],
            len(peer.known),
            len(peer.hand(seat)),
            len(peer.history),
            peer.op.kind if peer.op is not None else "",
        )
        conn.send((frames, status))


def _let_picks_wait(peer: Any) -> None:
    """`hold_picks(True)`: this peer keeps its pick back, as a player still choosing a card
    would, until `hold_picks(False)` sends it. Lets a draw be timed in two parts."""
    holding = [False]
    next_frame = peer._next_frame

    def held_next_frame() -> Any:
        op = peer.op
        if holding[0] and op is not None and op.kind == "pick" and peer.seat in op.owed:
            return None
        return next_frame()

    def hold_picks(on: bool) -> list[bytes]:
        holding[0] = on
        return [] if on else list(peer._act())

    peer._next_frame = held_next_frame
    peer.hold_picks = hold_picks


Status = tuple[bool, list[str], int, int, int, str]


@dataclass
class Measured:
    wall: float
    cpu: float
    counts: Counter[str]
    sent: int
    by_seat: list[float]
    """Each peer's CPU time, in seat order."""


class Table:
    """The peers' processes and the log that orders their frames."""

    def __init__(self, players: int, cards: int, proof: str = "proof of a shuffle") -> None:
        identities = [Identity.generate() for _ in range(players)]
        self.setup = RoundSetup(
            table=group.os_randomness(16),
            round=1,
            members=tuple(i.public_key for i in identities),
            deck_id=f"bench/{cards}",
            deck_size=cards,
            shuffle_proofs=proof != "none",
        )
        context = mp.get_context("spawn")
        self.links: list[Connection] = []
        self.processes = []
        for seat, identity in enumerate(identities):
            mine, theirs = context.Pipe()
            process = context.Process(
                target=_peer, args=(theirs, self.setup, seat, identity.private_bytes(), proof)
            )
            process.start()
            self.links.append(mine)
            self.processes.append(process)
        self.status: list[Status] = [(False, [], 0, 0, 0, "")] * players
        for link in self.links:  # every laptop is up, its deck's card points made, before any clock
            link.send(("stats",))
            link.recv()

    def step(
        self,
        calls: list[tuple[str, tuple[Any, ...]]],
        done: Callable[[], bool],
        only: int | None = None,
    ) -> Measured:
        """Every peer (or seat `only`) takes the same steps; frames go round until `done`."""
        for link in self.links:
            link.send(("reset",))
        began = time.perf_counter()
        owed = 0
        for seat, link in enumerate(self.links):
            if only is not None and seat != only:
                continue
            for method, args in calls:
                link.send(("call", method, args))
                owed += 1
        sent = 0
        while owed or not done():
            if not owed:
                raise RuntimeError("the table stalled")
            for link in wait(self.links):
                assert isinstance(link, Connection)
                seat = self.links.index(link)
                frames, self.status[seat] = link.recv()
                owed -= 1
                if self.status[seat][1]:
                    raise RuntimeError(f"seat {seat} accused someone: {self.status[seat][1]}")
                for frame in frames:
                    for other, out in enumerate(self.links):
                        if other != seat:
                            out.send(("frame", frame, seat))
                            sent += len(frame)
                            owed += 1
        wall = time.perf_counter() - began
        counts: Counter[str] = Counter()
        by_seat = []
        for link in self.links:
            link.send(("stats",))
            theirs, their_cpu = link.recv()
            counts.update(theirs)
            by_seat.append(their_cpu)
        return Measured(wall, sum(by_seat), counts, sent, by_seat)

    def deal(self) -> Measured:
        n = self.setup.seats
        plan = [i % n for i in range(self.setup.deck_size)]

        def dealt() -> bool:
            return all(s[0] and s[2] >= s[3] > 0 for s in self.status)

        return self.step([("start", ()), ("deal", (plan,))], dealt)

    def draw(self, holder: int, drawer: int) -> Measured:
        history = [s[4] for s in self.status]
        hand_before = self.status[holder][3]

        def drawn() -> bool:
            return all(s[0] and s[4] > h for s, h in zip(self.status, history, strict=True)) and (
                self.status[holder][3] == hand_before - 1
            )

        return self.step([("draw", (holder, drawer, 1))], drawn)

    def draw_in_two(self, holder: int, drawer: int) -> tuple[Measured, Measured]:
        """The same draw timed in two parts: (1) asked for -> the holder's hand re-shuffled,
        proven and checked by every peer (each peer then waits for the pick); (2) the drawer's
        pick -> the card known in the drawer's hand and the draw closed on every peer."""
        history = [s[4] for s in self.status]
        hand_before = self.status[holder][3]

        def checked() -> bool:
            return all(s[5] == "pick" for s in self.status)

        def drawn() -> bool:
            return all(s[0] and s[4] > h for s, h in zip(self.status, history, strict=True)) and (
                self.status[holder][3] == hand_before - 1
            )

        proven = self.step([("hold_picks", (True,)), ("draw", (holder, drawer, 1))], checked)
        picked = self.step([("hold_picks", (False,))], drawn, only=drawer)
        return proven, picked

    def close(self) -> None:
        for link in self.links:
            link.send(("stop",))
        for process in self.processes:
            process.join()


def unit_costs(repeat: int) -> dict[str, float]:
    s = group.random_scalar()
    p = group.base_mul(group.random_scalar())
    na = group._rb

    def best(fn: Callable[[], Any]) -> float:
        runs = []
        for _ in range(5):
            t = time.perf_counter()
            for _ in range(repeat):
                fn()
            runs.append((time.perf_counter() - t) / repeat)
        return min(runs)

    return {
        "mul": best(lambda: na.crypto_scalarmult_ristretto255(s, p)),
        "base": best(lambda: na.crypto_scalarmult_ristretto255_base(s)),
        "add": best(lambda: na.crypto_core_ristretto255_add(p, p)),
        "valid": best(lambda: na.crypto_core_ristretto255_is_valid_point(p)),
        "hash": best(lambda: na.crypto_core_ristretto255_from_hash(s + s)),
    }


def report(label: str, measure: Callable[[], Measured], repeat: int) -> Measured:
    before = unit_costs(repeat)
    m = measure()
    after = unit_costs(repeat)
    unit = {k: (before[k] + after[k]) / 2 for k in before}
    floor = m.counts[IN_GROUP] / 1e9
    ops = ", ".join(f"{m.counts[k]} {k}" for k in unit)
    print(
        f"{label}: wall {m.wall * 1000:.1f} ms, CPU of all peers {m.cpu * 1000:.1f} ms; "
        f"{ops}; one mul {unit['mul'] * 1e3:.4f} ms (here, best of 5); "
        f"CPU in group operations {floor * 1000:.1f} ms ({floor / m.cpu:.0%} of the CPU), "
        f"wall/that {m.wall / floor:.2f}; sent {m.sent / 1000:.1f} kB",
        flush=True,
    )
    return m


def deal(players: int, cards: int, proof: str) -> Measured:
    table = Table(players, cards, proof)
    try:
        return table.deal()
    finally:
        table.close()


def draws(players: int, hand: int, count: int, proof: str = "proof of a shuffle") -> Measured:
    """`count` blind draws, each from a hand of `hand` cards; the median one is returned."""
    table = Table(players, players * hand, proof)
    try:
        table.deal()
        measured = []
        for i in range(count):
            holder, drawer = i % players, (i + 1) % players
            while table.status[holder][3] < hand:  # top the holder up, unmeasured
                table.draw((holder + 2) % players, holder)
            measured.append(table.draw(holder, drawer))
        middle = statistics.median_low([m.wall for m in measured])
        median = next(m for m in measured if m.wall == middle)
        # Holder, drawer, then the others: each peer's own share of the work.
        i = measured.index(median)
        holder, drawer = i % players, (i + 1) % players
        others = [c for s, c in enumerate(median.by_seat) if s not in (holder, drawer)]
        print(
            f"  CPU per peer: holder {median.by_seat[holder] * 1e3:.1f} ms, drawer "
            f"{median.by_seat[drawer] * 1e3:.1f} ms, each other seat "
            + "/".join(f"{c * 1e3:.1f}" for c in others)
            + " ms",
            flush=True,
        )
        return median
    finally:
        table.close()


def draws_in_two(players: int, hand: int, count: int) -> tuple[Measured, Measured]:
    """`count` blind draws timed in two parts (`Table.draw_in_two`); the median of each."""
    table = Table(players, players * hand)
    try:
        table.deal()
        parts = []
        for i in range(count):
            holder, drawer = i % players, (i + 1) % players
            while table.status[holder][3] < hand:  # top the holder up, unmeasured
                table.draw((holder + 2) % players, holder)
            parts.append(table.draw_in_two(holder, drawer))
        medians = []
        for which in (0, 1):
            measured = [p[which] for p in parts]
            middle = statistics.median_low([m.wall for m in measured])
            medians.append(next(m for m in measured if m.wall == middle))
        return medians[0], medians[1]
    finally:
        table.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--draw-only", action="store_true", help="only the blind-draw figure")
    args = parser.parse_args()
    repeat = 300 if args.quick else 2000
    unit = unit_costs(repeat)
    print(
        "one scalar multiplication " + ", ".join(f"{k} {v * 1e3:.4f} ms" for k, v in unit.items()),
        flush=True,
    )
    if args.draw_only:
        draw_figures(15, repeat)
        return
    new = report(
        "deal 4 x 52, proof of a shuffle", lambda: deal(4, 52, "proof of a shuffle"), repeat
    )
    old = report(
        "deal 4 x 52, cut-and-choose (80 rounds)", lambda: deal(4, 52, "cut-and-choose"), repeat
    )
    report("deal 4 x 52, no proofs (audit only)", lambda: deal(4, 52, "none"), repeat)
    print(f"  -> the proof of a shuffle deals {old.wall / new.wall:.1f}x faster (wall time)")
    report("Start -> every hand dealt, Momistigri 5 x 46", lambda: deal(5, 46, "p"), repeat)
    if not args.quick:
        report("Start -> every hand dealt, Purrfect 7 x 63", lambda: deal(7, 63, "p"), repeat)
    draw_figures(5 if args.quick else 15, repeat)


def draw_figures(count: int, repeat: int) -> None:
    report(
        f"blind draw from a 10-card hand, 5 seats, re-shuffle proven (median of {count})",
        lambda: draws(5, 10, count),
        repeat,
    )
    report(
        f"the same draw, proofs off (median of {count})",
        lambda: draws(5, 10, count, "none"),
        repeat,
    )
    split: list[Measured] = []

    def first_part() -> Measured:
        split.extend(draws_in_two(5, 10, count))
        return split[0]

    report(
        f"  part 1: draw asked -> re-shuffle proven and checked by all (median of {count})",
        first_part,
        repeat,
    )
    report(
        f"  part 2: the drawer's pick -> the card in its hand (median of {count}, same draws)",
        lambda: split[1],
        repeat,
    )


if __name__ == "__main__":
    main()
