"""The connection of a laptop that watches a table: its handshake, and the two ends of it.

    watcher                                        host
      | Watch(v, key, name, nonce, table?, pake?)  |
      |------------------------------------------->|  other version / table -> Refuse
      |   Welcome(v, key, name, nonce, table,      |
      |           private, sig_host, pake?)        |
      |<-------------------------------------------|
      |   Proof(sig_watcher, conf?)                |
      |------------------------------------------->|  code, cap, cut off -> Refuse
      |   Admit(0, conf?)                          |
      |<-------------------------------------------|
      |<== Shown(d) ... / Ping ====================|  the public feed (net/watch/watch_feed.py)
      |=== Ping / Bye ============================>|  nothing else, and slowly

The signatures cover the member handshake's transcript, under "watch-accept" / "watch-dial",
so a watcher's handshake can never pass for a member's. A watcher holds no seat, no game key
and no share: the host only sends it what a player without a hand may see.
"""

import asyncio
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lanpurr.fair.identity import Identity, verify_signature
from net.limits import DEAD_AFTER, HANDSHAKE, HEARTBEAT_INTERVAL, PROTOCOL_VERSION, SESSION
from net.wire import framing, messages
from net.wire.handshake import (
    CodeGate,
    HandshakeError,
    Refused,
    check_admitted,
    greeted,
    prove,
    say,
    transcript,
    version_refusal,
)
from net.wire.messages import Admit, Bye, Ping, Proof, Refuse, Shown, Watch, Welcome
from net.wire.pake import CodeExchange, normalise_code

_ACCEPT = b"watch-accept"
_DIAL = b"watch-dial"


@dataclass(frozen=True)
class Watcher:
    """A laptop that proved its identity and asks to watch."""

    key: bytes
    name: str
    address: str
    code_ok: bool
    code_tried: bool


async def accept_watcher(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    first: dict[str, Any],
    identity: Identity,
    name: str,
    table: bytes,
    private: bool,
    code: str | None,
    admit: Callable[[Watcher], Refuse | None],
    code_gate: CodeGate,
) -> Watcher:
    """The host's side, from the `watch` frame already read; returns the admitted watcher."""
    version = first.get("v")
    if type(version) is int and version != PROTOCOL_VERSION:
        await say(writer, version_refusal(version))
        raise Refused("version", f"a watcher speaking protocol {version} was refused")
    asked = messages.parse(first, (Watch,))
    assert isinstance(asked, Watch)
    address, exchange = await greeted(
        writer, asked, identity, table, private, code, code_gate, "watcher"
    )
    pake_a = exchange.message if exchange else None
    nonce = os.urandom(32)
    me = identity.public_key
    script = transcript(table, asked.key, me, asked.nonce, nonce, asked.pake, pake_a)
    sig = identity.sign(_ACCEPT + script)
    await say(writer, Welcome(PROTOCOL_VERSION, me, name, nonce, table, private, sig, pake_a))
    proof = messages.parse(await framing.read_frame(reader, HANDSHAKE), (Proof,))
    assert isinstance(proof, Proof)
    if not verify_signature(asked.key, _DIAL + script, proof.sig):
        raise HandshakeError("the watcher's handshake signature is not valid")
    code_ok = exchange is not None and exchange.confirms(script, of_dialer=True, mac=proof.conf)
    watcher = Watcher(asked.key, asked.name, address, code_ok, exchange is not None)
    refusal = admit(watcher)
    if refusal is not None:
        await say(writer, refusal)
        raise Refused(refusal.why, refusal.reason)
    conf_a = exchange.confirmation(script, of_dialer=False) if exchange and code_ok else None
    await say(writer, Admit(0, conf_a))
    return watcher


@dataclass(frozen=True)
class WatchedHost:
    """What the watcher learnt of the table it watches."""

    key: bytes
    name: str
    table: bytes


async def dial_as_watcher(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    identity: Identity,
    name: str,
    code: str | None,
    expect_key: bytes | None,
) -> WatchedHost:
    """The watcher's side; raises Refused (with the host's sentence) or HandshakeError."""
    nonce = os.urandom(32)
    exchange = CodeExchange(code, dialer=True) if code and normalise_code(code) else None
    pake_d = exchange.message if exchange else None
    await say(writer, Watch(PROTOCOL_VERSION, identity.public_key, name, nonce, None, pake_d))
    welcome = messages.parse(await framing.read_frame(reader, HANDSHAKE), (Welcome, Refuse))
    if isinstance(welcome, Refuse):
        raise Refused(welcome.why, welcome.reason)
    assert isinstance(welcome, Welcome)
    if welcome.v != PROTOCOL_VERSION:
        raise Refused("version", version_refusal(welcome.v).reason)
    if expect_key is not None and welcome.key != expect_key:
        raise HandshakeError("the peer at this address holds another key than the table's host")
    script = await prove(writer, identity, welcome, nonce, pake_d, exchange, (_ACCEPT, _DIAL))
    admit = messages.parse(await framing.read_frame(reader, HANDSHAKE), (Admit, Refuse))
    if isinstance(admit, Refuse):
        raise Refused(admit.why, admit.reason)
    assert isinstance(admit, Admit)
    check_admitted(admit, exchange, script)
    return WatchedHost(welcome.key, welcome.name, welcome.table)


def shown_frame(data: bytes) -> bytes:
    """One feed message as a whole frame."""
    return framing.frame(messages.to_wire(Shown(data)), SESSION)


PING = framing.frame(messages.to_wire(Ping()), SESSION)


def bye_frame(reason: str) -> bytes:
    return framing.frame(messages.to_wire(Bye(reason[:400])), SESSION)


class Silence:
    """When a connection last heard and said something: ping after HEARTBEAT_INTERVAL, dead
    after DEAD_AFTER (docs/protocol.md §7)."""

    def __init__(self) -> None:
        self.heard = self.said = time.monotonic()

    def ping_due(self, now: float) -> bool:
        return now - self.said >= HEARTBEAT_INTERVAL

    def dead(self, now: float) -> bool:
        return now - self.heard >= DEAD_AFTER


async def read_watch_frame(reader: asyncio.StreamReader) -> messages.Frame:
    """One frame of an admitted watch connection (either side); FrameError or EOFError."""
    return messages.parse(await framing.read_frame(reader, SESSION), (Shown, Ping, Bye))
