"""The game key between laptops: the host announces its digest with the table's drop-out
setting and seals the key to each member; a member that finds a wrong key sealed to it shows
the table the box and the key that opens it, and every laptop judges who lied (game_key.py;
docs/protocol.md §11). A layer of `LaptopGame` (laptop_game.py), on the network thread.
"""

import logging
from collections.abc import Callable

from lanpurr.fair.envelope import Envelope
from lanpurr.fair.identity import Identity
from net.game import game_key, messages
from net.game.dropouts import DropOuts
from net.game.game_key import GameKeys
from net.game.messages import Batch, GameKey, KeyCheck, KeyComplaint
from net.game.verdicts import Verdicts
from net.limits import BODY
from net.table_state import TableState
from net.wire import framing

log = logging.getLogger("lanpurr.net")


class KeyExchange:
    """What `LaptopGame` does with the game key (the game's own parts it uses are declared
    here)."""

    me: bytes
    identity: Identity
    state: TableState
    keys: GameKeys
    drops: DropOuts
    verdicts: Verdicts
    number: int
    generation: int
    bot_level: str | None
    finished: bool
    host: bytes
    _check_envelope: Envelope | None
    _complaints: list[tuple[bytes, KeyComplaint]]
    _key_owed: set[bytes]
    _later: list[tuple[bytes, Batch]]
    _locked: list[tuple[bytes, Batch]]
    send: Callable[..., None]
    _name: Callable[[bytes], str]
    _poke: Callable[[], None]
    _stop: Callable[..., None]
    _misbehaved: Callable[[bytes, str], None]
    _open_batch: Callable[[bytes, Batch], None]

    def _send_key(self) -> None:
        """Hosting: announce the key's digest to every member, then seal the key to each."""
        check, _ = self.keys.announce(self.bot_level)
        self.send(messages.plain(check))
        self._seal_key()

    def _seal_key(self, to: list[bytes] | None = None) -> None:
        """Seal the game key to every other member still in the game (the host at the start),
        or to those of `to` (a member that showed the table a wrong key sealed to it)."""
        _, key = self.keys.announce(self.bot_level)
        for member in self.state.members:
            if to is not None and member.key not in to:
                continue
            if member.key != self.me and member.key not in self.drops.out:
                self.send(messages.plain(key), to=member.key)

    def _on_key_check(self, sender: bytes, message: KeyCheck, private: bool) -> None:
        if sender != self.host or private:
            self._misbehaved(sender, "it announced a game key, which only the host does")
        else:
            self._setting(message.bot)
            self._key_news(self.keys.on_check(message.digest))
            complaints, self._complaints = self._complaints, []
            for complainer, complaint in complaints:
                self._on_complaint(complainer, complaint)

    def _setting(self, bot: str | None) -> None:
        """The table's drop-out setting, as the host announced it."""
        self.bot_level = bot
        self.drops.replace_gone = bot is not None

    def _on_key(
        self, sender: bytes, message: GameKey, private: bool, envelope: Envelope | None
    ) -> None:
        if not private:
            self._misbehaved(sender, "it sent the game key in the open")
        elif sender not in self.drops.line:
            self._misbehaved(sender, "it sent a game key, which only a laptop of the game does")
        elif self.key is None:
            problem = self.keys.on_sealed(message.key)
            if sender in self.verdicts.cut:
                if problem is None:  # (the right key from a laptop cut off since: it opens)
                    self._key_news(None)
            elif problem is not None and envelope is not None:
                self._complain(sender, envelope, problem)
            else:
                self._key_news(problem, sender)

    def _complain(self, sender: bytes, envelope: Envelope, problem: str) -> None:
        """The key `sender` sealed to me is not the table's: only this laptop can see it, so
        it shows everyone the box and the key that opens it (game_key.py), and cuts `sender`
        off; under the table's setting the game goes on, and a laptop that holds the key
        seals it to me."""
        body = framing.unpack(envelope.body, BODY)
        shared = game_key.shared_key(self.identity, body["box"])
        log.warning("the game key %s's laptop sealed to me is wrong: shown to the table",
                    self._name(sender))  # fmt: skip
        check = self._check_envelope.encode() if self._check_envelope is not None else None
        complaint = KeyComplaint(self.number, envelope.encode(), shared, check)
        self.send(messages.plain(complaint))
        self._misbehaved(sender, problem)

    def mislabelled(self, sender: bytes, envelope: Envelope) -> None:
        """A game key sealed to me, labelled for another game, while this one has no key yet:
        shown to the table like a wrong key (the host's `gc` of this game shows when)."""
        if self.key is None and not self.finished and sender in self.drops.line:
            self._complain(sender, envelope, "sealed this laptop a key labelled for another game")

    def _on_complaint(self, sender: bytes, complaint: KeyComplaint) -> None:
        """A member shows the table a game key sealed to it: name whoever lied (once the
        host's digest is here: the two come from different laptops, in any order)."""
        if self.keys.check is None:
            if len(self._complaints) < len(self.state.seats):
                self._complaints.append((sender, complaint))
            return
        judged = game_key.judge(
            complaint, self.state.table, self.keys.check, self.drops.line, sender
        )
        if judged.host is not None and judged.sealer != self.me:
            self._misbehaved(judged.sealer, f"it {judged.host}, as {self._name(sender)}'s "
                                            "laptop showed the table")  # fmt: skip
            self._key_owed.add(sender)
            if self.key is not None and not self.finished:
                self._seal_key([sender])
        elif judged.host is not None or judged.complainer is not None:
            why = judged.complainer or "it complained of the game key this laptop sealed to it"
            self._misbehaved(sender, f"it complained of the host's game key, wrongly: {why}")

    def _key_news(self, problem: str | None, sender: bytes | None = None) -> None:
        if problem is not None:
            self._stop(f"{self._name(sender or self.host)}'s laptop {problem}")
        elif self.key is not None:
            if self._key_owed:  # (members shown a wrong key before this laptop had the key)
                self._seal_key(sorted(self._key_owed))
            locked, self._locked = self._locked, []
            for who, batch in locked:
                if batch.generation == self.generation:
                    self._open_batch(who, batch)
                elif batch.generation > self.generation:
                    self._later.append((who, batch))
            self._poke()

    @property
    def key(self) -> bytes | None:
        return self.keys.key
