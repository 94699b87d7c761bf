"""A public event as a move entry for the phone's page: `{"t": "PairDiscarded", ...}`.

The page words the entries itself, in the phone's language. Only public events ever come here
(the feed refuses any other), and only what the page words is kept: seats, counts, the faces a
public event turned up, the round's numbers. Tokens (a hidden card's public name) are
left out: they mean nothing to a person.
"""

from typing import Any

from lanpurr.core.game import Event
from lanpurr.games.purrfect import events as purrfect

KEPT = {
    # Momistigri
    "RoundDealt": ("round",),
    "TurnStarted": ("seat", "draws_from"),
    "CardsDrawn": ("drawer", "holder", "count"),
    "PairDiscarded": ("seat", "faces"),
    "OnesDiscarded": ("seat", "faces"),
    "DirectionReversed": ("seat",),
    "CardGiven": ("giver", "recipient"),
    "CardHandedOut": ("giver", "recipient"),
    "PlayerOut": ("seat",),
    "TurnEnded": ("seat", "passed"),
    "RoundEnded": ("round", "penalties", "totals"),
    "GameEnded": ("winners", "totals", "scores"),
    # Purrfect
    "CatsChosen": ("cats",),
    "OfferOpened": ("seat", "word", "count"),
    "OfferWithdrawn": ("seat",),
    "AcceptanceMade": ("seat", "offerer", "word", "count"),
    "SwapMade": ("offerer", "acceptor", "count"),
    "PileSwapMade": ("seat", "put_face", "take_face"),
    "PurrfectDeclared": ("seat", "valid"),
    "RoundScored": ("round", "declarer", "gains", "totals"),
    "GameWon": ("winner", "totals"),
    # No sin mi gato
    "CatTurnedUp": ("cat", "slot"),
    "TileRotated": ("seat", "by"),
    "TilePushed": ("seat", "slot"),
    "CatWon": ("seat", "cat"),
    "HomeMoved": ("home", "to_slot"),
    "TurnPassed": ("seat",),
}
"""Event type -> the fields the page uses (`count`: how many cards the event moved)."""


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, bool | int | str):
        return value
    return None


def _count(event: Event) -> int:
    for name in ("drawn", "cards", "offerer_gave"):
        moved = getattr(event, name, None)
        if isinstance(moved, tuple):
            return len(moved)
    return 0


UNDONE = {"SwapUndone": ("offerer", "acceptor")}
"""Entries no one event makes (`MoveEntries`) -> the fields the page uses."""


class MoveEntries:
    """The page's entries for one game's public events, in order (`move_entry`), and one more:
    a Purrfect swap told of whose offer is cancelled later was shown before its hand-overs came
    and is not kept, a laptop having left in between ("SwapUndone")."""

    def __init__(self) -> None:
        self.swaps: dict[int, tuple[int, int]] = {}
        """The swaps told of so far, by offer: (offerer, acceptor)."""

    def __call__(self, event: Event) -> dict[str, Any] | None:
        if isinstance(event, purrfect.SwapMade):
            self.swaps[event.offer_id] = (event.offerer, event.acceptor)
        elif isinstance(event, purrfect.OfferCancelled) and event.offer_id in self.swaps:
            offerer, acceptor = self.swaps.pop(event.offer_id)
            return {"t": "SwapUndone", "offerer": offerer, "acceptor": acceptor}
        return move_entry(event)


def move_entry(event: Event) -> dict[str, Any] | None:
    """The page's entry for one public event; None for one the page does not tell."""
    kind = type(event).__name__
    if kind == "SwapMade" and hasattr(event, "put_face"):
        kind = "PileSwapMade"  # (Momistigri's 3+3, a card for one of the pile's: not Purrfect's)
    fields = KEPT.get(kind)
    if fields is None:
        return None
    entry: dict[str, Any] = {"t": kind}
    for name in fields:
        if name == "count":
            entry[name] = _count(event)
        elif hasattr(event, name):
            entry[name] = _plain(getattr(event, name))
    if kind == "CatTurnedUp" or kind == "CatWon":
        from lanpurr.games.gutters.components import CATS

        entry["cat"] = CATS.get(entry.get("cat") or "", ("", 0))[0]
    return entry
