"""M-11: facts that hold in every full state. `check_invariants` returns what is broken."""

from collections import Counter

from lanpurr.games.momistigri.deck import deck_for, hand_value
from lanpurr.games.momistigri.state import DEAL, DRAW, OVER, State

# The deck of each player count, sorted, and its value total (M-2.7).
_SORTED_DECK = {players: sorted(deck_for(players)) for players in (3, 4, 5)}
_DECK_TOTAL = {players: hand_value(deck_for(players)) for players in (3, 4, 5)}


def _cards(state: State) -> list[str]:
    problems: list[str] = []
    tokens = [t for hand in state.hands for t in hand]
    tokens.extend(state.pile)
    if len(set(tokens)) != len(tokens):
        doubles = sorted(t for t, n in Counter(tokens).items() if n > 1)
        problems.append(f"M-11.1: tokens in two places: {doubles}")
    faces_known = state.cards.faces
    unknown = [t for t in tokens if t not in faces_known]
    if unknown:
        problems.append(f"M-11.1: the full state does not know tokens {unknown}")
        return problems
    faces = sorted(faces_known[t] for t in tokens)
    deck = _SORTED_DECK[state.players]
    if faces != deck:
        missing = Counter(deck) - Counter(faces)
        extra = Counter(faces) - Counter(deck)
        problems.append(
            f"M-11.1: hands + pile are not the deck: missing {sorted(missing)}, "
            f"extra {sorted(extra)}"
        )
    return problems


def _turn(state: State) -> list[str]:
    problems: list[str] = []
    if state.phase == DRAW and len(state.holders()) < 2:
        problems.append("M-11.5: a turn started with fewer than two holders")
    if state.phase == DRAW and state.turn == 1:
        if state.direction != 1 or not all(state.help_up) or state.pile:
            problems.append("M-11.6: a round must start clockwise, help cards up, pile empty")
        sizes = sorted(len(h) for h in state.hands)
        expected = sorted([9] * (state.players - 1) + [10])
        if sizes != expected:
            problems.append(f"M-11.2: hand sizes after the deal are {sizes}")
    pending = state.pending
    if pending is not None and state.phase == DRAW and pending.owner != state.last_player:
        problems.append(
            f"M-11.7: the pending effect belongs to seat {pending.owner}, "
            f"whose turn did not just end"
        )
    if state.pairs_this_turn > 1 + state.sixes_this_turn:
        problems.append(
            f"M-11.8: {state.pairs_this_turn} pairs in a turn with {state.sixes_this_turn} 6+6"
        )
    return problems


def _scores(state: State) -> list[str]:
    problems: list[str] = []
    deck_total = _DECK_TOTAL[state.players]
    for number, penalties in enumerate(state.penalties, start=1):
        if sum(penalties) > deck_total:
            problems.append(f"M-11.9: round {number} penalties exceed the deck's {deck_total}")
    if state.penalties and state.phase in (DEAL, OVER):
        last = state.penalties[-1]
        for seat, hand in enumerate(state.hands):
            held = hand_value([state.cards.faces[t] for t in hand])
            if last[seat] != held:
                problems.append(
                    f"M-11.9: seat {seat} scored {last[seat]} holding cards worth {held}"
                )
    if state.penalties:
        sums = tuple(sum(column) for column in zip(*state.penalties, strict=True))
        if sums != state.totals:
            problems.append(f"M-11.10: totals {state.totals} are not the sums {sums}")
    if len(state.penalties) > 3 or (state.phase == OVER and len(state.penalties) < 2):
        problems.append(f"M-11.10: a game of {len(state.penalties)} rounds")
    return problems


def check_invariants(state: State) -> list[str]:
    """Every broken invariant of a full state, as messages naming the rule; [] when sound."""
    if not state.hands:
        return []
    return _cards(state) + _turn(state) + _scores(state)
