"""Private delivery: a value only its recipient can read, even with a sniffer on the LAN.

NaCl's SealedBox (X25519 + XSalsa20-Poly1305, via PyNaCl) to the recipient's X25519 key,
derived from their Ed25519 identity. The box travels inside the sender's signed envelope,
which names the recipient, so the signature authenticates the sender and the box hides the
content from everyone else.
"""

from nacl.exceptions import CryptoError
from nacl.public import PrivateKey, PublicKey, SealedBox
from nacl.signing import SigningKey, VerifyKey

from lanpurr.fair.identity import Identity


class SealError(Exception):
    """A box that does not open with my key."""


def seal_for(recipient: bytes, plaintext: bytes) -> bytes:
    public: PublicKey = VerifyKey(recipient).to_curve25519_public_key()
    return bytes(SealedBox(public).encrypt(plaintext))


def open_sealed(identity: Identity, box: bytes) -> bytes:
    private: PrivateKey = SigningKey(identity.private_bytes()).to_curve25519_private_key()
    try:
        return bytes(SealedBox(private).decrypt(box))
    except CryptoError as error:
        raise SealError(f"a private message does not open with my key ({error})") from None
