"""The engine core shared by every game: the game contract, hidden cards, errors, wire format."""

from lanpurr.core.cards import Cards, Face, Token
from lanpurr.core.errors import OptionError, RuleViolation
from lanpurr.core.events import FacesShown, events_for
from lanpurr.core.game import CHANCE, Event, Game, Seat, Step
from lanpurr.core.options import OptionSpec, resolve_options

__all__ = [
    "CHANCE",
    "Cards",
    "Event",
    "Face",
    "FacesShown",
    "Game",
    "OptionError",
    "OptionSpec",
    "RuleViolation",
    "Seat",
    "Step",
    "Token",
    "events_for",
    "resolve_options",
]
