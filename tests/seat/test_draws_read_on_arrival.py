"""A Momistigri blind draw is read on arrival (docs/decisions/0057): the holder's `hand`
carries every other seat's share of its re-shuffled cards but the drawer's, and its own share
of each card sealed under the drawer's ticket, so the drawer reads its card the moment the
`hand` is in, and its `pick` closes the draw: one message step from the holder's last move to
the drawer's card, where the pick and the shares after it took two more."""

import random
from typing import Any

from lanpurr.fair.protocol import FairPeer
from lanpurr.games.momistigri.bots import BOTS
from lanpurr.seat.harness import seat_table
from tests.seat.test_momistigri_seats import assert_agreed_and_fair


class Watching(FairPeer):
    """An honest peer that notes, for every draw, what its drawer knew when the `hand` came."""

    draws: list[tuple[bool, bool, int]]
    """(read on arrival, the drawer knew its card once the hand was in, the draw's count)."""
    steps: set[int]
    """The steps of the draws read on arrival."""
    late: list[int]
    """The steps of such draws for which a `shares` message came."""

    def _on_shares(self, seat: int, body: dict[str, Any]) -> None:
        if body.get("step") in self.steps:
            self.late.append(body["step"])
        super()._on_shares(seat, body)

    def _on_hand(self, seat: int, body: dict[str, Any]) -> None:
        op = self.op
        super()._on_hand(seat, body)
        pick = self.op
        if op is None or pick is None or self.seat != op.drawer:
            return
        known = False
        if op.ticket:
            self.steps.add(op.step)
            assert self.secrets.ticket is not None
            known = pick.hand[self.secrets.ticket.position(len(pick.hand))] in self.known
        self.draws.append((bool(op.ticket), known, op.count if op.to == op.drawer else -1))


def test_a_random_draw_is_read_by_its_drawer_on_the_holders_hand_and_owes_no_shares() -> None:
    draws: list[tuple[bool, bool, int]] = []
    late: list[int] = []

    def watching(*args: Any) -> FairPeer:
        peer = Watching(*args)
        peer.draws, peer.steps, peer.late = draws, set(), late
        return peer

    rng = random.Random(3)
    bots = [BOTS["heuristic"]().choose] * 4
    network = seat_table("momistigri", 4, bots, rng, factories=dict.fromkeys(range(4), watching))
    network.run(max_frames=200_000)
    assert all(r.over for r in network.runtimes)
    assert_agreed_and_fair(network)
    on_arrival = [d for d in draws if d[0]]
    # Every random draw of one card is read on arrival, and its drawer knew its card then;
    # only a 2+2's designated card (-1) and a 7+7's or 8+8's several cards take the old way.
    assert len(on_arrival) > 30, draws
    assert all(known for _, known, _ in on_arrival)
    assert all(count != 1 for read, _, count in draws if not read), draws
    assert late == []
