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
import json
import logging
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from hashlib import sha256
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nacl.exceptions import CryptoError
from nacl.secret import SecretBox

from lanpurr.core.wire import decode, encode
from lanpurr.fair.accusation import RULES, Accusation
from lanpurr.fair.identity import Identity
from lanpurr.fair.protocol import FairPeer
from lanpurr.seat.registry import bots_of, layer_for
from lanpurr.seat.runtime import SeatRuntime
from lanpurr.seat.table import TableSpec, TableUpdate
from net import framing, resume, takeover
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
    RoundChecked,
    SeatReplaced,
)
from net.framing import FrameError
from net.limits import BODY
from net.table import TableState
from net.text import clean

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
SWAP_WAIT = 20.0
"""Seconds a member waits, once a laptop is gone, for the host to give its seats to a bot."""
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
    replace_gone: str | None = None
    """Hosting: the bot level that takes the seats of a laptop that left or did not come back
    (the round is void, the game goes on from the next one); None: the game ends."""


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
    bots = bots_of(game)
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
    generation: int = 0
    """The runtimes' generation the frames come from (a seat given to a bot starts a new one)."""
    swaps: list[dict[str, Any]] = field(default_factory=list)
    """Seats given to a bot in this pass: the host's message saying so."""
    replaced: list[tuple[tuple[int, ...], int]] = field(default_factory=list)
    bots_waiting: bool = False
    """A bot's turn came with this pass's frames: it acts in the next pass, once what those
    frames changed is shown and answered (decision 19)."""
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
        replayed: list[tuple[bytes, dict[str, Any], bool]] | None = None,
    ) -> None:
        """`replayed`: this game's messages read back from the table's journal when this
        laptop restarts in the middle of it (net.resume); its seats then take up the game."""
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
        """Only for the bots' thinking time: their choices come from `_bot_rngs`."""
        self.resuming = replayed
        self._sealed_key: bytes | None = None
        self._early: list[tuple[bytes, dict[str, Any], bool]] = []
        """Restarted before it sent anything: the others' messages its journal held."""
        plan: dict[int, tuple[str, bool]] = {}
        """How each of my seats is played: (bot level or "", waits between rounds)."""
        for index, seat in enumerate(state.seats):
            if seat.player == me:
                plan[index] = (settings.me_bot or "", not settings.me_bot and settings.hold_rounds)
            elif seat.bot is not None and seat.runner == me:
                plan[index] = (seat.bot, False)
        self.record = self._record(replayed, plan)
        plan = self.record.plan or plan  # (a game is played as it started, after a restart too)
        self._bot_rngs: dict[int, random.Random] = {}
        for index, seat in enumerate(state.seats):
            level: str | None
            if index not in plan:
                continue
            if seat.player == me:
                identity: Identity | None = session.profile.identity
            else:
                assert seat.key is not None
                identity = session.bot_identities.get(seat.key)
            level = plan[index][0] or None
            if identity is None:
                raise ValueError(f"this laptop no longer holds the key of the bot at seat {index}")
            runtime = SeatRuntime(
                self.spec,
                index,
                identity,
                layer_for(state.game),
                rng=self.record.randomness(index),
                peer_factory=FAIR_PEER,
            )
            if level is not None:
                self.bots[index] = bot_choice(state.game, level)
                self._bot_rngs[index] = random.Random(self.record.bot_seed(index))
                runtime.on_turn = self._bot_turn
            elif plan[index][1]:
                runtime.hold_rounds = True
            self.runtimes[index] = runtime
        self.main = self.runtimes.get(self.my_seat) if self.my_seat is not None else None
        if self.main is None and self.runtimes:
            self.main = next(iter(self.runtimes.values()))
        self.realtime = any(not r.ordering.turns for r in self.runtimes.values())
        self.key: bytes | None = self.record.game_key() if me == self.host else self._sealed_key
        self._inbox: list[tuple[int, bytes]] = []
        self._locked: list[tuple[bytes, bytes]] = []
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
        self._cheat_said: dict[int, list[Any]] = {}
        """Seat -> [seat, rule, detail] of the cheat that drops its laptop (told with the swap)."""
        self.generation = 0
        """How many times seats were given to a bot (the network thread's count)."""
        self._worker_generation = 0
        self._laptops = {i: s.laptop for i, s in enumerate(state.seats) if s.laptop is not None}
        """Which laptop plays each seat (the host, for a seat given to a bot)."""
        self._later: list[tuple[int, bytes, bytes]] = []
        """Batches of a generation this laptop has not reached yet: (generation, sender, box)."""
        self._refusals: list[str] = []
        """My player's refused actions, collected during a pass of the worker."""
        self._swaps: list[dict[str, Any]] = []
        self._replaced_now: list[tuple[tuple[int, ...], int]] = []
        self._reported_rounds = 0
        self._progress: tuple[str, int | None] | None = None
        self._due_at: float | None = None
        self.finished = False
        self.over = False
        self._ended = asyncio.Event()
        """Set once `finished`: over, stopped or closed."""
        self.choices: list[Any] = []
        """The moves last offered to a person at a terminal (the CLI's numbered list)."""
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="lanpurr-game")
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._replayed_passes = 0

    # ---- from the session --------------------------------------------------------------

    def start(self) -> None:
        if self.resuming is not None:
            self._task = asyncio.ensure_future(self._resume())  # (it says GameStarted then)
            return
        self.emit(GameStarted(self.state.game, self.my_seat, self.names, self.number, self.view()))
        if self.key is not None:
            self._send_key()
        early, self._early = self._early, []
        for sender, data, private in early:
            self.on_message(sender, data, private)
        self._task = asyncio.ensure_future(self._pump())

    def _send_key(self) -> None:
        assert self.key is not None
        for member in self.state.members:
            if member.key != self.session.me:
                self.session.send({"gk": self.key, "n": self.number}, to=member.key)

    # ---- after a restart (net.resume) -------------------------------------------------

    def _record(
        self,
        replayed: list[tuple[bytes, dict[str, Any], bool]] | None,
        plan: dict[int, tuple[str, bool]],
    ) -> resume.GameRecord:
        """This game's record: a new one, or (restarting) the one it left (ResumeError)."""
        home, table = self.session.profile.home, self.state.table
        if replayed is not None:
            record = resume.GameRecord.load(home, table, self.number)
            if record is not None:
                for sender, data, private in replayed:
                    key = data.get("gk")
                    if sender == self.state.host and private and isinstance(key, bytes):
                        self._sealed_key = key
                return record
            if any(s == self.session.me and "b" in data for s, data, _ in replayed):
                raise resume.ResumeError(
                    f"this laptop has no record of game {self.number} in "
                    f"{resume.GameRecord.folder_for(home, table, self.number)}: it cannot take "
                    "its seat back; the others can go on without it"
                )
            self.resuming = None  # it had sent nothing yet: it starts afresh, with what came
            self._early = [m for m in replayed if m[0] != self.session.me]
        fresh = replayed is not None
        pace = self.settings.pace
        return resume.GameRecord.create(home, table, self.number, pace, fresh, plan)

    async def _resume(self) -> None:
        """Rebuild my seats from the game's record, check them against the table's journal,
        then go on with the game where it is."""
        loop = asyncio.get_running_loop()
        try:
            result, news, started = await loop.run_in_executor(self._worker, self._replay)
        except asyncio.CancelledError:
            raise
        except (resume.ResumeError, takeover.TakeoverError) as error:
            self._stop(str(error))
            return
        except Exception as error:  # a bug must end the game with a reason, not hang it
            log.exception("could not take the game up again")
            self._stop(f"lanpurr could not take this laptop's seats back ({error})")
            return
        self.resuming = None
        self.generation = result.generation
        if self.key is not None and self.session.me == self.host:
            self._send_key()  # (again: whoever already holds it ignores it)
        self._inbox[:0] = news
        # The table as it is now: a window opens on it (and the session is known by then).
        self.emit(GameStarted(self.state.game, self.my_seat, self.names, self.number, self.view()))
        self.emit(GameResumed(self.number, self._replayed_passes, len(result.frames)))
        self._after(result)
        if not self.finished:
            self._task = asyncio.ensure_future(self._pump(first=not started))
            self._poke()

    def _replay(self) -> tuple[_Result, list[tuple[int, bytes]], bool]:
        """In the worker: replay the record; what is left to send, the frames of the others
        the record never fed, and whether the seats had started."""
        replayed = self.resuming or []
        me = self.session.me
        sent: dict[int, list[tuple[int, bytes]]] = {}
        theirs: list[tuple[int, int, bytes]] = []
        swapped: set[int] = set()
        for sender, data, _ in replayed:
            box, generation = data.get("b"), data.get("v", 0)
            if sender == me and isinstance(data.get("swap"), dict):
                swapped.add(data["swap"].get("v"))
            if not isinstance(box, bytes) or type(generation) is not int:
                continue
            if self.key is None:
                if sender != me and len(self._locked) < MAX_BATCH:
                    self._locked.append((sender, box))
                continue
            try:
                pairs = self._pairs(sender, box, strict=False)
            except (CryptoError, FrameError):
                if sender == me:
                    raise resume.ResumeError(
                        "a game message this laptop sent does not open with the game's key: "
                        "its record of the game does not belong to this table"
                    ) from None
                continue  # refused when it came, too
            if sender == me:
                sent.setdefault(generation, []).extend(pairs)
            else:
                theirs.extend((generation, seat, frame) for seat, frame in pairs)
        by_id = {resume.frame_id(frame): frame for _, _, frame in theirs}
        used: set[bytes] = set()
        total = _Result()
        out: dict[int, list[tuple[int, bytes]]] = {}
        passes = self.record.read()
        for stored in passes:
            inbox = []
            for seat, name in stored.inbox:
                frame = by_id.get(name)
                if frame is None:
                    raise resume.ResumeError(
                        "this laptop's record of the game names a frame that the table's "
                        "journal does not hold: the two do not belong together"
                    )
                inbox.append((seat, frame))
                used.add(name)
            result = self._work(stored.first, inbox, stored.commands, replay=stored)
            out.setdefault(result.generation, []).extend(result.frames)
            total.swaps.extend(s for s in result.swaps if s["v"] not in swapped)
            total.replaced.extend(result.replaced)
            total.rounds.extend(result.rounds)
            total.accusations.extend(result.accusations)
            total.progress, total.over, total.due = result.progress, result.over, result.due
            total.waiting_for = result.waiting_for
            total.scores, total.audits = result.scores, result.audits
        for generation, mine in sent.items():
            made = out.get(generation, [])
            if made[: len(mine)] != mine:
                at = next((i for i, pair in enumerate(mine) if i >= len(made) or made[i] != pair))
                raise resume.ResumeError(
                    f"replaying this laptop's record of the game does not give what it sent "
                    f"(frame {at + 1} of {len(mine)} differs): the record is damaged or belongs "
                    "to another game, so it cannot take its seat back"
                )
        self._replayed_passes = len(passes)
        last = self._worker_generation
        total.generation = last
        total.frames = out.get(last, [])[len(sent.get(last, [])) :]
        if self.main is not None and self.main.seat == self.my_seat:
            self.main.take_updates()
            total.updates = [TableUpdate((), self.main.current_view())]
        news = [
            (seat, frame)
            for generation, seat, frame in theirs
            if generation == last and resume.frame_id(frame) not in used
        ]
        return total, news, any(p.first for p in passes)

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
        if "swap" in data:
            self._on_swap(sender, data["swap"])
            return
        box = data.get("b")
        if not isinstance(box, bytes):
            return
        generation = data.get("v", 0)
        if generation != self.generation:
            if type(generation) is int and generation > self.generation and len(self._later) < 64:
                self._later.append((generation, sender, box))
            return  # (a batch of runtimes already replaced: void)
        if self.key is None:
            if len(self._locked) < MAX_BATCH:
                self._locked.append((sender, box))
            return
        self._open_batch(sender, box)

    def laptop_gone(self, key: bytes, why: str) -> None:
        """A member left or did not come back: the seats it played can no longer answer.

        What it sent before it went is still to be played, and the round may wait for someone
        else's last messages (a laptop that saw the end first and left): the game goes on
        until the round waits for one of its seats (`_after`)."""
        if self.finished or self.over:
            return
        if key in self._laptops.values():
            self._gone[key] = f"{self.state.name_of(key)} {why}"
            self._poke()

    def _cannot_go_on(self, keys: list[bytes]) -> None:
        """The round waits for seats of the gone laptops `keys`: give them to a bot (hosting
        with `replace_gone`), wait a little for the host to do so, or stop."""
        if self.host not in keys:
            if self.session.me == self.host and self.settings.replace_gone:
                for key in keys:
                    del self._gone[key]
                    self._replace(key)
                return
            if self.session.me != self.host and not self._swap_waited:
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
        """Hosting: give the seats of the laptop `key` to a bot (net.takeover)."""
        seats = sorted(s for s, laptop in self._laptops.items() if laptop == key)
        self.generation += 1
        self._inbox.clear()  # (frames for the runtimes about to be replaced)
        self._commands.append(["gone", self.settings.replace_gone, self.generation, seats])
        for seat in seats:
            self._laptops[seat] = self.host
        self._poke()

    def _on_swap(self, sender: bytes, swap: Any) -> None:
        """The host gave seats to a bot: check its word, then every runtime starts again."""
        n = len(self.state.seats)
        if not (
            sender == self.host
            and isinstance(swap, dict)
            and swap.get("v") == self.generation + 1
            and type(swap.get("round")) is int
            and isinstance(swap.get("seats"), list)
            and all(type(s) is int and 0 <= s < n for s in swap["seats"])
            and isinstance(swap.get("keys"), list)
            and len(swap["keys"]) == len(swap["seats"])
            and all(isinstance(k, bytes) and len(k) == 32 for k in swap["keys"])
        ):
            log.warning("a seat swap that is not the host's next one: ignored")
            return
        plain = {k: swap[k] for k in ("v", "seats", "keys", "round")}
        self._told_cheat(swap.get("cheat"), plain["seats"])
        if any(self._laptops.get(seat) == self.session.me for seat in plain["seats"]):
            self._stop(takeover.GIVEN_AWAY)
            return
        self.generation = plain["v"]
        self._inbox.clear()
        self._commands.append(["swap", plain])
        for seat in plain["seats"]:
            self._laptops[seat] = self.host
        later, self._later = self._later, []
        for generation, who, box in later:
            if generation == self.generation and self.key is not None:
                self._open_batch(who, box)
            elif generation > self.generation:
                self._later.append((generation, who, box))
        self._poke()

    def _cheat_of(self, swap: dict[str, Any]) -> dict[str, Any]:
        """Hosting: the cheat that drops the laptop of the swap's seats, for the swap message."""
        said = [self._cheat_said[s] for s in swap["seats"] if s in self._cheat_said]
        return {"cheat": said[0]} if said else {}

    def _told_cheat(self, cheat: Any, seats: list[int]) -> None:
        """A member told by the host's swap that the laptop of `seats` broke the rules: said
        here too if this laptop had not seen it itself (its own runtimes were replaced first)."""
        if not (
            isinstance(cheat, list)
            and len(cheat) == 3
            and type(cheat[0]) is int
            and cheat[0] in seats
            and isinstance(cheat[1], str)
            and isinstance(cheat[2], str)
        ):
            return
        self._cheat_seats.update(seats)
        if any(a.seat in seats for a in self._named_already):
            return
        seat, rule_id, detail = cheat[0], clean(cheat[1])[:16], clean(cheat[2])[:300]
        name = self.names[seat]
        player = self._laptops.get(seat)
        laptop = self.state.name_of(player) if player is not None else name
        host = self.state.name_of(self.host)
        rule = RULES.get(rule_id, rule_id)
        text = (
            f"{laptop}'s laptop broke the fair-play rules for {name}: {rule} ({detail}), as "
            f"{host}'s laptop found — the round is void; a bot takes their seats and the game "
            "goes on, the scores kept"
        )
        self.emit(CheatNamed(name, seat, rule_id, text, "", laptop, detail, ends=False))

    def _replaced(self, seats: tuple[int, ...], number: int) -> None:
        runner = self.state.name_of(self.host)
        names = list(self.names)
        gone = {names[s] for s in seats if 0 <= s < len(names)}
        for seat in seats:
            names[seat] = f"Bot {seat + 1} ({runner})"
        self.names = tuple(names)
        cheat = any(seat in self._cheat_seats for seat in seats)
        self.emit(SeatReplaced(seats, ", ".join(sorted(gone)), number, self.names, cheat))

    # ---- from the player ---------------------------------------------------------------

    def act(self, action: Any) -> None:
        """My player's action (its refusal comes back as an ActionRefused event)."""
        runtime = self.runtimes.get(self.my_seat) if self.my_seat is not None else None
        if runtime is None:
            return
        self._commands.append(["act", runtime.seat, encode(action)])
        self._poke()

    def next_round(self) -> None:
        """My player has read the scores: my seat is ready for the next round."""
        self._commands.append(["next"])
        self._poke()

    def _command(self, command: list[Any]) -> None:
        """In the worker: a person's action or "next round" (also when a record replays)."""
        if command[0] == "act" and command[1] in self.runtimes:
            refused = self.runtimes[command[1]].act(decode(command[2]))
            if refused is not None:
                self._refusals.append(refused)
        elif command[0] == "next":
            for runtime in self.runtimes.values():
                if runtime.resting:
                    runtime.next_round()
        elif command[0] in ("gone", "swap"):
            takeover.apply(self, command)

    def view(self) -> Any:
        return self.main.current_view() if self.main is not None else None

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

    def _end(self) -> None:
        self.finished = True
        self._ended.set()

    # ---- the loop ----------------------------------------------------------------------

    def _poke(self) -> None:
        self._wake.set()

    def _open_batch(self, sender: bytes, box: bytes) -> None:
        try:
            pairs = self._pairs(sender, box)
        except (CryptoError, FrameError) as error:
            why = "it does not open with the game key" if isinstance(error, CryptoError) else error
            log.warning("a game message from %s was refused: %s", self.state.name_of(sender), why)
            return
        self._inbox.extend(pairs)
        self._poke()

    def _pairs(self, sender: bytes, box: bytes, strict: bool = True) -> list[tuple[int, bytes]]:
        """The frames of a batch from `sender` (raises CryptoError or FrameError); not
        `strict`: the host may have played any seat since (a batch read back from the journal)."""
        assert self.key is not None
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
            if self._laptops.get(item[0]) != sender and (strict or sender != self.host):
                raise FrameError(f"seat {item[0]} is not played on that laptop")
            pairs.append((item[0], item[1]))
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
        self,
        first: bool,
        inbox: list[tuple[int, bytes]],
        commands: list[list[Any]],
        replay: resume.Stored | None = None,
    ) -> _Result:
        """In the worker thread: feed the runtimes, let the bots act, collect what came out.

        The pass goes into the game's record, durably, before anything it made is sent;
        `replay` is a pass read back from it (its bots act again, whatever the clock says, and
        the seats' randomness is keyed with the bytes it recorded, not fresh ones)."""
        self._refusals = []
        fresh = self.record.begin(replay)
        done = resume.Pass(first, commands, inbox, tick=self.realtime, fresh=fresh)
        if first:
            for runtime in self.runtimes.values():
                runtime.start()
        for command in commands:
            self._command(command)
        for sender, frame in inbox:
            for seat, runtime in self.runtimes.items():
                if seat != sender:
                    runtime.receive(frame, sender)
        result = _Result(refusals=self._refusals, swaps=self._swaps, replaced=self._replaced_now)
        self._swaps, self._replaced_now = [], []
        result.generation = self._worker_generation
        result.frames = self._shuttle()
        now = time.monotonic()
        # At a table with turns a bot whose turn came with these frames thinks in a pass of
        # its own, after the move is shown and answered (a planner may think for 30 ms).
        defer = replay is None and bool(inbox) and not self.realtime
        result.bots_waiting = defer and any(self._due.get(s, now + 1) <= now for s in self.bots)
        for seat, runtime in self.runtimes.items():
            wants = seat in self.bots and (self.realtime or seat in self._due)
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
            if self.realtime:
                runtime.tick()  # at once: a move of another seat may wait on my clock
        result.frames += self._shuttle()
        if replay is None and (result.frames or not done.quiet()):
            if done.inbox and self.session.mesh.journal is not None:
                self.session.mesh.journal.sync()  # (the frames the pass names, durable first)
            self.record.append(done)  # (a pass that only ticked and sent nothing changed nothing)
        result.due = min(self._due.values(), default=None)
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
            result.scores = tuple(main.layer.scores(main.state))
            result.audits = tuple(str(r.audit) for r in main.rounds if r.audit is not None)
        for runtime in self.runtimes.values():
            if runtime is not main:
                runtime.take_updates()
            result.accusations.extend(a for a in runtime.accusations if a not in result.accusations)
            for note in runtime.notes:
                log.info("seat %d: %s", runtime.seat, note)
            runtime.notes.clear()
        return result

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
        whether it acted. Paced, or at a table with turns, it acts only from the worker's loop
        (`looped`), never inside a runtime's call: what the clock decides is in the game's
        record that way, and the move that made it its turn is shown before it thinks."""
        seat = runtime.seat
        now = time.monotonic()
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
            self._due.setdefault(seat, now)  # it acts from the worker's loop, at once
            return False
        self._bot_act(runtime)
        return True

    def _bot_act(self, runtime: SeatRuntime) -> None:
        seat = runtime.seat
        self._due.pop(seat, None)
        action = self.bots[seat](runtime.current_view(), seat, self._bot_rngs[seat])
        if action is None:
            return
        refused = runtime.act(action)
        if refused is not None:
            log.warning("seat %d's bot was refused: %s", seat, refused)

    def _after(self, result: _Result) -> None:
        """Back on the network loop: send, show, and end the game when it ends."""
        self._due_at = result.due
        for swap in result.swaps:
            self.session.send({"g": self.number, "swap": {**swap, **self._cheat_of(swap)}})
        for seats, number in result.replaced:
            self._replaced(seats, number)
        if result.generation == self.generation:  # (else made by runtimes since replaced)
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
            # A laptop that left after its own last move is no loss while the round waits
            # for someone else (whose messages may still be on their way); a round that waits
            # for the gone laptop's seat, or for nobody in particular, cannot go on.
            playing = set(self._laptops.values())
            for key in [k for k in self._gone if k not in playing]:
                del self._gone[key]  # its seats went to a bot
            if not self._gone:
                self._swap_waited = False
            needed = [
                key
                for key in self._gone
                if any(self._laptops.get(seat) == key for seat in result.waiting_for)
            ]
            if not result.waiting_for:
                needed = list(self._gone)
            if needed:
                self._cannot_go_on(needed)

    def _send(self) -> None:
        if self.key is None or not self._unsent:
            return
        while self._unsent:
            chunk, self._unsent = self._unsent[:MAX_BATCH], self._unsent[MAX_BATCH:]
            plain = framing.pack([[seat, frame] for seat, frame in chunk])
            batch = {"g": self.number, "b": SecretBox(self.key).encrypt(plain)}
            if self.generation:
                batch["v"] = self.generation
            self.session.send(batch)

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
        """A seat broke the fair-play rules: save the evidence, say so, and drop its laptop —
        its seats go to a bot as for a laptop that is gone (decision 22) — or end the game."""
        self._named_already.append(accusation)
        seat = accusation.seat
        name = self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat}"
        player = self._laptops.get(seat)
        laptop = self.state.name_of(player) if player is not None else name
        rule = RULES.get(accusation.rule, accusation.rule)
        said = (
            f"{laptop}'s laptop broke the fair-play rules for {name}: {rule} "
            f"({accusation.detail}) — the round is void"
        )
        evidence = self._save_evidence(accusation, name)
        ends = player is None or player in (self.host, self.session.me)
        hosting = self.session.me == self.host
        if ends or (hosting and not self.settings.replace_gone):
            text = f"{said} and the game ends"
            self.emit(CheatNamed(name, seat, accusation.rule, text, evidence, laptop,
                                 accusation.detail))  # fmt: skip
            self._stop(text)
            return
        assert player is not None
        later = "a bot takes their seats" if hosting else "the host may give their seats to a bot"
        text = f"{said}; {later} and the game goes on, the scores kept"
        self.emit(CheatNamed(name, seat, accusation.rule, text, evidence, laptop,
                             accusation.detail, ends=False))  # fmt: skip
        self._cheats[player] = f"{said} and the game ends"
        for other, key in self._laptops.items():
            if key == player:
                self._cheat_seats.add(other)
                self._cheat_said[other] = [seat, accusation.rule, accusation.detail[:300]]
        self._gone[player] = f"{laptop} broke the fair-play rules"

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
        self._end()
        self.emit(GameStopped(reason))
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
        self._worker.shutdown(wait=False, cancel_futures=True)
