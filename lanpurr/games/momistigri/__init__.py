"""Momistigri (3-5 players): shed pairs while drawing blind from a neighbour's hand.

The rules are `shared/rules/momistigri.md`; rule ids (M-...) are cited in the code and tests.
"""

from lanpurr.games.momistigri.game import GAME, OPTION_SPECS, Momistigri
from lanpurr.games.momistigri.invariants import check_invariants
from lanpurr.games.momistigri.render import render
from lanpurr.games.momistigri.state import State

__all__ = ["GAME", "OPTION_SPECS", "Momistigri", "State", "check_invariants", "render"]
