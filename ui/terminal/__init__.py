"""The terminal front end: `lanpurr host`, `join`, `tables` and `--watch` without a window. Its
arguments, the printer of a game's events in words (or JSON lines), the words of each game's
board and moves, and the commands a person types. It imports no Qt."""
