"""The small records a seat's fields are grouped in, each written by the one layer that owns
it and read by the others (runtime.py lists the layers; docs/decisions/0044).

What other packages read or set (who the seat is, its replica, its stage, what it has to hand
over, the settings a driver gives it) stays on the seat itself (seat_base.py)."""

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Self

from lanpurr.core.cards import Face, Token
from lanpurr.core.game import Seat
from lanpurr.fair.group import Randomness, os_randomness
from lanpurr.fair.identity import Identity
from lanpurr.fair.joint_random import Carried, Carry
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import RoundSetup
from lanpurr.seat.layer import (
    BindingLayer,
    EarlyDrawLayer,
    EvidenceLayer,
    GameLayer,
    PileLayer,
    PromiseLayer,
    SecretMove,
)

PeerFactory = Callable[[RoundSetup, int, Identity, Randomness], FairPeer]


@dataclass(frozen=True)
class SeatSettings:
    """What the seat was built with besides its identity and its game (seat_base.py only)."""

    rng: Randomness = os_randomness
    """This seat's own randomness, which each round's fair peer draws from."""
    peer_factory: PeerFactory = FairPeer
    """How a round's fair peer is made (a test's cheating peer, a recording one)."""
    keep_views: bool = False
    """Keep the replica's view after every play in the round's record (`RoundRecord.views`)."""


@dataclass(frozen=True)
class LayerRoles:
    """The game's layer once more for each optional part it plays, None for a part it does not
    (seat_base.py only)."""

    pile: PileLayer | None
    binding: BindingLayer | None
    evidence: EvidenceLayer | None
    promise: PromiseLayer | None
    early: EarlyDrawLayer | None = None

    @classmethod
    def of(cls, layer: GameLayer) -> Self:
        return cls(
            pile=layer if isinstance(layer, PileLayer) else None,
            binding=layer if isinstance(layer, BindingLayer) else None,
            evidence=layer if isinstance(layer, EvidenceLayer) else None,
            promise=layer if isinstance(layer, PromiseLayer) else None,
            early=layer if isinstance(layer, EarlyDrawLayer) else None,
        )


@dataclass
class RoundNow:
    """The round under way: its number, its fair peer and what it dealt (rounds.py only; made
    new at each round's start)."""

    number: int
    start: Any
    """The game's state when the round began: what its audit replays from."""
    fair: FairPeer | None = None
    deck: tuple[Face, ...] = ()
    """The round's faces, by their index in the masked deck (face-up cards too)."""
    seed: bytes = b""
    """The round's joint seed, once the fair peer has it (the opening is drawn from it)."""
    pile: dict[Token, int] = field(default_factory=dict)
    """The round's face-down pile: token -> masked slot (the opening's ownerless slots)."""


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
    early: tuple[Any, ...] = ()
    """Its events drawn at once, before its hand-overs came (`SeatPlays._show_early`)."""


@dataclass(frozen=True)
class EarlyDraw:
    """A blind draw asked for before the action that needs it was played (own_moves.py's
    `_draw_early`): that action binds to it when it takes its place."""

    move: SecretMove
    draws_from: int
    """Length of the fair history when it was asked for."""


@dataclass
class RoundPlays:
    """The round's plays as they take their place (play_steps.py, and promises.py beneath it,
    only; made new at each round's start)."""

    cursor: int = 0
    """How many of the fair peer's `actions` have been taken."""
    pending: Pending | None = None
    handed_for: dict[tuple[int, ...], Any] = field(default_factory=dict)
    """The action each transfer of the round was for, by the slots a side named: what the
    faces a receiver turns over are judged against (`_judge_handed`)."""
    promised_for: dict[int, Any] = field(default_factory=dict)
    """By play index: the round's moves that promised something about their mover's hand,
    what cards shown by the seat that handed them are judged against (`_judge_held`)."""
    cut_short: bool = False
    """A false card turned up from the pile: the round ends for its audit, the game too."""
    early: EarlyDraw | None = None
    """The draw asked for early that the next play binds to (None: none is open or done)."""
    waiting: Any = None
    """My player's action, chosen while its early draw was still under way: it is played as
    soon as this seat may act (a click then is not refused)."""


@dataclass
class Inbox:
    """Frames received and not handed to the fair peer yet, and the loop that hands them on
    (runtime.py only)."""

    queues: dict[int, dict[Seat, deque[bytes]]] = field(default_factory=dict)
    """Per round, per sender: its frames in the order it sent them."""
    evidence: dict[int, set[bytes]] = field(default_factory=dict)
    """Per round: received frames that turn cards over as evidence, handed on out of turn."""
    ended: dict[int, set[Seat]] = field(default_factory=dict)
    """Per round: the senders whose secrets came (nothing later of theirs is read)."""
    running: bool = False
    """The loop is running (a bot acting from `on_turn` calls back into it)."""

    def forget_before(self, number: int) -> None:
        """Frames of rounds before `number` are void."""
        for table in (self.queues, self.evidence, self.ended):
            for old in [n for n in table if n < number]:
                del table[old]


@dataclass
class Completions:
    """Completed states made from one state (knowledge.py only): a move's path completes the
    same state several times."""

    made: dict[tuple[bool, tuple[Any, ...]], tuple[Any, Any]] = field(default_factory=dict)
    """By (public, faces revealed): the state it was made from, and the completed state."""


@dataclass(frozen=True)
class Restart:
    """Where a seat started from a kept state (rounds.py's `start_from` only)."""

    carry: Carry | None = None
    """A restarted round's carried luck; its round is `start_round`."""
    carried_seed: tuple[Carried, bytes, bytes] | None = None
    """This seat's own seed of that void round."""
    start_round: int = 1
