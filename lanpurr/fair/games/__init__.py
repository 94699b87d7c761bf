"""The games on the fair table: how each engine's hidden moves map onto masked-deck steps,
how bots play a round over an in-memory table, and how the audit replays a round."""
