"""The least time a whole bot game can take on bad Wi-Fi, whatever the protocol (issue 36).

Issue 36 asks a whole bot game on bad Wi-Fi (200 ± 50 ms one way, 10 % loss) to take at most
twice its clean time. This simulation asks what no implementation can beat: a table where one
laptop is trusted with every card, so that nothing is waited for but the one-way step that
brings a move to the laptops that act on it. It plays the real engines and the tables' own bots
in simulated time (no process, no socket, no clock).

- **Laptops and seats** as in bench/latency.py: the host's laptop plays seat 0 and the bot
  seats, each other laptop one seat.
- **Turns** (Momistigri, No sin mi gato): the acting seat's laptop applies the move at once,
  draws whatever chance it needs (it is trusted with every card) and sends the new state to the
  other laptops, one way each.
- **No turns** (Purrfect): one order is needed, so a referee on the host's laptop applies moves
  as they reach it and takes the first acceptance of an offer at once (P-5.7, by its receipt);
  every other laptop learns the new state one way later.
- **Bots**: the tables' "normal" bots (net/game/setup.py), paced as net/game/seats.py paces
  them: a bot whose turn it is acts `pace × U(0.7, 1.3)` after the state that gave it the turn
  reached its laptop; a Purrfect bot looks at its laptop's latest state every
  `pace × 2.5 × U(0.7, 1.3)`. A seat sends nothing new while its last move is on its way.
- **The network**: clean is no delay at all; bad Wi-Fi is `delay ± jitter` one way, uniform, in
  order on each path, and **no loss** (a lost frame only adds time): a floor.
- **Game time**: from Start on the host to the last laptop's state with the game over.

Two options add what fair play cannot do without, to see what each costs:

- `--fair` (No sin mi gato): nobody may read a cat before the move that turns it up (G-10), so
  a cat turned up reaches the acting laptop only after a round trip to every other laptop
  (their shares are sent once they hold the move), and the others one way after the move (the
  best case: every other share already there); the start waits for a shuffle by each laptop in
  turn, then every laptop's shares of the first two cats.
- `--fair` (Purrfect): no laptop is trusted with the order either. A move takes its place as
  it is sent, and a laptop applies it once it holds, from every other laptop, a message sent
  after the move reached that laptop (the least any agreed order without a referee needs;
  docs/realtime-order.md). The offerer's laptop takes an acceptance on receipt, and the take
  is placed with it. Each side's hand-over leaves once the take is placed on its laptop, and
  the side acts again once the other side's hand-over is in (a blind swap cannot hand over
  before the take: P-5.8). Nothing else waits: no laptop stops for a swap's hand-overs.
- `--one-in-flight` (Purrfect, with `--fair`): a seat acts again only once its last move is
  placed on its own laptop, as docs/realtime-order.md has it.
- `--swap-stall K` (Purrfect): after each swap every laptop waits K one-way steps before it
  applies another move or lets a seat act, as a laptop waits for the swap's hand-overs.

Run (no root, no network; about a second per No sin mi gato game, a minute per Purrfect game):

    .venv/bin/python bench/latency_floor.py --only gutters --games 40
    .venv/bin/python bench/latency_floor.py --only gutters --games 40 --fair
    .venv/bin/python bench/latency_floor.py --only momistigri --games 20
    .venv/bin/python bench/latency_floor.py --only purrfect --games 4 [--fair] [--swap-stall 1]

Every loop is bounded: a game gives up after `--moves` moves.
"""

import argparse
import heapq
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import mean, median
from typing import Any

from lanpurr.core.errors import RuleViolation
from lanpurr.core.game import CHANCE, Game
from lanpurr.core.rng import derive
from lanpurr.games.purrfect.actions import TakeAcceptance
from lanpurr.games.purrfect.events import AcceptanceMade, SwapMade
from lanpurr.seat.registry import layer_for
from net.game.seats import REALTIME_PACE
from net.game.setup import bot_choice

SEATS = {"momistigri": 4, "purrfect": 7, "gutters": 4}
"""The tables of issue 36's measures (docs/benchmarks.md, "Latency per action")."""
LAPTOPS = 3
MAX_MOVES = 20_000
PER = {"momistigri": "Draw", "purrfect": "swap"}
"""What a game's time is divided by, besides the whole game (as in docs/benchmarks.md)."""


@dataclass(frozen=True)
class Network:
    delay: float = 0.0
    jitter: float = 0.0


@dataclass(frozen=True)
class Options:
    pace: float = 0.15
    fair: bool = False
    swap_stall: int = 0
    one_in_flight: bool = False
    moves: int = MAX_MOVES


@dataclass
class Played:
    seconds: float = 0.0
    moves: int = 0
    counted: int = 0
    """Draws (Momistigri) or swaps (Purrfect)."""


@dataclass(order=True)
class _Item:
    time: float
    order: int
    run: Callable[[], None] = field(compare=False)


class FloorTable:
    """One game: the whole state, each laptop's latest copy of it, and the clock's queue."""

    def __init__(self, game_id: str, network: Network, options: Options, seed: int) -> None:
        self.game: Game[Any] = layer_for(game_id).game
        self.game_id, self.network, self.options = game_id, network, options
        self.realtime = game_id == "purrfect"
        seats = SEATS[game_id]
        self.laptop = [seat if seat < LAPTOPS else 0 for seat in range(seats)]
        self.rng = random.Random(seed)
        self.seed = seed.to_bytes(8, "big")
        self.bots = [bot_choice(game_id, "normal") for _ in range(seats)]
        self.bot_rngs = [random.Random(seed * 100 + seat) for seat in range(seats)]
        self.state = self.game.new_state(seats, {})
        self.copies = [self.state] * LAPTOPS
        self.version = 0
        self.seen = [0] * LAPTOPS
        self.sent_at = [-1] * seats
        """The version of its laptop's copy a seat's last move was made on (-1: none on its
        way); the seat waits for a newer copy before it acts again."""
        self.waking = [False] * seats
        self.stalled_until = 0.0
        self.faces_at = [0.0] * seats
        """(`--fair`, Purrfect) When a swap's side has the cards it received."""
        self.last_on_path: dict[tuple[int, int], float] = {}
        self.queue: list[_Item] = []
        self.now = 0.0
        self.count = 0
        self.played = Played()
        self.last_copy = 0.0
        self._events: tuple[Any, ...] = ()
        """What the last action applied led to (the referee takes an acceptance from it)."""

    def play(self) -> Played:
        self._settle(0, self._start_delays() if self.options.fair else None)
        while self.queue and not self._over_everywhere():
            if self.played.moves >= self.options.moves:
                raise RuntimeError(f"no end after {self.played.moves} moves")
            item = heapq.heappop(self.queue)
            self.now = item.time
            item.run()
        self.played.seconds = self.last_copy
        return self.played

    # the network

    def late(self) -> float:
        jitter = self.network.jitter
        return self.network.delay + self.rng.uniform(-jitter, jitter) if self.network.delay else 0.0

    def at(self, time: float, run: Callable[[], None]) -> None:
        self.count += 1
        heapq.heappush(self.queue, _Item(time, self.count, run))

    def send(self, source: int, target: int, run: Callable[[], None], after: float = 0.0) -> None:
        """From laptop to laptop: one way, or `after` seconds from now (a longer path); in
        order on each path."""
        if source == target and not after:
            self.at(self.now, run)
            return
        arrives = self.now + (after or self.late())
        arrives = max(arrives, self.last_on_path.get((source, target), 0.0))
        self.last_on_path[(source, target)] = arrives
        self.at(arrives, run)

    def _start_delays(self) -> list[float]:
        """Start and the host's shuffle, each other laptop's shuffle in turn, then every
        laptop's shares of the first two cats: when each laptop can read them."""
        chain = sum(self.late() for _ in range(LAPTOPS - 1))  # to the last shuffler
        last = LAPTOPS - 1
        holds = [chain + (self.late() if laptop != last else 0.0) for laptop in range(LAPTOPS)]
        return [
            max(holds[m] + (self.late() if m != laptop else 0.0) for m in range(LAPTOPS))
            for laptop in range(LAPTOPS)
        ]

    def _reveal_delays(self, source: int) -> list[float]:
        """A cat turned up by a move of `source`'s laptop: a round trip to every other laptop
        for the mover, one way for the others."""
        return [
            max(self.late() + self.late() for m in range(LAPTOPS) if m != source)
            if laptop == source
            else self.late()
            for laptop in range(LAPTOPS)
        ]

    # the table

    def _over_everywhere(self) -> bool:
        return self.game.is_over(self.state) and all(self.game.is_over(c) for c in self.copies)

    def _settle(self, authority: int, delays: Sequence[float] | None = None) -> None:
        """Chance (and Purrfect's take) at once on the laptop that holds the whole state, then
        the new state to every laptop."""
        while self._chance() or self._take():
            pass
        version, state = self.version, self.state
        for laptop in range(LAPTOPS):
            after = delays[laptop] if delays is not None else 0.0
            self.send(authority, laptop, lambda to=laptop: self._arrive(to, version, state), after)

    def _chance(self) -> bool:
        """Whatever chance the rules ask for now, drawn at once (a deal, a re-deal)."""
        if self.game.to_act(self.state) != frozenset({CHANCE}):
            return False
        seed = derive(self.seed, "chance", self.version)
        return self._apply(self.game.chance_action(self.state, seed))

    def _take(self) -> bool:
        """P-5.7 at the referee: the first acceptance it receives of an open offer."""
        made = [e for e in self._events if isinstance(e, AcceptanceMade)]
        if not made:
            return False
        return self._apply(TakeAcceptance(made[0].offerer, made[0].offer_id, made[0].seat))

    def _apply(self, action: Any) -> bool:
        try:
            step = self.game.apply(self.state, action)
        except RuleViolation:  # a move made on an old copy: void, as at a real table
            self._events = ()
            return False
        self.state, self._events = step.state, tuple(step.events)
        self.version += 1
        swaps = sum(isinstance(e, SwapMade) for e in step.events)
        self.played.counted += swaps
        if swaps and self.options.swap_stall:
            steps = sum(self.late() for _ in range(self.options.swap_stall))
            self.stalled_until = max(self.stalled_until, self.now + steps)
        return True

    def _arrive(self, laptop: int, version: int, state: Any) -> None:
        if version <= self.seen[laptop]:
            return
        self.seen[laptop], self.copies[laptop] = version, state
        self.last_copy = self.now
        for seat, where in enumerate(self.laptop):
            if where == laptop:
                self._think(seat)

    def _think(self, seat: int) -> None:
        """The seat's bot thinks, if it may act on its laptop's copy."""
        laptop = self.laptop[seat]
        copy = self.copies[laptop]
        if self.waking[seat] or self.sent_at[seat] >= self.seen[laptop] or self.game.is_over(copy):
            return
        if not self.realtime and seat not in self.game.to_act(copy):
            return
        thinking = self.options.pace * (REALTIME_PACE if self.realtime else 1.0)
        self.waking[seat] = True
        self.at(self.now + thinking * self.rng.uniform(0.7, 1.3), lambda: self._act(seat))

    def _act(self, seat: int) -> None:
        wait = max(self.stalled_until, self.faces_at[seat])
        if self.now < wait:
            self.at(wait, lambda: self._act(seat))
            return
        self.waking[seat] = False
        laptop = self.laptop[seat]
        copy = self.copies[laptop]
        if self.game.is_over(copy) or (not self.realtime and seat not in self.game.to_act(copy)):
            return
        action = self.bots[seat](self.game.view(copy, seat), seat, self.bot_rngs[seat])
        if action is None:
            self._think(seat)  # (no turns) it looks again later
            return
        self.sent_at[seat] = self.seen[laptop]
        self.played.moves += 1
        self.played.counted += type(action).__name__ == PER.get(self.game_id)
        if self.realtime and self.options.fair:
            self._place(laptop, action)
            return
        authority = 0 if self.realtime else laptop
        self.send(laptop, authority, lambda: self._reach(authority, action))

    def _place(self, source: int, action: Any) -> None:
        """(`--fair`, no turns) The move takes its place in the order as it is sent; a laptop
        applies it once it holds it and, from every other laptop, a message sent after the
        move reached that one. A take leaves the offerer's laptop on receipt of the
        acceptance and is placed with it; each side's hand-over leaves once the take is placed
        on its laptop, and its player acts again once the other side's hand-over is in."""
        if not self._apply(action):
            seat = action.seat
            self.at(self.now + self._placed_after(source, source), lambda: self._voided(seat))
            return
        after = [self._placed_after(source, laptop) for laptop in range(LAPTOPS)]
        if self.options.one_in_flight:
            self.faces_at[action.seat] = max(self.faces_at[action.seat], self.now + after[source])
        if self._take():
            swap = next(e for e in self._events if isinstance(e, SwapMade))
            offerer, acceptor = self.laptop[swap.offerer], self.laptop[swap.acceptor]
            taken = self._one_way(source, offerer)
            after = [max(a, taken + self._one_way(offerer, to)) for to, a in enumerate(after)]
            faces = {
                swap.offerer: after[acceptor] + self._one_way(acceptor, offerer),
                swap.acceptor: after[offerer] + self._one_way(offerer, acceptor),
            }
            for seat, late in faces.items():
                self.faces_at[seat] = self.now + late
        while self._chance():  # a round won: the next one dealt (its own steps not counted)
            pass
        version, state = self.version, self.state
        for laptop in range(LAPTOPS):
            self.at(self.now + after[laptop], lambda to=laptop: self._arrive(to, version, state))

    def _one_way(self, source: int, target: int) -> float:
        return 0.0 if source == target else self.late()

    def _placed_after(self, source: int, laptop: int) -> float:
        """How long after it is sent a move of `source`'s laptop is placed on `laptop`."""
        others = [m for m in range(LAPTOPS) if m not in (source, laptop)]
        heard = [self._one_way(source, m) + self._one_way(m, laptop) for m in others]
        return max([self._one_way(source, laptop), *heard])

    def _reach(self, authority: int, action: Any) -> None:
        if self.now < self.stalled_until:
            self.at(self.stalled_until, lambda: self._reach(authority, action))
            return
        pile = len(getattr(self.state, "cat_pile", ()))
        if self._apply(action):
            turned_up = len(getattr(self.state, "cat_pile", ())) < pile
            fair = self.options.fair and turned_up
            self._settle(authority, self._reveal_delays(authority) if fair else None)
            return
        seat = action.seat  # void: its laptop hears so, and the seat thinks again
        self.send(authority, self.laptop[seat], lambda: self._voided(seat))

    def _voided(self, seat: int) -> None:
        self.sent_at[seat] = -1
        self._think(seat)


def compare(game_id: str, games: int, network: Network, options: Options) -> list[str]:
    """Clean against `network`, `games` games each: the lines to print."""
    rows = {
        name: [FloorTable(game_id, net, options, seed).play() for seed in range(games)]
        for name, net in (("clean", Network()), ("bad Wi-Fi", network))
    }
    clean, bad = rows["clean"], rows["bad Wi-Fi"]
    ratio = mean(p.seconds for p in bad) / mean(p.seconds for p in clean)
    lines = [
        f"{game_id} ({SEATS[game_id]} seats, {LAPTOPS} laptops), {games} games each: whole game, "
        f"median {median(p.seconds for p in clean):.1f} s clean, "
        f"{median(p.seconds for p in bad):.1f} s on bad Wi-Fi; by the mean {ratio:.2f}×"
    ]
    per = PER.get(game_id)
    if per is not None:
        clean_per = sum(p.seconds for p in clean) / sum(p.counted for p in clean)
        bad_per = sum(p.seconds for p in bad) / sum(p.counted for p in bad)
        lines.append(
            f"  per {per.lower()}: {clean_per:.3f} s clean, {bad_per:.3f} s on bad Wi-Fi: "
            f"{bad_per / clean_per:.2f}×"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per game and network")
    parser.add_argument("--only", choices=sorted(SEATS), help="play only this game")
    parser.add_argument("--pace", type=float, default=0.15, help="seconds a bot thinks")
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("--jitter", type=float, default=0.05)
    parser.add_argument("--fair", action="store_true", help="what fair play cannot do without")
    parser.add_argument("--swap-stall", type=int, default=0, help="Purrfect: steps after a swap")
    parser.add_argument("--one-in-flight", action="store_true", help="Purrfect: one move each")
    parser.add_argument("--moves", type=int, default=MAX_MOVES, help="a game gives up after")
    args = parser.parse_args()
    network = Network(args.delay, args.jitter)
    options = Options(args.pace, args.fair, args.swap_stall, args.one_in_flight, args.moves)
    for game_id in [args.only] if args.only else sorted(SEATS):
        print("\n".join(compare(game_id, args.games, network, options)), flush=True)


if __name__ == "__main__":
    main()
