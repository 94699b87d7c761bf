"""The table code, proved by a password-authenticated key exchange (SPAKE2, `spake2` package).

The dialer and the host each turn the code into a SPAKE2 message (`pake` in Hello and
Welcome); each derives a 32-byte key that matches only if both used the same code. Each then
proves it holds the key with a MAC over the handshake transcript (`conf` in Proof and Admit).
Someone who records the whole handshake learns nothing to test codes against offline; an active
guesser gets one guess per handshake, which the host counts and limits (`guard.CodeTries`).
(docs/decisions/0011-table-codes-by-pake.md)
"""

import hashlib
import hmac
import secrets

from spake2 import SPAKE2_A, SPAKE2_B, SPAKEError

MESSAGE_BYTES = 33
"""A SPAKE2 message on the Ed25519 group: one side byte and one point."""
_DIALER_ID = b"lanpurr/dialer"
_ACCEPTOR_ID = b"lanpurr/acceptor"
_DIAL_CONFIRM = b"lanpurr/code-confirm/dial\x00"
_ACCEPT_CONFIRM = b"lanpurr/code-confirm/accept\x00"
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""32 characters: no 0/O or 1/I, so a code read aloud across a room is typed right."""
CODE_LENGTH = 6


class PakeError(Exception):
    """The other side's PAKE message is not a valid one."""


def new_code() -> str:
    """A six-character table code, shown as `ABC-DEF` (32^6, about 1.07e9, codes)."""
    text = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{text[:3]}-{text[3:]}"


def normalise_code(code: str) -> str:
    """Upper case, letters and digits only: `abc def` and `ABC-DEF` are the same code."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


def _password(code: str) -> bytes:
    return normalise_code(code).encode("ascii", "replace")


class CodeExchange:
    """One side's SPAKE2 run for one handshake: `message` to send, `finish` with theirs."""

    def __init__(self, code: str, dialer: bool) -> None:
        side = SPAKE2_A if dialer else SPAKE2_B
        self._spake = side(_password(code), idA=_DIALER_ID, idB=_ACCEPTOR_ID)
        self.dialer = dialer
        self.message: bytes = self._spake.start()
        self.key: bytes | None = None

    def finish(self, theirs: bytes) -> bytes:
        """The shared key (equal on both sides only with the same code)."""
        try:
            self.key = bytes(self._spake.finish(theirs))
        except (SPAKEError, ValueError, TypeError, AssertionError) as error:
            raise PakeError(f"the other side's code exchange is not valid ({error})") from None
        return self.key

    def confirmation(self, transcript: bytes, of_dialer: bool) -> bytes:
        """The MAC that proves the key: the dialer's (`of_dialer`) or the acceptor's."""
        if self.key is None:
            raise PakeError("the code exchange is not finished")
        label = _DIAL_CONFIRM if of_dialer else _ACCEPT_CONFIRM
        return hmac.new(self.key, label + transcript, hashlib.sha256).digest()

    def confirms(self, transcript: bytes, of_dialer: bool, mac: bytes | None) -> bool:
        if mac is None or self.key is None:
            return False
        return hmac.compare_digest(mac, self.confirmation(transcript, of_dialer))
