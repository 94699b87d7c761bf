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
"""

from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, cast

import msgpack

from lanpurr.core.cards import Cards, Face, Token
from lanpurr.core.errors import RuleViolation
from lanpurr.core.events import FacesShown, events_for
from lanpurr.core.game import CHANCE, Event, Seat
from lanpurr.core.wire import decode, encode
from lanpurr.fair.accusation import AT_ONCE, Accusation
from lanpurr.fair.audit import AuditResult, audit
from lanpurr.fair.envelope import Envelope, EnvelopeError
from lanpurr.fair.group import Randomness, os_randomness
from lanpurr.fair.identity import Identity
from lanpurr.fair.joint_random import Carried, Carry
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import Operation, Phase, RoundSetup
from lanpurr.seat.bindings import Bindings
from lanpurr.seat.hidden import carries_stand_in, is_stand_in, with_faces, with_stand_ins
from lanpurr.seat.layer import BindingLayer, GameLayer, HiddenNeeded, PileLayer, SecretMove
from lanpurr.seat.ordering import LamportOrder, OrderingPolicy, RealtimeLayer, TurnOrder
from lanpurr.seat.overdue import idle
from lanpurr.seat.plays import Played, Shown
from lanpurr.seat.private import private_part
from lanpurr.seat.replay import GameReplay
from lanpurr.seat.table import TableSpec, TableStep, TableUpdate

MAX_WAITING = 4096
"""Frames held per sender before the seat stops listening to it (a flood, not a game)."""

PeerFactory = Callable[[RoundSetup, int, Identity, Randomness], FairPeer]


@dataclass
class _Pending:
    """An ordered play on its way to the engine: the faces it and the rules turned up, and the
    steps still to come."""

    seat: Seat
    action: Any
    revealed: dict[Token, Face]
    owners: list[Seat] | None = None
    """Seats that must still show hidden cards the rules reveal, in seat order."""
    shown_sent: bool = False
    moves: list[SecretMove] | None = None
    reveals_all: bool = False
    """The rules turn every hand face up with this action (a round's score)."""
    reveal_requested: bool = False
    draws_from: int = 0
    """Length of the fair history when the secret moves were asked for."""
    turned_up: dict[Token, int] | None = None
    """Face-down pile cards the action turns up (token -> masked slot), revealed first."""


@dataclass
class RoundRecord:
    """What a seat keeps of a finished round: its audit, and its replica after every play."""

    number: int
    audit: AuditResult | None = None
    replay: GameReplay | None = None
    """The audit's full-knowledge replay: its states are what the replica must agree with."""
    views: list[Any] = field(default_factory=list)
    end: Any = None
    """The game's state when the round ended (its scores)."""


class Stage(StrEnum):
    """Where this seat's round is, beside its fair peer's `Phase`."""

    WAITING = "waiting"
    """No round has begun (before `start`)."""
    OPENING = "opening"
    """A round began: keys, seeds, shuffles; then the round's opening is asked for."""
    DEALING = "dealing"
    """The deal (and the pile cards the opening turns up) is on its way."""
    PLAYING = "playing"
    ENDING = "ending"
    """The round is over (or cut short): every seat reveals its secrets, then the audit."""
    RESTING = "resting"
    """Audited; the next round waits for `next_round` (a person reading the scores)."""
    OVER = "over"


STEPS: dict[Stage, frozenset[Stage]] = {
    Stage.WAITING: frozenset({Stage.OPENING}),
    Stage.OPENING: frozenset({Stage.DEALING}),
    Stage.DEALING: frozenset({Stage.PLAYING, Stage.ENDING}),
    Stage.PLAYING: frozenset({Stage.ENDING}),
    Stage.ENDING: frozenset({Stage.OPENING, Stage.RESTING, Stage.OVER}),
    Stage.RESTING: frozenset({Stage.OPENING}),
    Stage.OVER: frozenset(),
}
"""The stages a round may go to from each stage."""


class IllegalStep(RuntimeError):
    """A step the round's stage does not allow: a bug in the runtime, never a peer's doing."""


class SeatRuntime:
    def __init__(
        self,
        spec: TableSpec,
        seat: Seat,
        identity: Identity,
        layer: GameLayer,
        *,
        rng: Randomness = os_randomness,
        peer_factory: PeerFactory = FairPeer,
        on_turn: Callable[["SeatRuntime"], Any] | None = None,
    ) -> None:
        if spec.members[seat] != identity.public_key:
            raise ValueError("this identity does not hold that seat")
        self.spec = spec
        self.seat = seat
        self.identity = identity
        self.layer = layer
        self.game = layer.game
        self.rng = rng
        self.peer_factory = peer_factory
        self.on_turn = on_turn
        """Called when this seat may act and nothing else is pending (a bot answers here)."""
        self.state: Any = layer.new_state(spec.seats, dict(spec.options))
        self.fair: FairPeer | None = None
        self.round = 0
        self.rounds: list[RoundRecord] = []
        self.deck: tuple[Face, ...] = ()
        self.seed = b""
        self.stage = Stage.WAITING
        self.cursor = 0
        self.pending: _Pending | None = None
        self.own: dict[int, Any] = {}
        """My own actions as I chose them, private parts included, by their message's seq."""
        self.waiting: dict[int, dict[int, deque[bytes]]] = {}
        self.outgoing: list[bytes] = []
        self.updates: list[TableUpdate] = []
        self.accusations: list[Accusation] = []
        self.notes: list[str] = []
        self.round_start: Any = self.state
        self.pile_layer = layer if isinstance(layer, PileLayer) else None
        self.pile: dict[Token, int] = {}
        """The round's face-down pile: token -> masked slot (the opening's ownerless slots)."""
        self.cut_short = False
        """A false card turned up from the pile: the round ends for its audit, the game too."""
        self.binding_layer = layer if isinstance(layer, BindingLayer) else None
        self.bindings = Bindings() if self.binding_layer is not None else None
        """The round's token -> masked slot bindings, for a game whose moves name slots."""
        self.running = False
        self._made: dict[tuple[bool, tuple[Any, ...]], tuple[Any, Any]] = {}
        """Completed states made from one state (`_completed`), by (public, faces revealed)."""
        self.hold_rounds = False
        """Wait for `next_round` after each round (a person reading the scores); bots go on."""
        self.carry: Carry | None = None
        """A restarted round's carried luck (start_from); its round is `start_round`."""
        self.carried_seed: tuple[Carried, bytes, bytes] | None = None
        self.start_round = 1
        self.ordering: OrderingPolicy = (
            LamportOrder(self, cast(RealtimeLayer, layer))
            if getattr(layer, "realtime", False)
            else TurnOrder(self)
        )

    # ---- the round's stage -----------------------------------------------------------------

    def _to(self, stage: Stage) -> None:
        if stage not in STEPS[self.stage]:
            raise IllegalStep(f"seat {self.seat}: from {self.stage} to {stage}")
        self.stage = stage

    @property
    def dealt(self) -> bool:
        """This seat holds its cards of the round."""
        return self.stage in (Stage.PLAYING, Stage.ENDING, Stage.RESTING, Stage.OVER)

    @property
    def ending(self) -> bool:
        """The round's end is asked for (or past)."""
        return self.stage in (Stage.ENDING, Stage.RESTING, Stage.OVER)

    @property
    def resting(self) -> bool:
        return self.stage is Stage.RESTING

    @property
    def over(self) -> bool:
        return self.stage is Stage.OVER

    # ---- what the seat sees ---------------------------------------------------------------

    def current_view(self) -> Any:
        return self.game.view(self.state, self.seat)

    @property
    def halted(self) -> bool:
        return bool(self.accusations) or (self.fair is not None and self.fair.halted)

    def waits_for(self) -> list[tuple[Seat, str]]:
        """Every seat the round waits for now, with what it owes: a message of the fair
        protocol, else what the game owes (a hand the rules show, else whatever the ordering
        policy waits for: a turn, a later stamp). Empty: it waits for nobody in particular
        (between moves at a table without turns), or the round is over."""
        fair = self.fair
        if fair is None or self.halted or self.over:
            return []
        owed = fair.owed()
        if owed or fair.phase != Phase.READY or fair.op is not None or fair.queue:
            return owed
        pending = self.pending
        if pending is not None and pending.owners:
            return [(pending.owners[0], "showed the hand the rules turn face up")]
        return self.ordering.owed()

    def waiting_for(self) -> set[Seat]:
        return {seat for seat, _ in self.waits_for()}

    @property
    def progress(self) -> tuple[str, Seat | None]:
        """What the table is doing, for a progress line: (step, seat it waits for)."""
        fair = self.fair
        if self.over:
            return ("over", None)
        if fair is None:
            return ("starting", None)
        if self.resting:
            return ("between", None)
        if fair.phase in (Phase.KEYS, Phase.SEEDS):
            return (str(fair.phase), None)
        if fair.phase == Phase.SHUFFLE:
            return ("shuffling", fair.shuffle_turn)
        if fair.phase in (Phase.SECRETS, Phase.DONE):
            return ("checking", None)
        if not self.dealt:
            return ("dealing", None)
        return ("playing", None)

    def may_act(self) -> bool:
        if self.ordering.turns:
            idle = self._idle()
        else:  # no turns: whenever the round runs and my last move has taken its place
            fair = self.fair
            idle = (
                fair is not None
                and fair.phase == Phase.READY
                and self.dealt
                and not self.ending
                and self.pending is None
                and not self.ordering.busy()
            )
        return (
            not self.halted and not self.over and idle and self.seat in self.game.to_act(self.state)
        )

    def take_outgoing(self) -> list[bytes]:
        out, self.outgoing = self.outgoing, []
        return out

    def take_updates(self) -> list[TableUpdate]:
        out, self.updates = self.updates, []
        return out

    # ---- input ----------------------------------------------------------------------------

    def start(self) -> None:
        """Begin the first round (keys, seeds, shuffles)."""
        if self.round == 0:
            self._begin_round()
            self._run()

    def start_from(
        self,
        state: Any,
        number: int,
        rounds: Sequence[RoundRecord] = (),
        carry: Carry | None = None,
        carried_seed: tuple[Carried, bytes, bytes] | None = None,
    ) -> None:
        """Begin round `number` from the game state `state` (its start), the rounds before it
        kept: a table that voided a round and gave a seat to someone else (a new spec, new
        keys) goes on from there, its scores as they were. `carry` keeps the void round's luck
        (lanpurr.seat.restart), `carried_seed` this seat's seed of it."""
        if self.round == 0:
            self.carry = carry
            self.carried_seed = carried_seed
            self.state = state
            self.rounds = list(rounds)
            self.round = number - 1
            self.start_round = number
            self._begin_round()
            self._run()

    def next_round(self) -> None:
        """This seat is ready for the next round (with `hold_rounds`)."""
        if self.resting:
            self._begin_round()
            self._run()

    def act(self, action: Any) -> str | None:
        """Play `action` for this seat; None, or why it was refused (the rule's message)."""
        if not self.may_act():
            return "wait: the table is still busy with the previous move"
        completed = self._completed(self.state, {})
        moves: list[SecretMove] = []
        try:
            moves = self.layer.secret_moves(completed, action, self.seat)
            trial, trial_action = self.layer.complete(
                completed, action, [None] * sum(m.count for m in moves), self.seat
            )
            shown, keep = self._shown_by(action, self.game.apply(trial, trial_action).state)
        except RuleViolation as error:
            return str(error)
        except HiddenNeeded:
            shown = []  # the hands it needs are shown at its place
        except KeyError as error:
            if not (error.args and is_stand_in(error.args[0])):
                raise
            # The action ends a round, whose score needs every hand (they will all be shown
            # before it counts). What it turns up of my own hand (the extra 1s of a 1+1) does
            # not depend on the others' cards: see it on made-up faces for theirs.
            shown, keep = self._shown_by_guess(action, moves)
        assert self.fair is not None
        if not self.ordering.turns:
            # It counts at its place in the table's order; whatever it shows is shown there.
            self.send_move(action)
            self._run()
            return None
        slots = [self._slot_of(face, self.seat) for _, face in shown]
        assert self.fair.outbox is not None
        self.own[self.fair.outbox.seq] = action
        played = Played(self.layer.redact(action), tuple(shown))
        self.outgoing.extend(self.fair.play(slots, encode(played), keep=keep))
        self._run()
        return None

    def send_move(self, action: Any) -> int:
        """Send an action that the table places in its own order (no turns); its seq."""
        fair = self.fair
        assert fair is not None and fair.outbox is not None
        seq = fair.outbox.seq
        self.own[seq] = action
        slots = self._named_slots(action)
        self.outgoing.extend(fair.move(encode(Played(self.layer.redact(action))), slots))
        return seq

    def _named_slots(self, action: Any) -> list[int]:
        """The masked slots of the cards my move names: bound ones, else where their faces
        are among my cards (a card re-masked since it was last bound)."""
        if self.bindings is None or self.binding_layer is None:
            return []
        faces = self.state.cards.faces
        bound = self.bindings.slot_of
        return [
            bound[t] if t in bound else self._slot_of(faces[t], self.seat)
            for t in self.binding_layer.named_cards(action)
        ]

    def tick(self) -> None:
        """The network has been quiet: send a tick if another seat's move waits on one from
        this seat (a game without turns). The driver calls it; it sends at most one frame."""
        if not self.halted:
            self.outgoing.extend(self.ordering.tick())

    def receive(self, data: bytes, sender: Seat) -> None:
        """A frame that arrived on `sender`'s connection."""
        if self.over or not 0 <= sender < self.spec.seats or sender == self.seat:
            return
        try:
            number = _round_of(data)
        except (EnvelopeError, ValueError) as error:
            self.notes.append(f"dropped a frame from seat {sender}: {error}")
            return
        if number < self.round:
            return  # a late frame of a finished round: void
        queue = self.waiting.setdefault(number, {}).setdefault(sender, deque())
        if len(queue) >= MAX_WAITING:
            self.notes.append(f"seat {sender} sent too many frames ahead of the table")
            return
        self.ordering.received(number, sender, data)
        queue.append(data)
        self._run()

    def time_out(self) -> list[Accusation]:
        """The table's patience ran out: name every seat the round waits for (a message of
        the fair protocol, a turn, a hand to show). The round is void; the table stops."""
        if self.fair is None or self.halted or self.over:
            return []
        found = self.fair.overdue() or idle(self.waits_for())
        self.accusations.extend(found)
        return found

    # ---- the loop -------------------------------------------------------------------------

    def _run(self) -> None:
        if self.running:
            return  # a bot acting from `on_turn`: the loop it was called from goes on
        self.running = True
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
            self.running = False
        if self.fair is not None and self.fair.accusations and not self.accusations:
            self.accusations.extend(self.fair.accusations)
        if self.halted and not was_halted:
            self.outgoing.extend(self.ordering.last_word())

    def _deliver_one(self) -> bool:
        fair = self.fair
        if fair is None:
            return False
        queues = self.waiting.get(self.round, {})
        for sender in sorted(queues):
            queue = queues[sender]
            if queue and self.ordering.deliverable(sender, queue[0]):
                self.outgoing.extend(fair.receive(queue.popleft(), sender))
                if fair.accusations:
                    self.accusations.extend(fair.accusations)
                return True
        return False

    def expects(self, seat: Seat) -> bool:
        """Whether the public state waits for a message from `seat` now."""
        fair = self.fair
        assert fair is not None
        phase = fair.phase
        if phase == Phase.KEYS:
            return seat not in fair.key_shares
        if phase == Phase.SEEDS:
            return seat not in fair.jr.seeds
        if phase == Phase.SHUFFLE:
            return seat == fair.shuffle_turn
        if phase == Phase.SECRETS:
            return seat not in fair.revealed_secrets
        if phase != Phase.READY:
            return False
        if fair.op is not None:
            return seat in fair.op.owed
        if fair.queue:
            return False
        return self.expects_play(seat)

    def expects_play(self, seat: Seat) -> bool:
        fair = self.fair
        if fair is None or self.cursor != len(fair.actions):
            return False
        pending = self.pending
        if pending is not None:
            return bool(pending.owners) and pending.owners is not None and pending.owners[0] == seat
        if not self.ordering.turns:
            return False  # a move is placed by the ordering policy, never played at once
        return self.dealt and not self.ending and seat in self.game.to_act(self.state)

    def _idle(self) -> bool:
        fair = self.fair
        return (
            fair is not None
            and fair.ready
            and self.dealt
            and not self.ending
            and self.pending is None
            and self.cursor == len(fair.actions)
        )

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
        if self.cursor < len(fair.actions):
            self._take_play()
            return True
        if self.pending is not None:
            return self._resolve(self.pending)
        if self.ending:
            return False
        if self.layer.round_over(self.state):
            self._to(Stage.ENDING)
            self.outgoing.extend(fair.end_round())
            return True
        if self.ordering.place_next():
            return True
        if self.ordering.turns and self.on_turn is not None and self.may_act():
            before = len(fair.log)
            self.on_turn(self)
            return len(fair.log) != before
        return False

    # ---- rounds ---------------------------------------------------------------------------

    def _begin_round(self) -> None:
        self.round += 1
        self.seed = b""
        self._to(Stage.OPENING)
        self.cursor = 0
        self.pending = None
        self.rounds.append(RoundRecord(self.round))
        self.round_start = self.state
        if self.bindings is not None:
            self.bindings.clear()
        deck_id, self.deck = self.layer.deck(self.state, self.spec.table)
        setup = self.spec.round_setup(self.round, deck_id, len(self.deck))
        restarted = self.carry is not None and self.round == self.start_round
        if restarted:
            setup = replace(setup, carry=self.carry)
        fair = self.peer_factory(setup, self.seat, self.identity, self.rng)
        if restarted:
            fair.carried_seed = self.carried_seed
        fair.may_play = self.expects_play
        fair.check_play = self._check_play
        fair.stamp = self.ordering.stamper()
        self.fair = fair
        self.ordering.begin_round()
        self.outgoing.extend(fair.start())
        for number in [n for n in self.waiting if n < self.round]:
            del self.waiting[number]

    def _open_round(self) -> None:
        fair = self.fair
        assert fair is not None
        self._to(Stage.DEALING)
        self.seed = fair.round_seed
        opening = self.layer.opening(self.state, self.seed)
        if opening.deck:
            self.deck = opening.deck
        plan = [owner for _, owner in opening.slots]
        self.outgoing.extend(fair.deal(plan))
        self.pile = {t: slot for slot, (t, owner) in enumerate(opening.slots) if owner is None}
        if self.bindings is not None:
            self.bindings.bind((t, slot) for slot, (t, owner) in enumerate(opening.slots))
        turned_up = self._turned_up(opening.action)
        if turned_up:
            self.outgoing.extend(fair.reveal(list(turned_up.values())))

    def _absorb_deal(self) -> None:
        fair = self.fair
        assert fair is not None
        opening = self.layer.opening(self.state, self.seed)
        turned_up = self._turned_up(opening.action)
        faces = self._pile_faces(turned_up)
        if len(faces) < len(turned_up):
            self._cut_short()
            return
        completed = self._completed(self.state, faces)
        step = self.game.apply(completed, opening.action)
        mine = tuple(
            (token, self.deck[fair.known[slot]])
            for slot, (token, owner) in enumerate(opening.slots)
            if owner == self.seat
        )
        events: list[Event] = []
        for event in events_for(step.events, self.seat):
            if isinstance(event, FacesShown):
                continue  # the engine's own shuffle: the masked deck dealt other faces
            events.append(event)
        if mine:
            # The seat's hand arrives with the deal, just after the event that dealt it.
            at = next(
                (i + 1 for i, e in enumerate(events) if _names_tokens(e, {t for t, _ in mine})),
                len(events),
            )
            events.insert(at, FacesShown(mine, to=(self.seat,)))
        self._fold(events)
        self._to(Stage.PLAYING)

    def _finish_round(self) -> None:
        fair = self.fair
        assert fair is not None
        record = self.rounds[-1]
        record.end = self.state
        record.replay = GameReplay(self.layer, self.deck, self.round_start)
        record.audit = audit(
            fair.setup, fair.log.envelopes, fair.requests, record.replay, self._check_play
        )
        if record.audit.accusation is not None:
            self.accusations.append(record.audit.accusation)  # the round is void: stop here
            return
        if self.game.is_over(self.state) or self.cut_short:
            self._to(Stage.OVER)
            return
        if self.hold_rounds:
            self._to(Stage.RESTING)
            return
        self._begin_round()

    # ---- plays ----------------------------------------------------------------------------

    def _take_play(self) -> None:
        fair = self.fair
        assert fair is not None
        seat, blob = fair.actions[self.cursor]
        self.cursor += 1
        body = decode(blob)
        if isinstance(body, Shown):
            pending = self.pending
            assert pending is not None and pending.owners and pending.owners[0] == seat
            hidden = set(self._hidden_hand(seat, pending.revealed))
            if {t for t, _ in body.shown} != hidden or body.seat != seat:
                self._accuse(seat, "showed other cards than its hidden hand")
                return
            if not self._bind_named(seat, [t for t, _ in body.shown], self.cursor - 1):
                return
            pending.revealed.update(body.shown)
            pending.owners.pop(0)
            pending.shown_sent = False
            return
        assert isinstance(body, Played)
        action = body.action
        if seat == self.seat:
            envelope = fair.marks.get(("play", self.cursor - 1))
            action = self.own.pop(envelope.seq) if envelope is not None else action
            # Its private part is drawn at its place, from the state the audit will replay.
            action = private_part(self.layer, self.state, action, fair.secrets.x)
        if getattr(action, "seat", seat) != seat:
            self._accuse(seat, "played in another seat's name")
            return
        named = self.binding_layer.named_cards(action) if self.binding_layer is not None else ()
        # (a card not in its hand: the engine names it at the move's place below)
        in_hand = set(named) <= set(self._hand_tokens(self.state, seat))
        if named and in_hand and not self._bind_named(seat, named, self.cursor - 1):
            return
        self.pending = _Pending(seat, action, dict(body.shown))

    def _bind_named(self, seat: Seat, tokens: Sequence[Token], index: int) -> bool:
        """At once, on every seat: the slots play `index` names are those of its cards,
        token for token, as bound so far (F-BIND); then they are bound. False: named."""
        fair = self.fair
        if self.bindings is None or fair is None:
            return True
        slots = next(
            (tuple(e[3]) for e in reversed(fair.history) if e[0] == "play" and e[4] == index),
            (),
        )
        problem = ""
        if len(slots) != len(tokens):
            problem = f"named {len(slots)} masked slots for its {len(tokens)} cards"
        else:
            problem = self.bindings.conflict(zip(tokens, slots, strict=True))
        if problem:
            self._accuse(seat, problem, rule="F-BIND", envelope=fair.marks.get(("play", index)))
            return False
        self.bindings.bind(zip(tokens, slots, strict=True))
        return True

    def _check_play(self, seat: Seat, blob: bytes, faces: list[int]) -> str:
        """At once, on every seat: the cards a play turned up are the faces it names."""
        try:
            body = decode(blob)
        except ValueError as error:
            return f"sent a play that cannot be read ({error})"
        if not isinstance(body, Played | Shown):
            return "sent a play of an unknown kind"
        named = [face for _, face in body.shown]
        turned = [self.deck[i] if 0 <= i < len(self.deck) else "?" for i in faces]
        if named != turned:
            return f"turned up {turned} but named {named}: it played a card it does not hold"
        return ""

    def _resolve(self, pending: _Pending) -> bool:
        fair = self.fair
        assert fair is not None
        if pending.owners is None:
            pending.owners = self._owners_to_show(pending)
            pending.reveals_all = bool(pending.owners)
            return True
        if pending.owners:
            if pending.owners[0] == self.seat and not pending.shown_sent:
                pending.shown_sent = True
                self._show_hand(pending)
                return True
            return False
        if pending.moves is None and pending.reveals_all:
            # What was shown may show that the rules need more hands (a valid declaration).
            more = self._owners_to_show(pending)
            if more:
                pending.owners = more
                return True
        if pending.turned_up is None:
            pending.turned_up = self._turned_up(pending.action)
            if pending.turned_up:
                self.outgoing.extend(fair.reveal(list(pending.turned_up.values())))
                return True
        if pending.turned_up:
            faces = self._pile_faces(pending.turned_up)
            if len(faces) < len(pending.turned_up):
                return self._cut_short()
            pending.revealed.update(faces)
            pending.turned_up = {}
        if pending.moves is None:
            completed = self._completed(self.state, pending.revealed)
            pending.moves = self.layer.secret_moves(completed, pending.action, self.seat)
            pending.draws_from = len(fair.history)
            transfers = [m for m in pending.moves if m.tokens]
            if transfers:
                assert self.bindings is not None, "a transfer follows bound slots"
                sides = [(m.holder, m.drawer, self.bindings.slots(m.tokens)) for m in transfers]
                self.outgoing.extend(fair.transfer(sides))
            for move in pending.moves:
                if not move.tokens:
                    self._request_move(move)
            return True
        moved_slots = self._moved_slots(pending)
        if pending.reveals_all and not pending.reveal_requested:
            pending.reveal_requested = True
            hidden = [s for s in moved_slots if len(fair.shares[s]) < fair.setup.seats]
            if hidden:
                self.outgoing.extend(fair.reveal(hidden))
                return True
        moved = [self._face(s) for s in moved_slots]
        self._apply(pending, moved)
        return True

    def _owners_to_show(self, pending: _Pending) -> list[Seat]:
        """Ask the rules, on the public state, whether this action needs hidden faces."""
        if not any(self._hidden_hand(s, pending.revealed) for s in range(self.spec.seats)):
            return []  # nobody holds a hidden card (gutters has no hands): nothing to show
        public = self.public_completed(pending.revealed)
        try:
            moves = self.layer.secret_moves(public, pending.action, None)
            trial, action = self.layer.complete(
                public, pending.action, [None] * sum(m.count for m in moves), -1
            )
            self.game.apply(trial, action)
        except HiddenNeeded as error:
            return [s for s in error.seats if self._hidden_hand(s, pending.revealed)]
        except KeyError as error:
            if error.args and is_stand_in(error.args[0]):
                return [
                    s
                    for s in self.layer.revealed_by_rules(self.state)
                    if self._hidden_hand(s, pending.revealed)
                ]
            raise
        except RuleViolation:
            return []  # refused at its place below, with the rule's message
        return []

    def _show_hand(self, pending: _Pending) -> None:
        fair = self.fair
        assert fair is not None
        tokens = self._hidden_hand(self.seat, pending.revealed)
        faces = self.state.cards.faces
        shown = tuple((t, faces[t]) for t in tokens)
        bound = self.bindings.slot_of if self.bindings is not None else {}
        try:
            slots = [bound[t] if t in bound else self._slot_of(f, self.seat) for t, f in shown]
        except LookupError as error:
            # My replica and the cards I hold disagree (a broken or cheating program): show
            # the cards I hold; every other seat names the difference at once.
            self.notes.append(f"showing the cards I hold: {error}")
            held = [s for s in fair.hand(self.seat) if len(fair.shares[s]) < fair.setup.seats]
            slots = held[: len(shown)]
        self.outgoing.extend(fair.play(slots, encode(Shown(self.seat, shown)), keep=True))

    def _request_move(self, move: SecretMove) -> None:
        fair = self.fair
        assert fair is not None
        if move.chooser == self.seat:
            fair.choose_positions = self._chooser(move)
        keep: list[int] = []
        if move.kept and self.bindings is not None:
            keep = [self.bindings.slot_of[t] for t in move.kept if t in self.bindings.slot_of]
        self.outgoing.extend(
            fair.draw(move.holder, move.drawer, move.count, move.chooser, keep=keep)
        )

    def _chooser(self, move: SecretMove) -> Callable[[Operation], list[int]]:
        def choose(op: Operation) -> list[int]:
            fair = self.fair
            assert fair is not None
            fair.choose_positions = None
            wanted = list(move.faces) or ([move.face] if move.face is not None else [])
            if not wanted:
                return list(move.picks)
            picks: list[int] = []
            for j, slot in enumerate(op.hand):
                face = self._face(slot)
                if face in wanted:
                    wanted.remove(face)
                    picks.append(j)
            return picks

        return choose

    def _moved_slots(self, pending: _Pending) -> list[int]:
        fair = self.fair
        assert fair is not None
        slots: list[int] = []
        for entry in fair.history[pending.draws_from :]:
            if entry[0] in ("draw", "transfer"):
                slots.extend(entry[3])
        return slots

    def _apply(self, pending: _Pending, moved: Sequence[Face | None]) -> None:
        before = self.state
        completed = self._completed(before, pending.revealed)
        try:
            state, action = self.layer.complete(completed, pending.action, moved, self.seat)
            step = self.game.apply(state, action)
        except RuleViolation as error:
            self._accuse(getattr(error, "seat", pending.seat), f"an illegal move: {error}")
            return
        mine = events_for(step.events, self.seat)
        if carries_stand_in(mine):
            raise AssertionError(f"seat {self.seat} would learn a face it was never shown")
        self._rebind(pending, step.events)
        self.pending = None
        self._fold(mine)
        for face, seat in self.layer.takes(before, action, step.events):
            self.outgoing.extend(self._take(face, seat))

    def _rebind(self, pending: _Pending, events: Sequence[Event]) -> None:
        """A transfer's cards keep their slots under their new tokens; bindings of slots that
        are gone (handed over, re-shuffled) are dropped."""
        fair = self.fair
        if self.bindings is None or self.binding_layer is None or fair is None:
            return
        transfers = [m for m in pending.moves or [] if m.tokens]
        moved = [e for e in fair.history[pending.draws_from :] if e[0] == "transfer"]
        landed = {
            t: slot
            for m, entry in zip(transfers, moved, strict=False)
            for t, slot in zip(m.tokens, entry[3], strict=True)
        }
        renamed = self.binding_layer.renamed(events)
        self.bindings.bind((new, landed[old]) for old, new in renamed if old in landed)
        self.bindings.prune(lambda slot: fair.live[slot])

    def _take(self, face: Face, seat: Seat) -> list[bytes]:
        fair = self.fair
        assert fair is not None
        return fair.take(self._slot_of(face, None), seat)

    def _fold(self, events: Sequence[Event]) -> None:
        state = self.state
        steps = []
        for event in events:
            state = self.game.absorb(state, event)
            steps.append(TableStep(event, self.game.view(state, self.seat)))
        self.state = state
        # The view after the last event is the view of the new state (views are immutable).
        self.rounds[-1].views.append(steps[-1].view if steps else self.game.view(state, self.seat))
        if steps:
            self.updates.append(TableUpdate(tuple(steps), steps[-1].view))

    def _accuse(
        self, seat: Seat, detail: str, rule: str = "F-GAME", envelope: Envelope | None = None
    ) -> None:
        fair = self.fair
        if envelope is None and fair is not None:
            envelope = fair.current
        evidence = (envelope,) if envelope is not None else ()
        message = (envelope.sender, envelope.seq) if envelope is not None else None
        self.accusations.append(Accusation(seat, rule, detail, message, evidence, AT_ONCE))
        if fair is not None:
            fair.accusations.append(self.accusations[-1])

    # ---- knowledge ------------------------------------------------------------------------

    def _completed(self, state: Any, revealed: dict[Token, Face]) -> Any:
        """My state with the faces turned up for the pending play, and stand-ins for the rest."""
        key = (False, tuple(revealed.items()))
        known = self._made.get(key)
        if known is not None and known[0] is state:
            return known[1]
        cards: Cards = state.cards
        if revealed:
            cards = with_faces(cards, revealed.items(), None)
        cards = with_stand_ins(cards, self.layer.hidden_tokens(state))
        completed = _with_cards(state, cards)
        self._remember(key, state, completed)
        return completed

    def public_completed(self, revealed: dict[Token, Face]) -> Any:
        """The state as every seat sees it, with the faces turned up for the pending play, and
        stand-ins for the rest."""
        key = (True, tuple(revealed.items()))
        known = self._made.get(key)
        if known is not None and known[0] is self.state:
            return known[1]
        public = self.state.cards.as_seen_by(-1)
        if revealed:
            public = with_faces(public, revealed.items(), None)
        public = with_stand_ins(public, self.layer.hidden_tokens(self.state))
        completed = _with_cards(self.state, public)
        self._remember(key, self.state, completed)
        return completed

    def _remember(self, key: tuple[bool, tuple[Any, ...]], state: Any, completed: Any) -> None:
        """A completed state, kept while `state` is the one it was made from: a move's path
        (the rules' check, its secret moves, its place) completes the same state several
        times. States are immutable; a new state makes every one of these stale."""
        if any(made is not state for made, _ in self._made.values()):
            self._made.clear()
        self._made[key] = (state, completed)

    def _shown_by_guess(
        self, action: Any, moves: list[SecretMove]
    ) -> tuple[list[tuple[Token, Face]], bool]:
        """`_shown_by` for an action whose outcome needs faces I do not know: the round's
        other faces are dealt at random to the cards I cannot see, on a copy used only here."""
        cards: Cards = self._completed(self.state, {}).cards
        unseen = Counter(self.deck) - Counter(f for f in cards.faces.values() if not is_stand_in(f))
        pool = list(unseen.elements())
        hidden = [t for t, f in cards.faces.items() if is_stand_in(f)]
        if len(pool) < len(hidden):
            return list(self.layer.named_faces(action)), False
        guessed = with_faces(cards, zip(hidden, pool, strict=False), ())
        trial, trial_action = self.layer.complete(
            _with_cards(self.state, guessed),
            action,
            [None] * sum(m.count for m in moves),
            self.seat,
        )
        return self._shown_by(action, self.game.apply(trial, trial_action).state)

    def _shown_by(self, action: Any, after: Any) -> tuple[list[tuple[Token, Face]], bool]:
        """My cards an action turns face up, and whether they stay in my hand.

        Cards the action names (a pair) and cards that leave my hand face up go onto the
        table; cards shown but kept are shown with the hand when the rules show it, unless the
        action shows nothing else (a declaration: the hand stays, face up)."""
        before = self.state.cards
        public_after = {t for t, s in after.cards.seen_by.items() if s is None}
        kept = set(self._hand_tokens(after, self.seat))
        mine = [t for t in self._hand_tokens(self.state, self.seat) if t in public_after]
        moving = list(self.layer.named_faces(action))
        named = {t for t, _ in moving}
        moving += [(t, after.cards.faces[t]) for t in mine if t not in kept and t not in named]
        if moving:
            return moving, False
        shown = [(t, after.cards.faces[t]) for t in mine if before.seen_by.get(t) is not None]
        return shown, True

    def _hand_tokens(self, state: Any, seat: Seat) -> tuple[Token, ...]:
        hands = getattr(state, "hands", None)  # gutters has no hands, only a pile
        return tuple(hands[seat]) if hands else ()

    def _turned_up(self, action: Any) -> dict[Token, int]:
        """Pile cards the rules turn face up with `action` (token -> masked slot)."""
        if self.pile_layer is None:
            return {}
        return {t: self.pile[t] for t in self.pile_layer.turns_up(self.state, action)}

    def _pile_faces(self, turned_up: dict[Token, int]) -> dict[Token, Face]:
        """Their faces, once every seat's share for them is published (a masked card that
        opens to no card is left out: a false shuffle put it there)."""
        faces = {t: self._face(slot) for t, slot in turned_up.items()}
        return {t: face for t, face in faces.items() if face is not None}

    def _cut_short(self) -> bool:
        """A pile card turned up as no card: every share was proven, so a shuffle was false.
        The game cannot go on; the round ends here and its audit names the shuffler."""
        fair = self.fair
        assert fair is not None
        self.notes.append("a card of the pile turned up as no card; the audit names who")
        self._to(Stage.ENDING)
        self.cut_short = True
        self.outgoing.extend(fair.end_round())
        return True

    def _hidden_hand(self, seat: Seat, revealed: dict[Token, Face]) -> list[Token]:
        seen = self.state.cards.seen_by
        return [
            t
            for t in self._hand_tokens(self.state, seat)
            if seen.get(t, frozenset()) is not None and t not in revealed
        ]

    def _face(self, slot: int) -> Face | None:
        fair = self.fair
        assert fair is not None
        index = fair.known.get(slot)
        return None if index is None else self.deck[index]

    def _slot_of(self, face: Face, owner: Seat | None) -> int:
        fair = self.fair
        assert fair is not None
        for slot, index in fair.known.items():
            if fair.live[slot] and fair.owner[slot] == owner and self.deck[index] == face:
                return slot
        raise LookupError(f"no card {face} held by {owner} among the masked cards")


def _round_of(data: bytes) -> int:
    envelope = Envelope.decode(data)
    body = msgpack.unpackb(envelope.body, raw=False, strict_map_key=True, max_map_len=16)
    number = body.get("r") if isinstance(body, dict) else None
    if type(number) is not int or number < 1:
        raise ValueError("a message names its round")
    return number


def _with_cards(state: Any, cards: Cards) -> Any:
    evolve = getattr(state, "evolve", None)
    if evolve is not None:
        return evolve(cards=cards)
    from dataclasses import replace

    return replace(state, cards=cards)


def _names_tokens(event: Event, tokens: set[Token]) -> bool:
    hands = getattr(event, "hands", None)
    if isinstance(hands, tuple):
        return any(t in tokens for hand in hands if isinstance(hand, tuple) for t in hand)
    return False


__all__ = ["CHANCE", "RoundRecord", "SeatRuntime"]
