"""What one seat shows and who its round waits for: its view, the progress line, whether it
may act, which seat the public state expects a message from, and the timeout that names
every seat it waits for."""

from typing import Any

from lanpurr.core.game import Seat
from lanpurr.fair.accusation import Accusation
from lanpurr.fair.round_state import Phase
from lanpurr.seat.knowledge import SeatKnowledge
from lanpurr.seat.overdue import idle
from lanpurr.seat.table import TableUpdate


class SeatWaits(SeatKnowledge):
    """What the seat sees, and what the table waits for."""

    def current_view(self) -> Any:
        return self.game.view(self.state, self.seat)

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
        if fair.phase == Phase.KEYS:
            return (str(fair.phase), None)
        if fair.phase in (Phase.SEEDS, Phase.SHUFFLE) and fair.shuffles.due is not None:
            return ("shuffling", fair.shuffles.due)
        if fair.phase in (Phase.SEEDS, Phase.SHUFFLE):
            return ("seeds", None)
        if fair.phase in (Phase.SECRETS, Phase.DONE):
            return ("checking", None)
        if not self.dealt:
            return ("dealing", None)
        return ("playing", None)

    def may_act(self) -> bool:
        if self.ordering.turns:
            return (
                not self.halted
                and not self.over
                and self._idle()
                and self.seat in self.game.to_act(self.state)
            )
        # no turns: whenever the round runs and my last move has taken its place
        return self.pending is None and not self.ordering.busy() and self.in_play()

    def in_play(self) -> bool:
        """(A table without turns) The round is under way and this seat may move: now, or once
        the move taking its place (mine, or one being folded in) is in."""
        fair = self.fair
        return (
            not self.ordering.turns
            and fair is not None
            and fair.phase == Phase.READY
            and self.dealt
            and not self.ending
            and not self.halted
            and not self.over
            and self.seat in self.game.to_act(self.state)
        )

    def take_outgoing(self) -> list[bytes]:
        out, self.outgoing = self.outgoing, []
        return out

    def take_updates(self) -> list[TableUpdate]:
        out, self.updates = self.updates, []
        return out

    def expects(self, seat: Seat) -> bool:
        """Whether the public state waits for a message from `seat` now."""
        fair = self.fair
        assert fair is not None
        phase = fair.phase
        if phase == Phase.KEYS:
            return seat not in fair.key_shares
        if phase in (Phase.SEEDS, Phase.SHUFFLE):
            return seat not in fair.jr.seeds or seat == fair.shuffles.due
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
        if fair is None or self.plays.cursor != len(fair.actions):
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
            and self.plays.cursor == len(fair.actions)
        )

    def time_out(self) -> list[Accusation]:
        """The table's patience ran out: name every seat the round waits for (a message of
        the fair protocol, a turn, a hand to show). The round is void; the table stops."""
        if self.fair is None or self.halted or self.over:
            return []
        found = self.fair.overdue() or idle(self.waits_for())
        self.accusations.extend(found)
        return found
