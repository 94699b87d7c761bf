"""Signed envelopes and the signed log of a table.

Every protocol message travels in an `Envelope`: the table id, the sender's public key, a
per-sender sequence number, the hash of the sender's previous envelope, a msgpack body and an
Ed25519 signature over all of it. Each sender's envelopes form a hash chain, so a log of them
is evidence: a peer cannot later deny, reorder or replace what it said.
"""

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import msgpack

from lanpurr.fair.identity import (
    KEY_BYTES,
    SIGNATURE_BYTES,
    Identity,
    fingerprint_of,
    verify_signature,
)

TABLE_BYTES = 16
DIGEST_BYTES = 32
GENESIS = bytes(DIGEST_BYTES)
"""The `prev` of a sender's first envelope (seq 0)."""
MAX_SEQ = 2**63 - 1
MAX_BODY = 8 * 1024 * 1024
"""Large enough for a shuffle proof of a 63-card deck, small enough to refuse a memory bomb."""
_VERSION = 1
_SIGNED_DOMAIN = b"lanpurr/envelope/v1/signed\x00"
_DIGEST_DOMAIN = b"lanpurr/envelope/v1/digest\x00"


class EnvelopeError(ValueError):
    """Bytes that are not a well-formed envelope. The message says what is wrong."""


class Rejected(Exception):
    """A well-formed envelope that the log refuses. `reason` is a short fixed phrase
    ("forged signature", "replayed", "out of order", "wrong table", "broken chain",
    "equivocation", "unknown sender"); `evidence` holds the envelopes that prove it."""

    def __init__(self, reason: str, detail: str, evidence: tuple["Envelope", ...] = ()) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail
        self.evidence = evidence


def _signed_bytes(table: bytes, sender: bytes, seq: int, prev: bytes, body: bytes) -> bytes:
    packed: bytes = msgpack.packb([_VERSION, table, sender, seq, prev, body], use_bin_type=True)
    return _SIGNED_DOMAIN + packed


@dataclass(frozen=True)
class Envelope:
    table: bytes
    sender: bytes
    seq: int
    prev: bytes
    body: bytes
    signature: bytes
    _digest: bytes = field(default=b"", init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        problem = _shape_problem(
            self.table, self.sender, self.seq, self.prev, self.body, self.signature
        )
        if problem:
            raise EnvelopeError(problem)

    def signed_bytes(self) -> bytes:
        return _signed_bytes(self.table, self.sender, self.seq, self.prev, self.body)

    def signature_ok(self) -> bool:
        return verify_signature(self.sender, self.signed_bytes(), self.signature)

    def encode(self) -> bytes:
        packed: bytes = msgpack.packb(
            [_VERSION, self.table, self.sender, self.seq, self.prev, self.body, self.signature],
            use_bin_type=True,
        )
        return packed

    @property
    def digest(self) -> bytes:
        """What the sender's next envelope must carry as `prev`."""
        if not self._digest:
            object.__setattr__(
                self, "_digest", hashlib.sha256(_DIGEST_DOMAIN + self.encode()).digest()
            )
        return self._digest

    @property
    def ref(self) -> tuple[str, int]:
        """A short name for this message in reports: (sender fingerprint, seq)."""
        return fingerprint_of(self.sender), self.seq

    @classmethod
    def decode(cls, data: bytes) -> "Envelope":
        """Strict: exactly the canonical encoding of a well-formed envelope, or EnvelopeError.

        The last few frames decoded are remembered by their bytes: a frame that arrives is
        decoded by the runtime (its round), the real-time order (its stamp) and the fair peer,
        and an envelope is immutable, so all of them share one."""
        if cls is Envelope and type(data) is bytes:
            return _decode_remembered(data)
        return cls.decode_fresh(data)

    @classmethod
    def decode_fresh(cls, data: bytes) -> "Envelope":
        """`decode`, without looking among the frames decoded last."""
        if not isinstance(data, bytes | bytearray):
            raise EnvelopeError(f"an envelope is bytes, got {type(data).__name__}")
        data = bytes(data)
        if len(data) > MAX_BODY + 512:
            raise EnvelopeError(f"envelope of {len(data)} bytes is larger than the limit")
        try:
            fields: Any = msgpack.unpackb(
                data,
                raw=False,
                strict_map_key=True,
                max_array_len=16,
                max_map_len=0,
                max_ext_len=0,
            )
        except Exception as error:  # msgpack raises several unrelated types
            raise EnvelopeError(f"not a msgpack envelope ({error})") from None
        if not isinstance(fields, list) or len(fields) != 7:
            raise EnvelopeError("an envelope is a list of 7 fields")
        version, table, sender, seq, prev, body, signature = fields
        if version != _VERSION or type(version) is not int:
            raise EnvelopeError(f"unsupported envelope version {version!r}")
        problem = _shape_problem(table, sender, seq, prev, body, signature)
        if problem:
            raise EnvelopeError(problem)
        envelope = cls(table, sender, seq, prev, body, signature)
        if envelope.encode() != data:
            raise EnvelopeError("not in canonical encoding")
        return envelope


@lru_cache(maxsize=16)
def _decode_remembered(data: bytes) -> Envelope:
    """`Envelope.decode` of the last frames decoded (a failure is not remembered). Safe from
    several threads: the network loop and a game's worker both decode frames."""
    return Envelope.decode_fresh(data)


def _shape_problem(
    table: object, sender: object, seq: object, prev: object, body: object, signature: object
) -> str:
    checks: list[tuple[str, object, int | None]] = [
        ("table", table, TABLE_BYTES),
        ("sender", sender, KEY_BYTES),
        ("prev", prev, DIGEST_BYTES),
        ("body", body, None),
        ("signature", signature, SIGNATURE_BYTES),
    ]
    for name, value, size in checks:
        if not isinstance(value, bytes):
            return f"{name} must be bytes, got {type(value).__name__}"
        if size is not None and len(value) != size:
            return f"{name} must be {size} bytes, got {len(value)}"
    assert isinstance(body, bytes)
    if len(body) > MAX_BODY:
        return f"body of {len(body)} bytes is larger than the limit of {MAX_BODY}"
    if type(seq) is not int or not 0 <= seq <= MAX_SEQ:
        return f"seq must be an integer from 0 to 2^63-1, got {seq!r}"
    return ""


def seal(identity: Identity, table: bytes, seq: int, prev: bytes, body: bytes) -> Envelope:
    """Sign `body` as message `seq` of `identity` at `table`, chained to `prev`."""
    sender = identity.public_key
    problem = _shape_problem(table, sender, seq, prev, body, bytes(SIGNATURE_BYTES))
    if problem:
        raise EnvelopeError(problem)
    signature = identity.sign(_signed_bytes(table, sender, seq, prev, body))
    return Envelope(table, sender, seq, prev, body, signature)


class Outbox:
    """One's own side of the chain: seals bodies with the next seq and prev."""

    def __init__(self, identity: Identity, table: bytes, seq: int = 0, prev: bytes = GENESIS):
        self.identity = identity
        self.table = table
        self.seq = seq
        self.prev = prev

    def seal(self, body: bytes) -> Envelope:
        envelope = seal(self.identity, self.table, self.seq, self.prev, body)
        self.seq += 1
        self.prev = envelope.digest
        return envelope


class SignedLog:
    """The accepted envelopes of one table, in the order they were accepted.

    `accept` checks, in this order, the table, the sender (if the members are known), the
    signature and the sender's chain; a refused envelope leaves the log unchanged.
    """

    def __init__(self, table: bytes, members: Iterable[bytes] | None = None) -> None:
        if not isinstance(table, bytes) or len(table) != TABLE_BYTES:
            raise ValueError(f"a table id is {TABLE_BYTES} bytes")
        self.table = table
        self.members = None if members is None else frozenset(members)
        self._entries: list[Envelope] = []
        self._by_sender: dict[bytes, list[Envelope]] = {}

    @property
    def envelopes(self) -> tuple[Envelope, ...]:
        return tuple(self._entries)

    def __len__(self) -> int:
        """How many envelopes the log holds (without copying them, as `envelopes` does)."""
        return len(self._entries)

    def of(self, sender: bytes) -> tuple[Envelope, ...]:
        return tuple(self._by_sender.get(sender, ()))

    def next_seq(self, sender: bytes) -> int:
        return len(self._by_sender.get(sender, ()))

    def head(self, sender: bytes) -> bytes:
        chain = self._by_sender.get(sender)
        return chain[-1].digest if chain else GENESIS

    def accept(self, envelope: Envelope) -> None:
        if envelope.table != self.table:
            raise Rejected(
                "wrong table",
                f"message for table {envelope.table.hex()}, this is table {self.table.hex()}",
                (envelope,),
            )
        if self.members is not None and envelope.sender not in self.members:
            raise Rejected("unknown sender", "the sender is not seated at this table", (envelope,))
        if not envelope.signature_ok():
            raise Rejected(
                "forged signature",
                f"message {envelope.seq} is not signed by its sender",
                (envelope,),
            )
        chain = self._by_sender.get(envelope.sender, [])
        expected = len(chain)
        if envelope.seq < expected:
            earlier = chain[envelope.seq]
            if earlier == envelope:
                raise Rejected(
                    "replayed", f"message {envelope.seq} was already accepted", (envelope,)
                )
            raise Rejected(
                "equivocation",
                f"the sender signed two different messages as number {envelope.seq}",
                (earlier, envelope),
            )
        if envelope.seq > expected:
            raise Rejected(
                "out of order",
                f"message {envelope.seq} arrived before message {expected}",
                (envelope,),
            )
        want = chain[-1].digest if chain else GENESIS
        if envelope.prev != want:
            raise Rejected(
                "broken chain",
                f"message {envelope.seq} does not follow the sender's message {expected - 1}",
                (envelope,),
            )
        self._by_sender.setdefault(envelope.sender, chain).append(envelope)
        self._entries.append(envelope)
