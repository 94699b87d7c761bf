"""A game between laptops, carried: the asyncio side of this laptop's seats (`MySeats`).

At Start every laptop builds the same spec from the signed table state and runs one seat
runtime per seat it plays; their frames travel inside the session's signed messages
(docs/protocol.md, "Playing a game", and messages.py):

- the host draws a fresh game key and seals it to every other member;
- every batch of frames is a SecretBox under that key (batches.py): the members read it,
  anyone else sees noise. A batch counts only from the laptop that plays the seats it names;
  each frame is signed by its seat's own key, which the runtimes check.

`GameDriver` lives on the network thread. It opens and seals batches, keeps the game key, and
says what happens when a laptop is gone or named for a cheat; everything about the seats
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
from lanpurr.fair.accusation import RULES, Accusation
from lanpurr.fair.identity import Identity
from net.events import (
    ActionRefused,
    CheatNamed,
    Event,
    GameOver,
    GameProgress,
    GameResumed,
    GameStarted,
    GameStopped,
    GameUpdate,
    SeatReplaced,
)
from net.framing import FrameError
from net.game import batches, evidence, messages, takeover
from net.game.messages import Batch, GameKey, SeatSwap
from net.game.record import GameRecord, ResumeError
from net.game.seats import MySeats, PassOutput, Plan
from net.game.setup import PlaySettings, seat_names, spec_of
from net.game.take_up import TakenUp, take_up
from net.home import Profile
from net.table import TableState

log = logging.getLogger("lanpurr.net")

WAKE_EVERY = 0.25
"""Seconds between looks at a table without turns: bots may act, quiet seats tick."""
SWAP_WAIT = 20.0
"""Seconds a member waits, once a laptop is gone, for the host to give its seats to a bot."""
LATER_BATCHES = 64
"""Batches of a generation this laptop has not reached yet, kept at most."""

Received = tuple[bytes, dict[str, Any], bool]
"""A game message as the session hands it over: (sender, body, sealed to me)."""


class TableLink(Protocol):
    """What a game needs of its table session."""

    me: bytes
    profile: Profile
    bot_identities: dict[bytes, Identity]

    def send(self, data: Any, to: bytes | None = None) -> Any: ...

    def sync_journal(self) -> None:
        """Make the table's journal durable (before a pass that fed frames read from it is
        recorded)."""
        ...


class GameDriver:
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
        self._sealed_key: bytes | None = None
        self._early: list[Received] = []
        """Restarted before it sent anything: the others' messages its journal held."""
        plan: Plan = {}
        for index, seat in enumerate(state.seats):
            if seat.player == me:
                plan[index] = (settings.me_bot or "", not settings.me_bot and settings.hold_rounds)
            elif seat.bot is not None and seat.runner == me:
                plan[index] = (seat.bot, False)
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
        self._laptops = {i: s.laptop for i, s in enumerate(state.seats) if s.laptop is not None}
        """Which laptop plays each seat (the host, for a seat given to a bot), to check who
        sent a batch."""
        self.seats = MySeats(
            spec_of(state, settings.shuffle_proofs),
            state.game,
            me,
            self.host,
            self.my_seat,
            plan,
            identities,
            self.record,
            takeover.apply,
        )
        """Touched only in the worker (and before the first pass, or after the last)."""
        self.realtime = self.seats.realtime
        self.key: bytes | None = self.record.game_key() if me == self.host else self._sealed_key
        self._inbox: list[tuple[int, bytes]] = []
        self._locked: list[tuple[bytes, Batch]] = []
        """Batches that came before the game key (another member was quicker than the host)."""
        self._unsent: list[tuple[int, bytes]] = []
        self._commands: list[list[Any]] = []
        """A person's actions and "next round", as data (they go into the game's record)."""
        self._gone: dict[bytes, str] = {}
        """Laptops that left or did not come back, with why."""
        self._swap_wait: asyncio.TimerHandle | None = None
        self._swap_waited = False
        """A member waited SWAP_WAIT for the host to give a gone laptop's seats to a bot."""
        self._named_already: list[Accusation] = []
        self._cheats: dict[bytes, str] = {}
        """Laptops named for a cheat, dropped from the game: why the game ends if it must."""
        self._cheat_seats: set[int] = set()
        self._cheat_said: dict[int, messages.Cheat] = {}
        """Seat -> the cheat that drops its laptop (told with the swap)."""
        self.generation = 0
        """How many times seats were given to a bot (this thread's count)."""
        self._later: list[tuple[bytes, Batch]] = []
        """Batches of a generation this laptop has not reached yet."""
        self._progress: tuple[str, int | None] | None = None
        self._due_at: float | None = None
        self.finished = False
        self.over = False
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
        assert self.key is not None
        for member in self.state.members:
            if member.key != self.table.me:
                self.table.send(messages.plain(GameKey(self.number, self.key)), to=member.key)

    def on_message(self, sender: bytes, data: dict[str, Any], private: bool) -> None:
        """A game message from the member `sender` (the session has checked its signature)."""
        if self.finished or messages.game_number(data) != self.number:
            return  # another game at this table (before Play again), or this one is over
        try:
            message = messages.parse(data, len(self.state.seats))
        except messages.MessageError as error:
            log.warning("a game message from %s was refused: %s", self._name(sender), error)
            return
        if isinstance(message, GameKey):
            self._on_key(sender, message, private)
        elif isinstance(message, SeatSwap):
            self._on_swap(sender, message)
        elif message.generation != self.generation:
            if message.generation > self.generation and len(self._later) < LATER_BATCHES:
                self._later.append((sender, message))
            # (else a batch of runtimes already replaced: void)
        elif self.key is None:
            if len(self._locked) < batches.MAX_BATCH:
                self._locked.append((sender, message))
        else:
            self._open_batch(sender, message)

    def _on_key(self, sender: bytes, message: GameKey, private: bool) -> None:
        if sender != self.host or not private:
            log.warning("a game key not sealed by the host: ignored")
            return
        if self.key is None:
            self.key = message.key
            locked, self._locked = self._locked, []
            for who, batch in locked:
                self._open_batch(who, batch)
            self._poke()

    def laptop_gone(self, key: bytes, why: str) -> None:
        """A member left or did not come back: the seats it played can no longer answer.

        What it sent before it went is still to be played, and the round may wait for someone
        else's last messages (a laptop that saw the end first and left): the game goes on
        until the round waits for one of its seats (`_after`)."""
        if self.finished or self.over:
            return
        if key in self._laptops.values():
            self._gone[key] = f"{self._name(key)} {why}"
            self._poke()

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
                    key = data.get("gk")
                    if sender == self.state.host and private and isinstance(key, bytes):
                        self._sealed_key = key
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
        self.resuming = None
        result = taken.output
        self.generation = result.generation
        if self.key is not None and self.table.me == self.host:
            self._send_key()  # (again: whoever already holds it ignores it)
        self._inbox[:0] = taken.news
        # The table as it is now: a window opens on it (and the session is known by then).
        self._view = self.seats.view()
        self.emit(GameStarted(self.state.game, self.my_seat, self.names, self.number, self._view))
        self.emit(GameResumed(self.number, taken.passes, len(result.frames)))
        self._after(result)
        if not self.finished:
            self._task = asyncio.ensure_future(self._pump(first=not taken.started))
            self._poke()

    def _take_up(self) -> TakenUp:
        """In the worker: open this game's batches read back from the journal, then replay the
        record against them (take_up.py)."""
        me = self.table.me
        sent: dict[int, list[tuple[int, bytes]]] = {}
        theirs: list[tuple[int, int, bytes]] = []
        swapped: set[int] = set()
        for sender, data, _ in self.resuming or []:
            try:
                message = messages.parse(data, len(self.state.seats))
            except messages.MessageError:
                continue
            if isinstance(message, SeatSwap) and sender == me:
                swapped.add(message.generation)
            if not isinstance(message, Batch):
                continue
            if self.key is None:
                if sender != me and len(self._locked) < batches.MAX_BATCH:
                    self._locked.append((sender, message))
                continue
            try:
                pairs = self._pairs(sender, message, strict=False)
            except FrameError:
                if sender == me:
                    raise ResumeError(
                        "a game message this laptop sent does not open with the game's key: "
                        "its record of the game does not belong to this table"
                    ) from None
                continue  # refused when it came, too
            if sender == me:
                sent.setdefault(message.generation, []).extend(pairs)
            else:
                theirs.extend((message.generation, seat, frame) for seat, frame in pairs)
        return take_up(self.seats, self.record, sent, theirs, swapped, time.monotonic())

    # ---- seats that go to a bot --------------------------------------------------------

    def _cannot_go_on(self, keys: list[bytes]) -> None:
        """The round waits for seats of the gone laptops `keys`: give them to a bot (hosting
        with `replace_gone`), wait a little for the host to do so, or stop."""
        if self.host not in keys:
            if self.table.me == self.host and self.settings.replace_gone:
                for key in keys:
                    del self._gone[key]
                    self._replace(key)
                return
            if self.table.me != self.host and not self._swap_waited:
                # The host may give those seats to a bot: wait for its word a little.
                if self._swap_wait is None:
                    loop = asyncio.get_running_loop()
                    self._swap_wait = loop.call_later(SWAP_WAIT, self._swap_wait_over)
                return
        if keys[0] in self._cheats:
            self._stop(self._cheats[keys[0]])
            return
        self._stop(f"{self._gone[keys[0]]}: the game cannot go on without their seat")

    def _swap_wait_over(self) -> None:
        self._swap_wait = None
        self._swap_waited = True
        self._poke()  # the next pass stops the game if those seats are still nobody's

    def _replace(self, key: bytes) -> None:
        """Hosting: give the seats of the laptop `key` to a bot (takeover.py)."""
        seats = self._laptops_of(key)
        self.generation += 1
        self._inbox.clear()  # (frames for the runtimes about to be replaced)
        self._commands.append(["gone", self.settings.replace_gone, self.generation, seats])
        for seat in seats:
            self._laptops[seat] = self.host
        self._poke()

    def _laptops_of(self, key: bytes) -> list[int]:
        return sorted(s for s, laptop in self._laptops.items() if laptop == key)

    def _on_swap(self, sender: bytes, swap: SeatSwap) -> None:
        """The host gave seats to a bot: check its word, then every runtime starts again."""
        if sender != self.host or swap.generation != self.generation + 1:
            log.warning("a seat swap that is not the host's next one: ignored")
            return
        if swap.cheat is not None:
            self._told_cheat(swap.cheat, swap.seats)
        if any(self._laptops.get(seat) == self.table.me for seat in swap.seats):
            self._stop(takeover.GIVEN_AWAY)
            return
        self.generation = swap.generation
        self._inbox.clear()
        plain = {"v": swap.generation, "seats": list(swap.seats), "keys": list(swap.keys),
                 "round": swap.round}  # fmt: skip
        self._commands.append(["swap", plain])
        for seat in swap.seats:
            self._laptops[seat] = self.host
        later, self._later = self._later, []
        for who, batch in later:
            if batch.generation == self.generation and self.key is not None:
                self._open_batch(who, batch)
            elif batch.generation > self.generation:
                self._later.append((who, batch))
        self._poke()

    def _told_cheat(self, cheat: messages.Cheat, seats: tuple[int, ...]) -> None:
        """A member told by the host's swap that the laptop of `seats` broke the rules: said
        here too if this laptop had not seen it itself (its own runtimes were replaced first)."""
        self._cheat_seats.update(seats)
        if any(a.seat in seats for a in self._named_already):
            return
        name = self.names[cheat.seat]
        player = self._laptops.get(cheat.seat)
        laptop = self._name(player) if player is not None else name
        host = self._name(self.host)
        rule = RULES.get(cheat.rule, cheat.rule)
        text = (
            f"{laptop}'s laptop broke the fair-play rules for {name}: {rule} ({cheat.detail}), "
            f"as {host}'s laptop found — the round is void; a bot takes their seats and the "
            "game goes on, the scores kept"
        )
        self.emit(CheatNamed(name, cheat.seat, cheat.rule, text, "", laptop, cheat.detail,
                             ends=False))  # fmt: skip

    def _replaced(self, seats: tuple[int, ...], number: int) -> None:
        runner = self._name(self.host)
        names = list(self.names)
        gone = {names[s] for s in seats if 0 <= s < len(names)}
        for seat in seats:
            names[seat] = f"Bot {seat + 1} ({runner})"
        self.names = tuple(names)
        cheat = any(seat in self._cheat_seats for seat in seats)
        self.emit(SeatReplaced(seats, ", ".join(sorted(gone)), number, self.names, cheat))

    # ---- the loop ----------------------------------------------------------------------

    def _poke(self) -> None:
        self._wake.set()

    def _open_batch(self, sender: bytes, batch: Batch) -> None:
        try:
            pairs = self._pairs(sender, batch)
        except FrameError as error:
            log.warning("a game message from %s was refused: %s", self._name(sender), error)
            return
        self._inbox.extend(pairs)
        self._poke()

    def _pairs(self, sender: bytes, batch: Batch, strict: bool = True) -> list[tuple[int, bytes]]:
        """The frames of a batch from `sender` (FrameError); not `strict`: the host may have
        played any seat since (a batch read back from the journal)."""
        assert self.key is not None
        pairs = batches.open_box(self.key, batch.box, len(self.state.seats))
        for seat, _ in pairs:
            if self._laptops.get(seat) != sender and (strict or sender != self.host):
                raise FrameError(f"seat {seat} is not played on that laptop")
        return pairs

    async def _pump(self, first: bool = True) -> None:
        loop = asyncio.get_running_loop()
        while not self.finished:
            if not first:
                timeout = WAKE_EVERY if self.realtime else None
                if self._due_at is not None:
                    wait = max(self._due_at - time.monotonic(), 0.0)
                    timeout = wait if timeout is None else min(timeout, wait)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), timeout)
            self._wake.clear()
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
            self._after(result)
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

    def _after(self, result: PassOutput) -> None:
        """Back on the network loop: send, show, and end the game when it ends."""
        self._due_at = result.due
        if result.choices is not None:
            self.choices = result.choices
        for swap in result.swaps:
            cheat = next(
                (self._cheat_said[s] for s in swap["seats"] if s in self._cheat_said), None
            )
            given = SeatSwap(self.number, swap["v"], tuple(swap["seats"]), tuple(swap["keys"]),
                             swap["round"], cheat)  # fmt: skip
            self.table.send(messages.plain(given))
        for seats, number in result.replaced:
            self._replaced(seats, number)
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
        fresh = [a for a in result.accusations if a not in self._named_already]
        if fresh and not self.finished:
            self._named(fresh[0])
            if self.finished:
                return
        if result.over and not self.over:
            self.over = True
            self._end()
            self.emit(GameOver(result.scores, result.audits))
            self._worker.shutdown(wait=False)
        elif self._gone and not self._inbox:
            self._check_gone(result.waiting_for)

    def _check_gone(self, waiting_for: set[int]) -> None:
        """A laptop that left after its own last move is no loss while the round waits for
        someone else (whose messages may still be on their way); a round that waits for the
        gone laptop's seat, or for nobody in particular, cannot go on."""
        playing = set(self._laptops.values())
        for key in [k for k in self._gone if k not in playing]:
            del self._gone[key]  # its seats went to a bot
        if not self._gone:
            self._swap_waited = False
        needed = [
            key for key in self._gone if any(self._laptops.get(seat) == key for seat in waiting_for)
        ]
        if not waiting_for:
            needed = list(self._gone)
        if needed:
            self._cannot_go_on(needed)

    def _send(self) -> None:
        if self.key is None or not self._unsent:
            return
        unsent, self._unsent = self._unsent, []
        for box in batches.seal(self.key, unsent):
            self.table.send(messages.plain(Batch(self.number, box, self.generation)))

    def _named(self, accusation: Accusation) -> None:
        """A seat broke the fair-play rules: save the evidence, say so, and drop its laptop —
        its seats go to a bot as for a laptop that is gone (decision 22) — or end the game."""
        self._named_already.append(accusation)
        seat = accusation.seat
        name = self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat}"
        player = self._laptops.get(seat)
        laptop = self._name(player) if player is not None else name
        rule = RULES.get(accusation.rule, accusation.rule)
        said = (
            f"{laptop}'s laptop broke the fair-play rules for {name}: {rule} "
            f"({accusation.detail}) — the round is void"
        )
        folder = self.settings.evidence_dir or (self.table.profile.home / "evidence")
        saved = evidence.save(folder, self.state.table, self.state.game, self.number, accusation,
                              name)  # fmt: skip
        ends = player is None or player in (self.host, self.table.me)
        hosting = self.table.me == self.host
        if ends or (hosting and not self.settings.replace_gone):
            text = f"{said} and the game ends"
            self.emit(CheatNamed(name, seat, accusation.rule, text, saved, laptop,
                                 accusation.detail))  # fmt: skip
            self._stop(text)
            return
        assert player is not None
        later = "a bot takes their seats" if hosting else "the host may give their seats to a bot"
        text = f"{said}; {later} and the game goes on, the scores kept"
        self.emit(CheatNamed(name, seat, accusation.rule, text, saved, laptop,
                             accusation.detail, ends=False))  # fmt: skip
        self._cheats[player] = f"{said} and the game ends"
        told = messages.Cheat(seat, accusation.rule, accusation.detail[:300])
        for other in self._laptops_of(player):
            self._cheat_seats.add(other)
            self._cheat_said[other] = told
        self._gone[player] = f"{laptop} broke the fair-play rules"

    def _name(self, key: bytes) -> str:
        return self.state.name_of(key)

    def _end(self) -> None:
        self.finished = True
        self._ended.set()

    def _stop(self, reason: str) -> None:
        if self.finished:
            return
        self._end()
        self.emit(GameStopped(reason))
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
        self._worker.shutdown(wait=False, cancel_futures=True)
