"""A small round script every cheat test runs: 3 seats, 12 cards, one of each operation."""

from collections.abc import Callable
from dataclasses import dataclass

from lanpurr.fair.accusation import Accusation
from lanpurr.fair.audit import AuditResult, audit
from lanpurr.fair.harness import PeerFactory, Table

PLAYERS = 3
DECK = 12
PLAN = [i % PLAYERS for i in range(DECK)]


@dataclass
class Outcome:
    table: Table
    cheater: int

    @property
    def honest(self) -> list[int]:
        return [s for s in range(PLAYERS) if s != self.cheater]

    def first_accusations(self) -> dict[int, Accusation | None]:
        return {
            s: (self.table.peers[s].accusations or [None])[0]  # type: ignore[list-item]
            for s in self.honest
        }

    def audits(self) -> dict[int, AuditResult]:
        return {
            s: audit(
                self.table.setup, self.table.peers[s].log.envelopes, self.table.peers[s].requests
            )
            for s in self.honest
        }


def play_round(
    cheater: int,
    factory: PeerFactory | None = None,
    *,
    proofs: bool = True,
    before_end: Callable[[Table], None] | None = None,
) -> Outcome:
    """Run the script until it ends or an honest peer halts; then time out anyone owing."""
    table = Table(
        PLAYERS,
        DECK,
        shuffle_proofs=proofs,
        factories={cheater: factory} if factory else None,
    )
    steps: list[Callable[[], None]] = [
        table.start,
        lambda: table.everyone("deal", PLAN),
        lambda: table.everyone("draw", 0, 1, 1),
        lambda: table.everyone("give", table.peers[2].hand(2)[0], 0),
        lambda: _play(table, 1),
        lambda: before_end(table) if before_end else None,
        lambda: table.everyone("end_round"),
    ]
    for step in steps:
        if any(table.peers[s].halted for s in range(PLAYERS) if s != cheater):
            break
        step()
        table.run()
        if table.stalled:
            break
    table.time_out()
    return Outcome(table, cheater)


def _play(table: Table, seat: int) -> None:
    table.post(seat, table.peers[seat].play(table.peers[seat].hand(seat)[:2], b"pair"))
