"""An honest round: nobody is accused, every seat knows exactly its own cards, audit is fair."""

from tests.fair.conftest import DECK, PLAYERS, play_round


def test_honest_round_has_no_accusation_and_a_fair_audit() -> None:
    outcome = play_round(cheater=-1)
    peers = outcome.table.peers
    assert all(p.accusations == [] for p in peers)
    assert all(p.phase == "done" for p in peers)
    results = [r for r in outcome.audits().values()]
    assert all(r.fair for r in results)
    faces = results[0].faces
    # The audit's decryption agrees with what each seat learned privately.
    for seat, peer in enumerate(peers):
        for slot in peer.hand(seat):
            assert peer.known[slot] == faces[slot]
    live = [faces[s] for s in range(len(peers[0].cards)) if peers[0].live[s]]
    assert sorted(live) == list(range(DECK))


def test_a_seat_learns_only_its_own_cards_and_those_it_handed_on() -> None:
    outcome = play_round(cheater=-1)
    peers = outcome.table.peers
    public = {s for s in range(len(peers[0].cards)) if len(peers[0].shares[s]) == PLAYERS}

    def hidden_known(seat: int, other: int) -> set[int]:
        peer = peers[seat]
        held = {s for s in range(len(peer.cards)) if peer.live[s] and peer.owner[s] == other}
        return (held - public) & set(peer.known)

    # Seat 0 handed a card to seat 1 (the blind draw), seat 2 one to seat 0 (the gift):
    # those two each know; nothing else hidden is known by anyone but its holder.
    assert len(hidden_known(0, 1)) == 1 and len(hidden_known(2, 0)) == 1
    for seat, other in [(0, 2), (1, 0), (1, 2), (2, 1)]:
        assert hidden_known(seat, other) == set()


def test_honest_round_without_shuffle_proofs_is_fair() -> None:
    outcome = play_round(cheater=-1, proofs=False)
    assert all(p.accusations == [] for p in outcome.table.peers)
    assert all(r.fair for r in outcome.audits().values())


def test_blind_draw_moves_one_card_and_only_drawer_and_holder_know_it() -> None:
    outcome = play_round(cheater=-1)
    peers = outcome.table.peers
    # Seat 1 drew one card from seat 0 (it also later played two cards of its own).
    drawn = [s for s in range(len(peers[0].cards)) if peers[0].owner[s] == 1 and s >= DECK]
    assert len(drawn) == 1
    slot = drawn[0]
    assert slot in peers[1].known and slot in peers[0].known
    assert slot not in peers[2].known
