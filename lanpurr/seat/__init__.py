"""One seat at a table: its own replica, its own fair peer, nobody holding the full state.

`SeatRuntime` (runtime.py) is a sans-I/O object: fed local actions and received envelopes, it
yields envelopes to send and `TableUpdate`s for its seat. Each game's layer (momistigri.py,
purrfect.py, gutters.py) turns the seat's actions into masked-deck steps and completed steps
into engine events, using only what the seat knows. docs/architecture.md draws the path.
"""
