"""The fields of one seat at a table and the records it keeps, with the few helpers every
layer of the seat uses: its round's stage and naming a seat at once.

What other packages read or set stays a field of the seat; the rest is grouped in small
records (records.py), each written by the one layer that owns it. The seat reads the round's
number, fair peer, deck, seed and start, and the pending play, through read-only properties:
only rounds.py and play_steps.py write them, in their records.

The seat is built in layers, each a class on top of the one before it (runtime.py has the
list); a layer calls only what it or a layer below defines, plus the two hooks declared
here, which the runtime fills in."""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Self

from lanpurr.core.cards import Face
from lanpurr.core.game import Seat
from lanpurr.fair.accusation import AT_ONCE, Accusation
from lanpurr.fair.audit import AuditResult
from lanpurr.fair.envelope import Envelope
from lanpurr.fair.group import Randomness, os_randomness
from lanpurr.fair.identity import Identity
from lanpurr.fair.protocol import FairPeer
from lanpurr.seat.bindings import Bindings
from lanpurr.seat.layer import GameLayer
from lanpurr.seat.ordering import OrderingPolicy
from lanpurr.seat.records import (
    Completions,
    Inbox,
    LayerRoles,
    PeerFactory,
    Pending,
    Restart,
    RoundNow,
    RoundPlays,
    SeatSettings,
)
from lanpurr.seat.replay import GameReplay
from lanpurr.seat.stage import STEPS, IllegalStep, Stage
from lanpurr.seat.table import TableSpec, TableUpdate

__all__ = ["PeerFactory", "RoundRecord", "SeatBase"]


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
    """Only with `SeatSettings.keep_views`: the whole-game checks compare them with the replay's
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
        self.settings = SeatSettings(rng, peer_factory, keep_views)
        self.roles = LayerRoles.of(layer)
        self.on_turn = on_turn
        """Called when this seat may act and nothing else is pending (a bot answers here)."""
        self.hold_rounds = False
        """Wait for `next_round` after each round (a person reading the scores); bots go on."""
        self.state: Any = layer.new_state(spec.seats, dict(spec.options))
        self.stage = Stage.WAITING
        self.now = RoundNow(0, self.state)
        self.plays = RoundPlays()
        self.rounds: list[RoundRecord] = []
        self.own: dict[int, Any] = {}
        """My own actions as I chose them, private parts included, by their message's seq."""
        self.bindings = Bindings() if self.roles.binding is not None else None
        """The round's token -> masked slot bindings, for a game whose moves name slots."""
        self.inbox = Inbox()
        self.outgoing: list[bytes] = []
        self.updates: list[TableUpdate] = []
        self.accusations: list[Accusation] = []
        self.notes: list[str] = []
        self.refused_later: list[str] = []
        """My player's choices that waited for the table and were refused when played: the
        driver says them to the player, as a refusal of a click."""
        self.completions = Completions()
        self.restart = Restart()
        self.ordering: OrderingPolicy = self._ordering()

    # ---- read by every layer, written in its record by the layer that owns it ----------------

    @property
    def round(self) -> int:
        return self.now.number

    @property
    def fair(self) -> FairPeer | None:
        return self.now.fair

    @property
    def deck(self) -> tuple[Face, ...]:
        return self.now.deck

    @property
    def seed(self) -> bytes:
        return self.now.seed

    @property
    def round_start(self) -> Any:
        return self.now.start

    @property
    def pending(self) -> Pending | None:
        return self.plays.pending

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
