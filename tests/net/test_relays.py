"""Relays over real sockets (loopback): three meshes, Ben and Cleo never linked, Ann's laptop
between them. A relay that withholds is seen in the echoes and the victim is never the one
blamed; a relay that alters or forges what it hands on is cut off with its own signed word as
proof, and the laptop whose message it altered is not; a relay that reorders changes nothing.
"""

import asyncio
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import ClassVar

import pytest

from lanpurr.fair.envelope import Envelope, seal
from lanpurr.fair.identity import Identity
from net.limits import BODY
from net.table import bodies
from net.wire import framing
from net.wire.journal import TableRecord
from net.wire.link import Link
from net.wire.mesh import Address, Mesh
from net.wire.relay import Handed, RelayProof, Withheld, proof_shows

PATIENCE = 20.0
"""Seconds a test waits for what must happen (a relay waits 3 to 4 s before it hands on)."""


class Table:
    """Ann's mesh (the one in the middle), Ben's and Cleo's, each with its own key."""

    def __init__(self, tmp: Path, ann: Mesh, ben: Mesh, cleo: Mesh) -> None:
        self.tmp = tmp
        self.ann, self.ben, self.cleo = ann, ben, cleo

    async def close(self) -> None:
        for mesh in (self.ann, self.ben, self.cleo):
            await mesh.close()


def _mesh(cls: type[Mesh], tmp: Path, name: str) -> Mesh:
    mesh = cls(Identity.generate(), name, tmp / name, "127.0.0.1")
    mesh.admit = lambda applicant: None
    mesh.screen = lambda envelope: bodies.check(envelope.body, False)
    return mesh


async def three_meshes(tmp: Path, middle: type[Mesh] = Mesh) -> Table:
    """Ben and Cleo each linked to Ann's mesh only (as on Wi-Fi that isolates its clients)."""
    table = os.urandom(16)
    ann = _mesh(middle, tmp, "Ann")
    ann.bind_table(table, TableRecord(table, ann.key, "", 0, 0))
    port = await ann.listen()
    ben, cleo = _mesh(Mesh, tmp, "Ben"), _mesh(Mesh, tmp, "Cleo")
    for guest in (ben, cleo):
        await guest.listen()
        await guest.connect(Address("127.0.0.1", port))
    await until(lambda: len(ann.links) == 2)
    return Table(tmp, ann, ben, cleo)


async def until(check: Callable[[], bool], patience: float = PATIENCE) -> None:
    for _ in range(int(patience * 20)):
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("it did not happen in time")


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(test())


class Withholding(Mesh):
    """A relay that never hands Ben's messages on (its echoes, honest, say it holds them)."""

    victim: bytes = b""

    def _hand_on(self, link: Link, data: bytes) -> None:
        if Envelope.decode(data).sender != self.victim:
            super()._hand_on(link, data)


class Altering(Mesh):
    """A relay that changes one byte of each of Ben's messages' bodies before it hands them on,
    and signs its word for the bytes it sends (as every relay does)."""

    victim: bytes = b""

    def _hand_on(self, link: Link, data: bytes) -> None:
        envelope = Envelope.decode(data)
        if envelope.sender == self.victim:
            body = framing.pack({**framing.unpack(envelope.body, BODY), "d": "x"})
            altered = Envelope(envelope.table, envelope.sender, envelope.seq, envelope.prev,
                               body, envelope.signature)  # fmt: skip
            data = altered.encode()
        super()._hand_on(link, data)


def say(mesh: Mesh, text: str) -> Envelope:
    return mesh.publish({"k": "app", "d": text})


def test_a_relay_that_withholds_a_members_messages_is_seen_in_its_own_echo(tmp_path: Path) -> None:
    async def play() -> None:
        Withholding.victim = b""
        t = await three_meshes(tmp_path, Withholding)
        try:
            Withholding.victim = t.ben.key
            say(t.ben, "I play the 7")
            await until(lambda: t.ann.held(t.ben.key) == 1)
            # Before any echo of Ann's (a relay may leave the victim out of its echoes): all
            # Cleo can tell is that Ben has no link to her laptop. That is enough not to blame him.
            assert t.cleo.withheld(t.ben.key) == Withheld(t.ben.key, 0, {}, False, ())
            t.ann.publish({"k": "seen"})  # Ann's echo: she holds Ben's message 0
            await until(lambda: t.cleo.relays.holds.get(t.ann.key, {}).get(t.ben.key) == 1)
            await asyncio.sleep(5.0)  # past the time an honest relay takes
            assert t.cleo.held(t.ben.key) == 0
            withheld = t.cleo.withheld(t.ben.key)
            assert withheld is not None
            assert withheld.holders == {t.ann.key: 1} and withheld.held == 0
            assert not withheld.direct and withheld.only_through == ()
            # Ann's own messages come to Cleo directly, and nobody holds more of them.
            assert t.cleo.withheld(t.ann.key) is None
            assert not t.cleo.banned and not t.ann.banned
        finally:
            await t.close()

    run(play)


def test_an_honest_relay_hands_messages_on_and_the_member_reaches_only_through_it(
    tmp_path: Path,
) -> None:
    async def play() -> None:
        t = await three_meshes(tmp_path)
        try:
            first, second = say(t.ben, "one"), say(t.ben, "two")
            await until(lambda: t.cleo.held(t.ben.key) == 2)
            assert t.cleo._held_at(t.ben.key, 1) == second != first
            withheld = t.cleo.withheld(t.ben.key)
            assert withheld is not None and withheld.holders == {}
            assert withheld.only_through == (t.ann.key,) and withheld.held == 2
            say(t.cleo, "hello")
            await until(lambda: t.ben.held(t.cleo.key) == 1)
            assert t.ben.relayed_from[t.cleo.key] == [t.ann.key]
            assert not (t.ann.banned or t.ben.banned or t.cleo.banned)
        finally:
            await t.close()

    run(play)


def test_a_relay_that_alters_a_message_is_cut_off_with_its_signed_word_and_the_sender_is_not(
    tmp_path: Path,
) -> None:
    async def play() -> None:
        Altering.victim = b""
        t = await three_meshes(tmp_path, Altering)
        try:
            Altering.victim = t.ben.key
            say(t.ben, "I play the 7")
            await until(lambda: t.ann.key in t.cleo.banned)
            assert t.ben.key not in t.cleo.banned and t.cleo.held(t.ben.key) == 0
            proof = t.cleo.relay_proofs[t.ann.key]
            assert proof_holds(proof, t.ann.key)
            assert isinstance(proof.against, Envelope) and proof.against.sender == t.ben.key
            assert not proof.against.signature_ok()  # Ben never signed what Ann handed on
            assert t.cleo.proofs == {} and t.ann.key not in t.cleo.links
        finally:
            await t.close()

    run(play)


def proof_holds(proof: RelayProof, relay: bytes) -> bool:
    """What anyone holding the proof checks: the relay signed its word, and what it handed on
    is no signed message of the table."""
    word = proof.word
    return word.relay == relay and proof_shows(proof) == word.fault() is not None


class Swapping(Mesh):
    """A relay that hands on, for one message it holds, another version its sender also signed
    (the two collude), while its own echo says it holds the first."""

    swap: ClassVar[dict[bytes, bytes]] = {}

    def _hand_on(self, link: Link, data: bytes) -> None:
        super()._hand_on(link, self.swap.get(data, data))


@pytest.mark.parametrize("echo_first", [True, False])
def test_a_relay_whose_echo_says_it_holds_another_version_than_it_hands_on_is_cut_off(
    tmp_path: Path, echo_first: bool
) -> None:
    async def play() -> None:
        t = await three_meshes(tmp_path, Swapping)
        try:
            mine = say(t.ben, "I pass")
            assert t.ann.table is not None
            other = seal(t.ben.identity, t.ann.table, 0, mine.prev,
                         framing.pack({"k": "app", "d": "I play the 7", "h": []}))  # fmt: skip
            await until(lambda: t.ann.held(t.ben.key) == 1)
            Swapping.swap = {mine.encode(): other.encode()}
            if echo_first:
                t.ann.publish({"k": "seen"})  # (Ben, 0, the digest of `mine`)
                await until(lambda: t.ann.key in t.cleo.relays.holds)
            else:
                t.ann._hand_on(t.ann.links[t.cleo.key], mine.encode())  # (swapped: `other`)
                await until(lambda: t.cleo.held(t.ben.key) == 1)
                t.ann.publish({"k": "seen"})
            await until(lambda: t.ann.key in t.cleo.banned)
            proof = t.cleo.relay_proofs[t.ann.key]
            assert proof_shows(proof) is not None and "its own signed echo" in str(
                proof_shows(proof)
            )
            assert proof.word.fault() is None  # Ben did sign what Ann handed on
            assert isinstance(proof.against, Envelope) and proof.against.sender == t.ann.key
        finally:
            Swapping.swap = {}
            await t.close()

    run(play)


def test_a_forged_message_in_anothers_name_costs_the_relay_its_seat(tmp_path: Path) -> None:
    async def play() -> None:
        t = await three_meshes(tmp_path)
        try:
            link = t.ann.links[t.cleo.key]
            assert t.ann.table is not None
            forger = Identity.generate()  # a key that is not Ben's, signing in Ben's name
            forged = seal(forger, t.ann.table, 0, bytes(32), framing.pack({"k": "seen", "h": []}))
            fake = Envelope(forged.table, t.ben.key, 0, forged.prev, forged.body,
                            forged.signature).encode()  # fmt: skip
            t.ann._hand_on(link, fake)
            await until(lambda: t.ann.key in t.cleo.banned)
            assert proof_holds(t.cleo.relay_proofs[t.ann.key], t.ann.key)
            assert t.ben.key not in t.cleo.banned
        finally:
            await t.close()

    run(play)


def test_bytes_the_relay_did_not_sign_close_the_link_and_name_nobody(tmp_path: Path) -> None:
    async def play() -> None:
        t = await three_meshes(tmp_path)
        try:
            say(t.ben, "one")
            await until(lambda: t.ann.held(t.ben.key) == 1)
            link = t.ann.links[t.cleo.key]
            ben_0 = t.ann._held_at(t.ben.key, 0)
            assert ben_0 is not None
            link.send_relayed(ben_0.encode(), bytes(64))  # a signature that is not Ann's
            await until(lambda: link.closed)
            assert not t.cleo.banned and not t.cleo.relay_proofs
        finally:
            await t.close()

    run(play)


def test_a_message_signed_by_its_sender_that_breaks_the_rules_names_no_relay(
    tmp_path: Path,
) -> None:
    # Ben signs a message 1 that does not follow his message 0 (a broken chain). Ann may have had
    # it from Ben as it is: Cleo refuses it, names nobody, and keeps Ann as her relay.
    async def play() -> None:
        t = await three_meshes(tmp_path)
        try:
            say(t.ben, "one")
            await until(lambda: t.cleo.held(t.ben.key) == 1)
            assert t.ann.table is not None
            broken = seal(t.ben.identity, t.ann.table, 1, bytes(32),
                          framing.pack({"k": "seen", "h": []}))  # fmt: skip
            refused: list[bytes] = []  # (what the table would tell its player, and of whom)
            t.cleo.on_rejected = lambda link, rejected: refused.append(link.key)
            t.ann._hand_on(t.ann.links[t.cleo.key], broken.encode())
            await asyncio.sleep(1.0)
            assert not t.cleo.banned and not t.cleo.relay_proofs and refused == []
            assert t.cleo.held(t.ben.key) == 1 and t.ann.key in t.cleo.links
        finally:
            await t.close()

    run(play)


def test_a_relay_that_reorders_changes_nothing(tmp_path: Path) -> None:
    # Each message names its number and its predecessor's digest: taken only as the sender's
    # next one, a message handed on early is dropped and handed on again in its turn.
    async def play() -> None:
        t = await three_meshes(tmp_path, Withholding)
        try:
            Withholding.victim = t.ben.key  # Ann hands Ben's messages on only by hand below
            sent = [say(t.ben, f"move {n}") for n in range(3)]
            await until(lambda: t.ann.held(t.ben.key) == 3)
            link = t.ann.links[t.cleo.key]
            for envelope in (sent[2], sent[1], sent[0], sent[2], sent[1]):
                Mesh._hand_on(t.ann, link, envelope.encode())
            await until(lambda: t.cleo.held(t.ben.key) == 2)
            Mesh._hand_on(t.ann, link, sent[2].encode())
            await until(lambda: t.cleo.held(t.ben.key) == 3)
            held = [t.cleo._held_at(t.ben.key, n) for n in range(3)]
            assert held == sent
            assert not t.cleo.banned and link is t.ann.links.get(t.cleo.key)
        finally:
            Withholding.victim = b""
            await t.close()

    run(play)


def test_the_relays_word_binds_the_table_the_receiver_and_the_bytes() -> None:
    relay = Identity.generate()
    table, to, data = os.urandom(16), os.urandom(32), os.urandom(40)
    word = Handed.sign(relay, table, to, data)
    assert word.signature_ok()
    for other in (
        Handed(os.urandom(16), word.relay, to, data, word.signature),
        Handed(table, word.relay, os.urandom(32), data, word.signature),
        Handed(table, word.relay, to, data + b"x", word.signature),
    ):
        assert not other.signature_ok()
    assert word.fault() is not None  # random bytes are no message
