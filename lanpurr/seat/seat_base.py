"""The fields of one seat at a table and the records it keeps, with the few helpers every
layer of the seat uses: its round's stage and naming a seat at once.

The seat is built in layers, each a class on top of the one before it (runtime.py has the
list); a layer calls only what it or a layer below defines, plus the two hooks declared
here, which the runtime fills in."""

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Self

from lanpurr.core.cards import Face, Token
from lanpurr.core.game import Seat
from lanpurr.fair.accusation import AT_ONCE, Accusation
from lanpurr.fair.audit import AuditResult
from lanpurr.fair.envelope import Envelope
from lanpurr.fair.group import Randomness, os_randomness
from lanpurr.fair.identity import Identity
from lanpurr.fair.joint_random import Carried, Carry
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import RoundSetup
from lanpurr.seat.bindings import Bindings
from lanpurr.seat.layer import (
    BindingLayer,
    EvidenceLayer,
    GameLayer,
    PileLayer,
    PromiseLayer,
    SecretMove,
)
from lanpurr.seat.ordering import OrderingPolicy
from lanpurr.seat.replay import GameReplay
from lanpurr.seat.stage import STEPS, IllegalStep, Stage
from lanpurr.seat.table import TableSpec, TableUpdate

PeerFactory = Callable[[RoundSetup, int, Identity, Randomness], FairPeer]


@dataclass
class Pending:
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
    index: int = -1
    """The play's index in the fair peer's `actions`."""


@dataclass
class RoundRecord:
    """What a seat keeps of a round: its audit, how many plays it folded, and (when the seat
    keeps them) its replica after every play."""

    number: int
    audit: AuditResult | None = None
    replay: GameReplay | None = None
    """The audit's full-knowledge replay: its states are what the replica must agree with."""
    plays: int = 0
    views: list[Any] = field(default_factory=list)
    """Only with `SeatBase.keep_views`: the whole-game checks compare them with the replay's
    states; a laptop's seats keep none (a long round's views were most of what its seats hold)."""
    end: Any = None
    """The game's state when the round ended (its scores)."""


class SeatBase:
    """One seat's fields: its table, its knowledge, its round and what it has to send."""

    def __init__(
        self,
        spec: TableSpec,
        seat: Seat,
        identity: Identity,
        layer: GameLayer,
        *,
        rng: Randomness = os_randomness,
        peer_factory: PeerFactory = FairPeer,
        on_turn: Callable[[Self], Any] | None = None,
        keep_views: bool = False,
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
        self.keep_views = keep_views
        self.state: Any = layer.new_state(spec.seats, dict(spec.options))
        self.fair: FairPeer | None = None
        self.round = 0
        self.rounds: list[RoundRecord] = []
        self.deck: tuple[Face, ...] = ()
        self.seed = b""
        self.stage = Stage.WAITING
        self.cursor = 0
        self.pending: Pending | None = None
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
        self.evidence_layer = layer if isinstance(layer, EvidenceLayer) else None
        self.handed_for: dict[tuple[int, ...], Any] = {}
        """The action each transfer of the round was for, by the slots a side named: what the
        faces a receiver turns over are judged against (`_judge_handed`)."""
        self.promise_layer = layer if isinstance(layer, PromiseLayer) else None
        self.promised_for: dict[int, Any] = {}
        """By play index: the round's moves that promised something about their mover's hand,
        what cards shown by the seat that handed them are judged against (`_judge_held`)."""
        self.evidence_frames: dict[int, set[bytes]] = {}
        """Per round: received frames that turn cards over as evidence, handed on out of turn."""
        self.running = False
        self._made: dict[tuple[bool, tuple[Any, ...]], tuple[Any, Any]] = {}
        """Completed states made from one state (`_completed`), by (public, faces revealed)."""
        self.hold_rounds = False
        """Wait for `next_round` after each round (a person reading the scores); bots go on."""
        self.carry: Carry | None = None
        """A restarted round's carried luck (start_from); its round is `start_round`."""
        self.carried_seed: tuple[Carried, bytes, bytes] | None = None
        self.start_round = 1
        self.ordering: OrderingPolicy = self._ordering()

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

    @property
    def halted(self) -> bool:
        return bool(self.accusations) or (self.fair is not None and self.fair.halted)

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

    # ---- hooks of the runtime -------------------------------------------------------------

    def _ordering(self) -> OrderingPolicy:
        """The ordering policy for this seat's game (SeatRuntime)."""
        raise NotImplementedError

    def _run(self) -> None:
        """Go on while the public state allows a step (SeatRuntime)."""
        raise NotImplementedError
