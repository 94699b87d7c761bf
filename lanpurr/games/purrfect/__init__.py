"""Purrfect: collect nine cards of one cat by blind, simultaneous trades (shared/rules P-1…P-13).

`GAME` is the engine; the rule modules are `dealing`, `trading`, `declaring` and `scoring`,
with `absorb` (events into states), `view` (P-10), `invariants` (P-11), `bots` and `simulate`.
"""

from lanpurr.games.purrfect.engine import GAME, Purrfect
from lanpurr.games.purrfect.invariants import check_invariants
from lanpurr.games.purrfect.render import render
from lanpurr.games.purrfect.state import PurrfectState

__all__ = ["GAME", "Purrfect", "PurrfectState", "check_invariants", "render"]
