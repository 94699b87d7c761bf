"""Who the game waits for: what the session says of the other laptops (gone, away, back, cut
off, refusing this one, heard again through another), and the table's timeout, which shows the
countdown and then drops the laptops the round waits for, blaming nobody it cannot blame
(dropouts.py decides, verdicts.py says it). A layer of `LaptopGame` (laptop_game.py), on the
network thread.
"""

import logging
from collections.abc import Callable
from typing import Any

from net.events import Event, PeerBack, TableWaits
from net.game.commands import Command, Gone, TakeSwap, TimeOut
from net.game.dropouts import DropOuts, Stall
from net.game.game_key import GameKeys
from net.game.verdicts import Verdict, Verdicts
from net.wire.relay import Withheld

log = logging.getLogger("lanpurr.net")

WAKE_EVERY = 0.25
"""Seconds between looks at a table without turns: bots may act, quiet seats tick."""


class Waiting:
    """What `LaptopGame` does about the other laptops' comings and goings and the table's
    timeout (the game's own parts it uses are declared here)."""

    me: bytes
    now: float
    withheld: Callable[[bytes], Withheld | None]
    drops: DropOuts
    stall: Stall
    verdicts: Verdicts
    keys: GameKeys
    names: tuple[str, ...]
    generation: int
    finished: bool
    over: bool
    realtime: bool
    host: bytes
    _pending: list[Any]
    _commands: list[Command]
    _owed: list[tuple[int, str]]
    _waiting_for: Any
    _due_at: float | None
    _drop_wake: float | None
    _timed_out: float | None
    emit: Callable[[Event], None]
    _name: Callable[[bytes], str]
    _poke: Callable[[], None]
    _say: Callable[[Verdict], None]
    _stop: Callable[..., None]
    _misbehaved: Callable[[bytes, str], None]
    _apply: Callable[[Any], None]
    _retry_pending: Callable[[], None]
    _handed_on: Callable[..., None]

    def laptop_gone(self, key: bytes, why: str, now: float) -> None:
        """A member left or did not come back: the seats it played can no longer answer.

        What it sent before it went is still to be played, and the round may wait for someone
        else's last messages (a laptop that saw the end first and left): the game goes on
        until the round waits for one of its seats (`passed`)."""
        self.now = now
        if self.finished or self.over:
            return
        how = {"did not come back": "gone", "closed its app": "closed"}.get(why, "left")
        if self.drops.drop(key, f"{self._name(key)} {why}", how=how):
            self._poke()
        self._handed_on()

    def laptop_away(self, key: bytes, now: float) -> None:
        """The link to `key` is down: its countdown is the session's grace period, and a swap
        of its seats held for want of this laptop's own view is taken now (`unproven`)."""
        self.now = now
        self.stall.away[key] = None
        if self._pending and not (self.finished or self.over):
            self._retry_pending()

    def owes(self, key: bytes) -> bool:
        """The round waits for a message of the laptop `key`'s software (not a person's turn)."""
        owed = self.stall.owed
        return not self.stall.turn and any(self.drops.laptops.get(s) == key for s in owed)

    def laptop_back(self, key: bytes, now: float) -> None:
        self.now = now
        if key in self.stall.away:
            self.stall.away[key] = now
            self._poke()

    def _excused(self, now: float) -> float | None:
        """The table's timeout waits for laptops that are away (dropouts.Stall.excused)."""
        return self.stall.excused(now, {self.drops.laptops.get(s) for s in self.stall.owed})

    def cut_off(self, key: bytes, why: str, proof: tuple[Any, Any] | None, now: float) -> None:
        """The table cut the laptop `key` off (`why`: what it did): dropped (verdicts.py)."""
        self.now = now
        verdict = self.verdicts.cut_off(key, why, proof, self.generation, now)
        if not (self.finished or self.over):
            self._say(verdict)
            self._poke()
            self._handed_on()

    def shut_out(self, by: bytes, reason: str, now: float) -> None:
        """A laptop of the table refuses this one for good, and nothing of it came through the
        others since. Its word alone names nobody and stops nothing: it only counts that laptop
        out of the game here, by silence (its seats go to a bot under the table's setting, as
        for any laptop that drops out)."""
        self.now = now
        if not (self.finished or self.over):
            self._say(self.verdicts.refuses(by, reason))
            self._poke()
            self._handed_on()

    def heard_again(self, key: bytes, now: float) -> None:
        """A message of `key` came through another laptop: if it was out here only by silence
        and its seats are still its own, it plays on (the others heard it all along)."""
        self.now = now
        if self.finished or self.over or key in self.verdicts.cut:
            return
        if self.drops.back(key):
            self.verdicts.back(key)
            self.emit(PeerBack(self._name(key)))
            self.laptop_back(key, now)
            self._poke()

    def disputed(self, key: bytes, now: float) -> None:
        """Laptops hold different versions of a message of `key` (an echo showed it): until
        the proof meets or DISPUTE_WAIT passes, this laptop names nobody, since what another
        laptop answered may be the other version."""
        self.now = now
        self.verdicts.disputed(now)
        self._poke()

    def noted(self, key: bytes, what: str) -> None:
        """The session holds something odd of the laptop `key` (said if the timeout names it)."""
        self.verdicts.odd.setdefault(key, what)

    def get_timer(self) -> float | None:
        """When `handle_timer` must run, with nothing received meanwhile (None: never)."""
        now = self.now
        times = [now + WAKE_EVERY] if self.realtime else []
        times += [t for t in (self._due_at, self._drop_wake) if t is not None]
        times += self.verdicts.wakes(now)
        if self.stall.since != self._timed_out:  # (a wait is timed out once)
            shows, due = self.stall.shows_at(), self.stall.due()
            times += [t for t in (shows, due) if t is not None and t > now]
        if self.stall.left(now) is not None:
            times.append(now + 1.0)  # the countdown
        excused = self._excused(now)
        if excused:
            times.append(excused)
        return max(min(times), now) if times else None

    def handle_timer(self, now: float) -> None:
        """The table's timeout (dropouts.Stall): show the countdown, then name who owes; and
        the drop-out policy's word, when it asked to be woken."""
        self.now = now
        if self._drop_wake is not None and now >= self._drop_wake:
            self._drop_wake = None
            self._apply(self._waiting_for)
        left = self.stall.left(now)
        if left is None or self.stall.since == self._timed_out:
            return
        if any(isinstance(command, (Gone, TakeSwap)) for command in self._commands):
            return  # the round starts again with other seats: the wait starts again too
        if self._excused(now) is not None:
            return  # (their countdown is the session's: "reconnecting")
        owed = tuple((s, w) for s, w in self._owed if s in self.stall.owed)
        names = tuple(self.names[s] for s, _ in owed)
        self.emit(TableWaits(owed, names, round(left), self.stall.turn))
        if not self.stall.expired(now):
            return
        self._timed_out = self.stall.since
        if self.keys.key is None:
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
            withheld = self.withheld(silent)
            if withheld is not None:  # (nobody to blame: net.wire.relay)
                via = withheld.only_through or withheld.through
                self.verdicts.unheard[silent] = tuple(self._name(k) for k in via)
        self._commands.append(TimeOut())

    def _owed_laptops(self) -> set[bytes]:
        """The other laptops that play the seats the round waits for."""
        laptops = {self.drops.laptops.get(seat) for seat in self.stall.owed}
        return {k for k in laptops if k is not None and k != self.me}

    def _withholders(self) -> dict[bytes, tuple[bytes, int]]:
        """The table's timeout: laptops that handed on the owed laptops' messages before and
        say, in their own signed echoes, that they hold more of them than came here (an
        honest relay hands them on within seconds). They are dropped instead of the laptop
        whose messages they hold, which nobody can blame (docs/fair-play.md, "Who may accuse
        whom")."""
        found: dict[bytes, tuple[bytes, int]] = {}
        me, out = self.me, self.drops.out
        for laptop in self._owed_laptops():
            withheld = self.withheld(laptop)
            if withheld is None:
                continue
            for holder, holds in withheld.holders.items():
                if holder in withheld.through and holder not in out and holder not in (me, laptop):
                    found.setdefault(holder, (laptop, holds - withheld.held))
        return found
