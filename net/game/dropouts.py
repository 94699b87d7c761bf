"""Who can no longer play, and what the game does about it: sans-I/O, on the network thread.

A laptop drops out of a game in one of four ways, each with a sentence that says why:

- it left, or did not come back within the grace period (the session says so);
- the table cut it off (two signed versions of one message, a message over a limit, a quota);
- one of its seats was named for a cheat (an accusation of the fair protocol);
- the table's timeout named it: the round waited too long for a message it owes.

A laptop that left after its own last move is no loss while the round waits for someone else
(whose messages may still be on their way): nothing happens until the round waits for one of
its seats, or for nobody in particular. Then `DropOuts.check` decides, under the table's
drop-out setting (which the host announces with the game key): the acting host gives those
seats to a bot, every other laptop waits SWAP_WAIT for it to do so, or the game stops with the
sentence.

Nothing of this needs the laptop that opened the table. The *line* is the order in which
laptops take the host's part: the host, then every other laptop that plays a seat, by its
first seat — the same on every laptop, since it is read from the table state the host signed
at Start. The *acting host* is the first laptop of the line that has not dropped out (in this
laptop's view): when the host goes, the next one gives the host's seats to a bot and goes on
doing what the host did (docs/protocol.md, "When the host goes").

`Stall` is the table's timeout (docs/fair-play.md): how long the round may wait for one
laptop's message before the table names it.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from net.limits import RECONNECT_GRACE

SWAP_WAIT = 20.0
"""Seconds a member waits, once a laptop is gone, for the host to give its seats to a bot."""
TABLE_TIMEOUT = 60.0
"""Seconds a round may wait for a message a laptop's software owes (a key, a shuffle, a share,
a bot's move) with nothing else happening at the table. A 7-seat deal on a slow laptop takes
a few seconds; a laptop that sleeps is counted down by the session's grace period instead."""
TURN_TIMEOUT = 600.0
"""Seconds a person may take for one turn before the table names their laptop."""
QUIET = 10.0
"""Seconds of waiting before every laptop shows the countdown."""
CUT_FROM_THE_TABLE = (
    "this laptop was cut from the table: it still hears {heard} of the {maybe} laptops that may "
    "be playing, so the others may go on without it, and it shows no result of its own"
)
TURN_NOTICE = 60.0
"""On a person's turn the countdown shows only for its last seconds: a person thinking is no
laptop that went silent (a silent one has the session's countdown, "reconnecting")."""


@dataclass(frozen=True)
class Decision:
    """What to do about laptops that dropped out, now."""

    replace: tuple[bytes, ...] = ()
    """Hosting: give these laptops' seats to a bot."""
    stop: str | None = None
    """End the game with this reason."""
    wake_at: float | None = None
    """Look again then (a member waiting for the host's word)."""
    cut: bool = False
    """The game stops because this laptop is on the side of a split that does not go on."""


@dataclass
class DropOuts:
    """The drop-out policy of one laptop: fed what happened and the round's needs."""

    me: bytes
    line: tuple[bytes, ...]
    """The laptops in the order they take the host's part (the host first)."""
    laptops: dict[int, bytes]
    """Which laptop plays each seat (the acting host, for a seat given to a bot)."""
    replace_gone: bool
    """The table's setting gives a gone laptop's seats to a bot (known once the host's key
    digest came)."""
    name: Callable[[bytes], str]
    gone: dict[bytes, str] = field(default_factory=dict)
    """Laptops that can no longer play and whose seats are still theirs, with why (a sentence
    that starts with its name)."""
    out: set[bytes] = field(default_factory=set)
    """Every laptop that dropped out of this game (it never takes the host's part)."""
    ends: dict[bytes, str] = field(default_factory=dict)
    """Why the game ends if such a laptop's seats cannot go to a bot (when it is not "gone")."""
    how: dict[bytes, str] = field(default_factory=dict)
    """How each laptop went: "left", "gone" or "dropped" (events.SeatReplaced.why)."""
    former: dict[int, bytes] = field(default_factory=dict)
    """Seats given to a bot -> the laptop that played them before."""
    unshown: set[int] = field(default_factory=set)
    """Seats given to a bot whose swap the game has not shown yet (its `SeatReplaced` comes
    with the worker's pass that makes it)."""
    hosted: set[bytes] = field(default_factory=set)
    """Laptops that did the host's part once (the acting host, when it was)."""
    silent: set[bytes] = field(default_factory=set)
    """Laptops out only by silence (their countdown, the table's timeout): they may be playing
    on the other side of a split network."""
    patience: float = 0.0
    """Seconds more a member waits for the host's swap of a laptop out here only by silence or
    by its own calls (its countdown, a closed app, the table's timeout): the session's grace
    period. The host may still hear it, or count it down for longer (a laptop that refused
    the host is counted down for the whole grace period while its person may be thinking)."""
    swap_wait_until: float | None = None
    swap_waited: bool = False
    swap_waited_for: bytes | None = None
    """The acting host the wait was for (a new one is waited for again)."""

    @property
    def host(self) -> bytes | None:
        """The acting host: the first laptop of the line still in the game (None: none is)."""
        return next((key for key in self.line if key not in self.out), None)

    def before(self, key: bytes) -> bool:
        """`key` comes before the acting host in the line: it was acting host once."""
        host = self.host
        return key in self.line and (host is None or self.line.index(key) < self.line.index(host))

    def laptops_of(self, key: bytes) -> list[int]:
        return sorted(s for s, laptop in self.laptops.items() if laptop == key)

    def plays(self, key: bytes) -> bool:
        return key in self.laptops.values()

    def drop(
        self, key: bytes, why: str, ends: str | None = None, again: bool = False, how: str = ""
    ) -> bool:
        """The laptop `key` can no longer play, for the sentence `why` (False: it plays no
        seat, or is known gone already, unless `again`: a worse reason replaces the first);
        `how`: "left", "gone" or "dropped" (the first said stands)."""
        if key in self.line:
            if self.host is not None:
                self.hosted.add(self.host)
            self.out.add(key)
            if how in ("gone", "silent"):
                self.silent.add(key)
        self.how.setdefault(key, "dropped" if how == "silent" else how or "dropped")
        if not self.plays(key) or (key in self.gone and not again):
            return False
        self.gone[key] = why
        if ends is not None:
            self.ends[key] = ends
        return True

    def back(self, key: bytes) -> bool:
        """The laptop `key`, out here only by silence, is heard again (a message of it came
        through another laptop) while its seats are still its own: it plays on here (False:
        it is not, or taking it back would change who does the host's part here)."""
        if key not in self.silent or not self.plays(key) or self.before(key):
            return False
        self.out.discard(key)
        self.silent.discard(key)
        for kept in (self.gone, self.ends, self.how):
            kept.pop(key, None)
        return True

    def given_to_bot(self, seats: tuple[int, ...] | list[int], runner: bytes) -> None:
        """The bot of `runner` (the acting host that gave them) plays `seats` from now on."""
        for seat in seats:
            before = self.laptops.get(seat)
            if before is not None and before != runner:
                self.former[seat] = before
            self.laptops[seat] = runner
        self.unshown.update(seats)

    def seated(self, key: bytes) -> bool:
        """The laptop `key` still plays seats of the game as far as the game has shown: its
        own, or seats given to a bot whose swap is not shown yet."""
        return self.plays(key) or any(self.former.get(s) == key for s in self.unshown)

    def swapped_before(self, seats: tuple[int, ...], runner: bytes) -> None:
        """After a restart, a swap this laptop had applied: the laptops `seats` were taken
        from dropped out (the acting host among them, maybe), and `runner`'s bots play them."""
        for seat in seats:
            gone = self.laptops.get(seat)
            if gone is not None and gone != runner:
                self.out.add(gone)
        self.given_to_bot(seats, runner)
        self.unshown.difference_update(seats)  # (shown before the restart)

    def heard(self) -> tuple[int, int]:
        """(laptops of the game this laptop still hears, laptops that may still play): those
        that dropped out only by silence may be playing on the other side of a split."""
        maybe = [k for k in self.line if k not in self.out or k in self.silent]
        return sum(1 for k in maybe if k not in self.out), len(maybe)

    def on_the_side_that_goes_on(self) -> bool:
        """When laptops cannot reach each other, at most one side goes on: the one that hears
        more than half of the laptops that may still play, or half of them with the first of
        those in the line (docs/protocol.md §11, "A split")."""
        heard, maybe = self.heard()
        if 2 * heard != maybe:
            return 2 * heard > maybe
        first = next(k for k in self.line if k not in self.out or k in self.silent)
        return first not in self.out

    def check(self, waiting_for: set[int], now: float) -> Decision:
        """The round waits for `waiting_for` (empty: nobody in particular): what to do."""
        for key in [k for k in self.gone if not self.plays(k)]:
            del self.gone[key]  # its seats went to a bot
        if self.gone and not self.on_the_side_that_goes_on():
            heard, maybe = self.heard()
            return Decision(stop=CUT_FROM_THE_TABLE.format(heard=heard, maybe=maybe), cut=True)
        if not self.gone:
            self.swap_waited = False
            self.swap_wait_until = None
        needed = [k for k in self.gone if any(self.laptops.get(s) == k for s in waiting_for)]
        if not waiting_for:
            needed = list(self.gone)
        if not needed:
            if waiting_for:  # (the round moved on: a later wait for the host's word is new)
                self.swap_wait_until, self.swap_waited = None, False
            return Decision()
        if self.replace_gone and self.host is not None:
            if self.host == self.me:
                for key in needed:
                    del self.gone[key]
                return Decision(replace=tuple(needed))
            if self.swap_waited_for != self.host:  # (a new acting host: waited for anew)
                self.swap_waited_for, self.swap_wait_until = self.host, None
                self.swap_waited = False
            if self.swap_wait_until is None and not self.swap_waited:
                silent = all(k in self.silent or self.how.get(k) == "closed" for k in needed)
                self.swap_wait_until = now + SWAP_WAIT + (self.patience if silent else 0.0)
            if self.swap_wait_until is not None and now < self.swap_wait_until:
                return Decision(wake_at=self.swap_wait_until)
            self.swap_wait_until = None
            self.swap_waited = True
        key = needed[0]
        if key in self.ends:
            return Decision(stop=self.ends[key])
        return Decision(stop=f"{self.gone[key]}: the game cannot go on without their seat")


@dataclass
class Stall:
    """The table's timeout: how long the round has waited, with nothing happening, for
    seats this laptop does not play."""

    table_timeout: float = TABLE_TIMEOUT
    turn_timeout: float = TURN_TIMEOUT
    since: float | None = None
    owed: tuple[int, ...] = ()
    turn: bool = False
    grace: float = RECONNECT_GRACE
    """The session's grace period: a laptop away longer than that is dropped as gone."""
    away: dict[bytes, float | None] = field(default_factory=dict)
    """Laptops whose link is down (None) or came back (when): the session's grace period
    counts an away laptop down, not the table's timeout, which waits QUIET more seconds after
    its return for what it owes to arrive."""

    def unreachable(self, key: bytes) -> bool:
        """The laptop `key`'s link to this laptop is down and its countdown runs: nothing of it
        comes, directly or through another laptop."""
        return key in self.away and self.away[key] is None

    def restart(self, now: float) -> None:
        """The wait, if any, counts from `now` (this laptop's own process was stopped)."""
        if self.since is not None:
            self.since = now

    def excused(self, now: float, laptops: set[bytes | None]) -> float | None:
        """The timeout waits for `laptops` (those playing the owed seats): until when (0: for
        as long as one is away), or None when it does not — never past the timeout plus the
        grace period, however often a laptop goes and comes back."""
        if not laptops or not laptops <= self.away.keys():
            return None
        if self.since is not None and now >= self.since + self.limit + self.grace:
            return None
        back = [self.away.get(k) if k is not None else 0.0 for k in laptops]
        if any(at is None for at in back):
            return 0.0
        until = max(at for at in back if at is not None) + QUIET
        return until if now < until else None

    def watch(self, now: float, owed: tuple[int, ...], turn: bool, moved: bool) -> None:
        """After a pass: the seats the round waits for (none of mine), whether that is a
        person's turn, and whether anything happened in the pass (frames in or out)."""
        if not owed:
            self.since = None
        elif moved or owed != self.owed or self.since is None:
            self.since = now
        self.owed, self.turn = owed, turn

    @property
    def limit(self) -> float:
        return self.turn_timeout if self.turn else self.table_timeout

    def due(self) -> float | None:
        """When the table's patience runs out (None: it waits for nobody)."""
        return None if self.since is None else self.since + self.limit

    @property
    def quiet(self) -> float:
        """Seconds of waiting before the countdown shows: QUIET for what software owes, the
        end of the turn's time for a person (the last TURN_NOTICE seconds)."""
        quiet = min(QUIET, self.limit / 2)
        return max(quiet, self.limit - TURN_NOTICE) if self.turn else quiet

    def shows_at(self) -> float | None:
        """When the countdown starts to show (None: it waits for nobody)."""
        return None if self.since is None else self.since + self.quiet

    def left(self, now: float) -> float | None:
        """Seconds left, once the wait is long enough to show (None: nothing to show)."""
        if self.since is None or now - self.since < self.quiet:
            return None
        return max(self.since + self.limit - now, 0.0)

    def expired(self, now: float) -> bool:
        due = self.due()
        return due is not None and now >= due
