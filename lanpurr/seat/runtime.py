"""One seat at a table: the object each laptop runs for its player and for each bot it hosts.

Sans-I/O, like h11: feed it the seat's own actions (`act`) and the frames other seats sent
(`receive`); take the frames to send (`take_outgoing`) and the `TableUpdate`s to show
(`take_updates`). It holds only this seat's knowledge: its identity and secrets, its `FairPeer`
for the round, and its replica of the game (the fold of the public events and those addressed
to it). No code here ever holds the full state.

Order. Every sender's frames arrive in the order it sent them, but senders interleave
differently on every laptop. An ordering policy (ordering.py) decides when a frame goes to the
fair peer. Turn-based games: only when the public state expects something from its sender
(`expects`): a key or seed while those are owed, the seat whose turn it is to shuffle, a seat
that owes a share, the seat whose turn it is to play; every other frame waits in its sender's
queue, so every seat processes the same sequence of messages, whatever the network did
(docs/decisions/0015). A game without turns (Purrfect): moves are held on arrival and placed
by Lamport time once stable (docs/realtime-order.md); the fair steps a placed move needs are
ordered as for turn-based games.

A face-down pile nobody is dealt (gutters' cats, a `PileLayer`): before an action that the
rules say turns pile cards up (the opening's included), every seat asks the fair peer to reveal
their slots, and the action applies once every share is in, so a face is known to all at once.

The seat is built in layers, each a class on top of the one before it:

    seat_base.SeatBase       its fields, its records (records.py); its round's stage
    knowledge.SeatKnowledge  what it knows: completed states, faces of masked slots
    waits.SeatWaits          its view, who the round waits for, whether it may act
    own_moves.SeatMoves      its own actions, ticks, shown hands and draws
    play_steps.SeatPlays     a play from the history on its way to the engine
    rounds.SeatRounds        a round's start (a take-over's too), deal, end and audit
    SeatRuntime (here)       frames in, the loop that takes every step they allow
"""

from collections import deque
from collections.abc import Callable
from typing import Any, cast

import msgpack

from lanpurr.core.game import CHANCE, Seat
from lanpurr.fair.envelope import Envelope, EnvelopeError
from lanpurr.fair.messages import Kind
from lanpurr.fair.peer_evidence import EXPOSE
from lanpurr.fair.peer_held import HELD
from lanpurr.fair.round_state import Phase
from lanpurr.seat.ordering import LamportOrder, OrderingPolicy, RealtimeLayer, TurnOrder
from lanpurr.seat.rounds import SeatRounds
from lanpurr.seat.seat_base import RoundRecord
from lanpurr.seat.stage import Stage

MAX_WAITING = 4096
"""Frames held per sender before the seat stops listening to it (a flood, not a game)."""


class SeatRuntime(SeatRounds):
    """One seat at a table (the module's docstring says how it is fed)."""

    on_turn: Callable[["SeatRuntime"], Any] | None
    """SeatBase's `on_turn`, named with this class: `_advance` calls it with this runtime."""

    def _ordering(self) -> OrderingPolicy:
        return (
            LamportOrder(self, cast(RealtimeLayer, self.layer))
            if getattr(self.layer, "realtime", False)
            else TurnOrder(self)
        )

    def receive(self, data: bytes, sender: Seat) -> None:
        """A frame that arrived on `sender`'s connection."""
        if self.over or not 0 <= sender < self.spec.seats or sender == self.seat:
            return
        try:
            number, kind = _round_of(data)
        except (EnvelopeError, ValueError) as error:
            self.notes.append(f"dropped a frame from seat {sender}: {error}")
            return
        if number < self.round:
            return  # a late frame of a finished round: void
        ended = self.inbox.ended.setdefault(number, set())
        if sender in ended:
            # A seat's secrets end what it says in a round. A seat that has finished the round
            # drops anything later, unread (above): every seat drops it alike, and names nobody.
            self.notes.append(f"dropped a frame seat {sender} sent after its secrets")
            return
        if kind == Kind.SECRETS:
            ended.add(sender)
        queue = self.inbox.queues.setdefault(number, {}).setdefault(sender, deque())
        if len(queue) >= MAX_WAITING:
            self.notes.append(f"seat {sender} sent too many frames ahead of the table")
            return
        self.ordering.received(number, sender, data)
        if kind in (EXPOSE, HELD, Kind.CARRIED):
            self.inbox.evidence.setdefault(number, set()).add(data)
        queue.append(data)
        self._run()

    def _begin_round(self) -> None:
        super()._begin_round()
        self.inbox.forget_before(self.round)

    # ---- the loop -------------------------------------------------------------------------

    def _run(self) -> None:
        inbox = self.inbox
        if inbox.running:
            return  # a bot acting from `on_turn`: the loop it was called from goes on
        inbox.running = True
        was_halted = self.halted
        try:
            while not self.halted and not self.over:
                if self._deliver_one():
                    continue
                if self._advance():
                    continue
                if self.ordering.answer():
                    continue
                break
        finally:
            inbox.running = False
        if self.fair is not None and self.fair.accusations and not self.accusations:
            self.accusations.extend(self.fair.accusations)
        if self.halted and not was_halted:
            self.outgoing.extend(self.ordering.last_word())

    def _deliver_one(self) -> bool:
        fair = self.fair
        if fair is None:
            return False
        queues = self.inbox.queues.get(self.round, {})
        for sender in sorted(queues):
            queue = queues[sender]
            if queue and (
                self._evidence_due(queue[0]) or self.ordering.deliverable(sender, queue[0])
            ):
                self.outgoing.extend(fair.receive(queue.popleft(), sender))
                if fair.accusations:
                    self.accusations.extend(fair.accusations)
                return True
        return False

    def _evidence_due(self, data: bytes) -> bool:
        """Cards turned over or shown as evidence are taken out of turn, in any phase after
        the deck's shuffle, and a void try's key shown in a restart before it: nobody's turn
        or step waits for them, and they must reach the fair peer whatever the round is busy
        with (the round stops on them)."""
        frames = self.inbox.evidence.get(self.round)
        fair = self.fair
        if not frames or data not in frames or fair is None:
            return False
        opening = fair.phase in (Phase.KEYS, Phase.SEEDS, Phase.SHUFFLE)
        if opening != (_round_of(data)[1] == Kind.CARRIED):
            return False  # (later, a void try's key shown comes in turn, and is refused)
        frames.discard(data)
        return True

    def _advance(self) -> bool:
        """Take the next step the public state allows; False when there is none."""
        fair = self.fair
        if fair is None or self.resting:
            return False
        if fair.phase == Phase.DONE:
            self._finish_round()
            return True
        if not fair.ready:
            return False
        if self.stage is Stage.OPENING:
            self._open_round()
            return True
        if self.stage is Stage.DEALING:
            self._absorb_deal()
            return True
        if self.plays.cursor < len(fair.actions):
            self._take_play()
            return True
        pending = self.pending
        if pending is not None:
            return self._resolve(pending)
        if self.ending:
            return False
        if self.layer.round_over(self.state):
            self._to(Stage.ENDING)
            self.outgoing.extend(fair.end_round())
            return True
        if self.ordering.place_next():
            return True
        if self.plays.waiting is not None and self.may_act():
            return self._play_waiting()
        if self.ordering.turns and self.on_turn is not None and self.may_act():
            before = len(fair.log)
            self.on_turn(self)
            return len(fair.log) != before
        return False

    def _play_waiting(self) -> bool:
        """My player's choice made during its early draw, or while its last move took its
        place, played now that the seat is free; refused, it is said to the player then."""
        fair = self.fair
        assert fair is not None
        action, self.plays.waiting = self.plays.waiting, None
        before = len(fair.log)
        refused = self.act(action)
        if refused is not None:
            self.notes.append(f"my move chosen while the table was busy was refused: {refused}")
            self.refused_later.append(refused)
        return len(fair.log) != before


def _round_of(data: bytes) -> tuple[int, object]:
    """The round a frame names, and its kind."""
    envelope = Envelope.decode(data)
    body = msgpack.unpackb(envelope.body, raw=False, strict_map_key=True, max_map_len=16)
    number = body.get("r") if isinstance(body, dict) else None
    if type(number) is not int or number < 1:
        raise ValueError("a message names its round")
    return number, body.get("k")


__all__ = ["CHANCE", "RoundRecord", "SeatRuntime"]
