"""The frames two connected peers exchange, as frozen dataclasses, and their strict parsing.

On the wire each frame is a msgpack map `{"t": <type>, <field>: <value>, ...}`. `parse` accepts
exactly the fields of the type, each of the right kind and size, or raises FrameError, so the
rest of the network layer only ever sees well-formed frames. docs/protocol.md lists them all.
"""

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from net.wire.framing import FrameError

Check = Callable[[Any], bool]


def _bytes(size: int) -> Check:
    return lambda v: isinstance(v, bytes) and len(v) == size


def _text(longest: int) -> Check:
    return lambda v: isinstance(v, str) and len(v) <= longest


def _count(v: Any) -> bool:
    return type(v) is int and 0 <= v < 2**63


def _port(v: Any) -> bool:
    return type(v) is int and 0 <= v <= 65535


def _optional(check: Check) -> Check:
    return lambda v: v is None or check(v)


KEY = _bytes(32)
NONCE = _bytes(32)
PAKE = _optional(_bytes(33))
MAC = _optional(_bytes(32))
SIGNATURE = _bytes(64)
TABLE = _bytes(16)


@dataclass(frozen=True)
class Hello:
    """Dialer -> acceptor, first frame. `table` is None when joining a host by address;
    `pake` is the dialer's SPAKE2 message when it has a table code (net.wire.pake)."""

    TYPE: ClassVar[str] = "hello"
    v: int
    key: bytes
    name: str
    nonce: bytes
    table: bytes | None
    port: int
    pake: bytes | None = None


@dataclass(frozen=True)
class Welcome:
    """Acceptor -> dialer: its identity, its nonce, its SPAKE2 message (only in answer to the
    dialer's, at a private table) and its signature over the transcript."""

    TYPE: ClassVar[str] = "welcome"
    v: int
    key: bytes
    name: str
    nonce: bytes
    table: bytes
    private: bool
    sig: bytes
    pake: bytes | None = None


@dataclass(frozen=True)
class Proof:
    """Dialer -> acceptor: its signature over the transcript, and the code confirmation."""

    TYPE: ClassVar[str] = "proof"
    sig: bytes
    conf: bytes | None = None


@dataclass(frozen=True)
class Admit:
    """Acceptor -> dialer: admitted; `have` = how many of the dialer's messages it holds;
    `conf` = the acceptor's code confirmation when the dialer's code was right."""

    TYPE: ClassVar[str] = "admit"
    have: int
    conf: bytes | None = None


@dataclass(frozen=True)
class Have:
    """Dialer -> acceptor after Admit: how many of the acceptor's messages it holds."""

    TYPE: ClassVar[str] = "have"
    have: int


@dataclass(frozen=True)
class Refuse:
    """Either side, instead of completing the handshake. `reason` is for people to read."""

    TYPE: ClassVar[str] = "refuse"
    why: str
    reason: str


@dataclass(frozen=True)
class Env:
    """One signed envelope (lanpurr.fair.envelope) of the sender's log."""

    TYPE: ClassVar[str] = "env"
    e: bytes


@dataclass(frozen=True)
class Evidence:
    """Another member's signed envelope, sent only when an echo showed that the receiver holds
    a different message under the same number (docs/protocol.md, "Echoes")."""

    TYPE: ClassVar[str] = "evidence"
    e: bytes


@dataclass(frozen=True)
class Relay:
    """Another member's signed envelope, handed on to a member that could not get it from its
    sender, with the relay's signature of its word that it hands these bytes on (net/wire/relay.py,
    `Handed`)."""

    TYPE: ClassVar[str] = "relay"
    e: bytes
    sig: bytes


@dataclass(frozen=True)
class Ack:
    """Cumulative acknowledgement: the receiver holds the sender's messages 0 .. n-1."""

    TYPE: ClassVar[str] = "ack"
    n: int


@dataclass(frozen=True)
class Ping:
    """Sent after HEARTBEAT_INTERVAL seconds of silence, so the other side knows we live."""

    TYPE: ClassVar[str] = "ping"


@dataclass(frozen=True)
class Bye:
    """Closing this connection on purpose. Unsigned, so it decides nothing: leaving, removal
    and closing the table are signed messages of the log; a `bye` only ends one link."""

    TYPE: ClassVar[str] = "bye"
    reason: str


@dataclass(frozen=True)
class Watch:
    """A watcher -> the host, first frame: as `hello`, for a laptop that asks to watch the
    table without a seat (net/watch/watch_link.py). `pake` as in `hello`, at a private table."""

    TYPE: ClassVar[str] = "watch"
    v: int
    key: bytes
    name: str
    nonce: bytes
    table: bytes | None
    pake: bytes | None = None


@dataclass(frozen=True)
class Shown:
    """The host -> a watcher: one message of the table's public feed (net/watch/watch_feed.py),
    msgpack in `d`."""

    TYPE: ClassVar[str] = "shown"
    d: bytes


Frame = (
    Hello | Welcome | Proof | Admit | Have | Refuse | Env | Evidence | Relay | Ack | Ping | Bye
    | Watch | Shown
)  # fmt: skip

_CHECKS: dict[type[Any], dict[str, Check]] = {
    Hello: {
        "v": _count,
        "key": KEY,
        "name": _text(64),
        "nonce": NONCE,
        "table": _optional(TABLE),
        "port": _port,
        "pake": PAKE,
    },
    Welcome: {
        "v": _count,
        "key": KEY,
        "name": _text(64),
        "nonce": NONCE,
        "table": TABLE,
        "private": lambda v: isinstance(v, bool),
        "sig": SIGNATURE,
        "pake": PAKE,
    },
    Proof: {"sig": SIGNATURE, "conf": MAC},
    Admit: {"have": _count, "conf": MAC},
    Have: {"have": _count},
    Refuse: {"why": _text(32), "reason": _text(400)},
    Env: {"e": lambda v: isinstance(v, bytes)},
    Evidence: {"e": lambda v: isinstance(v, bytes)},
    Relay: {"e": lambda v: isinstance(v, bytes), "sig": SIGNATURE},
    Ack: {"n": _count},
    Ping: {},
    Bye: {"reason": _text(400)},
    Watch: {
        "v": _count,
        "key": KEY,
        "name": _text(64),
        "nonce": NONCE,
        "table": _optional(TABLE),
        "pake": PAKE,
    },
    Shown: {"d": lambda v: isinstance(v, bytes)},
}
_BY_TYPE: dict[str, type[Any]] = {cls.TYPE: cls for cls in _CHECKS}


def to_wire(message: Frame) -> dict[str, Any]:
    plain: dict[str, Any] = {"t": message.TYPE}
    for f in dataclasses.fields(message):
        plain[f.name] = getattr(message, f.name)
    return plain


def parse(value: Any, allowed: tuple[type[Any], ...] | None = None) -> Frame:
    """The frame `value` decodes to, or FrameError saying what is wrong with it."""
    if not isinstance(value, dict):
        raise FrameError(f"a frame is a map, got {type(value).__name__}")
    kind = value.get("t")
    cls = _BY_TYPE.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise FrameError(f"unknown frame type {str(kind)[:40]!r}")
    if allowed is not None and cls not in allowed:
        names = ", ".join(c.TYPE for c in allowed)
        raise FrameError(f"frame {kind!r} is not expected here (expected {names})")
    checks = _CHECKS[cls]
    given = set(value) - {"t"}
    if given != set(checks):
        raise FrameError(f"frame {kind!r} needs fields {sorted(checks)}, got {sorted(given)[:10]}")
    for name, check in checks.items():
        if not check(value[name]):
            raise FrameError(f"frame {kind!r} has a bad {name!r} field")
    frame: Frame = cls(**{name: value[name] for name in checks})
    return frame


class Unwelcome(Exception):
    """A message this peer will not take. `lasting`: it can never become acceptable (a
    malformed or oversized body), as opposed to one too large only for the table's phase."""

    def __init__(self, reason: str, lasting: bool = True) -> None:
        super().__init__(reason)
        self.reason = reason
        self.lasting = lasting
