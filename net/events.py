"""What the network layer tells its user (the app, the CLI, a bot): plain frozen dataclasses.

The app receives them in its own thread and re-emits them as Qt signals; the CLI prints them.
"""

from dataclasses import dataclass
from typing import Any

from lanpurr.fair.envelope import Envelope
from net.listing import Listing, TableFound, TableLost, TableUpdated
from net.table_state import TableState
from net.watch_events import (
    PhonesElsewhere,
    PhonesWatching,
    WatchedTable,
    WatchEnded,
    WatcherCutOff,
    WatchersChanged,
    WatchFollowing,
    Watching,
)


@dataclass(frozen=True)
class TableStateChanged:
    state: TableState


@dataclass(frozen=True)
class PeerWaiting:
    """A player's connection is lost; their seat is kept for `seconds_left` more seconds."""

    name: str
    seconds_left: int

    def __str__(self) -> str:
        minutes, seconds = divmod(max(self.seconds_left, 0), 60)
        return f"waiting for {self.name} (reconnecting, {minutes}:{seconds:02d} left)"


@dataclass(frozen=True)
class PlaysRelayed:
    """A member's messages reach this laptop through another member's laptop, because the two
    cannot reach each other directly (Wi-Fi that isolates its clients, a firewall). Messages
    stay signed, and a game's sealed, end to end: the relay can neither read nor change them."""

    name: str
    via: str

    def __str__(self) -> str:
        return (
            f"{self.name} and this laptop cannot reach each other directly: "
            f"playing through {self.via}'s laptop"
        )


@dataclass(frozen=True)
class RefusedHere:
    """A member's laptop refuses this one for good, saying `reason` (its word, which nobody can
    check): it no longer links to this laptop, and its plays come here only through the
    others. It is counted out here if nothing of it comes that way."""

    name: str
    reason: str

    def __str__(self) -> str:
        return (
            f"{self.name}'s laptop refuses this laptop (it says: {self.reason}): "
            "its plays come through the other laptops, if they hand them on"
        )


@dataclass(frozen=True)
class PeerBack:
    name: str


@dataclass(frozen=True)
class PeerGone:
    """A player did not come back within the grace period."""

    name: str


@dataclass(frozen=True)
class PeerLeft:
    """A player left the table on purpose (a signed `leave`); in a game, what happens next
    under the table's drop-out setting: "bot" (a bot takes their seats) or "end"."""

    name: str
    then: str = ""

    def __str__(self) -> str:
        after = {"bot": ": a bot takes their seats", "end": ": the game ends"}.get(self.then, "")
        return f"{self.name} left the table{after}"


@dataclass(frozen=True)
class JoinRefused:
    reason: str

    def __str__(self) -> str:
        return f"the table refused you: {self.reason}"


@dataclass(frozen=True)
class Joined:
    """I joined a table. Its host proved it holds the key of `fingerprint`: a person compares
    it with the fingerprint on the host's screen (join by address cannot know it otherwise)."""

    host: str
    fingerprint: str
    address: str
    checked: bool
    """True when the key was known beforehand (a signed listing) and the host proved it."""

    def __str__(self) -> str:
        if self.checked:
            return (
                f"joined {self.host}'s table at {self.address}; the host proved it holds the "
                f"listed key ({self.fingerprint})"
            )
        return (
            f"joined {self.host}'s table at {self.address}; host fingerprint {self.fingerprint}"
            " - compare it with the fingerprint on the host's screen"
        )


@dataclass(frozen=True)
class CheaterCaught:
    """A member signed two different messages under one number (showing each to different
    peers). `proof` holds both signed messages: anyone can check them."""

    name: str
    fingerprint: str
    seq: int
    proof: tuple[Envelope, Envelope]

    def __str__(self) -> str:
        return (
            f"{self.name} ({self.fingerprint}) showed different players different messages "
            f"numbered {self.seq} (equivocation); both signed messages are kept as proof and "
            f"{self.name} is cut off"
        )


@dataclass(frozen=True)
class RequestRefused:
    """The host turned down one of my requests (take a seat, start, ...)."""

    reason: str


@dataclass(frozen=True)
class TableClosed:
    reason: str
    removed: bool = False
    """The host removed this laptop's player (the table goes on without them)."""


@dataclass(frozen=True)
class MessageReceived:
    sender: bytes
    name: str
    seq: int
    data: Any
    private: bool
    replayed: bool
    """True for messages re-read from this peer's own journal after a restart."""


@dataclass(frozen=True)
class MessageRefused:
    """A peer sent something that breaks the rules; its connection was closed."""

    name: str
    reason: str


# -- a game between laptops (net.game) ---------------------------------------------------


@dataclass(frozen=True)
class GameStarted:
    """The table's game began: this laptop plays `seat` (None: it only runs bots)."""

    game: str
    seat: int | None
    names: tuple[str, ...]
    """Each seat's name, in seat order."""
    number: int
    """The table's game number (1, then 2 after Play again, ...)."""
    view: Any = None
    """My seat's view before the first card is dealt."""


@dataclass(frozen=True)
class GameResumed:
    """This laptop restarted in the middle of game `number` and took its seats back from its
    record (net.game.take_up): `passes` replayed, `resent` frames it had not sent before it stopped.
    A `GameUpdate` with my seat's view as it is now follows."""

    number: int
    passes: int
    resent: int


@dataclass(frozen=True)
class SeatReplaced:
    """The laptop that played `seats` (`name`) left, did not come back or was dropped: round
    `round` is void and the game goes on from its start, scores kept, with a bot the acting
    host runs in those seats."""

    seats: tuple[int, ...]
    name: str
    round: int
    names: tuple[str, ...]
    """Each seat's name from now on."""
    cheat: bool = False
    """The laptop was dropped by a verdict (a cheat, a cut-off, a timeout; not gone)."""
    why: str = ""
    """How it went: "left" (on purpose), "gone" (it did not come back), "dropped" (a verdict
    said before), or "" (not known: a watcher of an older laptop)."""
    host: str = ""
    """The laptop whose bot plays the seats, which does the host's part."""
    handed: bool = False
    """The laptop that went was doing the host's part: `host` does it now."""
    kept: bool = False
    """The round goes on from where it was: only what was masked under the gone laptop's key
    share is dealt again (No sin mi gato: the cards still face down); else round `round` is
    dealt again."""
    hands: bool = False
    """The round goes on, and what is dealt again is every hand, as many cards each
    (Momistigri, Purrfect)."""
    offers: bool = False
    """The round goes on, and its open offers are cancelled with the hands they were made of
    (Purrfect)."""

    def __str__(self) -> str:
        went = {"left": f"{self.name} left", "gone": f"{self.name}'s laptop did not come back",
                "dropped": f"{self.name}'s laptop was dropped"}.get(self.why)  # fmt: skip
        went = went or f"{self.name}'s laptop is out of the game"
        seats = "seats" if len(self.seats) > 1 else "seat"
        hosts = f", {self.host}'s laptop hosts now," if self.handed and self.host else ""
        then = f"round {self.round} is dealt again; the scores stay"
        if self.kept and self.hands and self.offers:
            then = ("the hands are dealt again, as many cards each; the open offers are "
                    "cancelled and everything else stays")  # fmt: skip
        elif self.kept and self.hands:
            then = "the hands are dealt again, as many cards each; everything else stays"
        elif self.kept:
            then = "the cards still face down are shuffled again; everything else stays"
        return f"{went}. A bot plays their {seats}{hosts} and {then}."


@dataclass(frozen=True)
class GameProgress:
    """What the table is doing while nobody plays, for a progress line that each front end
    words in its own language: `step` is "starting", "keys", "seeds", "shuffling" (`seat`
    shuffles), "dealing", "playing", "checking", "between" (a round is over and my seat waits
    for its player) or "over"."""

    step: str
    seat: int | None


@dataclass(frozen=True)
class GameUpdate:
    """My seat's view changed: a `lanpurr.seat.table.TableUpdate` to draw."""

    update: Any


@dataclass(frozen=True)
class ActionRefused:
    reason: str


@dataclass(frozen=True)
class RoundChecked:
    """A round ended and this laptop's audit of it is done."""

    number: int
    fair: bool
    verdict: str
    """"fair", or who broke which rule."""
    scores: tuple[int, ...]
    last: bool
    """The game is over after this round."""


@dataclass(frozen=True)
class CheatNamed:
    """A seat broke the fair-play rules: the round is void, and the game ends (`ends`) or goes
    on with a bot in the seats of the cheater's laptop (a `SeatReplaced` follows)."""

    name: str
    seat: int
    rule: str
    text: str
    """What to show at the table (English; the app says it from the fields below)."""
    evidence: str
    """The file where the signed evidence was saved ("" if it could not be written)."""
    laptop: str = ""
    """The name of the laptop that played the seat."""
    detail: str = ""
    """What exactly was wrong (the accusation's own words)."""
    ends: bool = True
    """The game ends here; False: the host gives the laptop's seats to a bot (or, at a member,
    the game ends if the host does not within a few seconds)."""
    by: str = ""
    """The laptop whose word it is, when this laptop did not find the cheat itself ("": it
    checked the evidence itself)."""

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class HostHandedOn:
    """The laptop doing the host's part of a game dropped out: `name`'s laptop does it now
    (giving a gone laptop's seats to a bot, the game's end), by the order every laptop reads
    from the table signed at Start (docs/protocol.md, "When the host goes"). `me`: it is this
    laptop."""

    name: str
    gone: str
    me: bool = False

    def __str__(self) -> str:
        who = "this laptop" if self.me else f"{self.name}'s laptop"
        return f"{self.gone}'s laptop no longer hosts the game: {who} takes over"


@dataclass(frozen=True)
class LaptopCutOff:
    """The table cut a laptop off in the middle of a game (it signed two versions of one
    message, or sent what the table refuses): as for a cheat, the round is void and the game
    ends (`ends`) or goes on with a bot in its seats (a `SeatReplaced` follows)."""

    laptop: str
    why: str
    """What it did (English, as the connection layer said it)."""
    evidence: str
    """The file where the signed evidence was saved ("" when there is none)."""
    ends: bool = True

    def __str__(self) -> str:
        then = "the game ends" if self.ends else "a bot takes their seats"
        return f"{self.laptop}'s laptop was cut off from the table ({self.why}): {then}"


@dataclass(frozen=True)
class LaptopUnheard:
    """The table's timeout, for a laptop this laptop cannot blame: its messages come, if at
    all, through other laptops (`through`), or another laptop says it holds them. Nobody can
    tell who holds them up, so nobody is named; the round is void and the game ends (`ends`)
    or goes on with a bot in its seats (a `SeatReplaced` follows)."""

    laptop: str
    what: str
    """What the round waited for (English, as the check said it)."""
    through: tuple[str, ...] = ()
    ends: bool = True

    def __str__(self) -> str:
        via = " and ".join(f"{name}'s laptop" for name in self.through)
        where = f"; its messages reach this laptop only through {via}" if via else ""
        then = "the game ends" if self.ends else "a bot takes their seats"
        return (
            f"{self.laptop}'s laptop was not heard from in time ({self.what}){where}: this "
            f"laptop cannot tell what holds its messages up, and blames nobody; {then}"
        )


@dataclass(frozen=True)
class TableWaits:
    """The round has long waited for laptops that owe a message: unless it comes, the table's
    timeout names them in `seconds_left` seconds (on a person's turn, shown only for the turn's
    last minute: net/game/dropouts.py, `Stall`). `owed`: each seat waited for, with what it
    owes; `turn`: it is a person's turn (else a message software owes)."""

    owed: tuple[tuple[int, str], ...]
    names: tuple[str, ...]
    """The name of each seat of `owed`."""
    seconds_left: int
    turn: bool

    def __str__(self) -> str:
        # The app's words (ui/tables/network_table.py, `_waits_text`), with what each owes.
        who = ", ".join(f"{n} ({what})" for n, (_, what) in zip(self.names, self.owed, strict=True))
        minutes, seconds = divmod(max(self.seconds_left, 0), 60)
        left, many = f"{minutes}:{seconds:02d}", len(set(self.names)) > 1
        if self.turn:
            laptops = "their laptops" if many else "their laptop"
            return f"waiting for {who} to play: {left} before the table drops {laptops}"
        laptops, them = ("their laptops have", "them") if many else ("their laptop has", "it")
        return f"waiting for {who}: {laptops} not answered; {left} before the table drops {them}"


@dataclass(frozen=True)
class GameOver:
    scores: tuple[int, ...]
    """Final scores by seat."""
    audits: tuple[str, ...]
    """One audit result per round: "fair" or what was wrong."""


@dataclass(frozen=True)
class GameStopped:
    """The game cannot go on (a laptop left, a cheat was named, an error): why."""

    reason: str
    cheat: bool = False
    """It ends because a laptop broke the fair-play rules or was cut off."""
    cut: bool = False
    """This laptop was cut from the table (a split network): the game may go on among the
    others, on their side."""
    elsewhere: tuple[tuple[bytes, str, int], ...] = ()
    """With `cut`: the laptops of the game's line the game may go on at, as (key, address,
    port), where this laptop can watch it once the network heals."""

    def __str__(self) -> str:
        return self.reason


Event = (
    TableFound
    | TableUpdated
    | TableLost
    | TableStateChanged
    | PeerWaiting
    | PeerBack
    | PlaysRelayed
    | RefusedHere
    | PeerGone
    | PeerLeft
    | LaptopUnheard
    | JoinRefused
    | Joined
    | CheaterCaught
    | RequestRefused
    | TableClosed
    | MessageReceived
    | MessageRefused
    | GameStarted
    | GameResumed
    | SeatReplaced
    | GameProgress
    | GameUpdate
    | ActionRefused
    | RoundChecked
    | CheatNamed
    | LaptopCutOff
    | HostHandedOn
    | TableWaits
    | GameOver
    | GameStopped
    | Watching
    | WatchedTable
    | WatchersChanged
    | WatchEnded
    | WatchFollowing
    | WatcherCutOff
    | PhonesWatching
    | PhonesElsewhere
)

__all__ = ["Event", "Listing", "TableFound", "TableLost", "TableUpdated"]
