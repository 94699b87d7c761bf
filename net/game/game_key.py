"""The game key on this laptop (docs/protocol.md, "The game key"): sans-I/O.

The host draws the key and announces its digest to every member before it seals the key to
each. A member takes a sealed key only when its digest is the announced one, so a host that
seals another key to one member is found by that member at once — and since only that member
can see it, it shows the table (`KeyComplaint`): the host's signed envelope, and the shared
key of that one box (X25519 of the box's one-time key and the member's, as libsodium's
`crypto_box_beforenm`), which opens that box and tells nothing of the member's own key. Every
laptop opens the box itself (`judge`) and names the host, or the member if the box holds the
right key.
"""

import hashlib
from dataclasses import dataclass
from typing import Any

from nacl.bindings import crypto_box_beforenm, crypto_box_open_afternm
from nacl.exceptions import CryptoError
from nacl.signing import SigningKey, VerifyKey

from lanpurr.fair.envelope import Envelope, EnvelopeError
from lanpurr.fair.identity import Identity
from net.game.messages import GameKey, KeyCheck, KeyComplaint, key_digest
from net.limits import BODY
from net.wire import framing


@dataclass
class GameKeys:
    table: bytes
    number: int
    key: bytes | None = None
    """The key this laptop reads and seals the game with (None: not come yet)."""
    check: bytes | None = None
    """The digest the host announced."""
    sealed: bytes | None = None
    """A key sealed to me whose digest has not come yet."""

    def announce(self, bot: str | None) -> tuple[KeyCheck, GameKey]:
        """Hosting: the digest (with the table's drop-out setting `bot`) for everyone, and the
        key to seal to each member."""
        assert self.key is not None
        digest = key_digest(self.table, self.number, self.key)
        return KeyCheck(self.number, digest, bot), GameKey(self.number, self.key)

    def on_check(self, digest: bytes) -> str | None:
        """The host's digest came: what is wrong with the host's keys, if anything."""
        if self.check is not None and digest != self.check:
            return "announced two different game keys"
        self.check = digest
        if self.sealed is not None and self.key is None:
            return self.on_sealed(self.sealed)
        return None

    def on_sealed(self, key: bytes) -> str | None:
        """A key the host sealed to me: what is wrong with it, if anything."""
        if self.key is not None:
            return None
        if self.check is None:
            self.sealed = key  # (its digest is on its way: it came first)
            return None
        if key_digest(self.table, self.number, key) != self.check:
            return (
                "sealed this laptop another game key than the one it announced to the table: "
                "this laptop cannot read the game"
            )
        self.key = key
        return None


ONE_TIME_KEY = 32
"""Bytes of a sealed box's one-time public key, before its ciphertext."""


def shared_key(identity: Identity, box: bytes) -> bytes:
    """The key of one box sealed to `identity` (it opens that box alone)."""
    private = SigningKey(identity.private_bytes()).to_curve25519_private_key()
    return bytes(crypto_box_beforenm(box[:ONE_TIME_KEY], bytes(private)))


def _open_shown(recipient: bytes, box: bytes, shared: bytes) -> bytes:
    """A box sealed to `recipient`, opened with the shared key it showed (CryptoError)."""
    public = bytes(VerifyKey(recipient).to_curve25519_public_key())
    one_time = box[:ONE_TIME_KEY]
    nonce = hashlib.blake2b(one_time + public, digest_size=24).digest()
    return bytes(crypto_box_open_afternm(box[ONE_TIME_KEY:], nonce, shared))


@dataclass(frozen=True)
class Judgement:
    """What a `KeyComplaint` shows: `host` (the host's fault, in words), or `complainer` (the
    complaint is false, in words); neither when it proves nothing (a key of a game before
    this one: it may be an old message)."""

    host: str | None = None
    complainer: str | None = None
    sealer: bytes = b""
    """The laptop that signed the box shown."""


def judge(
    complaint: KeyComplaint,
    table: bytes,
    digest: bytes | None,
    hosts: tuple[bytes, ...],
    complainer: bytes,
) -> Judgement:
    """Check `complaint` of `complainer` against the host's announced `digest`, by itself:
    the box must be one that a laptop of `hosts` (the line: whoever sends the key) signed."""
    try:
        envelope = Envelope.decode(complaint.envelope)
    except EnvelopeError as error:
        return Judgement(complainer=f"it showed a message that is not an envelope ({error})")
    host = envelope.sender
    if host not in hosts or envelope.table != table or not envelope.signature_ok():
        return Judgement(complainer="it showed a message the host did not sign at this table")
    try:
        body: Any = framing.unpack(envelope.body, BODY)
    except framing.FrameError:
        body = None
    if not isinstance(body, dict):
        return Judgement(complainer="it showed a message that is not the host's sealed key")
    box = body.get("box")
    if body.get("k") != "sealed" or body.get("to") != complainer or not isinstance(box, bytes):
        return Judgement(complainer="it showed a message the host did not seal to it")
    try:
        sealed: Any = framing.unpack(_open_shown(complainer, box, complaint.shared), BODY)
    except (CryptoError, framing.FrameError, ValueError):
        return Judgement(complainer="the key it showed does not open the host's box")
    key, number = (sealed.get("gk"), sealed.get("n")) if isinstance(sealed, dict) else (None, None)
    if not isinstance(key, bytes) or type(number) is not int:
        return Judgement(host="sealed something else than a game key", sealer=host)
    if number > complaint.game:
        return Judgement(host=f"sealed a key labelled for a later game ({number})", sealer=host)
    if number < complaint.game and _announced_before(complaint, envelope):
        return Judgement(
            host=f"sealed a key labelled for game {number} after it announced game "
            f"{complaint.game}'s",
            sealer=host,
        )
    if number < complaint.game or digest is None:
        return Judgement()  # (an older game's key may be an honest old message)
    if key_digest(table, number, key) != digest:
        return Judgement(
            host="sealed a member another game key than the one it announced to the table",
            sealer=host,
        )
    return Judgement(complainer="the key it showed is the one the host announced")


def _announced_before(complaint: KeyComplaint, sealed: Envelope) -> bool:
    """The complaint shows the sealer's signed `gc` message of this game, earlier in its chain
    than the sealed key: that key was sealed while this game was under way."""
    if complaint.check is None:
        return False
    try:
        check = Envelope.decode(complaint.check)
        body: Any = framing.unpack(check.body, BODY)
    except (EnvelopeError, framing.FrameError):
        return False
    data = body.get("d") if isinstance(body, dict) else None
    return (
        check.sender == sealed.sender
        and check.table == sealed.table
        and check.seq < sealed.seq
        and check.signature_ok()
        and body.get("k") == "app"
        and isinstance(data, dict)
        and data.get("g") == complaint.game
        and isinstance(data.get("gc"), bytes)
    )
