"""A game between laptops: this laptop's seats at a started table, carried by its session.

At Start every laptop builds the same `TableSpec` from the signed table state (each seat's key,
the names, the options and the game's number) and runs one `SeatRuntime` per seat it plays:
its player's seat and the bots it added. Their frames travel inside the session's signed
messages (docs/protocol.md, "Playing a game"):

- the host draws a fresh game key and seals it to every other member: `{"gk": key, "n": game}`;
- every batch of frames is `{"g": game, "b": box}` where `box` is NaCl's SecretBox of the msgpack
  list `[[seat, frame], ...]` under the game key: the members read it, anyone else sees noise.

A batch counts only from the laptop that plays the seats it names; each frame is signed by its
seat's own key, which the runtimes check. The runtimes run in one worker thread, so neither the
network loop (heartbeats, acknowledgements) nor the window ever waits on the crypto.
"""

import asyncio
import contextlib
import importlib
import json
import logging
import os
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from hashlib import sha256
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nacl.exceptions import CryptoError
from nacl.secret import SecretBox

from lanpurr.fair.accusation import RULES, Accusation
from lanpurr.fair.identity import Identity
from lanpurr.fair.protocol import FairPeer
from lanpurr.seat.games import layer_for
from lanpurr.seat.runtime import SeatRuntime
from lanpurr.seat.table import TableSpec, TableUpdate
from net import framing
from net.events import (
    ActionRefused,
    CheatNamed,
    Event,
    GameOver,
    GameProgress,
    GameStarted,
    GameStopped,
    GameUpdate,
    RoundChecked,
)
from net.framing import FrameError
from net.limits import BODY
from net.table import TableState

if TYPE_CHECKING:
    from net.session import TableSession

log = logging.getLogger("lanpurr.net")

BOT_LEVELS = {"easy": "random", "normal": "", "clever": ""}
"""The table's bot levels and the game's bot each one plays ("" = the game's strongest)."""
WAKE_EVERY = 0.25
"""Seconds between looks at a table without turns: bots may act, quiet seats tick."""
REALTIME_PACE = 2.5
"""A bot at a table without turns waits this many times the pace between two moves."""
MAX_BATCH = 512
"""Frames in one batch at most."""
FAIR_PEER: Any = FairPeer
"""The fair-play peer each seat runs (a test's cheating laptop swaps in a patched one)."""


@dataclass
class PlaySettings:
    """How this laptop plays its seats."""

    me_bot: str | None = None
    """A bot level: my own seat is played by that bot (`lanpurr join --bot`)."""
    pace: float = 0.0
    """Seconds a bot waits before it acts, so a person can follow the table."""
    hold_rounds: bool = False
    """My seat waits for `next_round` after each round (a person reads the scores)."""
    shuffle_proofs: bool = True
    evidence_dir: Path | None = None
    """Where evidence of a cheat is saved (default: the profile's home/evidence)."""


def spec_of(state: TableState, shuffle_proofs: bool = True) -> TableSpec:
    """The spec every laptop derives from the started table: the same on every laptop."""
    keys = tuple(seat.seat_key for seat in state.seats)
    if any(key is None for key in keys):
        raise ValueError("a seat is empty")
    spec = TableSpec.of(
        game_id(state.table, state.games),
        state.game,
        tuple(k for k in keys if k is not None),
        dict(state.options),
        shuffle_proofs=shuffle_proofs,
    )
    return spec


def game_id(table: bytes, number: int) -> bytes:
    """Each game at a table signs under its own id (Play again never replays an old game)."""
    return sha256(b"lanpurr game\x00" + table + number.to_bytes(4, "big")).digest()[:16]


def seat_names(state: TableState) -> tuple[str, ...]:
    names = []
    for index, seat in enumerate(state.seats):
        if seat.player is not None:
            names.append(state.name_of(seat.player))
        else:
            runner = state.name_of(seat.runner) if seat.runner else "?"
            names.append(f"Bot {index + 1} ({runner})")
    return tuple(names)


def bot_choice(game: str, level: str) -> Callable[[Any, int, random.Random], Any]:
    """The `choose` of the game's bot for a table bot level."""
    bots = importlib.import_module(f"lanpurr.games.{game}.bots").BOTS
    wanted = BOT_LEVELS.get(level, "")
    name = wanted if wanted in bots else next(n for n in bots if n != "random")
    return bots[name]().choose  # type: ignore[no-any-return]


_PREPARED: set[str] = set()


def prepare(game: str) -> None:
    """Load the game's rules and bots in the background while the table waits in the lobby.

    Otherwise every laptop of the table loads them at the moment of Start, before it can send
    its first message: on a busy laptop that was the slowest part of Start before the shuffle.
    """
    if game in _PREPARED:
        return
    _PREPARED.add(game)

    def load() -> None:
        try:
            layer_for(game)
            bot_choice(game, "normal")
        except Exception as error:  # Start loads it again and says what is wrong
            log.warning("could not load %s ahead of the game: %s", game, error)

    threading.Thread(target=load, name="lanpurr-prepare", daemon=True).start()


def _on_loop(loop: asyncio.AbstractEventLoop, callback: Callable[..., None], *args: Any) -> None:
    """Run `callback(*args)` on the network loop, from the worker (not once the loop closed)."""
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(callback, *args)


@dataclass
class _Result:
    """What one pass of the worker produced, handed back to the network loop."""

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
    """When a paced bot wants to act next (monotonic seconds)."""
    waiting_for: set[int] = field(default_factory=set)
    """The seats my seats' round waits for (empty: nobody in particular)."""


class GamePlay:
    """This laptop's part of one game: its seats' runtimes, fed from and sent to the table.

    Lives on the network thread; the runtimes themselves run in `_worker`, one pass at a time
    (`_work`), and only plain lists cross between the two."""

    def __init__(
        self,
        session: "TableSession",
        state: TableState,
        settings: PlaySettings,
        emit: Callable[[Event], None],
    ) -> None:
        self.session = session
        self.state = state
        self.settings = settings
        self.emit = emit
        self.number = state.games
        self.spec = spec_of(state, settings.shuffle_proofs)
        self.names = seat_names(state)
        me = session.me
        self.my_seat = state.seat_of(me)
        self.host = state.host
        self.runtimes: dict[int, SeatRuntime] = {}
        self.bots: dict[int, Callable[[Any, int, random.Random], Any]] = {}
        self._due: dict[int, float] = {}
        self._rng = random.Random()
        for index, seat in enumerate(state.seats):
            level: str | None
            if seat.player == me:
                identity: Identity | None = session.profile.identity
                level = settings.me_bot
            elif seat.bot is not None and seat.runner == me:
                assert seat.key is not None
                identity = session.bot_identities.get(seat.key)
                level = seat.bot
            else:
                continue
            if identity is None:
                raise ValueError(f"this laptop no longer holds the key of the bot at seat {index}")
            runtime = SeatRuntime(
                self.spec, index, identity, layer_for(state.game), peer_factory=FAIR_PEER
            )
            if level is not None:
                self.bots[index] = bot_choice(state.game, level)
                runtime.on_turn = self._bot_turn
            elif settings.hold_rounds:
                runtime.hold_rounds = True
            self.runtimes[index] = runtime
        self.main = self.runtimes.get(self.my_seat) if self.my_seat is not None else None
        if self.main is None and self.runtimes:
            self.main = next(iter(self.runtimes.values()))
        self.realtime = any(not r.ordering.turns for r in self.runtimes.values())
        self.key: bytes | None = os.urandom(SecretBox.KEY_SIZE) if me == self.host else None
        self._inbox: list[tuple[int, bytes]] = []
        self._locked: list[tuple[bytes, bytes]] = []
        """Batches that came before the game key (another member was quicker than the host)."""
        self._unsent: list[tuple[int, bytes]] = []
        self._commands: list[Callable[[], None]] = []
        self._gone: dict[bytes, str] = {}
        """Laptops that left or did not come back, with why."""
        self._refusals: list[str] = []
        """My player's refused actions, collected during a pass of the worker."""
        self._reported_rounds = 0
        self._progress: tuple[str, int | None] | None = None
        self._due_at: float | None = None
        self._thinking = False
        """True while the bots act (`_work`); before, a bot's turn is only noted."""
        self._blocked: set[int] = set()
        """Bots whose thinking time is over but who may not act yet (a move waits for its
        place in the table's order): no timer for them, the next frame brings a pass."""
        self.finished = False
        self.over = False
        self.choices: list[Any] = []
        """The moves last offered to a person at a terminal (the CLI's numbered list)."""
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="lanpurr-game")
        self._started = False
        self._first = True
        self._running = False
        """A pass of the worker is under way (`_pass` .. `_passed`)."""
        self._again = False
        """Something came during the pass under way: another pass follows it."""
        self._timer: asyncio.TimerHandle | None = None

    # ---- from the session --------------------------------------------------------------

    def start(self) -> None:
        self.emit(GameStarted(self.state.game, self.my_seat, self.names, self.number, self.view()))
        if self.key is not None:
            for member in self.state.members:
                if member.key != self.session.me:
                    self.session.send({"gk": self.key, "n": self.number}, to=member.key)
        self._started = True
        self._pass()

    def on_message(self, sender: bytes, data: dict[str, Any], private: bool) -> None:
        """A game message from the member `sender` (the session has checked its signature)."""
        if self.finished or data.get("n", data.get("g")) != self.number:
            return  # another game at this table (before Play again), or this one is over
        if "gk" in data:
            key = data["gk"]
            if sender != self.host or not private or not isinstance(key, bytes):
                log.warning("a game key not sealed by the host: ignored")
                return
            if self.key is None and len(key) == SecretBox.KEY_SIZE:
                self.key = key
                locked, self._locked = self._locked, []
                for who, sealed in locked:
                    self._open_batch(who, sealed)
                self._poke()
            return
        box = data.get("b")
        if not isinstance(box, bytes):
            return
        if self.key is None:
            if len(self._locked) < MAX_BATCH:
                self._locked.append((sender, box))
            return
        self._open_batch(sender, box)

    def laptop_gone(self, key: bytes, why: str) -> None:
        """A member left or did not come back: the seats it played can no longer answer."""
        if self.finished or self.over:
            return
        if any(s.laptop == key for s in self.state.seats):
            # What it sent before it went is still to be played: the game stops only if
            # that does not finish it (its last messages finish it when the game was over).
            self._gone[key] = f"{self.state.name_of(key)} {why}"
            self._poke()

    # ---- from the player ---------------------------------------------------------------

    def act(self, action: Any) -> None:
        """My player's action (its refusal comes back as an ActionRefused event)."""
        runtime = self.runtimes.get(self.my_seat) if self.my_seat is not None else None
        if runtime is None:
            return

        def command() -> None:
            refused = runtime.act(action)
            if refused is not None:
                self._refusals.append(refused)

        self._commands.append(command)
        self._poke()

    def next_round(self) -> None:
        """My player has read the scores: my seat is ready for the next round."""
        for runtime in self.runtimes.values():
            if runtime.resting:
                self._commands.append(runtime.next_round)
        self._poke()

    def view(self) -> Any:
        return self.main.current_view() if self.main is not None else None

    async def close(self) -> None:
        self.finished = True
        if self._timer is not None:
            self._timer.cancel()
        self._worker.shutdown(wait=False, cancel_futures=True)

    # ---- the loop ----------------------------------------------------------------------

    def _poke(self) -> None:
        """Something for the runtimes: a pass at once, or right after the one under way (no
        task to wake: a frame goes to the worker in the same turn of the loop it came in)."""
        if self._running:
            self._again = True
        elif self._started:
            self._pass()

    def _open_batch(self, sender: bytes, box: bytes) -> None:
        assert self.key is not None
        try:
            frames = framing.unpack(SecretBox(self.key).decrypt(box), BODY)
            if not isinstance(frames, list) or len(frames) > MAX_BATCH:
                raise FrameError("a batch is a list of at most 512 frames")
            pairs = []
            for item in frames:
                if not (
                    isinstance(item, list)
                    and len(item) == 2
                    and type(item[0]) is int
                    and isinstance(item[1], bytes)
                    and 0 <= item[0] < len(self.state.seats)
                ):
                    raise FrameError("a frame is [seat, bytes]")
                if self.state.seats[item[0]].laptop != sender:
                    raise FrameError(f"seat {item[0]} is not played on that laptop")
                pairs.append((item[0], item[1]))
        except (CryptoError, FrameError) as error:
            why = "it does not open with the game key" if isinstance(error, CryptoError) else error
            log.warning("a game message from %s was refused: %s", self.state.name_of(sender), why)
            return
        self._inbox.extend(pairs)
        self._poke()

    def _pass(self) -> None:
        """Start a pass of the worker now (on the network loop; one pass at a time)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.finished:
            return
        loop = asyncio.get_running_loop()
        self._running = True
        self._again = False
        first, self._first = self._first, False
        inbox, self._inbox = self._inbox, []
        commands, self._commands = self._commands, []
        try:
            future = self._worker.submit(self._work, first, inbox, commands, loop)
        except RuntimeError:  # the worker was shut down: the game is over
            self._running = False
            return
        future.add_done_callback(lambda done: _on_loop(loop, self._passed, done))

    def _passed(self, future: "Future[_Result]") -> None:
        """Back on the network loop after a pass: show and send, then the next pass or a
        timer for the next look (bots thinking, quiet seats ticking)."""
        self._running = False
        if self.finished or future.cancelled():
            return
        try:
            result = future.result()
        except Exception as error:  # a bug must end the game with a reason, not hang it
            log.error("the game stopped on an error", exc_info=error)
            self._stop(f"lanpurr could not go on with this game ({error})")
            return
        self._after(result)
        if self.finished:
            return
        if self._again or self._inbox or self._commands:
            self._pass()
            return
        timeout = WAKE_EVERY if self.realtime else None
        if self._due_at is not None:
            wait = max(self._due_at - time.monotonic(), 0.0)
            timeout = wait if timeout is None else min(timeout, wait)
        if timeout is not None:
            self._timer = asyncio.get_running_loop().call_later(timeout, self._pass)

    def _work(
        self,
        first: bool,
        inbox: list[tuple[int, bytes]],
        commands: list[Callable[[], None]],
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> _Result:
        """In the worker thread: feed the runtimes, then let the bots act; what came out.

        At a table with turns, what the frames of the inbox changed is handed to the network
        loop (`loop`) before a bot thinks: the move is drawn and the runtimes' answers are
        sent while the bot decides what to do next."""
        self._refusals = []
        self._thinking = False
        if first:
            for runtime in self.runtimes.values():
                runtime.start()
        for command in commands:
            command()
        for sender, frame in inbox:
            for seat, runtime in self.runtimes.items():
                if seat != sender:
                    runtime.receive(frame, sender)
        result = _Result(refusals=self._refusals)
        result.frames = self._shuttle()
        now = time.monotonic()
        self._blocked.clear()
        ready = []
        for seat, runtime in self.runtimes.items():
            if seat not in self.bots or not (self.realtime or seat in self._due):
                continue
            if not runtime.may_act():
                if not self.realtime:
                    self._due.pop(seat, None)  # no longer its turn: noted again when it is
                else:
                    self._blocked.add(seat)  # the table's next frame wakes it, not a timer
            elif self._due.get(seat, 0.0) <= now:
                ready.append(runtime)
        if loop is not None and ready and not self.realtime:
            # At a table without turns the bots' moves, their ticks and the answers go out
            # together, as before: one message instead of two for every laptop to check.
            self._collect(result)
            _on_loop(loop, self._after, result)
            result = _Result()
        self._refusals = result.refusals
        self._thinking = True
        for runtime in ready:
            self._bot_turn(runtime)
        if self.realtime:
            for runtime in self.runtimes.values():
                runtime.tick()  # at once: a move of another seat may wait on my clock
        result.frames += self._shuttle()
        self._thinking = False
        self._collect(result)
        return result

    def _collect(self, result: _Result) -> None:
        """What the runtimes have to show since the last time: updates, progress, rounds."""
        result.due = min(
            (due for seat, due in self._due.items() if seat not in self._blocked), default=None
        )
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
            result.waiting_for = main.waiting_for()
            if main.over:
                result.scores = tuple(main.layer.scores(main.state))
                result.audits = tuple(str(r.audit) for r in main.rounds if r.audit is not None)
        for runtime in self.runtimes.values():
            if runtime is not main:
                runtime.take_updates()
            if runtime.accusations:
                result.accusations.extend(
                    a for a in runtime.accusations if a not in result.accusations
                )
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

    def _bot_turn(self, runtime: SeatRuntime) -> None:
        """A bot's seat may act: it acts once its thinking time is over (at once unpaced).

        While the runtimes take the table's frames (`_work`) a turn is only noted: the bot acts
        after the move that made it its turn is shown and answered."""
        seat = runtime.seat
        now = time.monotonic()
        due = self._due.get(seat)
        if due is None:
            due = now
            if self.settings.pace > 0:
                # At a table without turns every bot may act at any time: slower each.
                pace = self.settings.pace * (REALTIME_PACE if self.realtime else 1.0)
                due = now + pace * self._rng.uniform(0.7, 1.3)
            self._due[seat] = due
        if not self._thinking or due > now:
            return
        self._due.pop(seat, None)
        action = self.bots[seat](runtime.current_view(), seat, self._rng)
        if action is None:
            return
        refused = runtime.act(action)
        if refused is not None:
            log.warning("seat %d's bot was refused: %s", seat, refused)

    def _after(self, result: _Result) -> None:
        """Back on the network loop: send, show, and end the game when it ends."""
        self._due_at = result.due
        self._unsent.extend(result.frames)
        self._send()
        for update in result.updates:
            self.emit(GameUpdate(update))
        for reason in result.refusals:
            self.emit(ActionRefused(reason))
        if result.progress != self._progress:
            self._progress = result.progress
            step, seat = result.progress
            self.emit(GameProgress(step, seat, self._progress_text(step, seat)))
        for checked in result.rounds:
            self.emit(checked)
        if result.accusations and not self.finished:
            self._named(result.accusations[0])
            return
        if result.over and not self.over:
            self.over = True
            self.finished = True
            self.emit(GameOver(result.scores, result.audits))
            self._worker.shutdown(wait=False)
        elif self._gone and not self._inbox:
            # A laptop that left after its own last move is no loss while the round waits
            # for someone else (whose messages may still be on their way); a round that waits
            # for the gone laptop's seat, or for nobody in particular, cannot go on.
            needed = [
                why
                for key, why in self._gone.items()
                if any(self.state.seats[seat].laptop == key for seat in result.waiting_for)
            ]
            if needed or not result.waiting_for:
                reason = needed[0] if needed else next(iter(self._gone.values()))
                self._stop(f"{reason}: the game cannot go on without their seat")

    def _send(self) -> None:
        if self.key is None or not self._unsent:
            return
        while self._unsent:
            chunk, self._unsent = self._unsent[:MAX_BATCH], self._unsent[MAX_BATCH:]
            plain = framing.pack([[seat, frame] for seat, frame in chunk])
            self.session.send({"g": self.number, "b": SecretBox(self.key).encrypt(plain)})

    def _progress_text(self, step: str, seat: int | None) -> str:
        who = self.names[seat] if seat is not None and 0 <= seat < len(self.names) else ""
        if step == "shuffling" and seat == self.my_seat:
            return "Shuffling — your turn to shuffle…"
        texts = {
            "starting": "Starting the game…",
            "keys": "Exchanging keys…",
            "seeds": "Drawing the table's luck together…",
            "shuffling": f"Shuffling — {who}'s turn to shuffle…",
            "dealing": "Dealing…",
            "checking": "Checking the round…",
            "between": "Round over — the next one starts when you are ready",
            "playing": "",
            "over": "Game over",
        }
        return texts.get(step, step)

    def _named(self, accusation: Accusation) -> None:
        seat = accusation.seat
        name = self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat}"
        player = self.state.seats[seat].laptop if 0 <= seat < len(self.state.seats) else None
        laptop = self.state.name_of(player) if player is not None else name
        rule = RULES.get(accusation.rule, accusation.rule)
        text = (
            f"{laptop}'s laptop broke the fair-play rules for {name}: {rule} "
            f"({accusation.detail}) — the round is void and the game ends"
        )
        evidence = self._save_evidence(accusation, name)
        self.emit(CheatNamed(name, seat, accusation.rule, text, evidence))
        self._stop(text)

    def _save_evidence(self, accusation: Accusation, name: str) -> str:
        folder = self.settings.evidence_dir or (self.session.profile.home / "evidence")
        record = {
            "table": self.state.table.hex(),
            "game": self.state.game,
            "game_number": self.number,
            "seat": accusation.seat,
            "name": name,
            "rule": accusation.rule,
            "rule_text": RULES.get(accusation.rule, ""),
            "detail": accusation.detail,
            "when": accusation.when,
            "message": (
                [accusation.message[0].hex(), accusation.message[1]] if accusation.message else None
            ),
            "envelopes": [e.encode().hex() for e in accusation.evidence],
            "how_to_check": "each envelope is a signed lanpurr message (docs/fair-play.md)",
        }
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = folder / f"cheat-{stamp}-{self.state.table.hex()[:8]}-seat{accusation.seat}.json"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(record, indent=2))
        except OSError as error:
            log.warning("could not save the evidence: %s", error)
            return ""
        return str(path)

    def _stop(self, reason: str) -> None:
        if self.finished:
            return
        self.finished = True
        self.emit(GameStopped(reason))
        if self._timer is not None:
            self._timer.cancel()
        self._worker.shutdown(wait=False, cancel_futures=True)
