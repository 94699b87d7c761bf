"""No sin mi gato (gutters) on the fair table: a face-down cat pile nobody may peek at.

The 15 cats are a masked deck that every seat shuffles and nobody is dealt: pile position i is
deck slot i. When the engine turns the top cat up (G-4.4, G-7.3) every seat publishes its
decryption share for that slot, so the cat appears for everyone at once and for nobody
before. Tiles and the first player come from public joint randomness (the round seed), and
every rotation and insertion is a signed play. The audit replays the game with the pile's
faces known and checks that each cat the engine turned up is the cat the masked pile showed.
"""

import random
from dataclasses import dataclass, replace
from typing import Any

from lanpurr.core.cards import Cards
from lanpurr.core.errors import RuleViolation
from lanpurr.core.game import CHANCE
from lanpurr.core.rng import derive
from lanpurr.core.wire import decode, encode
from lanpurr.fair import group
from lanpurr.fair.accusation import AT_AUDIT, Accusation
from lanpurr.fair.audit import AuditResult, audit
from lanpurr.fair.harness import PeerFactory, Table
from lanpurr.fair.masked_deck import unmask_with_key
from lanpurr.fair.protocol import FairPeer
from lanpurr.games.gutters.bots import BOTS
from lanpurr.games.gutters.components import CAT_IDS
from lanpurr.games.gutters.engine import GAME
from lanpurr.games.gutters.events import CatsShuffled, CatTurnedUp
from lanpurr.games.gutters.state import GuttersState

DECK_ID = "gutters/cats"
MAX_TURNS = 400


def _chance(state: GuttersState, seed: bytes, step: int) -> Any:
    return GAME.chance_action(state, derive(seed, "chance", step))


@dataclass
class SimulatedRound:
    table: Table
    state: GuttersState
    turned_up: list[str]
    options: dict[str, str]

    def audit(self, seat: int = 0) -> AuditResult:
        peer = self.table.peers[seat]
        check = GameCheck(self.table.setup.seats, self.options)
        return audit(self.table.setup, peer.log.envelopes, peer.requests, check)


def simulate_round(
    players: int,
    rng: random.Random,
    *,
    bot: str = "planner",
    options: dict[str, str] | None = None,
    factories: dict[int, PeerFactory] | None = None,
) -> SimulatedRound:
    """A whole game by bots. The engine needs the full state to run, so the simulation reads
    the pile with every seat's secret (as only the audit may); each turned-up cat is still
    revealed through the masked deck and compared."""
    table = Table(players, len(CAT_IDS), deck_id=DECK_ID, rng=rng.randbytes, factories=factories)
    peers = table.peers
    table.start()
    seed = peers[0].round_seed
    table.everyone("deal", [None] * len(CAT_IDS))
    x = peers[0].secrets.x
    for peer in peers[1:]:
        x = group.s_add(x, peer.secrets.x)
    order = [CAT_IDS[i] for i in _read(peers[0], x)]
    bots = [BOTS[bot]() for _ in range(players)]
    bot_rngs = [random.Random(rng.random()) for _ in range(players)]
    options = dict(options or {})
    state, turned = _run(table, GAME.new_state(players, options), seed, order, bots, bot_rngs)
    table.everyone("end_round")
    return SimulatedRound(table, state, turned, options)


def _read(peer: FairPeer, x: bytes) -> list[int]:
    faces = [peer.lookup(unmask_with_key(peer.cards[s], x)) for s in range(len(CAT_IDS))]
    return [f if f is not None else -1 for f in faces]


def _run(
    table: Table,
    state: GuttersState,
    seed: bytes,
    order: list[str],
    bots: list[Any],
    bot_rngs: list[random.Random],
) -> tuple[GuttersState, list[str]]:
    peers = table.peers
    turned: list[str] = []
    step = 0
    while not GAME.is_over(state) and state.turn <= MAX_TURNS:
        (seat,) = GAME.to_act(state)
        if seat == CHANCE:
            action = _chance(state, seed, step)
            step += 1
        else:
            action = bots[seat].choose(GAME.view(state, seat), seat, bot_rngs[seat])
            table.post(seat, peers[seat].play([], encode(action)))
            table.run()
        result = GAME.apply(state, action)
        state = result.state
        for event in result.events:
            if isinstance(event, CatsShuffled):
                state = _reface_tokens(state, event.tokens, order)
            if isinstance(event, CatTurnedUp):
                table.everyone("reveal", [len(turned)])
                turned.append(state.cards.faces[event.token])
        if any(p.accusations for p in peers):
            break
    return state, turned


def _reface_tokens(state: GuttersState, tokens: tuple[int, ...], order: list[str]) -> GuttersState:
    faces = dict(state.cards.faces)
    faces.update(zip(tokens, order, strict=True))
    return replace(state, cards=Cards(faces, state.cards.seen_by, state.cards.next_token))


class GameCheck:
    """Replays the game with the pile's faces known; every cat turned up must be the next
    card of the masked pile, and every play a legal action of its seat."""

    def __init__(self, players: int, options: dict[str, str] | None = None) -> None:
        self.players = players
        self.options = dict(options or {})

    def __call__(self, observer: FairPeer, faces: dict[int, int]) -> Accusation | None:
        order = [CAT_IDS[faces[s]] for s in range(len(CAT_IDS))]
        seed = observer.round_seed
        plays = [e for e in observer.history if e[0] == "play"]
        revealed = [
            CAT_IDS[faces[slot]] for e in observer.history if e[0] == "reveal" for slot in e[1]
        ]
        state = GAME.new_state(self.players, self.options)
        turned: list[str] = []
        step = 0
        index = 0
        while not GAME.is_over(state) and state.turn <= MAX_TURNS:
            (seat,) = GAME.to_act(state)
            envelope = None
            if seat == CHANCE:
                action = _chance(state, seed, step)
                step += 1
            else:
                if index >= len(plays):
                    break
                _, who, blob, _slots, number, _keep = plays[index]
                index += 1
                envelope = observer.marks.get(("play", number))
                try:
                    action = decode(blob)
                except ValueError as error:
                    return self._blame(who, f"an action that cannot be read ({error})", envelope)
                if who != seat or getattr(action, "seat", None) != seat:
                    return self._blame(who, f"played while seat {seat} was to act", envelope)
            try:
                result = GAME.apply(state, action)
            except RuleViolation as error:
                return self._blame(seat, f"an illegal action: {error}", envelope)
            state = result.state
            for event in result.events:
                if isinstance(event, CatsShuffled):
                    state = _reface_tokens(state, event.tokens, order)
                if isinstance(event, CatTurnedUp):
                    turned.append(state.cards.faces[event.token])
        if turned != revealed:
            return Accusation(
                -1, "F-GAME", "the cats turned up differ from the pile", None, (), AT_AUDIT
            )
        return None

    @staticmethod
    def _blame(seat: int, detail: str, envelope: Any) -> Accusation:
        evidence = (envelope,) if envelope is not None else ()
        message = (envelope.sender, envelope.seq) if envelope is not None else None
        return Accusation(seat, "F-GAME", detail, message, evidence, AT_AUDIT)
