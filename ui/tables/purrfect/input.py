"""What a click or a key does at the Purrfect table: select cards, offer them, accept an offer,
withdraw, declare Purrfect!, go on after the scores.
"""

import secrets
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent

from lanpurr.games.purrfect.actions import AcceptOffer, DeclarePurrfect, OpenOffer, WithdrawOffer
from lanpurr.games.purrfect.state import PurrfectState
from ui.tables.purrfect.choices import PurrfectChoices


def clicked(view: PurrfectChoices, key: Any) -> None:
    s: PurrfectState = view.state
    kind, value = key
    if kind == "card":
        if value in view.selected:
            view.selected.remove(value)
        else:
            view.selected.append(value)
        chosen = view.chosen_offer
        # The offer first, then the cards: the last card that makes the count accepts it.
        if chosen is not None and view.can_accept(chosen):
            _accept(view, chosen)
    elif kind == "offer":
        if view.can_accept(value):
            _accept(view, value)  # the cards first, then the offer
        elif view.chosen_offer == value:
            view.chosen_offer = None  # clicked again: let go
        elif view.may_choose(value):
            view.chosen_offer = value
            offer = s.offer_by_id(value)
            k = len(offer.cards) if offer else 0
            view.selected = view.selected if len(view.selected) < k else []
        else:
            offer = s.offer_by_id(value)
            k = len(offer.cards) if offer else 0
            view.notice = view.select_first_text(k)
    elif value == "offer" and view.can_offer():
        if view.act(OpenOffer(view.seat, tuple(view.selected))):
            view.selected = []
    elif value == "withdraw":
        mine = s.offer_of(view.seat)
        if mine is not None:
            view.act(WithdrawOffer(view.seat, mine.offer_id))
    elif value == "declare":
        view.act(DeclarePurrfect(view.seat, secrets.token_bytes(32)))
    elif value == "clear":
        view.selected = []
        view.chosen_offer = None
    elif value == "next":
        view.round_result = None
        view.banner_changed.emit()
    elif value == "leave":
        view.leave_requested.emit()
    elif value == "again":
        view.play_again_requested.emit()
    view.banner_changed.emit()


def _accept(view: PurrfectChoices, offer_id: int) -> None:
    if view.act(AcceptOffer(view.seat, offer_id, tuple(view.selected))):
        view.selected = []
        view.chosen_offer = None


def key_pressed(view: PurrfectChoices, event: QKeyEvent) -> bool:
    """Escape lets go of the selected cards and of a chosen offer; False for a key the table as
    a whole handles."""
    if event.key() != Qt.Key.Key_Escape:
        return False
    view.selected = []
    view.chosen_offer = None
    view.update()
    view.banner_changed.emit()
    return True
