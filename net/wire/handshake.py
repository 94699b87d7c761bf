"""The join handshake of one TCP connection: mutual proof of identity, version, table, code.

    dialer                                       acceptor
      | Hello(v, key, name, nonce, table?, port,  |
      |       pake_d?)                            |
      |------------------------------------------>|  other version / other table -> Refuse
      |   Welcome(v, key, name, nonce, table,     |  too many wrong codes -> Refuse(slowdown)
      |           private, sig_acceptor, pake_a?) |
      |<------------------------------------------|
      |   Proof(sig_dialer, conf_d?)              |
      |------------------------------------------>|  bad signature -> close;
      |   Admit(have, conf_a?) | Refuse(why, ...) |  admission (code, seats, removed) -> Refuse
      |<------------------------------------------|
      |   Have(have)                              |
      |------------------------------------------>|  only now may the table give a seat

Both signatures cover the same transcript (table, both keys, both nonces, both PAKE messages),
so neither side can replay an old handshake. The table code never crosses the network in any
form that can be tested offline: it is the password of a SPAKE2 exchange (net.wire.pake).
"""

import asyncio
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from lanpurr.fair.identity import Identity, verify_signature
from net.limits import HANDSHAKE, PROTOCOL_VERSION
from net.wire import framing, messages
from net.wire.framing import FrameError
from net.wire.messages import Admit, Have, Hello, Proof, Refuse, Welcome
from net.wire.pake import CodeExchange, PakeError, new_code, normalise_code

_TRANSCRIPT = b"lanpurr/handshake/v2\x00"


class HandshakeError(Exception):
    """The other side broke the handshake (bad signature, wrong key, wrong frame)."""


class WatchAsked(Exception):
    """The first frame asks to watch the table (`watch`), not to join it: the caller hands the
    connection to the table's watch desk (net/table/watch_desk.py)."""

    def __init__(self, frame: dict[str, Any]) -> None:
        super().__init__("a laptop asks to watch")
        self.frame = frame


class Refused(Exception):
    """The other side refused us. `why` is a short machine word, `reason` a sentence."""

    def __init__(self, why: str, reason: str) -> None:
        super().__init__(reason)
        self.why = why
        self.reason = reason


def transcript(
    table: bytes,
    dialer: bytes,
    acceptor: bytes,
    dn: bytes,
    an: bytes,
    pake_d: bytes | None = None,
    pake_a: bytes | None = None,
) -> bytes:
    """What both signatures cover. A PAKE message that was not sent counts as empty (they are
    33 bytes or nothing, so the concatenation is unambiguous)."""
    return _TRANSCRIPT + table + dialer + acceptor + dn + an + (pake_d or b"") + (pake_a or b"")


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


async def say(writer: asyncio.StreamWriter, message: messages.Frame) -> None:
    """Write one handshake frame and wait until it is on its way."""
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
    exchange = CodeExchange(code, dialer=True) if code and normalise_code(code) else None
    pake_d = exchange.message if exchange else None
    hello = Hello(PROTOCOL_VERSION, identity.public_key, name, nonce, table, port, pake_d)
    await say(writer, hello)
    welcome = await _receive(reader, Welcome)
    assert isinstance(welcome, Welcome)
    if welcome.v != PROTOCOL_VERSION:
        raise Refused("version", version_refusal(welcome.v).reason)
    if table is not None and welcome.table != table:
        raise HandshakeError("the peer is at another table")
    if expect_key is not None and welcome.key != expect_key:
        raise HandshakeError(
            "the peer at this address holds another key than the table it claims to be "
            "(an impostor, or another table now)"
        )
    script = await prove(writer, identity, welcome, nonce, pake_d, exchange)
    admit = await _receive(reader, Admit)
    assert isinstance(admit, Admit)
    check_admitted(admit, exchange, script)
    mine = await have_for(welcome.table, welcome.key)
    await say(writer, Have(mine))
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
    code_tried: bool = False
    """True when the dialer tried a code (right or wrong)."""


CodeGate = Callable[[str], Refuse | None]
"""Asked before the acceptor spends a PAKE on a dialer from this address: a refusal, or None."""


async def prove(
    writer: asyncio.StreamWriter,
    identity: Identity,
    welcome: Welcome,
    nonce: bytes,
    pake_d: bytes | None,
    exchange: CodeExchange | None,
    labels: tuple[bytes, bytes] = (b"accept", b"dial"),
) -> bytes:
    """The dialer's answer to a `welcome` (a player's, or with `labels` a watcher's): the
    acceptor's signature checked, the code's exchange finished, and the dialer's `proof` sent.
    Returns the transcript both signed."""
    if welcome.key == identity.public_key:
        raise HandshakeError("dialed myself")
    accept, dial = labels
    script = transcript(
        welcome.table, identity.public_key, welcome.key, nonce, welcome.nonce, pake_d, welcome.pake
    )
    if not verify_signature(welcome.key, accept + script, welcome.sig):
        raise HandshakeError("the peer's handshake signature is not valid")
    conf = None
    if exchange is not None and welcome.pake is not None:
        try:
            exchange.finish(welcome.pake)
        except PakeError as error:
            raise HandshakeError(str(error)) from None
        conf = exchange.confirmation(script, of_dialer=True)
    await say(writer, Proof(identity.sign(dial + script), conf))
    return script


def check_admitted(admit: Admit, exchange: CodeExchange | None, script: bytes) -> None:
    """The acceptor's proof of the code, when it sends one, must be right."""
    if admit.conf is not None and (
        exchange is None or not exchange.confirms(script, of_dialer=False, mac=admit.conf)
    ):
        raise HandshakeError(
            "the table's proof of the code is wrong: it is not the table you think"
        )


async def greeted(
    writer: asyncio.StreamWriter,
    greeting: Any,
    identity: Identity,
    table: bytes,
    private: bool,
    code: str | None,
    code_gate: CodeGate,
    who: str = "peer",
) -> tuple[str, CodeExchange | None]:
    """The acceptor's checks of a first frame (a `hello`, or a watcher's `watch`, with their
    `table`, `key` and `pake`): the table asked for, not my own key, and on a private table the
    code (through the gate). The dialer's address, and the code exchange when there is one."""
    if greeting.table is not None and greeting.table != table:
        await say(writer, Refuse("table", "this address hosts another table now"))
        raise Refused("table", f"a {who} looking for another table was refused")
    if greeting.key == identity.public_key:
        raise HandshakeError(f"a {who} presented my own identity")
    peer = writer.get_extra_info("peername")
    address = str(peer[0]) if isinstance(peer, tuple) else ""
    if not (private and code and greeting.pake is not None):
        return address, None
    refusal = code_gate(address)
    if refusal is not None:
        await say(writer, refusal)
        raise Refused(refusal.why, refusal.reason)
    exchange = CodeExchange(code, dialer=False)
    try:
        exchange.finish(greeting.pake)
    except PakeError as error:
        raise HandshakeError(str(error)) from None
    return address, exchange


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
    code_gate: CodeGate = lambda address: None,
) -> Greeting:
    """Run the acceptor's side; `admit` decides, `have_for(key)` counts what we hold of key.

    Returns once the dialer sent `have`: only a peer that completed the handshake is admitted.
    """
    raw = await framing.read_frame(reader, HANDSHAKE)
    if isinstance(raw, dict) and raw.get("t") == "watch":
        raise WatchAsked(raw)
    if isinstance(raw, dict) and raw.get("t") == "hello":
        version = raw.get("v")
        if type(version) is int and version != PROTOCOL_VERSION:
            await say(writer, version_refusal(version))
            raise Refused("version", f"a peer speaking protocol {version} was refused")
    hello = messages.parse(raw, (Hello,))
    assert isinstance(hello, Hello)
    address, exchange = await greeted(writer, hello, identity, table, private, code, code_gate)
    pake_a = exchange.message if exchange else None
    nonce = os.urandom(32)
    script = transcript(
        table, hello.key, identity.public_key, hello.nonce, nonce, hello.pake, pake_a
    )
    sig = identity.sign(b"accept" + script)
    me = identity.public_key
    await say(writer, Welcome(PROTOCOL_VERSION, me, name, nonce, table, private, sig, pake_a))
    proof = await _receive(reader, Proof)
    assert isinstance(proof, Proof)
    if not verify_signature(hello.key, b"dial" + script, proof.sig):
        raise HandshakeError("the peer's handshake signature is not valid")
    code_ok = exchange is not None and exchange.confirms(script, of_dialer=True, mac=proof.conf)
    applicant = Applicant(
        hello.key, hello.name, hello.port, address, code_ok, code_tried=exchange is not None
    )
    refusal = admit(applicant)
    if refusal is not None:
        await say(writer, refusal)
        raise Refused(refusal.why, refusal.reason)
    mine = have_for(hello.key)
    conf_a = exchange.confirmation(script, of_dialer=False) if exchange and code_ok else None
    await say(writer, Admit(mine, conf_a))
    have = await _receive(reader, Have)
    assert isinstance(have, Have)
    return Greeting(hello.key, hello.name, table, private, have.have, mine, hello.port, hello.key)


__all__ = [
    "Applicant",
    "FrameError",
    "Greeting",
    "HandshakeError",
    "Refused",
    "WatchAsked",
    "accept",
    "dial",
    "new_code",
    "normalise_code",
]
