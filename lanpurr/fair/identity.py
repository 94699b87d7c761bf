"""A peer's long-term identity: an Ed25519 signing key and its short fingerprint."""

import base64
import hashlib
from dataclasses import dataclass
from functools import cached_property, lru_cache

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

KEY_BYTES = 32
SIGNATURE_BYTES = 64


def fingerprint_of(public_key: bytes) -> str:
    """Four groups of four base32 characters of SHA-256(public key), e.g. `K3QF-7ZLA-M2XD-Q9PE`.

    80 bits: enough for friends to compare aloud, far too many to forge a look-alike key.
    """
    digest = hashlib.sha256(b"lanpurr/fingerprint/v1\x00" + public_key).digest()
    text = base64.b32encode(digest[:10]).decode("ascii")
    return "-".join(text[i : i + 4] for i in range(0, 16, 4))


@dataclass(frozen=True, eq=False)
class Identity:
    """The private signing key of one peer. Keep it secret; share `public_key`."""

    _key: Ed25519PrivateKey

    @classmethod
    def generate(cls) -> "Identity":
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def from_private_bytes(cls, b: bytes) -> "Identity":
        if not isinstance(b, bytes) or len(b) != KEY_BYTES:
            raise ValueError(f"an identity is {KEY_BYTES} private key bytes, got {len(b)}")
        return cls(Ed25519PrivateKey.from_private_bytes(b))

    def private_bytes(self) -> bytes:
        return self._key.private_bytes_raw()

    @cached_property
    def public_key(self) -> bytes:
        return self._key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)

    @property
    def fingerprint(self) -> str:
        return fingerprint_of(self.public_key)

    def sign(self, data: bytes) -> bytes:
        signature = self._key.sign(data)
        # A signature just made with this key is valid: when the message comes back to this
        # peer's own log it need not be checked again.
        _remember(self.public_key, data, signature, True)
        return signature

    def __repr__(self) -> str:
        # Never print the private key, not even in a traceback.
        return f"Identity({self.fingerprint})"


def verify_signature(public_key: bytes, data: bytes, signature: bytes) -> bool:
    """True when `signature` is `public_key`'s Ed25519 signature of `data`; False on any
    malformed input instead of raising."""
    if not (
        isinstance(public_key, bytes)
        and isinstance(signature, bytes)
        and isinstance(data, bytes)
        and len(public_key) == KEY_BYTES
        and len(signature) == SIGNATURE_BYTES
    ):
        return False
    known = _CHECKED.get((public_key, hashlib.sha256(data).digest(), signature))
    if known is None:
        try:
            _public(public_key).verify(signature, data)
            known = True
        except (InvalidSignature, ValueError):
            known = False
        _remember(public_key, data, signature, known)
    return known


def _remember(public_key: bytes, data: bytes, signature: bytes, valid: bool) -> None:
    if len(_CHECKED) >= _CHECKED_MAX:
        _CHECKED.clear()
    _CHECKED[(public_key, hashlib.sha256(data).digest(), signature)] = valid


@lru_cache(maxsize=256)
def _public(public_key: bytes) -> Ed25519PublicKey:
    """A public key, loaded once: a table has a handful of members, each heard many times."""
    return Ed25519PublicKey.from_public_bytes(public_key)


# Verification is a pure function of (key, data, signature): remembered by the data's digest
# so that peers simulated in one process, and the audit, check each signature once.
_CHECKED: dict[tuple[bytes, bytes, bytes], bool] = {}
_CHECKED_MAX = 8192
