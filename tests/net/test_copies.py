"""The second paths of a message on a lossy network (net/wire/copies.py): its mirror through
another member and its datagram copy; each arrives at once when the link's copy is held up,
and a copy that is not the sender's names nobody."""

import asyncio
import os
import socket
from pathlib import Path

import pytest

from lanpurr.fair.envelope import Envelope, seal
from lanpurr.fair.identity import Identity
from net.table import bodies
from net.wire import datagrams, framing, relay
from net.wire.journal import TableRecord
from net.wire.link import Link
from net.wire.mesh import Address, Mesh
from net.wire.messages import Unwelcome
from net.wire.relay import mirror
from tests.net.test_relays import Table, _mesh, run, say, three_meshes, until


class Deaf(Mesh):
    """A laptop whose direct path from one member loses every frame, its link's and its
    datagrams' (as a lost frame that TCP has not sent again yet): what that member sends comes,
    if at all, by another way."""

    deaf_to: bytes = b""

    def _receive(self, link: Link, data: bytes) -> None:
        if link.key != self.deaf_to:
            super()._receive(link, data)

    def _on_datagram(self, datagram: bytes, host: str) -> None:
        # (Pieces of a large message, which these tests never send, are lost too.)
        data = datagrams.unwrap(self.table or b"", datagram)
        if data is not None and Envelope.decode(data).sender != self.deaf_to:
            super()._on_datagram(datagram, host)


async def full_mesh(tmp: Path, cleo: type[Mesh] = Mesh) -> Table:
    """Ann, Ben and Cleo, each linked to both others (a party's Wi-Fi that lets them)."""
    t = await three_meshes(tmp)
    if cleo is not Mesh:
        await t.cleo.close()
        t.cleo = _mesh(cleo, tmp, "Cleo2")
        await t.cleo.listen()
        await t.cleo.connect(Address("127.0.0.1", t.ann.port))
    await t.ben.connect(Address("127.0.0.1", t.cleo.port))
    await until(lambda: all(len(m.links) == 2 for m in (t.ann, t.ben, t.cleo)))
    return t


def test_a_message_lost_on_its_direct_path_comes_at_once_through_its_mirror(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The relay that waits for echoes is kept out of this (it would hand on after an hour):
    # what reaches Cleo is Ann's mirror of each message she received from Ben herself.
    monkeypatch.setattr(relay, "RELAY_AFTER", 3600.0)

    async def play() -> None:
        t = await full_mesh(tmp_path, Deaf)
        try:
            assert isinstance(t.cleo, Deaf)
            t.cleo.deaf_to = t.ben.key
            members = [t.ann.key, t.ben.key, t.cleo.key]
            assert mirror(t.ben.key, t.cleo.key, members) == t.ann.key
            sent = [say(t.ben, f"move {n}") for n in range(3)]
            await until(lambda: t.cleo.held(t.ben.key) == 3)
            assert [t.cleo._held_at(t.ben.key, n) for n in range(3)] == sent
            assert t.cleo.relayed_from[t.ben.key] == [t.ann.key]
            # Ben still has his link to Cleo: nothing says he cannot reach her, nobody is named.
            assert t.ben.key in t.cleo.links and not t.cleo.links[t.ben.key].closed
            assert not (t.ann.banned or t.ben.banned or t.cleo.banned)
            # Every message comes twice when no path loses anything: the copy that comes
            # second is dropped as a duplicate and names nobody.
            t.cleo.deaf_to = b""
            later = [say(t.ben, "again"), say(t.ann, "and me"), say(t.cleo, "me too")]
            await until(lambda: t.cleo.held(t.ben.key) == 4 and t.ben.held(t.cleo.key) == 1)
            await until(lambda: t.ann.held(t.cleo.key) == 1 and t.ben.held(t.ann.key) == 1)
            assert t.cleo._held_at(t.ben.key, 3) == later[0]
            assert not (t.ann.banned or t.ben.banned or t.cleo.banned)
            assert not (t.ann.proofs or t.ben.proofs or t.cleo.proofs)
        finally:
            await t.close()

    run(play)


def test_a_large_message_is_not_mirrored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(relay, "RELAY_AFTER", 3600.0)
    monkeypatch.setattr("net.wire.copies.MIRROR_MAX", 400)  # (before the start, 5 KiB at most)

    async def play() -> None:
        t = await full_mesh(tmp_path, Deaf)
        try:
            assert isinstance(t.cleo, Deaf)
            t.cleo.deaf_to = t.ben.key
            say(t.ben, "x" * 400)  # (with its envelope: above the mirror's size)
            say(t.ben, "small")
            await until(lambda: t.ann.held(t.ben.key) == 2)
            await asyncio.sleep(1.0)
            # The small one came, and was dropped: it is not Ben's next message at Cleo's.
            assert t.cleo.held(t.ben.key) == 0
        finally:
            await t.close()

    run(play)


def test_the_mirror_of_each_path_is_one_of_the_others_named_alike_everywhere() -> None:
    keys = sorted(os.urandom(32) for _ in range(6))
    for sender in keys:
        for receiver in keys:
            if sender == receiver:
                continue
            chosen = mirror(sender, receiver, keys)
            assert chosen in keys and chosen not in (sender, receiver)
            assert mirror(sender, receiver, reversed(keys)) == chosen
    assert len({mirror(s, r, keys) for s in keys for r in keys if s != r}) > 1  # spread
    assert mirror(keys[0], keys[1], keys[:2]) is None


class TooEarly(Mesh):
    """A laptop that has not seen the start yet: Ben's game messages are too large for its
    phase (a refusal that his own link's strikes count, never a relay's copy)."""

    early_for: bytes = b""

    def _screen(self, envelope: Envelope) -> dict[str, object]:
        if envelope.sender == self.early_for:
            raise Unwelcome("too large before the start", lasting=False)
        return bodies.check(envelope.body, False)


def test_a_mirrored_message_too_early_here_names_nobody(tmp_path: Path) -> None:
    async def play() -> None:
        t = await full_mesh(tmp_path, TooEarly)
        try:
            assert isinstance(t.cleo, TooEarly)
            t.cleo.screen = t.cleo._screen
            t.cleo.early_for = t.ben.key
            say(t.ben, "a game message")
            await until(lambda: t.ann.held(t.ben.key) == 1)
            await asyncio.sleep(1.0)
            assert t.ben.key not in t.cleo.banned
        finally:
            await t.close()

    run(play)


class HeldUp(Mesh):
    """A laptop whose link from one member is held up (its frames wait for TCP's timeout),
    while that member's datagrams still come."""

    held_up: bytes = b""

    def _receive(self, link: Link, data: bytes) -> None:
        if link.key != self.held_up:
            super()._receive(link, data)


class HeldUpAndLossy(HeldUp):
    """As `HeldUp`, and one copy of every datagram is lost on the way: the first of a whole
    message's, and of the pieces of odd index; the second of the other pieces."""

    copies: dict[bytes, int]

    def _on_datagram(self, datagram: bytes, host: str) -> None:
        self.copies[datagram] = seen = self.copies.get(datagram, 0) + 1
        piece = datagrams.piece(self.table or b"", datagram)
        if (seen == 1) == (piece is None or piece.index % 2 == 1):
            return
        super()._on_datagram(datagram, host)


class Mute(Mesh):
    """A laptop that sends no datagram copies of its own (an earlier release, a firewall)."""

    def _send_copies(self, data: bytes) -> None:
        return


async def two_meshes(tmp: Path, ann: type[Mesh], ben: type[Mesh]) -> tuple[Mesh, Mesh]:
    table = os.urandom(16)
    a, b = _mesh(ann, tmp, "Ann"), _mesh(ben, tmp, "Ben")
    a.bind_table(table, TableRecord(table, a.key, "", 0, 0))
    port = await a.listen()
    await b.listen()
    await b.connect(Address("127.0.0.1", port))
    await until(lambda: len(a.links) == 1 and len(b.links) == 1)
    return a, b


def test_a_message_held_up_on_its_link_comes_at_once_in_its_datagram(tmp_path: Path) -> None:
    async def play() -> None:
        ann, ben = await two_meshes(tmp_path, HeldUp, Mesh)
        try:
            assert isinstance(ann, HeldUp)
            ann.held_up = ben.key
            sent = [say(ben, f"move {n}") for n in range(3)]
            await until(lambda: ann.held(ben.key) == 3)
            assert [ann._held_at(ben.key, n) for n in range(3)] == sent
            assert ann.relayed_from == {} and not ann.banned and not ann.proofs
            # Ann acknowledges what the datagrams brought: Ben stops sending them on the link.
            await until(lambda: ben.links[ann.key].window.acked == 3)
        finally:
            await ann.close()
            await ben.close()

    run(play)


def test_datagrams_not_of_the_table_cost_nothing_of_what_a_laptop_looks_at(
    tmp_path: Path,
) -> None:
    """Junk under a member's own address, and datagrams with the table's header from an
    address that is no member's, more than a laptop looks at in a second, leave that member's
    copies alone: before, they spent the budget and the copies went unread."""

    async def play() -> None:
        ann, ben = await two_meshes(tmp_path, HeldUp, Mesh)
        try:
            assert isinstance(ann, HeldUp)
            ann.held_up = ben.key
            ann.clock = lambda: 1000.0  # no budget comes back while the junk comes
            host = ann.links[ben.key].address
            forged = datagrams.wrap(ann.table or b"", b"not an envelope")[0]
            for _ in range(int(datagrams.TAKEN_PER_SECOND) * 4):
                ann._on_datagram(b"junk", host)  # not this table's
                ann._on_datagram(forged, "10.9.9.9")  # this table's, from no member's address
            say(ben, "move 0")
            await until(lambda: ann.held(ben.key) == 1, patience=3.0)
        finally:
            await ann.close()
            await ben.close()

    run(play)


def test_a_small_message_whose_datagram_is_lost_once_comes_at_once_in_its_other_copy(
    tmp_path: Path,
) -> None:
    async def play() -> None:
        ann, ben = await two_meshes(tmp_path, HeldUpAndLossy, Mesh)
        try:
            assert isinstance(ann, HeldUpAndLossy)
            ann.held_up, ann.copies = ben.key, {}
            sent = [say(ben, f"move {n}") for n in range(3)]
            await until(lambda: ann.held(ben.key) == 3)
            assert [ann._held_at(ben.key, n) for n in range(3)] == sent
            assert len(ann.copies) == 3 and set(ann.copies.values()) == {2}
            assert ann.relayed_from == {} and not ann.banned and not ann.proofs
        finally:
            await ann.close()
            await ben.close()

    run(play)


def test_datagrams_that_are_not_the_senders_next_message_name_nobody(tmp_path: Path) -> None:
    async def play() -> None:
        ann, ben = await two_meshes(tmp_path, HeldUp, Mute)
        try:
            assert isinstance(ann, HeldUp) and ann.table is not None
            ann.held_up = ben.key
            refused: list[str] = []
            ann.on_rejected = lambda link, rejected: refused.append(str(rejected))
            genuine = say(ben, "I play the 7").encode()
            await asyncio.sleep(0.5)
            assert ann.held(ben.key) == 0  # (Ben sends no datagram; his link is held up)
            forger = Identity.generate()
            forged = seal(forger, ann.table, 0, bytes(32), framing.pack({"k": "seen", "h": []}))
            in_bens_name = Envelope(forged.table, ben.key, 0, forged.prev, forged.body,
                                    forged.signature).encode()  # fmt: skip
            other_table = seal(ben.identity, os.urandom(16), 0, bytes(32),
                               framing.pack({"k": "seen", "h": []})).encode()  # fmt: skip
            wrap = datagrams.MAGIC + ann.table
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as raw:
                raw.bind(("127.0.0.2", 0))  # (not Ben's address)
                raw.sendto(wrap + genuine, ("127.0.0.1", ann.port))
            junk = [
                os.urandom(300),
                wrap + os.urandom(300),
                wrap + in_bens_name,  # (a signature that is not Ben's)
                datagrams.MAGIC + os.urandom(16) + genuine,  # (another table's header)
                wrap + other_table,
            ]
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as raw:
                for datagram in junk:
                    raw.sendto(datagram, ("127.0.0.1", ann.port))
                await asyncio.sleep(0.5)
                assert ann.held(ben.key) == 0
                assert refused == [] and not ann.banned and not ann.links[ben.key].closed
                raw.sendto(wrap + genuine, ("127.0.0.1", ann.port))  # from Ben's address
                await until(lambda: ann.held(ben.key) == 1)
                assert ann._held_at(ben.key, 0) == Envelope.decode(genuine)
                # A message in pieces: pieces that do not make it are not taken either.
                large = say(ben, os.urandom(2000).hex()).encode()
                pieces = datagrams.wrap(ann.table, large)
                altered = [*pieces[:-1], pieces[-1][:-1] + bytes([pieces[-1][-1] ^ 1])]
                longer = [p[:28] + (len(large) + 1).to_bytes(4, "big") + p[32:] for p in pieces]
                for junk in (altered, longer, pieces[:-1], [p + b"!" for p in pieces]):
                    for datagram in junk:
                        raw.sendto(datagram, ("127.0.0.1", ann.port))
                await asyncio.sleep(0.5)
                assert ann.held(ben.key) == 1
                for datagram in reversed(pieces):  # (in any order)
                    raw.sendto(datagram, ("127.0.0.1", ann.port))
                await until(lambda: ann.held(ben.key) == 2)
            assert ann._held_at(ben.key, 1) == Envelope.decode(large)
            assert refused == [] and not ann.banned and not ann.links[ben.key].closed
        finally:
            await ann.close()
            await ben.close()

    run(play)


def test_a_large_message_held_up_on_its_link_comes_at_once_in_its_pieces(tmp_path: Path) -> None:
    # A shuffle with its proof is too large for one frame: it travels in pieces, each twice,
    # and one copy of every piece is lost on the way.
    async def play() -> None:
        ann, ben = await two_meshes(tmp_path, HeldUpAndLossy, Mesh)
        try:
            assert isinstance(ann, HeldUpAndLossy)
            ann.held_up, ann.copies = ben.key, {}
            shuffle = say(ben, os.urandom(2000).hex())  # (as large as a lobby allows)
            await until(lambda: ann.held(ben.key) == 1)
            assert ann._held_at(ben.key, 0) == shuffle
            pieces = -(-len(shuffle.encode()) // datagrams.PIECE)
            assert pieces == 4 and len(ann.copies) == pieces
            assert set(ann.copies.values()) == {datagrams.COPIES}
            assert ann.relayed_from == {} and not ann.banned
        finally:
            await ann.close()
            await ben.close()

    run(play)


def test_each_datagram_of_a_message_fits_one_frame() -> None:
    table = os.urandom(16)
    whole = os.urandom(datagrams.WHOLE_MAX)
    [datagram] = datagrams.wrap(table, whole)
    assert len(datagram) + 28 <= 1500  # (with the IP and UDP headers: one Ethernet frame)
    assert datagrams.unwrap(table, datagram) == whole
    assert datagrams.unwrap(os.urandom(16), datagram) is None
    large = os.urandom(datagrams.PIECES_MAX)
    sent = datagrams.wrap(table, large)
    assert all(len(d) + 28 <= 1500 and datagrams.unwrap(table, d) is None for d in sent)
    assembler = datagrams.Assembler()
    made = [assembler.add("10.0.0.2", p) for p in map(lambda d: datagrams.piece(table, d), sent)]
    assert made.count(large) == 1 and made.count(None) == len(sent) - 1
    assert datagrams.wrap(table, os.urandom(datagrams.PIECES_MAX + 1)) == []


def test_a_laptop_that_catches_two_versions_hands_both_to_every_member(tmp_path: Path) -> None:
    # Ann's mirror may bring Ben the very version Ann holds before Cleo's other version comes
    # to him directly: Ben catches Cleo, but his echo shows Ann nothing amiss. So whoever
    # catches two versions hands both on at once, and Ann cuts Cleo off too.
    async def play() -> None:
        t = await full_mesh(tmp_path)
        try:
            first = say(t.cleo, "I play the 7")
            await until(lambda: t.ann.held(t.cleo.key) == 1 and t.ben.held(t.cleo.key) == 1)
            assert t.ann.table is not None
            other = seal(t.cleo.identity, t.ann.table, 0, first.prev,
                         framing.pack({"k": "app", "d": "I pass", "h": []}))  # fmt: skip
            t.ben._caught(t.cleo.key, (first, other))
            await until(lambda: t.cleo.key in t.ann.banned)
            assert set(t.ann.proofs[t.cleo.key]) == {first, other}
            assert not (t.ann.key in t.ben.banned or t.ben.key in t.ann.banned)
        finally:
            await t.close()

    run(play)
