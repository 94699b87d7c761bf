"""Relaying: members that cannot reach each other still play, through a laptop that reaches both.

On many venues' Wi-Fi every laptop reaches the host but not each other (client isolation), or a
laptop's firewall refuses connections. Every message is signed by its sender and chained to its
previous one (and a game's batches are sealed under the game key), so any member may hand a
message of one member to another: the receiver checks it exactly as if it came directly, and the
relay can neither read a sealed part nor change or forge anything without being caught.

Each member learns what the others hold from their echoes (net.wire.echo): `[sender, seq, digest]`
for the latest message of each sender. When a member I am linked to has lacked, for RELAY_AFTER
seconds, a message of another member that I hold, I send it that message and those after it
(`Relay` frames), in order; from then on I hand it each new message of that member as soon as
I accept it, until its echoes show that it gets them before I do (a direct link is back). A
member that holds them already drops them as duplicates, so two relays cost bytes, never
correctness; to keep that rare, each member waits a little longer the later its key sorts
among the possible relays.

A relay signs each message it hands on (`Handed`: "I hand this to you"). An honest relay hands
on only what its own log accepted, so bytes it signed for that are no signed message of this
table (altered, forged) prove it cheated, to anyone; so does a word for another version of a
message than the relay's own echo names (`Words`). A relay that withholds cannot be proven to:
but every member echoes what it holds, so `Withheld` tells who holds what this laptop lacks.

`RelayBook` and `Words` are the bookkeeping, with no I/O: the mesh feeds them what it accepted,
what relays handed on and what others echoed, and asks what to relay now.
"""

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from lanpurr.fair.envelope import Envelope, EnvelopeError
from lanpurr.fair.identity import Identity, verify_signature
from net.limits import BODY
from net.wire import framing
from net.wire.framing import FrameError

RELAY_AFTER = 3.0
"""Seconds a member may lack a message I hold before I relay it (a member whose link works
echoes what it received within about a second)."""
RELAY_STAGGER = 1.0
"""Extra seconds per member whose key sorts before mine (so that usually one laptop relays)."""
RELAY_BATCH = 64
"""Messages relayed to one member at once, per sender (more follow as its echoes advance)."""
MIRROR_MAX = 16 * 1024
"""Largest message mirrored (plays, picks, shares, small hands): a deck's shuffle is larger,
spans many TCP segments, and recovers from a lost one by TCP's fast retransmission anyway."""
_HANDED_DOMAIN = b"lanpurr/relay/v1/handed\x00"
_MIRROR_DOMAIN = b"lanpurr/relay/v1/mirror\x00"


def mirror(sender: bytes, receiver: bytes, members: Iterable[bytes]) -> bytes | None:
    """The member that hands each of `sender`'s small messages on to `receiver` at once (the
    module's "Mirroring"): one of the others, drawn from the pair so that the load spreads and
    every laptop that knows the same members names the same one. None with nobody else."""
    others = [m for m in members if m not in (sender, receiver)]
    if not others:
        return None
    pair = _MIRROR_DOMAIN + sender + receiver
    return min(others, key=lambda member: hashlib.sha256(pair + member).digest())


@dataclass(frozen=True)
class Handed:
    """A relay's signed word: "I, `relay`, hand `to` these bytes, a message of another member
    of `table` that my log accepted". Its `sig` travels in the `relay` frame."""

    table: bytes
    relay: bytes
    to: bytes
    envelope: bytes
    signature: bytes

    @staticmethod
    def signed_bytes(table: bytes, relay: bytes, to: bytes, envelope: bytes) -> bytes:
        # (The bytes' hash: a game batch of 100 KB costs a relay 0.2 ms to sign, not 2 ms.)
        return _HANDED_DOMAIN + framing.pack([table, relay, to, hashlib.sha256(envelope).digest()])

    @classmethod
    def sign(cls, identity: Identity, table: bytes, to: bytes, envelope: bytes) -> "Handed":
        me = identity.public_key
        signature = identity.sign(cls.signed_bytes(table, me, to, envelope))
        return cls(table, me, to, envelope, signature)

    def signature_ok(self) -> bool:
        signed = self.signed_bytes(self.table, self.relay, self.to, self.envelope)
        return verify_signature(self.relay, signed, self.signature)

    @property
    def sender(self) -> bytes:
        """Who signed this word (evidence against it is filed under its key)."""
        return self.relay

    def encode(self) -> bytes:
        return framing.pack([self.table, self.relay, self.to, self.envelope, self.signature])

    def fault(self) -> str | None:
        """What an honest relay never hands on, if the bytes it signed for are that: not a
        message, another table's, its own (those go in `env`), or not signed by their sender.
        None when they are a signed message of the table (still to be checked as the sender's
        next one, which the relay cannot be blamed for)."""
        try:
            envelope = Envelope.decode(self.envelope)
        except EnvelopeError as error:
            return f"it handed on bytes that are no message ({error})"
        if envelope.table != self.table:
            return "it handed on a message of another table"
        if envelope.sender in (self.relay, self.to):
            return "it handed on a message as relayed that cannot be (its own, or the receiver's)"
        if not envelope.signature_ok():
            return "it handed on a message whose signature does not hold (altered or forged)"
        return None


class RelayProof(NamedTuple):
    """The evidence against a relay: its signed word, and what shows the word false — the
    message it handed on (when its sender never signed it), the relay's own message whose echo
    says it holds another version of that message, or the word again (bytes that are no
    message). Anyone checks it with `proof_shows`."""

    word: Handed
    against: "Envelope | Handed"


def proof_shows(proof: RelayProof) -> str | None:
    """What `proof` shows its relay did, checked from its bytes alone; None when it shows
    nothing (then it counts against whoever sent it)."""
    word, against = proof
    if not word.signature_ok():
        return None
    fault = word.fault()
    if fault is not None:
        return fault
    if not isinstance(against, Envelope) or not (
        against.sender == word.relay and against.table == word.table and against.signature_ok()
    ):
        return None
    handed = Envelope.decode(word.envelope)
    try:
        body = framing.unpack(against.body, BODY)
    except FrameError:
        return None
    echo = body.get("h") if isinstance(body, dict) else None
    for entry in echo if isinstance(echo, list) else ():
        if not (isinstance(entry, list) and len(entry) == 3):
            continue
        if entry[:2] == [handed.sender, handed.seq] and entry[2] != handed.digest:
            return _ANOTHER_VERSION
    return None


_ANOTHER_VERSION = (
    "it handed on another version of a message than the one its own signed echo says it holds"
)
_WORDS_KEPT = 16384
"""Relays' words remembered at most, to compare with their later echoes (the oldest go)."""


@dataclass
class Words:
    """The relays' signed words this laptop took, and the latest echo of each member about
    each sender: a relay that echoes one version of a message and hands on another signed two
    things an honest laptop never does (its log holds one version for ever)."""

    me: bytes
    words: dict[tuple[bytes, bytes, int], tuple[bytes, bytes]] = field(default_factory=dict)
    """(relay, sender, seq) -> the digest of the message it handed on, and its signature (the
    message itself is in my log when I took it)."""
    echoes: dict[tuple[bytes, bytes], tuple[int, bytes, Envelope]] = field(default_factory=dict)
    """(member, sender) -> the seq and digest of its latest echo, and its message that said so."""

    def handed(self, word: Handed, envelope: Envelope) -> RelayProof | None:
        """The relay's word for a signed message of the table (`envelope`, its bytes)."""
        echoed = self.echoes.get((word.relay, envelope.sender))
        if echoed is not None and echoed[0] == envelope.seq and echoed[1] != envelope.digest:
            return RelayProof(word, echoed[2])
        if len(self.words) >= _WORDS_KEPT:
            self.words.pop(next(iter(self.words)))
        self.words[(word.relay, envelope.sender, envelope.seq)] = (envelope.digest, word.signature)
        return None

    def echoed(
        self,
        member: bytes,
        echo: Iterable[list[Any]],
        carrier: Envelope,
        lookup: Callable[[bytes, int], Envelope | None],
    ) -> list[RelayProof]:
        """`member` signed `echo` in `carrier`: the proofs against it, if it handed on another
        version of a message it says it holds. `lookup(sender, seq)`: the message I hold."""
        found = []
        for sender, seq, digest in echo:
            self.echoes[(member, sender)] = (seq, digest, carrier)
            kept = self.words.get((member, sender, seq))
            if kept is None or kept[0] == digest:
                continue
            held = lookup(sender, seq)
            if held is not None and held.digest == kept[0]:  # (what it handed on, rebuilt)
                word = Handed(carrier.table, member, self.me, held.encode(), kept[1])
                found.append(RelayProof(word, carrier))
        return found


@dataclass(frozen=True)
class Withheld:
    """What this laptop can tell about a member whose messages do not come (`Mesh.withheld`):
    somebody else may be holding them back. Nobody can prove who lies about a message that
    never arrives (the member, a relay, or the echo), so a wait for them names nobody."""

    sender: bytes
    held: int
    """How many of the sender's messages this laptop holds."""
    holders: dict[bytes, int]
    """Members whose signed echoes say they hold more of them: member -> how many. The
    sender did send those; a member linked here that holds them and does not hand them on (an
    honest one does within seconds) withholds them, or lied in its echo."""
    direct: bool
    """The sender has a working link to this laptop now."""
    through: tuple[bytes, ...]
    """The members that handed its messages on to this laptop, first first (empty when none
    ever did: with no link either, none of its messages came since this laptop started)."""

    @property
    def only_through(self) -> tuple[bytes, ...]:
        """The members the sender reaches this laptop through, when it has no link here."""
        return () if self.direct else self.through


@dataclass
class RelayBook:
    me: bytes
    holds: dict[bytes, dict[bytes, int]] = field(default_factory=dict)
    """member -> sender -> how many of the sender's messages the member holds (its echoes)."""
    got_at: dict[bytes, list[float]] = field(default_factory=dict)
    """sender -> when I accepted each of its messages."""
    sent: dict[tuple[bytes, bytes], tuple[int, float]] = field(default_factory=dict)
    """(member, sender) -> up to which message I relayed, and when."""
    relaying: set[tuple[bytes, bytes]] = field(default_factory=set)
    """(member, sender): I hand the member each new message of the sender at once."""

    def accepted(self, sender: bytes, seq: int, now: float) -> list[bytes]:
        """I accepted the sender's message `seq`: the members to hand it on to at once."""
        times = self.got_at.setdefault(sender, [])
        if seq == len(times):
            times.append(now)
        out = []
        for member, source in self.relaying:
            upto, _ = self.sent[(member, source)]
            if source == sender and upto == seq:
                self.sent[(member, source)] = (seq + 1, now)
                out.append(member)
        return out

    def echoed(self, member: bytes, echo: Iterable[list[object]]) -> None:
        """`member` signed that it holds, of each sender, the message numbered `seq`."""
        held = self.holds.setdefault(member, {})
        for entry in echo:
            sender, seq = entry[0], entry[1]
            if isinstance(sender, bytes) and type(seq) is int:
                held[sender] = max(held.get(sender, 0), seq + 1)
                upto, _ = self.sent.get((member, sender), (0, 0.0))
                if held[sender] > upto:
                    self.relaying.discard((member, sender))  # it gets them without me

    def holding(self, sender: bytes, beyond: int, members: Iterable[bytes]) -> dict[bytes, int]:
        """Of `members`, those whose echoes say they hold more than `beyond` of the sender's
        messages, with how many."""
        out = {}
        for member in members:
            has = self.holds.get(member, {}).get(sender, 0)
            if member not in (sender, self.me) and has > beyond:
                out[member] = has
        return out

    def due(
        self, now: float, linked: list[bytes], members: list[bytes], held: Callable[[bytes], int]
    ) -> list[tuple[bytes, bytes, range]]:
        """What to relay now: (to member, sender, message numbers). `linked`: the members I
        have a working link to; `members`: everyone at the table; `held(sender)`: how many of
        the sender's messages I hold."""
        out = []
        for member in linked:
            theirs = self.holds.get(member, {})
            for sender in members:
                if sender in (member, self.me):
                    continue
                mine, has = held(sender), theirs.get(sender, 0)
                times = self.got_at.get(sender, [])
                if has >= mine or has >= len(times):
                    continue
                before_me = sum(1 for k in linked if k not in (member, sender) and k < self.me)
                wait = RELAY_AFTER + RELAY_STAGGER * before_me
                upto, when = self.sent.get((member, sender), (0, 0.0))
                if now - times[has] < wait or (upto > has and now - when < wait):
                    continue
                stop = min(mine, has + RELAY_BATCH)
                self.sent[(member, sender)] = (stop, now)
                if stop == mine:
                    self.relaying.add((member, sender))
                out.append((member, sender, range(has, stop)))
        return out
