"""A peer's long-term identity: an Ed25519 signing key and its short fingerprint.

Signatures are made and checked by libsodium (through PyNaCl): about 30 µs to sign and 60 µs
to check here, against 50 and 120 µs for OpenSSL's, and every laptop checks each frame it
receives. Ed25519 signing is deterministic, so the bytes are the same as OpenSSL's; libsodium's
check accepts every signature an honest key makes, as OpenSSL's does, and refuses more (keys
and R of small order, keys not canonically encoded), which no honest peer sends.
"""

import base64
import hashlib
from dataclasses import dataclass
from functools import cached_property

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from nacl.bindings import crypto_sign, crypto_sign_open, crypto_sign_seed_keypair
from nacl.exceptions import CryptoError

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

    @cached_property
    def _sodium_key(self) -> bytes:
        """The same key as libsodium holds it (seed and public key)."""
        return crypto_sign_seed_keypair(self.private_bytes())[1]

    def sign(self, data: bytes) -> bytes:
        signature = crypto_sign(data, self._sodium_key)[:SIGNATURE_BYTES]
        # A signature just made with this key is valid: when the message comes back to this
        # peer's own log it need not be checked again.
        _remember((self.public_key, hashlib.sha256(data).digest(), signature), True)
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
    entry = (public_key, hashlib.sha256(data).digest(), signature)
    known = _CHECKED.get(entry)
    if known is None:
        try:
            crypto_sign_open(signature + data, public_key)
            known = True
        except (CryptoError, ValueError, TypeError):
            known = False
        _remember(entry, known)
    return known


def _remember(entry: tuple[bytes, bytes, bytes], valid: bool) -> None:
    """entry: (public key, SHA-256 of the data, signature)."""
    if len(_CHECKED) >= _CHECKED_MAX:
        _CHECKED.clear()
    _CHECKED[entry] = valid


# Verification is a pure function of (key, data, signature): remembered by the data's digest
# so that peers simulated in one process, and the audit, check each signature once.
_CHECKED: dict[tuple[bytes, bytes, bytes], bool] = {}
_CHECKED_MAX = 8192
