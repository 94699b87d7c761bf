"""One peer of a fair table for one round: signed messages in, signed messages out.

Every peer runs the same deterministic machine over the same ordered stream of envelopes, so
every honest peer reaches the same public state and catches the same faults. The machine knows
no game: a game layer asks it for operations (`deal`, `reveal`, `give`, `draw`, `play`) in the
same order on every peer, and reads back the faces this peer may know.

Phases of a round (docs/fair-play.md has every message):

    keys ─► seeds ─► shuffle(0 … n−1) ─► ready ⇄ operations ─► secrets ─► (audit)

A card on the table is a *slot*: a masked pair in `cards`, with an owner (a seat, or None for
a face-down pile) and the decryption shares published for it so far. Shuffles, gifts and hand
re-shuffles make fresh slots, so nobody can follow a card by its old masking.
"""

import hashlib
from collections.abc import Callable, Sequence
from typing import Any

import msgpack

from lanpurr.fair import group
from lanpurr.fair.accusation import AT_ONCE, Accusation, Fault
from lanpurr.fair.commitment import commit
from lanpurr.fair.envelope import Envelope, EnvelopeError, Outbox, Rejected, SignedLog
from lanpurr.fair.group import Point, Randomness, Scalar, os_randomness
from lanpurr.fair.identity import Identity
from lanpurr.fair.joint_random import Carried, JointRandom
from lanpurr.fair.masked_deck import (
    Masked,
    ShuffleSecret,
    card_lookup,
    card_points,
    decryption_share,
    joint_key,
    open_deck,
    random_permutation,
    remask,
    shuffle,
    unmask,
)
from lanpurr.fair.proofs import (
    prove_dleq,
    prove_dleq_many,
    prove_knowledge,
    verify_dleq,
    verify_dleq_many,
    verify_knowledge,
)
from lanpurr.fair.round_state import (
    MAX_CARDS,
    Operation,
    RoundSetup,
    Secrets,
    blob,
    scalars_blob,
    unblob,
)
from lanpurr.fair.shuffle_proof import (
    Shuffled,
    proof_form,
    prove_shuffle,
    verify_shuffle,
    verify_shuffles,
)


class FairPeer:
    """One seat (or, with `identity=None`, a silent observer that checks everything)."""

    def __init__(
        self,
        setup: RoundSetup,
        seat: int | None,
        identity: Identity | None,
        rng: Randomness = os_randomness,
    ) -> None:
        if setup.deck_size < 1 or setup.deck_size > MAX_CARDS:
            raise ValueError(f"a deck has 1 to {MAX_CARDS} cards")
        self.setup = setup
        self.seat = seat
        self.rng = rng
        self.outbox = Outbox(identity, setup.table) if identity is not None else None
        self.log = SignedLog(setup.table, setup.members)
        self.accusations: list[Accusation] = []
        self.refused: list[str] = []
        """Frames dropped without blame (malformed bytes cannot be pinned on anyone)."""
        self.secrets = Secrets()
        self.points = card_points(setup.deck_id, setup.deck_size)
        self.lookup = card_lookup(self.points)
        self.key_shares: dict[int, Point] = {}
        self.key: Point = b""
        self.jr = JointRandom(setup.table, setup.round, "round-seed", setup.members, setup.carry)
        self.phase = "keys"
        self.shuffle_turn = 0
        self.deck_history: list[list[Masked]] = []
        self.unchecked: list[tuple[int, Shuffled]] = []
        """Other seats' deck shuffles whose proofs are checked together after the last one."""
        self.cards: list[Masked] = []
        self.owner: list[int | None] = []
        self.live: list[bool] = []
        self.shares: list[dict[int, Point]] = []
        self.known: dict[int, int] = {}
        """slot -> card index, for every slot whose face this peer knows."""
        self.op: Operation | None = None
        self.queue: list[tuple[str, tuple[Any, ...]]] = []
        self.step = 0
        self.revealed_secrets: dict[int, dict[str, Any]] = {}
        self.actions: list[tuple[int, bytes]] = []
        self.on_action: Callable[[int, bytes], None] = lambda seat, action: None
        self.may_play: Callable[[int], bool] = lambda seat: True
        self.check_play: Callable[[int, bytes, list[int]], str] = lambda seat, action, faces: ""
        """The game's at-once check of cards turned up by a play: "" or what is wrong."""
        self.requests: list[tuple[int, str, tuple[Any, ...]]] = []
        """(log length when asked, operation, arguments): the schedule an audit replays."""
        self.marks: dict[tuple[Any, ...], Envelope] = {}
        """The envelope behind each shuffle, hand re-shuffle, play and secret, for evidence."""
        self.hand_shuffles: dict[int, tuple[int, list[Masked], list[Masked]]] = {}
        self.current: Envelope | None = None
        self.history: list[tuple[Any, ...]] = []
        """Every completed step in log order: what a game replays at the audit."""
        self.choose_positions: Callable[[Operation], list[int]] | None = None
        """How this seat picks positions when it chooses for a draw (None: uniformly)."""
        self.stamp: Callable[[dict[str, Any]], None] | None = None
        """Adds fields to every body this peer signs (a real-time table's Lamport time)."""
        self.held: dict[tuple[int, int], tuple[bytes, tuple[int, ...], Envelope]] = {}
        self.handed: dict[int, list[Masked]] = {}
        """A pending transfer's re-masked cards, by holder, until every side is in."""
        """Moves the game orders itself, by (seat, seq), until an `order` request places them."""
        self.carried_seed: tuple[Carried, bytes, bytes] | None = None
        """In a restart: this seat's commitment of the void round, its seed and nonce, which it
        opens again instead of drawing a fresh seed (joint_random, "walking away never
        re-rolls")."""

    # ---- sending ----------------------------------------------------------------------

    def _send(self, body: dict[str, Any]) -> bytes:
        assert self.outbox is not None
        body = {"k": body.pop("k"), "r": self.setup.round, **body}
        if self.stamp is not None:
            self.stamp(body)
        envelope = self.outbox.seal(msgpack.packb(body, use_bin_type=True))
        self._deliver(envelope, self.seat if self.seat is not None else -1)
        return envelope.encode()

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
        return {"k": "key", "key": public, "pok": proof, "commit": digest}

    # ---- receiving --------------------------------------------------------------------

    def receive(self, data: bytes, via: int) -> list[bytes]:
        """Take one frame that arrived on seat `via`'s connection; return frames to send."""
        if self.halted:
            return []
        try:
            envelope = Envelope.decode(data)
        except EnvelopeError as error:
            self.refused.append(f"from seat {via}: {error}")
            return []
        return self._deliver(envelope, via)

    def _here(self) -> Envelope:
        assert self.current is not None
        return self.current

    @property
    def halted(self) -> bool:
        return bool(self.accusations)

    def _deliver(self, envelope: Envelope, via: int) -> list[bytes]:
        try:
            self.log.accept(envelope)
        except Rejected as rejected:
            rule = {
                "forged signature": "F-SIG",
                "unknown sender": "F-SIG",
                "wrong table": "F-TABLE",
            }.get(rejected.reason, "F-SEQ")
            self._accuse(via, rule, rejected.detail, envelope, rejected.evidence)
            return []
        seat = self.setup.members.index(envelope.sender)
        self.current = envelope
        try:
            body = msgpack.unpackb(
                envelope.body, raw=False, strict_map_key=True, max_ext_len=0, max_map_len=16
            )
            if not isinstance(body, dict) or not isinstance(body.get("k"), str):
                raise Fault("F-FORM", "a message body is a map with a kind")
            if body.get("r") != self.setup.round:
                raise Fault("F-TABLE", f"message for round {body.get('r')!r}")
            handler = getattr(self, "_on_" + body["k"], None)
            if handler is None:
                raise Fault("F-FORM", f"unknown message kind {body['k']!r}")
            handler(seat, body)
        except Fault as fault:
            self._accuse(seat, fault.rule, fault.detail, envelope, (envelope,))
            return []
        except (ValueError, TypeError, KeyError) as error:
            self._accuse(seat, "F-FORM", f"malformed message ({error})", envelope, (envelope,))
            return []
        except Exception as error:  # msgpack's decode errors share no importable base
            self._accuse(
                seat, "F-FORM", f"malformed body ({type(error).__name__})", envelope, (envelope,)
            )
            return []
        if seat == self.seat:
            return []
        return self._act()

    def _accuse(
        self,
        seat: int,
        rule: str,
        detail: str,
        envelope: Envelope | None,
        evidence: tuple[Envelope, ...],
    ) -> None:
        message = (envelope.sender, envelope.seq) if envelope is not None else None
        self.accusations.append(Accusation(seat, rule, detail, message, evidence, AT_ONCE))

    def overdue(self) -> list[Accusation]:
        """Called when the table's timeout expires: name every seat that owes a message."""
        owed = self.owed()
        found = [
            Accusation(s, "F-REVEAL", f"never sent its {what} (timed out)", None, (), AT_ONCE)
            for s, what in owed
        ]
        if found and not self.halted:
            self.accusations.extend(found)
        return found

    def owed(self) -> list[tuple[int, str]]:
        n = self.setup.seats
        if self.phase == "keys":
            return [(s, "key share") for s in range(n) if s not in self.key_shares]
        if self.phase == "seeds":
            return [(s, "seed reveal") for s in self.jr.overdue()]
        if self.phase == "shuffle":
            return [(self.shuffle_turn, "shuffle")]
        if self.phase == "secrets":
            return [(s, "round secrets") for s in range(n) if s not in self.revealed_secrets]
        if self.op is not None:
            return [(s, f"{self.op.kind} message") for s in sorted(self.op.owed)]
        return []

    def _expect(self, seat: int, phase: str) -> None:
        if self.phase != phase:
            raise Fault("F-TURN", f"sent a {phase} message during {self.phase}")

    # ---- keys and seeds -----------------------------------------------------------------

    def _on_key(self, seat: int, body: dict[str, Any]) -> None:
        self._expect(seat, "keys")
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
        self.jr.add_commitment(seat, body["commit"], body.get("from"))
        self.key_shares[seat] = public
        if len(self.key_shares) == self.setup.seats:
            self.key = joint_key([self.key_shares[s] for s in range(self.setup.seats)])
            self.phase = "seeds"

    def _on_seed(self, seat: int, body: dict[str, Any]) -> None:
        self._expect(seat, "seeds")
        self.jr.add_reveal(seat, body["seed"], body["nonce"])
        if self.jr.done:
            self.phase = "shuffle"
            self.deck_history = [open_deck(self.points, self.key)]

    @property
    def round_seed(self) -> bytes:
        """32 bytes of joint randomness for the game (who starts, a layout, …)."""
        return self.jr.result()

    # ---- the deck shuffle ---------------------------------------------------------------

    def make_shuffle(self, deck: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret = shuffle(deck, self.key, self.rng)
        proof = b""
        if self.setup.shuffle_proofs:
            context = self.setup.context(self.seat, "shuffle")
            proof = prove_shuffle(deck, out, self.key, secret, context, self.rng)
        return out, secret, proof

    def _on_shuffle(self, seat: int, body: dict[str, Any]) -> None:
        self._expect(seat, "shuffle")
        if seat != self.shuffle_turn:
            raise Fault("F-TURN", f"shuffled out of turn (seat {self.shuffle_turn} is due)")
        before = self.deck_history[-1]
        if body["on"] != hashlib.sha256(blob(before)).digest():
            raise Fault("F-TURN", "shuffled a deck other than the one on the table")
        # The next shuffler shuffles this deck at once, before any proof is checked: it checks
        # the deck's points first. Every other peer leaves them to the proofs' check.
        deck = unblob(
            body["deck"],
            len(before),
            "the shuffled deck",
            "F-SHUFFLE",
            validate=seat != self.seat and (self.seat == seat + 1 or not self.setup.shuffle_proofs),
        )
        if self.setup.shuffle_proofs and seat != self.seat:
            problem = proof_form(len(before), body["proof"])
            if problem:
                raise Fault("F-SHUFFLE", problem)
            context = self.setup.context(seat, "shuffle")
            self.unchecked.append((seat, Shuffled(before, deck, body["proof"], context)))
        self.deck_history.append(deck)
        self.marks[("shuffle", seat)] = self._here()
        self.shuffle_turn += 1
        if self.shuffle_turn == self.setup.seats:
            if not self._check_shuffles():
                return
            for masked in deck:
                self._new_slot(masked, None)
            self.phase = "ready"

    def _check_shuffles(self) -> bool:
        """Every other seat's proof of its deck shuffle, checked together once the last
        shuffle is in (`verify_shuffles`: one sum for the whole deal), before any card of the
        deck can be dealt or turned up. Until then each shuffler shuffles the deck it was
        handed without waiting for a check. A proof that fails names its own shuffler, not the
        sender of the last shuffle; False then, and this peer has halted."""
        if not self.unchecked:
            return True
        # The weights are this checker's own secret: fresh from the OS, never from `self.rng`
        # (a seeded source in tests, and nothing a shuffler may predict).
        index, problem = verify_shuffles(
            [shuffled for _, shuffled in self.unchecked], self.key, group.os_randomness
        )
        if index < 0:
            self.unchecked = []
            return True
        seat, shuffled = self.unchecked[index]
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

    def _new_slot(self, masked: Masked, owner: int | None) -> int:
        self.cards.append(masked)
        self.owner.append(owner)
        self.live.append(True)
        self.shares.append({})
        return len(self.cards) - 1

    # ---- operations ---------------------------------------------------------------------

    def deal(self, plan: Sequence[int | None]) -> list[bytes]:
        """Give deck slot i to seat plan[i] (None: stays face down in a pile)."""
        return self._request("deal", (tuple(plan),))

    def reveal(self, slots: Sequence[int]) -> list[bytes]:
        """Turn slots face up for everyone."""
        return self._request("reveal", (tuple(slots),))

    def give(self, slot: int, to: int) -> list[bytes]:
        """The owner hands a card face down to seat `to` (re-masked, shown only to `to`)."""
        return self._request("give", (slot, to))

    def draw(
        self,
        holder: int,
        drawer: int,
        count: int = 1,
        chooser: int | None = None,
        keep: Sequence[int] = (),
    ) -> list[bytes]:
        """`drawer` takes `count` cards from `holder`'s re-shuffled hand, at positions that
        `chooser` picks (the drawer by default: a blind draw; the holder for a card it
        designates or gives, which also hides which card left its hand). The slots in `keep`
        stay out of the re-shuffle (cards whose slots the table follows: a Purrfect offer's)."""
        chooser = drawer if chooser is None else chooser
        if keep:
            return self._request("draw", (holder, drawer, count, chooser, tuple(keep)))
        return self._request("draw", (holder, drawer, count, chooser))

    def transfer(self, sides: Sequence[tuple[int, int, Sequence[int]]]) -> list[bytes]:
        """Cards move face down between hands, exactly the slots named: for each side
        (holder, receiver, slots) the holder re-masks those very slots with a DLEQ proof each
        (`transfer` message), and once every side's holder has, every seat but a card's
        receiver publishes its share of it. No share of any side's cards is owed, so none is
        sent, before every side's cards are fixed: a side cannot answer what the other gave."""
        return self._request("transfer", (tuple((h, to, tuple(slots)) for h, to, slots in sides),))

    def take(self, slot: int, seat: int) -> list[bytes]:
        """A face-up card goes into a hand (from a pile): bookkeeping, no message."""
        return self._request("take", (slot, seat))

    def end_round(self) -> list[bytes]:
        """Every seat reveals its secrets so that anyone can audit the round."""
        return self._request("secrets", ())

    def _request(self, kind: str, args: tuple[Any, ...]) -> list[bytes]:
        self.requests.append((len(self.log), kind, args))
        self.queue.append((kind, args))
        return self._act()

    @property
    def ready(self) -> bool:
        return self.phase == "ready" and self.op is None and not self.queue

    def _start_next(self) -> None:
        while self.phase == "ready" and self.op is None and self.queue:
            kind, args = self.queue.pop(0)
            self.step += 1
            getattr(self, "_begin_" + kind)(*args)

    def _begin_deal(self, plan: tuple[int | None, ...]) -> None:
        if len(plan) != self.setup.deck_size:
            raise ValueError("a deal plan names an owner for every card of the deck")
        for slot, seat in enumerate(plan):
            self.owner[slot] = seat
        slots = [s for s, seat in enumerate(plan) if seat is not None]
        self.op = Operation("deal", self.step, set(range(self.setup.seats)), slots)
        self._settle()

    def _begin_reveal(self, slots: tuple[int, ...]) -> None:
        self.op = Operation("reveal", self.step, set(), list(slots))
        self.op.owed = {s for s in range(self.setup.seats) if self._needs_share(s, self.op)}
        self._settle()

    def _begin_give(self, slot: int, to: int) -> None:
        giver = self.owner[slot]
        if giver is None or not self.live[slot]:
            raise ValueError(f"slot {slot} is not in a hand")
        self.op = Operation("give", self.step, {giver}, [slot], holder=giver, to=to)

    def _begin_draw(
        self, holder: int, drawer: int, count: int, chooser: int, keep: tuple[int, ...] = ()
    ) -> None:
        hand = [s for s in self.hand(holder) if s not in keep]
        self.op = Operation(
            "draw",
            self.step,
            {holder},
            [],
            holder=holder,
            drawer=drawer,
            count=min(count, len(hand)),
            hand=hand,
            to=chooser,
        )

    def _begin_transfer(self, sides: tuple[tuple[int, int, tuple[int, ...]], ...]) -> None:
        named: list[int] = []
        for holder, to, slots in sides:
            if not 0 <= to < self.setup.seats or holder == to:
                raise ValueError(f"seat {holder} cannot hand cards to seat {to}")
            for slot in slots:
                if self.owner[slot] != holder or not self.live[slot] or slot in named:
                    raise ValueError(f"slot {slot} is not a card of seat {holder}'s hand")
                named.append(slot)
        self.op = Operation(
            "transfer",
            self.step,
            {holder for holder, _, slots in sides if slots},
            named,
            sides=[(holder, to, list(slots)) for holder, to, slots in sides],
        )
        self._settle()

    def _begin_take(self, slot: int, seat: int) -> None:
        if len(self.shares[slot]) != self.setup.seats or not self.live[slot]:
            raise ValueError(f"slot {slot} is not a face-up card")
        self.owner[slot] = seat
        self.history.append(("take", slot, seat))

    def _begin_secrets(self) -> None:
        self.phase = "secrets"
        self.op = None

    def hand(self, seat: int) -> list[int]:
        return [s for s, o in enumerate(self.owner) if o == seat and self.live[s]]

    def _needs_share(self, seat: int, op: Operation) -> bool:
        """Which seats must publish a share for the operation's slots."""
        for slot in op.slots:
            if seat in self.shares[slot]:
                continue
            if op.kind == "reveal" or self.owner[slot] != seat:
                return True
        return False

    def _share_slots(self, op: Operation) -> list[int]:
        assert self.seat is not None
        return [
            slot
            for slot in op.slots
            if self.seat not in self.shares[slot]
            and (op.kind == "reveal" or self.owner[slot] != self.seat)
        ]

    def _settle(self) -> None:
        """Close the operation once nobody owes anything, and learn what can be learned."""
        op = self.op
        if op is None:
            return
        if op.kind in ("deal", "reveal", "give-shares", "draw-shares", "transfer-shares"):
            op.owed = {s for s in op.owed if self._needs_share(s, op)}
        if not op.owed:
            self.op = None
            self._learn(op.slots)
            self._closed(op)
        self._start_next()

    def _closed(self, op: Operation) -> None:
        if op.kind == "deal":
            self.history.append(("deal", tuple(self.owner[: self.setup.deck_size])))
        elif op.kind == "reveal":
            for slot in op.slots:
                if op.to_table:
                    self.owner[slot] = None  # a played card goes onto the table
            self.history.append(("reveal", tuple(op.slots)))
            if op.play >= 0:
                self._check_play(op)
        elif op.kind == "draw-shares":
            self.history.append(("draw", op.holder, op.drawer, tuple(op.slots)))
        elif op.kind == "give-shares":
            self.history.append(("give", op.holder, op.to, tuple(op.slots)))
        elif op.kind == "transfer-shares":
            for holder, to, slots in op.sides:
                self.history.append(("transfer", holder, to, tuple(slots)))

    def _check_play(self, op: Operation) -> None:
        """Checked at once by everyone: the cards turned up are what the action says."""
        seat, action = self.actions[op.play]
        faces = [self.known.get(slot) for slot in op.slots]
        if None in faces:
            # Every share was proven, so the fake card came from a shuffle, not from the player:
            # the audit names the shuffler. Note it and let the round run to the audit.
            self.refused.append(f"play {op.play} turned up a masked card that holds no card")
            return
        problem = self.check_play(seat, action, [f for f in faces if f is not None])
        if problem:
            envelope = self.marks.get(("play", op.play))
            evidence = (envelope,) if envelope is not None else ()
            self._accuse(seat, "F-GAME", problem, envelope, evidence)

    def _learn(self, slots: Sequence[int]) -> None:
        """Read every face this peer can now read among `slots`, those of the operation that
        just closed: shares only ever arrive for the open operation's slots, so no other slot
        can have become readable."""
        n = self.setup.seats
        for slot in sorted(set(slots)):
            masked = self.cards[slot]
            if slot in self.known or not self.live[slot]:
                continue
            have = self.shares[slot]
            if len(have) == n:
                face = self.lookup(unmask(masked, list(have.values())))
            elif len(have) == n - 1 and self.seat is not None and self.seat not in have:
                mine = decryption_share(self.secrets.x, masked)
                face = self.lookup(unmask(masked, [*have.values(), mine]))
            else:
                continue
            if face is None:
                # Every share carried a valid proof, so the pair itself holds no card: a
                # shuffle or re-shuffle put a fake card there. The audit names who.
                continue
            self.known[slot] = face

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
        if self.phase == "seeds" and me not in self.jr.seeds:
            return self._send(self.seed_message())
        if self.phase == "shuffle" and self.shuffle_turn == me:
            out, secret, proof = self.make_shuffle(self.deck_history[-1])
            self.secrets.shuffle = secret
            on = hashlib.sha256(blob(self.deck_history[-1])).digest()
            return self._send({"k": "shuffle", "on": on, "deck": blob(out), "proof": proof})
        if self.phase == "secrets" and me not in self.revealed_secrets:
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
        proof = self._remask_proof(s, old, new, op.step)
        return {"k": "give", "step": op.step, "card": blob([new]), "proof": proof}

    def _remask_proof(
        self, s: Scalar, old: Masked, new: Masked, step: int, index: int | None = None
    ) -> bytes:
        assert self.seat is not None
        a, b = group.sub(new[0], old[0]), group.sub(new[1], old[1])
        context = self._remask_context(self.seat, step, index)
        return prove_dleq(s, group.GENERATOR, a, self.key, b, context, self.rng)

    def _remask_context(self, seat: int, step: int, index: int | None) -> bytes:
        if index is None:
            return self.setup.context(seat, "give", step)
        return self.setup.context(seat, "transfer", step, index)

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

    def transfer_message(self, op: Operation) -> dict[str, Any]:
        """My side of a transfer: each named slot re-masked, in the order named, each with
        its proof that the difference is (s·G, s·H)."""
        slots = next(slots for holder, _, slots in op.sides if holder == self.seat)
        cards: list[Masked] = []
        proofs: list[bytes] = []
        for j, slot in enumerate(slots):
            s = group.random_scalar(self.rng)
            old = self.cards[slot]
            new = remask(old, self.key, s)
            cards.append(new)
            proofs.append(self._remask_proof(s, old, new, op.step, j))
        return {"k": "transfer", "step": op.step, "cards": blob(cards), "proofs": proofs}

    def make_hand_shuffle(self, hand: list[Masked]) -> tuple[list[Masked], ShuffleSecret, bytes]:
        out, secret = shuffle(hand, self.key, self.rng)
        proof = b""
        if self.setup.shuffle_proofs:
            context = self.setup.context(self.seat, "hand", self.step)
            proof = prove_shuffle(hand, out, self.key, secret, context, self.rng)
        return out, secret, proof

    def hand_message(self, op: Operation) -> dict[str, Any]:
        out, secret, proof = self.make_hand_shuffle([self.cards[s] for s in op.hand])
        self.secrets.hands[op.step] = secret
        return {"k": "hand", "step": op.step, "cards": blob(out), "proof": proof}

    def pick_message(self, op: Operation) -> dict[str, Any]:
        if self.choose_positions is not None:
            positions = self.choose_positions(op)
        else:
            positions = list(random_permutation(len(op.hand), self.rng)[: op.count])
        return {"k": "pick", "step": op.step, "positions": positions}

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

    # ---- handlers of operation messages ---------------------------------------------------

    def _current(self, seat: int, body: dict[str, Any], kinds: tuple[str, ...]) -> Operation:
        op = self.op
        if op is None or op.kind not in kinds or body.get("step") != op.step:
            raise Fault("F-TURN", "sent a message for no pending step")
        if seat not in op.owed:
            raise Fault("F-TURN", f"owes nothing to step {op.step}")
        return op

    def _on_shares(self, seat: int, body: dict[str, Any]) -> None:
        op = self._current(
            seat, body, ("deal", "reveal", "give-shares", "draw-shares", "transfer-shares")
        )
        entries = body["shares"]
        if not isinstance(entries, list) or len(entries) > MAX_CARDS:
            raise Fault("F-FORM", "shares must be a list")
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
        """The message's one proof covers every share in it (`verify_dleq_many`), and its
        check validates every share; a share is checked on its own only when the proof fails,
        so that a point outside the group is named as such (F-FORM)."""
        slots = [entry[0] for entry in entries]
        shares = [entry[1] for entry in entries]
        if all(isinstance(d, bytes) for d in shares) and verify_dleq_many(
            self.key_shares[seat],
            [self.cards[slot][0] for slot in slots],
            shares,
            proof,
            self.setup.context(seat, "shares", op.step, slots),
        ):
            return
        for d in shares:
            try:
                group.point_from_peer(d, "decryption share")
            except group.GroupError as error:
                raise Fault("F-FORM", str(error)) from None
        if op.kind == "draw-shares":
            raise Fault(
                "F-DRAW",
                f"the shares for slots {slots} do not open the cards at the positions the "
                "drawer chose",
            )
        raise Fault("F-SHARE", f"the decryption shares for slots {slots} are not proven")

    def _on_give(self, seat: int, body: dict[str, Any]) -> None:
        op = self._current(seat, body, ("give",))
        [new] = unblob(body["card"], 1, "the handed-on card")
        old = self.cards[op.slots[0]]
        context = self._remask_context(seat, op.step, None)
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

    def _on_transfer(self, seat: int, body: dict[str, Any]) -> None:
        """A holder's side of a transfer, checked at once by everyone: exactly the slots it
        must hand over, each re-masked (F-MOVE). Its cards change hands; their shares are owed
        once every side is in."""
        op = self._current(seat, body, ("transfer",))
        slots = next(slots for holder, _, slots in op.sides if holder == seat)
        cards = unblob(
            body["cards"], len(slots), "the handed-over cards", "F-MOVE", validate=seat != self.seat
        )
        proofs = body["proofs"]
        if not isinstance(proofs, list) or len(proofs) != len(slots):
            raise Fault("F-MOVE", f"a hand-over of {len(slots)} cards carries one proof each")
        for j, (slot, new) in enumerate(zip(slots, cards, strict=True)):
            context = self._remask_context(seat, op.step, j)
            if seat != self.seat and not self._is_remask(self.cards[slot], new, proofs[j], context):
                raise Fault(
                    "F-MOVE",
                    f"the card handed over for slot {slot} is not proven to be that card "
                    "re-masked (other cards than those bound)",
                )
        self.marks[("transfer", op.step, seat)] = self._here()
        self.handed[seat] = cards
        op.owed.discard(seat)
        if op.owed:
            return
        # Every side is in: the fresh slots are made in the sides' order, the same on every
        # peer whatever order the hand-overs arrived in.
        for i, (holder, to, slots) in enumerate(op.sides):
            fresh: list[int] = []
            for slot, new in zip(slots, self.handed.pop(holder, []), strict=True):
                self.live[slot] = False
                fresh.append(self._new_slot(new, to))
                if self.seat == holder and slot in self.known:
                    self.known[fresh[-1]] = self.known[slot]
            op.sides[i] = (holder, to, fresh)
        self.op = Operation(
            "transfer-shares",
            op.step,
            set(range(self.setup.seats)),
            [slot for _, _, new in op.sides for slot in new],
            sides=op.sides,
        )
        self._settle()

    def _on_hand(self, seat: int, body: dict[str, Any]) -> None:
        op = self._current(seat, body, ("draw",))
        before = [self.cards[s] for s in op.hand]
        context = self.setup.context(seat, "hand", op.step)
        after = self._shuffled(
            seat, body["cards"], body["proof"], before, "the re-shuffled hand", context
        )
        self.hand_shuffles[op.step] = (seat, before, after)
        self.marks[("hand", op.step)] = self._here()
        new_slots = []
        for old in op.hand:
            self.live[old] = False
        for masked in after:
            new_slots.append(self._new_slot(masked, seat))
        if self.seat == seat:
            secret = self.secrets.hands[op.step]
            for j, slot in enumerate(new_slots):
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
        )

    def _on_pick(self, seat: int, body: dict[str, Any]) -> None:
        op = self._current(seat, body, ("pick",))
        positions = body["positions"]
        if (
            not isinstance(positions, list)
            or len(positions) != op.count
            or len(set(positions)) != op.count
            or not all(type(p) is int and 0 <= p < len(op.hand) for p in positions)
        ):
            raise Fault("F-FORM", f"a pick names {op.count} distinct positions in the hand")
        picked = [op.hand[p] for p in positions]
        for slot in picked:
            self.owner[slot] = op.drawer
        self.op = Operation(
            "draw-shares",
            op.step,
            set(range(self.setup.seats)),
            picked,
            holder=op.holder,
            drawer=op.drawer,
        )
        self._settle()

    def _on_play(self, seat: int, body: dict[str, Any]) -> None:
        if self.phase != "ready" or self.op is not None:
            raise Fault("F-TURN", "played while another step is pending")
        if not self.may_play(seat):
            raise Fault("F-GAME", "played out of turn")
        slots = body["slots"]
        action = body["action"]
        keep = body["keep"]
        if type(keep) is not bool:
            raise Fault("F-FORM", "a play says whether its cards stay in the hand")
        if (
            not isinstance(slots, list)
            or not isinstance(action, bytes)
            or not all(type(s) is int and 0 <= s < len(self.cards) for s in slots)
        ):
            raise Fault("F-FORM", "a play names slots and carries an action")
        for slot in slots:
            if self.owner[slot] != seat or not self.live[slot]:
                raise Fault("F-GAME", f"played slot {slot}, a card it does not hold")
        self.on_action(seat, action)
        self.actions.append((seat, action))
        self.history.append(("play", seat, action, tuple(slots), len(self.actions) - 1, keep))
        self.marks[("play", len(self.actions) - 1)] = self._here()
        self.step += 1
        if slots:
            self.op = Operation(
                "reveal",
                self.step,
                set(),
                list(slots),
                holder=seat,
                play=len(self.actions) - 1,
                to_table=not keep,
            )
            self.op.owed = {s for s in range(self.setup.seats) if self._needs_share(s, self.op)}
            self._settle()

    def play(self, slots: Sequence[int], action: bytes = b"", keep: bool = False) -> list[bytes]:
        """A game action; `slots` are my cards it turns face up (onto the table, or kept in
        my hand with `keep`, as a declared hand is)."""
        frame = self._send({"k": "play", "slots": list(slots), "action": action, "keep": keep})
        return [frame, *self._act()]

    # ---- moves the game orders itself (a real-time table) ---------------------------------

    def move(self, action: bytes, slots: Sequence[int] = ()) -> list[bytes]:
        """A play the game places in its own order (no turns): held by every peer until the
        game's `order` request puts it into the history. It turns no card up; `slots` are the
        masked slots of the cards it names (a Purrfect offer's), in the action's order, which
        every seat checks at its place and binds to them."""
        frame = self._send(self.move_message(action, list(slots)))
        return [frame, *self._act()]

    def move_message(self, action: bytes, slots: list[int]) -> dict[str, Any]:
        return {"k": "move", "action": action, "slots": slots}

    def tick(self) -> list[bytes]:
        """A message with nothing in it but its stamp: it moves a real-time order on."""
        return [self._send({"k": "tick"})]

    def order(self, seat: int, seq: int) -> list[bytes]:
        """The held move `seq` of `seat` takes its place in the history now."""
        return self._request("order", (seat, seq))

    def _on_move(self, seat: int, body: dict[str, Any]) -> None:
        if self.phase in ("keys", "seeds", "shuffle"):
            raise Fault("F-TURN", f"sent a move during {self.phase}")
        slots = body["slots"]
        if not isinstance(body["action"], bytes):
            raise Fault("F-FORM", "a move carries an action")
        if (
            not isinstance(slots, list)
            or len(slots) > MAX_CARDS
            or not all(type(s) is int and 0 <= s < MAX_CARDS for s in slots)
            or len(set(slots)) != len(slots)
        ):
            raise Fault("F-FORM", "a move names distinct masked slots")
        envelope = self._here()
        self.held[(seat, envelope.seq)] = (body["action"], tuple(slots), envelope)

    def _on_tick(self, seat: int, body: dict[str, Any]) -> None:
        if self.phase in ("keys", "seeds", "shuffle"):
            raise Fault("F-TURN", f"sent a tick during {self.phase}")

    def _begin_order(self, seat: int, seq: int) -> None:
        action, slots, envelope = self.held.pop((seat, seq))
        self.on_action(seat, action)
        self.actions.append((seat, action))
        index = len(self.actions) - 1
        self.history.append(("play", seat, action, slots, index, True))
        self.marks[("play", index)] = envelope
        for slot in slots:
            # At its place, where the cards it names are judged: live and its sender's.
            if slot >= len(self.cards) or self.owner[slot] != seat or not self.live[slot]:
                detail = f"named slot {slot}, a card it does not hold"
                self._accuse(seat, "F-GAME", detail, envelope, (envelope,))
                return

    def _on_secrets(self, seat: int, body: dict[str, Any]) -> None:
        self._expect(seat, "secrets")
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
            self.phase = "done"
