"""The game's worker: the one owner of this laptop's seats (`MySeats`) and of the game's record.

Each pass runs in the game's worker thread, so that neither the network loop nor the window ever
waits on the crypto: `work` feeds my seats what a `Job` (laptop_game.py) carries, writes the pass
into the record, durably, before anything it made is sent, and hands back the `PassOutput`.
`take_up` rebuilds my seats from the record after a restart (take_up.py). Only plain values
cross between this object and `LaptopGame`.
"""

from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanpurr.fair.identity import Identity
from net.game import takeover
from net.game.laptop_game import Job, Pairs, Seated
from net.game.messages import Batch, Received
from net.game.record import GameRecord, ResumeError
from net.game.seats import MySeats, PassOutput, Plan
from net.game.setup import PlaySettings, spec_of
from net.game.take_up import TakenUp, journal_frames, take_up
from net.table_state import TableState


class GameWorker:
    def __init__(
        self,
        record: GameRecord,
        seats: MySeats,
        taken_up: bool,
        sync_journal: Callable[[], None],
        offer_choices: bool,
    ) -> None:
        """`sync_journal`: makes the table's journal durable (before a pass that fed frames
        read from it is recorded); `offer_choices`: each pass says what my player may do."""
        self.record = record
        self.seats = seats
        self.taken_up = taken_up
        self.sync_journal = sync_journal
        self.offer_choices = offer_choices

    @classmethod
    def open(
        cls,
        me: bytes,
        home: Path,
        state: TableState,
        settings: PlaySettings,
        identities: Callable[[int], Identity],
        sync_journal: Callable[[], None],
        replayed: list[Received] | None = None,
    ) -> "GameWorker":
        """My seats at the game `state` started (`identities`: the key of each seat I play);
        restarting (`replayed`: the game's messages read back from the table's journal), the
        record they left (ResumeError if there is none though this laptop had sent frames)."""
        plan: Plan = {}
        for index, seat in enumerate(state.seats):
            if seat.player == me:
                plan[index] = (settings.me_bot or "", not settings.me_bot and settings.hold_rounds)
            elif seat.bot is not None and seat.runner == me:
                plan[index] = (seat.bot, False)
        number, record = state.games, None
        if replayed is not None:
            record = GameRecord.load(home, state.table, number)
            if record is None and any(s == me and "b" in data for s, data, _ in replayed):
                raise ResumeError(
                    f"this laptop has no record of game {number} in "
                    f"{GameRecord.folder_for(home, state.table, number)}: it cannot take "
                    "its seat back; the others can go on without it"
                )
        taken_up = record is not None
        if record is None:  # (restarting before it sent anything, it starts afresh)
            fresh = replayed is not None
            record = GameRecord.create(home, state.table, number, settings.pace, fresh, plan)
        plan = record.plan or plan  # (a game is played as it started, after a restart too)
        seats = MySeats(
            spec_of(state, settings.shuffle_proofs),
            state.game,
            me,
            state.seat_of(me),
            plan,
            {index: identities(index) for index in plan},
            record,
            takeover.apply,
        )
        return cls(record, seats, taken_up, sync_journal, settings.offer_choices)

    def seated(self) -> Seated:
        seats = self.seats
        key = self.record.game_key()
        return Seated(frozenset(seats.runtimes), seats.realtime, seats.view(), key, self.taken_up)

    def work(self, job: Job, now: float) -> PassOutput:
        """One pass of my seats, written into the game's record, durably, before anything it
        made is sent."""
        fresh = self.record.begin()
        result = self.seats.work(now, job.first, job.inbox, job.commands, fresh, fold=job.fold)
        if result.record is not None:
            if result.record.inbox:
                self.sync_journal()  # (the frames the pass names, durable first)
            self.record.append(result.record)
        if self.offer_choices:
            result.choices = self.seats.choices()
        return result

    def take_up(
        self,
        journal: list[Received],
        opener: Callable[[bytes, Batch], Pairs] | None,
        now: float,
    ) -> tuple[TakenUp, list[tuple[bytes, Batch]]]:
        """Open this game's batches read back from the journal, then replay the record against
        them (take_up.py); with no key yet, the others' batches to open once it comes."""
        me, count = self.seats.me, self.seats.spec.seats
        sent, theirs, swapped, locked = journal_frames(journal, me, count, opener)
        taken = take_up(self.seats, self.record, sent, theirs, swapped, now)
        return taken, locked

    def view(self) -> Any:
        return self.seats.view()
