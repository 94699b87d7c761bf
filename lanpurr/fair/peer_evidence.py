"""A lie only one seat can see, made provable to all: the receiver of cards handed over face
down turns them over itself, as evidence (docs/fair-play.md, "Lies only one seat can see").

After a transfer every share of a card but its receiver's is public and proven (its holder's
own, and the ones it derived and carried in its hand-over), so the receiver alone reads it. If
what it reads breaks what the holder promised (a Purrfect offer of several cats), the receiver
publishes its own shares of exactly those cards, with one DLEQ proof, in an `expose` message.
Every seat then reads the faces itself and asks the game (`judge_handed`) whether they break
the holder's promise: if so the holder is named, with the signed messages that show it; if not,
the seat that turned them over is (F-EXPOSE), and a proof that fails names it too (F-SHARE).
Nobody's word counts: every seat reads the same faces from the same proven shares.
"""

from dataclasses import dataclass, field
from typing import Any

from lanpurr.fair.accusation import Fault
from lanpurr.fair.envelope import Envelope
from lanpurr.fair.group import Randomness, os_randomness
from lanpurr.fair.identity import Identity
from lanpurr.fair.masked_deck import decryption_share, unmask
from lanpurr.fair.messages import Body
from lanpurr.fair.peer_plays import PeerPlays
from lanpurr.fair.proofs import prove_dleq_many
from lanpurr.fair.round_state import MAX_CARDS, Operation, Phase, RoundSetup

EXPOSE = "expose"
"""The kind of the message that turns over cards handed to its sender (every phase after the
deck is shuffled lets it through: `SeatRuntime` hands it on out of turn)."""

Handover = tuple[int, int, tuple[int, ...], tuple[int, ...]]
"""One side of a closed transfer: (holder, receiver, the slots named, the fresh slots)."""


@dataclass
class Exposures:
    """Transfers side by side and the cards turned over about them (written here only)."""

    handovers: dict[int, list[Handover]] = field(default_factory=dict)
    """Every closed transfer, by step, side by side."""
    named_sides: dict[int, list[tuple[int, int, tuple[int, ...]]]] = field(default_factory=dict)
    """A transfer's sides as the game named them, until it closes."""
    exposed: set[tuple[int, int]] = field(default_factory=set)
    """(step, holder) of every side already turned over."""
    waiting: list[tuple[int, Body, Envelope]] = field(default_factory=list)
    """Exposures that arrived before their transfer closed here: judged when it does."""


class PeerEvidence(PeerPlays):
    """Transfers remembered side by side, and the `expose` message."""

    def __init__(
        self,
        setup: RoundSetup,
        seat: int | None,
        identity: Identity | None,
        rng: Randomness = os_randomness,
    ) -> None:
        super().__init__(setup, seat, identity, rng)
        self.exposures = Exposures()

    # ---- sending ----------------------------------------------------------------------------

    def handed_step(self, holder: int, receiver: int) -> int | None:
        """The last closed transfer in which `holder` handed cards to `receiver`."""
        steps = [
            step
            for step, sides in self.exposures.handovers.items()
            if any(h == holder and to == receiver for h, to, _, _ in sides)
        ]
        return max(steps, default=None)

    def expose(self, step: int, holder: int) -> list[bytes]:
        """Turn over, as evidence for every seat, the cards `holder` handed me at `step`."""
        frame = self._send(self.expose_message(step, holder))
        return [frame, *self._act()]

    def expose_message(self, step: int, holder: int) -> Body:
        assert self.seat is not None
        fresh = self._side(step, holder, self.seat)[3]
        shares = [decryption_share(self.secrets.x, self.cards[slot]) for slot in fresh]
        proof = prove_dleq_many(
            self.secrets.x,
            self.key_shares[self.seat],
            [self.cards[slot][0] for slot in fresh],
            shares,
            self.setup.context(self.seat, EXPOSE, step, list(fresh)),
            self.rng,
        )
        return {"k": EXPOSE, "step": step, "from": holder, "shares": shares, "proof": proof}

    # ---- transfers, side by side -------------------------------------------------------------

    def _begin_transfer(self, sides: tuple[tuple[int, int, tuple[int, ...]], ...]) -> None:
        super()._begin_transfer(sides)
        self.exposures.named_sides[self.step] = [(h, to, tuple(slots)) for h, to, slots in sides]

    def _on_shares(self, seat: int, body: Body) -> None:
        op = self.op
        if op is not None and op.kind == "transfer-shares" and body.get("step") == op.step:
            # Evidence, if a side is turned over (perhaps as this very message closes the step).
            self.marks[("shares", op.step, seat)] = self._here()
        super()._on_shares(seat, body)

    def _closed(self, op: Operation) -> None:
        super()._closed(op)
        if op.kind == "transfer-shares":
            named = self.exposures.named_sides.pop(op.step, [])
            self.exposures.handovers[op.step] = [
                (holder, to, old, tuple(fresh))
                for (holder, to, old), (_, _, fresh) in zip(named, op.sides, strict=True)
            ]
        if self.exposures.waiting:
            self._release()

    # ---- receiving ---------------------------------------------------------------------------

    def _on_expose(self, seat: int, body: Body) -> None:
        step, holder, shares = body["step"], body["from"], body["shares"]
        if len(shares) > MAX_CARDS or not all(
            isinstance(d, bytes) and len(d) == 32 for d in shares
        ):
            raise Fault("F-FORM", "an exposure names a step, a holder, and carries shares")
        if (step, holder) in self.exposures.exposed or any(
            (s, b["step"], b["from"]) == (seat, step, holder) for s, b, _ in self.exposures.waiting
        ):
            raise Fault("F-TURN", f"turned over the cards of step {step} twice")
        if self._unclosed(step):
            # Its transfer has not closed here yet (another seat's share is on its way).
            self.exposures.waiting.append((seat, body, self._here()))
            return
        self._judge(seat, body, self._here())

    def _unclosed(self, step: int) -> bool:
        """Whether a transfer of `step` may still close here: it is open, or still to come
        while the round plays on."""
        if step in self.exposures.handovers:
            return False
        if self.op is not None and self.op.step == step:
            return True
        return step > self.step and self.phase is Phase.READY

    def _begin_secrets(self) -> None:
        super()._begin_secrets()
        if self.exposures.waiting:
            self._release()  # no transfer comes any more: what still waits names its sender

    def _release(self) -> None:
        """Judge the held exposures whose transfer has closed (or can no longer be one). A
        held message is judged while another seat's message is handled: what it breaks is
        its own sender's, named with its own envelope."""
        waiting, self.exposures.waiting = self.exposures.waiting, []
        for seat, body, envelope in waiting:
            if self._unclosed(body["step"]):
                self.exposures.waiting.append((seat, body, envelope))
                continue
            try:
                self._judge(seat, body, envelope)
            except Fault as fault:
                self._accuse(seat, fault.rule, fault.detail, envelope, (envelope,))
            if self.halted:
                return

    def _side(self, step: int, holder: int, receiver: int) -> Handover:
        for side in self.exposures.handovers.get(step, []):
            if side[0] == holder and side[1] == receiver:
                return side
        raise Fault("F-TURN", f"seat {holder} handed it no cards at step {step}")

    def _judge(self, seat: int, body: Body, envelope: Envelope) -> None:
        """Read the faces of the side turned over, with every seat's proven share, and name
        whoever lied: the holder (the game's rule) or the exposer."""
        step, holder = body["step"], body["from"]
        _, _, named, fresh = self._side(step, holder, seat)
        self.exposures.exposed.add((step, holder))
        shares = body["shares"]
        if len(shares) != len(fresh):
            raise Fault("F-SHARE", f"must turn over its {len(fresh)} cards with one share each")
        if seat != self.seat:
            self._check_exposed(seat, step, fresh, shares, body["proof"])
        faces = [
            self.lookup(unmask(self.cards[slot], [*self.shares[slot].values(), share]))
            for slot, share in zip(fresh, shares, strict=True)
        ]
        read = [face for face in faces if face is not None]
        if len(read) < len(faces):
            # Every share is proven, so a shuffle put a card of no deck there: the audit
            # names who. Nobody here can be named for it.
            self.refused.append(f"seat {seat} turned over a masked card that holds no card")
            return
        verdict = self.hooks.judge_handed(holder, seat, named, read)
        if verdict is None:
            return
        if not verdict:
            raise Fault(
                "F-EXPOSE",
                f"turned over, as evidence, the cards seat {holder} handed it at step {step}, "
                "which break no rule",
            )
        handed = self.marks.get(("transfer", step, holder))
        shared = [
            self.marks[("shares", step, s)]
            for s in range(self.setup.seats)
            if s != seat and ("shares", step, s) in self.marks
        ]
        evidence = tuple(e for e in (handed, envelope, *shared) if e is not None)
        self._accuse(holder, "F-GAME", f"{verdict} (turned over by seat {seat})", handed, evidence)

    def _check_exposed(
        self, seat: int, step: int, fresh: tuple[int, ...], shares: list[Any], proof: object
    ) -> None:
        context = self.setup.context(seat, EXPOSE, step, list(fresh))
        bases = [self.cards[slot][0] for slot in fresh]
        if not self._proven_shares(seat, bases, shares, proof, context):
            raise Fault("F-SHARE", f"the shares it turned over for step {step} are not proven")
