"""A lie about a hand that only the seat which handed it cards can see, made provable to all
(docs/fair-play.md, "Lies only one seat can see").

A move may promise something about its mover's hidden cards (a Momistigri pass under
`strict_discard`: "I hold no pair"; a Purrfect offer: "these are one cat"). The seat that
handed the mover some of those cards knows their faces, and nobody else does. It proves them,
without any share of the mover's: each card it handed is, in the mover's hand, the slot its own
hand re-shuffle or hand-over put out, and that slot is a re-masking, by the sum of the masks of
its own re-shuffles and hand-overs since (`came_from`), of the slot at which the card came
into its hand. Every other seat's proven share of that first slot is public already (it was dealt
or handed to this seat); this seat adds its own, with one DLEQ proof for all, and a DLEQ proof
of each re-masking. Every seat then reads the faces itself and asks the game whether the move
broke its promise: if so its mover is named; if not, the seat that showed them is (F-EXPOSE).
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from lanpurr.fair import group
from lanpurr.fair.accusation import Fault
from lanpurr.fair.envelope import Envelope
from lanpurr.fair.group import Randomness, Scalar, os_randomness
from lanpurr.fair.hooks import cannot_judge_held
from lanpurr.fair.identity import Identity
from lanpurr.fair.masked_deck import decryption_share, unmask
from lanpurr.fair.messages import Body
from lanpurr.fair.peer_evidence import PeerEvidence
from lanpurr.fair.proofs import prove_dleq, prove_dleq_many
from lanpurr.fair.round_state import MAX_CARDS, Phase, RoundSetup

HELD = "held"
"""The kind of the message that shows cards of another seat's hand, by the seat that handed
them (taken out of turn, as `expose`)."""


@dataclass
class Showings:
    """The promises moves made about hands, and the cards shown against them (written here
    only)."""

    promises: dict[int, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    """By play: its mover and the slots its promise is about (its hand when the play took its
    place, or the cards it names), for a play that promised something (the game says which)."""
    waiting: list[tuple[int, Body, Envelope]] = field(default_factory=list)
    """`held` messages about a play that has not taken its place here yet."""


class PeerHeld(PeerEvidence):
    """The hands that moves made promises about, and the `held` message."""

    def __init__(
        self,
        setup: RoundSetup,
        seat: int | None,
        identity: Identity | None,
        rng: Randomness = os_randomness,
    ) -> None:
        super().__init__(setup, seat, identity, rng)
        self.showings = Showings()

    # ---- what I can prove, and sending ---------------------------------------------------------

    def promised(self, play: int, mover: int, slots: Sequence[int] = ()) -> None:
        """Play `play` of `mover` promised something about these slots of its hand (none
        named: every card it holds now)."""
        self.showings.promises[play] = (mover, tuple(slots) or tuple(self.hand(mover)))
        if self.showings.waiting:
            self._release_held()

    def provable(self, slots: Sequence[int]) -> dict[int, int]:
        """Those of `slots` whose face I can prove (I handed them), with that face."""
        return {
            slot: self.known[slot]
            for slot in slots
            if slot in self.remaskings.came_from and slot in self.known
        }

    def show_held(self, play: int, mover: int, slots: list[int]) -> list[bytes]:
        """Show every seat the faces of these cards of `mover`'s hand, which I handed it."""
        frame = self._send(self.held_message(play, mover, slots))
        return [frame, *self._act()]

    def held_message(self, play: int, mover: int, slots: list[int]) -> Body:
        assert self.seat is not None
        firsts: list[int] = []
        links: list[bytes] = []
        for index, slot in enumerate(slots):
            first, s = self._traced(slot)
            firsts.append(first)
            old, new = self.cards[first], self.cards[slot]
            a, b = group.sub(new[0], old[0]), group.sub(new[1], old[1])
            context = self._link_context(self.seat, play, index)
            links.append(prove_dleq(s, group.GENERATOR, a, self.key, b, context, self.rng))
        shares = [decryption_share(self.secrets.x, self.cards[first]) for first in firsts]
        proof = prove_dleq_many(
            self.secrets.x,
            self.key_shares[self.seat],
            [self.cards[first][0] for first in firsts],
            shares,
            self.setup.context(self.seat, HELD, play, slots, firsts),
            self.rng,
        )
        return {
            "k": HELD,
            "play": play,
            "of": mover,
            "cards": [[slot, first] for slot, first in zip(slots, firsts, strict=True)],
            "links": links,
            "shares": shares,
            "proof": proof,
        }

    def _traced(self, slot: int) -> tuple[int, Scalar]:
        """The slot at which this card came into my hand, and the sum of the masks of my
        re-shuffles since: `slot` is that slot re-masked by it."""
        total = bytes(32)
        while slot in self.remaskings.came_from:
            slot, mask = self.remaskings.came_from[slot]
            total = group.s_add(total, mask)
        return slot, total

    def _link_context(self, seat: int, play: int, index: int) -> bytes:
        return self.setup.context(seat, HELD, play, "link", index)

    # ---- receiving -----------------------------------------------------------------------------

    def _on_held(self, seat: int, body: Body) -> None:
        cards, links, shares = body["cards"], body["links"], body["shares"]
        if (
            not 0 < len(cards) <= MAX_CARDS
            or not all(
                isinstance(c, list) and len(c) == 2 and all(type(v) is int for v in c)
                for c in cards
            )
            or len(links) != len(cards)
            or not all(isinstance(p, bytes) for p in links)
            or len(shares) != len(cards)
            or not all(isinstance(d, bytes) and len(d) == 32 for d in shares)
        ):
            raise Fault("F-FORM", "a showing names a play, its mover, cards, links and shares")
        if self.hooks.judge_held is cannot_judge_held:
            return  # an audit's observer: the play's promise is the seats' to judge
        if body["play"] not in self.showings.promises and self.phase is not Phase.SECRETS:
            # That play has not taken its place here yet: judged when it does.
            self.showings.waiting.append((seat, body, self._here()))
            return
        self._judge_held(seat, body, self._here())

    def _begin_secrets(self) -> None:
        super()._begin_secrets()
        if self.showings.waiting:
            self._release_held()  # no play takes its place any more

    def _release_held(self) -> None:
        waiting, self.showings.waiting = self.showings.waiting, []
        for seat, body, envelope in waiting:
            if body["play"] not in self.showings.promises and self.phase is not Phase.SECRETS:
                self.showings.waiting.append((seat, body, envelope))
                continue
            try:
                self._judge_held(seat, body, envelope)
            except Fault as fault:
                self._accuse(seat, fault.rule, fault.detail, envelope, (envelope,))
            if self.halted:
                return

    def _judge_held(self, seat: int, body: Body, envelope: Envelope) -> None:
        """Read the faces shown, with every seat's proven share, and name whoever lied."""
        play = body["play"]
        if play not in self.showings.promises:
            raise Fault("F-TURN", f"showed cards for play {play}, which promised nothing")
        mover, hand = self.showings.promises[play]
        if body["of"] != mover or seat == mover:
            raise Fault("F-TURN", f"showed cards of seat {body['of']} for play {play} of {mover}")
        slots = [slot for slot, _ in body["cards"]]
        firsts = [first for _, first in body["cards"]]
        if len(set(slots)) != len(slots) or not set(slots) <= set(hand):
            raise Fault(
                "F-TURN", f"showed cards that were not in seat {mover}'s hand at play {play}"
            )
        for first in firsts:
            if not 0 <= first < len(self.cards) or any(
                s not in self.shares[first] for s in range(self.setup.seats) if s != seat
            ):
                raise Fault("F-TURN", f"traced a card to slot {first}, which it did not hold")
        for index, (slot, first) in enumerate(body["cards"]):
            context = self._link_context(seat, play, index)
            link = body["links"][index]
            if not self._is_remask(self.cards[first], self.cards[slot], link, context):
                raise Fault("F-SHARE", f"card {index} it showed is not proven the card it traced")
        shares = body["shares"]
        context = self.setup.context(seat, HELD, play, slots, firsts)
        bases = [self.cards[first][0] for first in firsts]
        if not self._proven_shares(seat, bases, shares, body["proof"], context):
            raise Fault("F-SHARE", f"the shares it showed for play {play} are not proven")
        faces = []
        for first, share in zip(firsts, shares, strict=True):
            others = [d for s, d in self.shares[first].items() if s != seat]
            faces.append(self.lookup(unmask(self.cards[first], [*others, share])))
        n = self.setup.seats
        public = [
            self.known[slot]
            for slot in hand
            if slot not in slots and len(self.shares[slot]) == n and slot in self.known
        ]
        read = [face for face in faces if face is not None]
        if len(read) < len(faces):
            self.refused.append(f"seat {seat} showed a masked card that holds no card")
            return
        verdict = self.hooks.judge_held(play, mover, [*read, *public])
        if verdict is None:
            return
        if not verdict:
            raise Fault(
                "F-EXPOSE",
                f"showed, as evidence, cards of seat {mover}'s hand at play {play}, which break "
                "no rule",
            )
        moved = self.marks.get(("play", play))
        evidence = tuple(e for e in (moved, envelope) if e is not None)
        self._accuse(mover, "F-GAME", f"{verdict} (shown by seat {seat})", moved, evidence)
