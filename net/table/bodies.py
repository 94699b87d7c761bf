"""What each kind of message body may hold, and how large it may be.

A body is a msgpack map with a kind `k`, the sender's echo `h` (net.wire.echo) and the fields of
its kind. `check` accepts exactly that, within a size that fits what the kind really needs, or
raises `Unwelcome`. The size limits depend on the table's phase: before the start nobody needs
more than a chat line; a game batch holds at most GAME_BATCH bytes of frames (the largest frame,
a shuffle of a 63-card deck with its proof, is about 15 KiB).
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from net.limits import BODY, BODY_OBJECTS, GAME_BATCH, MAX_PEERS
from net.phones_told import is_phones
from net.watch.watch_line import is_agreement
from net.watch.watch_list import is_watchers
from net.wire import framing
from net.wire.framing import FrameError
from net.wire.messages import Unwelcome

KiB, MiB = 1024, 1024 * 1024
ECHO_ROOM = 1 * KiB
"""Added to every limit: an echo of six senders takes about 500 bytes."""

Check = Callable[[Any], bool]


def _key(v: Any) -> bool:
    return isinstance(v, bytes) and len(v) == 32


def _int(v: Any) -> bool:
    return type(v) is int and -(2**31) <= v < 2**31


def _short(v: Any) -> bool:
    return isinstance(v, str) and len(v) <= 32


def _echo(v: Any) -> bool:
    return (
        isinstance(v, list)
        and len(v) <= MAX_PEERS
        and all(
            isinstance(e, list)
            and len(e) == 3
            and _key(e[0])
            and type(e[1]) is int
            and 0 <= e[1] < 2**63
            and isinstance(e[2], bytes)
            and len(e[2]) == 32
            for e in v
        )
    )


@dataclass(frozen=True)
class Kind:
    fields: Mapping[str, Check]
    optional: frozenset[str] = frozenset()
    before_start: int = 4 * KiB
    """Largest body (bytes) while the table is open."""
    playing: int = 4 * KiB
    """Largest body once the game has started."""


REQUESTS: Mapping[str, Mapping[str, Check]] = {
    "sit": {"seat": _int},
    "ready": {"ready": lambda v: isinstance(v, bool)},
    "bot": {"seat": _int, "level": _short, "key": _key},
    "unbot": {"seat": _int},
    "start": {},
    "remove": {"key": _key},
    "leave": {},
    "again": {},
}
KINDS: Mapping[str, Kind] = {
    "table": Kind({"s": lambda v: isinstance(v, dict)}, before_start=16 * KiB, playing=16 * KiB),
    "req": Kind(
        {"do": lambda v: v in REQUESTS},
        optional=frozenset({"seat", "ready", "level", "key"}),
        before_start=1 * KiB,
        playing=1 * KiB,
    ),
    "refused": Kind({"to": _key, "why": lambda v: isinstance(v, str)}, playing=4 * KiB),
    "seen": Kind({}, before_start=1 * KiB, playing=1 * KiB),
    "app": Kind({"d": lambda v: True}, before_start=4 * KiB, playing=GAME_BATCH + 4 * KiB),
    "sealed": Kind(
        {"to": _key, "box": lambda v: isinstance(v, bytes)}, before_start=4 * KiB, playing=4 * KiB
    ),
}
"""docs/protocol.md, "Bodies", lists the same table."""


CHAT_BYTES = 1024
"""Longest chat line in UTF-8 bytes (the app cuts lines to 200 characters)."""


def game_or_chat(data: Any) -> bool:
    """What an `app` message may carry once the game runs: a game message (a map with `g` or
    `gk`, checked by the game), a chat line, or an emote (docs/protocol.md, "Chat")."""
    if isinstance(data, str):
        return len(data.encode()) <= CHAT_BYTES
    if not isinstance(data, dict):
        return False
    if "g" in data or "gk" in data:
        return True
    if is_watchers(data):
        return True  # who watches the table (net/watch/watch_list.py)
    if is_agreement(data):
        return True  # a laptop agrees to its game's start (net/watch/watch_line.py)
    if is_phones(data):
        return True  # how many phones watch from a laptop (net/phones_told.py)
    return set(data) == {"emote"} and isinstance(data["emote"], str) and len(data["emote"]) <= 32


def check(body: bytes, playing: bool) -> dict[str, Any]:
    """The decoded body, if its kind, fields and size are right for the table's phase."""
    largest = max(k.playing if playing else k.before_start for k in KINDS.values()) + ECHO_ROOM
    if len(body) > largest:  # refused before any decoding
        ever = max(max(k.playing, k.before_start) for k in KINDS.values()) + ECHO_ROOM
        when = "once the game runs" if playing else "before the start"
        raise Unwelcome(
            f"a message of {len(body)} bytes is larger than any kind allows {when}",
            lasting=len(body) > ever,
        )
    try:
        value = framing.unpack(body, BODY, objects=BODY_OBJECTS)
    except FrameError as error:
        raise Unwelcome(str(error)) from None
    if not isinstance(value, dict):
        raise Unwelcome("a message body is a map")
    kind_name = value.get("k")
    kind = KINDS.get(kind_name) if isinstance(kind_name, str) else None
    if kind is None:
        raise Unwelcome(f"unknown message kind {str(kind_name)[:30]!r}")
    limit = (kind.playing if playing else kind.before_start) + ECHO_ROOM
    if len(body) > limit:
        largest = max(kind.playing, kind.before_start) + ECHO_ROOM
        when = "now" if len(body) <= largest else "ever"
        raise Unwelcome(
            f"a {kind_name!r} message of {len(body)} bytes is larger than the "
            f"{limit} allowed {'once the game runs' if playing else 'before the start'}",
            lasting=when == "ever",
        )
    given = set(value) - {"k", "h"}
    required = set(kind.fields)
    if not required <= given or not given <= required | kind.optional:
        raise Unwelcome(f"a {kind_name!r} message needs fields {sorted(required)}")
    for name, valid in kind.fields.items():
        if not valid(value[name]):
            raise Unwelcome(f"a {kind_name!r} message has a bad {name!r} field")
    if kind_name == "req":
        wanted = REQUESTS[value["do"]]
        if set(wanted) != given - {"do"} or not all(v(value[n]) for n, v in wanted.items()):
            raise Unwelcome(f"a {value['do']!r} request needs fields {sorted(wanted)}")
    if "h" in value and not _echo(value["h"]):
        raise Unwelcome("a malformed echo")
    return value
