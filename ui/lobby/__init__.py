"""The lobby: the first screen, with the three games and the tables found on the network."""
