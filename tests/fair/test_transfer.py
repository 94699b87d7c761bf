"""The protocol's `transfer` (cards handed over face down, both sides at once: a Purrfect swap)
on a table of fair peers with no game: each side's hand-over carries every share its cards'
receiver lacks but its own (docs/decisions/0052-a-hand-over-carries-its-shares.md), so no seat
sends a share for it, except of a card whose old shares a seat never published."""

import msgpack

from lanpurr.fair.audit import audit
from lanpurr.fair.envelope import Envelope
from lanpurr.fair.harness import Table

PLAYERS, DECK = 4, 16


def _dealt() -> Table:
    table = Table(PLAYERS, DECK)
    table.start()
    table.everyone("deal", [i % PLAYERS for i in range(DECK)])
    assert not any(p.accusations for p in table.peers)
    return table


def _kinds_since(table: Table, start: int) -> list[str]:
    return [
        msgpack.unpackb(Envelope.decode(frame).body, raw=False)["k"]
        for _, frame in table.wire[start:]
    ]


def _fresh(table: Table, to: int, count: int) -> list[int]:
    """The newest `count` slots of `to`'s hand, as every peer numbers them."""
    return [s for s in table.peers[0].hand(to) if table.peers[0].live[s]][-count:]


def _swap(table: Table, offered: list[int], accepted: list[int]) -> None:
    table.everyone("transfer", [(0, 1, offered), (1, 0, accepted)])


def test_a_swap_is_read_by_its_receivers_with_no_share_sent_after_the_hand_overs() -> None:
    table = _dealt()
    peers = table.peers
    offered, accepted = peers[0].hand(0)[:2], peers[1].hand(1)[:2]
    faces_offered = [peers[0].known[s] for s in offered]
    faces_accepted = [peers[1].known[s] for s in accepted]
    sent = len(table.wire)
    _swap(table, offered, accepted)
    assert _kinds_since(table, sent) == ["transfer", "transfer"], "no seat owed a share"
    assert all(p.op is None and not p.accusations for p in peers)
    to_one, to_zero = _fresh(table, 1, 2), _fresh(table, 0, 2)
    assert [peers[1].known.get(s) for s in to_one] == faces_offered
    assert [peers[0].known.get(s) for s in to_zero] == faces_accepted
    for outsider in (2, 3):
        assert not set(to_one + to_zero) & set(peers[outsider].known), "a third seat read a card"
    # Every share of a moved card but its receiver's is public, as a deal leaves it.
    for slot, receiver in [*((s, 1) for s in to_one), *((s, 0) for s in to_zero)]:
        assert set(peers[2].shares[slot]) == set(range(PLAYERS)) - {receiver}
    table.everyone("end_round")
    result = audit(table.setup, peers[2].log.envelopes, peers[2].requests)
    assert result.fair, str(result)
    assert [result.faces[s] for s in to_one] == faces_offered


def test_a_card_whose_shares_were_never_published_is_shared_by_the_other_seats() -> None:
    # A draw of no card re-masks a seat's own hand into fresh slots that nobody shares (a
    # Purrfect wrong declaration): its holder has no old share to carry for them, so every seat
    # but the receiver owes its share once the hand-overs are in, as before protocol 14.
    table = _dealt()
    peers = table.peers
    table.everyone("draw", 0, 0, 0)
    reshuffled = peers[0].hand(0)
    assert all(len(peers[2].shares[s]) == 0 for s in reshuffled)
    offered, accepted = reshuffled[:1], peers[1].hand(1)[:1]
    face = peers[0].known[offered[0]]
    sent = len(table.wire)
    _swap(table, offered, accepted)
    kinds = _kinds_since(table, sent)
    assert kinds.count("transfer") == 2
    assert kinds.count("shares") == 2, "seats 2 and 3 share the card only seat 0 had masked"
    assert all(p.op is None and not p.accusations for p in peers)
    [moved] = _fresh(table, 1, 1)
    assert peers[1].known.get(moved) == face
    assert moved not in peers[2].known and moved not in peers[3].known
