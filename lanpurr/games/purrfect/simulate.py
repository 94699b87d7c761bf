"""Bots play complete games of Purrfect in simulated real time (`lanpurr simulate purrfect`).

There is no wall clock: an event queue holds simulated times. Each bot wakes after its own
reaction delay, looks at its view, acts or not, and wakes again; an event it sees wakes it
sooner. An acceptance reaches the offerer's peer after a network delay, and the peer takes the
first one it receives while the offer is open (P-5.7), exactly as on a real table. Invariants
are checked after every action; a round that runs too long is a reported violation, never a hang.
"""

import heapq
from dataclasses import dataclass, field

from lanpurr.core.errors import RuleViolation
from lanpurr.core.game import Event
from lanpurr.core.rng import derive, rng_from
from lanpurr.core.simulation import SimulationConfig, SimulationReport
from lanpurr.games.purrfect.actions import TakeAcceptance
from lanpurr.games.purrfect.bots import BOTS, Bot
from lanpurr.games.purrfect.engine import GAME
from lanpurr.games.purrfect.events import AcceptanceMade
from lanpurr.games.purrfect.invariants import check_invariants, check_step
from lanpurr.games.purrfect.render import render
from lanpurr.games.purrfect.state import PurrfectState

MAX_ACTIONS_PER_ROUND = 4000
MAX_SECONDS_PER_ROUND = 1800.0
NETWORK_DELAY = (0.02, 0.25)
"""Seconds an acceptance takes to reach the offerer's peer."""

_WAKE, _RECEIVE = 0, 1


@dataclass
class GameRecord:
    winner: int | None
    rounds: int
    swaps: int
    seconds: float
    violations: list[str] = field(default_factory=list)
    final: PurrfectState | None = None


def simulate(config: SimulationConfig) -> SimulationReport:
    lineup = _lineup(config)
    report = SimulationReport(
        game="purrfect",
        players=config.players,
        games=config.games,
        seed=config.seed,
        bots=list(lineup),
        wins=[0.0] * config.players,
    )
    rounds = swaps = 0
    seconds = 0.0
    for number in range(config.games):
        record = play_game(config.players, lineup, config.seed, number)
        report.violations.extend(f"game {number}: {v}" for v in record.violations)
        if record.winner is not None and not record.violations:
            report.completed += 1
            report.wins[record.winner] += 1
        rounds, swaps = rounds + record.rounds, swaps + record.swaps
        seconds += record.seconds
        if config.show and record.final is not None:
            report.shown.append(f"game {number}:\n{render(record.final)}")
    report.figures = {
        "rounds_per_game": rounds / config.games if config.games else 0.0,
        "trades_per_round": swaps / rounds if rounds else 0.0,
        "seconds_per_round": seconds / rounds if rounds else 0.0,
    }
    return report


def _lineup(config: SimulationConfig) -> tuple[str, ...]:
    low, high = 3, GAME.max_players
    if not low <= config.players <= high:
        raise ValueError(f"Purrfect is for {low} to {high} players, not {config.players}")
    lineup = config.bots or ("heuristic",) * config.players
    if len(lineup) != config.players:
        raise ValueError(f"name one bot per seat: {config.players} seats, {len(lineup)} bots")
    unknown = sorted(set(lineup) - set(BOTS))
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r}; Purrfect has: {', '.join(sorted(BOTS))}")
    if config.variant is not None:
        raise ValueError("Purrfect has no variants")
    return tuple(lineup)


class SimulatedTable:
    """One simulated game: the full state, the bots, the clock and the queue."""

    def __init__(self, players: int, lineup: tuple[str, ...], seed: int, number: int) -> None:
        options = {"allow_three": "on"} if players == 3 else {}
        self.state = GAME.new_state(players, options)
        self.bots: list[Bot] = [BOTS[name]() for name in lineup]
        self.rng = rng_from(seed, "purrfect.simulate", number)
        self.seed, self.number = seed, number
        self.now = 0.0
        self.queue: list[tuple[float, int, int, int, int]] = []
        self.next_wake = [float("inf")] * players
        self.counter = 0
        self.violations: list[str] = []
        self.swaps = 0

    def push(self, time: float, kind: int, seat: int, payload: int = 0) -> None:
        self.counter += 1
        heapq.heappush(self.queue, (time, self.counter, kind, seat, payload))

    def wake(self, seat: int, delay: float) -> None:
        if self.now + delay < self.next_wake[seat]:
            self.next_wake[seat] = self.now + delay
            self.push(self.now + delay, _WAKE, seat)

    def step(self, action: object) -> tuple[Event, ...] | None:
        before = self.state
        try:
            step = GAME.apply(before, action)
        except RuleViolation as error:
            self.violations.append(f"{action!r} was refused: {error}")
            return None
        self.state = step.state
        problems = check_invariants(self.state) + check_step(before, self.state)
        if problems:
            self.violations.extend(f"after {action!r}: {p}\n{render(self.state)}" for p in problems)
        return step.events

    def see(self, events: tuple[Event, ...]) -> None:
        for event in events:
            seats = event.audience if event.audience is not None else range(self.state.players)
            for seat in seats:
                self.wake(seat, self.bots[seat].reaction_delay(self.rng))
            if isinstance(event, AcceptanceMade):
                self.push(
                    self.now + self.rng.uniform(*NETWORK_DELAY), _RECEIVE, event.offerer, event.seat
                )

    def deal(self, draw: int) -> None:
        while GAME.to_act(self.state) == {-1}:
            seed = derive(self.seed, "purrfect.chance", self.number, draw)
            draw += 1
            if self.step(GAME.chance_action(self.state, seed)) is None:
                return

    def play_round(self) -> bool:
        """Run one round to its end; False if it broke a bound or an invariant."""
        start, actions = self.now, 0
        self.queue.clear()
        self.next_wake = [float("inf")] * self.state.players
        for seat, bot in enumerate(self.bots):
            self.wake(seat, bot.reaction_delay(self.rng))
        while self.state.phase == "round":
            if actions >= MAX_ACTIONS_PER_ROUND or self.now - start > MAX_SECONDS_PER_ROUND:
                self.violations.append(
                    f"round {self.state.round} ran too long: {actions} actions, "
                    f"{self.now - start:.0f} simulated seconds\n{render(self.state)}"
                )
                return False
            if not self.queue:
                self.violations.append(f"round {self.state.round}: nobody will act again")
                return False
            self.now, _, kind, seat, payload = heapq.heappop(self.queue)
            action = self._receive(seat, payload) if kind == _RECEIVE else self._wake(seat)
            if action is None:
                continue
            actions += 1
            events = self.step(action)
            if self.violations:
                return False
            if events:
                self.see(events)
        self.swaps += self.state.swaps_this_round
        return True

    def _wake(self, seat: int) -> object | None:
        if self.now != self.next_wake[seat]:
            return None  # superseded by an earlier wake
        self.next_wake[seat] = float("inf")
        bot = self.bots[seat]
        action = bot.choose(GAME.view(self.state, seat), seat, self.rng)
        self.wake(seat, bot.reaction_delay(self.rng))
        return action

    def _receive(self, offerer: int, acceptor: int) -> object | None:
        """The offerer's peer receives an acceptance: it takes it if it is still pending."""
        offer = self.state.offer_of(offerer)
        acceptance = self.state.acceptance_of(acceptor)
        if offer is None or acceptance is None or acceptance.offer_id != offer.offer_id:
            return None
        return TakeAcceptance(offerer, offer.offer_id, acceptor)


def play_game(players: int, lineup: tuple[str, ...], seed: int, number: int) -> GameRecord:
    table = SimulatedTable(players, lineup, seed, number)
    draw = 0
    while table.state.phase != "over" and not table.violations:
        table.deal(draw)
        draw += 3
        if table.violations or not table.play_round():
            break
        if len(table.state.results) > table.state.round_limit():
            table.violations.append(f"the game passed {table.state.round_limit()} rounds")
    state = table.state
    return GameRecord(
        winner=state.winner,
        rounds=len(state.results),
        swaps=table.swaps,
        seconds=table.now,
        violations=table.violations,
        final=state,
    )
