"""Which sound each game's events make, as data: a card drawn or played, a trade, a round's end,
an offer's meow word, and whose turn starts."""

from __future__ import annotations

from typing import Any

EVENT_CUES: dict[str, dict[str, str]] = {
    "momistigri": {
        "RoundDealt": "deal",
        "CardsDrawn": "draw",
        "PairDiscarded": "play",
        "OnesDiscarded": "play",
        "SwapMade": "trade",
        "CardGiven": "trade",
        "CardHandedOut": "trade",
        "PlayerOut": "meow:Miaooo",  # M-7.1: the player out says "Miaooo!"
        "RoundEnded": "round_end",
        "GameEnded": "game_end",
    },
    "purrfect": {
        "RoundDealt": "deal",
        "HandsDealtAgain": "deal",
        "SwapMade": "trade",
        "PurrfectDeclared": "won",
        "RoundScored": "round_end",
        "GameWon": "game_end",
    },
    "gutters": {
        "TilesDealt": "deal",
        "CatTurnedUp": "draw",
        "TileRotated": "rotate",
        "TilePushed": "play",
        "CatWon": "won",
        "GameEnded": "game_end",
    },
}
"""game -> event class name -> cue. Purrfect's offers and acceptances sound their meow word."""

TURN_EVENTS: dict[str, dict[str, str]] = {
    "momistigri": {"TurnStarted": "seat"},
    "gutters": {"FirstPlayerDrawn": "seat", "TurnPassed": "seat"},
}
"""game -> event class name -> the field naming the seat whose turn it now is."""

ROUND_EVENTS = frozenset({"RoundDealt", "TilesDealt"})
"""A new round: in Purrfect everyone plays at once from here, so it is everyone's turn."""


def cue_of(game: str, event: Any) -> str | None:
    """The sound `event` makes at a `game` table, if any."""
    name = type(event).__name__
    if game == "purrfect" and name in ("OfferOpened", "AcceptanceMade"):
        return f"meow:{event.word}"  # P-5.3, P-5.6: the meow word is said aloud
    return EVENT_CUES.get(game, {}).get(name)


def turn_of(game: str, event: Any, seat: int) -> int | None:
    """The seat whose turn `event` starts (for Purrfect, `seat` at a new round), else None."""
    name = type(event).__name__
    if game == "purrfect":
        return seat if name in ROUND_EVENTS else None
    field = TURN_EVENTS.get(game, {}).get(name)
    return getattr(event, field, None) if field else None


def ends_turns(game: str, event: Any) -> bool:
    """Whether `event` ends a round (the next turn of mine is news again)."""
    return EVENT_CUES.get(game, {}).get(type(event).__name__) in ("round_end", "game_end")
