"""An in-memory table: routes frames between peer objects in one agreed order, no sockets.

Every frame a peer sends goes to every other peer, in the order sent (the order a table's log
agrees on). Tests and benchmarks build peers here, some of them patched to cheat.
"""

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from lanpurr.fair.accusation import Accusation
from lanpurr.fair.group import Randomness, os_randomness
from lanpurr.fair.identity import Identity
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import RoundSetup

PeerFactory = Callable[[RoundSetup, int, Identity, Randomness], FairPeer]


class Table:
    def __init__(
        self,
        players: int,
        deck_size: int,
        *,
        deck_id: str = "test",
        shuffle_proofs: bool = True,
        factories: dict[int, PeerFactory] | None = None,
        rng: Randomness = os_randomness,
        round_no: int = 1,
        table: bytes | None = None,
    ) -> None:
        self.identities = [Identity.generate() for _ in range(players)]
        self.setup = RoundSetup(
            table=table if table is not None else rng(16),
            round=round_no,
            members=tuple(i.public_key for i in self.identities),
            deck_id=deck_id,
            deck_size=deck_size,
            shuffle_proofs=shuffle_proofs,
        )
        factories = factories or {}
        self.peers: list[FairPeer] = [
            factories.get(seat, FairPeer)(self.setup, seat, ident, rng)
            for seat, ident in enumerate(self.identities)
        ]
        self.pending: deque[tuple[int, bytes]] = deque()
        self.wire: list[tuple[int, bytes]] = []
        """Every frame sent, with its sender: what a network capture would show."""

    def post(self, seat: int, frames: Sequence[bytes]) -> None:
        for frame in frames:
            self.pending.append((seat, frame))
            self.wire.append((seat, frame))

    def run(self) -> None:
        """Deliver until nobody has anything more to say."""
        while self.pending:
            sender, frame = self.pending.popleft()
            for seat, peer in enumerate(self.peers):
                if seat != sender:
                    self.post(seat, peer.receive(frame, sender))

    def everyone(self, method: str, *args: Any) -> None:
        """Every peer takes the same step (as every peer's game layer would ask)."""
        for seat, peer in enumerate(self.peers):
            self.post(seat, getattr(peer, method)(*args))
        self.run()

    def start(self) -> None:
        self.everyone("start")

    def accusations(self, honest: Sequence[int] | None = None) -> dict[int, list[Accusation]]:
        seats = range(len(self.peers)) if honest is None else honest
        return {seat: self.peers[seat].accusations for seat in seats}

    @property
    def stalled(self) -> bool:
        """Nothing in flight, yet some peer still waits for a message."""
        return not self.pending and any(p.owed() for p in self.peers if not p.halted)

    def time_out(self) -> None:
        """The table's timeout expires: every peer names whoever still owes a message."""
        for peer in self.peers:
            if not peer.halted:
                peer.overdue()
