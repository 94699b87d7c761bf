"""The public feed of a table: what the host sends its watchers, and how a watcher reads it.

The host's seat runtime already separates what its seat alone may see from what everyone
sees: each event of its `TableUpdate`s is public (`audience` None) or addressed to seats. The
feed carries only the public events (`events`, and `backlog` for a watcher who comes late),
plus the table's words around them (`table`, `start`, `progress`, `checked`, `replaced`, `over`,
`stopped`, `watchers`). A watcher folds the
public events, from the game's first state, through the game's own `absorb`, and sees the
result through `view(state, WATCHER)`, a seat nobody holds: exactly what a player without a
hand may see (every face turned up, the pile, the counts, the board, the scores), and at a
round's end the hands its `RoundEnded` reveals to everyone. No key, no share, no sealed
message ever reaches a watcher.

Each message is a msgpack map `{"k": kind, ...}` (docs/protocol.md §12 lists them).

Where a watcher may follow the game when the host's laptop goes is no host's word: `line`
carries the envelope with which the game's first host put the table in play, as signed in the
table's log (every member holds it), and each other laptop's signed agreement to that very
envelope; the watcher reads the game's line from it itself (`line_of`) and checks each
agreement (net/watch/watch_line.py). The host's `next` only says at which address each laptop
of that line may be called; a key outside the line, or of a laptop whose agreement it does not
hold, is never called.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lanpurr.core import wire
from lanpurr.core.game import Event, Seat
from lanpurr.seat import registry
from lanpurr.seat.table import TableStep, TableUpdate
from net import events
from net.game.setup import line_of
from net.table_state import PLAYING, TableState
from net.text import clean
from net.watch.watch_line import AGREED_BYTES, Line, read_line
from net.watch_events import WatchedTable, WatchersChanged
from net.wire.framing import FrameError

WATCHER: Seat = -2
"""The seat a watcher sees the table as: no seat at all (CHANCE is -1)."""
EVENTS_PER_MESSAGE = 64
"""Public events in one `events` message (a newcomer's backlog is cut in such pieces)."""
START_BYTES = 18 * 1024
"""The largest envelope `line` carries: a `table` body (16 KiB, 1 KiB more for its echo, §5)
and the envelope's own fields."""


def _text(v: Any) -> bool:
    return isinstance(v, str) and len(v) <= 400


def _int(v: Any) -> bool:
    return type(v) is int and -(2**31) <= v < 2**31


def _names(v: Any) -> bool:
    return isinstance(v, list) and len(v) <= 64 and all(_text(n) for n in v)


def _seats(v: Any) -> bool:
    return isinstance(v, list) and len(v) <= 16 and all(n is None or _text(n) for n in v)


def _ints(v: Any) -> bool:
    return isinstance(v, list) and len(v) <= 16 and all(_int(n) for n in v)


def _pairs(v: Any) -> bool:
    return isinstance(v, list) and all(
        isinstance(p, list) and len(p) == 2 and _text(p[0]) and _text(p[1]) for p in v
    )


def _laptops(v: Any) -> bool:
    return (
        isinstance(v, list)
        and len(v) <= 16
        and all(
            isinstance(p, list)
            and len(p) == 3
            and isinstance(p[0], bytes)
            and len(p[0]) == 32
            and isinstance(p[1], str)
            and 0 < len(p[1]) <= 64
            and type(p[2]) is int
            and 0 < p[2] < 65536
            for p in v
        )
    )


KINDS: Mapping[str, Mapping[str, Callable[[Any], bool]]] = {
    "table": {"game": _text, "seats": _seats, "phase": _text, "host": _text, "next": _laptops},
    "line": {
        "start": lambda v: isinstance(v, bytes) and 0 < len(v) <= START_BYTES,
        "agreed": lambda v: (
            isinstance(v, list)
            and len(v) <= 16
            and all(isinstance(a, bytes) and 0 < len(a) <= AGREED_BYTES for a in v)
        ),
    },
    "start": {"game": _text, "number": _int, "names": _names, "options": _pairs},
    "events": {"e": lambda v: isinstance(v, list) and len(v) <= EVENTS_PER_MESSAGE},
    "backlog": {"e": lambda v: isinstance(v, list) and len(v) <= EVENTS_PER_MESSAGE},
    "progress": {"step": _text, "seat": lambda v: v is None or _int(v)},
    "checked": {
        "round": _int,
        "fair": lambda v: isinstance(v, bool),
        "verdict": _text,
        "scores": _ints,
        "last": lambda v: isinstance(v, bool),
    },
    "replaced": {
        "keep": _int,
        "seats": _ints,
        "name": _text,
        "round": _int,
        "names": _names,
        "why": lambda v: v in ("", "left", "gone", "dropped"),
        "host": _text,
        "handed": lambda v: isinstance(v, bool),
        "kept": lambda v: isinstance(v, bool),
        "hands": lambda v: isinstance(v, bool),
        "offers": lambda v: isinstance(v, bool),
    },
    "over": {"scores": _ints, "audits": _names},
    "stopped": {"reason": _text},
    "watchers": {"names": _names},
}


def check(message: Any) -> dict[str, Any]:
    """A feed message with exactly the fields of its kind, or FrameError."""
    if not isinstance(message, dict):
        raise FrameError("a feed message is a map")
    kind = message.get("k")
    fields = KINDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise FrameError(f"unknown feed message {str(kind)[:30]!r}")
    if set(message) - {"k"} != set(fields):
        raise FrameError(f"a feed {kind!r} needs fields {sorted(fields)}")
    for name, valid in fields.items():
        if not valid(message[name]):
            raise FrameError(f"a feed {kind!r} has a bad {name!r} field")
    return message


def table_message(state: TableState) -> dict[str, Any]:
    seats = [
        state.name_of(s.player) if s.player else (f"bot ({s.bot})" if s.bot else None)
        for s in state.seats
    ]
    host = state.name_of(state.host)
    return {
        "k": "table",
        "game": state.game,
        "seats": seats,
        "phase": state.phase,
        "host": host,
        "next": successors(state) if state.phase == PLAYING else [],
    }


def successors(state: TableState) -> list[list[Any]]:
    """The laptops that would take the game over, in the game's line (net/game/setup.py), each
    as [key, address, port] at the address the host knows it by: where a watcher may call it
    when the host's laptop goes (a watcher calls only the keys of the line it read itself,
    from `line`)."""
    laptops = []
    for key in line_of(state)[1:]:
        member = state.member(key)
        if member is None or key in state.left:
            continue
        if 0 < len(member.address) <= 64 and 0 < member.port < 65536:
            laptops.append([key, member.address, member.port])
    return laptops[:16]


def watchers_message(names: Sequence[str]) -> dict[str, Any]:
    return {"k": "watchers", "names": list(names)}


def _round_of(view: Any) -> int:
    return int(getattr(view, "round", 0))


@dataclass
class FeedBook:
    """The host's side: turns its session's events into feed messages, and keeps what a
    watcher who comes in the middle of a game needs to catch up."""

    table: dict[str, Any] | None = None
    start: dict[str, Any] | None = None
    played: list[tuple[Any, int]] = field(default_factory=list)
    """Every public event of the game so far (as plain data), with the round it belongs to."""
    after: list[dict[str, Any]] = field(default_factory=list)
    """Round checks, seat swaps and the end, in order."""
    progress: dict[str, Any] | None = None
    line: dict[str, Any] | None = None
    """The game's start, signed by its first host, and the agreements to it this laptop holds
    (`line`), once it holds the start."""
    keep: Callable[[dict[str, Any]], None] | None = None
    """Told what a newcomer will need of the game (net/watch/watch_keep.py keeps it on disk)."""

    def restore(self, kept: Iterable[dict[str, Any]]) -> None:
        """The game taken up again after a restart: what was kept of its feed before
        (net/watch/watch_keep.py), as if this laptop had never stopped."""
        for entry in kept:
            kind = entry.get("k")
            if kind == "played" and isinstance(entry.get("e"), list):
                played = [(p[0], p[1]) for p in entry["e"] if isinstance(p, list) and len(p) == 2]
                self.played.extend(played)
            elif kind in ("checked", "replaced", "over", "stopped"):
                try:
                    message = check(entry)
                except FrameError:
                    continue
                if kind == "replaced":
                    del self.played[max(message["keep"], 0) :]
                    if self.start is not None:
                        self.start = {**self.start, "names": list(message["names"])}
                self.after.append(message)
            else:
                continue
            if self.keep is not None:
                self.keep(entry)

    def started(self, start: bytes, agreed: Sequence[bytes] = ()) -> list[dict[str, Any]]:
        """The feed message of a game's start as signed, with the agreements to it (none
        when it is the one sent)."""
        line = {"k": "line", "start": start, "agreed": list(agreed)}
        if self.line == line:
            return []
        self.line = line
        return [self.line]

    def feed(self, event: object, state: TableState | None) -> list[dict[str, Any]]:
        """The feed messages an event of the host's session makes (often none)."""
        if isinstance(event, events.TableStateChanged):
            self.table = table_message(event.state)
            return [self.table]
        if isinstance(event, events.GameStarted):
            if event.seat is None:
                return []  # (the host plays no seat of its own: it has no view to show)
            options = [list(p) for p in state.options] if state is not None else []
            self.start = {
                "k": "start",
                "game": event.game,
                "number": event.number,
                "names": list(event.names),
                "options": options,
            }
            self.played, self.after, self.progress = [], [], None
            return [self.start]
        if self.start is None:
            return []
        return self._game(event)

    def _game(self, event: object) -> list[dict[str, Any]]:
        if isinstance(event, events.GameUpdate):
            update: TableUpdate = event.update
            public = [
                (wire.to_plain(s.event), _round_of(s.view))
                for s in update.steps
                if s.event.audience is None
            ]
            self.played.extend(public)
            if self.keep is not None:
                for at in range(0, len(public), EVENTS_PER_MESSAGE):
                    chunk = public[at : at + EVENTS_PER_MESSAGE]
                    self.keep({"k": "played", "e": [[p, r] for p, r in chunk]})
            return _events_messages([p for p, _ in public])
        message: dict[str, Any] | None = None
        if isinstance(event, events.GameProgress):
            self.progress = {"k": "progress", "step": event.step, "seat": event.seat}
            return [self.progress]
        if isinstance(event, events.RoundChecked):
            message = {
                "k": "checked",
                "round": event.number,
                "fair": event.fair,
                "verdict": event.verdict[:400],
                "scores": list(event.scores),
                "last": event.last,
            }
        elif isinstance(event, events.SeatReplaced):
            keep = (
                len(self.played)  # its round goes on: nothing public of it is void
                if event.kept
                else sum(1 for _, r in self.played if 0 < r < event.round)
            )
            del self.played[keep:]
            if self.start is not None:  # (a watcher who comes later sees the seats as they are)
                self.start = {**self.start, "names": list(event.names)}
            message = {
                "k": "replaced",
                "keep": keep,
                "seats": list(event.seats),
                "name": event.name,
                "round": event.round,
                "names": list(event.names),
                "why": event.why,
                "host": event.host[:64],
                "handed": event.handed,
                "kept": event.kept,
                "hands": event.hands,
                "offers": event.offers,
            }
        elif isinstance(event, events.GameOver):
            message = {
                "k": "over",
                "scores": list(event.scores),
                "audits": [a[:400] for a in event.audits],
            }
        elif isinstance(event, events.GameStopped):
            message = {"k": "stopped", "reason": event.reason[:400]}
        if message is None:
            return []
        self.after.append(message)
        if self.keep is not None:
            self.keep(message)
        return [message]

    def catch_up(self, watchers: Sequence[str]) -> list[dict[str, Any]]:
        """Everything a watcher who just came needs, in order."""
        out: list[dict[str, Any]] = [watchers_message(watchers)]
        if self.table is not None:
            out.append(self.table)
        if self.line is not None:
            out.append(self.line)
        if self.start is not None:
            out.append(self.start)
            out.extend(_events_messages([p for p, _ in self.played], "backlog"))
            out.extend(m for m in self.after if m["k"] != "replaced")
            if self.progress is not None:
                out.append(self.progress)
        return out


def _events_messages(plain: list[Any], kind: str = "events") -> list[dict[str, Any]]:
    """`events` as they happen; `backlog` for a watcher who comes in the middle of a game (the
    same events, to fold without showing each one)."""
    step = EVENTS_PER_MESSAGE
    return [{"k": kind, "e": plain[i : i + step]} for i in range(0, len(plain), step)]


class WatchReplica:
    """The watcher's side: the game as the fold of its public events, and the user events
    each feed message makes."""

    def __init__(self, table_id: bytes = b"", host: bytes = b"") -> None:
        """`table_id`, `host`: the table watched and the key of the laptop that feeds it (a
        `line` must be of that table, and name that laptop)."""
        self.table_id, self.host = table_id, host
        self.game = ""
        self.number = 0
        """The game's number at its table (`start`)."""
        self.names: tuple[str, ...] = ()
        self._engine: Any = None
        self._first: Any = None
        self.state: Any = None
        self.folded: list[Event] = []
        self.phase = ""
        """The table's phase, as its latest `table` message said."""
        self.hints: dict[bytes, tuple[str, int]] = {}
        """Where the host says each laptop of the game's line may be called: key -> (address,
        port). Only the keys of `line` are ever called."""
        self.line: Line | None = None
        """The game's line, read from its start as its first host signed it: its laptops
        that agreed to that start."""

    def read(self, message: dict[str, Any]) -> list[events.Event]:
        """The user events of one checked feed message; ValueError for a message that does
        not fit the game (an unknown event, an event that is not public)."""
        kind = message["k"]
        if kind == "table":
            seats = tuple(clean(s, 32) if s is not None else None for s in message["seats"])
            self.phase = message["phase"]
            self.hints = {key: (address, port) for key, address, port in message["next"]}
            return [
                WatchedTable(message["game"], seats, message["phase"], clean(message["host"], 32))
            ]
        if kind == "watchers":
            return [WatchersChanged(tuple(clean(n, 32) for n in message["names"]))]
        if kind == "line":
            line = read_line(message["start"], message["agreed"], self.table_id, self.host)
            held = self.line
            if held is not None and held.games == line.games:
                if held.start != line.start or held.whole != line.whole:
                    raise ValueError("this laptop names another line than the game's first host")
                line = held.joined(line)
            self.line = line
            return []
        if kind == "start":
            return [self._start(message)]
        if self._engine is None:
            raise ValueError(f"a feed {kind!r} before the game's start")
        if kind in ("events", "backlog"):
            update = self._fold([wire.from_plain(p) for p in message["e"]])
            if update is None:
                return []
            if kind == "backlog":
                update = TableUpdate((), update.view)  # (caught up: no need to show each move)
            return [events.GameUpdate(update)]
        if kind == "progress":
            return [events.GameProgress(message["step"], message["seat"])]
        if kind == "checked":
            return [
                events.RoundChecked(
                    message["round"],
                    message["fair"],
                    clean(message["verdict"], 400),
                    tuple(message["scores"]),
                    message["last"],
                )
            ]
        if kind == "replaced":
            self._rewind(message["keep"])
            self.names = tuple(clean(n, 32) for n in message["names"])
            replaced = events.SeatReplaced(
                tuple(message["seats"]),
                clean(message["name"], 32),
                message["round"],
                self.names,
                why=message["why"],
                host=clean(message["host"], 32),
                handed=message["handed"],
                kept=message["kept"],
                hands=message["hands"],
                offers=message["offers"],
            )
            return [replaced, events.GameUpdate(TableUpdate((), self.view()))]
        if kind == "over":
            return [events.GameOver(tuple(message["scores"]), tuple(message["audits"]))]
        return [events.GameStopped(clean(message["reason"], 400))]

    def view(self) -> Any:
        return self._engine.view(self.state, WATCHER)

    def takers(self) -> list[tuple[bytes, str, int]]:
        """Whom to call when the laptop that feeds this watcher goes: the laptops of the game's
        line after it that agreed to its start, in turn, each at the address the host gave for
        it, as (key, address, port). Nobody without a line proven for this game (the one
        `start` named, if any); never a key outside it."""
        line = self.line
        if line is None or (self.number and line.games != self.number):
            return []
        return [(k, *self.hints[k]) for k in line.keys if k != self.host and k in self.hints]

    def _start(self, message: dict[str, Any]) -> events.GameStarted:
        game = message["game"]
        self.game, self.number = game, message["number"]
        self.names = tuple(clean(n, 32) for n in message["names"])
        options = {k: v for k, v in message["options"]}
        self._engine = registry.engine(game)
        self._first = registry.layer_for(game).new_state(len(self.names), options)
        self.state, self.folded = self._first, []
        return events.GameStarted(game, None, self.names, message["number"], self.view())

    def _fold(self, new: Iterable[Any]) -> TableUpdate | None:
        steps = []
        for event in new:
            if not isinstance(event, Event) or event.audience is not None:
                raise ValueError(f"the feed holds a {type(event).__name__} that is not public")
            self.state = self._engine.absorb(self.state, event)
            self.folded.append(event)
            steps.append(TableStep(event, self.view()))
        return TableUpdate(tuple(steps), steps[-1].view) if steps else None

    def _rewind(self, keep: int) -> None:
        """A round made void (a seat given to a bot): back to the fold of its first `keep`
        events, from where the round starts again."""
        kept = self.folded[: max(keep, 0)]
        self.state, self.folded = self._first, []
        for event in kept:
            self.state = self._engine.absorb(self.state, event)
            self.folded.append(event)
