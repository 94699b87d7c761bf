"""Explicit, seeded randomness. The core never touches a global random source."""

import hashlib
import random


def derive(seed: bytes | int | str, *labels: object) -> bytes:
    """32 bytes that depend only on `seed` and `labels` (domain-separated SHA-256)."""
    h = hashlib.sha256(b"lanpurr.rng\x00")
    for part in (seed, *labels):
        data = part if isinstance(part, bytes) else str(part).encode()
        h.update(len(data).to_bytes(4, "big") + data)
    return h.digest()


def rng_from(seed: bytes | int | str, *labels: object) -> random.Random:
    """A private `random.Random` seeded from `seed` and `labels`: same inputs, same draws."""
    return random.Random(int.from_bytes(derive(seed, *labels), "big"))
