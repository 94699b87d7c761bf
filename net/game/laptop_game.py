"""This laptop's part of one game between laptops, sans-I/O: the game-level rules on the network
thread, in the shape of aioquic's connection.

At Start every laptop builds the same spec from the signed table state and plays its seats in
the game's worker (worker.py); their frames travel inside the session's signed messages
(docs/protocol.md, "Playing a game", and messages.py):

- the host draws a fresh game key and seals it to every other member, announcing with its
  digest the table's drop-out setting (key_exchange.py);
- every batch of frames is a SecretBox under that key (batches.py): the members read it,
  anyone else sees noise. A batch counts only from the laptop that plays the seats it names;
  each frame is signed by its seat's own key, which the runtimes check.

`LaptopGame` owns what is decided between laptops: which batches count, the buffers of those
that came early, who dropped out and who does the host's part (dropouts.py, acting_host.py),
what is said when a laptop is named (verdicts.py), the table's timeout (waiting.py) and the one
timer. It reads no clock and does no I/O (the evidence of a cheat is written by the `keep` it is
handed, as aioquic's connection writes its secrets log to the file it is handed). Fed with the time:

    receive(sender, data, private, envelope, now)   a game message from the session
    laptop_gone / laptop_away / laptop_back / cut_off / …(…, now)   the session's news
    act / next_round / leave                        the player
    handle_timer(now) when get_timer() says         the countdown, the timeout, drop-outs
    take_pass() → Job, then passed(output, now)     a pass of my seats, worked elsewhere

it says what to do through `next_event()`: messages to send, a member to cut off, the host's
part moved, events to show, a pass due, the game ended (effects.py). The asyncio driver
(driver.py) carries those out.
"""

import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lanpurr.core.wire import encode
from lanpurr.fair.envelope import Envelope
from lanpurr.fair.identity import Identity
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
from net.game import batches, messages
from net.game.acting_host import ActingHost
from net.game.commands import Act, Command, NextRound, Swap
from net.game.dropouts import DropOuts, Stall
from net.game.effects import Ban, Effect, Ended, HostMoved, Send, Show, Wake
from net.game.evidence import Kept
from net.game.game_key import GameKeys
from net.game.key_exchange import KeyExchange
from net.game.messages import Batch, GameEnd, GameKey, KeyCheck, KeyComplaint, Received, SeatSwap
from net.game.record import ResumeError
from net.game.seats import PassOutput
from net.game.setup import PlaySettings, line_of, seat_names
from net.game.take_up import TakenUp
from net.game.verdicts import Verdict, Verdicts, Where
from net.game.waiting import Waiting
from net.table_state import BOT_NAMES, TableState
from net.wire.framing import FrameError
from net.wire.relay import Withheld

log = logging.getLogger("lanpurr.net")

LATER_BATCHES = 64
"""Batches of a generation this laptop has not reached yet, kept at most."""

Pairs = list[tuple[int, bytes]]


@dataclass(frozen=True)
class Seated:
    """What the game's worker says of my seats when the game opens (worker.py)."""

    mine: frozenset[int]
    """The seats this laptop plays (as the game started, after a restart too)."""
    realtime: bool
    """A game without turns: my seats tick, and bots may act at any time."""
    view: Any
    """What my player sees before the first pass."""
    game_key: bytes
    """The game key this laptop draws if it hosts (from its record's seed)."""
    taken_up: bool
    """Restarting, the record was found: the seats take the game up from it."""


@dataclass(frozen=True)
class Job:
    """A pass for the worker: my seats start (`first`), then take the commands and the frames
    (`fold`: only the frames, with no bot acting and no tick)."""

    first: bool
    inbox: Pairs
    commands: list[Command]
    fold: bool = False


class LaptopGame(ActingHost, KeyExchange, Waiting):
    """This laptop's part of one game (the module's docstring says how it is fed)."""

    def __init__(
        self,
        me: bytes,
        identity: Identity,
        state: TableState,
        settings: PlaySettings,
        grace: float,
        evidence: Path,
        keep: Callable[[Path, Kept], str],
        withheld: Callable[[bytes], Withheld | None],
        seated: Seated,
        replayed: list[Received] | None = None,
    ) -> None:
        """`grace`: seconds an absent member's seat is kept (its countdown); `evidence`: the
        folder of the evidence files of this laptop's verdicts, which `keep` writes (the
        game's one write, handed in); `withheld`: whether
        a laptop's messages may be held back on their way here (net.wire.relay); `replayed`:
        this game's messages read back from the table's journal when this laptop restarts in
        the middle of it (its seats then take up the game)."""
        self.me = me
        self.identity = identity
        self.state = state
        self.settings = settings
        self.withheld = withheld
        self.number = state.games
        self.names = seat_names(state)
        self.my_seat = state.seat_of(me)
        self.host = state.host
        self.now = 0.0
        """The time the game was last told (`get_timer` counts from it)."""
        self._effects: deque[Effect] = deque()
        self.keys = GameKeys(state.table, self.number)
        self.bot_level = settings.replace_gone if me == self.host else None
        """The table's drop-out setting: the level of the bot that takes a gone laptop's seats
        (None: the game ends). The host's own; a member's comes with the key's digest."""
        self.resuming = replayed if seated.taken_up else None
        self.restarted = replayed is not None
        """This laptop took its seats up again after a restart: it knows it was away."""
        self._early: list[Received] = []
        """Restarted before it sent anything: the others' messages its journal held."""
        if self.resuming is not None:
            self._keys_replayed(self.resuming)
        elif replayed is not None:
            self._early = [m for m in replayed if m[0] != me]
        self._mine = set(seated.mine)
        self.realtime = seated.realtime
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
        self.stall = Stall(settings.table_timeout, settings.turn_timeout, grace=grace)
        self.drops.patience = grace
        self._timed_out: float | None = None
        """When the stall began that the table's timeout last named (it names it once)."""
        where = Where(evidence, state.table, state.game, self.number, keep)
        self.verdicts = Verdicts(me, self.drops, self._name, where)
        if me == self.host:
            self.keys.key = seated.game_key
        self._inbox: Pairs = []
        self._unfolded: Pairs = []
        """Frames that came before a seat swap, for the runtimes it replaces (acting_host.py)."""
        self._locked: list[tuple[bytes, Batch]] = []
        """Batches that came before the game key (another member was quicker than the host)."""
        self._unsent: Pairs = []
        self._commands: list[Command] = []
        """A person's actions and "next round", seat swaps, the timeout (they go into the
        game's record)."""
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
        self._first = True
        """No pass has run yet: the next one starts my seats."""
        self._owed: list[tuple[int, str]] = []
        self._waiting_for: set[int] = set()
        self.choices: list[Any] = []
        """What my player may do now, as the last pass said (a terminal numbers them)."""
        self.view: Any = seated.view

    # ---- what it asks of the world -----------------------------------------------------

    def next_event(self) -> Effect | None:
        """The next thing this laptop's game asks the driver to do (None: nothing now)."""
        return self._effects.popleft() if self._effects else None

    def emit(self, event: Event) -> None:
        self._effects.append(Show(event))

    def send(self, data: dict[str, Any], to: bytes | None = None) -> None:
        self._effects.append(Send(data, to))

    def _poke(self) -> None:
        self._effects.append(Wake())

    def _moved(self, acting: bytes) -> None:
        self._effects.append(HostMoved(acting))

    # ---- at the start ------------------------------------------------------------------

    def start(self, now: float) -> None:
        """A game started afresh here: say so, send the key if hosting, take what came early."""
        self.now = now
        self.emit(GameStarted(self.state.game, self.my_seat, self.names, self.number, self.view))
        if self.key is not None:
            self._send_key()
        early, self._early = self._early, []
        for sender, data, private in early:
            self.receive(sender, data, private, None, now)
        self._poke()

    def _keys_replayed(self, replayed: list[Received]) -> None:
        """Restarting with a record: the game key and the host's digest read back (ResumeError
        if the host's laptop lied about them)."""
        for sender, data, private in replayed:
            key, check = data.get("gk"), data.get("gc")
            problem = None
            if sender == self.state.host and private and isinstance(key, bytes):
                problem = self.keys.on_sealed(key)
            if sender == self.state.host and not private and isinstance(check, bytes):
                problem = self.keys.on_check(check)
                bot = data.get("bot")
                if self.me != self.host and bot in (None, *BOT_NAMES):
                    self.bot_level = bot
            if problem is not None:
                raise ResumeError(f"the host's laptop {problem}")

    def opener(self) -> Callable[[bytes, Batch], Pairs] | None:
        """How the worker opens the batches the journal read back (None: no key yet): with
        the key and the seats' laptops as they are now, copied, so it shares nothing."""
        key = self.key
        if key is None:
            return None
        laptops, line = dict(self.drops.laptops), tuple(self.drops.line)
        seats = len(self.state.seats)
        return lambda s, b: _pairs(key, seats, laptops, line, s, b, strict=False)

    def taken_up(self, taken: TakenUp, locked: list[tuple[bytes, Batch]], now: float) -> None:
        """The worker rebuilt my seats from the game's record (`locked`: batches read back
        before the key came): go on with the game where it is."""
        self.now = now
        self._locked.extend(locked[: batches.MAX_BATCH])
        replayed, self.resuming = self.resuming or [], None
        result = taken.output
        self.generation = result.generation
        later = self._swapped_before(replayed)
        if self.key is not None and self.me == self.host:
            self._send_key()  # (again: whoever already holds it ignores it)
        self._inbox[:0] = taken.news
        self._generation_reached()  # (batches of it that came while the record was replayed)
        self.emit(GameStarted(self.state.game, self.my_seat, self.names, self.number, self.view))
        self.emit(GameResumed(self.number, taken.passes, len(result.frames)))
        self._first = not taken.started
        self.passed(result, now)
        self._handed_on(said=False)  # (said before the restart)
        for sender, swap in later:
            self._on_swap(sender, swap)
        self._poke()

    # ---- from the session --------------------------------------------------------------

    def receive(
        self,
        sender: bytes,
        data: dict[str, Any],
        private: bool,
        envelope: Envelope | None,
        now: float,
    ) -> None:
        """A game message from the member `sender` (the session has checked its signature;
        `envelope`: the signed message that carried it, when it was sealed to me)."""
        self.now = now
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
        if private and not isinstance(message, GameKey | KeyCheck):
            # Only the game key is sealed to one laptop. Anything else sealed to me alone is
            # a message the other laptops never get: taken here, it would split the table.
            self._misbehaved(sender, "it sealed to this laptop alone a message for the table")
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
            self._on_end(sender, message)
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

    def _on_end(self, sender: bytes, message: GameEnd) -> None:
        if sender == self.drops.host and self._goes_on_without(sender):
            # Its word ends its own game, not this one: it counts as gone here.
            self.laptop_gone(sender, f"ended its game ({message.reason})", self.now)
        elif sender == self.drops.host:  # (after what came before it is played)
            if self._host_ended is None:  # (the first word stands: later ones repeat it)
                self._host_ended = (sender, message)
            self._poke()
        elif sender in self.drops.line and not self.drops.before(sender):
            # A laptop later in the line ends its game only when, in its own view, every
            # laptop before it dropped out (a link of its own down, say): its word ends its own
            # game, and it counts as gone here, as it would if it left. Nobody can tell whose
            # view is right, so nobody is named (docs/fair-play.md, "Who may accuse whom").
            self.laptop_gone(sender, f"ended its game ({message.reason})", self.now)
        elif sender not in self.drops.line:
            self._misbehaved(sender, "it ended the game, which only the host does")
        # (else sent before it was out of the game)

    def _say(self, verdict: Verdict) -> None:
        for event in verdict.events:
            self.emit(event)
        if verdict.stop is not None:
            self._stop(verdict.stop, cheat=verdict.cheat)

    def _misbehaved(self, key: bytes, what: str) -> None:
        """The laptop `key` sent a game message it cannot have sent honestly: cut it off."""
        log.warning("a game message from %s was refused: %s", self._name(key), what)
        if key != self.me:
            self._effects.append(Ban(key, what))

    def _open_batch(self, sender: bytes, batch: Batch) -> None:
        assert self.key is not None
        try:
            pairs = _pairs(self.key, len(self.state.seats), self.drops.laptops, (), sender, batch)
        except FrameError as error:
            # My key is the one the host announced: a batch that does not open with it, or
            # holds anything else, is its sender's doing.
            self._misbehaved(sender, f"its game message was refused: {error}")
            return
        self._inbox.extend(pairs)
        self._poke()

    # ---- from the player ---------------------------------------------------------------

    def act(self, action: Any) -> None:
        """My player's action (its refusal comes back as an ActionRefused event)."""
        if self.my_seat is None or self.my_seat not in self._mine:
            return
        self._commands.append(Act(self.my_seat, encode(action)))
        self.choices = []
        self._poke()

    def next_round(self) -> None:
        """My player has read the scores: my seat is ready for the next round."""
        self._commands.append(NextRound())
        self._poke()

    def leave(self) -> None:
        """My player leaves the table on purpose: the game ends here with nothing more to say
        (no talk of being away). Doing the host's part, unless the next laptop of the line
        takes it over (the table's setting gives my seats to a bot), the others learn at once
        that the game ends."""
        if self.finished:
            return
        if not self.over and not self.goes_on_without_me():
            self._tell_end(f"{self._name(self.me)} left the table")
        self._end()

    def close(self) -> None:
        self._end()

    def continued(self, now: float) -> None:
        """This process was the one away (stopped, then continued): every wait starts afresh."""
        self.now = now
        self.stall.restart(now)

    # ---- a pass of my seats ------------------------------------------------------------

    def take_pass(self) -> Job:
        """What the next pass of my seats takes: whatever came since the last one (first the
        frames that came before a seat swap, in a pass of their own)."""
        if self._unfolded:
            unfolded, self._unfolded = self._unfolded, []
            job = Job(self._first, unfolded, [], fold=True)
            self._first = False
            self._poke()  # (the swap's pass next)
            return job
        inbox, self._inbox = self._inbox, []
        commands, self._commands = self._commands, []
        job = Job(self._first, inbox, commands)
        self._first = False
        return job

    def passed(self, result: PassOutput, now: float, moved: bool = True) -> None:
        """A pass is done: send, show, and end the game when it ends."""
        self.now = now
        self._due_at = result.due
        self._owed = result.owed
        self._waiting_for = result.waiting_for
        theirs = tuple(
            sorted(s for s in result.waiting_for if self.drops.laptops.get(s) != self.me)
        )
        self.stall.watch(now, theirs, result.turn, moved)
        if result.choices is not None:
            self.choices = result.choices
        for swap in result.swaps:
            self._announce(swap)
        for seats, number in result.replaced:
            self.drops.unshown.difference_update(seats)
            self.names, replaced = self.verdicts.replaced(seats, number, self.names, self.kept)
            self.emit(replaced)
        if result.generation == self.generation:  # (else made by runtimes since replaced)
            self._unsent.extend(result.frames)
        self._send_batches()
        for update in result.updates:
            self.view = update.view
            self.emit(GameUpdate(update))
        for reason in result.refusals:
            self.emit(ActionRefused(reason))
        if result.progress != self._progress:
            self._progress = result.progress
            step, seat = result.progress
            self.emit(GameProgress(step, seat))
        for checked in result.rounds:
            self.emit(checked)
        fresh = self.verdicts.nameable(result.accusations, result.generation, now)
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
        elif self.drops.gone and not self._inbox:
            self._apply(result.waiting_for)
        if result.bots_waiting:
            self._poke()  # they think now: the move they answer is shown and sent

    def _announce(self, swap: Swap) -> None:
        """Hosting: tell the table my pass gave seats to a bot (with the cheat, if one did)."""
        said = self.verdicts.said
        cheat = next((said[s] for s in swap.seats if s in said), None)
        self.kept = bool(swap.plays)
        self.send(messages.plain(SeatSwap(self.number, swap, cheat)))

    def _send_batches(self) -> None:
        if self.key is None or not self._unsent:
            return
        unsent, self._unsent = self._unsent, []
        for box in batches.seal(self.key, unsent):
            self.send(messages.plain(Batch(self.number, box, self.generation)))

    # ---- the end -----------------------------------------------------------------------

    def _name(self, key: bytes) -> str:
        return self.state.name_of(key)

    def _end(self) -> None:
        if not self.finished:
            self.finished = True
            self._effects.append(Ended())

    def _tell_end(self, reason: str, cheat: bool = False) -> None:
        """Doing the host's part: the others learn at once why the game ends (`GameEnd`)."""
        if self.me == self.drops.host:
            self.send(messages.plain(GameEnd(self.number, reason[:300], cheat)))

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

    def stop(self, reason: str, now: float) -> None:
        """The game ends here for `reason` (the driver's: a bug, the table moved on)."""
        self.now = now
        self._stop(reason)


def _pairs(
    key: bytes,
    seats: int,
    laptops: dict[int, bytes],
    line: tuple[bytes, ...],
    sender: bytes,
    batch: Batch,
    strict: bool = True,
) -> Pairs:
    """The frames of a batch from `sender` (FrameError); not `strict`: the host may have played
    any seat of the `line` since (a batch read back from the journal)."""
    pairs = batches.open_box(key, batch.box, seats)
    if not pairs:
        raise FrameError("an empty batch (no laptop sends one)")
    for seat, _ in pairs:
        if laptops.get(seat) != sender and (strict or sender not in line):
            raise FrameError(f"seat {seat} is not played on that laptop")
    return pairs
