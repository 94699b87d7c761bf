"""What one seat sends of its own: its player's action (a play in turn, or a move the table
places in its own order), its ticks, the hand the rules make it show, and the draws its
secret moves ask for (a blind draw's early, before its drawer acts)."""

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from lanpurr.core.errors import RuleViolation
from lanpurr.core.wire import encode
from lanpurr.fair.group import Randomness
from lanpurr.fair.masked_deck import random_permutation
from lanpurr.fair.round_state import Operation
from lanpurr.seat.hidden import is_stand_in
from lanpurr.seat.layer import HiddenNeeded, SecretMove
from lanpurr.seat.plays import Played, Shown
from lanpurr.seat.records import EarlyDraw, Pending
from lanpurr.seat.waits import SeatWaits


class SeatMoves(SeatWaits):
    """This seat's own moves."""

    def act(self, action: Any) -> str | None:
        """Play `action` for this seat; None, or why it was refused (the rule's message)."""
        if not self.may_act():
            if self._drawing_early_for_me() or self._may_keep_a_choice():
                # My player chose before the table finished the draw it knows comes next, or
                # while its last move takes its place: the choice waits for it
                # (SeatRuntime._advance plays it), a click is no error.
                self.plays.waiting = action
                return None
            return "wait: the table is still busy with the previous move"
        completed = self._completed(self.state, {})
        moves: list[SecretMove] = []
        try:
            moves = self.layer.secret_moves(completed, action, self.seat)
            trial, trial_action = self.layer.complete(
                completed, action, [None] * sum(m.count for m in moves), self.seat
            )
            shown, keep = self._shown_by(action, self.game.apply(trial, trial_action).state)
        except RuleViolation as error:
            return str(error)
        except HiddenNeeded:
            shown = []  # the hands it needs are shown at its place
        except KeyError as error:
            if not (error.args and is_stand_in(error.args[0])):
                raise
            # The action ends a round, whose score needs every hand (they will all be shown
            # before it counts). What it turns up of my own hand (the extra 1s of a 1+1) does
            # not depend on the others' cards: see it on made-up faces for theirs.
            shown, keep = self._shown_by_guess(action, moves)
        assert self.fair is not None
        if not self.ordering.turns:
            # It counts at its place in the table's order; whatever it shows is shown there.
            self.send_move(action)
            self._run()
            return None
        slots = [self._slot_of(face, self.seat) for _, face in shown]
        assert self.fair.outbox is not None
        self.own[self.fair.outbox.seq] = action
        played = Played(self.layer.redact(action), tuple(shown))
        self.outgoing.extend(self.fair.play(slots, encode(played), keep=keep))
        self._run()
        return None

    def send_move(self, action: Any) -> int:
        """Send an action that the table places in its own order (no turns); its seq."""
        fair = self.fair
        assert fair is not None and fair.outbox is not None
        seq = fair.outbox.seq
        self.own[seq] = action
        slots = self._named_slots(action)
        self.outgoing.extend(fair.move(encode(Played(self.layer.redact(action))), slots))
        return seq

    def _named_slots(self, action: Any) -> list[int]:
        """The masked slots of the cards my move names: bound ones, else where their faces
        are among my cards (a card re-masked since it was last bound)."""
        if self.bindings is None or self.roles.binding is None:
            return []
        faces = self.state.cards.faces
        bound = self.bindings.slot_of
        return [
            bound[t] if t in bound else self._slot_of(faces[t], self.seat)
            for t in self.roles.binding.named_cards(action)
        ]

    def tick(self) -> None:
        """The network has been quiet: send a tick if another seat's move waits on one from
        this seat (a game without turns). The driver calls it; it sends at most one frame."""
        if not self.halted:
            self.outgoing.extend(self.ordering.tick())

    def _show_hand(self, pending: Pending) -> None:
        fair = self.fair
        assert fair is not None
        tokens = self._hidden_hand(self.seat, pending.revealed)
        faces = self.state.cards.faces
        shown = tuple((t, faces[t]) for t in tokens)
        bound = self.bindings.slot_of if self.bindings is not None else {}
        try:
            slots = [bound[t] if t in bound else self._slot_of(f, self.seat) for t, f in shown]
        except LookupError as error:
            # My replica and the cards I hold disagree (a broken or cheating program): show
            # the cards I hold; every other seat names the difference at once.
            self.notes.append(f"showing the cards I hold: {error}")
            held = [s for s in fair.hand(self.seat) if len(fair.shares[s]) < fair.setup.seats]
            slots = held[: len(shown)]
        self.outgoing.extend(fair.play(slots, encode(Shown(self.seat, shown)), keep=True))

    def _request_move(self, move: SecretMove) -> None:
        fair = self.fair
        assert fair is not None
        if move.chooser == self.seat:
            fair.hooks.choose_positions = self._chooser(move)
        keep: list[int] = []
        if move.kept and self.bindings is not None:
            keep = [self.bindings.slot_of[t] for t in move.kept if t in self.bindings.slot_of]
        self.outgoing.extend(
            fair.draw(move.holder, move.drawer, move.count, move.chooser, keep=keep)
        )

    def _draw_early(self) -> None:
        """On every seat, at once when its replica enters a blind draw (after the move that
        ended the turn, or the deal): ask for that draw now, so that the holder's re-shuffle,
        the drawer's pick and the shares are under way before the drawer acts. Synchronous,
        so every seat asks for it at the same place of the log (the audit's schedule)."""
        layer, fair = self.roles.early, self.fair
        if layer is None or fair is None or self.halted or self.ending:
            return
        move = layer.early_draw(self.state)
        if move is None:
            return
        # No click is known yet: the first positions, sent through the drawer's fresh secret
        # permutation drawn once the re-shuffle is fixed (`blind_positions`), take any card
        # of the hand with the same chance as a click would.
        move = replace(move, picks=tuple(range(move.count)))
        self.plays.early = EarlyDraw(move, len(fair.history))
        self._request_move(move)

    def may_choose(self) -> bool:
        """Whether my player may choose a move now: when the seat may act, while the draw the
        table knows comes next is under way for it, or (no turns) while a move takes its place
        (the choice then waits for it)."""
        return self.may_act() or self._drawing_early_for_me() or self._may_keep_a_choice()

    def _drawing_early_for_me(self) -> bool:
        """An early draw whose drawer is this seat is asked for and not yet done."""
        fair, early = self.fair, self.plays.early
        return (
            early is not None
            and early.move.drawer == self.seat
            and fair is not None
            and not fair.ready
            and not self.halted
            and self.pending is None
        )

    def _may_keep_a_choice(self) -> bool:
        """(A table without turns) A choice made while a move takes its place waits for it:
        one at a time."""
        return self.plays.waiting is None and self.in_play()

    def _chooser(self, move: SecretMove) -> Callable[[Operation], list[int]]:
        def choose(op: Operation) -> list[int]:
            fair = self.fair
            assert fair is not None
            fair.hooks.choose_positions = None
            wanted = list(move.faces) or ([move.face] if move.face is not None else [])
            if not wanted:
                return blind_positions(move.picks, len(op.hand), fair.rng)
            picks: list[int] = []
            for j, slot in enumerate(op.hand):
                face = self._face(slot)
                if face in wanted:
                    wanted.remove(face)
                    picks.append(j)
            return picks

        return choose


def blind_positions(chosen: tuple[int, ...], hand: int, rng: Randomness) -> list[int]:
    """The positions a blind draw (M-5.1) takes: those chosen (the first ones, for a draw
    asked for before the drawer's click) sent through a permutation drawn now, after the
    holder's re-shuffle is fixed, from this seat's own randomness (recorded, so a replay picks
    alike). Whatever habit the holder reads in the public picks, each card of its hand is
    taken with the same chance."""
    order = random_permutation(hand, rng)
    return [order[p] for p in chosen]
