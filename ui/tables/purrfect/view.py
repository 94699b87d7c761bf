"""The Purrfect table: my nine cards grouped by cat, offers as face-down cards with a meow bubble.

Select 1–4 cards of one cat, then "Offer", or click someone's offer to accept it with them.
The meow key (which word means how many cards) is always shown at the top.

`PurrfectTable` names the parts of this package for `GameTable` (ui/tables/game_table.py), which
answers the hooks of `TableView` with them; the class itself says only what is this game's own:

- `choices.py`  what I may do now (the base class: the view's memory and my legal moves)
- `words.py`    what the table says (banner, score history); the moves in words are
                `describe` here, as strings with plural forms need the class's tr()
- `events.py`   how game events show (durations, the swap, declarations, scores)
- `layout.py`   where my hand, the seats and the offers sit
- `paint.py`    painting (with `paint_results.py` for declarations and scores)
- `input.py`    what clicks and keys do
- `coach.py`    the Learn-to-play hints for a first round (ui/tables/tutorial.py)
"""

from PySide6.QtCore import QRectF

from lanpurr.core.game import Event
from lanpurr.games.purrfect.events import (
    OfferCancelled,
    OfferOpened,
    PurrfectDeclared,
    RoundScored,
    SwapMade,
)
from lanpurr.games.purrfect.state import PurrfectState
from ui.tables.game_table import GameParts
from ui.tables.purrfect import events, input, offers, paint, words
from ui.tables.purrfect.choices import PurrfectChoices


class PurrfectTable(PurrfectChoices):
    parts = GameParts(words, events, paint, input)

    def describe(self, event: Event) -> str | None:
        """The move in words, for the log and the animation's caption."""
        n = self.names
        s: PurrfectState = self.state
        if isinstance(event, OfferOpened):
            if event.seat == self.seat:
                return self.tr("You offer %n card(s): {word}!", "", len(event.cards)).format(
                    word=event.word
                )
            return self.tr("{name} offers %n card(s): {word}!", "", len(event.cards)).format(
                name=n[event.seat], word=event.word
            )
        if isinstance(event, SwapMade):
            mine = {event.offerer: event.offerer_got, event.acceptor: event.acceptor_got}
            if self.seat in mine:
                other = event.acceptor if event.offerer == self.seat else event.offerer
                outcome: PurrfectState = self.outcome or s
                cats = [s.cat(t) or outcome.cat(t) or "?" for t in mine[self.seat]]
                return self.tr("You swapped with {name} and got: {cats}.").format(
                    name=n[other], cats=", ".join(cats)
                )
            return self.tr("{a} and {b} swapped %n card(s).", "", len(event.offerer_gave)).format(
                a=n[event.offerer], b=n[event.acceptor]
            )
        if isinstance(event, OfferCancelled) and event.offer_id in self.swaps_shown:
            # The swap shown was not kept: the Moves list must not leave it standing.
            undone = self.swaps_shown[event.offer_id]
            return self.tr(
                "The swap between {a} and {b} did not happen: a laptop left before it was done."
            ).format(a=n[undone.offerer], b=n[undone.acceptor])
        if isinstance(event, PurrfectDeclared):
            if event.valid:
                return self.tr("{name} declares: Purrfect!").format(name=n[event.seat])
            return self.tr("{name} declared Purrfect, but the hand is not: play on.").format(
                name=n[event.seat]
            )
        if isinstance(event, RoundScored):
            return self.tr("Round {n} is over.").format(n=event.round)
        return None

    def caption_rect(self, said: str) -> QRectF:
        return offers.caption_rect(self, said)

    def select_first_text(self, count: int) -> str:
        return self.tr("To accept this offer, first select %n card(s) of one cat.", "", count)
