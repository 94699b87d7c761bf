"""The game's line as every laptop of it agreed at the start: what a watcher may follow.

When a table is put in play, its host signs the table state in the table's log (the *start*),
and the game's line is read from it (`line_of`: the host, then each laptop that plays a seat).
Each other laptop of that line, once it holds the start, signs in its own chain that it agrees
to it: an `app` message `{"agree": [games, digest of the start's envelope]}`
(docs/protocol.md §12). The laptop that feeds a watcher sends it the start and the agreements
it holds (`line`); the watcher checks each itself and will call, when its host goes, only the
laptops of the line whose agreement to that very start it holds. A host cannot make a watcher
call a laptop that did not agree to the start it shows, whatever start it signs.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from lanpurr.fair.envelope import Envelope, EnvelopeError, SignedLog
from net import table_state as table
from net.game.setup import line_of
from net.limits import BODY, BODY_OBJECTS
from net.table_state import PLAYING, TableError, TableState
from net.wire import framing
from net.wire.framing import FrameError

AGREED_BYTES = 4 * 1024
"""The largest agreement envelope a `line` carries: a small `app` body with its echo (§5)."""


def agreement(games: int, start: Envelope) -> dict[str, Any]:
    """The `app` data with which a laptop of the line agrees to the game's start."""
    return {"agree": [games, start.digest]}


def is_agreement(data: Any) -> bool:
    """An agreement to a game's start, well formed."""
    if not isinstance(data, dict) or set(data) != {"agree"}:
        return False
    said = data["agree"]
    return (
        isinstance(said, list)
        and len(said) == 2
        and type(said[0]) is int
        and 0 <= said[0] < 2**31
        and isinstance(said[1], bytes)
        and len(said[1]) == 32
    )


def _agreed_to(envelope: Envelope) -> tuple[int, bytes] | None:
    """(games, digest) of the start an envelope agrees to, if it is an agreement."""
    if b"agree" not in envelope.body[:64]:  # (most of a log is game batches: skip them cheaply)
        return None
    try:
        body = framing.unpack(envelope.body, BODY, objects=BODY_OBJECTS)
    except FrameError:
        return None
    if not isinstance(body, dict) or body.get("k") != "app" or not is_agreement(body.get("d")):
        return None
    games, digest = body["d"]["agree"]
    return games, digest


@dataclass(frozen=True)
class Line:
    """The laptops that may take a game over, in turn (the game's first host first): those of
    the line read from the start its first host signed that agreed to that start."""

    table: bytes
    games: int
    start: bytes
    """The digest of the start's envelope."""
    whole: tuple[bytes, ...]
    """The line as the start names it."""
    keys: tuple[bytes, ...]
    """Those of `whole` a watcher may call: the first host, and each laptop that agreed."""

    def joined(self, other: "Line") -> "Line":
        """The same start, with the agreements of both."""
        agreed = set(self.keys) | set(other.keys)
        return Line(self.table, self.games, self.start, self.whole,
                    tuple(k for k in self.whole if k in agreed))  # fmt: skip


def in_play(envelope: Envelope) -> TableState | None:
    """The table state an envelope's body publishes, when it is the one with which its sender,
    as the table's host, put the table in play for a game (nobody has left it yet)."""
    if b"table" not in envelope.body[:16]:  # (most of a log is game batches: skip them cheaply)
        return None
    try:
        body = framing.unpack(envelope.body, BODY, objects=BODY_OBJECTS)
        if not isinstance(body, dict) or body.get("k") != "table":
            return None
        state = table.from_plain(body.get("s"))
    except (FrameError, TableError):
        return None
    if state.phase != PLAYING or state.host != envelope.sender or state.left:
        return None
    return state


def read_line(start: bytes, agreed: Iterable[bytes], table_id: bytes, host: bytes) -> Line:
    """The line a `line` message proves: its start is a signed message of the watched table
    with which the host it names put the table in play; each agreement a signed message of
    that table in which a laptop of that line agrees to that very start; `host`, the laptop
    that feeds this watcher, is the first host or agreed. ValueError otherwise."""
    try:
        envelope = Envelope.decode(start)
    except EnvelopeError as error:
        raise ValueError(f"the game's start is not a signed message ({error})") from None
    if envelope.table != table_id or not envelope.signature_ok():
        raise ValueError("the game's start is not a signed message of this table")
    state = in_play(envelope)
    if state is None or state.table != table_id:
        raise ValueError("the game's start is no table put in play by its host")
    whole = line_of(state)
    said = {whole[0]}
    for data in agreed:
        try:
            agreement = Envelope.decode(data)
        except EnvelopeError as error:
            raise ValueError(
                f"an agreement to the start is not a signed message ({error})"
            ) from None
        if agreement.table != table_id or not agreement.signature_ok():
            raise ValueError("an agreement to the start is not a signed message of this table")
        if agreement.sender not in whole:
            raise ValueError("a laptop outside the game's line agreed to its start")
        if _agreed_to(agreement) != (state.games, envelope.digest):
            raise ValueError("a laptop of the game's line agreed to another start than this one")
        said.add(agreement.sender)
    keys = tuple(k for k in whole if k in said)
    if host not in keys:
        raise ValueError("the laptop that feeds this watcher did not agree to this game's start")
    return Line(table_id, state.games, envelope.digest, whole, keys)


class StartFinder:
    """Finds, in the table's signed log, the envelope with which a game's first host put the
    table in play (what `line` carries), and each laptop's agreement to it. Each sender's
    messages are read once."""

    def __init__(self) -> None:
        self._read: dict[bytes, int] = {}
        self.found: dict[int, bytes] = {}
        """Each game's start, by game number: the envelope's bytes."""
        self.agreements: dict[tuple[int, bytes], dict[bytes, bytes]] = {}
        """By (game number, digest of the start agreed to): each laptop's first agreement."""
        self._lines: dict[bytes, tuple[tuple[int, bytes], tuple[bytes, ...]]] = {}
        """Each start read: (its game number and digest, its line)."""

    def start_of(self, log: SignedLog, state: TableState) -> bytes | None:
        """The start of `state`'s game, if this laptop holds it yet. Its first host is the
        table's host, or after a hand-over among those who left."""
        if state.games not in self.found:
            for sender in (state.host, *sorted(state.left)):
                self._read_from(log, sender)
        return self.found.get(state.games)

    def agreed(self, log: SignedLog, start: bytes) -> list[bytes]:
        """The agreements to `start` this laptop holds, in the order of the game's line."""
        if start not in self._lines:
            envelope = Envelope.decode(start)
            state = in_play(envelope)
            if state is None:
                return []
            self._lines[start] = ((state.games, envelope.digest), line_of(state))
        agreed, line = self._lines[start]
        for key in line[1:]:
            self._read_from(log, key)
        held = self.agreements.get(agreed, {})
        return [held[k] for k in line if k in held]

    def _read_from(self, log: SignedLog, sender: bytes) -> None:
        done = self._read.get(sender, 0)
        if log.next_seq(sender) <= done:
            return
        chain = log.of(sender)
        for envelope in chain[done:]:
            state = in_play(envelope)
            if state is not None and state.table == log.table:
                self.found.setdefault(state.games, envelope.encode())
            agreed = _agreed_to(envelope)
            if agreed is not None:
                self.agreements.setdefault(agreed, {}).setdefault(sender, envelope.encode())
        self._read[sender] = len(chain)
