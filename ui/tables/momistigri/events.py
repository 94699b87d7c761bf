"""How the Momistigri table follows the game's events: how long each one shows, the cards that fly
and the shouts, and what the view keeps of them (the last round's hands, the result).
"""

from typing import Any

from PySide6.QtCore import QCoreApplication

from lanpurr.core.game import Event
from lanpurr.games.momistigri.events import (
    CardGiven,
    CardHandedOut,
    CardsDrawn,
    DirectionReversed,
    GameEnded,
    OnesDiscarded,
    PairDiscarded,
    PlayerOut,
    RoundEnded,
    SwapMade,
    TurnEnded,
)
from lanpurr.games.momistigri.state import DRAW, State
from ui.tables.momistigri import layout
from ui.tables.momistigri.choices import MomistigriChoices

translate = QCoreApplication.translate
"""Every string here is asked in the view class's context, "MomistigriTable", as `tr()` did."""


def duration_of(view: MomistigriChoices, event: Event) -> int:
    if isinstance(
        event, CardsDrawn | PairDiscarded | CardGiven | CardHandedOut | SwapMade | OnesDiscarded
    ):
        return 520
    if isinstance(event, DirectionReversed):
        return 600
    if isinstance(event, PlayerOut):
        return 900
    if isinstance(event, TurnEnded) and event.passed:
        return 350
    return 0


def before_event(view: MomistigriChoices, event: Event) -> None:
    s: State = view.state
    view.flights = []
    view.shout = None
    if isinstance(event, CardsDrawn):
        view.flights = [
            (layout.seat_anchor(view, event.holder), layout.seat_anchor(view, event.drawer), None)
            for _ in event.drawn
        ]
    elif isinstance(event, PairDiscarded | OnesDiscarded):
        view.flights = [
            (layout.seat_anchor(view, event.seat), layout.pile_centre(view), f) for f in event.faces
        ]
    elif isinstance(event, CardGiven):
        view.flights = [
            (layout.seat_anchor(view, event.giver), layout.seat_anchor(view, event.recipient), None)
        ]
    elif isinstance(event, CardHandedOut):
        view.flights = [
            (layout.pile_centre(view), layout.seat_anchor(view, event.recipient), event.face)
        ]
    elif isinstance(event, SwapMade):
        view.flights = [
            (layout.seat_anchor(view, event.seat), layout.pile_centre(view), event.put_face),
            (layout.pile_centre(view), layout.seat_anchor(view, event.seat), event.take_face),
        ]
    elif isinstance(event, PlayerOut):
        view.shout = (event.seat, translate("MomistigriTable", "Miaooo!"))
    elif isinstance(event, TurnEnded) and event.passed:
        view.shout = (event.seat, translate("MomistigriTable", "Pass"))
    elif isinstance(event, RoundEnded):
        faces = dict(event.revealed)
        view.revealed = {
            seat: [faces[t] for t in hand if t in faces] for seat, hand in enumerate(s.hands)
        }
        view.round_result = event
        view.rounds.append(event)
        view.selected = []
    elif isinstance(event, GameEnded):
        view.result = event


def after_update(view: MomistigriChoices) -> None:
    s: State = view.state
    if not view.acting():
        view.selected, view.picked, view.chosen = [], [], None
    hand = set(s.hands[view.seat]) if s.hands else set()
    view.selected = [t for t in view.selected if t in hand]
    if s.phase != DRAW:
        view.picked = []


def note_coming_faces(view: MomistigriChoices, update: Any) -> None:
    """Faces of my hand that arrive later in this update, for the steps before them."""
    for seen in (*(step.view for step in update.steps), update.view):
        if seen.hands:
            for token in seen.hands[view.seat]:
                face = seen.cards.face(token)
                if face is not None:
                    view.coming_faces[token] = face
