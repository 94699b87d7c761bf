"""Purrfect on the fair table: blind trades as masked-card moves.

- The deal (P-4.1) is a masked-deck deal of the cats in play, nine slots per seat.
- Offers, acceptances and withdrawals (P-5) are signed plays that turn nothing up: the cards
  stay masked in their owners' hands.
- A swap (P-5.7) is two holder-chosen draws: the offerer's cards to the acceptor, then the
  acceptor's cards to the offerer; each holder's hand is re-shuffled, so nobody else can tell
  which cards left.
- A declaration (P-6.1) turns the declarer's hand face up and keeps it in the hand; after a
  wrong one the hand is re-shuffled (a draw of no card) so the shown cards cannot be followed.
- At the round's end (P-8.2) every hand is turned face up.

"A trade's cards are one cat" cannot be seen while the cards are face down: the receiver
learns them at the swap and the audit replays every trade through the engine.
"""

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from lanpurr.core.cards import Face
from lanpurr.core.errors import RuleViolation
from lanpurr.core.events import FacesShown
from lanpurr.core.game import Event
from lanpurr.core.rng import derive
from lanpurr.core.wire import decode, encode
from lanpurr.fair.accusation import AT_AUDIT, Accusation
from lanpurr.fair.audit import AuditResult, audit
from lanpurr.fair.envelope import Envelope
from lanpurr.fair.games import with_dealt_faces
from lanpurr.fair.harness import PeerFactory, Table
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import Operation
from lanpurr.games.purrfect import simulate as engine_simulation
from lanpurr.games.purrfect.actions import (
    DealRound,
    DeclarePurrfect,
    DrawCats,
    DrawMeowKey,
    TakeAcceptance,
)
from lanpurr.games.purrfect.cats import faces_of
from lanpurr.games.purrfect.engine import GAME
from lanpurr.games.purrfect.events import HandRetokened, SwapMade
from lanpurr.games.purrfect.state import PurrfectState


def deck_faces(state: PurrfectState) -> tuple[Face, ...]:
    """Card index -> face for the cats in play, in table order (before any shuffle)."""
    return tuple(face for cat in state.cats for face in faces_of(cat))


def before_deal(players: int, seed: bytes) -> PurrfectState:
    """The public state before a first round's deal: meow key and cats drawn (P-3.2, P-3.3)."""
    options = {"allow_three": "on"} if players == 3 else {}
    state = GAME.new_state(players, options)
    state = GAME.apply(state, DrawMeowKey(derive(seed, "meow key"))).state
    return GAME.apply(state, DrawCats(derive(seed, "cats"))).state


def dealt_state(
    state: PurrfectState, seed: bytes, hand_faces: Sequence[Sequence[Face]]
) -> PurrfectState:
    """The engine's deal with the faces the masked deck dealt."""
    state = GAME.apply(state, DealRound(seed)).state
    return replace(state, cards=with_dealt_faces(state.cards, state.hands, hand_faces))


def _hand(state: PurrfectState, seat: int) -> Counter[Face]:
    return Counter(state.cards.faces[t] for t in state.hands[seat])


class _FairEngineTable(engine_simulation.SimulatedTable):
    """The engine's own simulated-time table, with every step mirrored on the fair table."""

    def __init__(self, fair: Table, deck: tuple[Face, ...], players: int, seed: int) -> None:
        super().__init__(players, ("heuristic",) * players, seed, 0)
        self.fair = fair
        self.deck = deck

    def faces(self) -> dict[int, Face]:
        known: dict[int, Face] = {}
        for peer in self.fair.peers:
            known.update({s: self.deck[i] for s, i in peer.known.items() if peer.live[s]})
        return known

    def move(self, holder: int, to: int, wanted: Sequence[Face]) -> None:
        """`holder` re-shuffles its hand and hands `wanted` (faces) to `to`."""
        peer = self.fair.peers[holder]
        deck = self.deck

        def choose(op: Operation) -> list[int]:
            left = list(wanted)
            picks = []
            for j, slot in enumerate(op.hand):
                face = deck[peer.known[slot]]
                if face in left:
                    left.remove(face)
                    picks.append(j)
            return picks

        peer.choose_positions = choose
        self.fair.everyone("draw", holder, to, len(wanted), holder)
        peer.choose_positions = None

    def step(self, action: object) -> tuple[Event, ...] | None:
        seat = getattr(action, "seat", -1)
        before = self.state
        peer = self.fair.peers[seat]
        slots: list[int] = []
        if isinstance(action, DeclarePurrfect):
            slots = peer.hand(seat)
        self.fair.post(seat, peer.play(slots, encode(action), keep=True))
        self.fair.run()
        events = super().step(action)
        for event in events or ():
            if isinstance(event, SwapMade):
                gave = [before.cards.faces[t] for t in event.offerer_gave]
                got = [before.cards.faces[t] for t in event.acceptor_gave]
                self.move(event.offerer, event.acceptor, gave)
                self.move(event.acceptor, event.offerer, got)
            elif isinstance(event, HandRetokened):
                self.move(event.seat, event.seat, [])
            elif isinstance(event, FacesShown) and event.to is None:
                hidden = [
                    s
                    for s in range(len(peer.cards))
                    if peer.live[s] and len(peer.shares[s]) < self.fair.setup.seats
                ]
                self.fair.everyone("reveal", hidden)
        return events


@dataclass
class SimulatedRound:
    table: Table
    state: PurrfectState
    public: PurrfectState
    violations: list[str]

    def audit(self, seat: int = 0) -> AuditResult:
        peer = self.table.peers[seat]
        return audit(self.table.setup, peer.log.envelopes, peer.requests, GameCheck(self.public))


def simulate_round(
    players: int,
    rng: random.Random,
    *,
    shuffle_proofs: bool = True,
    factories: dict[int, PeerFactory] | None = None,
) -> SimulatedRound:
    public = before_deal(players, rng.randbytes(32))
    deck = deck_faces(public)
    table = Table(
        players,
        len(deck),
        deck_id="purrfect/" + ",".join(public.cats),
        shuffle_proofs=shuffle_proofs,
        rng=rng.randbytes,
        factories=factories,
    )
    peers = table.peers
    table.start()
    seed = peers[0].round_seed
    plan = [seat for seat in range(players) for _ in range(9)]
    table.everyone("deal", plan)
    hands = [[deck[peers[s].known[slot]] for slot in peers[s].hand(s)] for s in range(players)]
    engine = _FairEngineTable(table, deck, players, rng.randrange(2**32))
    engine.state = dealt_state(public, seed, hands)
    engine.play_round()
    table.everyone("end_round")
    return SimulatedRound(table, engine.state, public, engine.violations)


class GameCheck:
    """Replays the round through the engine with every face known, and compares."""

    def __init__(self, public: PurrfectState) -> None:
        self.public = public
        self.deck = deck_faces(public)

    def __call__(self, observer: FairPeer, faces: dict[int, int]) -> Accusation | None:
        face = {slot: self.deck[i] for slot, i in faces.items()}
        players = self.public.players
        history = observer.history
        deal = next(e for e in history if e[0] == "deal")
        order: list[list[Face]] = [[] for _ in range(players)]
        for slot, seat in enumerate(deal[1]):
            order[seat].append(face[slot])
        hands = [Counter(o) for o in order]
        try:
            state = dealt_state(self.public, observer.round_seed, order)
        except ValueError as error:
            return Accusation(-1, "F-GAME", str(error), None, (), AT_AUDIT)
        last = -1
        for i, entry in enumerate(history):
            if entry[0] == "draw":
                _, holder, drawer, picked = entry
                for slot in picked:
                    hands[holder][face[slot]] -= 1
                    hands[drawer][face[slot]] += 1
                continue
            if entry[0] != "play":
                continue
            _, seat, blob, slots, index, _keep = entry
            envelope = observer.marks.get(("play", index))
            evidence: tuple[Envelope, ...] = (envelope,) if envelope is not None else ()
            message = (envelope.sender, envelope.seq) if envelope is not None else None
            for s in range(players):
                if _hand(state, s) != +hands[s]:
                    return Accusation(
                        last,
                        "F-GAME",
                        f"seat {s}'s hand in the game differs from its cards",
                        None,
                        evidence,
                        AT_AUDIT,
                    )
            problem = self._problem(
                state, seat, blob, [face[s] for s in slots], history[i + 1 :], face
            )
            if not problem:
                try:
                    state = GAME.apply(state, decode(blob)).state
                except (RuleViolation, ValueError) as error:
                    problem = f"an illegal action: {error}"
            if problem:
                return Accusation(seat, "F-GAME", problem, message, evidence, AT_AUDIT)
            last = seat
        return None

    def _problem(
        self,
        state: PurrfectState,
        seat: int,
        blob: bytes,
        shown: list[Face],
        after: Sequence[tuple[Any, ...]],
        face: dict[int, Face],
    ) -> str:
        try:
            action = decode(blob)
        except ValueError as error:
            return f"an action that is not a Purrfect action ({error})"
        if getattr(action, "seat", None) != seat:
            return "an action in another seat's name"
        if isinstance(action, DeclarePurrfect):
            if Counter(shown) != _hand(state, seat):
                return "declared with cards other than its hand (P-6.1)"
        elif shown:
            return "turned cards face up that its action does not name"
        if isinstance(action, TakeAcceptance):
            offer = state.offer_by_id(action.offer_id)
            acceptance = state.acceptance_of(action.acceptor)
            moves = [e for e in after if e[0] == "draw"][:2]
            if offer is None or acceptance is None or len(moves) != 2:
                return ""  # the engine names what is wrong with the action itself
            sent = Counter(face[s] for s in moves[0][3])
            back = Counter(face[s] for s in moves[1][3])
            if sent != Counter(state.cards.faces[t] for t in offer.cards):
                return "the offerer handed over cards other than those it offered (P-5.7)"
            if back != Counter(state.cards.faces[t] for t in acceptance.cards):
                return "the acceptor handed over cards other than those it committed (P-5.7)"
        return ""
