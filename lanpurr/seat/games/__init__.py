"""Each game's layer: how its hidden moves map onto masked-deck steps (see `GameLayer`); the
registry (`lanpurr.seat.registry.layer_for`) makes one for a seat."""
