"""Checks shared by the action handlers. Each raises RuleViolation naming the rule broken."""

from lanpurr.core.cards import Face, Token
from lanpurr.core.errors import RuleViolation
from lanpurr.core.game import Seat
from lanpurr.games.momistigri.state import DEAL, OVER, PHASE_RULE, State

_WAITING_FOR = {
    "draw": "draw from the previous player",
    "swap": "make the pending 3+3 swap",
    "discard": "discard a pair, pass or end the turn",
    "designate": "designate the card the next player draws (2+2)",
    "give": "give a card to another holder (4+4)",
    "hand_out": "hand out cards from the pile (5+5)",
}


def require_turn(state: State, seat: Seat, phase: str, doing: str) -> None:
    """`seat` may act now, and the game waits for `phase`."""
    if state.phase == OVER:
        raise RuleViolation("M-9.1", f"the game is over; seat {seat} cannot {doing}")
    if not is_int(seat) or not 0 <= seat < state.players:
        raise RuleViolation("M-3.1", f"there is no seat {seat}; seats are 0 to {state.players - 1}")
    if state.phase == DEAL:
        raise RuleViolation("M-4.3", f"the round is not dealt yet; seat {seat} cannot {doing}")
    acting = state.acting_seat()
    if seat != acting:
        raise RuleViolation(
            "M-1.4", f"seat {seat} cannot {doing}: it is seat {acting}'s move, not yours"
        )
    if state.phase != phase:
        raise RuleViolation(
            PHASE_RULE[state.phase],
            f"seat {seat} cannot {doing} now; first {_WAITING_FOR[state.phase]}",
        )


def is_int(value: object) -> bool:
    """Wire input is untrusted: a seat, token or position must be a plain int."""
    return isinstance(value, int) and not isinstance(value, bool)


def require_in_hand(state: State, seat: Seat, token: Token, rule: str) -> None:
    if token not in state.hands[seat]:
        raise RuleViolation(rule, f"card {token} is not in seat {seat}'s hand")


def require_face(state: State, token: Token, face: Face, rule: str) -> None:
    """A face an action shows must be the card's face, as far as this state knows it."""
    known = state.cards.face(token)
    if known is not None and known != face:
        raise RuleViolation(rule, f"card {token} is {known}, not {face}")
