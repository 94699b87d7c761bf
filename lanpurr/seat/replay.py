"""The audit's replay of a round's game: the only place the full state ever exists.

Once every secret of a round is revealed, the audit decrypts every masked card. `GameReplay`
then plays the round again through the engine with every face known, in the very order the
seats played it: each play's action (private choices recovered from the cards that actually
moved), each masked draw's faces. It names the first play the engine refuses, or a hand whose
cards differ from those the masked deck put there. Its states, one per play, are what every
seat's replica must agree with.
"""

from collections import Counter
from collections.abc import Sequence
from typing import Any

from lanpurr.core.cards import Cards, Face
from lanpurr.core.errors import RuleViolation
from lanpurr.core.wire import decode
from lanpurr.fair.accusation import AT_AUDIT, Accusation
from lanpurr.fair.envelope import Envelope
from lanpurr.fair.protocol import FairPeer
from lanpurr.seat.layer import EarlyDrawLayer, GameLayer, binds_early
from lanpurr.seat.plays import Played, Shown
from lanpurr.seat.private import private_part


class GameReplay:
    def __init__(self, layer: GameLayer, deck: Sequence[Face], start: Any) -> None:
        self.layer = layer
        self.game = layer.game
        self.deck = tuple(deck)
        self.start = start
        self.states: list[Any] = []
        """The full state after the deal and after every play, in order."""

    def __call__(self, observer: FairPeer, faces: dict[int, int]) -> Accusation | None:
        face = {slot: self.deck[i] for slot, i in faces.items()}
        opening = self.layer.opening(self.start, observer.round_seed)
        state = self.game.apply(self.start, opening.action).state
        dealt = [(token, face[slot]) for slot, (token, _) in enumerate(opening.slots)]
        state = _with_cards(state, _reface(state.cards, dealt))
        self.states = [state]
        history = observer.history
        last = -1
        for i, entry in enumerate(history):
            if entry[0] != "play":
                continue
            _, seat, blob, _slots, index, _keep = entry
            envelope = observer.marks.get(("play", index))
            try:
                body = decode(blob)
            except ValueError as error:
                return _blame(seat, f"a play that cannot be read ({error})", envelope)
            if not isinstance(body, Played):
                continue  # cards shown at a round's end: the audit knows them anyway
            for token, shown in body.shown:
                if state.cards.faces.get(token) != shown:
                    return _blame(seat, f"named {shown} for a card that is not", envelope)
            secret = observer.revealed_secrets.get(seat, {}).get("x", b"")
            played = private_part(self.layer, state, body.action, secret)
            moved_slots = self._moved(history, i, state, played, seat)
            moved = [face.get(s) for s in moved_slots]
            try:
                complete, action = self.layer.complete(state, played, moved, None)
                state = self.game.apply(complete, action).state
            except RuleViolation as error:
                # A swap's cards name the seat that handed them over (`Misplay`).
                blamed = getattr(error, "seat", seat)
                return _blame(blamed, f"an illegal move: {error}", envelope)
            self.states.append(state)
            last = seat
        problem = self._compare(state, observer, face)
        if problem:
            return Accusation(last, "F-GAME", problem, None, (), AT_AUDIT)
        return None

    def _moved(
        self, history: Sequence[tuple[Any, ...]], at: int, state: Any, played: Any, seat: int
    ) -> list[int]:
        """The slots the secret moves of the play at `at` moved, as every seat bound them.
        A game with early draws (`EarlyDrawLayer`): a play bound to the blind draw asked for
        before it takes that draw's cards, the last draw before it; any other play takes as
        many of the moves after it as it needs, so that the next turn's early draw, which
        may follow them, is left to the play it is for."""
        layer = self.layer
        if not isinstance(layer, EarlyDrawLayer):
            return _moved_after(history, at) or _next_draw_from(history, at, seat)
        moves = layer.secret_moves(state, played, None)
        early = layer.early_draw(state)
        if early is not None and binds_early(moves, early):
            return _draw_before(history, at)
        return _moved_after(history, at, len(moves)) or _next_draw_from(history, at, seat)

    def _compare(self, state: Any, observer: FairPeer, face: dict[int, Face]) -> str:
        hands = getattr(state, "hands", None)
        if hands is None:
            return ""
        for seat, hand in enumerate(hands):
            engine = Counter(state.cards.faces[t] for t in hand)
            masked = Counter(
                face[s]
                for s in range(len(observer.cards))
                if observer.live[s] and observer.owner[s] == seat and s in face
            )
            if engine != masked:
                return f"seat {seat}'s hand in the game differs from the cards it holds"
        return ""


def _moved_after(
    history: Sequence[tuple[Any, ...]], at: int, limit: int | None = None
) -> list[int]:
    """The slots the masked draws and transfers of the play at `at` moved (cards shown
    meanwhile aside), in the order they moved: those of its first `limit` moves only, when
    given."""
    slots: list[int] = []
    taken = 0
    for entry in history[at + 1 :]:
        if (entry[0] == "play" and not isinstance(_body(entry[2]), Shown)) or taken == limit:
            break
        if entry[0] in ("draw", "transfer"):
            slots.extend(entry[3])
            taken += 1
    return slots


def _draw_before(history: Sequence[tuple[Any, ...]], at: int) -> list[int]:
    """The cards of the last draw between the play before `at` and `at`: the early draw the
    play at `at` binds to (none: the play moved nothing)."""
    for entry in reversed(history[:at]):
        if entry[0] == "play":
            break
        if entry[0] == "draw":
            return list(entry[3])
    return []


def _next_draw_from(history: Sequence[tuple[Any, ...]], at: int, holder: int) -> list[int]:
    """The next cards that left `holder`'s hand: how a choice it kept private (the card a 2+2
    designates) shows in the log."""
    for entry in history[at + 1 :]:
        if entry[0] == "draw" and entry[1] == holder:
            return list(entry[3])
    return []


def _body(blob: bytes) -> Any:
    try:
        return decode(blob)
    except ValueError:
        return None


def _reface(cards: Cards, dealt: Sequence[tuple[int, Face]]) -> Cards:
    faces = dict(cards.faces)
    faces.update(dealt)
    return Cards(faces, cards.seen_by, cards.next_token)


def _with_cards(state: Any, cards: Cards) -> Any:
    evolve = getattr(state, "evolve", None)
    if evolve is not None:
        return evolve(cards=cards)
    from dataclasses import replace

    return replace(state, cards=cards)


def _blame(seat: int, detail: str, envelope: Envelope | None) -> Accusation:
    evidence = (envelope,) if envelope is not None else ()
    message = (envelope.sender, envelope.seq) if envelope is not None else None
    return Accusation(seat, "F-GAME", detail, message, evidence, AT_AUDIT)
