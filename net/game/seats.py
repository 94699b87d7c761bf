"""This laptop's seats at a started game: a sans-I/O object that the game's worker alone owns.

`MySeats` holds one `SeatRuntime` per seat this laptop plays (its player's, and the bots it
added or took over), their bots and the paced bots' clocks. It does no I/O and reads no clock:
the driver (driver.py) feeds it one pass at a time — the time, the frames the other laptops
sent, a person's commands — and gets back a `PassOutput`: the frames to send, what to show,
when to be woken, and the pass to write into the game's record before anything is sent.
The commands are typed (commands.py: a person's action, "next round", a seat
swap, the table's timeout); the record holds them as plain lists.

A seat take-over (takeover.py, handed in as `take_over`) works through `restart_round`,
`new_runtime`, `seat_bot` and `announce_swap`.
"""

import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from lanpurr.core.wire import decode
from lanpurr.fair.accusation import Accusation
from lanpurr.fair.identity import Identity
from lanpurr.fair.round_state import Phase
from lanpurr.seat.registry import layer_for
from lanpurr.seat.runtime import SeatRuntime
from lanpurr.seat.table import TableSpec, TableUpdate
from net.events import RoundChecked
from net.game import setup
from net.game.commands import Act, Command, Gone, NextRound, Swap, TakeSwap, TimeOut
from net.game.record import GameRecord, Pass, Stored
from net.game.setup import Bot
from net.game.snapshot import Keeper

log = logging.getLogger("lanpurr.net")

REALTIME_PACE = 2.5
"""A bot at a table without turns waits this many times the pace between two moves."""

Plan = dict[int, tuple[str, bool]]
"""How each of my seats is played: (bot level, or "" for a person; waits between rounds)."""


@dataclass
class PassOutput:
    """What one pass produced, handed back to the driver."""

    frames: list[tuple[int, bytes]] = field(default_factory=list)
    updates: list[TableUpdate] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    progress: tuple[str, int | None] = ("starting", None)
    rounds: list[RoundChecked] = field(default_factory=list)
    accusations: list[Accusation] = field(default_factory=list)
    over: bool = False
    scores: tuple[int, ...] = ()
    audits: tuple[str, ...] = ()
    due: float | None = None
    """When a paced bot wants to act next (the clock the driver passes in)."""
    generation: int = 0
    """The runtimes' generation the frames come from (a seat given to a bot starts a new one)."""
    swaps: list[Swap] = field(default_factory=list)
    """Seats given to a bot in this pass: what the host's message tells the table."""
    replaced: list[tuple[tuple[int, ...], int]] = field(default_factory=list)
    bots_waiting: bool = False
    """A bot's turn came with this pass's frames: it acts in the next pass, once what those
    frames changed is shown and answered (decision 19)."""
    waiting_for: set[int] = field(default_factory=set)
    """The seats my seats' round waits for (empty: nobody in particular)."""
    owed: list[tuple[int, str]] = field(default_factory=list)
    """The same, each with what it owes (the table's timeout names them so)."""
    turn: bool = False
    """What the round waits for is a turn (a person may think), not a message software owes."""
    record: Pass | None = None
    """The pass to write into the game's record, durably, before any of `frames` is sent."""
    choices: list[Any] | None = None
    """What my player may do now, when asked for (a person at a terminal numbers them)."""


class MySeats:
    def __init__(
        self,
        spec: TableSpec,
        game: str,
        me: bytes,
        my_seat: int | None,
        plan: Plan,
        identities: dict[int, Identity],
        record: GameRecord,
        take_over: Callable[["MySeats", Gone | TakeSwap], None],
        peer_factory: Any = None,
    ) -> None:
        """`identities`: the key of each seat in `plan`; `take_over`: what a "gone" or "swap"
        command does (takeover.py)."""
        self.spec = spec
        self.game = game
        self.me = me
        self.my_seat = my_seat
        self.record = record
        self.take_over = take_over
        self.peer_factory = peer_factory or setup.FAIR_PEER
        self.runtimes: dict[int, SeatRuntime] = {}
        self.bots: dict[int, Bot] = {}
        self.bot_rngs: dict[int, random.Random] = {}
        self._due: dict[int, float] = {}
        self._rng = random.Random()
        """Only for the bots' thinking time: their choices come from `bot_rngs`."""
        self.generation = 0
        """How many times seats were given to a bot."""
        self._refusals: list[str] = []
        self._swaps: list[Swap] = []
        self._replaced: list[tuple[tuple[int, ...], int]] = []
        self._reported_rounds = 0
        self._now = 0.0
        self.keeper = Keeper()
        """Keeps my seats on the disk as the game goes (snapshot.py)."""
        for seat, (level, holds) in sorted(plan.items()):
            runtime = self.new_runtime(spec, seat, identities[seat], record.randomness(seat))
            if level:
                rng = random.Random(record.bot_seed(seat))
                self.seat_bot(seat, setup.bot_choice(game, level), rng)
                runtime.on_turn = self._bot_turn
            elif holds:
                runtime.hold_rounds = True
            self.runtimes[seat] = runtime
        self.main = self._main()
        self.realtime = any(not r.ordering.turns for r in self.runtimes.values())

    # ---- what the take-over uses --------------------------------------------------------

    def new_runtime(
        self, spec: TableSpec, seat: int, identity: Identity, rng: Callable[[int], bytes]
    ) -> SeatRuntime:
        """A runtime for `seat` under `spec` (its bot, if any, is seated apart)."""
        layer = layer_for(self.game)
        return SeatRuntime(spec, seat, identity, layer, rng=rng, peer_factory=self.peer_factory)

    def seat_bot(self, seat: int, choose: Bot, rng: random.Random) -> None:
        self.bots[seat] = choose
        self.bot_rngs[seat] = rng

    def restart_round(
        self,
        spec: TableSpec,
        runtimes: dict[int, SeatRuntime],
        starts: dict[int, tuple[Any, list[Any], Any, Any]],
        generation: int,
        seats: Sequence[int],
        number: int,
    ) -> None:
        """Seats were given to a bot: new runtimes under a new spec take up the game from
        round `number` (each from its `(state, rounds, carried seeds, own seed)`)."""
        self.spec = spec
        self.runtimes = runtimes
        for seat, runtime in runtimes.items():
            if seat in self.bots:
                runtime.on_turn = self._bot_turn
        self._due.clear()
        self.generation = generation
        self.main = self._main()
        self._reported_rounds = min(self._reported_rounds, number - 1)
        for seat, runtime in runtimes.items():
            state, rounds, carry, mine = starts[seat]
            runtime.start_from(state, number, rounds, carry, mine)
        self._replaced.append((tuple(seats), number))

    def announce_swap(self, swap: Swap) -> None:
        """Hosting: the swap message the driver sends the table for this pass's take-over."""
        self._swaps.append(swap)

    def clocks(self) -> dict[str, Any]:
        """The rounds reported and the bots' times, for a snapshot (net/game/snapshot.py)."""
        return {"reported": self._reported_rounds, "due": self._due, "now": self._now}

    def clocks_back(self, parts: dict[str, Any], now: float) -> None:
        """Back from a snapshot's `clocks()`, its runtimes already in place. A bot's thinking
        time was counted on the old process's clock: what was left of it counts from `now`."""
        self._reported_rounds = parts["reported"]
        then = parts["now"]
        self._due = {seat: now + max(0.0, due - then) for seat, due in parts["due"].items()}
        self.main = self._main()

    def _main(self) -> SeatRuntime | None:
        main = self.runtimes.get(self.my_seat) if self.my_seat is not None else None
        return main if main is not None else next(iter(self.runtimes.values()), None)

    # ---- reading --------------------------------------------------------------------------

    def view(self) -> Any:
        return self.main.current_view() if self.main is not None else None

    def choices(self) -> list[Any]:
        """What my player may do now (empty: nothing, or it is not my turn)."""
        seat = self.my_seat
        runtime = self.runtimes.get(seat) if seat is not None else None
        if seat is None or runtime is None or seat in self.bots or not runtime.may_choose():
            return []
        return list(runtime.game.legal_actions(runtime.current_view(), seat))

    # ---- a pass ---------------------------------------------------------------------------

    def work(
        self,
        now: float,
        first: bool,
        inbox: list[tuple[int, bytes]],
        commands: list[Command],
        fresh: bytes = b"",
        replay: Stored | None = None,
        fold: bool = False,
    ) -> PassOutput:
        """Feed the runtimes, let the bots act, collect what came out. `fresh`: the bytes the
        seats' randomness was keyed with for this pass (they go into its record); `replay`: a
        pass read back from the record (its bots act again, whatever the clock says); `fold`:
        the frames only, with no bot acting and no tick (those before a seat swap)."""
        started = time.perf_counter()
        self._now = now
        self._refusals = []
        tick = self.realtime and not fold if replay is None else replay.tick
        done = Pass(first, commands, inbox, tick=tick, fresh=fresh)
        if first:
            for runtime in self.runtimes.values():
                runtime.start()
        for command in commands:
            self.command(command)
        for sender, frame in inbox:
            for seat, runtime in self.runtimes.items():
                if seat != sender:
                    runtime.receive(frame, sender)
        result = PassOutput(refusals=self._refusals, swaps=self._swaps, replaced=self._replaced)
        self._swaps, self._replaced = [], []
        result.generation = self.generation
        result.frames = self._shuttle()
        # At a table with turns a bot whose turn came with these frames thinks in a pass of
        # its own, after the move is shown and answered (a planner may think for 30 ms).
        defer = replay is None and bool(inbox) and not self.realtime
        result.bots_waiting = defer and any(self._due.get(s, now + 1) <= now for s in self.bots)
        for seat, runtime in self.runtimes.items():
            wants = not fold and seat in self.bots and (self.realtime or seat in self._due)
            if replay is not None:
                if seat in replay.bots:
                    self._bot_act(runtime)
            elif (
                not defer
                and wants
                and self._due.get(seat, 0.0) <= now
                and runtime.may_act()
                and self._bot_turn(runtime, looped=True)
            ):
                done.bots.append(seat)
            if tick:
                runtime.tick()  # at once: a move of another seat may wait on my clock
        mine = self.runtimes.get(self.my_seat) if self.my_seat is not None else None
        if mine is not None:  # (a choice that waited for the table, refused when played)
            self._refusals += mine.refused_later
            mine.refused_later.clear()
        result.frames += self._shuttle()
        if replay is None and (result.frames or not done.quiet()):
            result.record = done  # (a pass that only ticked and sent nothing changed nothing)
        result.due = self._next_due()
        self._report(result)
        self.keeper.passed(self, result, replay is not None, time.perf_counter() - started)
        return result

    def report(self) -> PassOutput:
        """What a pass would report now, with nothing fed (seats just put back: snapshot.py)."""
        result = PassOutput(generation=self.generation)
        result.due = self._next_due()
        self._report(result)
        return result

    def _next_due(self) -> float | None:
        """When the driver must wake for a bot. At a table without turns a bot whose thinking
        is over but whose seat is not free (its last move not in place) waits for the frames
        that free it, not for the clock."""
        now, runtimes = self._now, self.runtimes
        return min(
            (
                due
                for seat, due in self._due.items()
                if due > now
                or not self.realtime
                or seat not in runtimes
                or runtimes[seat].may_act()
            ),
            default=None,
        )

    def command(self, command: Command) -> None:
        """A person's action, "next round", a seat take-over or the table's timeout (also when
        a record replays)."""
        if isinstance(command, Act) and command.seat in self.runtimes:
            refused = self.runtimes[command.seat].act(decode(command.action))
            if refused is not None:
                self._refusals.append(refused)
        elif isinstance(command, NextRound):
            for runtime in self.runtimes.values():
                if runtime.resting:
                    runtime.next_round()
        elif isinstance(command, (Gone, TakeSwap)):
            self.take_over(self, command)
        elif isinstance(command, TimeOut):
            for runtime in self.runtimes.values():
                runtime.time_out()

    def _report(self, result: PassOutput) -> None:
        main = self.main
        if main is not None:
            if main.seat == self.my_seat:
                result.updates = main.take_updates()
            result.progress = main.progress
            for record in main.rounds[self._reported_rounds :]:
                if record.audit is None:
                    break
                self._reported_rounds += 1
                last = main.over and record is main.rounds[-1]
                end = record.end if record.end is not None else main.state
                result.rounds.append(
                    RoundChecked(
                        record.number,
                        record.audit.fair,
                        str(record.audit),
                        tuple(main.layer.scores(end)),
                        last,
                    )
                )
                if record.audit.accusation is not None:
                    result.accusations.append(record.audit.accusation)
            result.over = main.over
            result.owed = main.waits_for()
            result.waiting_for = {seat for seat, _ in result.owed}
            fair = main.fair
            # A person's time: a turn, or a round's keys (a player reads the last round's
            # scores before their laptop sends them), as opposed to what software owes.
            result.turn = bool(result.owed) and (
                fair is not None
                and ((fair.phase == Phase.KEYS and main.round > 1) or not fair.owed())
                and (main.pending is None or not main.pending.owners)
            )
            result.scores = tuple(main.layer.scores(main.state))
            result.audits = tuple(str(r.audit) for r in main.rounds if r.audit is not None)
        for runtime in self.runtimes.values():
            if runtime is not main:
                runtime.take_updates()
            result.accusations.extend(a for a in runtime.accusations if a not in result.accusations)
            for note in runtime.notes:
                log.info("seat %d: %s", runtime.seat, note)
            runtime.notes.clear()

    def _shuttle(self) -> list[tuple[int, bytes]]:
        """Hand every local seat's new frames to the other local seats, until none comes."""
        out: list[tuple[int, bytes]] = []
        moved = True
        while moved:
            moved = False
            for seat, runtime in self.runtimes.items():
                for frame in runtime.take_outgoing():
                    moved = True
                    out.append((seat, frame))
                    for other, receiver in self.runtimes.items():
                        if other != seat:
                            receiver.receive(frame, seat)
        return out

    def _bot_turn(self, runtime: SeatRuntime, looped: bool = False) -> bool:
        """A bot's seat may act: it acts now, or (paced) once its thinking time is over;
        whether it acted. Paced, or at a table with turns, it acts only from the pass's loop
        (`looped`), never inside a runtime's call: what the clock decides is in the game's
        record that way, and the move that made it its turn is shown before it thinks."""
        seat = runtime.seat
        now = self._now
        if self.record.pace > 0:
            due = self._due.get(seat)
            if due is None:
                # At a table without turns every bot may act at any time: slower each.
                pace = self.record.pace * (REALTIME_PACE if self.realtime else 1.0)
                self._due[seat] = now + pace * self._rng.uniform(0.7, 1.3)
                return False
            if due > now or not looped:
                return False
        elif not looped and not self.realtime:
            self._due.setdefault(seat, now)  # it acts from the pass's loop, at once
            return False
        if self._bot_act(runtime) and self.realtime and self.record.pace > 0:
            # It thinks about its next move while this one is on its way, as a person does:
            # once the move has taken its place, a bot whose thinking is over acts at once.
            self._due[seat] = now + self.record.pace * REALTIME_PACE * self._rng.uniform(0.7, 1.3)
        return True

    def _bot_act(self, runtime: SeatRuntime) -> bool:
        """The bot plays what it chooses on the seat's view; whether the seat took it."""
        seat = runtime.seat
        self._due.pop(seat, None)
        action = self.bots[seat](runtime.current_view(), seat, self.bot_rngs[seat])
        if action is None:
            return False
        refused = runtime.act(action)
        if refused is not None:
            log.warning("seat %d's bot was refused: %s", seat, refused)
        return refused is None
