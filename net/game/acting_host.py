"""The part of a game that only the acting host plays: seats given to a bot, and who the acting
host is (docs/protocol.md §11, "When the host goes"). A layer of `LaptopGame` (laptop_game.py),
on the network thread: `DropOuts` decides (dropouts.py), this acts on its word and on the
acting host's swaps, and `takeover.py` rebuilds the seats in the worker.
"""

import logging
from collections.abc import Callable

from net.events import Event, HostHandedOn
from net.game import messages, takeover
from net.game.commands import Command, Gone, TakeSwap
from net.game.dropouts import DropOuts, Stall
from net.game.game_key import GameKeys
from net.game.messages import Batch, GameEnd, Received, SeatSwap
from net.game.verdicts import Verdict, Verdicts
from net.table_state import TableState

log = logging.getLogger("lanpurr.net")

HELD_SWAPS = 64
"""Swaps from laptops after the acting host in the line, kept at most."""


class ActingHost:
    """What `LaptopGame` does about laptops that dropped out and about the acting host's word
    (the game's own parts it uses are declared here)."""

    me: bytes
    now: float
    state: TableState
    keys: GameKeys
    drops: DropOuts
    stall: Stall
    verdicts: Verdicts
    names: tuple[str, ...]
    generation: int
    bot_level: str | None
    finished: bool
    over: bool
    kept: bool
    restarted: bool
    _acting: bytes | None
    _host_ended: tuple[bytes, GameEnd] | None
    _held: list[tuple[bytes, SeatSwap]]
    _pending: list[tuple[bytes, SeatSwap]]
    _later: list[tuple[bytes, Batch]]
    _locked: list[tuple[bytes, Batch]]
    _inbox: list[tuple[int, bytes]]
    _unfolded: list[tuple[int, bytes]]
    _commands: list[Command]
    _drop_wake: float | None
    emit: Callable[[Event], None]
    _moved: Callable[[bytes], None]
    _name: Callable[[bytes], str]
    _poke: Callable[[], None]
    _say: Callable[[Verdict], None]
    _stop: Callable[..., None]
    _open_batch: Callable[[bytes, Batch], None]

    def after_leaving(self, key: bytes) -> str:
        """What the game does when the laptop `key` leaves: "bot" (a bot takes its seats),
        "end", or "" (it plays no seat, or the game is over)."""
        if self._host_ended is not None and self._host_ended[0] == key:
            return "end"  # (its host's end came first, and may have ended the game already)
        if self.finished or self.over or not self.drops.plays(key):
            return ""
        return "end" if self.verdicts.ends(key) else "bot"

    def unproven(self, sender: bytes, swap: SeatSwap) -> list[bytes]:
        """The laptops whose seats `swap` gives away although they still play in this laptop's
        own view: they have not dropped out here (a signed leave, its own countdown, its own
        cut-off, its own verdict), and their link to this laptop is up or their messages come
        through another laptop. The swap's word alone does not count (docs/fair-play.md, "Who
        may accuse whom"). The sender's own seats are never its to give."""
        laptops = {self.drops.laptops.get(seat) for seat in swap.swap.seats}
        return [k for k in laptops if k is not None and (k == sender or self._plays_here(k))]

    def _plays_here(self, key: bytes) -> bool:
        """The laptop `key` has not dropped out here, and this laptop still hears it."""
        return key not in self.drops.out and not self.stall.unreachable(key)

    def _retry_pending(self) -> None:
        """A laptop dropped out here, or its link to this laptop went down: the acting host's
        swaps held for want of this laptop's own evidence are taken if they now have it;
        those of a laptop that dropped out since are void."""
        pending, self._pending = self._pending, []
        for sender, swap in pending:
            if sender in self.drops.out or swap.swap.generation <= self.generation:
                continue  # (void: its sender no longer acts, or a swap came first)
            if self.unproven(sender, swap):
                self._pending.append((sender, swap))
            else:
                self._on_swap(sender, swap)

    def _handed_on(self, said: bool = True) -> None:
        """After a laptop dropped out: if it was doing the host's part, the next laptop of the
        line does it now (`said` once), and a swap it sent that was held is taken."""
        self._retry_pending()
        acting, before = self.drops.host, self._acting
        if acting == before or self.finished or self.over:
            return
        self._acting = acting
        if acting is None or before is None:
            return
        if said:
            log.warning("%s's laptop takes over the host's part", self._name(acting))
            me = acting == self.me
            self.emit(HostHandedOn(self._name(acting), self._name(before), me))
        self._moved(acting)
        held, self._held = self._held, []
        for sender, swap in held:
            self._on_swap(sender, swap)
        self._poke()

    def _given_away(self, also: list[tuple[bytes, Batch]] | None = None) -> None:
        """This laptop came back after its grace period and the game went on without it
        (`also`: a batch of a later generation that just came)."""
        me = self.me
        mine = {s for s, laptop in self.drops.laptops.items() if laptop == me}
        claims = [*self._held, *self._pending]
        if takeover.given_away(me, mine, claims, [*self._later, *(also or [])]):
            self._stop(takeover.GIVEN_AWAY)

    def _goes_on_without(self, key: bytes) -> bool:
        """Under the table's setting the game goes on if the laptop `key` drops out: a bot
        takes its seats and another laptop of the line does the host's part."""
        drops = self.drops
        return drops.replace_gone and any(k != key and k not in drops.out for k in drops.line)

    def goes_on_without_me(self) -> bool:
        """If this laptop left now, the game would go on: a bot takes its seats (what a
        person is told before leaving)."""
        return self._goes_on_without(self.me)

    def _swapped_before(self, replayed: list[Received]) -> list[tuple[bytes, SeatSwap]]:
        """After a restart: the seats the replayed record gave to a bot are played by the bot's
        runner (the laptops they were taken from dropped out, and the acting host with them);
        the swaps this laptop had not applied yet, to take now."""
        later = []
        for sender, data, _ in replayed:
            try:
                swap = messages.parse(data, len(self.state.seats))
            except messages.MessageError:
                continue
            if not isinstance(swap, SeatSwap):
                continue
            if swap.swap.generation > self.generation:
                later.append((sender, swap))
            else:
                self.drops.swapped_before(swap.swap.seats, sender)
        return later

    def _apply(self, waiting_for: set[int]) -> None:
        """The drop-out policy's word on laptops that dropped out (dropouts.py). Doing the
        host's part needs the game key (a member shown a wrong one waits for it first)."""
        if self.keys.key is None and self.drops.host == self.me:
            self._drop_wake = self.now + 1.0
            return
        decision = self.drops.check(waiting_for, self.now)
        self._drop_wake = decision.wake_at
        for key in decision.replace:
            self._replace(key)
        if decision.stop is not None:
            self._stop(decision.stop, cut=decision.cut)

    def _replace(self, key: bytes) -> None:
        """Hosting: give the seats of the laptop `key` to a bot (takeover.py)."""
        seats = self.drops.laptops_of(key)
        self.generation += 1
        self._fold_first()
        void = self.verdicts.void is not None and self.verdicts.void[0] == self.generation - 1
        # (a laptop showed two versions of a message in this round: the laptops may have folded
        # different plays of it, so the round starts again from its deal, nothing kept)
        self._commands.append(Gone(self.bot_level, self.generation, tuple(seats), void))
        self.drops.given_to_bot(seats, self.me)
        self._poke()

    def _fold_first(self) -> None:
        """A seat swap is about to be made or taken: the frames that came before it are folded
        first, by the runtimes it replaces, in a pass of their own (the plays a swap keeps are
        those its acting host folded before it: dropped here, this laptop would keep fewer).
        While an earlier swap still waits for its pass, the frames since are of the runtimes
        that one starts, which this one replaces in the same pass: they are dropped, with the
        try this swap voids."""
        if any(isinstance(command, (Gone, TakeSwap)) for command in self._commands):
            self._inbox.clear()
            return
        self._unfolded.extend(self._inbox)
        self._inbox.clear()

    def _on_swap(self, sender: bytes, given: SeatSwap) -> None:
        """The acting host gave seats to a bot: check its word, then every runtime starts again.
        A swap from a laptop after the acting host in the line waits: it is taken if that
        laptop takes over (the acting host drops out here too), never before. A swap of seats
        whose laptop still plays in this laptop's own view waits too (`unproven`): one
        laptop's word alone never moves a seat."""
        drops, swap = self.drops, given.swap
        if sender != drops.host and sender in drops.line and not drops.before(sender):
            if len(self._held) < HELD_SWAPS:
                self._held.append((sender, given))
                self._given_away()
            return
        if sender != drops.host or swap.generation != self.generation + 1:
            log.warning("a seat swap that is not the acting host's next one: ignored")
            return
        playing = self.unproven(sender, given)
        if playing == [self.me] and self.restarted:
            # This laptop knows it was away (it took its seats up again after a restart): the
            # acting host's word on its own seats is all there is, and costs nobody else.
            self._stop(takeover.GIVEN_AWAY)
            return
        if playing:
            if (sender, given) not in self._pending and len(self._pending) < HELD_SWAPS:
                log.warning("%s's laptop gave away the seats of %s, which still plays here: "
                            "held until this laptop sees it drop out", self._name(sender),
                            ", ".join(self._name(k) for k in playing))  # fmt: skip
                self._pending.append((sender, given))
                self.verdicts.claimed(sender, given, self.names)
                self._given_away()
            return
        if given.cheat is not None:
            self._say(self.verdicts.told(given.cheat, swap.seats, self.names))
        self.generation = swap.generation
        self._fold_first()
        self.kept = bool(swap.plays)  # (the round goes on after that many plays: takeover.py)
        self._commands.append(TakeSwap(swap))
        laptops = [self.drops.laptops.get(seat) for seat in swap.seats]
        unheard = {k for k in laptops if k is not None and k not in self.drops.out}
        self.drops.given_to_bot(swap.seats, sender)
        for key in unheard:
            # Taken on its link being down here: out of the game here too, as by its countdown
            # (it never does the host's part again, and may still play beyond a split).
            self.drops.drop(key, f"{self._name(key)}'s link to this laptop is down", how="silent")
        self._generation_reached()
        self._poke()

    def _generation_reached(self) -> None:
        """My runtimes are of `generation` now: the batches of it that came early are opened
        (or wait for the key), those of a later one wait on, those of an earlier one are void."""
        later, self._later = self._later, []
        for who, batch in later:
            if batch.generation == self.generation and self.keys.key is not None:
                self._open_batch(who, batch)
            elif batch.generation == self.generation:
                self._locked.append((who, batch))
            elif batch.generation > self.generation:
                self._later.append((who, batch))
        self._given_away()
