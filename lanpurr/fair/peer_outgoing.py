"""What a fair peer sends: its first message, the next frame the public state asks of it,
and the message makers (the cheat catalogue's tests patch them to send something else)."""

import hashlib
from collections.abc import Sequence
from typing import Any

from lanpurr.fair import group
from lanpurr.fair.blind_draw import Sealed, position_keys, prove_pick, seal, ticket
from lanpurr.fair.commitment import commit
from lanpurr.fair.group import Point
from lanpurr.fair.masked_deck import (
    Masked,
    ShuffleSecret,
    carried_on,
    decryption_share,
    random_permutation,
    remask,
    shuffle,
)
from lanpurr.fair.peer_steps import PeerSteps
from lanpurr.fair.proofs import prove_dleq, prove_dleq_many, prove_knowledge
from lanpurr.fair.round_state import Operation, Phase, blob, scalars_blob
from lanpurr.fair.shuffle_proof import Card, prove_shuffle


class PeerOutgoing(PeerSteps):
    """The messages this seat makes and when it sends them."""

    def start(self) -> list[bytes]:
        """The first message of the round: key share, its proof, the seed commitment."""
        if self.seat is None:
            return []
        x = group.random_scalar(self.rng)
        public = group.base_mul(x)
        origin: bytes | None = None
        if self.carried_seed is not None:
            carried, seed, nonce = self.carried_seed
            digest, origin = carried.digest, carried.table
        else:
            seed = self.rng(32)
            digest, nonce = commit(self.jr.bindings[self.seat], seed, self.rng)
        self.secrets.x, self.secrets.seed, self.secrets.seed_nonce = x, seed, nonce
        proof = prove_knowledge(x, public, self.setup.context(self.seat, "key"), self.rng)
        body = self.key_message(public, proof, digest)
        if origin is not None:
            body["from"] = origin
        first = self._send(body)
        return [first, *self._act()]  # alone at the table, the round goes on at once

    def key_message(self, public: Point, proof: bytes, digest: bytes) -> dict[str, Any]:
        body: dict[str, Any] = {"k": "key", "key": public, "pok": proof, "commit": digest}
        if self.setup.blind_draws:
            body["ticket"] = self._new_ticket()
        return body

    def _new_ticket(self) -> list[Point]:
        """A ticket for this seat's next blind draw: kept secret, its points published."""
        self.secrets.ticket, points = ticket(self.rng)
        return points

    # What this peer sends, if anything, given the public state.
    def _act(self) -> list[bytes]:
        out: list[bytes] = []
        while not self.halted:
            self._start_next()
            frame = self._next_frame()
            if frame is None:
                break
            out.append(frame)
        return out

    def _next_frame(self) -> bytes | None:
        me = self.seat
        if me is None or self.outbox is None:
            return None
        if self.phase is Phase.SEEDS and me not in self.jr.seeds:
            return self._send(self.seed_message())
        if self.phase in (Phase.SEEDS, Phase.SHUFFLE) and self.shuffles.due == me:
            out, secret, proof = self.make_shuffle(self.shuffles.decks[-1])
            self.secrets.shuffle = secret
            on = hashlib.sha256(blob(self.shuffles.decks[-1])).digest()
            return self._send({"k": "shuffle", "on": on, "deck": blob(out), "proof": proof})
        if self.phase is Phase.SECRETS and me not in self.revealed_secrets:
            return self._send(self.secrets_message())
        op = self.op
        if op is None or me not in op.owed:
            return None
        if op.kind == "give":
            return self._send(self.give_message(op))
        if op.kind == "draw":
            return self._send(self.hand_message(op))
        if op.kind == "pick":
            return self._send(self.pick_message(op))
        if op.kind == "transfer":
            return self._send(self.transfer_message(op))
        slots = self._share_slots(op)
        return self._send(self.shares_message(op, slots))

    # ---- message makers (patched by the cheat catalogue's tests) -------------------------

    def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret = shuffle(deck, self.key, self.rng)
        proof = b""
        if self.setup.shuffle_proofs:
            context = self.setup.context(self.seat, "shuffle")
            proof = prove_shuffle(deck, out, self.key, secret, context, self.rng)
        return out, secret, proof

    def seed_message(self) -> dict[str, Any]:
        return {"k": "seed", "seed": self.secrets.seed, "nonce": self.secrets.seed_nonce}

    def share_for(self, op: Operation, slot: int) -> list[Any]:
        """[slot, this seat's decryption share of it]."""
        return [slot, decryption_share(self.secrets.x, self.cards[slot])]

    def shares_message(self, op: Operation, slots: list[int]) -> dict[str, Any]:
        entries = [self.share_for(op, s) for s in slots]
        return {
            "k": "shares",
            "step": op.step,
            "shares": entries,
            "proof": self.shares_proof(op, entries),
        }

    def shares_proof(self, op: Operation, entries: list[list[Any]]) -> bytes:
        """One proof for every share of the message: each uses this seat's key share."""
        assert self.seat is not None
        slots = [entry[0] for entry in entries]
        return prove_dleq_many(
            self.secrets.x,
            self.key_shares[self.seat],
            [self.cards[slot][0] for slot in slots],
            [entry[1] for entry in entries],
            self.setup.context(self.seat, "shares", op.step, slots),
            self.rng,
        )

    def give_message(self, op: Operation) -> dict[str, Any]:
        slot = op.slots[0]
        s = group.random_scalar(self.rng)
        old = self.cards[slot]
        new = remask(old, self.key, s)
        self.secrets.gifts[op.step] = s
        a, b = group.sub(new[0], old[0]), group.sub(new[1], old[1])
        context = self.setup.context(self.seat, "give", op.step)
        proof = prove_dleq(s, group.GENERATOR, a, self.key, b, context, self.rng)
        return {"k": "give", "step": op.step, "card": blob([new]), "proof": proof}

    def transfer_message(self, op: Operation) -> dict[str, Any]:
        """My side of a transfer: each named slot re-masked, in the order named, with the
        shares it carries, so that its receiver reads it on arrival and nobody else owes a
        message: every other seat's share but the receiver's, derived from the one that seat
        published of the old card (x_C·(C1 + s·G) = x_C·C1 + s·H_C), one DLEQ per card for
        the re-masking and those shares together (one s); and my own share of each new card,
        one DLEQ for them all."""
        assert self.seat is not None
        _, to, slots = next(side for side in op.sides if side[0] == self.seat)
        cards: list[Masked] = []
        proofs: list[bytes] = []
        carried: list[list[Point]] = []
        for j, slot in enumerate(slots):
            s = group.random_scalar(self.rng)
            old = self.cards[slot]
            new = remask(old, self.key, s)
            self.remaskings.remasks[(op.step, j)] = s
            seats = self.carried_seats(slot, to)
            derived = [group.mul(s, self.key_shares[c]) for c in seats]
            bases = [self.key, *(self.key_shares[c] for c in seats)]
            values = [group.sub(new[1], old[1]), *derived]
            context = self.setup.context(self.seat, "transfer", op.step, j)
            a = group.sub(new[0], old[0])
            proofs.append(prove_dleq_many(s, a, bases, values, context, self.rng))
            olds = [self.shares[slot][c] for c in seats]
            carried.append([group.add(o, d) for o, d in zip(olds, derived, strict=True)])
            cards.append(new)
        own = [decryption_share(self.secrets.x, card) for card in cards]
        own_proof = prove_dleq_many(
            self.secrets.x,
            self.key_shares[self.seat],
            [card[0] for card in cards],
            own,
            self.setup.context(self.seat, "transfer", op.step, "own"),
            self.rng,
        )
        return {
            "k": "transfer",
            "step": op.step,
            "cards": blob(cards),
            "proofs": proofs,
            "carried": carried,
            "own": own,
            "own_proof": own_proof,
        }

    def carried_seats(self, slot: int, to: int) -> list[int]:
        """The seats whose share of a card handed over from `slot` to `to` its holder carries:
        every seat but the holder and the receiver that has published its share of the old
        card (all of them, but after a draw of no card, which owes none)."""
        holder = self.owner[slot]
        return [c for c in sorted(self.shares[slot]) if c not in (holder, to)]

    def hand_order(self, hand: list[Masked]) -> tuple[list[Masked], ShuffleSecret]:
        """My hand re-shuffled for a draw: where each card goes, and its new mask."""
        return shuffle(hand, self.key, self.rng)

    def make_hand_shuffle(
        self, hand: list[Card], extra: Sequence[Point] = ()
    ) -> tuple[list[Card], ShuffleSecret, bytes]:
        """My hand re-shuffled (`hand_order`) and its proof. Past C1 and C2, a card's columns
        are shares that the re-shuffle carries, each re-masked with its card under its seat's
        key share in `extra`: x_C·(C1 + s·G) = x_C·C1 + s·H_C."""
        out, secret = self.hand_order([(card[0], card[1]) for card in hand])
        wide = [
            (*card, *carried_on(hand[i][2:], extra, mask))
            for card, i, mask in zip(out, secret.permutation, secret.masks, strict=True)
        ]
        proof = b""
        if self.setup.shuffle_proofs:
            context = self.setup.context(self.seat, "hand", self.step)
            proof = prove_shuffle(hand, wide, self.key, secret, context, self.rng, extra=extra)
        return wide, secret, proof

    def hand_message(self, op: Operation) -> dict[str, Any]:
        """My re-shuffled hand. For a draw read on arrival, each card carries every other
        seat's share but the drawer's (in one proof of the shuffle of those wide cards), and
        my own share of each is sealed under its position's key from the drawer's ticket
        (blind_draw.py)."""
        extra = [self.key_shares[c] for c in op.carried]
        hand = [(*self.cards[s], *(self.shares[s][c] for c in op.carried)) for s in op.hand]
        wide, secret, proof = self.make_hand_shuffle(hand, extra)
        self.secrets.hands[op.step] = secret
        body = {"k": "hand", "step": op.step, "cards": blob(wide), "proof": proof}
        if op.ticket:
            sealed = self.seal_shares(op, [card[0] for card in wide])
            body["carried"] = [list(card[2:]) for card in wide]
            body["e"], body["sealed"], body["seal_proof"] = (
                sealed.e_points,
                sealed.sealed,
                sealed.proof,
            )
        return body

    def seal_shares(self, op: Operation, c1s: list[Point]) -> Sealed:
        """My share of each card of my re-shuffled hand, sealed under its position's key."""
        assert self.seat is not None
        context = self.setup.context(self.seat, "sealed", op.step)
        return seal(self.secrets.x, self.key_shares[self.seat], c1s, op.ticket, context, self.rng)

    def pick_message(self, op: Operation) -> dict[str, Any]:
        if op.ticket:
            return self.sealed_pick_message(op)
        if self.hooks.choose_positions is not None:
            positions = self.hooks.choose_positions(op)
        else:
            positions = list(random_permutation(len(op.hand), self.rng)[: op.count])
        return {"k": "pick", "step": op.step, "positions": positions}

    def sealed_pick_message(self, op: Operation) -> dict[str, Any]:
        """My pick of a draw read on arrival: the position my ticket sealed for this hand's
        size, T = k·E with its proof (every seat reads the holder's share of my card from it),
        my shares of the cards the holder keeps, and my ticket for my next draw."""
        assert self.seat is not None and self.secrets.ticket is not None
        self.hooks.choose_positions = None  # the ticket chose, before the re-shuffle
        n = len(op.hand)
        mine = self.secrets.ticket
        c = mine.position(n)
        t, proof = prove_pick(
            mine.key(n),
            position_keys(op.ticket, n)[c],
            op.sealed[0][c],
            self.setup.context(self.seat, "pick", op.step),
            self.rng,
        )
        kept = [slot for j, slot in enumerate(op.hand) if j != c]
        entries = [self.share_for(op, slot) for slot in kept]
        return {
            "k": "pick",
            "step": op.step,
            "positions": [c],
            "opened": t,
            "proof": proof,
            "shares": entries,
            "shares_proof": self.shares_proof(op, entries),
            "ticket": self._new_ticket(),
        }

    def secrets_message(self) -> dict[str, Any]:
        s = self.secrets
        shuffle_secret = s.shuffle or ShuffleSecret((), ())
        return {
            "k": "secrets",
            "x": s.x,
            "shuffle": [list(shuffle_secret.permutation), scalars_blob(shuffle_secret.masks)],
            "hands": [
                [k, list(v.permutation), scalars_blob(v.masks)] for k, v in sorted(s.hands.items())
            ],
        }
