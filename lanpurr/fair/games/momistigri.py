"""Momistigri on the fair table: every hidden move of the engine is a masked-deck step.

- The deal (M-4.3) is a masked-deck deal: seat s receives the slots in hand order.
- A blind draw (M-5.1) is a `draw` chosen by the drawer; a designated draw (M-6.3) and a gift
  (M-6.5) are `draw`s chosen by the holder, so the holder's hand is re-shuffled either way.
- A pair, the other 1s of a 1+1 and a 3+3 swap's card go face up by `play`; a card taken from
  the pile (3+3, 5+5) moves by `take`. At the round's end every hand is revealed.

`simulate_round` plays one round with bots on an in-memory table; `GameCheck` replays a round's
history through the engine with full knowledge at the audit and compares, action by action,
the hands the engine holds with the hands the masked deck dealt.
"""

import contextlib
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from lanpurr.core.cards import Face, Token
from lanpurr.core.errors import RuleViolation
from lanpurr.core.wire import decode, encode
from lanpurr.fair.accusation import AT_AUDIT, Accusation
from lanpurr.fair.audit import AuditResult, audit
from lanpurr.fair.envelope import Envelope
from lanpurr.fair.games import with_dealt_faces
from lanpurr.fair.harness import PeerFactory, Table
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import Operation
from lanpurr.games.momistigri.actions import (
    Deal,
    DiscardPair,
    Draw,
    Give,
    HandOut,
    Swap,
)
from lanpurr.games.momistigri.bots import BOTS
from lanpurr.games.momistigri.deck import deck_for, pair_kind, value_of
from lanpurr.games.momistigri.events import OnesDiscarded, RoundEnded, SwapMade
from lanpurr.games.momistigri.game import GAME
from lanpurr.games.momistigri.hidden import secret_order
from lanpurr.games.momistigri.state import DEAL, DESIGNATED_DRAW, OVER, State

MAX_ACTIONS = 2000
"""A round that runs longer than this is a bot loop, not a game."""


def deck_id(players: int) -> str:
    return f"momistigri/{players}"


def dealt_state(players: int, seed: bytes, hand_faces: Sequence[Sequence[Face]]) -> State:
    """The full state after the deal, with the faces the masked deck dealt (not the engine's
    own shuffle): the engine still chooses the starter and the draw-order secret from the
    joint seed, and the hand sizes it deals are the deal plan."""
    state = GAME.apply(GAME.new_state(players, {}), Deal(seed)).state
    return replace(state, cards=with_dealt_faces(state.cards, state.hands, hand_faces))


def deal_plan(players: int, seed: bytes) -> list[int]:
    state = GAME.apply(GAME.new_state(players, {}), Deal(seed)).state
    return [seat for seat, hand in enumerate(state.hands) for _ in hand]


def _face_of(state: State, token: Token) -> Face:
    return state.cards.faces[token]


# ---- simulation: bots on an in-memory fair table ------------------------------------------


@dataclass
class SimulatedRound:
    table: Table
    state: State
    actions: int

    def audit(self, seat: int = 0) -> AuditResult:
        peer = self.table.peers[seat]
        players = self.table.setup.seats
        return audit(
            self.table.setup,
            peer.log.envelopes,
            peer.requests,
            GameCheck(players),
            PlayCheck(players),
        )


def simulate_round(
    players: int,
    rng: random.Random,
    *,
    bot: str = "random",
    shuffle_proofs: bool = True,
    factories: dict[int, PeerFactory] | None = None,
) -> SimulatedRound:
    """One round by bots. Stops early, leaving the rest to the audit, once an honest peer has
    accused someone or the masked cards no longer match the engine (a cheat did that)."""
    deck = deck_for(players)
    table = Table(
        players,
        len(deck),
        deck_id=deck_id(players),
        shuffle_proofs=shuffle_proofs,
        rng=rng.randbytes,
        factories=factories,
    )
    peers = table.peers
    check = PlayCheck(players)
    for peer in peers:
        peer.check_play = check
    table.start()
    seed = peers[0].round_seed
    plan = deal_plan(players, seed)
    table.everyone("deal", plan)
    hands = [[deck[peers[s].known[slot]] for slot in peers[s].hand(s)] for s in range(players)]
    state = dealt_state(players, seed, hands)
    bots = [BOTS[bot]() for _ in range(players)]

    def faces() -> dict[int, Face]:
        known: dict[int, Face] = {}
        for peer in peers:
            known.update({slot: deck[i] for slot, i in peer.known.items() if peer.live[slot]})
        return known

    def slot_of(face: Face, owner: int | None) -> int:
        for slot, f in faces().items():
            if f == face and peers[0].owner[slot] == owner and peers[0].live[slot]:
                return slot
        raise LookupError(f"no live slot holds {face} for {owner}")

    def draw(holder: int, drawer: int, count: int, chooser: int, wanted: Face | None) -> None:
        if wanted is not None:
            peer = peers[chooser]

            def choose(op: Operation) -> list[int]:
                return [next(j for j, s in enumerate(op.hand) if deck[peer.known[s]] == wanted)]

            peer.choose_positions = choose
        table.everyone("draw", holder, drawer, count, chooser)
        peers[chooser].choose_positions = None

    count = 0
    # A LookupError: a cheat made the masked cards differ from the game; the audit names it.
    with contextlib.suppress(LookupError):
        state, count = _play(table, state, bots, rng, faces, slot_of, draw)
    table.everyone("end_round")
    return SimulatedRound(table, state, count)


def _play(
    table: Table,
    state: State,
    bots: list[Any],
    rng: random.Random,
    faces: Callable[[], dict[int, Face]],
    slot_of: Callable[[Face, int | None], int],
    draw: Callable[[int, int, int, int, Face | None], None],
) -> tuple[State, int]:
    peers = table.peers
    count = 0
    while state.phase not in (DEAL, OVER):
        if any(p.accusations for p in peers):
            break
        count += 1
        if count > MAX_ACTIONS:
            raise RuntimeError("the round does not end")
        [seat] = GAME.to_act(state)
        action: Any = bots[seat].choose(GAME.view(state, seat), seat, rng)
        slots: list[int] = []
        if isinstance(action, DiscardPair):
            slots = [slot_of(_face_of(state, t), seat) for t in action.cards]
        elif isinstance(action, Swap):
            slots = [slot_of(_face_of(state, action.put), seat)]
        table.post(seat, peers[seat].play(slots, encode(action)))
        table.run()
        if isinstance(action, Draw):
            holder = state.previous_player(seat)
            assert holder is not None
            pending = state.pending
            if not action.picks and pending is not None and pending.effect == DESIGNATED_DRAW:
                assert pending.designated is not None
                face = _face_of(state, pending.designated)
                draw(holder, seat, 1, holder, face)
            else:
                draw(holder, seat, len(action.picks), seat, None)
                picked = peers[0].history[-1][3]
                drawn = [faces()[s] for s in picked]
                order = secret_order(state, holder)
                action = Draw(seat, tuple(_position(state, order, f) for f in drawn))
        elif isinstance(action, Give):
            draw(seat, action.to, 1, seat, _face_of(state, action.card))
        elif isinstance(action, HandOut):
            table.everyone("take", slot_of(action.face, None), action.to)
        step = GAME.apply(state, action)
        state = step.state
        for event in step.events:
            if isinstance(event, OnesDiscarded):
                ones = [slot_of(f, seat) for f in event.faces]
                table.post(seat, peers[seat].play(ones, b""))
                table.run()
            elif isinstance(event, SwapMade):
                table.everyone("take", slot_of(event.take_face, None), event.seat)
            elif isinstance(event, RoundEnded):
                hidden = [s for s in range(len(peers[0].cards)) if _hidden(peers[0], s)]
                table.everyone("reveal", hidden)
    return state, count


class PlayCheck:
    """At once, on every peer: the cards a play turned up are the ones its action names."""

    def __init__(self, players: int) -> None:
        self.deck = deck_for(players)

    def __call__(self, seat: int, action: bytes, faces: list[int]) -> str:
        shown = [self.deck[f] for f in faces]
        if action == b"":
            if any(value_of(f) != 1 for f in shown):
                return f"turned up {shown} as the other 1s of a 1+1 (M-6.2)"
            return ""
        try:
            decoded = decode(action)
        except ValueError as error:
            return f"its action cannot be read ({error})"
        if isinstance(decoded, DiscardPair):
            if list(decoded.faces) != shown:
                return f"announced the pair {list(decoded.faces)} but turned up {shown} (M-5.5)"
            if pair_kind(shown[0], shown[1]) is None:
                return f"{shown} is not a pair (M-5.5)"
        elif isinstance(decoded, Swap) and [decoded.put_face] != shown:
            return f"announced {decoded.put_face} but turned up {shown} (M-6.4)"
        return ""


def _hidden(peer: FairPeer, slot: int) -> bool:
    return (
        peer.live[slot]
        and peer.owner[slot] is not None
        and len(peer.shares[slot]) < len(peer.setup.members)
    )


def _position(state: State, order: list[Token], face: Face) -> int:
    return next(i for i, t in enumerate(order) if _face_of(state, t) == face)


# ---- the audit: replay with full knowledge ------------------------------------------------


class GameCheck:
    """Replays a round's history through the engine with every face known, and compares."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.deck = deck_for(players)

    def __call__(self, observer: FairPeer, faces: dict[int, int]) -> Accusation | None:
        history = observer.history
        face = {slot: self.deck[i] for slot, i in faces.items()}
        seed = observer.round_seed
        deal = next(e for e in history if e[0] == "deal")
        plan = deal[1]
        hands: list[Counter[Face]] = [Counter() for _ in range(self.players)]
        order: list[list[Face]] = [[] for _ in range(self.players)]
        for slot, seat in enumerate(plan):
            hands[seat][face[slot]] += 1
            order[seat].append(face[slot])
        pile: Counter[Face] = Counter()
        try:
            state = dealt_state(self.players, seed, order)
        except ValueError as error:
            return Accusation(-1, "F-GAME", str(error), None, (), AT_AUDIT)
        last: tuple[int, Any] | None = None
        for i, entry in enumerate(history):
            kind = entry[0]
            if kind == "play":
                _, seat, blob, slots, index, _ = entry
                envelope = observer.marks.get(("play", index))
                evidence = (envelope,) if envelope is not None else ()
                message = (envelope.sender, envelope.seq) if envelope is not None else None

                def blame(
                    detail: str,
                    seat: int = seat,
                    message: tuple[bytes, int] | None = message,
                    evidence: tuple[Envelope, ...] = evidence,
                ) -> Accusation:
                    return Accusation(seat, "F-GAME", detail, message, evidence, AT_AUDIT)

                if blob != b"":  # b"": the other 1s of a 1+1, checked with the next action
                    mismatch = self._compare(state, hands, pile)
                    if mismatch and last is not None:
                        return Accusation(last[0], "F-GAME", mismatch, None, evidence, AT_AUDIT)
                for slot in slots:
                    hands[seat][face[slot]] -= 1
                    pile[face[slot]] += 1
                if blob == b"":
                    continue
                try:
                    action = decode(blob)
                except ValueError as error:
                    return blame(f"an action that is not a Momistigri action ({error})")
                if getattr(action, "seat", None) != seat:
                    return blame("an action in another seat's name")
                played = [face[s] for s in slots]
                problem, action = self._align(state, action, played, history[i + 1 :], face)
                if problem:
                    return blame(problem)
                try:
                    state = GAME.apply(state, action).state
                except RuleViolation as error:
                    return blame(f"an illegal action: {error}")
                last = (seat, action)
            elif kind == "draw":
                _, holder, drawer, picked = entry
                for slot in picked:
                    hands[holder][face[slot]] -= 1
                    hands[drawer][face[slot]] += 1
            elif kind == "take":
                _, slot, seat = entry
                pile[face[slot]] -= 1
                hands[seat][face[slot]] += 1
        mismatch = self._compare(state, hands, pile)
        if mismatch:
            seat = last[0] if last is not None else -1
            return Accusation(seat, "F-GAME", mismatch, None, (), AT_AUDIT)
        return None

    def _compare(self, state: State, hands: list[Counter[Face]], pile: Counter[Face]) -> str:
        for seat in range(self.players):
            engine = Counter(_face_of(state, t) for t in state.hands[seat])
            if engine != +hands[seat]:
                return f"seat {seat}'s hand in the game differs from the cards it was dealt"
        if Counter(_face_of(state, t) for t in state.pile) != +pile:
            return "the discard pile in the game differs from the cards turned face up"
        return ""

    def _align(
        self,
        state: State,
        action: Any,
        played: list[Face],
        after: Sequence[tuple[Any, ...]],
        face: dict[int, Face],
    ) -> tuple[str, Any]:
        """Check that the cards turned up or moved are the ones the action names, and turn a
        blind draw's picks into positions of the engine's hand order."""
        if isinstance(action, DiscardPair):
            named = [_face_of(state, t) for t in action.cards]
            if played != named or list(action.faces) != named:
                return f"played {played} as the pair {named}", action
        elif isinstance(action, Swap):
            if played != [_face_of(state, action.put)]:
                return f"put {played} on the pile, not the card it named", action
        elif played:
            return "turned cards face up that its action does not name", action
        if isinstance(action, Draw | Give):
            crypto = next((e for e in after if e[0] == "draw"), None)
            if crypto is None:
                return "no masked draw follows the action", action
            moved = [face[s] for s in crypto[3]]
            if isinstance(action, Give):
                if moved != [_face_of(state, action.card)]:
                    return f"gave {moved} while naming another card", action
                return "", action
            holder = state.previous_player(action.seat)
            pending = state.pending
            if holder is not None and pending is not None and pending.effect == DESIGNATED_DRAW:
                if pending.designated is not None and moved != [
                    _face_of(state, pending.designated)
                ]:
                    return f"delivered {moved} instead of the designated card", action
                return "", action
            if holder is None:
                return "a draw with nobody to draw from", action
            order = secret_order(state, holder)
            positions = []
            for f in moved:
                at = [j for j, t in enumerate(order) if _face_of(state, t) == f]
                if not at:
                    return f"drew {f}, which the holder does not hold", action
                positions.append(at[0])
            return "", Draw(action.seat, tuple(positions))
        return "", action
