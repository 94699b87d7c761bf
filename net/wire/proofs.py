"""What the mesh hands on and what it proves: relays and equivocation evidence.

A layer of `Mesh` (mesh.py), on the network thread. It hands another member's message on,
signed (net.wire.relay), and takes what a relay handed on as if it came directly; it keeps the
chain of each member's messages, answers an echo that names another version with its own, and
turns two signed versions of one message, or a relay's signed word for bytes no honest laptop
holds, into proof that cuts the signer off.
"""

import asyncio
import logging
from collections.abc import Callable

from lanpurr.fair.envelope import Envelope, EnvelopeError, Rejected, SignedLog
from lanpurr.fair.identity import Identity, fingerprint_of
from net.wire.delivery import DeliveryError
from net.wire.echo import Mismatch
from net.wire.link import Link, LinkClosing
from net.wire.relay import Handed, RelayBook, RelayProof, Withheld, Words, proof_shows

log = logging.getLogger("lanpurr.net")


class Proofs:
    """The relays and the proofs of `Mesh` (the mesh's own parts it uses are declared here)."""

    key: bytes
    identity: Identity
    table: bytes | None
    signed: SignedLog | None
    links: dict[bytes, Link]
    banned: dict[bytes, str]
    relays: RelayBook
    words: Words
    relayed_from: dict[bytes, list[bytes]]
    relay_proofs: dict[bytes, RelayProof]
    proofs: dict[bytes, tuple[Envelope, Envelope]]
    _evidence_sent: set[tuple[bytes, bytes, int, bytes]]
    _chains: dict[bytes, list[Envelope]]
    _closing: bool
    clock: Callable[[], float]
    on_relayed: Callable[[bytes, bytes], None]
    on_cheater: Callable[[bytes, tuple[Envelope, Envelope]], None]
    held: Callable[[bytes], int]
    ban: Callable[..., None]
    _take: Callable[[Link, Envelope, bytes], None]

    def _hand_on(self, link: Link, data: bytes) -> None:
        """Hand another member's message (as my log holds it) to `link`'s peer, signed."""
        assert self.table is not None
        word = Handed.sign(self.identity, self.table, link.key, data)
        link.send_relayed(data, word.signature)

    def _on_relay(self, link: Link, data: bytes, signature: bytes) -> None:
        """Another member's message, handed on by `link`'s peer (net/wire/relay.py): the relay's
        signed word first (bytes no honest relay hands on cut it off, with the word as proof);
        then taken only as that member's next message, checked as if it came directly."""
        assert self.signed is not None and self.table is not None
        word = Handed(self.table, link.key, self.key, data, signature)
        if not word.signature_ok():
            # Unsigned by the relay: they could come from anyone on the way; nobody is named.
            raise DeliveryError("a relayed message without the relay's signature")
        if word.fault() is not None:
            self._relay_caught(RelayProof(word, self._shown(word)))
            raise LinkClosing("as a relay, it handed on a message no honest laptop holds")
        envelope = Envelope.decode(data)
        sender = envelope.sender
        if envelope.seq != self.signed.next_seq(sender):
            held = self._held_at(sender, envelope.seq)
            if held is not None and held != envelope and sender not in self.banned:
                self._caught(sender, (held, envelope))  # (the relay may have had it from it)
        proof = self.words.handed(word, envelope)
        if proof is not None:
            self._relay_caught(proof)
            raise LinkClosing("as a relay, it handed on a message no honest laptop holds")
        if sender in self.banned or envelope.seq != self.signed.next_seq(sender):
            return  # a duplicate, or ahead of what I hold: the relay sends it again in order
        try:
            self._take(link, envelope, data)
        except Rejected as rejected:
            # Signed by its sender: the relay may have had it from the sender as it is.
            log.info(
                "refused a message of %s that %s handed on: %s",
                self._name_of(sender),
                link.name,
                rejected,
            )
            return
        relays = self.relayed_from.setdefault(sender, [])
        if link.key not in relays:
            relays.append(link.key)
        self.on_relayed(sender, link.key)

    @staticmethod
    def _shown(word: Handed) -> Envelope | Handed:
        """The bytes a relay handed on, as a message when they are one."""
        try:
            return Envelope.decode(word.envelope)
        except EnvelopeError:
            return word

    def _relay_caught(self, proof: RelayProof) -> None:
        """A relay signed something no honest laptop signs (`proof`): keep the proof and cut
        the relay off."""
        relay = proof.word.relay
        fault = proof_shows(proof) or "it handed on a message no honest laptop holds"
        if relay in self.relay_proofs or relay == self.key:
            return
        self.relay_proofs[relay] = proof
        log.warning(
            "%s (%s), as a relay: %s; the proof is kept",
            self._name_of(relay),
            fingerprint_of(relay),
            fault,
        )
        self.ban(relay, f"as a relay, {fault}", f"as a relay, {fault}")

    def withheld(self, key: bytes) -> Withheld | None:
        """What this laptop can tell about the member `key` whose messages it waits for: the
        members whose signed echoes say they hold more of them than this laptop does, and
        whether `key` has no link here (its messages come, if at all, through relays). None
        when `key` is linked here and nobody says it holds more of its messages: then nothing
        stands between us, and its silence is its own."""
        if key == self.key:
            return None
        held = self.held(key)
        members = [m for m in self.relays.holds if m not in self.banned]
        holders = self.relays.holding(key, held, members)
        link = self.links.get(key)
        direct = link is not None and not link.closed
        through = tuple(self.relayed_from.get(key, ()))
        if not holders and direct:
            return None
        return Withheld(key, held, holders, direct, through)

    async def _relay_loop(self) -> None:
        """Every second: hand on what a linked member lacks and I hold (net/wire/relay.py)."""
        while not self._closing:
            await asyncio.sleep(1.0)
            if self.signed is None:
                continue
            linked = [k for k, link in self.links.items() if not link.closed]
            members = sorted(set(self._chains) | set(linked))
            for to, sender, seqs in self.relays.due(self.clock(), linked, members, self.held):
                link = self.links.get(to)
                if link is None or sender in self.banned:
                    continue
                for seq in seqs:
                    held = self._held_at(sender, seq)
                    if held is not None:
                        self._hand_on(link, held.encode())

    # -- echoes and evidence --------------------------------------------------------------

    def _hold(self, envelope: Envelope) -> None:
        """Into the signed log (raises Rejected), and into the sender's chain kept here."""
        assert self.signed is not None
        self.signed.accept(envelope)
        self._chains.setdefault(envelope.sender, []).append(envelope)

    def _held_at(self, sender: bytes, seq: int) -> Envelope | None:
        """The message `seq` of `sender` that I hold (a look-up, whatever the game's length)."""
        chain = self._chains.get(sender, ())
        return chain[seq] if 0 <= seq < len(chain) else None

    def _answer_mismatch(self, mismatch: Mismatch) -> None:
        """`mismatch.echoer` holds another message than mine under one number: send it mine,
        so that whoever holds both can prove the equivocation."""
        log.warning(
            "%s holds another message %d of %s than I do: sending mine as evidence",
            self._name_of(mismatch.echoer),
            mismatch.seq,
            self._name_of(mismatch.sender),
        )
        self._send_evidence(mismatch.echoer, mismatch.mine)

    def _send_evidence(self, to: bytes, envelope: Envelope) -> None:
        key = (to, envelope.sender, envelope.seq, envelope.digest)
        link = self.links.get(to)
        if key in self._evidence_sent or link is None or link.closed:
            return
        self._evidence_sent.add(key)
        link.send_evidence(envelope.encode())

    def _on_evidence(self, link: Link, data: bytes) -> None:
        """Another member's message, sent to me as evidence by `link`'s peer."""
        theirs = Envelope.decode(data)
        if self.table is None or theirs.table != self.table or not theirs.signature_ok():
            raise DeliveryError("evidence that is not a signed message of this table")
        mine = self._held_at(theirs.sender, theirs.seq)
        if mine is None or mine == theirs:
            return
        self._caught(theirs.sender, (mine, theirs))
        self._send_evidence(link.key, mine)  # so that the sender of the evidence has proof too

    def _caught(self, cheater: bytes, proof: tuple[Envelope, Envelope]) -> None:
        if cheater in self.proofs:
            return
        self.proofs[cheater] = proof
        log.warning(
            "%s (%s) signed two different messages numbered %d: the proof is kept",
            self._name_of(cheater),
            fingerprint_of(cheater),
            proof[0].seq,
        )
        self.on_cheater(cheater, proof)
        self.ban(
            cheater,
            "you signed two different messages under one number",
            "it signed two different messages under one number",
        )
        # Both versions to every other member at once: one that holds either finds the other
        # (a mirror may have brought it the same version as mine, so its echo shows nothing).
        for member in list(self.links):
            for envelope in proof:
                self._send_evidence(member, envelope)

    def _name_of(self, key: bytes) -> str:
        link = self.links.get(key)
        return link.name if link is not None else fingerprint_of(key)
