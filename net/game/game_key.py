"""The game key on this laptop (docs/protocol.md, "The game key"): sans-I/O.

The host draws the key and announces its digest to every member before it seals the key to
each. A member takes a sealed key only when its digest is the announced one, so a host that
seals another key to one member is found by that member at once.
"""

from dataclasses import dataclass

from net.game.messages import GameKey, KeyCheck, key_digest


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
