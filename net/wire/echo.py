"""Echoes: every peer says, in its own signed messages, which message it holds last from each
other member, so that a peer who signs two different messages under one number is caught.

A sender could show one version of its message 7 to the host and another to Bob; each alone
is a valid chain. With echoes, the host's next message carries `(sender, 7, digest of what I
hold)`; Bob compares it with his own message 7, and on a mismatch sends his version to the host
(`Evidence`), which now holds two messages numbered 7, both signed by the sender: proof. The
host sends its version back, so Bob holds the proof too. The chain of `prev` hashes means one
agreeing echo vouches for every earlier message as well.

Pure bookkeeping: the mesh feeds it what it accepts and what others echo.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from lanpurr.fair.envelope import Envelope

Lookup = Callable[[bytes, int], Envelope | None]
"""(sender, seq) -> the envelope I hold there, or None."""
_EXPECTATIONS = 4096
"""Echoes of messages not received yet, remembered at most (the oldest are forgotten)."""


@dataclass(frozen=True)
class Mismatch:
    """`echoer` signed that it holds `digest` as message `seq` of `sender`; I hold `mine`."""

    echoer: bytes
    sender: bytes
    seq: int
    digest: bytes
    mine: Envelope


@dataclass
class EchoBook:
    me: bytes
    _changed: dict[bytes, tuple[int, bytes]] = field(default_factory=dict)
    _expected: dict[tuple[bytes, int], tuple[bytes, bytes]] = field(default_factory=dict)
    due: bool = False
    """True when messages arrived that no message of mine has echoed yet."""

    def held(self, envelope: Envelope, needs_echo: bool) -> list[Mismatch]:
        """I accepted `envelope`. Returns the mismatches with earlier echoes of it."""
        if envelope.sender != self.me:
            self._changed[envelope.sender] = (envelope.seq, envelope.digest)
            self.due = self.due or needs_echo
        expected = self._expected.pop((envelope.sender, envelope.seq), None)
        if expected is None or expected[0] == envelope.digest:
            return []
        digest, echoer = expected
        return [Mismatch(echoer, envelope.sender, envelope.seq, digest, envelope)]

    def take(self) -> list[list[Any]]:
        """The echo to put in my next message: `[sender, seq, digest]` for each sender whose
        latest message changed since my previous echo."""
        echo = [[sender, seq, digest] for sender, (seq, digest) in sorted(self._changed.items())]
        self._changed.clear()
        self.due = False
        return echo

    def heard(self, echoer: bytes, echo: Sequence[Any], lookup: Lookup) -> list[Mismatch]:
        """`echoer` signed `echo`; compare it with what I hold (or will hold)."""
        found: list[Mismatch] = []
        for sender, seq, digest in echo:
            if sender in (echoer, self.me):
                continue  # an echo of the echoer's own messages, or of mine, proves nothing
            mine = lookup(sender, seq)
            if mine is None:
                if len(self._expected) >= _EXPECTATIONS:
                    self._expected.pop(next(iter(self._expected)))
                self._expected[(sender, seq)] = (digest, echoer)
            elif mine.digest != digest:
                found.append(Mismatch(echoer, sender, seq, digest, mine))
        return found
