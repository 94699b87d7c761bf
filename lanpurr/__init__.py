"""lanpurr's core: game rules, fair-play protocols and bots. Pure Python, no I/O, no Qt."""

__version__ = "0.1.0"
