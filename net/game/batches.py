"""A batch of game frames: the msgpack list `[[seat, frame], ...]` in NaCl's SecretBox under the
game key, so that the members read it and anyone else on the network sees noise."""

from nacl.exceptions import CryptoError
from nacl.secret import SecretBox

from net.limits import BODY, GAME_BATCH
from net.wire import framing
from net.wire.framing import FrameError

MAX_BATCH = 512
"""Frames in one batch at most."""

Pairs = list[tuple[int, bytes]]


def seal(key: bytes, pairs: Pairs) -> list[bytes]:
    """The boxes that carry `pairs`, in order: at most MAX_BATCH frames and GAME_BATCH bytes
    of frames each (a single larger frame goes alone, and the table refuses it)."""
    boxes: list[bytes] = []
    group: Pairs = []
    size = 0
    for seat, frame in pairs:
        if group and (len(group) == MAX_BATCH or size + len(frame) > GAME_BATCH):
            boxes.append(_box(key, group))
            group, size = [], 0
        group.append((seat, frame))
        size += len(frame) + 8
    if group:
        boxes.append(_box(key, group))
    return boxes


def _box(key: bytes, pairs: Pairs) -> bytes:
    plain = framing.pack([[seat, frame] for seat, frame in pairs])
    return bytes(SecretBox(key).encrypt(plain))


def open_box(key: bytes, box: bytes, seats: int) -> Pairs:
    """The frames of a box, each with the seat that signed it (FrameError when the box does
    not open with the key or holds anything else)."""
    try:
        frames = framing.unpack(SecretBox(key).decrypt(box), BODY)
    except CryptoError:
        raise FrameError("it does not open with the game key") from None
    if not isinstance(frames, list) or len(frames) > MAX_BATCH:
        raise FrameError(f"a batch is a list of at most {MAX_BATCH} frames")
    pairs = []
    for item in frames:
        if not (
            isinstance(item, list)
            and len(item) == 2
            and type(item[0]) is int
            and isinstance(item[1], bytes)
            and 0 <= item[0] < seats
        ):
            raise FrameError("a frame is [seat, bytes]")
        pairs.append((item[0], item[1]))
    return pairs
