"""`LocalTable`: a game on this laptop against bots.

The controller owns the full state. It plays chance steps and bots on Qt timers, so the window
never blocks, applies its player's actions, and hands the view only what that seat may see: the
events addressed to it (`events_for`), each with `view(state, seat)` right after it.
"""

import random
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from lanpurr.core.errors import RuleViolation
from lanpurr.core.events import events_for
from lanpurr.core.game import CHANCE, Event, Game, Seat
from lanpurr.core.rng import derive, rng_from
from lanpurr.seat.registry import bots_of
from lanpurr.seat.registry import engine as load
from ui.tables.source import TableStep, TableUpdate

BOT_THINK_MS = 900
"""How long a turn-based bot seems to think, so a person can follow the table."""

SOLO_OFFER_PATIENCE = 2
"""Looks a Purrfect bot at a table on this laptop lets pass before it accepts a new offer."""
PACES = {"relaxed": (1.5, 5.0), "normal": (1.0, 3.0), "fast": (0.6, 1.2)}
"""The bots' pace setting -> (factor on a turn-based bot's thinking time, factor on a real-time
bot's reaction delay). Purrfect's bots react in 0.3-1.5 s by themselves, too quick for a person
to follow a table of four; "normal" trades about every 1-4.5 s per bot."""

RECEIPT = -2
"""Timer key for the peers' automatic receipts (Purrfect's TakeAcceptance)."""


def purrfect_receipts(state: Any) -> list[Any]:
    """P-5.7: each offerer's laptop takes the first acceptance it receives. On one laptop every
    acceptance arrives at once, so the first one made is taken."""
    from lanpurr.games.purrfect.actions import TakeAcceptance

    if state.phase != "round":
        return []
    taken = []
    for offer in state.offers:
        pending = state.acceptances_for(offer.offer_id)
        if pending:
            taken.append(TakeAcceptance(offer.seat, offer.offer_id, pending[0].seat))
    return taken


RECEIPTS: dict[str, Callable[[Any], list[Any]]] = {"purrfect": purrfect_receipts}
"""Actions a peer sends by itself on receipt of a message, not chosen by any player."""


class LocalTable(QObject):
    """A table whose other seats are bots on this laptop."""

    updated = Signal(object)
    """A TableUpdate for this seat."""

    def __init__(
        self,
        game_id: str,
        players: int,
        options: Mapping[str, str],
        bot: str,
        names: tuple[str, ...],
        seat: Seat = 0,
        seed: int | None = None,
        think_ms: int = BOT_THINK_MS,
        parent: QObject | None = None,
        pace: str = "normal",
    ) -> None:
        super().__init__(parent)
        self.game: Game[Any] = load(game_id)
        self.game_id = game_id
        self.seat = seat
        self.names = names
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(64)
        self.base_think_ms = think_ms
        self.think_ms = think_ms
        self.reaction_factor = 1.0
        self.set_pace(pace)
        self.bots: dict[Seat, Any] = {}
        if players > 1:  # a solo game needs no bot
            factories = bots_of(game_id)
            if bot not in factories:
                raise ValueError(
                    f"{game_id} has no bot {bot!r}; choose one of: {', '.join(factories)}"
                )
            self.bots = {s: factories[bot]() for s in range(players) if s != seat}
            for made in self.bots.values():
                if hasattr(made, "patience"):
                    # One person at this table: no other people to leave an offer to first
                    # (decision 0035); the bots give the player the first looks only.
                    made.patience = SOLO_OFFER_PATIENCE
        self.bot_rngs = {s: rng_from(self.seed, "bot", s) for s in self.bots}
        self.state: Any = self.game.new_state(players, dict(options))
        self._chance_count = 0
        self._timers: dict[Seat, QTimer] = {}
        self._busy: Callable[[], bool] = lambda: False
        self.realtime = hasattr(next(iter(self.bots.values()), None), "reaction_delay")

    # -- what the view uses ------------------------------------------------------------------

    def current_view(self) -> Any:
        return self.game.view(self.state, self.seat)

    def submit(self, action: Any) -> str | None:
        try:
            self._apply(action)
        except RuleViolation as refused:
            return str(refused)
        return None

    def set_pace(self, pace: str) -> None:
        """Change how fast the bots play (the setting can change during a game)."""
        turn, reaction = PACES.get(pace, PACES["normal"])
        self.think_ms = round(self.base_think_ms * turn)
        self.reaction_factor = reaction

    def set_busy_check(self, busy: Callable[[], bool]) -> None:
        """Turn-based bots wait while `busy()` (the view is still animating)."""
        self._busy = busy

    def start(self) -> None:
        self._schedule()

    def stop(self) -> None:
        for timer in self._timers.values():
            timer.stop()
        self._timers.clear()

    # -- the table's own moves ---------------------------------------------------------------

    def _apply(self, action: Any) -> None:
        before = self.state
        step = self.game.apply(before, action)
        self.state = step.state
        self._publish(before, step.events)
        self._schedule()

    def _publish(self, before: Any, events: tuple[Event, ...]) -> None:
        mine = set(map(id, events_for(events, self.seat)))
        steps: list[TableStep] = []
        state = before
        for event in events:
            state = self.game.absorb(state, event)
            if id(event) in mine:
                steps.append(TableStep(event, self.game.view(state, self.seat)))
        self.updated.emit(TableUpdate(tuple(steps), self.current_view()))

    def _schedule(self) -> None:
        if self.game.is_over(self.state):
            self.stop()
            return
        receipts = RECEIPTS.get(self.game_id)
        if receipts is not None and receipts(self.state):
            self._arm(RECEIPT, self.think_ms // 3)
        to_act = self.game.to_act(self.state)
        if CHANCE in to_act:
            self._arm(CHANCE, 0)
            return
        for seat in self.bots:
            if seat not in to_act:
                self._disarm(seat)
            elif self.realtime:
                if seat not in self._timers or not self._timers[seat].isActive():
                    delay = self.bots[seat].reaction_delay(self.bot_rngs[seat])
                    self._arm(
                        seat,
                        round(
                            delay * 1000 * self.reaction_factor * self.base_think_ms / BOT_THINK_MS
                        ),
                    )
            else:
                self._arm(seat, self.think_ms)

    def _arm(self, seat: Seat, delay_ms: int) -> None:
        timer = self._timers.get(seat)
        if timer is None:
            timer = QTimer(self)
            timer.setSingleShot(True)
            timer.timeout.connect(lambda s=seat: self._act(s))
            self._timers[seat] = timer
        if not timer.isActive():
            timer.start(max(0, delay_ms))

    def _disarm(self, seat: Seat) -> None:
        timer = self._timers.get(seat)
        if timer is not None:
            timer.stop()

    def _act(self, seat: Seat) -> None:
        if seat == RECEIPT:
            for action in RECEIPTS[self.game_id](self.state)[:1]:
                self._apply(action)
            return
        if self.game.is_over(self.state) or seat not in self.game.to_act(self.state):
            self._schedule()
            return
        if seat == CHANCE:
            if self._busy():  # the player is still reading the last round's results
                self._arm(CHANCE, 60)
                return
            self._chance_count += 1
            seed = derive(self.seed, "chance", self._chance_count)
            self._apply(self.game.chance_action(self.state, seed))
            return
        if self._busy():
            self._arm(seat, 60 if not self.realtime else 400)
            return
        rng = self.bot_rngs[seat]
        action = self.bots[seat].choose(self.game.view(self.state, seat), seat, rng)
        if action is None:  # a real-time bot that chose to wait
            self._schedule()
            return
        self._apply(action)
