"""Whole games played by bots through `Replicas`, with a network that delays messages.

Each bot decides on its own seat's replica, never on the full state. A message may spend a few
steps in flight (one at a time per sender, so a sender's own order is kept), and an acceptance
reaches the offerer's peer after a delay, so stale withdrawals and acceptances really happen.
Messages still in flight when a round ends are dropped: each round has its own log.
"""

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lanpurr.core import CHANCE, RuleViolation
from lanpurr.core.game import Event
from lanpurr.core.replicas import Replicas
from lanpurr.core.rng import derive
from lanpurr.games.purrfect import GAME, PurrfectState
from lanpurr.games.purrfect.actions import TakeAcceptance
from lanpurr.games.purrfect.bots import BOTS
from lanpurr.games.purrfect.events import AcceptanceMade

MAX_STEPS = 30_000


@dataclass
class Played:
    tables: Replicas[PurrfectState]
    actions: list[Any] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)


def drive_game(
    players: int,
    seed: int,
    lineup: tuple[str, ...] | None = None,
    after_step: Callable[[Replicas[PurrfectState]], None] | None = None,
) -> Played:
    options = {"allow_three": "on"} if players == 3 else {}
    played = Played(Replicas.start(GAME, players, options))
    tables = played.tables
    bots = [BOTS[name]() for name in lineup or ("heuristic",) * players]
    rng = random.Random(seed)
    in_flight: dict[int, tuple[int, Any]] = {}  # seat -> (arrives at step, action)
    receipts: list[tuple[int, int, int]] = []  # (arrives at step, offerer, acceptor)

    def send(action: Any) -> None:
        played.actions.append(action)
        try:
            events = tables.apply(action)
        except RuleViolation as error:
            played.refused.append(str(error))
            return
        played.events.extend(events)
        for event in events:
            if isinstance(event, AcceptanceMade):
                receipts.append((step + rng.randint(0, 6), event.offerer, event.seat))
        if after_step is not None:
            after_step(tables)

    for step in range(MAX_STEPS):
        state = tables.full
        if GAME.is_over(state):
            return played
        if GAME.to_act(state) == {CHANCE}:
            in_flight.clear()
            receipts.clear()
            send(GAME.chance_action(state, derive(seed, "drive", step)))
            continue
        for seat, (due, action) in sorted(in_flight.items()):
            if due <= step:
                del in_flight[seat]
                send(action)
        for receipt in sorted(r for r in receipts if r[0] <= step):
            receipts.remove(receipt)
            _, offerer, acceptor = receipt
            offer, acceptance = state.offer_of(offerer), tables.full.acceptance_of(acceptor)
            if offer and acceptance and acceptance.offer_id == offer.offer_id:
                send(TakeAcceptance(offerer, offer.offer_id, acceptor))
        if tables.full.phase != "round":
            continue
        seat = rng.randrange(players)
        if seat in in_flight:
            continue
        choice = bots[seat].choose(tables.seat_view(seat), seat, rng)
        if choice is None:
            continue
        if rng.random() < 0.3:
            in_flight[seat] = (step + rng.randint(1, 8), choice)
        else:
            send(choice)
    raise AssertionError(f"game with seed {seed} did not end in {MAX_STEPS} steps")
