"""A play from the fair peer's history on its way to the engine, the same on every seat: who
it binds and names, the hands and pile cards it turns up, the secret moves it needs, then
the engine's step folded into the replica."""

from collections.abc import Sequence
from typing import Any

from lanpurr.core.cards import Face, Token
from lanpurr.core.errors import RuleViolation
from lanpurr.core.events import events_for
from lanpurr.core.game import Event, Seat, Step
from lanpurr.core.wire import decode
from lanpurr.seat.hidden import carries_stand_in, is_stand_in, without_faces
from lanpurr.seat.knowledge import _with_cards
from lanpurr.seat.layer import HiddenNeeded, SeenAlone, binds_early
from lanpurr.seat.plays import Played, Shown
from lanpurr.seat.private import private_part
from lanpurr.seat.promises import SeatPromises
from lanpurr.seat.records import Pending
from lanpurr.seat.stage import Stage
from lanpurr.seat.table import TableStep, TableUpdate


class SeatPlays(SeatPromises):
    """Plays taken from the history and resolved into the replica."""

    def _take_play(self) -> None:
        fair = self.fair
        assert fair is not None
        plays = self.plays
        index = plays.cursor
        seat, blob = fair.actions[index]
        plays.cursor += 1
        body = decode(blob)
        if isinstance(body, Shown):
            pending = self.pending
            assert pending is not None and pending.owners and pending.owners[0] == seat
            hidden = set(self._hidden_hand(seat, pending.revealed))
            if {t for t, _ in body.shown} != hidden or body.seat != seat:
                self._accuse(seat, "showed other cards than its hidden hand")
                return
            if not self._bind_named(seat, [t for t, _ in body.shown], index):
                return
            pending.revealed.update(body.shown)
            pending.owners.pop(0)
            pending.shown_sent = False
            return
        assert isinstance(body, Played)
        action = body.action
        if seat == self.seat:
            envelope = fair.marks.get(("play", index))
            action = self.own.pop(envelope.seq) if envelope is not None else action
            # Its private part is drawn at its place, from the state the audit will replay.
            action = private_part(self.layer, self.state, action, fair.secrets.x)
        if getattr(action, "seat", None) != seat:
            # (a chance action has no seat: only the opening of a round applies one)
            self._accuse(seat, "played in another seat's name")
            return
        named = self.roles.binding.named_cards(action) if self.roles.binding is not None else ()
        # (a card not in its hand: the engine names it at the move's place below)
        in_hand = set(named) <= set(self._hand_tokens(self.state, seat))
        if named and in_hand and not self._bind_named(seat, named, index):
            return
        plays.pending = Pending(seat, action, dict(body.shown), index=index)

    def _bind_named(self, seat: Seat, tokens: Sequence[Token], index: int) -> bool:
        """At once, on every seat: the slots play `index` names are those of its cards,
        token for token, as bound so far (F-BIND); then they are bound. False: named."""
        fair = self.fair
        if self.bindings is None or fair is None:
            return True
        slots = next(
            (tuple(e[3]) for e in reversed(fair.history) if e[0] == "play" and e[4] == index),
            (),
        )
        problem = ""
        if len(slots) != len(tokens):
            problem = f"named {len(slots)} masked slots for its {len(tokens)} cards"
        else:
            problem = self.bindings.conflict(zip(tokens, slots, strict=True))
        if problem:
            self._accuse(seat, problem, rule="F-BIND", envelope=fair.marks.get(("play", index)))
            return False
        self.bindings.bind(zip(tokens, slots, strict=True))
        return True

    def _check_play(self, seat: Seat, blob: bytes, faces: list[int]) -> str:
        """At once, on every seat: the cards a play turned up are the faces it names."""
        try:
            body = decode(blob)
        except ValueError as error:
            return f"sent a play that cannot be read ({error})"
        if not isinstance(body, Played | Shown):
            return "sent a play of an unknown kind"
        named = [face for _, face in body.shown]
        turned = [self.deck[i] if 0 <= i < len(self.deck) else "?" for i in faces]
        if named != turned:
            return f"turned up {turned} but named {named}: it played a card it does not hold"
        return ""

    def _resolve(self, pending: Pending) -> bool:
        fair = self.fair
        assert fair is not None
        if pending.owners is None:
            pending.owners = self._owners_to_show(pending)
            pending.reveals_all = bool(pending.owners)
            return True
        if pending.owners:
            if pending.owners[0] == self.seat and not pending.shown_sent:
                pending.shown_sent = True
                self._show_hand(pending)
                return True
            return False
        if pending.moves is None and pending.reveals_all:
            # What was shown may show that the rules need more hands (a valid declaration).
            more = self._owners_to_show(pending)
            if more:
                pending.owners = more
                return True
        if pending.turned_up is None:
            pending.turned_up = self._turned_up(pending.action)
            if pending.turned_up:
                self.outgoing.extend(fair.reveal(list(pending.turned_up.values())))
                return True
        if pending.turned_up:
            faces = self._pile_faces(pending.turned_up)
            if len(faces) < len(pending.turned_up):
                return self._cut_short()
            pending.revealed.update(faces)
            pending.turned_up = {}
        if pending.moves is None:
            completed = self._completed(self.state, pending.revealed)
            pending.moves = self.layer.secret_moves(completed, pending.action, self.seat)
            if self._bind_early(pending):
                return True
            pending.draws_from = len(fair.history)
            transfers = [m for m in pending.moves if m.tokens]
            if transfers:
                assert self.bindings is not None, "a transfer follows bound slots"
                sides = [(m.holder, m.drawer, self.bindings.slots(m.tokens)) for m in transfers]
                for _, _, slots in sides:
                    self.plays.handed_for[tuple(slots)] = pending.action
                self.outgoing.extend(fair.transfer(sides))
            for move in pending.moves:
                if not move.tokens:
                    self._request_move(move)
            if transfers and len(transfers) == len(pending.moves):
                self._show_early(pending)
            return True
        moved_slots = self._moved_slots(pending)
        if pending.reveals_all and not pending.reveal_requested:
            pending.reveal_requested = True
            hidden = [s for s in moved_slots if len(fair.shares[s]) < fair.setup.seats]
            if hidden:
                self.outgoing.extend(fair.reveal(hidden))
                return True
        moved = [self._face(s) for s in moved_slots]
        self._apply(pending, moved)
        return True

    def _show_early(self, pending: Pending) -> None:
        """A play whose secret moves are all hand-overs (a Purrfect swap) shows at its place
        what every seat learns of it, who gave how many cards to whom, without waiting for the
        hand-overs. Only the faces handed over wait for them: they show, and the rules' checks
        on them are made, when `_apply` folds the play in (and draws nothing twice)."""
        moves = pending.moves or []
        completed = self._completed(self.state, pending.revealed)
        try:
            state, action = self.layer.complete(
                completed, pending.action, [None] * sum(m.count for m in moves), self.seat
            )
            step = self.game.apply(state, action)
        except (RuleViolation, HiddenNeeded, SeenAlone):
            return  # judged at its place, once the hand-overs came
        early = [e for e in events_for(step.events, self.seat) if not carries_stand_in([e])]
        self._draw(early)
        pending.early = tuple(early)

    def _bind_early(self, pending: Pending) -> bool:
        """On every seat: a play whose one secret move is the blind draw asked for early
        takes the cards that draw moved (its history from where it was asked for), and asks
        for none. False: no early draw was open, or the play needs another move (refused by
        the engine at its place, the early draw's cards aside)."""
        early, self.plays.early = self.plays.early, None
        if early is None or not binds_early(pending.moves or [], early.move):
            return False
        pending.draws_from = early.draws_from
        return True

    def _owners_to_show(self, pending: Pending) -> list[Seat]:
        """Ask the rules, on the public state, whether this action needs hidden faces."""
        if not any(self._hidden_hand(s, pending.revealed) for s in range(self.spec.seats)):
            return []  # nobody holds a hidden card (gutters has no hands): nothing to show
        public = self.public_completed(pending.revealed)
        try:
            moves = self.layer.secret_moves(public, pending.action, None)
            trial, action = self.layer.complete(
                public, pending.action, [None] * sum(m.count for m in moves), -1
            )
            self.game.apply(trial, action)
        except HiddenNeeded as error:
            return [s for s in error.seats if self._hidden_hand(s, pending.revealed)]
        except KeyError as error:
            if error.args and is_stand_in(error.args[0]):
                return [
                    s
                    for s in self.layer.revealed_by_rules(self.state)
                    if self._hidden_hand(s, pending.revealed)
                ]
            raise
        except RuleViolation:
            return []  # refused at its place below, with the rule's message
        return []

    def _moved_slots(self, pending: Pending) -> list[int]:
        fair = self.fair
        assert fair is not None
        slots: list[int] = []
        for entry in fair.history[pending.draws_from :]:
            if entry[0] in ("draw", "transfer"):
                slots.extend(entry[3])
        return slots

    def _apply(self, pending: Pending, moved: Sequence[Face | None]) -> None:
        before = self.state
        if self._note_promise(pending, before) and self._promise_broken(pending):
            return  # the mover's hand, as far as I can show it, breaks its promise
        completed = self._completed(before, pending.revealed)
        try:
            state, action = self.layer.complete(completed, pending.action, moved, self.seat)
            step = self.game.apply(state, action)
        except SeenAlone as lie:
            self._turn_over(lie)
            return
        except RuleViolation as error:
            blamed = getattr(error, "seat", pending.seat)
            judged = self._as_the_table_sees(pending, moved, blamed)
            if judged is None:
                self._accuse(blamed, f"an illegal move: {error}")
                return
            # Only what this seat alone knows of that hand shows the move illegal (cards it
            # handed over), and the move promised nothing they could show broken (above): it
            # cannot name the seat on its word, so it plays on as the table does, and the
            # round's audit, which sees every hand, judges the move on every seat.
            self.notes.append(
                f"seat {blamed}'s move breaks {error.rule} by cards of its hand only this seat "
                "knows: the round's audit judges it"
            )
            state, action, step = judged
        mine = events_for(step.events, self.seat)
        if carries_stand_in(mine):
            raise AssertionError(f"seat {self.seat} would learn a face it was never shown")
        self._rebind(pending, step.events)
        self.plays.pending = None
        self._fold(mine, drawn=pending.early)
        for face, seat in self.layer.takes(before, action, step.events):
            self.outgoing.extend(self._take(face, seat))
        self._draw_early()

    def _as_the_table_sees(
        self, pending: Pending, moved: Sequence[Face | None], blamed: Seat
    ) -> tuple[Any, Any, Step[Any]] | None:
        """The move applied with `blamed`'s cards that only I know hidden, as every other seat
        applies it; None if the table would refuse it too (then anyone may name it) or if
        nothing of that hand is mine alone to know."""
        if blamed == self.seat:
            return None
        before = self.state
        seen_by = before.cards.seen_by
        mine_alone = [
            t
            for t in self._hand_tokens(before, blamed)
            if t in before.cards.faces and seen_by.get(t) is not None and t not in pending.revealed
        ]
        if not mine_alone:
            return None
        completed = self._completed(before, pending.revealed)
        blind = _with_cards(completed, without_faces(completed.cards, mine_alone))
        try:
            state, action = self.layer.complete(blind, pending.action, moved, self.seat)
            step = self.game.apply(state, action)
        except RuleViolation:
            return None
        if carries_stand_in(events_for(step.events, self.seat)):
            return None
        return state, action, step

    def _turn_over(self, lie: SeenAlone) -> None:
        """Cards handed to me break a rule only I can see: I turn them over, with my proven
        shares, and every seat (mine too, through my own message) judges them alike. The
        round stops there, on whoever the faces show lied."""
        fair = self.fair
        assert fair is not None
        step = fair.handed_step(lie.seat, self.seat)
        if step is None:  # pragma: no cover - a layer raises it only for a transfer to me
            self._accuse(lie.seat, f"an illegal move: {lie}")
            return
        self.notes.append(f"turning over the cards seat {lie.seat} handed me: {lie}")
        self.outgoing.extend(fair.expose(step, lie.seat))
        if not self.halted:  # pragma: no cover - my own judge always answers for my transfer
            self._accuse(lie.seat, f"an illegal move: {lie}")

    def _judge_handed(
        self, holder: Seat, receiver: Seat, named: tuple[int, ...], faces: list[int]
    ) -> str | None:
        """The fair peer's question about cards turned over as evidence: what rule they break
        ("" none), or None when this seat cannot tell (no transfer of this round named them)."""
        action = self.plays.handed_for.get(named)
        if self.roles.evidence is None or action is None:
            return None
        return self.roles.evidence.handed_lie(action, holder, [self.deck[i] for i in faces])

    def _rebind(self, pending: Pending, events: Sequence[Event]) -> None:
        """A transfer's cards keep their slots under their new tokens; bindings of slots that
        are gone (handed over, re-shuffled) are dropped."""
        fair = self.fair
        if self.bindings is None or self.roles.binding is None or fair is None:
            return
        transfers = [m for m in pending.moves or [] if m.tokens]
        moved = [e for e in fair.history[pending.draws_from :] if e[0] == "transfer"]
        landed = {
            t: slot
            for m, entry in zip(transfers, moved, strict=False)
            for t, slot in zip(m.tokens, entry[3], strict=True)
        }
        renamed = self.roles.binding.renamed(events)
        self.bindings.bind((new, landed[old]) for old, new in renamed if old in landed)
        self.bindings.prune(lambda slot: fair.live[slot])

    def _take(self, face: Face, seat: Seat) -> list[bytes]:
        fair = self.fair
        assert fair is not None
        return fair.take(self._slot_of(face, None), seat)

    def _fold(self, events: Sequence[Event], drawn: Sequence[Event] = ()) -> None:
        """Fold a play's events into my replica, and draw them but those already `drawn`."""
        self.state, view = self._draw(events, drawn)
        record = self.rounds[-1]
        record.plays += 1
        if self.settings.keep_views:
            record.views.append(view)

    def _draw(self, events: Sequence[Event], drawn: Sequence[Event] = ()) -> tuple[Any, Any]:
        """Draw `events` on my replica, but those already `drawn`: the state they lead to, and
        its view (views are immutable: the last event's view is the new state's)."""
        state, steps, left = self.state, [], list(drawn)
        view = None
        for event in events:
            state = self.game.absorb(state, event)
            view = None
            if event in left:
                left.remove(event)
                continue
            view = self.game.view(state, self.seat)
            steps.append(TableStep(event, view))
        if view is None:
            view = self.game.view(state, self.seat)
        if steps:
            self.updates.append(TableUpdate(tuple(steps), view))
        return state, view

    def _cut_short(self) -> bool:
        """A pile card turned up as no card: every share was proven, so a shuffle was false.
        The game cannot go on; the round ends here and its audit names the shuffler."""
        fair = self.fair
        assert fair is not None
        self.notes.append("a card of the pile turned up as no card; the audit names who")
        self._to(Stage.ENDING)
        self.plays.cut_short = True
        self.outgoing.extend(fair.end_round())
        return True
