"""The three games. Each is a package with its rules engine, bots and simulator."""
