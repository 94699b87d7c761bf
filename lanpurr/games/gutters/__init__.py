"""No sin mi gato (Not Without My Cat): rotate and push gutter tiles to lead stray cats home.

Rules: shared/rules/gutters.md (ids G-…). Everything on the table is public except the order of
the face-down cat pile.
"""

from lanpurr.games.gutters.engine import GAME, GuttersGame
from lanpurr.games.gutters.state import GuttersState

__all__ = ["GAME", "GuttersGame", "GuttersState"]
