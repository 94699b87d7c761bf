"""A game between laptops, carried: the asyncio side of this laptop's part of a game.

`GameDriver` lives on the network thread and only carries. It reads the clock (the only place
in the game that does), feeds the session's news and the player's wishes to the sans-I/O
`LaptopGame` (laptop_game.py) with the time, carries out what it asks (`next_event`: messages
to the table, a member cut off, the host's part moved, events to show), sleeps until its timer
or a wake-up, and runs each pass of my seats in the game's worker thread (`GameWorker`,
worker.py), so that neither the network loop nor the window ever waits on the crypto. It talks
to the table session through `TableLink` alone.
"""

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

from lanpurr.fair.envelope import Envelope
from lanpurr.fair.identity import Identity
from net import stopped
from net.events import Event
from net.game import takeover
from net.game.effects import Ban, Ended, HostMoved, Send, Show, Wake
from net.game.evidence import write as write_evidence
from net.game.laptop_game import LaptopGame
from net.game.messages import Received
from net.game.record import ResumeError
from net.game.setup import PlaySettings
from net.game.worker import GameWorker
from net.home import Profile
from net.table_state import TableState
from net.wire.relay import Withheld

log = logging.getLogger("lanpurr.net")


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


def _now() -> float:
    return time.monotonic()


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
        self.emit = emit
        me, profile = table.me, table.profile
        worker = GameWorker.open(
            me, profile.home, state, settings, self._identities(state), table.sync_journal,
            replayed,
        )  # fmt: skip
        self.worker = worker
        """Touched only in the game's worker thread (and before the first pass)."""
        evidence = settings.evidence_dir or (profile.home / "evidence")
        self.game = LaptopGame(
            me, profile.identity, state, settings, table.grace, evidence, write_evidence,
            table.withheld, worker.seated(), replayed,
        )  # fmt: skip
        self.number = self.game.number
        self._threads = ThreadPoolExecutor(1, thread_name_prefix="lanpurr-game")
        self._wake = asyncio.Event()
        self._ended = asyncio.Event()
        """Set once the game ended here: over, stopped or closed."""
        self._task: asyncio.Task[None] | None = None

    def _identities(self, state: TableState) -> Callable[[int], Identity]:
        """The key of each seat this laptop plays: its player's, or a bot's it added."""
        table = self.table

        def identity(index: int) -> Identity:
            seat = state.seats[index]
            if seat.player == table.me:
                return table.profile.identity
            found = table.bot_identities.get(seat.key) if seat.key is not None else None
            if found is None:
                raise ValueError(f"this laptop no longer holds the key of the bot at seat {index}")
            return found

        return identity

    @property
    def finished(self) -> bool:
        return self.game.finished

    # ---- what the game asks ------------------------------------------------------------

    def _carry(self) -> None:
        """Carry out what the game asks, in order (a cut-off may come back with more)."""
        while (effect := self.game.next_event()) is not None:
            if isinstance(effect, Send):
                self.table.send(effect.data, to=effect.to)
            elif isinstance(effect, Show):
                self.emit(effect.event)
            elif isinstance(effect, Wake):
                self._wake.set()
            elif isinstance(effect, Ban):
                self.table.ban(effect.key, effect.what)  # (comes back: `cut_off`)
            elif isinstance(effect, HostMoved):
                self.table.host_moved(effect.acting)
            elif isinstance(effect, Ended):
                self._ended.set()
                task = self._task
                if task is not None and task is not asyncio.current_task():
                    task.cancel()
                self._threads.shutdown(wait=False, cancel_futures=True)

    # ---- from the session and the player -----------------------------------------------

    def start(self) -> None:
        if self.game.resuming is not None:
            self._task = asyncio.ensure_future(self._resume())  # (it says GameStarted then)
            return
        self.game.start(_now())
        self._carry()
        self._task = asyncio.ensure_future(self._pump())

    def on_message(
        self, sender: bytes, data: dict[str, Any], private: bool, envelope: Envelope | None = None
    ) -> None:
        self.game.receive(sender, data, private, envelope, _now())
        self._carry()

    def mislabelled(self, sender: bytes, envelope: Envelope) -> None:
        self.game.mislabelled(sender, envelope)
        self._carry()

    def laptop_gone(self, key: bytes, why: str) -> None:
        self.game.laptop_gone(key, why, _now())
        self._carry()

    def laptop_away(self, key: bytes) -> None:
        self.game.laptop_away(key, _now())
        self._carry()

    def laptop_back(self, key: bytes) -> None:
        self.game.laptop_back(key, _now())
        self._carry()

    def cut_off(self, key: bytes, why: str, proof: tuple[Any, Any] | None = None) -> None:
        self.game.cut_off(key, why, proof, _now())
        self._carry()

    def shut_out(self, by: bytes, reason: str) -> None:
        self.game.shut_out(by, reason, _now())
        self._carry()

    def heard_again(self, key: bytes) -> None:
        self.game.heard_again(key, _now())
        self._carry()

    def disputed(self, key: bytes) -> None:
        self.game.disputed(key, _now())
        self._carry()

    def act(self, action: Any) -> None:
        self.game.act(action)
        self._carry()

    def next_round(self) -> None:
        self.game.next_round()
        self._carry()

    def leave(self) -> None:
        self.game.leave()
        self._carry()

    async def close(self) -> None:
        self.game.close()
        self._carry()

    async def played_out(self, patience: float) -> None:
        """Wait until this game ends here (over or stopped), at most `patience` seconds; then
        stop it if it has not. For a game the table has moved on from (the host opened it
        again after the game, or closed it) while this laptop still draws its last moves."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._ended.wait(), patience)
        self._stop("the table moved on before this laptop saw the end of the game")

    def _stop(self, reason: str) -> None:
        self.game.stop(reason, _now())
        self._carry()

    # ---- the loop ----------------------------------------------------------------------

    async def _resume(self) -> None:
        """Rebuild my seats from the game's record, check them against the table's journal,
        then go on with the game where it is."""
        loop, game = asyncio.get_running_loop(), self.game
        journal, opener = game.resuming or [], game.opener()
        try:
            taken, locked = await loop.run_in_executor(
                self._threads, self.worker.take_up, journal, opener, _now()
            )
        except asyncio.CancelledError:
            raise
        except (ResumeError, takeover.TakeoverError) as error:
            self._stop(str(error))
            return
        except Exception as error:  # a bug must end the game with a reason, not hang it
            log.exception("could not take the game up again")
            self._stop(f"lanpurr could not take this laptop's seats back ({error})")
            return
        # The table as it is now: a window opens on it (and the session is known by then).
        game.view = self.worker.view()
        game.taken_up(taken, locked, _now())
        self._carry()
        if not game.finished:
            self._task = asyncio.ensure_future(self._pump())

    async def _pump(self) -> None:
        loop, game = asyncio.get_running_loop(), self.game
        continued = stopped.continued()
        while not game.finished:
            timer = game.get_timer()
            with contextlib.suppress(TimeoutError):
                wait = None if timer is None else max(timer - _now(), 0.0)
                await asyncio.wait_for(self._wake.wait(), wait)
            self._wake.clear()
            if stopped.continued() != continued:  # this laptop was the one away: wait afresh
                continued = stopped.continued()
                game.continued(_now())
            game.handle_timer(_now())
            self._carry()
            if game.finished:
                return
            job = game.take_pass()
            try:
                result = await loop.run_in_executor(self._threads, self.worker.work, job, _now())
            except asyncio.CancelledError:
                raise
            except Exception as error:  # a bug must end the game with a reason, not hang it
                log.exception("the game stopped on an error")
                self._stop(f"lanpurr could not go on with this game ({error})")
                return
            moved = bool(job.inbox or job.commands or result.frames)
            game.passed(result, _now(), moved)
            self._carry()
