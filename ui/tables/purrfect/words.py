"""What the Purrfect table says: the banner (what everyone does now) and the score history.

The strings keep the translation context `PurrfectTable`, the view's class, so every catalogue
entry stays where it was.
"""

from PySide6.QtCore import QCoreApplication

from lanpurr.games.purrfect.state import PurrfectState
from ui.tables.purrfect.choices import PurrfectChoices

translate = QCoreApplication.translate
"""Every string here is asked in the view class's context, "PurrfectTable", as `tr()` did."""


def banner(view: PurrfectChoices) -> tuple[str, str, bool]:
    s: PurrfectState = view.state
    if view.round_result is not None:
        then = (
            translate("PurrfectTable", "Final scores")
            if view.winner is not None
            else translate("PurrfectTable", "Next round")
        )
        return (
            translate("PurrfectTable", "Round {n} is over").format(n=view.round_result.round),
            translate("PurrfectTable", "Look at the scores, then click {button}.").format(
                button=then
            ),
            True,
        )
    if view.winner is not None:
        if view.winner.winner == view.me:
            return (
                translate("PurrfectTable", "Game over"),
                translate("PurrfectTable", "You win the game!"),
                False,
            )
        name = view.names[view.winner.winner]
        return (
            translate("PurrfectTable", "Game over"),
            translate("PurrfectTable", "{name} wins the game.").format(name=name),
            False,
        )
    if s.phase != "round":
        if s.results and not s.hands:
            # Between rounds: the deal waits until everyone has read the scores.
            return (
                translate("PurrfectTable", "Round {n} is next").format(n=len(s.results) + 1),
                translate(
                    "PurrfectTable",
                    "Waiting for every player to close the scores; then the cards are dealt.",
                ),
                False,
            )
        return (
            translate("PurrfectTable", "Shuffling"),
            translate("PurrfectTable", "The cards are being dealt…"),
            False,
        )
    if view.hand_is_purrfect():
        return (
            translate("PurrfectTable", "Your hand is purrfect!"),
            translate("PurrfectTable", "Click Purrfect! before anyone else does."),
            True,
        )
    chosen = s.offer_by_id(view.chosen_offer) if view.chosen_offer is not None else None
    if chosen is not None:
        return (
            translate("PurrfectTable", "Everyone plays at once"),
            translate(
                "PurrfectTable",
                "To accept {name}'s offer, click {n} of your cards of one cat (click the offer "
                "again to let go).",
            ).format(name=view.names[chosen.seat], n=len(chosen.cards)),
            True,
        )
    if view.selected:
        cat = view.selection_cat()
        if cat is None:
            detail = translate(
                "PurrfectTable", "Your selection mixes cats: an offer is one cat only."
            )
        else:
            detail = translate(
                "PurrfectTable",
                "Selected: {n}. Click Offer to put them up, or click an offer of as many "
                "cards to accept it.",
            ).format(n=len(view.selected))
        return translate("PurrfectTable", "Everyone plays at once"), detail, True
    return (
        translate("PurrfectTable", "Everyone plays at once"),
        translate(
            "PurrfectTable",
            "Select 1–4 cards of a cat you do not want, then click Offer — or click an offer "
            "to accept it.",
        ),
        True,
    )


def score_history(view: PurrfectChoices) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """Pawprints won in each round, then the total."""
    if not view.rounds:
        return [], []
    headers = [translate("PurrfectTable", "R{n}").format(n=r.round) for r in view.rounds] + [
        translate("PurrfectTable", "Total")
    ]
    rows = []
    for seat, name in enumerate(view.names):
        cells = [f"+{r.gains[seat]}" for r in view.rounds]
        rows.append((name, [*cells, str(view.rounds[-1].totals[seat])]))
    return headers, rows
