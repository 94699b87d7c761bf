"""What watching a table tells the user (plain frozen dataclasses, like net/events.py).

A watcher also receives the game's own events, built from the public feed: `GameStarted`
(seat None), `GameUpdate`, `GameProgress`, `RoundChecked`, `SeatReplaced`, `GameOver` and
`GameStopped`, so the app's table views and the terminal's printer show them as usual.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Watching:
    """This laptop watches `host`'s table (it holds no seat): compare the fingerprint with
    the one on the host's screen."""

    host: str
    fingerprint: str
    address: str

    def __str__(self) -> str:
        return (
            f"watching {self.host}'s table at {self.address} (host fingerprint "
            f"{self.fingerprint}): you see what a player without a hand sees"
        )


@dataclass(frozen=True)
class WatchedTable:
    """The table being watched, before and between its games: each seat's name (None:
    free), and its phase (`open`, `playing`, `closed`)."""

    game: str
    seats: tuple[str | None, ...]
    phase: str
    host: str


@dataclass(frozen=True)
class WatchersChanged:
    """Who watches the table (names, in the order they came): players and watchers alike
    are told each time it changes."""

    names: tuple[str, ...]

    def __str__(self) -> str:
        if not self.names:
            return "nobody watches the table"
        return f"watching the table: {', '.join(self.names)}"


@dataclass(frozen=True)
class WatchEnded:
    """The feed this laptop watched through is gone (the host left, closed the table, cut
    this laptop off): why."""

    reason: str

    def __str__(self) -> str:
        return f"no longer watching: {self.reason}"


@dataclass(frozen=True)
class WatchFollowing:
    """The host's laptop went in the middle of the game, which goes on among the others: this
    laptop waits for the one that takes the table over, to watch the game there."""

    reason: str

    def __str__(self) -> str:
        return f"{self.reason}: waiting for the laptop that takes the game over, to watch there"


@dataclass(frozen=True)
class WatcherCutOff:
    """The host cut a watcher off (it sent what a watcher may not send, or too much)."""

    name: str
    why: str

    def __str__(self) -> str:
        return f"{self.name} was cut off from watching the table ({self.why})"


@dataclass(frozen=True)
class PhonesWatching:
    """How many phones watch the table from this laptop's page (net/phone/), served at `port`
    of the table's address."""

    count: int
    port: int


@dataclass(frozen=True)
class PhonesElsewhere:
    """Another laptop at the table says how many phones watch from its page (net/phones_told.py)."""

    key: bytes
    laptop: str
    count: int


WATCH_EVENTS = (Watching, WatchedTable, WatchersChanged, WatchEnded, WatchFollowing, WatcherCutOff)
"""Every event about watching (the feed's game events aside)."""
