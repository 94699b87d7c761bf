"""Every message of the fair protocol but a play, checked at once on arrival: key shares,
seeds, deck shuffles (their proofs checked together after the last one), decryption
shares, gifts, transfers, hand re-shuffles, picks and the round's secrets."""

import hashlib
from typing import Any

import msgpack

from lanpurr.fair import group
from lanpurr.fair.accusation import Fault
from lanpurr.fair.blind_draw import (
    SIZES,
    open_sealed,
    position_keys,
    ticket_problem,
    verify_pick,
    verify_sealed,
)
from lanpurr.fair.envelope import Envelope, EnvelopeError
from lanpurr.fair.group import Point
from lanpurr.fair.joint_random import Carried
from lanpurr.fair.masked_deck import Masked, decryption_share, joint_key, open_deck, unmask
from lanpurr.fair.messages import Body
from lanpurr.fair.peer_outgoing import PeerOutgoing
from lanpurr.fair.proofs import verify_dleq, verify_dleq_many, verify_knowledge
from lanpurr.fair.round_state import MAX_CARDS, Operation, Phase, blob, unblob
from lanpurr.fair.shuffle_proof import Shuffled, proof_form, verify_shuffle, verify_shuffles


class PeerChecks(PeerOutgoing):
    """The handlers of the protocol's messages (`_on_<kind>`), plays aside."""

    # ---- keys and seeds -----------------------------------------------------------------

    def _on_key(self, seat: int, body: Body) -> None:
        if seat in self.key_shares:
            raise Fault("F-TURN", "sent its key share twice")
        try:
            public = group.point_from_peer(body["key"], "key share")
        except group.GroupError as error:
            raise Fault("F-FORM", str(error)) from None
        if seat != self.seat and not verify_knowledge(
            public, body["pok"], self.setup.context(seat, "key")
        ):
            raise Fault("F-KEY", "the proof of knowledge of the key share does not verify")
        ticket = self._ticket(body)
        self.jr.add_commitment(seat, body["commit"], body.get("from"))
        if ticket is not None:
            self.tickets[seat] = ticket
        self.key_shares[seat] = public
        if len(self.key_shares) == self.setup.seats:
            self.key = joint_key([self.key_shares[s] for s in range(self.setup.seats)])
            self._enter(Phase.SEEDS)
            # The deck's shuffles need the joint key only, not the seeds: the first shuffler
            # sends its shuffle with its seed, and the chain runs while the seeds come in.
            self.shuffles.decks = [open_deck(self.points[: self.setup.deck_size], self.key)]

    def _on_carried(self, seat: int, body: Body) -> None:
        """`seat` shows a kept seat's signed key of the void try of this round, which this
        laptop may never have seen: it is judged here as if it had (docs/protocol.md,
        "A restart")."""
        if seat == self.seat:
            return  # (mine: I judged on it already)
        carry = self.jr.carry
        try:
            old = Envelope.decode(body["key"])
            shown = msgpack.unpackb(
                old.body, raw=False, strict_map_key=True, max_map_len=16, max_ext_len=0
            )
        except (EnvelopeError, ValueError, TypeError) as error:
            raise Fault("F-FORM", f"showed a key that cannot be read ({error})") from None
        commit = shown.get("commit") if isinstance(shown, dict) else None
        origin = shown.get("from", old.table) if isinstance(shown, dict) else None
        if (
            carry is None
            or old.sender not in self.setup.members
            or not isinstance(commit, bytes)
            or len(commit) != 32
            or shown.get("k") != "key"
            or origin not in carry.origins
            or old.table not in carry.origins
            or not old.signature_ok()
        ):
            raise Fault("F-FORM", "showed a key that is no seat's of a void try of this round")
        target = self.setup.members.index(old.sender)
        problem = self.jr.learn(Carried(target, origin, commit, body["key"]))
        if problem:
            mine = self.key_envelope(target)
            self._accuse(target, "F-COMMIT", problem, mine, (old, *([mine] if mine else [])))

    def key_envelope(self, seat: int) -> Envelope | None:
        """The seat's `key` of this round, as it came (None: not yet)."""
        for envelope in self.log.of(self.setup.members[seat]):
            body = msgpack.unpackb(envelope.body, raw=False, strict_map_key=True, max_map_len=16)
            if isinstance(body, dict) and body.get("k") == "key":
                return envelope
        return None

    def _on_seed(self, seat: int, body: Body) -> None:
        self.jr.add_reveal(seat, body["seed"], body["nonce"])
        if self.jr.done:
            self._enter(Phase.SHUFFLE if self.shuffles.due is not None else Phase.READY)

    @property
    def round_seed(self) -> bytes:
        """32 bytes of joint randomness for the game (who starts, a layout, …)."""
        return self.jr.result()

    # ---- the deck shuffle ---------------------------------------------------------------

    def _on_shuffle(self, seat: int, body: Body) -> None:
        due = self.shuffles.due
        if seat != due:
            raise Fault("F-TURN", f"shuffled out of turn (seat {due} is due)")
        before = self.shuffles.decks[-1]
        if body["on"] != hashlib.sha256(blob(before)).digest():
            raise Fault("F-TURN", "shuffled a deck other than the one on the table")
        # Every peer checks the deck's points at once (the next shuffler shuffles it before any
        # proof is checked). Were only the next shuffler to look, it alone would name a bad
        # point and stop, and the others, waiting for its shuffle, would name it.
        deck = unblob(
            body["deck"], len(before), "the shuffled deck", "F-SHUFFLE", validate=seat != self.seat
        )
        if self.setup.shuffle_proofs and seat != self.seat:
            problem = proof_form(len(before), body["proof"])
            if problem:
                raise Fault("F-SHUFFLE", problem)
            context = self.setup.context(seat, "shuffle")
            self.shuffles.unchecked.append((seat, Shuffled(before, deck, body["proof"], context)))
        self.shuffles.decks.append(deck)
        self.marks[("shuffle", seat)] = self._here()
        self.shuffles.turn += 1
        if self.shuffles.due is None:
            if not self._check_shuffles():
                return
            for masked in deck:
                self._new_slot(masked, None)
            if self.phase is Phase.SHUFFLE:  # else the last seed is still to come
                self._enter(Phase.READY)

    def _check_shuffles(self) -> bool:
        """Every other seat's proof of its deck shuffle, checked together once the last
        shuffle is in (`verify_shuffles`: one sum for the whole deal), before any card of the
        deck can be dealt or turned up. Until then each shuffler shuffles the deck it was
        handed without waiting for a check. A proof that fails names its own shuffler, not the
        sender of the last shuffle; False then, and this peer has halted."""
        if not self.shuffles.unchecked:
            return True
        # The weights are this checker's own secret: fresh from the OS, never from `self.rng`
        # (a seeded source in tests, and nothing a shuffler may predict).
        index, problem = verify_shuffles(
            [shuffled for _, shuffled in self.shuffles.unchecked], self.key, group.os_randomness
        )
        if index < 0:
            self.shuffles.unchecked = []
            return True
        seat, shuffled = self.shuffles.unchecked[index]
        envelope = self.marks[("shuffle", seat)]
        rule = "F-SHUFFLE"
        try:  # a point outside the group is named as such, as when it is checked on arrival
            unblob(blob(shuffled.deck_out), len(shuffled.deck_out), "the shuffled deck")
        except Fault as fault:
            rule, problem = fault.rule, fault.detail
        self._accuse(seat, rule, problem, envelope, (envelope,))
        return False

    def _shuffled(
        self,
        seat: int,
        data: object,
        proof: object,
        before: list[Masked],
        what: str,
        context: bytes,
    ) -> list[Masked]:
        """The cards of a hand re-shuffle, checked at once. With proofs on, the proof's
        check multiplies every received point, and libsodium's multiplication refuses exactly
        what `group.point_from_peer` refuses, so the points are not checked a second time
        before it; an invalid point is still named as one (F-FORM) when the proof fails."""
        proven = self.setup.shuffle_proofs and seat != self.seat
        cards = unblob(
            data, len(before), what, "F-SHUFFLE", validate=not proven and seat != self.seat
        )
        if proven:
            problem = verify_shuffle(before, cards, self.key, proof, context)
            if problem:
                unblob(data, len(before), what, "F-SHUFFLE")  # F-FORM for an invalid point
                raise Fault("F-SHUFFLE", problem)
        return cards

    # ---- handlers of operation messages ---------------------------------------------------

    def _current(self, seat: int, body: Body, kinds: tuple[str, ...]) -> Operation:
        op = self.op
        if op is None or op.kind not in kinds or body.get("step") != op.step:
            raise Fault("F-TURN", "sent a message for no pending step")
        if seat not in op.owed:
            raise Fault("F-TURN", f"owes nothing to step {op.step}")
        return op

    def _on_shares(self, seat: int, body: Body) -> None:
        op = self._current(
            seat, body, ("deal", "reveal", "give-shares", "draw-shares", "transfer-shares")
        )
        entries = body["shares"]
        if len(entries) > MAX_CARDS:
            raise Fault("F-FORM", f"a message holds at most {MAX_CARDS} shares")
        wanted = [
            slot
            for slot in op.slots
            if seat not in self.shares[slot] and (op.kind == "reveal" or self.owner[slot] != seat)
        ]
        named = [e[0] if isinstance(e, list) and len(e) == 2 else None for e in entries]
        if sorted(named, key=repr) != sorted(wanted, key=repr):
            rule = "F-DRAW" if op.kind == "draw-shares" else "F-SHARE"
            raise Fault(rule, f"sent shares for slots {named}, the step needs {wanted}")
        found: dict[int, Point] = {entry[0]: entry[1] for entry in entries}
        if seat != self.seat:
            self._check_shares(seat, op, entries, body["proof"])
        for slot, d in found.items():
            self.shares[slot][seat] = d
        op.owed.discard(seat)
        self._settle()

    def _check_shares(
        self, seat: int, op: Operation, entries: list[list[Any]], proof: object
    ) -> None:
        """The message's one proof covers every share in it (`_proven_shares`)."""
        slots = [entry[0] for entry in entries]
        context = self.setup.context(seat, "shares", op.step, slots)
        bases = [self.cards[slot][0] for slot in slots]
        if self._proven_shares(seat, bases, [entry[1] for entry in entries], proof, context):
            return
        if op.kind == "draw-shares" and set(slots) & set(op.hand):
            raise Fault(
                "F-DRAW",
                f"the shares for slots {slots} do not open the cards at the positions the "
                "drawer chose",
            )
        raise Fault("F-SHARE", f"the decryption shares for slots {slots} are not proven")

    def _on_give(self, seat: int, body: Body) -> None:
        op = self._current(seat, body, ("give",))
        [new] = unblob(body["card"], 1, "the handed-on card")
        old = self.cards[op.slots[0]]
        context = self.setup.context(seat, "give", op.step)
        if not self._is_remask(old, new, body["proof"], context):
            raise Fault("F-MOVE", "the handed-on card is not proven to be the card named")
        self.live[op.slots[0]] = False
        slot = self._new_slot(new, op.to)
        if self.seat == seat:
            face = self.known.get(op.slots[0])
            if face is not None:
                self.known[slot] = face
        self.op = Operation(
            "give-shares", op.step, set(range(self.setup.seats)), [slot], holder=seat, to=op.to
        )
        self._settle()

    def _on_transfer(self, seat: int, body: Body) -> None:
        """A holder's side of a transfer, checked at once by everyone: exactly the slots it
        must hand over, each re-masked, with the shares it carries derived from the old card's
        (F-MOVE), and its own share of each (F-SHARE). Its cards change hands once every side
        is in; a share the holder could not carry is owed then by its seat."""
        op = self._current(seat, body, ("transfer",))
        _, to, slots = next(side for side in op.sides if side[0] == seat)
        cards = unblob(
            body["cards"], len(slots), "the handed-over cards", "F-MOVE", validate=seat != self.seat
        )
        proofs, carried, own = body["proofs"], body["carried"], body["own"]
        seats = [self.carried_seats(slot, to) for slot in slots]
        if (
            len(proofs) != len(slots)
            or len(carried) != len(slots)
            or len(own) != len(slots)
            or not all(
                isinstance(c, list) and len(c) == len(s)
                for c, s in zip(carried, seats, strict=True)
            )
        ):
            raise Fault(
                "F-MOVE",
                f"a hand-over of {len(slots)} cards carries one proof, one share of its "
                "holder's and one of each other seat's that published the old card's, per card",
            )
        if seat != self.seat:
            for j, slot in enumerate(slots):
                shares = dict(zip(seats[j], carried[j], strict=True))
                if not self._is_handover(seat, (op.step, j), slot, cards[j], shares, proofs[j]):
                    raise Fault(
                        "F-MOVE",
                        f"the card handed over for slot {slot} is not proven to be that card "
                        "re-masked (other cards than those bound), with the shares it carries",
                    )
            context = self.setup.context(seat, "transfer", op.step, "own")
            if not self._proven_shares(
                seat, [c[0] for c in cards], own, body["own_proof"], context
            ):
                raise Fault("F-SHARE", "its shares of the cards it hands over are not proven")
        self.marks[("transfer", op.step, seat)] = self._here()
        self.remaskings.handed[seat] = [
            (card, {**dict(zip(s, c, strict=True)), seat: mine})
            for card, s, c, mine in zip(cards, seats, carried, own, strict=True)
        ]
        op.owed.discard(seat)
        if op.owed:
            return
        # Every side is in: the fresh slots are made in the sides' order, the same on every
        # peer whatever order the hand-overs arrived in, with the shares their holders carried.
        books = self.remaskings
        for i, (holder, to, slots) in enumerate(op.sides):
            fresh: list[int] = []
            handed = books.handed.pop(holder, [])
            for j, (slot, (new, shares)) in enumerate(zip(slots, handed, strict=True)):
                self.live[slot] = False
                fresh.append(self._new_slot(new, to))
                self.shares[fresh[-1]].update(shares)
                if self.seat == holder and slot in self.known:
                    self.known[fresh[-1]] = self.known[slot]
                mask = books.remasks.pop((op.step, j), None) if self.seat == holder else None
                if mask is not None:
                    books.came_from[fresh[-1]] = (slot, mask)
            op.sides[i] = (holder, to, fresh)
        self.op = Operation(
            "transfer-shares",
            op.step,
            set(range(self.setup.seats)),
            [slot for _, _, new in op.sides for slot in new],
            sides=op.sides,
        )
        self._settle()

    def _is_handover(
        self, seat: int, at: tuple[int, int], slot: int, new: Masked,
        carried: dict[int, Any], proof: object,
    ) -> bool:  # fmt: skip
        """Whether `new` is proven to be the card at `slot` re-masked, (s·G, s·H), and each
        carried share its seat's share of the old card plus s·H_C, with one s (`at`: the
        transfer's step and the card's index in the side)."""
        old, seats = self.cards[slot], list(carried)
        try:
            a, b = group.sub(new[0], old[0]), group.sub(new[1], old[1])
            deltas = [
                group.sub(group.point_from_peer(d, "carried share"), self.shares[slot][c])
                for c, d in carried.items()
            ]
        except group.GroupError:
            return False
        return group.is_point(a) and verify_dleq_many(
            a,
            [self.key, *(self.key_shares[c] for c in seats)],
            [b, *deltas],
            proof,
            self.setup.context(seat, "transfer", *at),
        )

    def _proven_shares(
        self, seat: int, bases: list[Point], shares: list[Any], proof: object, context: bytes
    ) -> bool:
        """Whether one proof shows each share to be `seat`'s key share times its base (the C1
        of its card; `verify_dleq_many`, whose check validates every share). A share is
        checked on its own only when the proof fails, so that a point outside the group is
        named as such (F-FORM) rather than by the caller's rule."""
        if all(isinstance(d, bytes) for d in shares) and verify_dleq_many(
            self.key_shares[seat], bases, shares, proof, context
        ):
            return True
        for d in shares:
            try:
                group.point_from_peer(d, "decryption share")
            except group.GroupError as error:
                raise Fault("F-FORM", str(error)) from None
        return False

    def _ticket(self, body: Body) -> list[Point] | None:
        """The ticket a key or a sealed pick must carry for its seat's next blind draw at a
        table with blind draws read on arrival (None elsewhere: a ticket there is ignored).
        Every point is new in the round: a ticket sent again (its position opened already, or
        another seat's) would let the holder know where the drawer's card lies."""
        if not self.setup.blind_draws:
            return None
        points = body.get("ticket")
        if not isinstance(points, list) or len(points) != SIZES:
            count = len(points) if isinstance(points, list) else "no"
            raise Fault("F-FORM", f"a ticket holds {SIZES} points, not {count}")
        try:
            ticket = [group.point_from_peer(p, "ticket point") for p in points]
        except group.GroupError as error:
            raise Fault("F-FORM", str(error)) from None
        problem = ticket_problem(ticket)
        if problem:
            raise Fault("F-FORM", problem)
        if any(p in self.ticket_points for p in ticket) or len(set(ticket)) != SIZES:
            raise Fault("F-FORM", "a ticket point already sent in this round")
        self.ticket_points.update(ticket)
        return ticket

    def _on_hand(self, seat: int, body: Body) -> None:
        op = self._current(seat, body, ("draw",))
        before = [self.cards[s] for s in op.hand]
        context = self.setup.context(seat, "hand", op.step)
        carried: list[list[Point]] = []
        if op.ticket:
            after, carried = self._sealed_hand(seat, body, op, before, context)
        else:
            after = self._shuffled(
                seat, body["cards"], body["proof"], before, "the re-shuffled hand", context
            )
        self.remaskings.hand_shuffles[op.step] = (seat, before, after)
        self.marks[("hand", op.step)] = self._here()
        new_slots = []
        for old in op.hand:
            self.live[old] = False
        for masked in after:
            new_slots.append(self._new_slot(masked, seat))
        for slot, shares in zip(new_slots, carried, strict=False):
            self.shares[slot].update(zip(op.carried, shares, strict=True))
        if self.seat == seat:
            secret = self.secrets.hands[op.step]
            for j, slot in enumerate(new_slots):
                self.remaskings.came_from[slot] = (op.hand[secret.permutation[j]], secret.masks[j])
                face = self.known.get(op.hand[secret.permutation[j]])
                if face is not None:
                    self.known[slot] = face
        self.op = Operation(
            "pick",
            op.step,
            {op.to},
            [],
            holder=seat,
            drawer=op.drawer,
            count=op.count,
            hand=new_slots,
            to=op.to,
            ticket=op.ticket,
            carried=op.carried,
            sealed=(body.get("e", []), body.get("sealed", [])),
        )
        if op.ticket and self.seat == op.drawer:
            self._read_my_draw(self.op)

    def _sealed_hand(
        self, seat: int, body: Body, op: Operation, before: list[Masked], context: bytes
    ) -> tuple[list[Masked], list[list[Point]]]:
        """The re-shuffle of a draw read on arrival, checked at once: the wide cards (each
        with the carried seats' shares) in one proof of a shuffle, and the holder's sealed
        shares in one proof (blind_draw.py)."""
        n, width = len(before), len(op.carried)
        mine = seat == self.seat
        cards = unblob(body["cards"], n, "the re-shuffled hand", "F-SHUFFLE", validate=False)
        carried = body.get("carried")
        if (
            not isinstance(carried, list)
            or len(carried) != n
            or not all(
                isinstance(row, list)
                and len(row) == width
                and all(isinstance(d, bytes) and len(d) == group.ELEMENT_BYTES for d in row)
                for row in carried
            )
        ):
            raise Fault(
                "F-SHUFFLE",
                f"a re-shuffle for a draw read on arrival carries {width} shares of each of "
                f"its {n} cards",
            )
        if mine:
            return cards, carried
        extra = [self.key_shares[c] for c in op.carried]
        wide_before = [
            (*card, *(self.shares[slot][c] for c in op.carried))
            for card, slot in zip(before, op.hand, strict=True)
        ]
        wide_after = [(*card, *row) for card, row in zip(cards, carried, strict=True)]
        problem = verify_shuffle(
            wide_before, wide_after, self.key, body["proof"], context, extra=extra
        )
        if problem:
            unblob(body["cards"], n, "the re-shuffled hand", "F-SHUFFLE")  # F-FORM: a bad point
            for row in carried:
                for d in row:
                    try:
                        group.point_from_peer(d, "carried share")
                    except group.GroupError as error:
                        raise Fault("F-FORM", str(error)) from None
            raise Fault("F-SHUFFLE", problem)
        if not verify_sealed(
            self.key_shares[seat],
            [card[0] for card in cards],
            op.ticket,
            body.get("e", []),
            body.get("sealed", []),
            body.get("seal_proof"),
            self.setup.context(seat, "sealed", op.step),
        ):
            raise Fault(
                "F-DRAW",
                "the shares sealed for the drawer are not the holder's shares of its "
                "re-shuffled hand",
            )
        return cards, carried

    def _read_my_draw(self, op: Operation) -> None:
        """The drawer reads the card its ticket takes as soon as the re-shuffle is in: the
        holder's sealed share opened, every other seat's carried, its own."""
        mine = self.secrets.ticket
        assert mine is not None
        n = len(op.hand)
        c = mine.position(n)
        slot = op.hand[c]
        masked = self.cards[slot]
        e_points, sealed = op.sealed
        shares = [
            *self.shares[slot].values(),
            open_sealed(mine.key(n), e_points[c], sealed[c]),
            decryption_share(self.secrets.x, masked),
        ]
        face = self.lookup(unmask(masked, shares))
        if face is not None:
            self.known[slot] = face

    def _on_pick(self, seat: int, body: Body) -> None:
        op = self._current(seat, body, ("pick",))
        positions = body["positions"]
        if (
            len(positions) != op.count
            or len(set(positions)) != op.count
            or not all(type(p) is int and 0 <= p < len(op.hand) for p in positions)
        ):
            raise Fault("F-FORM", f"a pick names {op.count} distinct positions in the hand")
        if op.ticket:
            self._sealed_pick(seat, body, op, positions[0])
        picked = [op.hand[p] for p in positions]
        for slot in picked:
            self.owner[slot] = op.drawer
        # When cards change hands, shares are owed for the whole re-shuffled hand, each by
        # every seat but the card's owner: the drawer reads what it took, and the cards the
        # holder keeps are again as a deal leaves them, so that turning them up later needs
        # the holder's share alone. A re-masking of a seat's own cards (a draw of no card: a
        # Purrfect wrong declaration) owes nothing, as before.
        self.op = Operation(
            "draw-shares",
            op.step,
            set(range(self.setup.seats)),
            list(op.hand) if picked else [],
            holder=op.holder,
            drawer=op.drawer,
            hand=picked,
        )
        self._settle()

    def _sealed_pick(self, seat: int, body: Body, op: Operation, c: int) -> None:
        """The drawer's pick of a draw read on arrival, checked at once: it opens the position
        its ticket sealed (T = k·E, proven), which gives every seat the holder's share of the
        card taken (F_c − T); the drawer's shares of the cards the holder keeps; its next
        ticket. Then the draw owes nothing more."""
        n = len(op.hand)
        kept = [slot for j, slot in enumerate(op.hand) if j != c]
        e_points, sealed = op.sealed
        t, entries = body.get("opened"), body.get("shares")
        if seat != self.seat:
            context = self.setup.context(seat, "pick", op.step)
            if not verify_pick(
                position_keys(op.ticket, n)[c], e_points[c], t, body.get("proof"), context
            ):
                raise Fault("F-DRAW", "the pick names a position its ticket did not seal for it")
            named = [e[0] if isinstance(e, list) and len(e) == 2 else None for e in entries or []]
            if not isinstance(entries, list) or named != kept:
                raise Fault("F-DRAW", f"sent shares for slots {named}, the draw needs {kept}")
            context = self.setup.context(seat, "shares", op.step, kept)
            bases = [self.cards[slot][0] for slot in kept]
            if not self._proven_shares(
                seat, bases, [e[1] for e in entries], body.get("shares_proof"), context
            ):
                raise Fault("F-SHARE", f"the decryption shares for slots {kept} are not proven")
        ticket = self._ticket(body)
        assert isinstance(t, bytes) and isinstance(entries, list)
        if ticket is not None:
            self.tickets[seat] = ticket
        self.shares[op.hand[c]][op.holder] = group.sub(sealed[c], t)
        for slot, d in entries:
            self.shares[slot][seat] = d

    def _is_remask(self, old: Masked, new: Masked, proof: object, context: bytes) -> bool:
        """Whether `new` is proven to be `old` re-masked: (new − old) = (s·G, s·H)."""
        try:
            a, b = group.sub(new[0], old[0]), group.sub(new[1], old[1])
            return (
                group.is_point(a)
                and group.is_point(b)
                and verify_dleq(group.GENERATOR, a, self.key, b, proof, context)
            )
        except group.GroupError:
            return False

    def _on_secrets(self, seat: int, body: Body) -> None:
        if seat in self.revealed_secrets:
            raise Fault("F-TURN", "revealed its secrets twice")
        try:
            x = group.scalar_from_peer(body["x"], "key share secret")
        except group.GroupError as error:
            raise Fault("F-FORM", str(error)) from None
        if x == bytes(32) or group.base_mul(x) != self.key_shares[seat]:
            raise Fault("F-SECRET", "the revealed key share does not match the published one")
        self.revealed_secrets[seat] = body
        self.marks[("secrets", seat)] = self._here()
        if len(self.revealed_secrets) == self.setup.seats:
            self._enter(Phase.DONE)
