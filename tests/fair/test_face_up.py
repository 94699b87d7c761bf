"""Cards face up from a round's start, outside the shuffle (`RoundSetup.face_up`): a round that
goes on where it stood after a drop-out keeps its face-up pile (Momistigri's), and a play may
still take a card of it into a hand, where it is re-shuffled and drawn like any other."""

from dataclasses import replace

from lanpurr.fair.audit import audit
from lanpurr.fair.harness import Table
from lanpurr.fair.protocol import FairPeer

PLAYERS, DECK, FACE_UP = 3, 9, 2


def test_face_up_cards_are_known_to_all_from_the_deal_and_go_into_a_hand_like_any_other() -> None:
    table = Table(PLAYERS, DECK)
    table.setup = replace(table.setup, face_up=FACE_UP)
    table.peers = [
        FairPeer(table.setup, seat, identity) for seat, identity in enumerate(table.identities)
    ]
    table.start()
    table.everyone("deal", [i % PLAYERS for i in range(DECK)])
    face_up = list(range(DECK, DECK + FACE_UP))
    for peer in table.peers:
        assert [peer.known[s] for s in face_up] == face_up  # (no share was sent for them)
        assert [peer.owner[s] for s in face_up] == [None, None]
    table.everyone("take", DECK + 1, 1)
    table.everyone("draw", 1, 0, 4)  # (seat 0 takes seat 1's whole hand, re-shuffled)
    table.everyone("end_round")
    table.time_out()
    peers = table.peers
    assert all(p.accusations == [] for p in peers)
    result = audit(table.setup, peers[2].log.envelopes, peers[2].requests)
    assert result.fair, str(result)
    held = [peers[0].known[s] for s in peers[0].hand(0)]
    assert DECK + 1 in held and DECK not in held
    assert sorted(result.faces[s] for s in peers[2].hand(0)) == sorted(held)
