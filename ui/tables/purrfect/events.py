"""How the Purrfect table follows the game's events: how long each one shows, the swap and the
declaration being shown, and the round's scores and the winner the view keeps.
"""

from PySide6.QtCore import QCoreApplication

from lanpurr.core.game import Event
from lanpurr.games.purrfect.events import (
    AcceptanceMade,
    AcceptanceRejected,
    GameWon,
    HandsDealtAgain,
    OfferOpened,
    PurrfectDeclared,
    RoundScored,
    SwapMade,
)
from lanpurr.games.purrfect.state import PurrfectState
from ui.tables.purrfect.choices import PurrfectChoices

translate = QCoreApplication.translate
"""Every string here is asked in the view class's context, "PurrfectTable", as `tr()` did."""


def duration_of(view: PurrfectChoices, event: Event) -> int:
    if isinstance(event, SwapMade):
        return 700
    if isinstance(event, OfferOpened | AcceptanceMade):
        return 280
    if isinstance(event, PurrfectDeclared):
        return 1600
    return 0


def before_event(view: PurrfectChoices, event: Event) -> None:
    if isinstance(event, PurrfectDeclared):
        view.declared = event
    elif isinstance(event, SwapMade):
        view.swap = event
        view.swaps_shown[event.offer_id] = event
    elif isinstance(event, RoundScored):
        view.round_result = event
        view.rounds.append(event)
        view.selected = []
        view.swaps_shown.clear()
    elif isinstance(event, HandsDealtAgain):
        # A laptop went: every hand is new. A token may come again (a swap shown before it
        # went, not kept) and name another card, so nothing chosen before stays chosen.
        view.selected, view.chosen_offer = [], None
        view.swaps_shown.clear()
    elif isinstance(event, GameWon):
        # The winning round's scores show first; their button leads to the game's result.
        view.winner = event
    elif (
        isinstance(event, AcceptanceRejected)
        and event.seat == view.me
        and event.reason != "dealt_again"  # (a laptop went: the table says why)
    ):
        view.notice = translate(
            "PurrfectTable", "Your acceptance was too late: someone else got that offer."
        )


def after_update(view: PurrfectChoices) -> None:
    s: PurrfectState = view.state
    if not view.animator.busy():
        view.swap = None
    if not view.animator.busy():
        # A declaration is shown while it plays, never again over a later round's offers.
        view.declared = None
    hand = set(s.hands[view.seat]) if s.hands else set()
    locked = s.locked(view.seat) if s.hands else frozenset()
    view.selected = [t for t in view.selected if t in hand and t not in locked]
    if view.chosen_offer is not None and not view.may_choose(view.chosen_offer):
        view.chosen_offer = None  # taken back, or swapped with someone else
