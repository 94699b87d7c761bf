"""The plain values of a fair round: its setup, a pending step, a peer's secrets, and the
wire form of masked cards (64 bytes each: C1 then C2)."""

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

import msgpack

from lanpurr.fair import group
from lanpurr.fair.accusation import Fault
from lanpurr.fair.blind_draw import Ticket
from lanpurr.fair.group import Point, Scalar
from lanpurr.fair.joint_random import Carry
from lanpurr.fair.masked_deck import Masked, ShuffleSecret
from lanpurr.fair.shuffle_proof import Shuffled

MAX_CARDS = 512
"""Cards a deck, a message's list or a move may hold at most."""
MAX_SLOTS = 1 << 16
"""Masked slots a round may number: every hand-over and re-shuffle adds some, and a long round
of Purrfect (hundreds of swaps while a person thinks) goes well past a deck's 512."""


class Phase(StrEnum):
    """Where a fair round is (docs/fair-play.md, "The protocol of one round"). READY: the
    deck is shuffled and the round runs its operations (deal, plays, draws) one at a time."""

    KEYS = "keys"
    SEEDS = "seeds"
    SHUFFLE = "shuffle"
    READY = "ready"
    SECRETS = "secrets"
    DONE = "done"


PHASE_STEPS: dict[Phase, frozenset[Phase]] = {
    Phase.KEYS: frozenset({Phase.SEEDS}),  # every key share in
    Phase.SEEDS: frozenset({Phase.SHUFFLE, Phase.READY}),  # every seed in (and every shuffle)
    Phase.SHUFFLE: frozenset({Phase.READY}),  # the last shuffle in, every proof checked
    Phase.READY: frozenset({Phase.SECRETS}),  # the game's `end_round`, its turn in the queue
    Phase.SECRETS: frozenset({Phase.DONE}),  # every seat's secrets in
    Phase.DONE: frozenset(),
}
"""The phases a fair round may go to from each phase: the only steps `PeerState.enter` takes."""


class IllegalPhaseStep(RuntimeError):
    """A step between phases that PHASE_STEPS does not hold: a bug in the peer, never a peer's
    doing (a peer's message in the wrong phase is refused before it can move the round)."""


@dataclass(frozen=True)
class RoundSetup:
    """What every peer agrees on before a round starts."""

    table: bytes
    round: int
    members: tuple[bytes, ...]
    """Public keys, in seat order."""
    deck_id: str
    deck_size: int
    shuffle_proofs: bool = True
    """Every deck shuffle and every hand re-shuffle before a draw carries a proof that every
    peer checks at once (docs/decisions/0010). Off only to measure what the proofs cost: a bad
    shuffle is then caught at the audit, at the end of the round."""
    carry: Carry | None = None
    """A restart of a void round: the seeds it keeps (joint_random.Carry); None for a fresh one."""
    face_up: int = 0
    """Cards face up on the table from the round's start, outside the shuffle (a round that
    goes on where it stood: Momistigri's pile): cards deck_size … deck_size+face_up−1, each
    a slot after the deck's from the deal on, masked with the public randomness 1 (as the deck
    before any shuffle), so that the seats' key shares are its shares and nobody sends any."""
    shuffle_order: tuple[int, ...] = ()
    """The seats in the order they shuffle the deck; empty: seat order. The table groups the
    seats each laptop plays, so that the deck crosses the network once per laptop, not once
    per seat (docs/decisions/0055)."""
    blind_draws: bool = False
    """Each seat's key, and each pick of a blind draw read on arrival, carry a ticket for its
    next blind draw (lanpurr.fair.blind_draw; docs/decisions/0057): a game whose turns draw
    blind from a hand (Momistigri), with shuffle proofs on: the carried shares rest on them."""

    def __post_init__(self) -> None:
        if self.shuffle_order and sorted(self.shuffle_order) != list(range(self.seats)):
            raise ValueError("a shuffle order names every seat once")
        if self.blind_draws and not self.shuffle_proofs:
            raise ValueError("blind draws read on arrival rest on the shuffle proofs")

    @property
    def seats(self) -> int:
        return len(self.members)

    @property
    def shufflers(self) -> tuple[int, ...]:
        """The seats in the order they shuffle."""
        return self.shuffle_order or tuple(range(self.seats))

    def context(self, *parts: object) -> bytes:
        """The transcript position a proof belongs to (Fiat–Shamir context)."""
        packed: bytes = msgpack.packb([self.table, self.round, *parts], use_bin_type=True)
        return packed


@dataclass
class Operation:
    """A public step that several seats must answer; `owed` names who still owes a message."""

    kind: str
    step: int
    owed: set[int]
    slots: list[int] = field(default_factory=list)
    holder: int = -1
    drawer: int = -1
    count: int = 0
    hand: list[int] = field(default_factory=list)
    """For a draw: the holder's hand before its re-shuffle, then (pick) the re-shuffled slots;
    for a draw's shares: the slots the drawer took (`slots` is the whole re-shuffled hand)."""
    to: int = -1
    play: int = -1
    to_table: bool = False
    """For the reveal that follows a play: the play's index in `actions`."""
    sides: list[tuple[int, int, list[int]]] = field(default_factory=list)
    """For a transfer: (holder, receiver, slots) per side; the fresh slots once handed over."""
    ticket: Point = b""
    """For a blind draw read on arrival: the drawer's ticket point for the hand's size (the
    holder seals its shares under it); empty for a draw whose shares follow the pick."""
    carried: list[int] = field(default_factory=list)
    """For a draw read on arrival: the seats whose published shares the re-shuffle carries
    (every seat but the holder and the drawer)."""
    sealed: tuple[list[Point], list[Point]] = field(default_factory=lambda: ([], []))
    """For its pick: the E_j and the sealed shares F_j of the re-shuffled hand, in its order."""


@dataclass
class DeckShuffles:
    """The deck's shuffles, one per seat in the round's shuffle order (written by the
    shuffle's handler)."""

    order: tuple[int, ...]
    """The seats in the order they shuffle (`RoundSetup.shuffle_order`)."""
    turn: int = 0
    """How many seats have shuffled: `order[turn]` is due next."""
    decks: list[list[Masked]] = field(default_factory=list)
    """The deck before the first shuffle, then after each: what the audit reads back."""
    unchecked: list[tuple[int, Shuffled]] = field(default_factory=list)
    """Other seats' deck shuffles whose proofs are checked together after the last one."""

    @property
    def due(self) -> int | None:
        """The seat whose shuffle is due; None once every seat has shuffled."""
        return self.order[self.turn] if self.turn < len(self.order) else None


@dataclass
class Remaskings:
    """Cards re-masked as they change hands: hand re-shuffles and hand-overs (written by their
    handlers, peer_checks.py), and the masks of this seat's own (by peer_outgoing.py, which
    makes them)."""

    hand_shuffles: dict[int, tuple[int, list[Masked], list[Masked]]] = field(default_factory=dict)
    """By step: the holder, its hand before and after its re-shuffle (the audit reads them)."""
    handed: dict[int, list[tuple[Masked, dict[int, Point]]]] = field(default_factory=dict)
    """A pending transfer's re-masked cards, by holder, each with the shares its holder carried
    (its own among them, by seat), until every side is in."""
    remasks: dict[tuple[int, int], Scalar] = field(default_factory=dict)
    """The masks of my hand-over at a step, by (step, index), until its slots are made."""
    came_from: dict[int, tuple[int, Scalar]] = field(default_factory=dict)
    """For each slot that my own hand re-shuffle or hand-over put out: the slot it re-masked
    and the mask, so that I can prove where a card I handed came from (peer_held.py)."""


@dataclass
class Secrets:
    """What a peer keeps to itself until the audit."""

    x: Scalar = b""
    seed: bytes = b""
    seed_nonce: bytes = b""
    shuffle: ShuffleSecret | None = None
    hands: dict[int, ShuffleSecret] = field(default_factory=dict)
    gifts: dict[int, Scalar] = field(default_factory=dict)
    ticket: Ticket | None = None
    """The ticket this seat last published for its next blind draw."""


def blob(deck: Sequence[tuple[Point, ...]]) -> bytes:
    """Masked cards on the wire: C1 then C2 of each (a wide card's other columns go apart)."""
    return b"".join(card[0] + card[1] for card in deck)


def unblob(
    blob: object, n: int, what: str, rule: str = "F-FORM", *, validate: bool = True
) -> list[Masked]:
    """The masked cards of a message. `validate=False` leaves the points unchecked: only for
    cards that a proof of a shuffle checked at once multiplies one by one (libsodium's
    multiplication refuses exactly what `point_from_peer` refuses), or for this peer's own."""
    if not isinstance(blob, bytes) or len(blob) % 64:
        raise Fault("F-FORM", f"{what} must be masked cards of 64 bytes each")
    if len(blob) != 64 * n:
        raise Fault(rule, f"{what} holds {len(blob) // 64} cards instead of {n}")
    if not validate:
        return [(blob[64 * i : 64 * i + 32], blob[64 * i + 32 : 64 * i + 64]) for i in range(n)]
    try:
        return [
            (
                group.point_from_peer(blob[64 * i : 64 * i + 32], what),
                group.point_from_peer(blob[64 * i + 32 : 64 * i + 64], what),
            )
            for i in range(n)
        ]
    except group.GroupError as error:
        raise Fault("F-FORM", str(error)) from None


def scalars_blob(values: Sequence[Scalar]) -> bytes:
    return b"".join(values)
