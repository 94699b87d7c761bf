"""A lanpurr peer written from docs/protocol.md alone, that can also misbehave.

It imports nothing from lanpurr or net: only msgpack, cryptography, spake2 and zeroconf, as
someone writing a compatible peer from the document would. The tests run it inside its own
network namespace against a real `lanpurr host` (tests/net/test_hostile_netns.py); `play` is
the well-behaved peer, every other command an attack. Prints one JSON object per line.

    python rogue.py play HOST:PORT [--code C] [--say TEXT]   join, sit, chat, leave politely
    python rogue.py squat HOST:PORT --count 3 --hold 8        handshakes that stop before `have`
    python rogue.py bye HOST:PORT                             join, then an unsigned `bye`
    python rogue.py equivocate HOST:PORT                      message 0 differs for two peers
    python rogue.py guess HOST:PORT --count 40                wrong table codes, as fast as it can
    python rogue.py flood HOST:PORT --rate 1000 --seconds 5   connections that never speak
    python rogue.py bomb HOST:PORT                            8 M tiny values in one message
    python rogue.py big HOST:PORT --count 30                  8 MiB messages before the start
    python rogue.py toggle HOST:PORT --count 20000            "ready" on and off, without pause
    python rogue.py relay HOST:PORT --listen PORT             relays, then injects a `bye`
    python rogue.py impostor --listen PORT --name Ann         a "table" held by another key
    python rogue.py listings --address ADDRESS                forged mDNS listings
"""

import argparse
import asyncio
import contextlib
import hashlib
import hmac
import json
import os
import struct
import sys
import time
from typing import Any

import msgpack
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from spake2 import SPAKE2_A

VERSION = 17
"""The protocol version of docs/protocol.md (the handshake's `v`)."""
HANDSHAKE_DOMAIN = b"lanpurr/handshake/v2\x00"
SIGNED_DOMAIN = b"lanpurr/envelope/v1/signed\x00"
DIGEST_DOMAIN = b"lanpurr/envelope/v1/digest\x00"
DIAL_CONFIRM = b"lanpurr/code-confirm/dial\x00"
GENESIS = bytes(32)


def say(**fields: Any) -> None:
    print(
        json.dumps(fields, default=lambda v: v.hex() if isinstance(v, bytes) else str(v)),
        flush=True,
    )


def pack(value: Any) -> bytes:
    packed: bytes = msgpack.packb(value, use_bin_type=True)
    return packed


def frame(value: Any) -> bytes:
    payload = pack(value)
    return struct.pack(">I", len(payload)) + payload


async def read(reader: asyncio.StreamReader) -> Any:
    (length,) = struct.unpack(">I", await reader.readexactly(4))
    return msgpack.unpackb(await reader.readexactly(length), raw=False)


class Me:
    def __init__(self, name: str) -> None:
        self.key = Ed25519PrivateKey.generate()
        self.public = self.key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        self.name = name
        self.seq = 0
        self.prev = GENESIS
        self.table = b""

    def envelope(
        self, body: dict[str, Any], seq: int | None = None, prev: bytes | None = None
    ) -> tuple[bytes, bytes]:
        """(encoded envelope, its digest) for `body`, as my message `seq` (default: next)."""
        seq = self.seq if seq is None else seq
        prev = self.prev if prev is None else prev
        raw = pack(body)
        signed = SIGNED_DOMAIN + pack([1, self.table, self.public, seq, prev, raw])
        sig = self.key.sign(signed)
        encoded = pack([1, self.table, self.public, seq, prev, raw, sig])
        return encoded, hashlib.sha256(DIGEST_DOMAIN + encoded).digest()

    def next(self, body: dict[str, Any]) -> bytes:
        encoded, digest = self.envelope({**body, "h": []})
        self.seq += 1
        self.prev = digest
        return encoded


class Conn:
    """One TCP connection to a peer, after (or during) the handshake."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.their_key = b""
        self.their_have = 0
        self.received = 0
        self.state: dict[str, Any] | None = None
        self.states: list[dict[str, Any]] = []
        self.closed = False

    def send(self, value: Any) -> None:
        self.writer.write(frame(value))

    async def serve(self, seconds: float) -> None:
        """Read for `seconds`: acknowledge every message, remember the latest table state."""
        deadline = time.monotonic() + seconds
        last_ping = time.monotonic()
        while time.monotonic() < deadline and not self.closed:
            try:
                value = await asyncio.wait_for(read(self.reader), 0.5)
            except TimeoutError:
                value = None
            except (asyncio.IncompleteReadError, ConnectionError, OSError):
                self.closed = True
                say(closed=True)
                return
            if time.monotonic() - last_ping > 1.5:
                self.send({"t": "ping"})
                last_ping = time.monotonic()
            if not isinstance(value, dict):
                continue
            if value.get("t") == "env":
                fields = msgpack.unpackb(value["e"], raw=False)
                body = msgpack.unpackb(fields[5], raw=False)
                self.received = fields[3] + 1
                self.send({"t": "ack", "n": self.received})
                if body.get("k") == "table":
                    self.state = body["s"]
                    self.states.append(body["s"])
                    say(table=len(body["s"]["members"]))
                elif body.get("k") == "app":
                    say(app=body["d"])
            elif value.get("t") == "bye":
                say(bye=value["reason"])
                self.closed = True
            await self.writer.drain()


async def dial(
    me: Me,
    host: str,
    port: int,
    code: str | None = None,
    stop_before_have: bool = False,
    expect_table: bytes | None = None,
) -> Conn:
    reader, writer = await asyncio.open_connection(host, port)
    conn = Conn(reader, writer)
    nonce = os.urandom(32)
    spake = (
        SPAKE2_A(
            code.replace("-", "").upper().encode(), idA=b"lanpurr/dialer", idB=b"lanpurr/acceptor"
        )
        if code
        else None
    )
    pake_d = spake.start() if spake else None
    conn.send(
        {
            "t": "hello",
            "v": VERSION,
            "key": me.public,
            "name": me.name,
            "nonce": nonce,
            "table": expect_table,
            "port": 0,
            "pake": pake_d,
        }
    )
    welcome = await read(reader)
    if welcome["t"] == "refuse":
        raise ConnectionRefusedError(f"{welcome['why']}: {welcome['reason']}")
    table, key_a = welcome["table"], welcome["key"]
    transcript = (
        HANDSHAKE_DOMAIN
        + table
        + me.public
        + key_a
        + nonce
        + welcome["nonce"]
        + (pake_d or b"")
        + (welcome["pake"] or b"")
    )
    Ed25519PublicKey.from_public_bytes(key_a).verify(welcome["sig"], b"accept" + transcript)
    conf = None
    if spake is not None and welcome["pake"] is not None:
        secret = spake.finish(welcome["pake"])
        conf = hmac.new(secret, DIAL_CONFIRM + transcript, hashlib.sha256).digest()
    conn.send({"t": "proof", "sig": me.key.sign(b"dial" + transcript), "conf": conf})
    admit = await read(reader)
    if admit["t"] == "refuse":
        raise ConnectionRefusedError(f"{admit['why']}: {admit['reason']}")
    me.table, conn.their_key, conn.their_have = table, key_a, admit["have"]
    if not stop_before_have:
        conn.send({"t": "have", "have": 0})
    await writer.drain()
    return conn


def address(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    return host, int(port)


# -- the well-behaved peer -----------------------------------------------------------------


async def play(args: argparse.Namespace) -> None:
    me = Me(args.name)
    conn = await dial(me, *address(args.target), code=args.code)
    say(joined=conn.their_key.hex())
    await conn.serve(2.0)
    conn.send({"t": "env", "e": me.next({"k": "req", "do": "ready", "ready": True})})
    if args.say:
        conn.send({"t": "env", "e": me.next({"k": "app", "d": args.say})})
    await conn.serve(args.hold)
    conn.send({"t": "env", "e": me.next({"k": "req", "do": "leave"})})
    await conn.serve(1.5)
    conn.send({"t": "bye", "reason": "left the table"})
    await conn.writer.drain()
    conn.writer.close()
    say(left=True, ready_seen=any(me.public in state["ready"] for state in conn.states))


# -- attacks on seats ------------------------------------------------------------------------


async def squat(args: argparse.Namespace) -> None:
    held: list[Conn] = []
    for _ in range(args.count):
        try:
            held.append(await dial(Me(args.name), *address(args.target), stop_before_have=True))
        except ConnectionRefusedError as refused:
            say(refused=str(refused))
    say(stalled=len(held))
    await asyncio.sleep(args.hold)
    closed = 0
    for conn in held:
        closed += conn.reader.at_eof() or await _closed(conn)
    say(closed_by_host=closed)


async def _closed(conn: Conn) -> bool:
    with contextlib.suppress(TimeoutError):
        return await asyncio.wait_for(conn.reader.read(65536), 0.2) == b""
    return False


async def bye(args: argparse.Namespace) -> None:
    me = Me(args.name)
    conn = await dial(me, *address(args.target))
    await conn.serve(1.5)
    say(seated=bool(conn.state and any(s[0] == me.public for s in conn.state["seats"])))
    conn.send({"t": "bye", "reason": "left the table"})  # no signed leave request
    await conn.writer.drain()
    conn.writer.close()
    say(sent_bye=True)


# -- equivocation ------------------------------------------------------------------------


async def equivocate(args: argparse.Namespace) -> None:
    me = Me(args.name)
    host = await dial(me, *address(args.target))
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        await host.serve(0.5)
        members = (host.state or {}).get("members", [])
        others = [m for m in members if m[0] not in (me.public, host.their_key) and m[3]]
        if others:
            break
    else:
        say(error="no other member to lie to")
        return
    _, name, where, port = others[0]
    member = await dial(me, where or address(args.target)[0], port, expect_table=me.table)
    say(linked=name)
    # Message 0 in two versions: one only ever goes to the host, the other only to the member.
    for_host, _ = me.envelope({"k": "app", "d": "I pass", "h": []}, seq=0, prev=GENESIS)
    for_member, _ = me.envelope({"k": "app", "d": "I play the 7", "h": []}, seq=0, prev=GENESIS)
    host.send({"t": "env", "e": for_host})
    member.send({"t": "env", "e": for_member})
    say(equivocated=True)
    await asyncio.gather(host.serve(args.hold), member.serve(args.hold))


# -- codes -------------------------------------------------------------------------------


async def guess(args: argparse.Namespace) -> None:
    answers: dict[str, int] = {}
    started = time.monotonic()
    for n in range(args.count):
        code = f"{n:06d}".translate(str.maketrans("0123456789", "ABCDEFGHJK"))
        try:
            conn = await dial(Me(args.name), *address(args.target), code=code)
            conn.writer.close()
            answers["admitted"] = answers.get("admitted", 0) + 1
        except ConnectionRefusedError as refused:
            why = str(refused).split(":")[0]
            answers[why] = answers.get(why, 0) + 1
        except (ConnectionError, OSError, asyncio.IncompleteReadError):
            answers["closed"] = answers.get("closed", 0) + 1
    say(answers=answers, seconds=round(time.monotonic() - started, 2))


# -- resource exhaustion -----------------------------------------------------------------


async def flood(args: argparse.Namespace) -> None:
    host, port = address(args.target)
    opened = failed = 0
    sockets: list[asyncio.StreamWriter] = []
    started = time.monotonic()
    while time.monotonic() - started < args.seconds:
        tick = time.monotonic()
        for _ in range(max(1, int(args.rate / 20))):
            try:
                _, writer = await asyncio.wait_for(asyncio.open_connection(host, port), 1.0)
                sockets.append(writer)
                opened += 1
            except (OSError, TimeoutError):
                failed += 1
        # Keep at most 900 of them open (a desktop's limit is 1024 files), oldest first out.
        while len(sockets) > 900:
            sockets.pop(0).close()
        await asyncio.sleep(max(0.0, 0.05 - (time.monotonic() - tick)))
    for writer in sockets:
        writer.close()
    say(opened=opened, failed=failed)


async def bomb(args: argparse.Namespace) -> None:
    me = Me(args.name)
    conn = await dial(me, *address(args.target))
    await conn.serve(1.0)
    tiny = [[0] * 2000 for _ in range(70)]  # 140 000 values in 140 KB, within a frame's cap
    conn.send({"t": "env", "e": me.next({"k": "app", "d": tiny})})
    with contextlib.suppress(ConnectionError):
        await conn.writer.drain()
    say(sent="bomb")
    await conn.serve(args.hold)


async def big(args: argparse.Namespace) -> None:
    me = Me(args.name)
    conn = await dial(me, *address(args.target))
    await conn.serve(1.0)
    blob = os.urandom(150 * 1024 - 400)  # the largest a session frame carries
    sent = 0
    for _ in range(args.count):
        if conn.closed:
            break
        conn.send({"t": "env", "e": me.next({"k": "app", "d": blob})})
        try:
            await conn.writer.drain()
        except ConnectionError:
            break
        sent += 1
        await conn.serve(0.05)
    say(sent=sent)
    await conn.serve(args.hold)


async def toggle(args: argparse.Namespace) -> None:
    me = Me(args.name)
    conn = await dial(me, *address(args.target))
    await conn.serve(1.0)
    sent = 0
    started = time.monotonic()
    for n in range(args.count):
        if conn.closed or time.monotonic() - started > args.hold:
            break
        conn.send({"t": "env", "e": me.next({"k": "req", "do": "ready", "ready": n % 2 == 0})})
        sent += 1
        if n % 100 == 99:
            await conn.serve(0.01)
    say(sent=sent)
    await conn.serve(2.0)


# -- a man in the middle and an impostor ---------------------------------------------------


async def relay(args: argparse.Namespace) -> None:
    """Relays connections to the real table; on the first one, once the guest is seated,
    injects an unsigned `bye` to the guest at a frame boundary and hangs up."""
    target = address(args.target)
    injected = asyncio.Event()

    async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter, inject: bool) -> None:
        frames = 0
        with contextlib.suppress(Exception):
            while True:
                head = await src.readexactly(4)
                payload = await src.readexactly(struct.unpack(">I", head)[0])
                dst.write(head + payload)
                await dst.drain()
                frames += 1
                if inject and not injected.is_set() and frames >= 4:
                    await asyncio.sleep(1.0)
                    dst.write(frame({"t": "bye", "reason": "the host closed the table"}))
                    await dst.drain()
                    injected.set()
                    say(injected=True)
                    dst.close()
                    return

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*target)
        first = not injected.is_set()
        await asyncio.gather(pipe(reader, up_writer, False), pipe(up_reader, writer, first))
        up_writer.close()
        writer.close()

    server = await asyncio.start_server(serve, "0.0.0.0", args.listen)
    say(listening=args.listen)
    await asyncio.sleep(args.hold)
    server.close()


async def impostor(args: argparse.Namespace) -> None:
    """Accepts joins as "a table" with its own key, under the name of the real host."""
    me = Me(args.name)
    me.table = os.urandom(16)
    say(fingerprint=fingerprint(me.public))

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Conn(reader, writer)
        hello = await read(reader)
        nonce = os.urandom(32)
        transcript = HANDSHAKE_DOMAIN + me.table + hello["key"] + me.public + hello["nonce"] + nonce
        conn.send(
            {
                "t": "welcome",
                "v": VERSION,
                "key": me.public,
                "name": me.name,
                "nonce": nonce,
                "table": me.table,
                "private": False,
                "sig": me.key.sign(b"accept" + transcript),
                "pake": None,
            }
        )
        await read(reader)  # proof
        conn.send({"t": "admit", "have": 0, "conf": None})
        await read(reader)  # have
        state = {
            "table": me.table,
            "version": 1,
            "game": "momistigri",
            "options": [],
            "private": False,
            "host": me.public,
            "phase": "open",
            "members": [
                [me.public, me.name, "", args.listen],
                [hello["key"], hello["name"], "", hello["port"]],
            ],
            "seats": [
                [me.public, None, None, None],
                [hello["key"], None, None, None],
                [None, None, None, None],
            ],
            "ready": [],
            "removed": [],
            "left": [],
            "games": 0,
        }
        first, _ = me.envelope({"k": "table", "s": state, "h": []}, seq=0, prev=GENESIS)
        conn.send({"t": "env", "e": first})  # each joiner gets its own "message 0"
        await conn.serve(args.hold)

    server = await asyncio.start_server(serve, "0.0.0.0", args.listen)
    say(listening=args.listen)
    await asyncio.sleep(args.hold)
    server.close()


def fingerprint(public: bytes) -> str:
    import base64

    digest = hashlib.sha256(b"lanpurr/fingerprint/v1\x00" + public).digest()
    text = base64.b32encode(digest[:10]).decode("ascii")
    return "-".join(text[i : i + 4] for i in range(0, 16, 4))


# -- forged listings -----------------------------------------------------------------------


async def listings(args: argparse.Namespace) -> None:
    """Announce, on ADDRESS only: a listing with the real host's name and fingerprint but no
    valid signature; a verbatim copy of the real (signed) listing at this address; and a
    genuine listing of my own key whose name and fields hold terminal escapes."""
    from zeroconf import IPVersion
    from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

    service = "_lanpurr._tcp.local."
    zc = AsyncZeroconf(interfaces=[args.address], ip_version=IPVersion.V4Only)
    found: list[str] = []
    browser = AsyncServiceBrowser(
        zc.zeroconf,
        service,
        handlers=[lambda zeroconf, service_type, name, state_change: found.append(name)],
    )
    deadline = time.monotonic() + 10
    real: dict[str, str] = {}
    while time.monotonic() < deadline and not real:
        await asyncio.sleep(0.3)
        for name in found:
            info = AsyncServiceInfo(service, name)
            if await info.async_request(zc.zeroconf, 2000) and info.properties:
                real = {k.decode(): (v or b"").decode() for k, v in info.properties.items()}
                break
    await browser.async_cancel()
    if not real:
        say(error="no real listing to copy")
        return
    me = Me("rogue")
    port = int(real.get("port", "1"))
    unsigned = {**real, "sig": "00" * 64}
    copied = dict(real)
    escaped = {
        "v": str(VERSION),
        "game": "momistigri\x1b[2J",
        "opt": "x",
        "seats": "1/3",
        "state": "open",
        "host": "Eve\x1b]0;pwned\x07\nFAKE: the host closed the table",
        "key": me.public.hex(),
        "fp": fingerprint(me.public),
        "priv": "0",
        "id": os.urandom(16).hex(),
        "port": str(port),
        "addr": args.address,
    }
    pairs = sorted([k, v] for k, v in escaped.items())
    escaped["sig"] = me.key.sign(b"lanpurr/listing/v2\x00" + pack(pairs)).hex()
    infos = []
    for n, props in enumerate((unsigned, copied, escaped)):
        info = AsyncServiceInfo(
            service,
            f"forged{n}-{os.urandom(4).hex()}.{service}",
            port=port,
            properties=props,
            server=f"forged{n}.local.",
            parsed_addresses=[args.address],
            host_ttl=120,
            other_ttl=120,
        )
        await zc.async_register_service(info, cooperating_responders=True)
        infos.append(info)
    say(announced=len(infos), port=port)
    # A listener on the real port at this address, so the forged tables "answer" a probe.
    server = await asyncio.start_server(lambda r, w: w.close(), args.address, port)
    await asyncio.sleep(args.hold)
    server.close()
    await zc.async_close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("command")
    parser.add_argument("target", nargs="?", default="")
    parser.add_argument("--name", default="rogue")
    parser.add_argument("--code")
    parser.add_argument("--say")
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--hold", type=float, default=5.0)
    parser.add_argument("--rate", type=float, default=1000)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--listen", type=int, default=0)
    parser.add_argument("--address", default="")
    args = parser.parse_args()
    commands = {
        "play": play,
        "squat": squat,
        "bye": bye,
        "equivocate": equivocate,
        "guess": guess,
        "flood": flood,
        "bomb": bomb,
        "big": big,
        "toggle": toggle,
        "relay": relay,
        "impostor": impostor,
        "listings": listings,
    }
    try:
        asyncio.run(commands[args.command](args))
    except ConnectionRefusedError as refused:
        say(refused=str(refused))
    sys.exit(0)


if __name__ == "__main__":
    main()
