"""The Momistigri table: my hand fanned at the bottom, the others around the oval, the arrow of
play and the discard pile in the middle, and every effect's choice as a prompt in the table.

`MomistigriTable` names the parts of this package for `GameTable` (ui/tables/game_table.py), which
answers the hooks of `TableView` with them; the class itself says only what is this game's own:

- `choices.py`  what I may do now (the base class: the view's memory and my legal actions)
- `words.py`    what the table says (banner, prompt, pending effect, scores); the moves in
                words are `describe` here, as strings with plural forms need the class's tr()
- `events.py`   how game events show (durations, flying cards, shouts, round results)
- `layout.py`   where each seat, card, pile and button sits; click rectangles
- `paint.py`    painting (with `paint_seats.py` and `paint_results.py`)
- `input.py`    what clicks and keys do
- `coach.py`    the Learn-to-play hints for a first round (ui/tables/tutorial.py)
"""

from typing import Any

from lanpurr.core.game import Event
from lanpurr.games.momistigri.events import (
    CardGiven,
    CardHandedOut,
    CardsDrawn,
    DirectionReversed,
    OnesDiscarded,
    PairDiscarded,
    PlayerOut,
    RoundEnded,
    SwapMade,
    TurnEnded,
)
from ui.tables.game_table import GameParts
from ui.tables.momistigri import events, input, paint, words
from ui.tables.momistigri.choices import MomistigriChoices


class MomistigriTable(MomistigriChoices):
    parts = GameParts(words, events, paint, input)

    def describe(self, event: Event) -> str | None:
        """The move in words, for the log and the animation's caption."""
        n = self.names
        if isinstance(event, CardsDrawn):
            count = len(event.drawn)
            if event.holder == self.seat:
                return self.tr("{name} drew %n card(s) from your hand.", "", count).format(
                    name=n[event.drawer]
                )
            if event.drawer == self.seat:
                faces = [f for t in event.drawn if (f := self.face_of(t))]
                if faces:
                    return self.tr("You drew {cards} from {name}.").format(
                        cards=", ".join(words.card_name(f) for f in faces), name=n[event.holder]
                    )
                return self.tr("You drew %n card(s) from {name}.", "", count).format(
                    name=n[event.holder]
                )
            return self.tr("{drawer} drew %n card(s) from {holder}.", "", count).format(
                drawer=n[event.drawer], holder=n[event.holder]
            )
        if isinstance(event, PairDiscarded):
            cards = " + ".join(words.card_name(f) for f in event.faces)
            who = self.tr("You") if event.seat == self.seat else n[event.seat]
            if event.reversed:
                return self.tr("{name} discarded {cards} and reversed the arrow.").format(
                    name=who, cards=cards
                )
            return self.tr("{name} discarded {cards}.").format(name=who, cards=cards)
        if isinstance(event, OnesDiscarded):
            return self.tr("{name} discarded every other 1 too (1+1).").format(name=n[event.seat])
        if isinstance(event, CardGiven):
            if event.recipient == self.seat:
                face = self.face_of(event.card)
                if face:
                    return self.tr("{name} gave you {card} (4+4).").format(
                        name=n[event.giver], card=words.card_name(face)
                    )
                return self.tr("{name} gave you a card (4+4).").format(name=n[event.giver])
            if event.giver == self.seat:
                return self.tr("You gave a card to {name} (4+4).").format(name=n[event.recipient])
            return self.tr("{giver} gave a card to {recipient} (4+4).").format(
                giver=n[event.giver], recipient=n[event.recipient]
            )
        if isinstance(event, CardHandedOut):
            to = self.tr("you") if event.recipient == self.seat else n[event.recipient]
            if event.giver == self.seat:
                return self.tr("You handed {card} from the pile to {name} (5+5).").format(
                    card=words.card_name(event.face), name=to
                )
            return self.tr("{giver} handed {card} from the pile to {recipient} (5+5).").format(
                giver=n[event.giver], card=words.card_name(event.face), recipient=to
            )
        if isinstance(event, SwapMade):
            if event.seat == self.seat:
                return self.tr("You put {put} on the pile and took {take} (3+3).").format(
                    put=words.card_name(event.put_face), take=words.card_name(event.take_face)
                )
            return self.tr("{name} put {put} on the pile and took {take} (3+3).").format(
                name=n[event.seat],
                put=words.card_name(event.put_face),
                take=words.card_name(event.take_face),
            )
        if isinstance(event, DirectionReversed):
            return (
                self.tr("The arrow turns: play goes clockwise now.")
                if event.direction == 1
                else self.tr("The arrow turns: play goes counter-clockwise now.")
            )
        if isinstance(event, PlayerOut):
            if event.seat == self.seat:
                return self.tr("You are out — Miaooo!")
            return self.tr("{name} is out — Miaooo!").format(name=n[event.seat])
        if isinstance(event, TurnEnded) and event.passed:
            if event.seat == self.seat:
                return self.tr("You passed.")
            return self.tr("{name} passed.").format(name=n[event.seat])
        if isinstance(event, RoundEnded):
            return self.tr("Round {n} is over.").format(n=event.round)
        return None

    def points_text(self, points: int) -> str:
        return self.tr("%n pts", "", points)

    def receive(self, update: Any) -> None:
        events.note_coming_faces(self, update)
        super().receive(update)
