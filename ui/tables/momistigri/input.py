"""What a click or a key does at the Momistigri table: choose cards of my hand, pick from a fan,
take from the pile, give to a player, press a button.
"""

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent

from lanpurr.games.momistigri.actions import Designate, Draw, EndTurn, Give, HandOut, Pass, Swap
from lanpurr.games.momistigri.rules import binding_pending, cards_to_draw
from lanpurr.games.momistigri.state import (
    DESIGNATE,
    DESIGNATED_DRAW,
    DISCARD,
    GIVE,
    HAND_OUT,
    SWAP,
    State,
)
from ui.tables.momistigri.choices import MomistigriChoices


def clicked(view: MomistigriChoices, key: Any) -> None:
    s: State = view.state
    kind = key[0]
    if kind == "button":
        press(view, key[1])
    elif kind == "fan":
        pick_from_fan(view, key[2])
    elif kind == "hand":
        click_hand(view, key[1])
    elif kind == "pile":
        if s.phase == SWAP and view.chosen is not None:
            put = view.chosen
            face = s.cards.face(put) or ""
            view.chosen = None
            view.act(Swap(view.seat, put, face, key[1]))
        elif s.phase == HAND_OUT:
            view.chosen = key[1]
    elif kind == "player" and view.chosen is not None:
        card, view.chosen = view.chosen, None
        if s.phase == GIVE:
            view.act(Give(view.seat, card, key[1]))
        elif s.phase == HAND_OUT:
            view.act(HandOut(view.seat, card, s.cards.face(card) or "", key[1]))
    view.banner_changed.emit()


def pick_from_fan(view: MomistigriChoices, position: int) -> None:
    s: State = view.state
    holder = s.previous_player(view.seat)
    if holder is None:
        return
    pending = binding_pending(s, holder)
    if pending is not None and pending.effect == DESIGNATED_DRAW:
        view.act(Draw(view.seat, ()))
        return
    if position in view.picked:
        view.picked.remove(position)
        return
    view.picked.append(position)
    if len(view.picked) == cards_to_draw(s, holder):
        picks, view.picked = tuple(sorted(view.picked)), []
        view.act(Draw(view.seat, picks))


def click_hand(view: MomistigriChoices, token: int) -> None:
    s: State = view.state
    if s.phase == DESIGNATE:
        view.act(Designate(view.seat, token))
    elif s.phase in (GIVE, SWAP):
        view.chosen = None if view.chosen == token else token
    elif s.phase == DISCARD:
        if token in view.selected:
            view.selected.remove(token)
        else:
            view.selected = [*view.selected[-1:], token]


def press(view: MomistigriChoices, name: str) -> None:
    if name == "hints":
        view.hints = not view.hints
    elif name == "next":
        view.round_result = None
    elif name == "leave":
        view.leave_requested.emit()
    elif name == "again":
        view.play_again_requested.emit()
    elif name in ("effect", "reverse"):
        choice = [c for c in view.pair_choices() if c.reverse == (name == "reverse")]
        if choice and view.act(choice[0]):
            view.selected = []
    elif name == "pass":
        view.act(Pass(view.seat))
    elif name == "end":
        view.act(EndTurn(view.seat))


def key_pressed(view: MomistigriChoices, event: QKeyEvent) -> bool:
    """Escape lets go of every card chosen; False for a key the table as a whole handles."""
    if event.key() != Qt.Key.Key_Escape:
        return False
    view.selected, view.picked, view.chosen = [], [], None
    view.update()
    view.banner_changed.emit()
    return True
