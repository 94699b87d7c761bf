"""A holder that aims the drawer's blind draw at the Mistigri.

`PickAwareHolder` plays every step honestly, with valid proofs, but when it must re-shuffle its
hand for a blind draw it first looks through everything it has received for the drawer's
chosen positions; if it finds them and holds the Mistigri, it re-shuffles with the Mistigri
exactly there. `HabitReader` needs no look: it puts the Mistigri where the drawer has always
clicked (the first card of the fan). Nothing either sends is false, so no proof and no audit
can catch it. The defences: the positions cannot reach the holder before its re-shuffle is
fixed, and the drawer's laptop sends a click through a permutation of its own, drawn after that
re-shuffle, so a habit tells the holder nothing; since protocol 16 most draws take the position
sealed in the drawer's ticket, drawn at random and hidden from the holder (decision 57). It
records every blind draw from its hand, so a test can compare how often the Mistigri left with
chance.
"""

from dataclasses import dataclass
from typing import Any

import msgpack

from lanpurr.core.wire import decode
from lanpurr.fair.group import random_scalar
from lanpurr.fair.masked_deck import Masked, ShuffleSecret, apply_shuffle, random_permutation
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import Operation
from lanpurr.games.momistigri.deck import MISTIGRI, deck_for
from lanpurr.seat.seat_base import PeerFactory


@dataclass(frozen=True)
class BlindDraw:
    """One blind draw from the cheater's hand, as the cheater saw it."""

    hand: int
    count: int
    held: bool
    """The Mistigri was in the hand drawn from."""
    steered: bool
    """The cheater put the Mistigri where it expected the drawer to draw (the positions it
    had found, or the drawer's habit)."""
    gave: bool
    """The Mistigri was among the cards drawn."""

    @property
    def chance(self) -> float:
        """The probability that an honest hand gives the Mistigri away in this draw."""
        return self.count / self.hand if self.held else 0.0


class PickAwareHolder(FairPeer):
    draws: list[BlindDraw]

    def _mistigri(self) -> int:
        return list(deck_for(self.setup.seats)).index(MISTIGRI)

    def _announced_positions(self) -> tuple[int, ...]:
        """Any positions the drawer has let out: in the game action of its latest play, or in
        any other message of this step it has already sent."""
        for _, blob in reversed(self.actions):
            action = getattr(decode(blob), "action", None)
            picks = getattr(action, "picks", ())
            if picks:
                return tuple(picks)
            break
        for envelope in reversed(self.log.envelopes):
            body = msgpack.unpackb(envelope.body, raw=False)
            if body.get("k") == "pick" and body.get("step") == self.step:
                return tuple(body["positions"])
        return ()

    def _aim(self) -> tuple[int, ...]:
        """Where to put the Mistigri: the drawer's positions, if it can find them."""
        return self._announced_positions()

    def hand_order(self, hand: list[Masked]) -> tuple[list[Masked], ShuffleSecret]:
        op = self.op
        mistigri = self._mistigri()
        hand_slots = op.hand if op is not None else []
        where = [i for i, slot in enumerate(hand_slots) if self.known.get(slot) == mistigri]
        picks = self._aim()
        self._steered = bool(picks)
        if op is None or op.to == self.seat or not picks or not where:
            return super().hand_order(hand)
        order = list(random_permutation(len(hand), self.rng))
        here, target = order.index(where[0]), picks[0]
        order[here], order[target] = order[target], order[here]
        secret = ShuffleSecret(tuple(order), tuple(random_scalar(self.rng) for _ in hand))
        return apply_shuffle(hand, self.key, secret), secret

    def _on_pick(self, seat: int, body: dict[str, Any]) -> None:
        op: Operation | None = self.op
        positions = body.get("positions")
        super()._on_pick(seat, body)
        if op is None or op.holder != self.seat or op.to == self.seat:
            return  # a card this seat chose itself (a 2+2 designation, a gift)
        mistigri = self._mistigri()
        faces = [self.known.get(slot) for slot in op.hand]
        self.draws.append(
            BlindDraw(
                hand=len(op.hand),
                count=op.count,
                held=mistigri in faces,
                steered=getattr(self, "_steered", False),
                gave=any(faces[p] == mistigri for p in positions or ()),
            )
        )


class HabitReader(PickAwareHolder):
    """A holder that has learnt from the public picks that the drawer takes the first card
    of the fan, and always re-shuffles with the Mistigri there (valid proofs all the same)."""

    def _aim(self) -> tuple[int, ...]:
        return (0,)


def pick_aware_holder(
    draws: list[BlindDraw], kind: type[PickAwareHolder] = PickAwareHolder
) -> PeerFactory:
    """A factory of cheating peers of `kind` that all record into `draws`."""

    def make(*args: Any) -> FairPeer:
        peer = kind(*args)
        peer.draws = draws
        return peer

    return make
