"""Scoring a round (P-8.3, P-8.4) and deciding the end of the game (P-9.1)."""

from lanpurr.games.purrfect.state import Seat

DECLARER_GAIN = 2
BEST_GROUP_GAIN = 1
TARGET = 5
"""P-1.2: reaching 5 pawprints ends the game (subject to P-9.1)."""


def round_gains(declarer: Seat, best_groups: tuple[int, ...]) -> tuple[int, ...]:
    """P-8.3: the declarer +2; P-8.4: among the others, every largest best group +1."""
    top = max(g for seat, g in enumerate(best_groups) if seat != declarer)
    return tuple(
        DECLARER_GAIN if seat == declarer else BEST_GROUP_GAIN if group == top else 0
        for seat, group in enumerate(best_groups)
    )


def game_winner(totals: tuple[int, ...], declarer: Seat) -> tuple[Seat, bool] | None:
    """P-9.1 after a round's scoring: None to play on, else the winner and whether the tie
    rule (step 3) decided."""
    if max(totals) < TARGET:
        return None
    top = max(totals)
    leaders = [seat for seat, total in enumerate(totals) if total == top]
    if len(leaders) == 1:
        return leaders[0], False
    return declarer, True
