"""Patched fair peers, one per cheat of the catalogue in docs/fair-play.md.

Each subclass of `FairPeer` changes one message maker and otherwise plays honestly; a seat
runtime built with one (`seat_table(..., factories={seat: Cheat})`) sends what a patched
program on that seat's laptop would send, in a real game.
"""

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

import msgpack

from lanpurr.core.wire import decode, encode
from lanpurr.fair import group
from lanpurr.fair.blind_draw import Sealed, position_base
from lanpurr.fair.envelope import Envelope, seal
from lanpurr.fair.group import Point
from lanpurr.fair.identity import Identity
from lanpurr.fair.masked_deck import (
    Masked,
    ShuffleSecret,
    carried_on,
    decryption_share,
    remask,
)
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import Operation
from lanpurr.fair.shuffle_proof import Card, prove_shuffle
from lanpurr.games.purrfect.actions import AcceptOffer, OpenOffer
from lanpurr.games.purrfect.cats import cat_of
from lanpurr.seat.plays import Played
from tests.fair.encodings import NAMES, NEUTRAL, bad_encodings, negated


def _masked(face: int, peer: FairPeer) -> Masked:
    r = group.random_scalar()
    return group.base_mul(r), group.add(peer.points[face], group.mul(r, peer.key))


# ---- deck shuffles ------------------------------------------------------------------------


class DuplicatingShuffler(FairPeer):
    """Re-masks card 0 twice and drops another: a deck with a known card in two places."""

    def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret, proof = super().make_shuffle(deck)
        out[1] = remask(out[0], self.key, group.random_scalar())
        return out, secret, proof


class DroppingShuffler(FairPeer):
    def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret, proof = super().make_shuffle(deck)
        return out[:-1], secret, proof


class SubstitutingShuffler(FairPeer):
    """Replaces a card with a card of its own making (a card of no deck)."""

    def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret, proof = super().make_shuffle(deck)
        fake = group.hash_to_point(b"my own ace")
        r = group.random_scalar()
        out[3] = (group.base_mul(r), group.add(fake, group.mul(r, self.key)))
        return out, secret, proof


class OneCardSwapper(FairPeer):
    """Swaps one card for a fresh masking of card 0 (a card it wants to know the place of),
    sending the proof of its honest shuffle."""

    def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret, proof = super().make_shuffle(deck)
        out[5] = _masked(0, self)
        return out, secret, proof


class ProofReuser(FairPeer):
    """Sends its deck with the proof it saw seat 0 send."""

    def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret, _ = super().make_shuffle(deck)
        body = msgpack.unpackb(self.marks[("shuffle", 0)].body, raw=False)
        return out, secret, body["proof"]


class OtherDeckProver(FairPeer):
    """Shuffles twice, sends one deck with the proof of the other."""

    def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret, _ = super().make_shuffle(deck)
        _, _, proof = super().make_shuffle(deck)
        return out, secret, proof


class OutOfTurnShuffler(FairPeer):
    """Shuffles before its turn, hoping to go last and see the others' decks."""

    def _next_frame(self) -> bytes | None:
        if self.phase in ("seeds", "shuffle") and self.shuffles.turn < (self.seat or 0):
            self.shuffles.turn = self.seat or 0
        return super()._next_frame()


class LiarAboutItsShuffle(FairPeer):
    """Shuffles honestly but reveals a different permutation at the round's end."""

    def secrets_message(self) -> dict[str, Any]:
        body = super().secrets_message()
        perm = body["shuffle"][0]
        perm[0], perm[1] = perm[1], perm[0]
        return body


# ---- hand re-shuffles before a draw -------------------------------------------------------


class SteeringHolder(FairPeer):
    """Re-shuffles its hand so that every position holds the card it wants to give away."""

    def make_hand_shuffle(
        self, hand: list[Card], extra: Sequence[Point] = ()
    ) -> tuple[list[Card], ShuffleSecret, bytes]:
        out, secret, proof = super().make_hand_shuffle(hand, extra)
        return [remasked(hand[0], self.key, extra) for _ in out], secret, proof


def remasked(card: Card, key: Point, extra: Sequence[Point]) -> Card:
    """A fresh masking of a card, with the shares it carries (a draw read on arrival)."""
    s = group.random_scalar()
    return (*remask((card[0], card[1]), key, s), *carried_on(card[2:], extra, s))


class SteeringReShuffler(FairPeer):
    """Re-shuffles and proves honestly, then puts a fresh masking of the card it wants rid of
    in the place of another card: the drawer is twice as likely to take it."""

    def make_hand_shuffle(
        self, hand: list[Card], extra: Sequence[Point] = ()
    ) -> tuple[list[Card], ShuffleSecret, bytes]:
        out, secret, proof = super().make_hand_shuffle(hand, extra)
        if len(out) < 2:
            return out, secret, proof
        unwanted = secret.permutation.index(0)
        out[(unwanted + 1) % len(out)] = remasked(out[unwanted], self.key, extra)
        return out, secret, proof


class StaleContextHolder(FairPeer):
    """Proves its hand re-shuffle for another place in the round (the step before)."""

    def make_hand_shuffle(
        self, hand: list[Card], extra: Sequence[Point] = ()
    ) -> tuple[list[Card], ShuffleSecret, bytes]:
        out, secret, _ = super().make_hand_shuffle(hand, extra)
        context = self.setup.context(self.seat, "hand", self.step - 1)
        return out, secret, prove_shuffle(hand, out, self.key, secret, context, extra=extra)


class OtherHandProver(FairPeer):
    """Proves the shuffle of a hand it did not send."""

    def make_hand_shuffle(
        self, hand: list[Card], extra: Sequence[Point] = ()
    ) -> tuple[list[Card], ShuffleSecret, bytes]:
        out, secret, _ = super().make_hand_shuffle(hand, extra)
        _, _, proof = super().make_hand_shuffle(hand, extra)
        return out, secret, proof


MALFORMED = [
    "truncated",
    "too long",
    "empty",
    "not bytes",
    "nil",
    "zeros",
    "neutral-element commitment",
    "negated commitment",
    "scalar not canonical",
]


def malform(proof: bytes, how: str) -> Any:
    return {
        "truncated": proof[:-1],
        "too long": proof + bytes(32),
        "empty": b"",
        "not bytes": [proof],
        "nil": None,
        "zeros": bytes(len(proof)),
        "neutral-element commitment": NEUTRAL + proof[32:],
        "negated commitment": negated(proof[:32]) + proof[32:],
        "scalar not canonical": proof[:-32] + b"\xff" * 32,
    }[how]


def malformed_deck_prover(how: str) -> type[FairPeer]:
    class Malformer(FairPeer):
        def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
            out, secret, proof = super().make_shuffle(deck)
            return out, secret, malform(proof, how)

    return Malformer


def malformed_hand_prover(how: str) -> type[FairPeer]:
    class Malformer(FairPeer):
        def hand_message(self, op: Operation) -> dict[str, Any]:
            body = super().hand_message(op)
            body["proof"] = malform(body["proof"], how)
            return body

    return Malformer


# ---- decryption shares and draws ----------------------------------------------------------


class WrongShare(FairPeer):
    """Sends a wrong decryption share for the first card it helps deal (and proves the
    message's shares as an honest peer would: the proof cannot cover the wrong one)."""

    def share_for(self, op: Operation, slot: int) -> list[Any]:
        slot_, d = super().share_for(op, slot)
        if op.kind == "deal" and slot == op.slots[0]:
            d = group.add(d, group.GENERATOR)
        return [slot_, d]


def invalid_share(how: str) -> type[FairPeer]:
    """Sends, for every card it helps deal, bytes that are not a group element in place of
    its share (tests/fair/encodings.py: the neutral element, the share's other encoding, …)."""
    index = NAMES.index(how)

    class InvalidShare(FairPeer):
        def share_for(self, op: Operation, slot: int) -> list[Any]:
            slot_, d = super().share_for(op, slot)
            return [slot_, bad_encodings(d)[index]]

    return InvalidShare


class ShortProof(FairPeer):
    def shares_message(self, op: Operation, slots: list[int]) -> dict[str, Any]:
        body = super().shares_message(op, slots)
        return {**body, "proof": body["proof"][:-1]}


class Nonsense(FairPeer):
    """Sends shares in a shape no honest client produces."""

    def shares_message(self, op: Operation, slots: list[int]) -> dict[str, Any]:
        return {"k": "shares", "step": op.step, "shares": [[10**9, "x", None]]}


class WrongPosition(FairPeer):
    """As holder of a blind draw, answers with the card at another position."""

    def share_for(self, op: Operation, slot: int) -> list[Any]:
        if op.kind != "draw-shares":
            return super().share_for(op, slot)
        hand = [s for s in range(len(self.cards)) if self.owner[s] == self.seat and self.live[s]]
        other = next(s for s in hand if s != slot)
        _, d = super().share_for(op, other)
        return [slot, d]

    def seal_shares(self, op: Operation, c1s: list[Point]) -> Sealed:
        """A draw read on arrival: each position sealed with the share of the next card."""
        return super().seal_shares(op, c1s[1:] + c1s[:1])


class PickedSharesOnly(FairPeer):
    """In a draw, shares only the cards the drawer took, as protocol 12 did, not those the
    holder keeps (as drawer: none at all)."""

    def _share_slots(self, op: Operation) -> list[int]:
        slots = super()._share_slots(op)
        if op.kind == "draw-shares":
            return [s for s in slots if s in op.hand]
        return slots


class KeptSharesWithheld(FairPeer):
    """As drawer, never sends its shares of the cards the holder keeps."""

    def _next_frame(self) -> bytes | None:
        op = self.op
        if op is not None and op.kind == "draw-shares" and op.drawer == self.seat:
            return None
        return super()._next_frame()


# ---- plays --------------------------------------------------------------------------------


class ForeignCardPlayer(FairPeer):
    """Turns up, in its first play that turns a card up, a card another seat holds."""

    def play(self, slots: Any, action: bytes = b"", keep: bool = False) -> list[bytes]:
        if slots and self.seat is not None:
            other = (self.seat + 1) % self.setup.seats
            slots = [self.hand(other)[0], *list(slots)[1:]]
        return super().play(slots, action, keep)


class NamesAnotherCard(FairPeer):
    """Turns up another card of its hand than the pair it names."""

    def play(self, slots: Any, action: bytes = b"", keep: bool = False) -> list[bytes]:
        if len(slots) == 2 and self.seat is not None:
            others = [s for s in self.hand(self.seat) if s not in slots]
            slots = [slots[0], others[0]] if others else slots
        return super().play(slots, action, keep)


# ---- Purrfect swaps --------------------------------------------------------------------------

PURRFECT_CAT = 9
"""A Purrfect deck holds the cats in play nine cards each, cat by cat: card index // 9."""


class SameCatSwapper(FairPeer):
    """Purrfect: in a swap, hands over other cards of its hand, of the same cat, than those it
    offered (`side` 0) or committed (`side` 1), as soon as it may choose them, having read
    whatever the other side's cards it could read by then. With a swap made of two draws it
    picks them in its re-shuffled hand, after the offered cards reached the acceptor; with a
    transfer of bound slots it re-masks and proves those other slots instead."""

    side = 1
    cheated = False
    saw_the_other_side = False
    """Whether the other side's cards of this swap had been delivered to it (every share in)
    when it chose the cards to hand over."""

    def _others(self, named: list[int], pool: list[int]) -> list[int]:
        cats = {self.known[s] // PURRFECT_CAT for s in named if s in self.known}
        if len(cats) != 1:
            return []
        others = [
            s
            for s in pool
            if s not in named and s in self.known and self.known[s] // PURRFECT_CAT in cats
        ]
        return others[: len(named)] if len(others) >= len(named) else []

    def pick_message(self, op: Operation) -> dict[str, Any]:
        body = super().pick_message(op)
        giving = op.holder == self.seat and op.drawer != self.seat and op.count > 0
        last = self.history[-1] if self.history else ()
        second = bool(last) and last[0] == "draw" and last[2] == self.seat
        if giving and not self.cheated and second == (self.side == 1):
            named = [op.hand[p] for p in body["positions"]]
            others = self._others(named, op.hand)
            if others:
                self.cheated = True
                self.saw_the_other_side = second
                body["positions"] = [op.hand.index(s) for s in others]
        return body

    def transfer_message(self, op: Operation) -> dict[str, Any]:
        sides = list(op.sides)
        mine = next(i for i, (holder, _, _) in enumerate(sides) if holder == self.seat)
        holder, to, named = sides[mine]
        if mine == self.side and not self.cheated:
            others = self._others(named, self.hand(holder))
            if others:
                self.cheated = True
                self.saw_the_other_side = op.kind != "transfer"
                op.sides[mine] = (holder, to, others)
                try:
                    return super().transfer_message(op)
                finally:
                    op.sides[mine] = (holder, to, named)
        return super().transfer_message(op)


class SameCatAcceptor(SameCatSwapper):
    side = 1


class SameCatOfferer(SameCatSwapper):
    side = 0


class FalseCarriedShare(FairPeer):
    """Purrfect: in its first hand-over, carries a false share of another seat for its first
    card (off by G), the re-masking and its own shares true: the receiver would read another
    card than the one handed over."""

    cheated = False

    def transfer_message(self, op: Operation) -> dict[str, Any]:
        body = super().transfer_message(op)
        carried = body["carried"]
        if not self.cheated and carried and carried[0]:
            self.cheated = True
            carried[0][0] = group.add(carried[0][0], group.GENERATOR)
        return body


class FalseOwnHandOverShare(FairPeer):
    """Purrfect: in its first hand-over, sends a false share of its own for its first card."""

    cheated = False

    def transfer_message(self, op: Operation) -> dict[str, Any]:
        body = super().transfer_message(op)
        if not self.cheated and body["own"]:
            self.cheated = True
            body["own"][0] = group.add(body["own"][0], group.GENERATOR)
        return body


class ForeignSlotOfferer(FairPeer):
    """Purrfect: names, for the first card of its first offer or acceptance, a masked slot
    another seat holds."""

    def move_message(self, action: bytes, slots: list[int]) -> dict[str, Any]:
        if slots and self.seat is not None:
            other = (self.seat + 1) % self.setup.seats
            slots = [self.hand(other)[0], *slots[1:]]
        return super().move_message(action, slots)


class RebindingOfferer(FairPeer):
    """Purrfect: names, for the first card of its first offer or acceptance, a slot of its own
    hand that is bound to another of its cards (a card it did not offer)."""

    def move_message(self, action: bytes, slots: list[int]) -> dict[str, Any]:
        if slots and self.seat is not None:
            others = [s for s in self.hand(self.seat) if s not in slots]
            slots = [others[0], *slots[1:]] if others else slots
        return super().move_message(action, slots)


# ---- lies only one seat can see: a swap's receiver turns the cards over ----------------------


def _runtime_of(peer: FairPeer) -> Any:
    """The seat runtime this peer serves (its hooks are the runtime's methods): a patched
    program reads its own seat's replica as freely as its keys."""
    return getattr(peer.hooks.may_play, "__self__", None)


class MixedCatSwapper(FairPeer):
    """Purrfect: its first offer (`side` 0) or acceptance (`side` 1) of two or more cards goes
    out with its last card replaced by an unlocked card of another cat of its hand, named by
    that card's own bound slot (so F-BIND has nothing to say); at the swap it hands over those
    slots. Only the receiver can read the cards; its own replica keeps the honest move."""

    side = 0
    substituted: tuple[int, int] | None = None
    """(slot the honest move named, slot sent instead)."""
    honest: list[int] | None = None
    named: list[int] | None = None
    """The slots its own books name for that move."""

    def move_message(self, action: bytes, slots: list[int]) -> dict[str, Any]:
        kind = OpenOffer if self.side == 0 else AcceptOffer
        played = decode(action)
        runtime = _runtime_of(self)
        move = played.action if isinstance(played, Played) else None
        if self.substituted is None and isinstance(move, kind) and len(move.cards) >= 2:
            state = runtime.state
            faces = state.cards.faces
            cat = cat_of(faces[move.cards[0]])
            locked = state.locked(move.seat) | set(move.cards)
            other = next(
                (t for t in state.hands[move.seat] if t not in locked and cat_of(faces[t]) != cat),
                None,
            )
            if other is not None:
                bound = runtime.bindings.slot_of
                slot = bound[other] if other in bound else runtime._slot_of(faces[other], self.seat)
                self.substituted = (slots[-1], slot)
                self.honest = self.named = list(slots)
                cards = (*move.cards[:-1], other)
                action = encode(Played(replace(move, cards=cards)))
                slots = [*slots[:-1], slot]
        return super().move_message(action, slots)

    def _on_move(self, seat: int, body: dict[str, Any]) -> None:
        super()._on_move(seat, body)
        if seat == self.seat and self.honest is not None:
            # Its own books keep the honest move, so that its replica plays on.
            key = (seat, self._here().seq)
            action, _, envelope = self.held[key]
            self.held[key] = (action, tuple(self.honest), envelope)
            self.honest = None

    def transfer_message(self, op: Operation) -> dict[str, Any]:
        mine = next(i for i, (holder, _, _) in enumerate(op.sides) if holder == self.seat)
        holder, to, named = op.sides[mine]
        if self.substituted is None or named != self.named:
            return super().transfer_message(op)  # not the swap of the move it changed
        honest, sent = self.substituted
        op.sides[mine] = (holder, to, [sent if s == honest else s for s in named])
        try:
            return super().transfer_message(op)
        finally:
            op.sides[mine] = (holder, to, named)


class MixedCatOfferer(MixedCatSwapper):
    side = 0


class MixedCatAcceptor(MixedCatSwapper):
    side = 1


class UnskippingStamper(FairPeer):
    """Stamps the message after its own move one above the move, as if the move's sender did
    not skip a time (docs/realtime-order.md §3): a take the others placed at that time, counting
    on the skip, could then be ordered after a message it sent later."""

    after_move = False

    def _send(self, body: dict[str, Any]) -> bytes:
        honest = self.hooks.stamp
        if honest is None:
            return super()._send(body)
        lower = self.after_move

        def stamp(signed: dict[str, Any]) -> None:
            honest(signed)
            if lower:
                signed["t"] -= 1

        self.hooks.stamp = stamp
        try:
            self.after_move = body["k"] == "move"
            return super()._send(body)
        finally:
            self.hooks.stamp = honest


class NeedlessExposer(FairPeer):
    """Purrfect: turns over, as if they were a lie, the honest cards of the first swap handed
    to it (with valid shares and proof)."""

    exposed_once = False

    def _next_frame(self) -> bytes | None:
        frame = super()._next_frame()
        if frame is not None or self.exposed_once or self.seat is None:
            return frame
        for step, sides in sorted(self.exposures.handovers.items()):
            for holder, to, _, _ in sides:
                if to == self.seat:
                    self.exposed_once = True
                    return self._send(self.expose_message(step, holder))
        return None


class FalseExposer(NeedlessExposer):
    """The same, with one share that is not its own (the proof cannot cover it): cards that
    would open to whatever it liked."""

    def expose_message(self, step: int, holder: int) -> dict[str, Any]:
        body = super().expose_message(step, holder)
        body["shares"][0] = group.add(body["shares"][0], group.GENERATOR)
        return body


class BystanderExposer(FairPeer):
    """Purrfect: turns over, with its own shares, a side of a swap it had no part in (cards
    it was not handed), hoping to show the table another seat's cards."""

    exposed_once = False

    def _next_frame(self) -> bytes | None:
        frame = super()._next_frame()
        if frame is not None or self.exposed_once or self.seat is None:
            return frame
        for step, sides in sorted(self.exposures.handovers.items()):
            for holder, to, _, fresh in sides:
                if self.seat not in (holder, to):
                    self.exposed_once = True
                    shares = [decryption_share(self.secrets.x, self.cards[s]) for s in fresh]
                    body = {"k": "expose", "step": step, "from": holder, "shares": shares}
                    return self._send({**body, "proof": b"\x00" * 64})
        return None


class NeedlessShower(FairPeer):
    """Momistigri, `strict_discard`: shows every seat, as if they proved a pass illegal, the
    cards it handed the passer (honest ones, with valid links, shares and proof)."""

    shown_once = False
    candidate: tuple[int, int] | None = None

    def promised(self, play: int, mover: int, slots: Sequence[int] = ()) -> None:
        super().promised(play, mover, slots)
        if mover != self.seat and self.candidate is None and self.provable(self.hand(mover)):
            self.candidate = (play, mover)

    def _next_frame(self) -> bytes | None:
        if self.shown_once or self.candidate is None:
            return super()._next_frame()
        play, mover = self.candidate
        slots = sorted(self.provable(self.hand(mover)))
        if not slots or self.showings.promises[play][1] != tuple(self.hand(mover)):
            self.candidate = None  # its hand changed meanwhile: wait for another pass
            return super()._next_frame()
        self.shown_once = True  # before anything else it owes, as an honest seat would
        return self._send(self.held_message(play, mover, slots))


class FalseTracer(NeedlessShower):
    """The same, with the first card traced to another card of its own hand: its link cannot
    be proven, and the card would read as whatever that other card is."""

    def held_message(self, play: int, mover: int, slots: list[int]) -> dict[str, Any]:
        body = super().held_message(play, mover, slots)
        first = body["cards"][0][1]
        roots = sorted({self._traced(slot)[0] for slot in self.remaskings.came_from} - {first})
        other = roots[0]
        body["cards"][0][1] = other
        body["shares"][0] = decryption_share(self.secrets.x, self.cards[other])
        return body


# ---- keys, commitments, secrets ------------------------------------------------------------


class RogueKey(FairPeer):
    """Publishes a key share it does not know the secret of (a rogue-key attack)."""

    def key_message(self, public: bytes, proof: bytes, digest: bytes) -> dict[str, Any]:
        return super().key_message(group.hash_to_point(b"rogue"), proof, digest)


class BiasedSeed(FairPeer):
    """Waits until every other seed is revealed, then reveals a seed chosen to cancel them
    instead of the one it committed to."""

    def _next_frame(self) -> bytes | None:
        if self.phase == "seeds" and len(self.jr.seeds) < self.setup.seats - 1:
            return None
        return super()._next_frame()

    def seed_message(self) -> dict[str, Any]:
        chosen = bytes(32)
        for seed in self.jr.seeds.values():
            chosen = bytes(a ^ b for a, b in zip(chosen, seed, strict=True))
        return {"k": "seed", "seed": chosen, "nonce": self.secrets.seed_nonce}


class ChangedCommitment(FairPeer):
    def seed_message(self) -> dict[str, Any]:
        return {"k": "seed", "seed": self.rng(32), "nonce": self.secrets.seed_nonce}


class Mute(FairPeer):
    """Never reveals its seed."""

    def _next_frame(self) -> bytes | None:
        if self.phase == "seeds":
            return None
        return super()._next_frame()


class WithheldSecrets(FairPeer):
    """Plays the round, then never reveals its round secrets."""

    def _next_frame(self) -> bytes | None:
        if self.phase == "secrets":
            return None
        return super()._next_frame()


class LyingKeySecret(FairPeer):
    def secrets_message(self) -> dict[str, Any]:
        body = super().secrets_message()
        body["x"] = group.random_scalar()
        return body


# ---- the signed log: one extra frame on the cheater's connection ---------------------------


class Injector(FairPeer):
    """After its first play, its connection delivers one extra frame (`extra`)."""

    injected: ClassVar[bool] = False

    def extra(self) -> bytes:
        raise NotImplementedError

    def play(self, slots: Any, action: bytes = b"", keep: bool = False) -> list[bytes]:
        frames = super().play(slots, action, keep)
        if self.injected:
            return frames
        self.injected = True
        return [*frames, self.extra()]


def _play_body() -> bytes:
    return msgpack.packb({"k": "play", "r": 1, "slots": [], "action": b"I resign", "keep": False})


class ForgedSignature(Injector):
    """A message in seat 0's name, without seat 0's signature."""

    def extra(self) -> bytes:
        real = self.log.of(self.setup.members[0])[-1]
        fake = Envelope(real.table, real.sender, real.seq + 1, real.digest, _play_body(), bytes(64))
        return fake.encode()


class Replayer(Injector):
    """Sends again a message seat 1 signed earlier."""

    def extra(self) -> bytes:
        return self.log.of(self.setup.members[(self.seat or 0) - 1])[3].encode()


class OtherTable(Injector):
    """Signs a message of its own for another table."""

    def extra(self) -> bytes:
        assert self.outbox is not None
        return seal(
            self.outbox.identity, b"\x00" * 16, self.outbox.seq, self.outbox.prev, _play_body()
        ).encode()


class Stranger(Injector):
    """Relays a message signed by a key that holds no seat."""

    def extra(self) -> bytes:
        return seal(Identity.generate(), self.setup.table, 0, bytes(32), _play_body()).encode()


def garbage_sender(garbage: bytes) -> type[FairPeer]:
    class Garbage(Injector):
        def extra(self) -> bytes:
            return garbage

    return Garbage


class OtherPosition(FairPeer):
    """As drawer of a draw read on arrival, names the next position in its pick (with the
    proof of the position its ticket sealed); its own laptop goes on with the true pick."""

    honest: dict[str, Any] | None = None

    def sealed_pick_message(self, op: Operation) -> dict[str, Any]:
        body = super().sealed_pick_message(op)
        if len(op.hand) > 1:
            self.honest = dict(body)
            body["positions"] = [(body["positions"][0] + 1) % len(op.hand)]
        return body

    def _on_pick(self, seat: int, body: dict[str, Any]) -> None:
        if seat == self.seat and self.honest is not None:
            body, self.honest = self.honest, None
        super()._on_pick(seat, body)


class KeptSharesLeftOut(FairPeer):
    """As drawer of a draw read on arrival, leaves its shares of the holder's kept cards out of
    its pick (protocol 16's analog of row 77)."""

    def sealed_pick_message(self, op: Operation) -> dict[str, Any]:
        body = super().sealed_pick_message(op)
        body["shares"], body["shares_proof"] = [], b""
        return body


class FalseCarriedInHand(FairPeer):
    """Re-shuffles its hand for a draw read on arrival honestly, proof included, then carries a
    false share of another seat for its first card."""

    def make_hand_shuffle(
        self, hand: list[Card], extra: Sequence[Point] = ()
    ) -> tuple[list[Card], ShuffleSecret, bytes]:
        out, secret, proof = super().make_hand_shuffle(hand, extra)
        if extra and out:
            first = out[0]
            out[0] = (*first[:2], group.add(first[2], group.GENERATOR), *first[3:])
        return out, secret, proof


class BadTicket(FairPeer):
    """Publishes a ticket one of whose points is the neutral element (outside what a peer may
    send)."""

    def _new_ticket(self) -> list[Point]:
        points = super()._new_ticket()
        points[0] = NEUTRAL
        return points


class OutsideGroupShuffler(FairPeer):
    """Shuffles the deck honestly, proof included, then puts a point outside the group in one
    card: the next shuffler, which shuffles the deck before any proof is checked, must refuse
    it, and so must every other seat, at once."""

    def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret, proof = super().make_shuffle(deck)
        out[2] = (b"\xff" * 32, out[2][1])
        return out, secret, proof


class ReplayedTicket(FairPeer):
    """Publishes with its pick the ticket it published with its key: the position it opens
    for that hand's size is then known to every holder before it re-shuffles."""

    first: tuple[Any, list[Point]] | None = None

    def _new_ticket(self) -> list[Point]:
        if self.first is None:
            points = super()._new_ticket()
            self.first = (self.secrets.ticket, points)
            return points
        self.secrets.ticket = self.first[0]
        return list(self.first[1])


class KeyWithoutTicket(FairPeer):
    """Sends its key without the ticket a table of blind draws read on arrival needs."""

    def key_message(self, public: Point, proof: bytes, digest: bytes) -> dict[str, Any]:
        body = super().key_message(public, proof, digest)
        body.pop("ticket", None)
        return body


class NeutralPositionKey(FairPeer):
    """Publishes a ticket whose point for two cards makes position 1's key the neutral element
    (Q_2 = −R_1, every point valid): a holder could seal nothing under it."""

    def _new_ticket(self) -> list[Point]:
        points = super()._new_ticket()
        points[1] = group.mul(group.scalar_from_int(group.ORDER - 1), position_base(1))
        return points
