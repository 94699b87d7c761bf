"""The three games. Each is a package `lanpurr.games.<id>` whose `GAME` implements the contract
of `lanpurr.core.game.Game`, with bots in `<id>.bots` and a simulator in `<id>.simulate`."""

import importlib
from typing import Any

from lanpurr.core.game import Game

GAME_IDS = ("momistigri", "purrfect", "gutters")


def load(game_id: str) -> Game[Any]:
    """The engine of a game, by id."""
    if game_id not in GAME_IDS:
        raise ValueError(f"unknown game {game_id!r}; lanpurr has: {', '.join(GAME_IDS)}")
    game: Game[Any] = importlib.import_module(f"lanpurr.games.{game_id}").GAME
    return game
