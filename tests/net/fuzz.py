"""A seeded fuzzer for live peers: malformed frames, one connection each.

Each case is a frame (or broken framing) that the peer must refuse by closing that connection:
random bytes, msgpack of the wrong shape, deep nesting, ext types, huge announced lengths,
truncated frames, and mutations of a real Hello. Used by test_fuzz.py.
"""

import asyncio
import os
import random
import struct
from collections.abc import Callable

import msgpack

from net.limits import PROTOCOL_VERSION


def _hello(rng: random.Random) -> dict[str, object]:
    return {
        "t": "hello",
        "v": PROTOCOL_VERSION,
        "key": rng.randbytes(32),
        "name": "fuzz",
        "nonce": rng.randbytes(32),
        "table": None,
        "port": 1,
    }


def _prefixed(payload: bytes) -> bytes:
    return struct.pack(">I", len(payload)) + payload


def _random_bytes(rng: random.Random) -> bytes:
    return rng.randbytes(rng.randrange(0, 64))


def _random_payload(rng: random.Random) -> bytes:
    return _prefixed(rng.randbytes(rng.randrange(0, 200)))


def _mutated_hello(rng: random.Random) -> bytes:
    data = bytearray(msgpack.packb(_hello(rng)))
    for _ in range(rng.randrange(1, 6)):
        data[rng.randrange(len(data))] = rng.randrange(256)
    return _prefixed(bytes(data))


def _wrong_fields(rng: random.Random) -> bytes:
    hello = _hello(rng)
    field = rng.choice(list(hello))
    choice = rng.randrange(4)
    if choice == 0:
        del hello[field]
    elif choice == 1:
        hello[field] = rng.choice([None, -1, 2**64 - 1, "x" * 300, [1, 2], {"a": 1}, b"\x00"])
    elif choice == 2:
        hello["extra"] = 1
    else:
        hello["t"] = rng.choice(["env", "ack", "welcome", "", "HELLO", "bye"])
    return _prefixed(msgpack.packb(hello))


def _deep(rng: random.Random) -> bytes:
    depth = rng.randrange(3, 3000)
    return _prefixed(b"\x91" * depth + b"\xc0")


def _ext(rng: random.Random) -> bytes:
    return _prefixed(msgpack.packb(msgpack.ExtType(rng.randrange(0, 128), rng.randbytes(8))))


def _huge_length(rng: random.Random) -> bytes:
    return struct.pack(">I", rng.randrange(5000, 2**32)) + rng.randbytes(16)


def _truncated(rng: random.Random) -> bytes:
    frame = _prefixed(msgpack.packb(_hello(rng)))
    return frame[: rng.randrange(1, len(frame))]


def _big_collections(rng: random.Random) -> bytes:
    return _prefixed(
        rng.choice([b"\xdd\xff\xff\xff\xff", b"\xdf\xff\xff\xff\xff", b"\xdb\xff\xff\xff\xff"])
    )


def _non_str_keys(rng: random.Random) -> bytes:
    return _prefixed(msgpack.packb({1: 2, b"t": "hello"}))


CASES: list[Callable[[random.Random], bytes]] = [
    _random_bytes,
    _random_payload,
    _mutated_hello,
    _wrong_fields,
    _deep,
    _ext,
    _huge_length,
    _truncated,
    _big_collections,
    _non_str_keys,
]


async def throw(host: str, port: int, frames: int, seed: int, parallel: int = 32) -> int:
    """Send `frames` malformed frames, each on its own connection. Returns how many the peer
    answered by closing (or refusing) within 5 s; anything else counts as a failure."""
    rng = random.Random(seed)
    cases = [CASES[i % len(CASES)](rng) for i in range(frames)]
    rng.shuffle(cases)
    closed = 0
    queue: asyncio.Queue[bytes] = asyncio.Queue()
    for case in cases:
        queue.put_nowait(case)

    async def worker() -> None:
        nonlocal closed
        while not queue.empty():
            data = queue.get_nowait()
            reader, writer = await asyncio.open_connection(host, port)
            try:
                writer.write(data)
                # Half-close: a truncated frame then meets end-of-stream at once instead of
                # the handshake timeout (tested on its own, it takes seconds).
                writer.write_eof()
                await writer.drain()
                # The peer must close: read until EOF (a Refuse or Welcome may come first).
                while await asyncio.wait_for(reader.read(65536), 7.0):
                    pass
                closed += 1
            except (ConnectionError, OSError):
                closed += 1
            except TimeoutError:
                pass
            finally:
                writer.close()

    await asyncio.gather(*(worker() for _ in range(parallel)))
    return closed


if __name__ == "__main__":
    import sys
    import time

    started = time.monotonic()
    n = int(sys.argv[2])
    got = asyncio.run(throw("127.0.0.1", int(sys.argv[1]), n, seed=int.from_bytes(os.urandom(4))))
    print(got, "of", n, "closed", time.monotonic() - started, "s")
