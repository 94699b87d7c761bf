"""Length-prefixed msgpack frames with strict limits.

A frame is a 4-byte big-endian payload length followed by one msgpack value. Decoding refuses
anything outside the given `Limits`, ext types, non-str map keys, extra bytes and malformed
data with `FrameError`; the caller closes that one connection (msgpack state is never reused
after an error, since each frame is decoded on its own).
"""

import asyncio
import struct
from typing import Any

import msgpack

from net.limits import Limits

_PREFIX = struct.Struct(">I")
PREFIX_BYTES = _PREFIX.size


class FrameError(Exception):
    """Input from a peer that breaks the framing rules. The message says which rule."""


def _refuse_ext(code: int, data: bytes) -> Any:
    raise FrameError(f"ext type {code} is not allowed")


def check_depth(value: Any, limit: int) -> None:
    """Raise FrameError if arrays and maps nest deeper than `limit` (iterative, no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, list | dict):
            if depth + 1 > limit:
                raise FrameError(f"nesting deeper than {limit} levels")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)


class _TooMany(Exception):
    pass


def _counting(cap: int) -> tuple[Any, Any]:
    """Hooks that count the entries of every array and map decoded, and stop past `cap`: a
    body of millions of tiny values costs at most `cap` values of work."""
    seen = [0]

    def on_list(items: list[Any]) -> list[Any]:
        seen[0] += len(items) + 1
        if seen[0] > cap:
            raise _TooMany
        return items

    def on_pairs(pairs: list[tuple[Any, Any]]) -> dict[Any, Any]:
        seen[0] += 2 * len(pairs) + 1
        if seen[0] > cap:
            raise _TooMany
        return dict(pairs)

    return on_list, on_pairs


def unpack(payload: bytes, limits: Limits, objects: int | None = None) -> Any:
    """One msgpack value from `payload`, within `limits` (and at most `objects` entries of
    arrays and maps in all, when given), or FrameError."""
    if len(payload) > limits.frame:
        raise FrameError(f"frame of {len(payload)} bytes exceeds the limit of {limits.frame}")
    hooks: dict[str, Any] = {}
    if objects is not None:
        hooks["list_hook"], hooks["object_pairs_hook"] = _counting(objects)
    try:
        value = msgpack.unpackb(
            payload,
            raw=False,
            strict_map_key=True,
            use_list=True,
            max_str_len=limits.string,
            max_bin_len=limits.binary,
            max_array_len=limits.array,
            max_map_len=limits.map,
            max_ext_len=0,
            ext_hook=_refuse_ext,
            **hooks,
        )
    except _TooMany:
        raise FrameError(f"more than {objects} values in one message") from None
    except FrameError:
        raise
    except Exception as error:  # msgpack raises many unrelated types on bad input
        kind = type(error).__name__
        raise FrameError(f"malformed msgpack ({kind}: {error})"[:200]) from None
    check_depth(value, limits.depth)
    return value


def pack(value: Any) -> bytes:
    """The msgpack encoding of `value` (plain data only)."""
    packed: bytes = msgpack.packb(value, use_bin_type=True)
    return packed


def frame(value: Any, limits: Limits) -> bytes:
    """`value` as a whole frame (prefix + payload). Refuses to build a frame over the limit."""
    payload = pack(value)
    if len(payload) > limits.frame:
        raise FrameError(f"refusing to send a frame of {len(payload)} bytes (limit {limits.frame})")
    return _PREFIX.pack(len(payload)) + payload


async def read_frame(reader: asyncio.StreamReader, limits: Limits) -> Any:
    """Read and decode one frame. Raises FrameError on a bad frame, EOFError at end of stream."""
    try:
        head = await reader.readexactly(PREFIX_BYTES)
    except asyncio.IncompleteReadError as error:
        if error.partial:
            raise FrameError("connection closed in the middle of a frame header") from None
        raise EOFError("connection closed") from None
    (length,) = _PREFIX.unpack(head)
    if length > limits.frame:
        # Refuse before reading: a peer must not make us buffer a huge payload.
        raise FrameError(f"frame of {length} bytes announced, the limit is {limits.frame}")
    try:
        payload = await reader.readexactly(length)
    except asyncio.IncompleteReadError:
        raise FrameError("connection closed in the middle of a frame") from None
    return unpack(payload, limits)
