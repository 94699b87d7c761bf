"""The flow of turns and rounds: checkpoints (M-8), the end of a turn (M-5.9), scoring (M-8.4)
and the end of the game (M-9). Decisions become events, folded in as they are made."""

from lanpurr.core.game import Event, Seat
from lanpurr.games.momistigri import events as ev
from lanpurr.games.momistigri.absorb import absorb
from lanpurr.games.momistigri.deck import hand_value
from lanpurr.games.momistigri.state import State


class Table:
    """The state being changed by one action, and the events that changed it."""

    __slots__ = ("events", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.state = absorb(self.state, event)
        self.events.append(event)


def active_seat(state: State) -> Seat:
    assert state.active is not None, "no turn is under way"
    return state.active


def start_turn(table: Table, seat: Seat) -> None:
    previous = table.state.previous_player(seat)
    assert previous is not None, "M-11.5: no turn starts with fewer than two holders"
    table.emit(ev.TurnStarted(seat, previous, table.state.turn + 1))


def note_if_out(table: Table, seat: Seat) -> None:
    """M-7.1: an empty hand is out at once ("Miaooo!")."""
    if not table.state.hands[seat]:
        table.emit(ev.PlayerOut(seat))


def checkpoint_after_draw(table: Table) -> None:
    """M-5.4 / M-8.1 (a): after the draw (and any 3+3 swap) only the active player can be the
    last holder, and then they finish the turn (M-8.2)."""
    state = table.state
    holders = state.holders()
    if not holders:
        end_round(table, "no_holder", "M-8.2")
    elif holders == (state.active,):
        table.emit(ev.LastHolder(active_seat(state)))


def checkpoint_after_pair(table: Table) -> None:
    """M-5.5 / M-8.1 (b): after a pair and its effect."""
    state = table.state
    seat = active_seat(state)
    holders = state.holders()
    if not holders:
        end_round(table, "no_holder", "M-8.2")
    elif len(holders) == 1 and holders[0] != seat:
        # M-8.2: A went out; the last holder finishes a turn of its own (it may still discard
        # a pair), then the round ends.
        table.emit(ev.TurnEnded(seat, passed=False))
        table.emit(ev.LastTurnStarted(holders[0], table.state.turn + 1))
    elif holders == (seat,) and not state.last_turn:
        table.emit(ev.LastHolder(seat))
    elif not state.hands[seat]:
        end_turn(table)  # M-7.1: an out player takes no further part in the turn


def end_turn(table: Table) -> None:
    """M-5.7: a turn without a pair is a pass. Then checkpoint (c) (M-5.9)."""
    state = table.state
    seat = active_seat(state)
    table.emit(ev.TurnEnded(seat, passed=state.pairs_this_turn == 0))
    state = table.state
    if state.last_turn:
        end_round(table, "last_holder_finished", "M-8.2")
        return
    holders = state.holders()
    if all(not state.help_up[h] for h in holders):
        end_round(table, "everyone_passed", "M-8.3")
        return
    following = state.next_player(seat)
    assert following is not None
    start_turn(table, following)


def end_round(table: Table, reason: str, rule: str) -> None:
    """M-8.4 scoring, then M-9: the next round, a third round, or the end of the game."""
    state = table.state
    revealed = tuple(
        (token, face)
        for hand in state.hands
        for token in hand
        if (face := state.cards.face(token)) is not None
    )
    penalties = tuple(
        hand_value([state.cards.faces[t] for t in hand]) if hand else 0 for hand in state.hands
    )
    totals = tuple(t + p for t, p in zip(state.totals, penalties, strict=True))
    table.emit(ev.RoundEnded(state.round, reason, rule, revealed, penalties, totals))
    if state.round < 2:
        return
    lowest = min(totals)
    leaders = tuple(seat for seat, total in enumerate(totals) if total == lowest)
    if state.round == 2 and len(leaders) > 1:
        table.emit(ev.ThirdRoundNeeded(leaders))
    else:
        table.emit(ev.GameEnded(leaders, totals, "M-9.1" if state.round == 2 else "M-9.3"))
