"""Purrfect at a networked table: no turns, blind swaps, declarations judged at their place.

- The first round's joint seed draws the meow key and the cats in play (P-3.2, P-3.3) and then
  deals (P-4.1); later rounds only deal. The masked deck holds the 9n cards of the cats in
  play, nine slots per seat, in the engine's deal order.
- Offers, acceptances and withdrawals (P-5) are moves the table places in Lamport order
  (`LamportOrder`, docs/realtime-order.md); they turn nothing up, and the engine runs on each
  seat's partial state, so no face is needed and no stand-in is ever made.
- Every offer and acceptance names the masked slots of its cards (the `move`'s `slots`); at
  its place every seat checks them against the token -> slot bindings it keeps (the deal's,
  the swaps', those offers made) and binds them (`lanpurr/seat/bindings.py`).
- The take (P-5.7) is sent by the offerer's *peer* on receipt of the first acceptance of its
  open offer (`answer`). At its place the swap is one masked `transfer` of exactly the bound
  slots, each side re-masked and proven with the shares it carries (its receiver reads it on
  arrival): a side cannot hand over other cards than those named, and what it must send is
  fixed at the take's place, so it cannot answer the cards the other side gave. Each side
  checks the cards it got are one cat, and if not turns them over for every seat to judge
  (`handed_lie`, docs/fair-play.md "Lies only one seat can see"); the audit checks they are
  those offered and committed. A seat that handed the mover some of those cards in an earlier
  swap knows their faces already: it shows them at the offer's (or acceptance's) place when
  they are not one cat (`PromiseLayer`).
- A declaration (P-6) is judged at its place on the hand it then holds: the declarer shows its
  whole hand there (kept in the hand); if it is purrfect every other hand is shown too and the
  round is scored (P-8). A wrong one re-masks the shown unlocked cards with a draw of no card,
  so nobody can follow them (the engine's `HandRetokened`); locked cards keep their tokens
  and their bound slots.
- When a laptop goes mid-round, the round goes on from its public state (`public_part`): the
  round's number, the meow key, the cats in play and the pawprints stay. Every card in a hand
  was masked under the gone key share, so the restart deals every hand again, nine cards each
  (`DealAgain`), from the same 9n cards masked afresh and shuffled by every seat that stays;
  open offers and pending acceptances name cards of the old hands, and are cancelled.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from hashlib import sha256
from typing import Any

from lanpurr.core.cards import Face, Token
from lanpurr.core.game import Event, Game, Seat, Step
from lanpurr.core.rng import derive
from lanpurr.games.purrfect.actions import (
    AcceptOffer,
    DealAgain,
    DealRound,
    DeclarePurrfect,
    DrawCats,
    DrawMeowKey,
    OpenOffer,
    TakeAcceptance,
)
from lanpurr.games.purrfect.cats import HAND_SIZE, cat_of, faces_of
from lanpurr.games.purrfect.engine import Purrfect
from lanpurr.games.purrfect.events import HandsDealtAgain, RoundDealt, SwapMade
from lanpurr.games.purrfect.state import PurrfectState
from lanpurr.seat.hidden import with_faces
from lanpurr.seat.layer import HiddenNeeded, Misplay, Opening, SecretMove, SeenAlone
from lanpurr.seat.ordering import Receipt


@dataclass(frozen=True)
class StartRound:
    """Every chance step a round's start needs, from the round's joint seed: a round under
    way (a restart after a drop-out) deals its hands again where it stands."""

    seed: bytes


class NetworkPurrfect(Purrfect):
    """The engine, plus the one chance action a networked round starts with."""

    def apply(self, state: PurrfectState, action: Any) -> Step[PurrfectState]:
        if not isinstance(action, StartRound):
            return super().apply(state, action)
        events: list[Event] = []
        for chance in _chances(state, action.seed):
            step = super().apply(state, chance)
            state = step.state
            events.extend(step.events)
        return Step(state, tuple(events))


def _chances(state: PurrfectState, seed: bytes) -> list[Any]:
    if state.phase == "round":
        return [DealAgain(derive(seed, "purrfect deal again"))]
    out: list[Any] = []
    if state.phase == "draw_key":
        out.append(DrawMeowKey(derive(seed, "purrfect meow key")))
    if state.phase in ("draw_key", "draw_cats"):
        out.append(DrawCats(derive(seed, "purrfect cats")))
    out.append(DealRound(derive(seed, "purrfect deal")))
    return out


GAME = NetworkPurrfect()


class PurrfectLayer:
    game: Game[Any] = GAME
    realtime = True
    answered = (AcceptOffer,)
    deals_hands = True
    cancels_offers = True

    def new_state(self, players: int, options: Mapping[str, str]) -> PurrfectState:
        return GAME.new_state(players, options)

    def deck(self, state: PurrfectState, table: bytes) -> tuple[str, tuple[Face, ...]]:
        size = HAND_SIZE * state.players
        # Before the first round the cats are not drawn yet: the opening names the faces.
        faces = _deck_faces(state) if state.cats else ("?",) * size
        return f"purrfect/{state.players}", faces

    def opening(self, state: PurrfectState, seed: bytes) -> Opening:
        step = GAME.apply(state, StartRound(seed))
        dealt = next(e for e in step.events if isinstance(e, RoundDealt | HandsDealtAgain))
        slots = tuple((t, seat) for seat, hand in enumerate(dealt.hands) for t in hand)
        return Opening(StartRound(seed), slots, _deck_faces(step.state))

    def hidden_tokens(self, state: PurrfectState) -> Sequence[Token]:
        return ()  # the engine runs on partial states and asks for no face it is not shown

    def redact(self, action: Any) -> Any:
        if isinstance(action, DeclarePurrfect):
            return DeclarePurrfect(action.seat)  # the re-tokening order stays private
        return action

    def with_private(self, state: PurrfectState, action: Any, secret: bytes) -> Any:
        """An action's private part, drawn from its seat's round secret: the declarer uses
        its own during the round, the audit the one revealed at the round's end, so both
        re-token a wrongly declared hand in the same order and nobody else can follow it."""
        if not isinstance(action, DeclarePurrfect) or not 0 <= action.seat < state.players:
            return action
        hand = b"".join(t.to_bytes(8, "big", signed=True) for t in state.hands[action.seat])
        reshuffle = sha256(b"lanpurr purrfect retoken\x00" + secret + hand).digest()
        return DeclarePurrfect(action.seat, reshuffle)

    def secret_moves(self, state: PurrfectState, action: Any, me: Seat | None) -> list[SecretMove]:
        if isinstance(action, TakeAcceptance):
            offer = state.offer_by_id(action.offer_id)
            acceptance = state.acceptance_of(action.acceptor)
            if offer is None or acceptance is None or acceptance.offer_id != offer.offer_id:
                return []
            k = len(offer.cards)
            return [
                SecretMove(offer.seat, acceptance.seat, k, offer.seat, tokens=offer.cards),
                SecretMove(
                    acceptance.seat, offer.seat, k, acceptance.seat, tokens=acceptance.cards
                ),
            ]
        if isinstance(action, DeclarePurrfect) and 0 <= action.seat < state.players:
            hand = _faces(state, state.hands[action.seat])
            if len(hand) == len(state.hands[action.seat]) and len(set(map(cat_of, hand))) > 1:
                # A wrong declaration: the shown unlocked cards are re-masked (a draw of no
                # card); locked ones keep their tokens (`HandRetokened`) and their slots.
                locked = tuple(sorted(state.locked(action.seat)))
                return [SecretMove(action.seat, action.seat, 0, action.seat, kept=locked)]
        return []

    def complete(
        self, state: PurrfectState, action: Any, moved: Sequence[Face | None], me: Seat | None
    ) -> tuple[PurrfectState, Any]:
        if isinstance(action, DeclarePurrfect) and 0 <= action.seat < state.players:
            seat = action.seat
            if len(_faces(state, state.hands[seat])) < len(state.hands[seat]):
                raise HiddenNeeded([seat])  # P-6.1: judged on the hand it holds at its place
            if len(set(map(cat_of, _faces(state, state.hands[seat])))) == 1:
                hidden = [
                    s
                    for s in range(state.players)
                    if len(_faces(state, state.hands[s])) < len(state.hands[s])
                ]
                if hidden:
                    raise HiddenNeeded(hidden)  # P-8.2: the round ends, every hand is shown
            return state, action
        if isinstance(action, TakeAcceptance):
            return self._swap(state, action, moved, me), action
        return state, action

    def _swap(
        self,
        state: PurrfectState,
        action: TakeAcceptance,
        moved: Sequence[Face | None],
        me: Seat | None,
    ) -> PurrfectState:
        offer = state.offer_by_id(action.offer_id)
        acceptance = state.acceptance_of(action.acceptor)
        if offer is None or acceptance is None or acceptance.offer_id != offer.offer_id:
            return state  # the engine names what is wrong
        k = len(offer.cards)
        sides = (
            (offer.seat, offer.cards, moved[:k]),
            (acceptance.seat, acceptance.cards, moved[k:]),
        )
        learned: list[tuple[Token, Face]] = []
        for seat, tokens, faces in sides:
            known = [f for f in faces if f is not None]
            if me is None:
                # The audit knows every face: the cards that moved are those named (P-5.7).
                if known != [state.cards.faces[t] for t in tokens]:
                    raise Misplay(
                        seat,
                        "P-5.7",
                        f"seat {seat} handed over other cards than those it "
                        + ("offered" if seat == offer.seat else "committed"),
                    )
            elif len(known) == k and seat != me:
                # The cards I received must be one cat, as the offer or acceptance promised;
                # if not, only I can see it, so I turn them over for every seat to judge.
                lie = self.handed_lie(action, seat, known)
                if lie:
                    rule, what = lie.split(": ", 1)
                    raise SeenAlone(seat, rule, what)
            if len(known) == k:
                # The bound slots moved in the tokens' order: each token's face is its slot's.
                learned.extend(zip(tokens, known, strict=True))
        if learned:
            state = _with_cards(state, with_faces(state.cards, learned, ()))
        return state

    def handed_lie(self, action: Any, holder: Seat, faces: Sequence[Face]) -> str:
        """P-5.3, P-5.6: the cards of an offer, and those of an acceptance, show one cat. Every
        seat asks this of the faces a swap's receiver turns over as evidence."""
        if not isinstance(action, TakeAcceptance) or len({cat_of(f) for f in faces}) < 2:
            return ""
        if holder == action.seat:
            rule, what = "P-5.3", "offered"
        elif holder == action.acceptor:
            rule, what = "P-5.6", "committed"
        else:
            return ""
        return f"{rule}: seat {holder} {what} cards of several cats ({', '.join(faces)})"

    def promises_of_hand(self, state: Any, action: Any) -> bool:
        """P-5.3, P-5.6: an offer, and an acceptance, promise cards of one cat. Their receiver
        checks that at the swap (`handed_lie`); a seat that handed the mover some of them in an
        earlier swap knows their faces already, and shows them at the move's place."""
        return isinstance(action, OpenOffer | AcceptOffer)

    def promised_cards(self, action: Any) -> Sequence[Token]:
        return tuple(action.cards) if isinstance(action, OpenOffer | AcceptOffer) else ()

    def hand_lie(self, action: Any, seat: Seat, faces: Sequence[Face]) -> str:
        if len({cat_of(f) for f in faces}) < 2:
            return ""
        if isinstance(action, OpenOffer):
            return f"P-5.3: seat {seat} offered cards of several cats ({', '.join(faces)})"
        if isinstance(action, AcceptOffer):
            return f"P-5.6: seat {seat} committed cards of several cats ({', '.join(faces)})"
        return ""

    def named_cards(self, action: Any) -> tuple[Token, ...]:
        """The cards a move names and locks (an offer's, an acceptance's): the move carries
        their masked slots, which every seat binds at its place."""
        if isinstance(action, OpenOffer | AcceptOffer):
            return tuple(action.cards)
        return ()

    def renamed(self, events: Sequence[Event]) -> list[tuple[Token, Token]]:
        """Cards that changed token in a swap (old, new): the new token takes the old one's
        slot, where the transfer put it."""
        out: list[tuple[Token, Token]] = []
        for event in events:
            if isinstance(event, SwapMade):
                out += zip(event.offerer_gave, event.acceptor_got, strict=True)
                out += zip(event.acceptor_gave, event.offerer_got, strict=True)
        return out

    def revealed_by_rules(self, state: PurrfectState) -> list[Seat]:
        return []  # the layer names the hands it needs (`HiddenNeeded`)

    def takes(self, before: Any, action: Any, events: Sequence[Any]) -> list[tuple[Face, Seat]]:
        return []

    def named_faces(self, action: Any) -> Sequence[tuple[Token, Face]]:
        return []

    def public_part(self, state: PurrfectState) -> PurrfectState | None:
        """The round as every seat knows it: its number, the meow key, the cats in play, the
        hands as nine tokens each without faces, the open offers and pending acceptances (the
        restart cancels them), the pawprints. None once the round is over (its hands were
        shown and scored; a restart deals it again from its start)."""
        if state.phase != "round":
            return None
        return GAME.view(state, -1)

    def face_up(self, state: PurrfectState) -> tuple[Face, ...]:
        return ()  # (every card is in a hand: a declaration's faces go with it)

    def round_over(self, state: PurrfectState) -> bool:
        return state.phase in ("deal", "over")

    def scores(self, state: PurrfectState) -> list[int]:
        return list(state.totals)

    def answer(self, state: PurrfectState, me: Seat, received: Sequence[Receipt]) -> Any | None:
        """P-5.7: my peer takes the first acceptance of my open offer that it received, once
        it passes what my peer can check (right offer, its number of cards, the acceptor has
        no other pending acceptance). A take that turns out void is followed by the next."""
        offer = state.offer_of(me)
        if offer is None or state.phase != "round":
            return None
        for receipt in received:
            accept = receipt.action
            if (
                not isinstance(accept, AcceptOffer)
                or accept.seat != receipt.seat
                or accept.offer_id != offer.offer_id
                or len(accept.cards) != len(offer.cards)
            ):
                continue
            pending = state.acceptance_of(receipt.seat)
            if receipt.placed:
                if pending is None or pending.offer_id != offer.offer_id:
                    continue  # rejected, or void
            elif pending is not None:
                continue  # it has another pending acceptance: void at its place
            return TakeAcceptance(me, offer.offer_id, receipt.seat)
        return None


def _deck_faces(state: PurrfectState) -> tuple[Face, ...]:
    return tuple(face for cat in state.cats for face in faces_of(cat))


def _faces(state: PurrfectState, tokens: Sequence[Token]) -> tuple[Face, ...]:
    """The faces of these tokens this state knows."""
    faces = state.cards.faces
    return tuple(faces[t] for t in tokens if t in faces)


def _with_cards(state: PurrfectState, cards: Any) -> PurrfectState:
    from dataclasses import replace

    return replace(state, cards=cards)
