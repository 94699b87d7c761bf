"""The protocol's `give` (a card handed on face down, re-masked and proven): no game's seat
layer asks for one today, so its cheat (row 12 of the catalogue in docs/fair-play.md) is played
at the protocol level, on a table of fair peers with no game."""

from typing import Any

from lanpurr.fair import group
from lanpurr.fair.accusation import AT_ONCE
from lanpurr.fair.audit import audit
from lanpurr.fair.harness import PeerFactory, Table
from lanpurr.fair.masked_deck import remask
from lanpurr.fair.protocol import FairPeer
from lanpurr.fair.round_state import Operation

PLAYERS, DECK = 3, 12


class SwappingGiver(FairPeer):
    """Hands on a card other than the one named (a fresh masking of another card)."""

    def give_message(self, op: Operation) -> dict[str, Any]:
        body = super().give_message(op)
        other = next(s for s in self.hand(op.holder) if s != op.slots[0])
        new = remask(self.cards[other], self.key, group.random_scalar())
        body["card"] = new[0] + new[1]
        return body


def _give(factory: PeerFactory) -> Table:
    """Keys, seeds, shuffles, a deal; then seat 2 gives its first card to seat 0."""
    table = Table(PLAYERS, DECK, factories={2: factory})
    table.start()
    table.everyone("deal", [i % PLAYERS for i in range(DECK)])
    assert not any(p.accusations for p in table.peers)
    given = table.peers[2].hand(2)[0]
    table.everyone("give", given, 0)
    table.everyone("end_round")
    table.time_out()
    return table


def test_an_honest_gift_reaches_its_receiver_and_only_it_learns_the_card() -> None:
    table = _give(FairPeer)
    peers = table.peers
    assert all(p.accusations == [] for p in peers)
    result = audit(table.setup, peers[1].log.envelopes, peers[1].requests)
    assert result.fair, str(result)
    [moved] = [s for s in range(len(peers[0].cards)) if s >= DECK and peers[0].owner[s] == 0]
    assert peers[0].known[moved] == result.faces[moved]
    assert moved not in peers[1].known


def test_cheat_gift_of_another_card_is_caught_at_once() -> None:
    table = _give(SwappingGiver)
    for seat in (0, 1):
        accusation = table.peers[seat].accusations[0]
        assert (accusation.seat, accusation.rule, accusation.when) == (2, "F-MOVE", AT_ONCE)
        assert accusation.evidence and accusation.evidence[0].sender == table.setup.members[2]
