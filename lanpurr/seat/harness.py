"""An in-memory table of seat runtimes: each sender's frames arrive in order, but every
receiver sees the senders interleaved differently, at random (tests, `lanpurr simulate`,
benchmarks). No sockets; `net/` carries the same frames between laptops."""

import random
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lanpurr.fair.group import Randomness
from lanpurr.fair.identity import Identity
from lanpurr.seat.registry import layer_for
from lanpurr.seat.runtime import SeatRuntime
from lanpurr.seat.seat_base import PeerFactory
from lanpurr.seat.table import TableSpec

Bot = Callable[[Any, int, random.Random], Any]
QUIET_WAKES = 200
"""How often every bot of a quiet table without turns is woken before the run gives up."""


@dataclass
class Outcome:
    finished: bool
    frames: int
    wire: list[tuple[int, int, bytes]]
    """Every frame sent: (sender, receiver, bytes)."""


class Network:
    def __init__(self, runtimes: list[SeatRuntime], rng: random.Random) -> None:
        self.runtimes = runtimes
        self.rng = rng
        self.links: dict[tuple[int, int], deque[bytes]] = {}
        self.wire: list[tuple[int, int, bytes]] = []

    def _collect(self) -> None:
        for sender, runtime in enumerate(self.runtimes):
            for frame in runtime.take_outgoing():
                for receiver in range(len(self.runtimes)):
                    if receiver != sender:
                        self.links.setdefault((sender, receiver), deque()).append(frame)
                        self.wire.append((sender, receiver, frame))

    def frames(self, rng: random.Random, max_frames: int = 200_000) -> Iterator[int]:
        """Start every seat, then deliver one frame at a time on a link drawn with `rng`,
        yielding the receiving seat after each, until no frame is on its way (a test looks at
        that seat in between)."""
        for runtime in self.runtimes:
            runtime.start()
        for _ in range(max_frames):
            self._collect()
            busy = [link for link, queue in self.links.items() if queue]
            if not busy:
                return
            sender, receiver = rng.choice(busy)
            self.runtimes[receiver].receive(self.links[(sender, receiver)].popleft(), sender)
            yield receiver

    def step(self, laptops: Sequence[Sequence[int]] = ()) -> set[int]:
        """One message delay, as on a slow network where every path takes the same time:
        every frame in flight reaches its receiver at once, and every seat that got any then
        ticks, as a laptop does after each batch. Seats that `laptops` puts on one laptop hand
        their frames to one another at once, as a laptop's own runtimes do, until none is left
        for them. The seats that received anything."""
        home = {seat: i for i, seats in enumerate(laptops) for seat in seats}
        self._collect()
        flight = [(link, list(queue)) for link, queue in self.links.items() if queue]
        for queue in self.links.values():
            queue.clear()
        received: set[int] = set()
        while flight:
            for (sender, receiver), frames in flight:
                for frame in frames:
                    self.runtimes[receiver].receive(frame, sender)
                received.add(receiver)
            for receiver in {receiver for (_, receiver), _ in flight}:
                self.runtimes[receiver].tick()
            self._collect()
            flight = []
            for (sender, receiver), queue in self.links.items():
                if queue and home.get(sender, -1) == home.get(receiver, -2):
                    flight.append(((sender, receiver), list(queue)))
                    queue.clear()
        return received

    def run(self, max_frames: int = 2_000_000, wake: float = 0.1) -> Outcome:
        """Deliver, one frame at a time on a random link, until nobody has anything to say.

        At a table without turns a bot acts whenever it likes: before each delivery one seat,
        at random, is woken with probability `wake`. When the network is quiet every seat may
        tick, then every bot is woken (up to `QUIET_WAKES` times); the run ends when even that
        sends nothing."""
        for runtime in self.runtimes:
            runtime.start()
        delivered = 0
        while delivered < max_frames:
            self._collect()
            busy = [link for link, queue in self.links.items() if queue]
            if not busy:
                if self._quiet():
                    continue
                break
            if self.rng.random() < wake:
                self._wake(self.rng.choice(self.runtimes))
            sender, receiver = self.rng.choice(busy)
            self.runtimes[receiver].receive(self.links[(sender, receiver)].popleft(), sender)
            delivered += 1
        finished = all(r.over for r in self.runtimes)
        return Outcome(finished, delivered, self.wire)

    def _quiet(self) -> bool:
        """Nothing in flight: ticks first, then every bot once. True if anything was sent."""
        order = list(self.runtimes)
        self.rng.shuffle(order)
        for runtime in order:
            runtime.tick()
        self._collect()
        if any(self.links.values()):
            return True
        for _ in range(QUIET_WAKES):  # a bot may well wait a while before it acts
            for runtime in order:
                self._wake(runtime)
            self._collect()
            if any(self.links.values()):
                return True
        return False

    @staticmethod
    def _wake(runtime: SeatRuntime) -> None:
        """A bot at a table without turns looks at its view now (turn-based bots are asked
        by their runtime when their turn comes)."""
        if not runtime.ordering.turns and runtime.on_turn is not None and runtime.may_act():
            runtime.on_turn(runtime)


def bot_player(choose: Bot, rng: random.Random) -> Callable[[SeatRuntime], None]:
    """A bot at a seat: asked when its seat may act, it sees only that seat's view."""

    def on_turn(runtime: SeatRuntime) -> None:
        action = choose(runtime.current_view(), runtime.seat, rng)
        if action is None:
            return  # nothing to do right now (a bot at a table without turns)
        refused = runtime.act(action)
        if refused is not None:
            raise AssertionError(f"seat {runtime.seat}'s bot was refused: {refused}")

    return on_turn


def seat_table(
    game: str,
    players: int,
    bots: list[Bot],
    rng: random.Random,
    *,
    options: Mapping[str, str] | None = None,
    factories: Mapping[int, PeerFactory] | None = None,
    shuffle_proofs: bool = True,
    shuffle_order: tuple[int, ...] = (),
) -> Network:
    """A table of `players` seats, each its own runtime with its own keys and bot."""
    identities = [Identity.generate() for _ in range(players)]
    spec = TableSpec.of(
        rng.randbytes(16),
        game,
        tuple(i.public_key for i in identities),
        options or {},
        shuffle_proofs=shuffle_proofs,
        shuffle_order=shuffle_order,
    )
    randomness: Randomness = rng.randbytes
    runtimes = []
    for seat, identity in enumerate(identities):
        extra: dict[str, Any] = {}
        if factories and seat in factories:
            extra["peer_factory"] = factories[seat]
        runtimes.append(
            SeatRuntime(
                spec,
                seat,
                identity,
                layer_for(game),
                rng=randomness,
                on_turn=bot_player(bots[seat], random.Random(rng.random())),
                keep_views=True,
                **extra,
            )
        )
    return Network(runtimes, rng)
