"""How a seat runtime orders the frames other seats sent: one policy per kind of game.

Every sender's frames arrive in the order it sent them, but senders interleave differently on
every laptop. A policy decides, from the signed messages alone, when the frame at the head of
a sender's queue goes to the fair peer, and (for a game without turns) when a held move takes
its place in the game.

- `TurnOrder` (Momistigri, gutters): a frame waits until the public state expects its sender
  (`SeatRuntime.expects`, waits.py): every seat then processes the same sequence.
- `LamportOrder` (Purrfect, docs/realtime-order.md): every message carries its sender's
  Lamport time `t`; a move is held on arrival and takes its place, in the order of
  `(t, (seat - round) mod n, seq)`, once it is stable: no other seat can still send a message
  with a smaller key. A sender's stamps only grow, and after a move its next stamp skips one
  time, so a seat is past a move once its latest stamp (a move's: plus one) reaches the move's
  time. Idle seats send ticks (`SeatRuntime.tick`) so that the order keeps moving.
"""

import bisect
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import msgpack

from lanpurr.core.errors import RuleViolation
from lanpurr.core.game import Seat
from lanpurr.core.wire import decode
from lanpurr.fair.accusation import AT_ONCE, Accusation
from lanpurr.fair.envelope import Envelope, EnvelopeError
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import Phase
from lanpurr.seat.layer import GameLayer, HiddenNeeded
from lanpurr.seat.plays import Played
from lanpurr.seat.table import TableSpec

Key = tuple[int, int, int]
"""(Lamport time, seat rotated by the round, the sender's sequence number)."""


class RealtimeLayer(GameLayer, Protocol):
    realtime: bool
    answered: tuple[type, ...]
    """The kinds of other seats' actions `answer` looks at (the only ones kept as receipts)."""

    def answer(self, state: Any, me: Seat, received: Sequence["Receipt"]) -> Any | None:
        """What this seat's peer sends by itself, on receipt (not its player's choice): for
        Purrfect, the take of the first acceptance of its open offer that it received."""
        ...


class SeatState(Protocol):
    """What an ordering policy reads of its seat runtime, and the two things it asks of it."""

    spec: TableSpec
    seat: Seat
    game: Any
    state: Any
    rounds: list[Any]
    accusations: list[Accusation]
    notes: list[str]
    own: dict[int, Any]
    outgoing: list[bytes]

    @property
    def round(self) -> int: ...

    @property
    def fair(self) -> FairPeer | None: ...

    @property
    def dealt(self) -> bool: ...

    @property
    def ending(self) -> bool: ...

    @property
    def over(self) -> bool: ...

    @property
    def halted(self) -> bool: ...

    def expects(self, seat: Seat) -> bool:
        """Whether the public state waits for a message from `seat` now."""
        ...

    def expects_play(self, seat: Seat) -> bool:
        """Whether the game waits for `seat` to play now (its turn)."""
        ...

    def public_completed(self, revealed: dict[int, str]) -> Any:
        """The state as every seat sees it, hidden faces as stand-ins."""
        ...

    def send_move(self, action: Any) -> int:
        """Send an action the table places in its own order; its sequence number."""
        ...


class OrderingPolicy(Protocol):
    """When a frame goes to the fair peer, and (without turns) when a move takes its place."""

    turns: bool

    def begin_round(self) -> None: ...

    def received(self, number: int, sender: Seat, data: bytes) -> None: ...

    def deliverable(self, sender: Seat, data: bytes) -> bool: ...

    def place_next(self) -> bool: ...

    def answer(self) -> bool: ...

    def busy(self) -> bool: ...

    def tick(self) -> list[bytes]: ...

    def last_word(self) -> list[bytes]: ...

    def stamper(self) -> Callable[[dict[str, Any]], None] | None:
        """What the fair peer calls on every body it signs (None: nothing)."""
        ...

    def owed(self) -> list[tuple[Seat, str]]:
        """The seats the game waits for by this policy's rule, each with what it owes."""
        ...


@dataclass(frozen=True)
class Receipt:
    """Another seat's move, in this seat's order of receipt."""

    seat: Seat
    action: Any
    placed: bool
    """It already took its place in the game (applied, or void)."""


class TurnOrder:
    """Turn-based games: a frame waits until the public state expects its sender."""

    turns = True

    def __init__(self, runtime: SeatState) -> None:
        self.runtime = runtime

    def begin_round(self) -> None:
        return None

    def stamper(self) -> Callable[[dict[str, Any]], None] | None:
        return None

    def owed(self) -> list[tuple[Seat, str]]:
        return [
            (seat, "played its turn")
            for seat in range(self.runtime.spec.seats)
            if self.runtime.expects_play(seat)
        ]

    def received(self, number: int, sender: Seat, data: bytes) -> None:
        return None

    def deliverable(self, sender: Seat, data: bytes) -> bool:
        return self.runtime.expects(sender)

    def place_next(self) -> bool:
        return False

    def answer(self) -> bool:
        return False

    def busy(self) -> bool:
        return False

    def tick(self) -> list[bytes]:
        return []

    def last_word(self) -> list[bytes]:
        return []


@dataclass
class _Move:
    seat: Seat
    seq: int
    key: Key
    action: Any
    placed: bool = False


class LamportOrder:
    """Real time: Lamport stamps, stability, held moves (docs/realtime-order.md)."""

    turns = False

    def __init__(self, runtime: SeatState, layer: RealtimeLayer) -> None:
        self.runtime = runtime
        self.layer = layer
        self.n = runtime.spec.seats
        self.clock = 0
        self.latest: dict[int, dict[Seat, Key]] = {}
        """Per round, per seat: the key of the last stamped frame received (or sent), its time
        plus one for a move (`_skipping`)."""
        self.next_seq: dict[int, dict[Seat, int]] = {}
        self.kinds: dict[bytes, str] = {}
        """The stamped moves and ticks received and not delivered yet (`deliverable`), by their
        bytes. Nothing else: no entry of another kind would ever be removed."""
        self.moves: dict[int, dict[tuple[Seat, int], _Move]] = {}
        """Per round: every move received or sent, by (seat, seq), placed or not."""
        self.receipts: dict[int, list[_Move]] = {}
        """Per round: the moves of other seats that the layer's `answer` reads, as received."""
        self.waiting: dict[int, list[_Move]] = {}
        """Per round: the moves not placed yet, in key order (the order they take their place)."""
        self.top: dict[int, Key] = {}
        """Per round: the largest key of another seat's move (`tick`)."""
        self.answers: set[int] = set()
        """Sequence numbers of my peer's own answers (takes), as opposed to my player's."""
        self.placed = 0
        self.asked: tuple[int, int, int] | None = None

    # ---- stamps ---------------------------------------------------------------------------

    def key(self, number: int, seat: Seat, t: int, seq: int) -> Key:
        return (t, (seat - number) % self.n, seq)

    def stamper(self) -> Callable[[dict[str, Any]], None] | None:
        return self.stamp

    def owed(self) -> list[tuple[Seat, str]]:
        """The first move not placed waits for a later stamp from every other seat."""
        waiting = self._unplaced()
        if not waiting:
            return []
        move = waiting[0]
        runtime = self.runtime
        latest = self.latest.get(runtime.round, {})
        return [
            (seat, f"sent the message that places seat {move.seat}'s move")
            for seat in range(runtime.spec.seats)
            if seat not in (move.seat, runtime.seat) and not _past(latest.get(seat), move.key)
        ]

    def stamp(self, body: dict[str, Any]) -> None:
        """Called by the fair peer on every body it signs: the next Lamport time."""
        runtime = self.runtime
        fair = runtime.fair
        assert fair is not None and fair.outbox is not None
        number, me, seq = runtime.round, runtime.seat, fair.outbox.seq
        latest = self.latest.setdefault(number, {})
        self.clock = max(self.clock, latest[me][0] if me in latest else 0) + 1
        body["t"] = self.clock
        key = self.key(number, me, self.clock, seq)
        latest[me] = key
        if body["k"] == "move":
            action = decode(body["action"])
            move = _Move(me, seq, key, action.action if isinstance(action, Played) else None)
            self._add(number, move)
            latest[me] = _skipping(key)

    def received(self, number: int, sender: Seat, data: bytes) -> None:
        """On arrival, before the frame waits in its sender's queue: check its signature and
        its stamp, and move the clock. A frame that fails here goes on to the fair peer, which
        names what is wrong with it; only its stamp is not counted."""
        runtime = self.runtime
        try:
            envelope = Envelope.decode(data)
            body = msgpack.unpackb(envelope.body, raw=False, strict_map_key=True, max_map_len=16)
        except (EnvelopeError, ValueError, msgpack.ExtraData):
            return
        if envelope.sender != runtime.spec.members[sender] or not envelope.signature_ok():
            return
        seqs = self.next_seq.setdefault(number, {})
        if envelope.seq != seqs.get(sender, 0) or not isinstance(body, dict):
            return
        seqs[sender] = envelope.seq + 1
        t = body.get("t")
        kind = body.get("k")
        before = self.latest.setdefault(number, {}).get(sender)
        if type(t) is not int or (before is not None and t <= before[0]):
            runtime.accusations.append(
                Accusation(
                    sender,
                    "F-ORDER",
                    f"message {envelope.seq} is stamped {t!r}, not after its previous one",
                    (envelope.sender, envelope.seq),
                    (envelope,),
                    AT_ONCE,
                )
            )
            return
        key = self.key(number, sender, t, envelope.seq)
        self.latest[number][sender] = _skipping(key) if kind == "move" else key
        self.clock = max(self.clock, t)
        if kind in ("move", "tick"):
            self.kinds[data] = str(kind)
        if kind == "move" and isinstance(body.get("action"), bytes):
            try:
                played = decode(body["action"])
            except ValueError:
                played = None
            action = played.action if isinstance(played, Played) else None
            move = _Move(sender, envelope.seq, key, action)
            self._add(number, move)
            if isinstance(action, self.layer.answered):
                self.receipts.setdefault(number, []).append(move)
            top = self.top.get(number)
            if top is None or key > top:
                self.top[number] = key

    def _add(self, number: int, move: _Move) -> None:
        self.moves.setdefault(number, {})[(move.seat, move.seq)] = move
        bisect.insort(self.waiting.setdefault(number, []), move, key=lambda m: m.key)

    # ---- delivery -------------------------------------------------------------------------

    def begin_round(self) -> None:
        number = self.runtime.round
        for table in (
            self.latest,
            self.next_seq,
            self.moves,
            self.receipts,
            self.waiting,
            self.top,
        ):
            for old in [r for r in table if r < number]:
                del table[old]
        self.answers.clear()

    def deliverable(self, sender: Seat, data: bytes) -> bool:
        fair = self.runtime.fair
        assert fair is not None
        if self.kinds.get(data) in ("move", "tick"):
            if fair.phase in (Phase.KEYS, Phase.SEEDS, Phase.SHUFFLE):
                return False
            self.kinds.pop(data, None)
            return True  # held, or nothing: the game places it later
        return self.runtime.expects(sender)

    def _unplaced(self) -> list[_Move]:
        """The moves of this round not placed yet, in key order (not to be changed)."""
        return self.waiting.get(self.runtime.round, [])

    def stable(self, move: _Move) -> bool:
        latest = self.latest.get(self.runtime.round, {})
        return all(
            _past(latest.get(seat), move.key)
            for seat in range(self.n)
            if seat not in (move.seat, self.runtime.seat)
        )

    def place_next(self) -> bool:
        """When the table is idle: place the first move in key order, once it is stable."""
        runtime = self.runtime
        fair = runtime.fair
        assert fair is not None
        waiting = self._unplaced()
        if not waiting:
            return False
        move = waiting[0]
        if (move.seat, move.seq) not in fair.held or not self.stable(move):
            return False
        move.placed = True
        waiting.pop(0)
        self.placed += 1
        self.answers.discard(move.seq) if move.seat == runtime.seat else None
        void = self._void(move)
        if void:
            runtime.notes.append(f"seat {move.seat}'s move {move.seq} is void: {void}")
            runtime.own.pop(move.seq, None) if move.seat == runtime.seat else None
            return True
        runtime.outgoing.extend(fair.order(move.seat, move.seq))
        return True

    def _void(self, move: _Move) -> str:
        """Why a move has no effect at its place ("" if it has one), from public facts only:
        every seat comes to the same answer."""
        if move.action is None:
            return "it carries no action"
        if getattr(move.action, "seat", move.seat) != move.seat:
            return ""  # a move in another seat's name: named as a cheat when it is taken
        runtime = self.runtime
        public = runtime.public_completed({})
        try:
            runtime.game.apply(public, move.action)
        except RuleViolation as error:
            return str(error)
        except (HiddenNeeded, ValueError, KeyError):
            return ""  # it needs hidden faces: shown at its place
        return ""

    # ---- what the seat's peer does by itself ----------------------------------------------

    def answer(self) -> bool:
        runtime = self.runtime
        if self.answers or not runtime.dealt or runtime.ending or runtime.fair is None:
            return False
        if runtime.fair.phase != Phase.READY:
            return False
        moment = (
            len(self.receipts.get(runtime.round, [])),
            self.placed,
            runtime.rounds[-1].plays,
        )
        if moment == self.asked:
            return False  # nothing new since the layer last had nothing to answer
        self.asked = moment
        received = _Receipts(self.receipts.get(runtime.round, []))
        action = self.layer.answer(runtime.state, runtime.seat, received)
        if action is None:
            return False
        seq = runtime.send_move(action)
        self.answers.add(seq)
        return True

    def busy(self) -> bool:
        """My player's last move has not taken its place yet."""
        me = self.runtime.seat
        return any(m.seat == me and m.seq not in self.answers for m in self._unplaced())

    def tick(self) -> list[bytes]:
        """A tick, if some move of another seat may wait on a message from this seat with a
        larger key (on another seat: here it may be placed already)."""
        runtime = self.runtime
        fair = runtime.fair
        if fair is None or runtime.over or runtime.halted or not runtime.dealt:
            return []
        if fair.phase in (Phase.KEYS, Phase.SEEDS, Phase.SHUFFLE, Phase.DONE):
            return []
        mine = self.latest.get(runtime.round, {}).get(runtime.seat)
        # Every other seat's move waits, on every seat but this one, until I am past it:
        # placed here already or not, until my last stamp reaches its time, I owe a tick.
        top = self.top.get(runtime.round)
        if top is None or _past(mine, top):
            return []
        return fair.tick()

    def last_word(self) -> list[bytes]:
        """This seat has just named a cheat (perhaps at a move's place, judged on public facts
        every seat checks there): one last tick, stamped after that move, so that every other
        seat can place the move too and name the same cheat, instead of waiting for this seat
        until the table times out."""
        fair = self.runtime.fair
        if (
            fair is None
            or fair.outbox is None
            or fair.phase
            in (
                Phase.KEYS,
                Phase.SEEDS,
                Phase.SHUFFLE,
            )
        ):
            return []
        return fair.tick()


def _skipping(key: Key) -> Key:
    """A move's key as its sender's latest: its time plus one. After a move a sender's next
    stamp skips one time, so that an answer sent on receipt (a take, stamped one after the
    acceptance when nothing newer had reached its sender) can take its place with no later
    message of the mover's."""
    return (key[0] + 1, key[1], key[2])


def _past(latest: Key | None, key: Key) -> bool:
    """Whether a seat whose latest stamp is `latest` can no longer send a message with a key
    below `key`: its stamps grow strictly (F-ORDER), so every later one has a larger time."""
    return latest is not None and latest[0] >= key[0]


class _Receipts(Sequence[Receipt]):
    """Other seats' moves as the layer reads them (`RealtimeLayer.answer`), each made only
    when the layer gets to it: Purrfect's looks at them only while its seat has an offer open,
    and stops at the first acceptance it can take."""

    def __init__(self, moves: list[_Move]) -> None:
        self._moves = moves
        self._all: list[Receipt] | None = None

    def __iter__(self) -> Iterator[Receipt]:
        for m in self._moves:
            if m.action is not None:
                yield Receipt(m.seat, m.action, m.placed)

    def _list(self) -> list[Receipt]:
        if self._all is None:
            self._all = list(self)
        return self._all

    def __len__(self) -> int:
        return len(self._list())

    def __getitem__(self, index: Any) -> Any:
        return self._list()[index]
