"""A plain-text picture of a state, for failure messages and `lanpurr simulate --show`."""

from lanpurr.games.purrfect.state import PurrfectState


def render(state: PurrfectState) -> str:
    lines = [
        f"Purrfect, {state.players} players, round {state.round}, {state.phase}",
        "  meow key: "
        + (", ".join(f"{k}={w}" for k, w in enumerate(state.meow_key, 1)) or "not drawn"),
        "  cats in play: " + (", ".join(state.cats) or "not drawn"),
        "  totals: " + " ".join(f"s{seat}={t}" for seat, t in enumerate(state.totals)),
    ]
    for seat, hand in enumerate(state.hands):
        locked = state.locked(seat)
        cards = " ".join(
            f"{'*' if t in locked else ''}{state.cards.face(t) or '?'}#{t}" for t in hand
        )
        lines.append(f"  seat {seat}: {cards}")
    for offer in state.offers:
        word = state.meow_key[len(offer.cards) - 1]
        lines.append(f"  offer {offer.offer_id} by seat {offer.seat}: {word}! {offer.cards}")
    for acc in state.acceptances:
        lines.append(f"  seat {acc.seat} accepts offer {acc.offer_id} with {acc.cards}")
    if state.winner is not None:
        lines.append(f"  winner: seat {state.winner}")
    return "\n".join(lines)
