"""A seat's secrets end what it says in a round: a frame it sends after them is dropped by every
seat alike, whether that seat has finished the round already or still waits for another
seat's secrets. Read by some seats and not by others, such a frame split the table: those that
still read the round named its sender at once and stopped, and those that had moved on then
timed out on them and named an honest seat."""

import random
from typing import Any

import pytest

from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import Phase
from lanpurr.games.purrfect.bots import HeuristicBot
from lanpurr.seat.harness import seat_table

CHEATER = 1


class TickAfterSecrets(FairPeer):
    """Once its round-1 secrets are out, sends one more tick of that round, stamped 1 (below
    its earlier stamps: F-ORDER for any seat that reads it)."""

    sent = False

    def _next_frame(self) -> bytes | None:
        frame = super()._next_frame()
        if frame is not None or self.sent or self.setup.round != 1:
            return frame
        if self.phase not in (Phase.SECRETS, Phase.DONE) or self.seat not in self.revealed_secrets:
            return None
        self.sent = True
        honest = self.hooks.stamp
        assert honest is not None

        def stamp(body: dict[str, Any]) -> None:
            honest(body)
            body["t"] = 1

        self.hooks.stamp = stamp
        try:
            return self._send({"k": "tick"})
        finally:
            self.hooks.stamp = honest


@pytest.mark.parametrize("seed", [1, 3])  # seeds where the table split before
def test_a_tick_sent_after_a_seats_secrets_is_dropped_by_every_seat_and_names_nobody(
    seed: int,
) -> None:
    bots = [HeuristicBot().choose for _ in range(4)]
    table = seat_table(
        "purrfect", 4, bots, random.Random(seed), factories={CHEATER: TickAfterSecrets}
    )
    table.run(max_frames=200_000)
    for runtime in table.runtimes:
        runtime.time_out()
    honest = [r for r in table.runtimes if r.seat != CHEATER]
    assert all(r.accusations == [] for r in honest)
    assert all(r.over for r in honest)
    assert len({r.state.results for r in honest}) == 1  # the same rounds, scored alike
    assert any("after its secrets" in note for r in honest for note in r.notes), (
        "the late tick never reached a seat"
    )
