"""A seat's rounds: the first one, one started from a kept state (a take-over or a restart of
a void round), the next one; a round's opening and deal; its end and audit."""

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from lanpurr.core.cards import Token
from lanpurr.core.events import FacesShown, events_for
from lanpurr.core.game import Event
from lanpurr.fair.audit import audit
from lanpurr.fair.hooks import GameHooks
from lanpurr.fair.joint_random import Carried, Carry
from lanpurr.seat.layer import KeepingLayer
from lanpurr.seat.play_steps import SeatPlays
from lanpurr.seat.records import Restart, RoundNow, RoundPlays
from lanpurr.seat.replay import GameReplay
from lanpurr.seat.seat_base import RoundRecord
from lanpurr.seat.stage import Stage


class SeatRounds(SeatPlays):
    """Rounds begun, dealt and finished."""

    def start(self) -> None:
        """Begin the first round (keys, seeds, shuffles)."""
        if self.round == 0:
            self._begin_round()
            self._run()

    def start_from(
        self,
        state: Any,
        number: int,
        rounds: Sequence[RoundRecord] = (),
        carry: Carry | None = None,
        carried_seed: tuple[Carried, bytes, bytes] | None = None,
    ) -> None:
        """Begin round `number` from the game state `state` (its start), the rounds before it
        kept: a table that voided a round and gave a seat to someone else (a new spec, new
        keys) goes on from there, its scores as they were. `carry` keeps the void round's luck
        (lanpurr.seat.restart), `carried_seed` this seat's seed of it."""
        if self.round == 0:
            self.restart = Restart(carry, carried_seed, number)
            self.state = state
            self.rounds = list(rounds)
            self.now.number = number - 1
            self._begin_round()
            self._run()

    def next_round(self) -> None:
        """This seat is ready for the next round (with `hold_rounds`)."""
        if self.resting:
            self._begin_round()
            self._run()

    def _begin_round(self) -> None:
        number = self.round + 1
        self._to(Stage.OPENING)
        self.plays = RoundPlays()
        self.rounds.append(RoundRecord(number))
        if self.bindings is not None:
            self.bindings.clear()
        deck_id, deck = self.layer.deck(self.state, self.spec.table)
        face_up = self.layer.face_up(self.state) if isinstance(self.layer, KeepingLayer) else ()
        setup = self.spec.round_setup(number, deck_id, len(deck), len(face_up))
        # A game whose draws are known before the drawer acts draws them read on arrival,
        # when re-shuffles are proven at once (the carried shares rest on those proofs).
        setup = replace(setup, blind_draws=self.roles.early is not None and setup.shuffle_proofs)
        deck += face_up  # (a face's index in the masked deck names it, face-up cards too)
        restart = self.restart
        restarted = restart.carry is not None and number == restart.start_round
        if restarted:
            setup = replace(setup, carry=restart.carry)
        fair = self.settings.peer_factory(setup, self.seat, self.identity, self.settings.rng)
        if restarted:
            fair.carried_seed = restart.carried_seed
        fair.hooks = GameHooks(
            may_play=self.expects_play,
            check_play=self._check_play,
            stamp=self.ordering.stamper(),
            judge_handed=self._judge_handed,
            judge_held=self._judge_held,
        )
        self.now = RoundNow(number, self.state, fair, deck)
        self.ordering.begin_round()
        self.outgoing.extend(fair.start())

    def _open_round(self) -> None:
        fair = self.fair
        assert fair is not None
        self._to(Stage.DEALING)
        self.now.seed = fair.round_seed
        opening = self.layer.opening(self.state, self.seed)
        if opening.deck:
            self.now.deck = opening.deck
        plan = [owner for _, owner in opening.slots]
        self.outgoing.extend(fair.deal(plan))
        self.now.pile = {t: slot for slot, (t, owner) in enumerate(opening.slots) if owner is None}
        if self.bindings is not None:
            self.bindings.bind((t, slot) for slot, (t, owner) in enumerate(opening.slots))
        turned_up = self._turned_up(opening.action)
        if turned_up:
            self.outgoing.extend(fair.reveal(list(turned_up.values())))

    def _absorb_deal(self) -> None:
        fair = self.fair
        assert fair is not None
        opening = self.layer.opening(self.state, self.seed)
        turned_up = self._turned_up(opening.action)
        faces = self._pile_faces(turned_up)
        if len(faces) < len(turned_up):
            self._cut_short()
            return
        completed = self._completed(self.state, faces)
        step = self.game.apply(completed, opening.action)
        mine = tuple(
            (token, self.deck[fair.known[slot]])
            for slot, (token, owner) in enumerate(opening.slots)
            if owner == self.seat
        )
        events: list[Event] = []
        for event in events_for(step.events, self.seat):
            if isinstance(event, FacesShown):
                continue  # the engine's own shuffle: the masked deck dealt other faces
            events.append(event)
        if mine:
            # The seat's hand arrives with the deal, just after the event that dealt it.
            at = next(
                (i + 1 for i, e in enumerate(events) if _names_tokens(e, {t for t, _ in mine})),
                len(events),
            )
            events.insert(at, FacesShown(mine, to=(self.seat,)))
        self._fold(events)
        self._to(Stage.PLAYING)
        self._draw_early()  # a round that starts with a blind draw (a restart's may)

    def _finish_round(self) -> None:
        fair = self.fair
        assert fair is not None
        record = self.rounds[-1]
        record.end = self.state
        record.replay = GameReplay(self.layer, self.deck, self.round_start)
        record.audit = audit(
            fair.setup, fair.log.envelopes, fair.requests, record.replay, self._check_play
        )
        if record.audit.accusation is not None:
            self.accusations.append(record.audit.accusation)  # the round is void: stop here
            return
        if self.game.is_over(self.state) or self.plays.cut_short:
            self._to(Stage.OVER)
            return
        if self.hold_rounds:
            self._to(Stage.RESTING)
            return
        self._begin_round()


def _names_tokens(event: Event, tokens: set[Token]) -> bool:
    hands = getattr(event, "hands", None)
    if isinstance(hands, tuple):
        return any(t in tokens for hand in hands if isinstance(hand, tuple) for t in hand)
    return False
