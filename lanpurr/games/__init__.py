"""The three games. Each is a package `lanpurr.games.<id>` whose `GAME` implements the contract
of `lanpurr.core.game.Game`, with bots in `<id>.bots` and a simulator in `<id>.simulate`; the
registry (`lanpurr.seat.registry`) finds them by id."""

GAME_IDS = ("momistigri", "purrfect", "gutters")
