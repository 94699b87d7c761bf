"""Moves that promise something about their mover's hidden hand (a Momistigri pass under
`strict_discard`: no pair; a 1+1: no 1 left): every seat remembers them, and a seat that alone
sees one broken, by cards it handed the mover itself, shows those cards to every seat
(`FairPeer.show_held`) instead of naming the mover on its own word (docs/fair-play.md, "Lies
only one seat can see")."""

from itertools import combinations
from typing import Any

from lanpurr.core.game import Seat
from lanpurr.seat.own_moves import SeatMoves
from lanpurr.seat.records import Pending


class SeatPromises(SeatMoves):
    """The round's promises about hands, and the cards that show one broken."""

    def _note_promise(self, pending: Pending, before: Any) -> bool:
        """On every seat, as the move takes its place (its cards turned up, before the engine
        applies it): does it promise something about the cards its mover still hides?"""
        layer, fair = self.roles.promise, self.fair
        if layer is None or fair is None or pending.index < 0:
            return False
        if not layer.promises_of_hand(before, pending.action):
            return False
        named = layer.promised_cards(pending.action)
        bound = self.bindings.slot_of if self.bindings is not None else {}
        slots = [bound[t] for t in named if t in bound]
        if len(slots) < len(named):
            return False  # a card it does not hold: the engine names the move at its place
        self.plays.promised_for[pending.index] = pending.action
        fair.promised(pending.index, pending.seat, slots)
        return True

    def _promise_broken(self, pending: Pending) -> bool:
        """Whether the cards every seat sees in the mover's hand (face-up cards it took), or
        the fewest I handed it, show its move broke its promise. The first: every seat names
        it at once. The second: I show them to every seat, which judge them as I do (my own
        peer names the mover from my own message). False: nothing I see shows it."""
        layer, fair = self.roles.promise, self.fair
        mover = pending.seat
        if layer is None or fair is None or mover == self.seat:
            return False
        seats = fair.setup.seats
        promised = fair.showings.promises[pending.index][1]
        public = [
            self.deck[fair.known[slot]]
            for slot in promised
            if len(fair.shares[slot]) == seats and slot in fair.known
        ]
        lie = layer.hand_lie(pending.action, mover, public)
        if lie:
            self._accuse(mover, lie, envelope=fair.marks.get(("play", pending.index)))
            return True
        provable = fair.provable(promised)
        for size in range(1, len(provable) + 1):
            for chosen in combinations(sorted(provable), size):
                faces = [self.deck[provable[slot]] for slot in chosen]
                lie = layer.hand_lie(pending.action, mover, [*faces, *public])
                if lie:
                    self.notes.append(f"showing the cards I handed seat {mover}: {lie}")
                    self.outgoing.extend(fair.show_held(pending.index, mover, list(chosen)))
                    return fair.halted
        return False

    def _judge_held(self, play: int, mover: Seat, faces: list[int]) -> str | None:
        """The fair peer's question about cards of a hand shown as evidence: what rule the
        move broke ("" none), or None when this seat cannot tell."""
        action = self.plays.promised_for.get(play)
        if self.roles.promise is None or action is None:
            return None
        return self.roles.promise.hand_lie(action, mover, [self.deck[i] for i in faces])
