"""Table membership as a pure state machine: who sits where, who is ready, when it starts.

Before the game starts the host orders every change: members send requests, the host applies
them here and publishes the new `TableState` (with a higher `version`), and every peer adopts
the host's latest state, so all see the same table. From `start` on the seats are fixed and
the host is a player like the others.

    OPEN --start (host; every seat filled, every player ready)--> PLAYING
    OPEN --close (host leaves)--> CLOSED
    PLAYING --again (host, after the game)--> OPEN (same seats; everyone says ready again)
    PLAYING --close (the game ends / everyone leaves)--> CLOSED

Any member may fill a free seat with a bot: the bot plays on that member's laptop, with a key
of its own, so it knows only its own cards.
"""

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from lanpurr.fair.identity import fingerprint_of
from lanpurr.games import GAME_IDS
from net.limits import MAX_PEERS, NAME_LENGTH
from net.text import clean
from net.wire import framing

SEAT_RANGE: Mapping[str, tuple[int, int]] = {
    "momistigri": (3, 5),
    "purrfect": (4, 7),
    "gutters": (1, 4),
}
"""Players per game, from the rulebooks (shared/rules)."""
BOT_NAMES = ("easy", "normal", "clever")
OPEN, PLAYING, CLOSED = "open", "playing", "closed"


class TableError(Exception):
    """A request the table cannot grant. The message says why and what to do instead."""


@dataclass(frozen=True)
class Member:
    key: bytes
    name: str
    address: str
    """As the host sees it; "" for the host itself (a guest uses the address it dialed)."""
    port: int

    @property
    def fingerprint(self) -> str:
        return fingerprint_of(self.key)


@dataclass(frozen=True)
class Seat:
    player: bytes | None = None
    bot: str | None = None
    """A bot's level; the bot is a seat of its own, run by the laptop that added it."""
    key: bytes | None = None
    """A bot's own public key (its laptop keeps the private half)."""
    runner: bytes | None = None
    """The member whose laptop runs the bot."""

    @property
    def free(self) -> bool:
        return self.player is None and self.bot is None

    @property
    def seat_key(self) -> bytes | None:
        """The key that signs this seat's game messages."""
        return self.player if self.player is not None else self.key

    @property
    def laptop(self) -> bytes | None:
        """The member whose laptop plays this seat."""
        return self.player if self.player is not None else self.runner


@dataclass(frozen=True)
class TableState:
    table: bytes
    version: int
    game: str
    options: tuple[tuple[str, str], ...]
    private: bool
    host: bytes
    phase: str
    members: tuple[Member, ...]
    seats: tuple[Seat, ...]
    ready: frozenset[bytes]
    removed: frozenset[bytes]
    left: frozenset[bytes] = frozenset()
    """Players who left after the start (their seat stays theirs for the game to settle)."""
    games: int = 0
    """Games started at this table (Play again starts the next one at the same seats)."""
    listed: bool = False
    """The host announces the table on the LAN (a laptop that takes over hosting does too)."""

    def member(self, key: bytes) -> Member | None:
        return next((m for m in self.members if m.key == key), None)

    def seat_of(self, key: bytes) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.player == key), None)

    def name_of(self, key: bytes) -> str:
        member = self.member(key)
        return member.name if member else fingerprint_of(key)

    @property
    def taken(self) -> int:
        return sum(not s.free for s in self.seats)

    @property
    def options_digest(self) -> str:
        return options_digest(dict(self.options))

    def describe_seat(self, index: int) -> str:
        seat = self.seats[index]
        if seat.bot:
            where = f" on {self.name_of(seat.runner)}'s laptop" if seat.runner else ""
            return f"bot ({seat.bot}){where}"
        if seat.player:
            mark = " (ready)" if seat.player in self.ready else ""
            return f"{self.name_of(seat.player)}{mark}"
        return "free"


def options_digest(options: Mapping[str, str]) -> str:
    packed = framing.pack(sorted(options.items()))
    return hashlib.sha256(b"lanpurr/options/v1\x00" + packed).hexdigest()[:8]


def clean_name(name: str) -> str:
    """A display name safe to show: no escapes or invisible characters, one line, at most
    NAME_LENGTH characters."""
    text = "".join(ch for ch in clean(name, 4 * NAME_LENGTH) if ch.isprintable()).strip()
    return text[:NAME_LENGTH].strip() or "player"


def create(
    table: bytes,
    host: Member,
    game: str,
    seats: int,
    options: Mapping[str, str] | None = None,
    private: bool = False,
    listed: bool = False,
) -> TableState:
    if game not in GAME_IDS:
        raise TableError(f"unknown game {game!r}; lanpurr has: {', '.join(GAME_IDS)}")
    low, high = SEAT_RANGE[game]
    if not low <= seats <= min(high, MAX_PEERS):
        raise TableError(f"{game} is played by {low} to {high} players, not {seats}")
    state = TableState(
        table=table,
        version=0,
        game=game,
        options=tuple(sorted((options or {}).items())),
        private=private,
        host=host.key,
        phase=OPEN,
        members=(),
        seats=tuple(Seat() for _ in range(seats)),
        ready=frozenset(),
        removed=frozenset(),
        listed=listed,
    )
    return admit(state, host)


def _bump(state: TableState, **changes: Any) -> TableState:
    return replace(state, version=state.version + 1, **changes)


def _open(state: TableState, what: str) -> None:
    if state.phase != OPEN:
        raise TableError(f"cannot {what}: the game has already started")


def _host_only(state: TableState, actor: bytes, what: str) -> None:
    if actor != state.host:
        raise TableError(f"only the host can {what}")


def admission_problem(state: TableState, key: bytes) -> str | None:
    """Why `key` cannot join now, or None. (The private code is checked by the handshake.)"""
    if key in state.removed:
        return "the host removed you from this table"
    if state.phase == CLOSED:
        return "this table is closed"
    if state.member(key) is not None:
        return None
    if state.phase != OPEN:
        return "this table's game has already started"
    if all(not s.free for s in state.seats):
        return f"this table is full ({len(state.seats)} of {len(state.seats)} seats taken)"
    return None


def admit(state: TableState, member: Member) -> TableState:
    """A new member takes the first free seat; a returning one gets its address updated."""
    problem = admission_problem(state, member.key)
    if problem:
        raise TableError(problem)
    member = replace(member, name=clean_name(member.name))
    known = state.member(member.key)
    if known is not None:
        if known == member:
            return state
        members = tuple(member if m.key == member.key else m for m in state.members)
        return _bump(state, members=members)
    free = next(i for i, s in enumerate(state.seats) if s.free)
    seats = list(state.seats)
    seats[free] = Seat(player=member.key)
    return _bump(state, members=(*state.members, member), seats=tuple(seats))


def _without(state: TableState, key: bytes) -> tuple[tuple[Seat, ...], frozenset[bytes]]:
    """The seats without `key`'s player and the bots its laptop ran."""
    seats = tuple(Seat() if key in (s.player, s.runner) else s for s in state.seats)
    return seats, state.ready - {key}


def _seat_index(state: TableState, seat: Any) -> int:
    if type(seat) is not int or not 0 <= seat < len(state.seats):
        raise TableError(f"there is no seat {seat!r} here; the table has {len(state.seats)} seats")
    return int(seat)


def sit(state: TableState, actor: bytes, seat: Any) -> TableState:
    _open(state, "change seats")
    index = _seat_index(state, seat)
    if state.seats[index].player == actor:
        return state
    if not state.seats[index].free:
        raise TableError(f"seat {index + 1} is taken by {state.describe_seat(index)}")
    seats, ready = _without(state, actor)
    changed = list(seats)
    changed[index] = Seat(player=actor)
    return _bump(state, seats=tuple(changed), ready=ready)


def add_bot(state: TableState, actor: bytes, seat: Any, level: Any, key: Any) -> TableState:
    """`actor`'s laptop will run a bot at `seat`, signing with `key`."""
    _open(state, "add a bot")
    index = _seat_index(state, seat)
    if level not in BOT_NAMES:
        raise TableError(f"no bot called {level!r}; choose one of: {', '.join(BOT_NAMES)}")
    if not state.seats[index].free:
        raise TableError(f"seat {index + 1} is taken by {state.describe_seat(index)}")
    if not isinstance(key, bytes) or len(key) != 32:
        raise TableError("a bot needs a key of its own (32 bytes)")
    if state.member(key) is not None or any(s.key == key for s in state.seats):
        raise TableError("that key already plays at this table")
    seats = list(state.seats)
    seats[index] = Seat(bot=str(level), key=key, runner=actor)
    return _bump(state, seats=tuple(seats))


def remove_bot(state: TableState, actor: bytes, seat: Any) -> TableState:
    _open(state, "remove a bot")
    index = _seat_index(state, seat)
    if state.seats[index].bot is None:
        raise TableError(f"seat {index + 1} has no bot")
    if actor not in (state.host, state.seats[index].runner):
        raise TableError("only the host or the laptop that added a bot can remove it")
    seats = list(state.seats)
    seats[index] = Seat()
    return _bump(state, seats=tuple(seats))


def set_ready(state: TableState, actor: bytes, ready: Any) -> TableState:
    _open(state, "change readiness")
    if state.seat_of(actor) is None:
        raise TableError("take a seat before saying you are ready")
    want = bool(ready)
    if (actor in state.ready) == want:
        return state
    return _bump(state, ready=state.ready | {actor} if want else state.ready - {actor})


def start(state: TableState, actor: bytes) -> TableState:
    _open(state, "start")
    _host_only(state, actor, "start the game")
    free = [i for i, s in enumerate(state.seats) if s.free]
    if free:
        raise TableError(
            f"seat(s) {', '.join(map(str, free))} are empty: wait for players or add bots"
        )
    waiting = [
        state.name_of(s.player)
        for s in state.seats
        if s.player is not None and s.player != state.host and s.player not in state.ready
    ]
    if waiting:
        raise TableError(f"waiting for {', '.join(waiting)} to be ready")
    return _bump(state, phase=PLAYING, ready=state.ready | {state.host}, games=state.games + 1)


def again(state: TableState, actor: bytes) -> TableState:
    """After a game: the same table and seats, open again; players say ready again."""
    _host_only(state, actor, "start another game")
    if state.phase != PLAYING:
        raise TableError("there is no finished game to play again")
    seats = tuple(Seat() if {s.player, s.runner} & state.left else s for s in state.seats)
    members = tuple(m for m in state.members if m.key not in state.left)
    return _bump(
        state, phase=OPEN, members=members, seats=seats, ready=frozenset(), left=frozenset()
    )


def hand_over(state: TableState, actor: bytes) -> TableState:
    """The host dropped out of the game and `actor`'s laptop took over its part (net.game's
    line): the same table, hosted by `actor`, with the old host among those who left."""
    if state.phase != PLAYING or state.member(actor) is None or actor == state.host:
        raise TableError("only another member takes over a table in play")
    return _bump(state, host=actor, left=state.left | {state.host})


def handed_over(current: TableState, sender: bytes, state: TableState) -> bool:
    """`state` is `current`'s table handed over to `sender`: the same table, game, members and
    seats, in play, hosted by `sender`, with `current`'s host among those who left. (Each
    laptop applies departures by itself, so versions and who left may differ otherwise.)"""
    return (
        state.phase == PLAYING
        and state.host == sender
        and current.host in state.left
        and (state.table, state.game, state.games, state.seats, state.options)
        == (current.table, current.game, current.games, current.seats, current.options)
        and {m.key for m in state.members} == {m.key for m in current.members}
    )


def remove(state: TableState, actor: bytes, key: Any) -> TableState:
    _open(state, "remove a player")
    _host_only(state, actor, "remove a player")
    if key == state.host:
        raise TableError("the host cannot remove themselves; close the table instead")
    if not isinstance(key, bytes) or state.member(key) is None:
        raise TableError("that player is not at this table")
    seats, ready = _without(state, key)
    members = tuple(m for m in state.members if m.key != key)
    return _bump(state, members=members, seats=seats, ready=ready, removed=state.removed | {key})


def leave(state: TableState, actor: bytes) -> TableState:
    if state.member(actor) is None or state.phase == CLOSED:
        return state
    if state.phase == PLAYING:
        return _bump(state, left=state.left | {actor})
    if actor == state.host:
        return close(state)
    seats, ready = _without(state, actor)
    members = tuple(m for m in state.members if m.key != actor)
    return _bump(state, members=members, seats=seats, ready=ready)


def close(state: TableState) -> TableState:
    if state.phase == CLOSED:
        return state
    return _bump(state, phase=CLOSED)


def request(state: TableState, actor: bytes, body: Mapping[str, Any]) -> TableState:
    """Apply a member's request (as sent on the wire) to the table, or raise TableError."""
    action = body.get("do")
    if state.member(actor) is None:
        raise TableError("only members of the table can change it")
    if action == "sit":
        return sit(state, actor, body.get("seat"))
    if action == "ready":
        return set_ready(state, actor, body.get("ready"))
    if action == "bot":
        return add_bot(state, actor, body.get("seat"), body.get("level"), body.get("key"))
    if action == "unbot":
        return remove_bot(state, actor, body.get("seat"))
    if action == "start":
        return start(state, actor)
    if action == "remove":
        return remove(state, actor, body.get("key"))
    if action == "leave":
        return leave(state, actor)
    if action == "again":
        return again(state, actor)
    raise TableError(f"unknown table request {str(action)[:30]!r}")


def to_plain(state: TableState) -> dict[str, Any]:
    return {
        "table": state.table,
        "version": state.version,
        "game": state.game,
        "options": [list(pair) for pair in state.options],
        "private": state.private,
        "host": state.host,
        "phase": state.phase,
        "members": [[m.key, m.name, m.address, m.port] for m in state.members],
        "seats": [[s.player, s.bot, s.key, s.runner] for s in state.seats],
        "ready": sorted(state.ready),
        "removed": sorted(state.removed),
        "left": sorted(state.left),
        "games": state.games,
        "listed": state.listed,
    }


def from_plain(plain: Any) -> TableState:
    """A table state received from the host; TableError if it is not one."""
    try:
        state = TableState(
            table=_typed(plain["table"], bytes),
            version=_typed(plain["version"], int),
            game=_typed(plain["game"], str),
            options=tuple((_typed(k, str), _typed(v, str)) for k, v in plain["options"]),
            private=_typed(plain["private"], bool),
            host=_typed(plain["host"], bytes),
            phase=_typed(plain["phase"], str),
            members=tuple(
                Member(_typed(k, bytes), clean_name(_typed(n, str)), _typed(a, str), _typed(p, int))
                for k, n, a, p in plain["members"]
            ),
            seats=tuple(
                Seat(
                    _optional(player, bytes),
                    _optional(bot, str),
                    _optional(key, bytes),
                    _optional(runner, bytes),
                )
                for player, bot, key, runner in plain["seats"]
            ),
            ready=frozenset(_typed(k, bytes) for k in plain["ready"]),
            removed=frozenset(_typed(k, bytes) for k in plain["removed"]),
            left=frozenset(_typed(k, bytes) for k in plain["left"]),
            games=_typed(plain["games"], int),
            listed=_typed(plain.get("listed", False), bool),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise TableError(f"malformed table state from the host ({error})") from None
    if state.phase not in (OPEN, PLAYING, CLOSED) or not 1 <= len(state.seats) <= MAX_PEERS:
        raise TableError("malformed table state from the host")
    if state.game not in GAME_IDS or any(s.bot not in (None, *BOT_NAMES) for s in state.seats):
        raise TableError("a table state with an unknown game or bot from the host")
    if any(not _seat_well_formed(s) for s in state.seats):
        raise TableError("a table state with a malformed seat from the host")
    if len(state.members) > MAX_PEERS:
        raise TableError("a table state with too many members from the host")
    state = replace(
        state, members=tuple(replace(m, address=clean(m.address, 64)) for m in state.members)
    )
    return state


def _seat_well_formed(seat: Seat) -> bool:
    if seat.bot is None:
        return seat.key is None and seat.runner is None
    return (
        seat.player is None
        and isinstance(seat.key, bytes)
        and len(seat.key) == 32
        and isinstance(seat.runner, bytes)
    )


def _typed(value: Any, kind: type[Any]) -> Any:
    if type(value) is not kind:
        raise TypeError(f"expected {kind.__name__}, got {type(value).__name__}")
    return value


def _optional(value: Any, kind: type[Any]) -> Any:
    return None if value is None else _typed(value, kind)
