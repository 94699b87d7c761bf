"""A small text picture of a state, for failure messages and `lanpurr simulate --show`."""

from lanpurr.games.momistigri.state import State


def render(state: State) -> str:
    arrow = "clockwise" if state.direction == 1 else "counter-clockwise"
    lines = [
        f"momistigri round {state.round}, turn {state.turn}, phase {state.phase}, {arrow}, "
        f"active {state.active}, totals {list(state.totals)}"
    ]
    for seat, hand in enumerate(state.hands):
        faces = " ".join(state.cards.face(t) or "??" for t in hand) or "(out)"
        help_card = "up" if state.help_up[seat] else "down"
        marker = ">" if seat == state.active else " "
        lines.append(f" {marker} seat {seat} [{help_card:>4}] {len(hand):2} cards: {faces}")
    pile = " ".join(state.cards.face(t) or "??" for t in state.pile) or "(empty)"
    lines.append(f"   pile: {pile}")
    if state.pending is not None:
        lines.append(f"   pending: {state.pending.effect} from seat {state.pending.owner}")
    if state.winners:
        lines.append(f"   winners: {list(state.winners)}")
    return "\n".join(lines)
