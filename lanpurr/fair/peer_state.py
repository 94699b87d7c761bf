"""The fields of one fair peer for one round, and the few helpers every layer of it uses:
sending a signed message, the envelope being handled, naming a cheater at once, a new slot.

The peer is built in layers, each a class on top of the one before it (protocol.py has the
list); a layer calls only what it or a layer below defines, plus the two hooks declared
here, which the layers above fill in."""

from typing import Any

import msgpack

from lanpurr.fair.accusation import AT_ONCE, Accusation
from lanpurr.fair.envelope import Envelope, Outbox, SignedLog
from lanpurr.fair.group import Point, Randomness, os_randomness
from lanpurr.fair.hooks import GameHooks
from lanpurr.fair.identity import Identity
from lanpurr.fair.joint_random import Carried, JointRandom
from lanpurr.fair.masked_deck import Masked, card_lookup, card_points
from lanpurr.fair.round_state import (
    MAX_CARDS,
    PHASE_STEPS,
    DeckShuffles,
    IllegalPhaseStep,
    Operation,
    Phase,
    Remaskings,
    RoundSetup,
    Secrets,
)


class PeerState:
    """One seat's fields for a round (or, with `identity=None`, a silent observer's)."""

    def __init__(
        self,
        setup: RoundSetup,
        seat: int | None,
        identity: Identity | None,
        rng: Randomness = os_randomness,
    ) -> None:
        if setup.deck_size < 1 or setup.deck_size > MAX_CARDS:
            raise ValueError(f"a deck has 1 to {MAX_CARDS} cards")
        self.setup = setup
        self.seat = seat
        self.rng = rng
        self.outbox = Outbox(identity, setup.table) if identity is not None else None
        self.log = SignedLog(setup.table, setup.members)
        self.accusations: list[Accusation] = []
        self.refused: list[str] = []
        """Frames dropped without blame (malformed bytes cannot be pinned on anyone)."""
        self.secrets = Secrets()
        self.points = card_points(setup.deck_id, setup.deck_size + setup.face_up)
        self.lookup = card_lookup(self.points)
        self.key_shares: dict[int, Point] = {}
        self.key: Point = b""
        self.jr = JointRandom(setup.table, setup.round, "round-seed", setup.members, setup.carry)
        self.phase = Phase.KEYS
        self.shuffles = DeckShuffles(setup.shufflers)
        self.cards: list[Masked] = []
        self.owner: list[int | None] = []
        self.live: list[bool] = []
        self.shares: list[dict[int, Point]] = []
        self.known: dict[int, int] = {}
        """slot -> card index, for every slot whose face this peer knows."""
        self.op: Operation | None = None
        self.queue: list[tuple[str, tuple[Any, ...]]] = []
        self.step = 0
        self.revealed_secrets: dict[int, dict[str, Any]] = {}
        self.actions: list[tuple[int, bytes]] = []
        self.hooks = GameHooks()
        """What the game above this peer answers it (written by that game only)."""
        self.requests: list[tuple[int, str, tuple[Any, ...]]] = []
        """(log length when asked, operation, arguments): the schedule an audit replays."""
        self.marks: dict[tuple[Any, ...], Envelope] = {}
        """The envelope behind each shuffle, hand re-shuffle, play and secret, for evidence."""
        self.current: Envelope | None = None
        self.history: list[tuple[Any, ...]] = []
        """Every completed step in log order: what a game replays at the audit."""
        self.held: dict[tuple[int, int], tuple[bytes, tuple[int, ...], Envelope]] = {}
        """Moves the game orders itself, by (seat, seq), until an `order` request places them."""
        self.remaskings = Remaskings()
        self.tickets: dict[int, list[Point]] = {}
        """Each seat's ticket points for its next blind draw, until a draw uses them."""
        self.ticket_points: set[Point] = set()
        """Every ticket point sent in the round (none may come twice)."""
        self.carried_seed: tuple[Carried, bytes, bytes] | None = None
        """In a restart: this seat's commitment of the void round, its seed and nonce, which it
        opens again instead of drawing a fresh seed (joint_random, "walking away never
        re-rolls")."""

    # ---- sending ----------------------------------------------------------------------

    def _send(self, body: dict[str, Any]) -> bytes:
        assert self.outbox is not None
        body = {"k": body.pop("k"), "r": self.setup.round, **body}
        if self.hooks.stamp is not None:
            self.hooks.stamp(body)
        envelope = self.outbox.seal(msgpack.packb(body, use_bin_type=True))
        self._deliver(envelope, self.seat if self.seat is not None else -1)
        return envelope.encode()

    def _here(self) -> Envelope:
        assert self.current is not None
        return self.current

    @property
    def halted(self) -> bool:
        return bool(self.accusations)

    def _accuse(
        self,
        seat: int,
        rule: str,
        detail: str,
        envelope: Envelope | None,
        evidence: tuple[Envelope, ...],
    ) -> None:
        message = (envelope.sender, envelope.seq) if envelope is not None else None
        self.accusations.append(Accusation(seat, rule, detail, message, evidence, AT_ONCE))

    def _enter(self, phase: Phase) -> None:
        """Every change of phase: a step PHASE_STEPS holds, or IllegalPhaseStep."""
        if phase not in PHASE_STEPS[self.phase]:
            raise IllegalPhaseStep(
                f"seat {self.seat}: a round goes from {self.phase} to "
                f"{' or '.join(PHASE_STEPS[self.phase]) or 'nowhere'}, "
                f"not to {phase}"
            )
        self.phase = phase

    def _new_slot(self, masked: Masked, owner: int | None) -> int:
        self.cards.append(masked)
        self.owner.append(owner)
        self.live.append(True)
        self.shares.append({})
        return len(self.cards) - 1

    # ---- hooks of the layers above --------------------------------------------------------

    def _deliver(self, envelope: Envelope, via: int) -> list[bytes]:
        """Take one signed message into the log and the machine (FairPeer)."""
        raise NotImplementedError

    def _act(self) -> list[bytes]:
        """What this peer sends now, given the public state (PeerOutgoing)."""
        raise NotImplementedError
