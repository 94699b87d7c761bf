"""The join handshake of one TCP connection: mutual proof of identity, version, table, code.

    dialer                                  acceptor
      | Hello(v, key, name, nonce, table?, port) |
      |----------------------------------------->|  other version / other table -> Refuse
      |   Welcome(v, key, name, nonce, table,    |
      |           private, sig_acceptor)         |
      |<-----------------------------------------|
      |   Proof(sig_dialer, code MAC?)           |
      |----------------------------------------->|  bad signature -> close;
      |   Admit(have) | Refuse(why, reason)      |  admission (code, seats, removed) -> Refuse
      |<-----------------------------------------|
      |   Have(have)                             |
      |----------------------------------------->|

Both signatures cover the same transcript (table, both keys, both nonces), so neither side can
replay an old handshake, and the code is proved by an HMAC over the transcript instead of being
sent in the clear.
"""

import asyncio
import hashlib
import hmac
import os
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from lanpurr.fair.identity import Identity, verify_signature
from net import framing, messages
from net.framing import FrameError
from net.limits import HANDSHAKE, PROTOCOL_VERSION
from net.messages import Admit, Have, Hello, Proof, Refuse, Welcome

_TRANSCRIPT = b"lanpurr/handshake/v1\x00"
_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""No 0/O or 1/I, so a code read aloud across a room is typed right."""


class HandshakeError(Exception):
    """The other side broke the handshake (bad signature, wrong key, wrong frame)."""


class Refused(Exception):
    """The other side refused us. `why` is a short machine word, `reason` a sentence."""

    def __init__(self, why: str, reason: str) -> None:
        super().__init__(reason)
        self.why = why
        self.reason = reason


def new_code() -> str:
    """A six-character table code, shown as `ABC-DEF`."""
    text = "".join(secrets.choice(_CODE_ALPHABET) for _ in range(6))
    return f"{text[:3]}-{text[3:]}"


def normalise_code(code: str) -> str:
    return "".join(ch for ch in code.upper() if ch.isalnum())


def transcript(table: bytes, dialer: bytes, acceptor: bytes, dn: bytes, an: bytes) -> bytes:
    return _TRANSCRIPT + table + dialer + acceptor + dn + an


def code_mac(code: str, transcript_bytes: bytes) -> bytes:
    key = hashlib.sha256(b"lanpurr/table-code/v1\x00" + normalise_code(code).encode()).digest()
    return hmac.new(key, transcript_bytes, hashlib.sha256).digest()


def version_refusal(theirs: int) -> Refuse:
    return Refuse(
        why="version",
        reason=(
            f"this table speaks lanpurr protocol {PROTOCOL_VERSION} and you speak protocol "
            f"{theirs}; both players need the same lanpurr version"
        ),
    )


@dataclass(frozen=True)
class Greeting:
    """What a completed handshake established about the other side."""

    key: bytes
    name: str
    table: bytes
    private: bool
    their_have: int
    """How many of my messages the other side holds."""
    my_have: int
    """How many of the other side's messages I hold."""
    port: int
    """The dialer's listening port (as told in Hello); 0 on the dialer's side."""
    dialer: bytes


async def _send(writer: asyncio.StreamWriter, message: messages.Frame) -> None:
    writer.write(framing.frame(messages.to_wire(message), HANDSHAKE))
    await writer.drain()


async def _receive(reader: asyncio.StreamReader, *allowed: type[Any]) -> messages.Frame:
    value = await framing.read_frame(reader, HANDSHAKE)
    message = messages.parse(value, (*allowed, Refuse))
    if isinstance(message, Refuse):
        raise Refused(message.why, message.reason)
    return message


async def dial(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    identity: Identity,
    name: str,
    port: int,
    table: bytes | None,
    code: str | None,
    expect_key: bytes | None,
    have_for: Callable[[bytes, bytes], Awaitable[int]],
) -> Greeting:
    """Run the dialer's side. `have_for(table, key)` says how many of `key`'s messages we hold
    (it may load a journal: it is called once the table is known)."""
    nonce = os.urandom(32)
    await _send(writer, Hello(PROTOCOL_VERSION, identity.public_key, name, nonce, table, port))
    welcome = await _receive(reader, Welcome)
    assert isinstance(welcome, Welcome)
    if welcome.v != PROTOCOL_VERSION:
        raise Refused("version", version_refusal(welcome.v).reason)
    if table is not None and welcome.table != table:
        raise HandshakeError("the peer is at another table")
    if expect_key is not None and welcome.key != expect_key:
        raise HandshakeError("the peer at this address has another identity than expected")
    if welcome.key == identity.public_key:
        raise HandshakeError("dialed myself")
    script = transcript(welcome.table, identity.public_key, welcome.key, nonce, welcome.nonce)
    if not verify_signature(welcome.key, b"accept" + script, welcome.sig):
        raise HandshakeError("the peer's handshake signature is not valid")
    mac = code_mac(code, script) if code else None
    await _send(writer, Proof(identity.sign(b"dial" + script), mac))
    admit = await _receive(reader, Admit)
    assert isinstance(admit, Admit)
    mine = await have_for(welcome.table, welcome.key)
    await _send(writer, Have(mine))
    return Greeting(
        welcome.key,
        welcome.name,
        welcome.table,
        welcome.private,
        admit.have,
        mine,
        0,
        identity.public_key,
    )


@dataclass(frozen=True)
class Applicant:
    """A dialer that proved its identity, waiting for the admission decision."""

    key: bytes
    name: str
    port: int
    address: str
    """The dialer's IP address as this side sees it."""
    code_ok: bool
    """True when the dialer proved it knows this table's code (always False with no code)."""


async def accept(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    identity: Identity,
    name: str,
    table: bytes,
    private: bool,
    code: str | None,
    admit: Callable[[Applicant], Refuse | None],
    have_for: Callable[[bytes], int],
) -> Greeting:
    """Run the acceptor's side; `admit` decides, `have_for(key)` counts what we hold of key."""
    raw = await framing.read_frame(reader, HANDSHAKE)
    if isinstance(raw, dict) and raw.get("t") == "hello":
        version = raw.get("v")
        if type(version) is int and version != PROTOCOL_VERSION:
            await _send(writer, version_refusal(version))
            raise Refused("version", f"a peer speaking protocol {version} was refused")
    hello = messages.parse(raw, (Hello,))
    assert isinstance(hello, Hello)
    if hello.table is not None and hello.table != table:
        await _send(writer, Refuse("table", "this address hosts another table now"))
        raise Refused("table", "a peer looking for another table was refused")
    if hello.key == identity.public_key:
        raise HandshakeError("a peer presented my own identity")
    nonce = os.urandom(32)
    script = transcript(table, hello.key, identity.public_key, hello.nonce, nonce)
    sig = identity.sign(b"accept" + script)
    me = identity.public_key
    await _send(writer, Welcome(PROTOCOL_VERSION, me, name, nonce, table, private, sig))
    proof = await _receive(reader, Proof)
    assert isinstance(proof, Proof)
    if not verify_signature(hello.key, b"dial" + script, proof.sig):
        raise HandshakeError("the peer's handshake signature is not valid")
    code_ok = bool(
        code and proof.code is not None and hmac.compare_digest(proof.code, code_mac(code, script))
    )
    peer = writer.get_extra_info("peername")
    address = str(peer[0]) if isinstance(peer, tuple) else ""
    refusal = admit(Applicant(hello.key, hello.name, hello.port, address, code_ok))
    if refusal is not None:
        await _send(writer, refusal)
        raise Refused(refusal.why, refusal.reason)
    mine = have_for(hello.key)
    await _send(writer, Admit(mine))
    have = await _receive(reader, Have)
    assert isinstance(have, Have)
    return Greeting(hello.key, hello.name, table, private, have.have, mine, hello.port, hello.key)


__all__ = ["FrameError", "Greeting", "HandshakeError", "Refused", "accept", "dial"]
