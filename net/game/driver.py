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
between the two. It talks to the table session through `TableLink` alone.
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
from net import framing, stopped
from net.events import (
    ActionRefused,
    Event,
    GameOver,
    GameProgress,
    GameResumed,
    GameStarted,
    GameStopped,
    GameUpdate,
    PeerBack,
    TableWaits,
)
from net.framing import FrameError
from net.game import batches, game_key, messages, takeover
from net.game.acting_host import ActingHost
from net.game.dropouts import DropOuts, Stall
from net.game.game_key import GameKeys
from net.game.messages import Batch, GameEnd, GameKey, KeyCheck, KeyComplaint, Received, SeatSwap
from net.game.record import GameRecord, ResumeError
from net.game.seats import MySeats, PassOutput, Plan
from net.game.setup import PlaySettings, line_of, seat_names, spec_of
from net.game.take_up import TakenUp, journal_frames, take_up
from net.game.verdicts import Verdict, Verdicts, Where
from net.home import Profile
from net.limits import BODY
from net.relay import Withheld
from net.table import BOT_NAMES, TableState

log = logging.getLogger("lanpurr.net")

WAKE_EVERY = 0.25
"""Seconds between looks at a table without turns: bots may act, quiet seats tick."""
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
        nothing stands between us; net.relay)."""
        ...


class GameDriver(ActingHost):
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

    def _send_key(self) -> None:
        """Hosting: announce the key's digest to every member, then seal the key to each."""
        check, _ = self.keys.announce(self.bot_level)
        self.table.send(messages.plain(check))
        self._seal_key()

    def _seal_key(self, to: list[bytes] | None = None) -> None:
        """Seal the game key to every other member still in the game (the host at the start),
        or to those of `to` (a member that showed the table a wrong key sealed to it)."""
        _, key = self.keys.announce(self.bot_level)
        for member in self.state.members:
            if to is not None and member.key not in to:
                continue
            if member.key != self.table.me and member.key not in self.drops.out:
                self.table.send(messages.plain(key), to=member.key)

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

    def _on_key_check(self, sender: bytes, message: KeyCheck, private: bool) -> None:
        if sender != self.host or private:
            self._misbehaved(sender, "it announced a game key, which only the host does")
        else:
            self._setting(message.bot)
            self._key_news(self.keys.on_check(message.digest))
            complaints, self._complaints = self._complaints, []
            for complainer, complaint in complaints:
                self._on_complaint(complainer, complaint)

    def _setting(self, bot: str | None) -> None:
        """The table's drop-out setting, as the host announced it."""
        self.bot_level = bot
        self.drops.replace_gone = bot is not None

    def _on_key(
        self, sender: bytes, message: GameKey, private: bool, envelope: Envelope | None
    ) -> None:
        if not private:
            self._misbehaved(sender, "it sent the game key in the open")
        elif sender not in self.drops.line:
            self._misbehaved(sender, "it sent a game key, which only a laptop of the game does")
        elif self.key is None:
            problem = self.keys.on_sealed(message.key)
            if sender in self.verdicts.cut:
                if problem is None:  # (the right key from a laptop cut off since: it opens)
                    self._key_news(None)
            elif problem is not None and envelope is not None:
                self._complain(sender, envelope, problem)
            else:
                self._key_news(problem, sender)

    def _complain(self, sender: bytes, envelope: Envelope, problem: str) -> None:
        """The key `sender` sealed to me is not the table's: only this laptop can see it, so
        it shows everyone the box and the key that opens it (game_key.py), and cuts `sender`
        off; under the table's setting the game goes on, and a laptop that holds the key
        seals it to me."""
        body = framing.unpack(envelope.body, BODY)
        shared = game_key.shared_key(self.table.profile.identity, body["box"])
        log.warning("the game key %s's laptop sealed to me is wrong: shown to the table",
                    self._name(sender))  # fmt: skip
        check = self._check_envelope.encode() if self._check_envelope is not None else None
        complaint = KeyComplaint(self.number, envelope.encode(), shared, check)
        self.table.send(messages.plain(complaint))
        self._misbehaved(sender, problem)

    def mislabelled(self, sender: bytes, envelope: Envelope) -> None:
        """A game key sealed to me, labelled for another game, while this one has no key yet:
        shown to the table like a wrong key (the host's `gc` of this game shows when)."""
        if self.key is None and not self.finished and sender in self.drops.line:
            self._complain(sender, envelope, "sealed this laptop a key labelled for another game")

    def _on_complaint(self, sender: bytes, complaint: KeyComplaint) -> None:
        """A member shows the table a game key sealed to it: name whoever lied (once the
        host's digest is here: the two come from different laptops, in any order)."""
        if self.keys.check is None:
            if len(self._complaints) < len(self.state.seats):
                self._complaints.append((sender, complaint))
            return
        judged = game_key.judge(
            complaint, self.state.table, self.keys.check, self.drops.line, sender
        )
        if judged.host is not None and judged.sealer != self.table.me:
            self._misbehaved(judged.sealer, f"it {judged.host}, as {self._name(sender)}'s "
                                            "laptop showed the table")  # fmt: skip
            self._key_owed.add(sender)
            if self.key is not None and not self.finished:
                self._seal_key([sender])
        elif judged.host is not None or judged.complainer is not None:
            why = judged.complainer or "it complained of the game key this laptop sealed to it"
            self._misbehaved(sender, f"it complained of the host's game key, wrongly: {why}")

    def _key_news(self, problem: str | None, sender: bytes | None = None) -> None:
        if problem is not None:
            self._stop(f"{self._name(sender or self.host)}'s laptop {problem}")
        elif self.key is not None:
            if self._key_owed:  # (members shown a wrong key before this laptop had the key)
                self._seal_key(sorted(self._key_owed))
            locked, self._locked = self._locked, []
            for who, batch in locked:
                if batch.generation == self.generation:
                    self._open_batch(who, batch)
                elif batch.generation > self.generation:
                    self._later.append((who, batch))
            self._poke()

    @property
    def key(self) -> bytes | None:
        return self.keys.key

    def laptop_gone(self, key: bytes, why: str) -> None:
        """A member left or did not come back: the seats it played can no longer answer.

        What it sent before it went is still to be played, and the round may wait for someone
        else's last messages (a laptop that saw the end first and left): the game goes on
        until the round waits for one of its seats (`_after`)."""
        if self.finished or self.over:
            return
        how = {"did not come back": "gone", "closed its app": "closed"}.get(why, "left")
        if self.drops.drop(key, f"{self._name(key)} {why}", how=how):
            self._poke()
        self._handed_on()

    def laptop_away(self, key: bytes) -> None:
        """The link to `key` is down: its countdown is the session's grace period, and a swap
        of its seats held for want of this laptop's own view is taken now (`unproven`)."""
        self.stall.away[key] = None
        if self._pending and not (self.finished or self.over):
            self._retry_pending()

    def owes(self, key: bytes) -> bool:
        """The round waits for a message of the laptop `key`'s software (not a person's turn)."""
        owed = self.stall.owed
        return not self.stall.turn and any(self.drops.laptops.get(s) == key for s in owed)

    def laptop_back(self, key: bytes) -> None:
        if key in self.stall.away:
            self.stall.away[key] = time.monotonic()
            self._poke()

    def _excused(self, now: float) -> float | None:
        """The table's timeout waits for laptops that are away (dropouts.Stall.excused)."""
        return self.stall.excused(now, {self.drops.laptops.get(s) for s in self.stall.owed})

    def cut_off(self, key: bytes, why: str, proof: tuple[Any, Any] | None = None) -> None:
        """The table cut the laptop `key` off (`why`: what it did): dropped (verdicts.py)."""
        verdict = self.verdicts.cut_off(key, why, proof, self.generation, time.monotonic())
        if not (self.finished or self.over):
            self._say(verdict)
            self._poke()
            self._handed_on()

    def shut_out(self, by: bytes, reason: str) -> None:
        """A laptop of the table refuses this one for good, and nothing of it came through the
        others since. Its word alone names nobody and stops nothing: it only counts that laptop
        out of the game here, by silence (its seats go to a bot under the table's setting, as
        for any laptop that drops out)."""
        if not (self.finished or self.over):
            self._say(self.verdicts.refuses(by, reason))
            self._poke()
            self._handed_on()

    def heard_again(self, key: bytes) -> None:
        """A message of `key` came through another laptop: if it was out here only by silence
        and its seats are still its own, it plays on (the others heard it all along)."""
        if self.finished or self.over or key in self.verdicts.cut:
            return
        if self.drops.back(key):
            self.verdicts.back(key)
            self.emit(PeerBack(self._name(key)))
            self.laptop_back(key)
            self._poke()

    def disputed(self, key: bytes) -> None:
        """Laptops hold different versions of a message of `key` (an echo showed it): until
        the proof meets or DISPUTE_WAIT passes, this laptop names nobody, since what another
        laptop answered may be the other version."""
        self.verdicts.disputed(time.monotonic())
        self._poke()

    def noted(self, key: bytes, what: str) -> None:
        """The session holds something odd of the laptop `key` (said if the timeout names it)."""
        self.verdicts.odd.setdefault(key, what)

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

    def _patience(self) -> float | None:
        """Seconds until the loop must look again with nothing received (None: never)."""
        now = time.monotonic()
        times = [WAKE_EVERY] if self.realtime else []
        times += [t - now for t in (self._due_at, self._drop_wake) if t is not None]
        times += [t - now for t in self.verdicts.wakes(now)]
        if self.stall.since != self._timed_out:  # (a wait is timed out once)
            shows, due = self.stall.shows_at(), self.stall.due()
            times += [t - now for t in (shows, due) if t is not None and t > now]
        if self.stall.left(now) is not None:
            times.append(1.0)  # the countdown
        excused = self._excused(now)
        if excused:
            times.append(excused - now)
        return max(min(times), 0.0) if times else None

    def _watch_the_clock(self) -> None:
        """The table's timeout (dropouts.Stall): show the countdown, then name who owes."""
        now = time.monotonic()
        if self._drop_wake is not None and now >= self._drop_wake:
            self._drop_wake = None
            self._apply(self._waiting_for)
        left = self.stall.left(now)
        if left is None or self.stall.since == self._timed_out:
            return
        if any(command[0] in ("gone", "swap") for command in self._commands):
            return  # the round starts again with other seats: the wait starts again too
        if self._excused(now) is not None:
            return  # (their countdown is the session's: "reconnecting")
        owed = tuple((s, w) for s, w in self._owed if s in self.stall.owed)
        names = tuple(self.names[s] for s, _ in owed)
        self.emit(TableWaits(owed, names, round(left), self.stall.turn))
        if not self.stall.expired(now):
            return
        self._timed_out = self.stall.since
        if self.key is None:
            self._stop(f"{self._name(self.host)}'s laptop never sent this laptop the game key")
            return
        withholders = self._withholders()
        if withholders:
            for key, (laptop, holds) in withholders.items():
                what = (f"its own echo says it holds {holds} more of {self._name(laptop)}'s "
                        "messages, which it did not hand on to this laptop")  # fmt: skip
                log.warning("%s's laptop withholds: %s", self._name(key), what)
                self._misbehaved(key, what)
            return  # (the round waits again, for what they held back, with them dropped)
        log.warning("the table timed out waiting for %s", ", ".join(names))
        for silent in self._owed_laptops():
            withheld = self.table.withheld(silent)
            if withheld is not None:  # (nobody to blame: net.relay)
                via = withheld.only_through or withheld.through
                self.verdicts.unheard[silent] = tuple(self._name(k) for k in via)
        self._commands.append(["timeout"])

    def _owed_laptops(self) -> set[bytes]:
        """The other laptops that play the seats the round waits for."""
        laptops = {self.drops.laptops.get(seat) for seat in self.stall.owed}
        return {k for k in laptops if k is not None and k != self.table.me}

    def _withholders(self) -> dict[bytes, tuple[bytes, int]]:
        """The table's timeout: laptops that handed on the owed laptops' messages before and
        say, in their own signed echoes, that they hold more of them than came here (an
        honest relay hands them on within seconds). They are dropped instead of the laptop
        whose messages they hold, which nobody can blame (docs/fair-play.md, "Who may accuse
        whom")."""
        found: dict[bytes, tuple[bytes, int]] = {}
        me, out = self.table.me, self.drops.out
        for laptop in self._owed_laptops():
            withheld = self.table.withheld(laptop)
            if withheld is None:
                continue
            for holder, holds in withheld.holders.items():
                if holder in withheld.through and holder not in out and holder not in (me, laptop):
                    found.setdefault(holder, (laptop, holds - withheld.held))
        return found

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
            self.kept = given.plays is not None
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
