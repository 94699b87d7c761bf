"""The operations a game asks of its fair peer (`deal`, `reveal`, `give`, `draw`,
`transfer`, `take`, `end_round`), queued and run one at a time, and what happens when one
closes: who still owes a share, the faces this peer can now read, the step's history."""

from collections.abc import Callable, Sequence
from typing import Any

from lanpurr.fair.blind_draw import SIZES
from lanpurr.fair.masked_deck import decryption_share, open_deck, unmask
from lanpurr.fair.peer_state import PeerState
from lanpurr.fair.round_state import Operation, Phase


class PeerSteps(PeerState):
    """The queue of operations and the life of the one that is open."""

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
        (holder, receiver, slots) the holder re-masks those very slots, with a DLEQ proof each,
        and carries every share of them but the receiver's (`transfer` message). Once every
        side's holder has, the cards change hands; only a seat whose share of an old card was
        never published (a draw of no card re-masked it) still owes one. Every side's cards
        are fixed before the step (the slots named), so a side that reads the other's first
        cannot answer them."""
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
        return self.phase is Phase.READY and self.op is None and not self.queue

    def _start_next(self) -> None:
        while self.phase is Phase.READY and self.op is None and self.queue:
            kind, args = self.queue.pop(0)
            self.step += 1
            self._operations()[kind](*args)

    def _operations(self) -> dict[str, Callable[..., None]]:
        """How each operation a game may ask for begins, by the name its request records
        (peer_plays.py adds `order`)."""
        return {
            "deal": self._begin_deal,
            "reveal": self._begin_reveal,
            "give": self._begin_give,
            "draw": self._begin_draw,
            "transfer": self._begin_transfer,
            "take": self._begin_take,
            "secrets": self._begin_secrets,
        }

    def _begin_deal(self, plan: tuple[int | None, ...]) -> None:
        if len(plan) != self.setup.deck_size:
            raise ValueError("a deal plan names an owner for every card of the deck")
        for slot, seat in enumerate(plan):
            self.owner[slot] = seat
        for index in range(self.setup.deck_size, len(self.points)):
            face_up = self._new_slot(open_deck([self.points[index]], self.key)[0], None)
            self.shares[face_up] = dict(self.key_shares)  # (x·G: its shares, for randomness 1)
            self.known[face_up] = index
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
        if not keep:
            self._read_on_arrival(self.op)

    def _read_on_arrival(self, op: Operation) -> None:
        """Make `op` a blind draw read on arrival when the public state allows it (every laptop
        decides alike): one card, picked by the drawer, whose ticket is unused and covers the
        hand's size, with every other seat's share of every card of the hand published (the
        re-shuffle carries them; docs/decisions/0057)."""
        n, drawer, holder = len(op.hand), op.drawer, op.holder
        carried = [c for c in range(self.setup.seats) if c not in (holder, drawer)]
        if (
            self.setup.blind_draws
            and op.count == 1
            and op.to == drawer != holder
            and drawer in self.tickets
            and 1 <= n <= SIZES
            and all(c in self.shares[slot] for slot in op.hand for c in carried)
        ):
            op.ticket = self.tickets.pop(drawer)[n - 1]
            op.carried = carried

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
        self._enter(Phase.SECRETS)
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
            self.history.append(("draw", op.holder, op.drawer, tuple(op.hand)))
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
        problem = self.hooks.check_play(seat, action, [f for f in faces if f is not None])
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
