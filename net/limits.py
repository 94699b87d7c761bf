"""Every limit the network layer puts on untrusted input, in one place (see docs/protocol.md)."""

from dataclasses import dataclass

PROTOCOL_VERSION = 1
"""Bumped whenever two lanpurr versions could no longer understand each other."""


@dataclass(frozen=True)
class Limits:
    """Caps for decoding one msgpack value from a peer."""

    frame: int
    """Largest frame payload, in bytes (the length prefix excluded)."""
    string: int = 4096
    """Longest str, in UTF-8 bytes."""
    binary: int = 9 * 1024 * 1024
    """Longest bin value."""
    array: int = 1024
    map: int = 64
    depth: int = 8
    """Deepest nesting of arrays and maps (a scalar at the top is depth 0)."""


HANDSHAKE = Limits(frame=4096, binary=256, array=16, map=16, depth=2)
"""Before a peer has proved its identity it may only send small handshake frames."""

SESSION = Limits(frame=9 * 1024 * 1024)
"""After the handshake: room for the largest envelope (an 8 MiB shuffle proof) plus headroom."""

BODY = Limits(frame=8 * 1024 * 1024, string=64 * 1024, array=4096, map=256, depth=16)
"""An envelope's body (table messages and game messages)."""

HANDSHAKE_TIMEOUT = 5.0
"""Seconds a connection may take to complete its handshake before it is closed."""
HEARTBEAT_INTERVAL = 2.0
"""Seconds of silence after which a connection sends a ping."""
DEAD_AFTER = 7.0
"""Seconds without a whole frame after which a connection is declared dead (goal: within 10 s)."""
RECONNECT_GRACE = 120.0
"""Seconds a player's seat is kept for them while they reconnect."""
MAX_PEERS = 7
NAME_LENGTH = 32
"""Longest display name, in characters."""
