"""`apply`: check an action against the rules, decide its events, fold them in (M-4, M-5)."""

from collections.abc import Callable
from itertools import combinations
from typing import Any

from lanpurr.core.errors import RuleViolation
from lanpurr.core.events import FacesShown
from lanpurr.core.game import Seat, Step
from lanpurr.core.rng import derive, rng_from
from lanpurr.games.momistigri import events as ev
from lanpurr.games.momistigri.actions import (
    Deal,
    DealAgain,
    Designate,
    DiscardPair,
    Draw,
    EndTurn,
    Give,
    HandOut,
    Pass,
    Swap,
)
from lanpurr.games.momistigri.checks import is_int, require_face, require_in_hand, require_turn
from lanpurr.games.momistigri.dealt_again import deal_again
from lanpurr.games.momistigri.deck import (
    MISTIGRI,
    NO_EFFECT,
    PAIR_EFFECTS,
    REVERSE,
    REVERSIBLE,
    deck_for,
    pair_kind,
)
from lanpurr.games.momistigri.effects import designate, give, hand_out, resolve_effect
from lanpurr.games.momistigri.flow import (
    Table,
    checkpoint_after_draw,
    checkpoint_after_pair,
    end_turn,
    note_if_out,
    start_turn,
)
from lanpurr.games.momistigri.hidden import PartialStateError, secret_order, split_hand
from lanpurr.games.momistigri.state import (
    DEAL,
    DESIGNATED_DRAW,
    DISCARD,
    DRAW,
    DRAW_THREE,
    DRAW_TWO,
    SWAP,
    SWAP_AFTER_DRAW,
    Pending,
    State,
)

HAND_SIZE = 9


# --- M-4: setting up a round ---------------------------------------------------------------


def starter_candidates(state: State) -> tuple[tuple[Seat, ...], str]:
    """M-4.1: everyone in round 1; M-4.2: the highest totals later."""
    if state.round == 0:
        return tuple(range(state.players)), "M-4.1"
    highest = max(state.totals)
    return tuple(s for s, t in enumerate(state.totals) if t == highest), "M-4.2"


def deal_round(table: Table, action: Deal) -> None:
    state = table.state
    if state.phase != DEAL:
        raise RuleViolation("M-4.3", "no deal is due: a round is under way or the game is over")
    if not isinstance(action.seed, bytes) or len(action.seed) != 32:
        raise RuleViolation("M-4.3", "a deal needs a seed of exactly 32 bytes")
    candidates, rule = starter_candidates(state)
    starter = candidates[rng_from(action.seed, "starter").randrange(len(candidates))]
    table.emit(ev.StarterChosen(state.round + 1, starter, candidates, rule))
    table.emit(ev.DrawOrderSecret(derive(action.seed, "draw order")))
    faces = list(deck_for(state.players))
    rng_from(action.seed, "deal").shuffle(faces)
    # M-4.3: 9 cards each, one more for the dealer's right neighbour.
    sizes = [HAND_SIZE] * state.players
    sizes[(starter - 1) % state.players] += 1
    first = table.state.cards.next_token
    hands: list[tuple[int, ...]] = []
    for size in sizes:
        hands.append(tuple(range(first, first + size)))
        first += size
    table.emit(ev.RoundDealt(state.round + 1, starter, tuple(hands)))
    dealt = iter(faces)
    for seat, hand in enumerate(hands):
        table.emit(FacesShown(tuple((t, next(dealt)) for t in hand), to=(seat,)))
    start_turn(table, starter)  # M-4.5


# --- M-5.1 - M-5.3: the draw -----------------------------------------------------------------


def binding_pending(state: State, holder: Seat) -> Pending | None:
    """The pending effect that binds this draw: the holder's own, while they hold a card."""
    pending = state.pending
    if pending is not None and pending.owner == holder and state.hands[holder]:
        return pending
    return None


def cards_to_draw(state: State, holder: Seat) -> int:
    """M-5.1: how many cards the draw takes (all of them if the holder has fewer)."""
    pending = binding_pending(state, holder)
    wanted = {DRAW_TWO: 2, DRAW_THREE: 3}.get(pending.effect, 1) if pending else 1
    return min(wanted, len(state.hands[holder]))


def draw_from_previous(table: Table, action: Draw) -> None:
    state = table.state
    require_turn(state, action.seat, DRAW, "draw")
    holder = state.previous_player(action.seat)
    assert holder is not None
    pending = binding_pending(state, holder)
    if pending is not None and pending.effect == DESIGNATED_DRAW:
        if action.picks:
            raise RuleViolation(
                "M-5.1", "after a 2+2 the draw takes the designated card: pick no position"
            )
        if pending.designated is None:
            raise PartialStateError("only the full state knows which card was designated")
        moving = [pending.designated]
        order = None
    else:
        count = cards_to_draw(state, holder)
        size = len(state.hands[holder])
        if (
            not isinstance(action.picks, tuple)
            or not all(is_int(p) for p in action.picks)
            or len(action.picks) != count
            or len(set(action.picks)) != count
            or not all(0 <= p < size for p in action.picks)
        ):
            raise RuleViolation(
                "M-5.1",
                f"draw {count} different position(s) from 0 to {size - 1} "
                f"in seat {holder}'s hand, not {list(action.picks)}",
            )
        order = secret_order(state, holder)
        moving = [order[p] for p in action.picks]
    staying, drawn = split_hand(state, holder, moving, order)
    table.emit(
        ev.CardsDrawn(
            action.seat,
            holder,
            tuple(t for t, _ in drawn),
            tuple(t for t, _ in staying),
            state.hands[holder],
            designated=pending is not None and pending.effect == DESIGNATED_DRAW,
            rule="M-5.1",
        )
    )
    table.emit(FacesShown(drawn, to=tuple(sorted((action.seat, holder)))))
    if staying:
        table.emit(FacesShown(staying, to=(holder,)))
    note_if_out(table, holder)
    if table.state.phase == SWAP:
        return  # M-5.2: the holder's 3+3 swap comes first
    if state.pending is not None:
        # A swap still pending here has lapsed: the draw left its owner without a card.
        lapsed = pending is None or pending.effect == SWAP_AFTER_DRAW
        table.emit(ev.PendingEffectCleared(state.pending.owner, state.pending.effect, lapsed))
    checkpoint_after_draw(table)


def swap_with_pile(table: Table, action: Swap) -> None:
    """M-6.4: one card face up on the pile, then any pile card back into the hand."""
    state = table.state
    require_turn(state, action.seat, SWAP, "swap")
    require_in_hand(state, action.seat, action.put, "M-6.4")
    require_face(state, action.put, action.put_face, "M-6.4")
    if action.take == action.put:
        take_face = action.put_face
    elif action.take in state.pile:
        face = state.cards.face(action.take)
        assert face is not None, "pile cards are face up"
        take_face = face
    else:
        raise RuleViolation(
            "M-6.4", f"card {action.take} is not in the pile; take a pile card (or {action.put})"
        )
    table.emit(ev.SwapMade(action.seat, action.put, action.put_face, action.take, take_face))
    table.emit(ev.PendingEffectCleared(action.seat, SWAP_AFTER_DRAW, lapsed=False))
    checkpoint_after_draw(table)


# --- M-5.5 - M-5.9: discarding, passing, ending the turn --------------------------------------


def discard_pair(table: Table, action: DiscardPair) -> None:
    state = table.state
    seat = action.seat
    require_turn(state, seat, DISCARD, "discard a pair")
    if not state.may_discard:
        raise RuleViolation(
            "M-5.6", "one pair per turn: only a 6+6 allows another; end your turn instead"
        )
    if len(action.cards) != 2 or len(action.faces) != 2:
        raise RuleViolation("M-5.5", "a pair is two cards, each with its face")
    first, second = action.cards
    if first == second:
        raise RuleViolation("M-5.5", "a pair is two different cards")
    for token, face in zip(action.cards, action.faces, strict=True):
        require_in_hand(state, seat, token, "M-5.5")
        require_face(state, token, face, "M-5.5")
    if MISTIGRI in action.faces:
        raise RuleViolation("M-6.11", "the Mistigri can never be discarded in a pair")
    kind = pair_kind(*action.faces)
    if kind is None:
        raise RuleViolation(
            "M-5.5",
            f"{action.faces[0]} and {action.faces[1]} share neither colour nor value: not a pair",
        )
    if action.reverse and not (kind.is_value_pair and kind.value in REVERSIBLE):
        raise RuleViolation("M-6.1", "only 1+1, 2+2 and 3+3 may reverse the direction instead")
    if not kind.is_value_pair:
        effect, rule = NO_EFFECT, "M-5.5"
    elif action.reverse:
        effect, rule = REVERSE, "M-6.1"
    else:
        effect, rule = PAIR_EFFECTS[kind.value]
    table.emit(
        ev.PairDiscarded(
            seat, action.cards, action.faces, kind.is_value_pair, effect, action.reverse, rule
        )
    )
    note_if_out(table, seat)
    if kind.is_value_pair:
        resolve_effect(table, seat, kind.value, action.reverse)
    else:
        checkpoint_after_pair(table)


def holds_a_pair(state: State, seat: Seat) -> bool:
    faces = [f for f in state.hand_faces(seat) if f is not None]
    return any(pair_kind(a, b) is not None for a, b in combinations(faces, 2))


def pass_turn(table: Table, action: Pass) -> None:
    state = table.state
    require_turn(state, action.seat, DISCARD, "pass")
    if state.pairs_this_turn:
        raise RuleViolation("M-5.7", "you discarded a pair this turn; end the turn instead")
    if state.strict_discard and holds_a_pair(state, action.seat):
        raise RuleViolation(
            "M-5.8", "strict_discard is on and you hold a pair: you must discard one"
        )
    end_turn(table)


def finish_turn(table: Table, action: EndTurn) -> None:
    state = table.state
    require_turn(state, action.seat, DISCARD, "end the turn")
    if not state.pairs_this_turn:
        raise RuleViolation("M-5.7", "you discarded no pair this turn: pass instead")
    end_turn(table)


HANDLERS: dict[type[Any], Callable[[Table, Any], None]] = {
    Deal: deal_round,
    DealAgain: deal_again,
    Draw: draw_from_previous,
    Swap: swap_with_pile,
    DiscardPair: discard_pair,
    Pass: pass_turn,
    EndTurn: finish_turn,
    Designate: designate,
    Give: give,
    HandOut: hand_out,
}


def apply(state: State, action: Any) -> Step[State]:
    """Check `action`, then return the new state and its events. `state` is never changed."""
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise RuleViolation("M-5", f"momistigri has no action {type(action).__name__}")
    table = Table(state)
    handler(table, action)
    return Step(table.state, tuple(table.events))
