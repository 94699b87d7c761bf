"""A game between laptops, carried: the asyncio side of this laptop's seats (`MySeats`).

At Start every laptop builds the same spec from the signed table state and runs one seat
runtime per seat it plays; their frames travel inside the session's signed messages
(docs/protocol.md, "Playing a game", and messages.py):

- the host draws a fresh game key and seals it to every other member, announcing with its
  digest the table's drop-out setting;
- every batch of frames is a SecretBox under that key (batches.py): the members read it,
  anyone else sees noise. A batch counts only from the laptop that plays the seats it names;
  each frame is signed by its seat's own key, which the runtimes check.

`GameDriver` lives on the network thread. It opens and seals batches, keeps the game key, and
says what happens when a laptop is gone or named for a cheat — when it is the host, the next
laptop of the line takes over its part (dropouts.py); everything about the seats
themselves happens in `MySeats`, one pass at a time in the game's worker thread (so neither
the network loop nor the window ever waits on the crypto), and only plain values cross
between the two. It talks to the table session through `TableLink` alone. Its layers: the
game key (key_exchange.py), who the game waits for and the table's timeout (waiting.py), and
the acting host's part (acting_host.py).
"""

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

from lanpurr.core.wire import encode
from lanpurr.fair.envelope import Envelope
from lanpurr.fair.identity import Identity
from net import stopped
from net.events import (
    ActionRefused,
    Event,
    GameOver,
    GameProgress,
    GameResumed,
    GameStarted,
    GameStopped,
    GameUpdate,
)
from net.game import batches, messages, takeover
from net.game.acting_host import ActingHost
from net.game.dropouts import DropOuts, Stall
from net.game.game_key import GameKeys
from net.game.key_exchange import KeyExchange
from net.game.messages import Batch, GameEnd, GameKey, KeyCheck, KeyComplaint, Received, SeatSwap
from net.game.record import GameRecord, ResumeError
from net.game.seats import MySeats, PassOutput, Plan
from net.game.setup import PlaySettings, line_of, seat_names, spec_of
from net.game.take_up import TakenUp, journal_frames, take_up
from net.game.verdicts import Verdict, Verdicts, Where
from net.game.waiting import Waiting
from net.home import Profile
from net.table_state import BOT_NAMES, TableState
from net.wire.framing import FrameError
from net.wire.relay import Withheld

log = logging.getLogger("lanpurr.net")

LATER_BATCHES = 64
"""Batches of a generation this laptop has not reached yet, kept at most."""


class TableLink(Protocol):
    """What a game needs of its table session."""

    me: bytes
    profile: Profile
    bot_identities: dict[bytes, Identity]
    grace: float
    """Seconds an absent member's seat is kept (its countdown, not the game's timeout)."""

    def send(self, data: Any, to: bytes | None = None) -> Any: ...

    def sync_journal(self) -> None:
        """Make the table's journal durable (before a pass that fed frames read from it is
        recorded)."""
        ...

    def ban(self, key: bytes, what: str) -> None:
        """Cut the member `key` off the table for good: nothing more of it is taken."""
        ...

    def host_moved(self, acting: bytes) -> None:
        """The laptop `acting` does the host's part of the game now (the host dropped out)."""
        ...

    def withheld(self, key: bytes) -> Withheld | None:
        """Whether the laptop `key`'s messages may be held back on their way here (None:
        nothing stands between us; net.wire.relay)."""
        ...


class GameDriver(ActingHost, KeyExchange, Waiting):
    """This laptop's part of one game, on the network thread."""

    def __init__(
        self,
        table: TableLink,
        state: TableState,
        settings: PlaySettings,
        emit: Callable[[Event], None],
        replayed: list[Received] | None = None,
    ) -> None:
        """`replayed`: this game's messages read back from the table's journal when this
        laptop restarts in the middle of it (take_up.py); its seats then take up the game."""
        self.table = table
        self.state = state
        self.settings = settings
        self.emit = emit
        self.number = state.games
        self.names = seat_names(state)
        me = table.me
        self.my_seat = state.seat_of(me)
        self.host = state.host
        self.resuming = replayed
        self.restarted = replayed is not None
        """This laptop took its seats up again after a restart: it knows it was away."""
        self.keys = GameKeys(state.table, self.number)
        self._early: list[Received] = []
        """Restarted before it sent anything: the others' messages its journal held."""
        plan: Plan = {}
        for index, seat in enumerate(state.seats):
            if seat.player == me:
                plan[index] = (settings.me_bot or "", not settings.me_bot and settings.hold_rounds)
            elif seat.bot is not None and seat.runner == me:
                plan[index] = (seat.bot, False)
        self.bot_level = settings.replace_gone if me == self.host else None
        """The table's drop-out setting: the level of the bot that takes a gone laptop's seats
        (None: the game ends). The host's own; a member's comes with the key's digest."""
        self.record = self._record(replayed, plan)
        plan = self.record.plan or plan  # (a game is played as it started, after a restart too)
        self._mine = set(plan)
        identities: dict[int, Identity] = {}
        for index in plan:
            seat = state.seats[index]
            if seat.player == me:
                identities[index] = table.profile.identity
                continue
            assert seat.key is not None
            identity = table.bot_identities.get(seat.key)
            if identity is None:
                raise ValueError(f"this laptop no longer holds the key of the bot at seat {index}")
            identities[index] = identity
        self.drops = DropOuts(
            me,
            line_of(state),
            {i: s.laptop for i, s in enumerate(state.seats) if s.laptop is not None},
            self.bot_level is not None,
            self._name,
        )
        """Which laptop plays each seat (to check who sent a batch), who dropped out, and who
        does the host's part now (`drops.host`)."""
        self._acting = self.drops.host
        self._held: list[tuple[bytes, SeatSwap]] = []
        """Swaps from a laptop after the acting host in the line: applied if it takes over."""
        self._check_envelope: Envelope | None = None
        """The host's signed message that announced this game's key digest."""
        self._complaints: list[tuple[bytes, KeyComplaint]] = []
        """Complaints of the game key that came before the host's digest."""
        self._key_owed: set[bytes] = set()
        """Members that showed the table a wrong key: this laptop seals them the key."""
        self.kept = False
        """The last swap went on from the round's public state (only what was face down is
        dealt again) instead of dealing the round again."""
        self._pending: list[tuple[bytes, SeatSwap]] = []
        """The acting host's swaps of seats whose laptop still plays here: applied once it
        drops out in this laptop's own view."""
        self.stall = Stall(settings.table_timeout, settings.turn_timeout, grace=table.grace)
        self.drops.patience = table.grace
        self._timed_out: float | None = None
        """When the stall began that the table's timeout last named (it names it once)."""
        folder = settings.evidence_dir or (table.profile.home / "evidence")
        where = Where(folder, state.table, state.game, self.number)
        self.verdicts = Verdicts(me, self.drops, self._name, where)
        self.seats = MySeats(
            spec_of(state, settings.shuffle_proofs),
            state.game,
            me,
            self.my_seat,
            plan,
            identities,
            self.record,
            takeover.apply,
        )
        """Touched only in the worker (and before the first pass, or after the last)."""
        self.realtime = self.seats.realtime
        if me == self.host:
            self.keys.key = self.record.game_key()
        self._inbox: list[tuple[int, bytes]] = []
        self._locked: list[tuple[bytes, Batch]] = []
        """Batches that came before the game key (another member was quicker than the host)."""
        self._unsent: list[tuple[int, bytes]] = []
        self._commands: list[list[Any]] = []
        """A person's actions and "next round", as data (they go into the game's record)."""
        self.generation = 0
        """How many times seats were given to a bot (this thread's count)."""
        self._later: list[tuple[bytes, Batch]] = []
        """Batches of a generation this laptop has not reached yet."""
        self._progress: tuple[str, int | None] | None = None
        self._due_at: float | None = None
        self._drop_wake: float | None = None
        self._host_ended: tuple[bytes, GameEnd] | None = None
        """The host's word that its game stopped: said once what came before it is played."""
        self.finished = False
        self.over = False
        self._owed: list[tuple[int, str]] = []
        self._waiting_for: set[int] = set()
        self._ended = asyncio.Event()
        """Set once `finished`: over, stopped or closed."""
        self.choices: list[Any] = []
        """What my player may do now, as the last pass said (a terminal numbers them)."""
        self._view: Any = self.seats.view()
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="lanpurr-game")
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    # ---- from the session --------------------------------------------------------------

    def start(self) -> None:
        if self.resuming is not None:
            self._task = asyncio.ensure_future(self._resume())  # (it says GameStarted then)
            return
        self.emit(GameStarted(self.state.game, self.my_seat, self.names, self.number, self._view))
        if self.key is not None:
            self._send_key()
        early, self._early = self._early, []
        for sender, data, private in early:
            self.on_message(sender, data, private)
        self._task = asyncio.ensure_future(self._pump())

    def on_message(
        self, sender: bytes, data: dict[str, Any], private: bool, envelope: Envelope | None = None
    ) -> None:
        """A game message from the member `sender` (the session has checked its signature;
        `envelope`: the signed message that carried it, when it was sealed to me)."""
        if self.finished or messages.game_number(data) != self.number:
            return  # another game at this table (before Play again), or this one is over
        if sender in self.verdicts.cut and not (private and "gk" in data and self.key is None):
            return  # (what a laptop sent after it was cut off never counts, on any laptop —
            # but the game key, which the announced digest checks: see `_on_key`)
        try:
            message = messages.parse(data, len(self.state.seats))
        except messages.MessageError as error:
            self._misbehaved(sender, f"it sent a game message of the wrong shape ({error})")
            return
        if isinstance(message, KeyCheck):
            if sender == self.host and not private and envelope is not None:
                self._check_envelope = envelope
            self._on_key_check(sender, message, private)
        elif isinstance(message, GameKey):
            self._on_key(sender, message, private, envelope)
        elif isinstance(message, KeyComplaint):
            self._on_complaint(sender, message)
        elif isinstance(message, SeatSwap):
            self._on_swap(sender, message)
        elif isinstance(message, GameEnd):
            if sender == self.drops.host and self._goes_on_without(sender):
                # Its word ends its own game, not this one: it counts as gone here.
                self.laptop_gone(sender, f"ended its game ({message.reason})")
            elif sender == self.drops.host:  # (after what came before it is played)
                if self._host_ended is None:  # (the first word stands: later ones repeat it)
                    self._host_ended = (sender, message)
                self._poke()
            elif not self.drops.before(sender):  # (else sent before it was out of the game)
                self._misbehaved(sender, "it ended the game, which only the host does")
        elif self.resuming is not None:
            self._later.append((sender, message))  # (sorted once the record is replayed)
        elif message.generation != self.generation:
            if message.generation > self.generation:
                if len(self._later) < LATER_BATCHES:
                    self._later.append((sender, message))
                self._given_away([(sender, message)])
            # (else a batch of runtimes already replaced: void)
        elif self.key is None:
            if len(self._locked) < batches.MAX_BATCH:
                self._locked.append((sender, message))
        else:
            self._open_batch(sender, message)

    def _say(self, verdict: Verdict) -> None:
        for event in verdict.events:
            self.emit(event)
        if verdict.stop is not None:
            self._stop(verdict.stop, cheat=verdict.cheat)

    def _misbehaved(self, key: bytes, what: str) -> None:
        """The laptop `key` sent a game message it cannot have sent honestly: cut it off."""
        log.warning("a game message from %s was refused: %s", self._name(key), what)
        if key != self.table.me:
            self.table.ban(key, what)  # (the table's cut-off comes back here: `cut_off`)

    # ---- from the player ---------------------------------------------------------------

    def act(self, action: Any) -> None:
        """My player's action (its refusal comes back as an ActionRefused event)."""
        if self.my_seat is None or self.my_seat not in self._mine:
            return
        self._commands.append(["act", self.my_seat, encode(action)])
        self.choices = []
        self._poke()

    def next_round(self) -> None:
        """My player has read the scores: my seat is ready for the next round."""
        self._commands.append(["next"])
        self._poke()

    def view(self) -> Any:
        return self._view

    def leave(self) -> None:
        """My player leaves the table on purpose: the game ends here with nothing more to say
        (no talk of being away). Doing the host's part, unless the next laptop of the line
        takes it over (the table's setting gives my seats to a bot), the others learn at once
        that the game ends."""
        if self.finished:
            return
        if not self.over and not self.goes_on_without_me():
            self._tell_end(f"{self._name(self.table.me)} left the table")
        self._end()
        if self._task is not None:
            self._task.cancel()
        self._worker.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        self._end()
        if self._task is not None:
            self._task.cancel()
        self._worker.shutdown(wait=False, cancel_futures=True)

    async def played_out(self, patience: float) -> None:
        """Wait until this game ends here (over or stopped), at most `patience` seconds; then
        stop it if it has not. For a game the table has moved on from (the host opened it
        again after the game, or closed it) while this laptop still draws its last moves."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._ended.wait(), patience)
        self._stop("the table moved on before this laptop saw the end of the game")

    # ---- after a restart ---------------------------------------------------------------

    def _record(self, replayed: list[Received] | None, plan: Plan) -> GameRecord:
        """This game's record: a new one, or (restarting) the one it left (ResumeError)."""
        home, table = self.table.profile.home, self.state.table
        if replayed is not None:
            record = GameRecord.load(home, table, self.number)
            if record is not None:
                for sender, data, private in replayed:
                    key, check = data.get("gk"), data.get("gc")
                    problem = None
                    if sender == self.state.host and private and isinstance(key, bytes):
                        problem = self.keys.on_sealed(key)
                    if sender == self.state.host and not private and isinstance(check, bytes):
                        problem = self.keys.on_check(check)
                        bot = data.get("bot")
                        if self.table.me != self.host and bot in (None, *BOT_NAMES):
                            self.bot_level = bot
                    if problem is not None:
                        raise ResumeError(f"the host's laptop {problem}")
                return record
            if any(s == self.table.me and "b" in data for s, data, _ in replayed):
                raise ResumeError(
                    f"this laptop has no record of game {self.number} in "
                    f"{GameRecord.folder_for(home, table, self.number)}: it cannot take "
                    "its seat back; the others can go on without it"
                )
            self.resuming = None  # it had sent nothing yet: it starts afresh, with what came
            self._early = [m for m in replayed if m[0] != self.table.me]
        fresh = replayed is not None
        return GameRecord.create(home, table, self.number, self.settings.pace, fresh, plan)

    async def _resume(self) -> None:
        """Rebuild my seats from the game's record, check them against the table's journal,
        then go on with the game where it is."""
        loop = asyncio.get_running_loop()
        try:
            taken = await loop.run_in_executor(self._worker, self._take_up)
        except asyncio.CancelledError:
            raise
        except (ResumeError, takeover.TakeoverError) as error:
            self._stop(str(error))
            return
        except Exception as error:  # a bug must end the game with a reason, not hang it
            log.exception("could not take the game up again")
            self._stop(f"lanpurr could not take this laptop's seats back ({error})")
            return
        replayed, self.resuming = self.resuming or [], None
        result = taken.output
        self.generation = result.generation
        later = self._swapped_before(replayed)
        if self.key is not None and self.table.me == self.host:
            self._send_key()  # (again: whoever already holds it ignores it)
        self._inbox[:0] = taken.news
        self._generation_reached()  # (batches of it that came while the record was replayed)
        # The table as it is now: a window opens on it (and the session is known by then).
        self._view = self.seats.view()
        self.emit(GameStarted(self.state.game, self.my_seat, self.names, self.number, self._view))
        self.emit(GameResumed(self.number, taken.passes, len(result.frames)))
        self._after(result)
        self._handed_on(said=False)  # (said before the restart)
        for sender, swap in later:
            self._on_swap(sender, swap)
        if not self.finished:
            self._task = asyncio.ensure_future(self._pump(first=not taken.started))
            self._poke()

    def _take_up(self) -> TakenUp:
        """In the worker: open this game's batches read back from the journal, then replay the
        record against them (take_up.py)."""
        me, seats = self.table.me, len(self.state.seats)
        opener = None if self.key is None else lambda s, b: self._pairs(s, b, strict=False)
        sent, theirs, swapped, locked = journal_frames(self.resuming or [], me, seats, opener)
        self._locked.extend(locked[: batches.MAX_BATCH])
        return take_up(self.seats, self.record, sent, theirs, swapped, time.monotonic())

    # ---- the loop ----------------------------------------------------------------------

    def _poke(self) -> None:
        self._wake.set()

    def _open_batch(self, sender: bytes, batch: Batch) -> None:
        try:
            pairs = self._pairs(sender, batch)
        except FrameError as error:
            # My key is the one the host announced: a batch that does not open with it, or
            # holds anything else, is its sender's doing.
            self._misbehaved(sender, f"its game message was refused: {error}")
            return
        self._inbox.extend(pairs)
        self._poke()

    def _pairs(self, sender: bytes, batch: Batch, strict: bool = True) -> list[tuple[int, bytes]]:
        """The frames of a batch from `sender` (FrameError); not `strict`: the host may have
        played any seat since (a batch read back from the journal)."""
        assert self.key is not None
        pairs = batches.open_box(self.key, batch.box, len(self.state.seats))
        if not pairs:
            raise FrameError("an empty batch (no laptop sends one)")
        for seat, _ in pairs:
            if self.drops.laptops.get(seat) != sender and (strict or sender not in self.drops.line):
                raise FrameError(f"seat {seat} is not played on that laptop")
        return pairs

    async def _pump(self, first: bool = True) -> None:
        loop = asyncio.get_running_loop()
        continued = stopped.continued()
        while not self.finished:
            if not first:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), self._patience())
            self._wake.clear()
            if stopped.continued() != continued:  # this laptop was the one away: wait afresh
                continued = stopped.continued()
                self.stall.restart(time.monotonic())
            self._watch_the_clock()
            if self.finished:
                return
            inbox, self._inbox = self._inbox, []
            commands, self._commands = self._commands, []
            try:
                result = await loop.run_in_executor(
                    self._worker, self._work, first, inbox, commands
                )
            except asyncio.CancelledError:
                raise
            except Exception as error:  # a bug must end the game with a reason, not hang it
                log.exception("the game stopped on an error")
                self._stop(f"lanpurr could not go on with this game ({error})")
                return
            first = False
            self._after(result, moved=bool(inbox or commands or result.frames))
            if result.bots_waiting:
                self._wake.set()  # they think now: the move they answer is shown and sent

    def _work(
        self, first: bool, inbox: list[tuple[int, bytes]], commands: list[list[Any]]
    ) -> PassOutput:
        """In the worker: one pass of my seats, written into the game's record, durably,
        before anything it made is sent."""
        fresh = self.record.begin()
        result = self.seats.work(time.monotonic(), first, inbox, commands, fresh)
        if result.record is not None:
            if result.record.inbox:
                self.table.sync_journal()  # (the frames the pass names, durable first)
            self.record.append(result.record)
        if self.settings.offer_choices:
            result.choices = self.seats.choices()
        return result

    def _after(self, result: PassOutput, moved: bool = True) -> None:
        """Back on the network loop: send, show, and end the game when it ends."""
        self._due_at = result.due
        me = self.table.me
        self._owed = result.owed
        self._waiting_for = result.waiting_for
        theirs = tuple(sorted(s for s in result.waiting_for if self.drops.laptops.get(s) != me))
        self.stall.watch(time.monotonic(), theirs, result.turn, moved)
        if result.choices is not None:
            self.choices = result.choices
        for swap in result.swaps:
            said = self.verdicts.said
            cheat = next((said[s] for s in swap["seats"] if s in said), None)
            given = SeatSwap(self.number, swap["v"], tuple(swap["seats"]), tuple(swap["keys"]),
                             swap["round"], cheat, swap.get("plays"))  # fmt: skip
            self.kept = bool(given.plays)
            self.table.send(messages.plain(given))
        for seats, number in result.replaced:
            self.names, replaced = self.verdicts.replaced(seats, number, self.names, self.kept)
            self.emit(replaced)
        if result.generation == self.generation:  # (else made by runtimes since replaced)
            self._unsent.extend(result.frames)
        self._send()
        for update in result.updates:
            self._view = update.view
            self.emit(GameUpdate(update))
        for reason in result.refusals:
            self.emit(ActionRefused(reason))
        if result.progress != self._progress:
            self._progress = result.progress
            step, seat = result.progress
            self.emit(GameProgress(step, seat))
        for checked in result.rounds:
            self.emit(checked)
        fresh = self.verdicts.nameable(result.accusations, result.generation, time.monotonic())
        if result.generation != self.generation:
            fresh = []  # (runtimes a seat swap replaced since: their round is void)
        if fresh and not self.finished:
            self._say(self.verdicts.named(fresh[0], self.names))
            if self.finished:
                return
            self._handed_on()
        if self._host_ended is not None and not self._inbox:
            by, ended = self._host_ended
            why = f"{self._name(by)}'s laptop ended the game: {ended.reason}"
            if ended.cheat:  # (its word: this laptop did not see it)
                why = f"{self._name(by)}'s laptop ended the game. It says: {ended.reason}"
            self._stop(why, ended.cheat, told=True)
            return
        if result.over and not self.over:
            self.over = True
            self._end()
            self.emit(GameOver(result.scores, result.audits))
            self._worker.shutdown(wait=False)
        elif self.drops.gone and not self._inbox:
            self._apply(result.waiting_for)

    def _send(self) -> None:
        if self.key is None or not self._unsent:
            return
        unsent, self._unsent = self._unsent, []
        for box in batches.seal(self.key, unsent):
            self.table.send(messages.plain(Batch(self.number, box, self.generation)))

    def _name(self, key: bytes) -> str:
        return self.state.name_of(key)

    def _end(self) -> None:
        self.finished = True
        self._ended.set()

    def _tell_end(self, reason: str, cheat: bool = False) -> None:
        """Doing the host's part: the others learn at once why the game ends (`GameEnd`)."""
        if self.table.me == self.drops.host:
            self.table.send(messages.plain(GameEnd(self.number, reason[:300], cheat)))

    def _stop(
        self, reason: str, cheat: bool = False, told: bool = False, cut: bool = False
    ) -> None:
        """End the game here for `reason`; doing the host's part, tell the others, unless
        `told` (the game ends on the word of the laptop that did it before this one); `cut`:
        this laptop was cut from the table, and the game may go on without it."""
        if self.finished:
            return
        self._end()
        self.emit(GameStopped(reason, cheat, cut))
        if not told:
            self._tell_end(reason, cheat)
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
        self._worker.shutdown(wait=False, cancel_futures=True)
