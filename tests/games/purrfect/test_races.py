"""Real-time races (P-7): each race, in both orders, has one defined outcome.

The engine takes actions in the one order the table agreed on (docs/realtime-order.md);
these tests play each race both ways and check the outcome every peer computes.
"""

from collections.abc import Sequence

from lanpurr.core.replicas import Replicas
from lanpurr.games.purrfect import GAME, PurrfectState
from lanpurr.games.purrfect.actions import (
    AcceptOffer,
    DeclarePurrfect,
    OpenOffer,
    PlayerAction,
    TakeAcceptance,
    WithdrawOffer,
)
from lanpurr.games.purrfect.events import (
    AcceptanceRejected,
    OfferWithdrawn,
    PurrfectDeclared,
    SwapMade,
    WithdrawalTooLate,
)
from tests.games.purrfect.tables import ANA, BEN, CLEO, DAN, faces, refused, table, tokens

RACE = {ANA: ["Luna-2", "Luna-7"], BEN: ["Milo-1", "Milo-4"], CLEO: ["Oscar-3", "Oscar-9"]}


def play(tables: Replicas[PurrfectState], actions: Sequence[PlayerAction]) -> list[object]:
    events: list[object] = []
    for action in actions:
        events.extend(tables.apply(action))
        tables.check()  # every seat's replica follows the same order to the same view
    return events


def two_acceptances() -> tuple[Replicas[PurrfectState], list[PlayerAction]]:
    tables = table(RACE)
    full = tables.full
    return tables, [
        OpenOffer(ANA, tokens(full, ANA, "Luna-2", "Luna-7")),
        AcceptOffer(BEN, 0, tokens(full, BEN, "Milo-1", "Milo-4")),
        AcceptOffer(CLEO, 0, tokens(full, CLEO, "Oscar-3", "Oscar-9")),
    ]


def test_P_7_3_two_acceptances_ben_received_first_ben_swaps() -> None:
    tables, setup = two_acceptances()
    events = play(tables, [*setup, TakeAcceptance(ANA, 0, BEN)])
    swap = next(e for e in events if isinstance(e, SwapMade))
    assert swap.acceptor == BEN and AcceptanceRejected(0, CLEO, "taken") in events
    assert "Luna-2" in faces(tables.full, BEN) and "Oscar-3" in faces(tables.full, CLEO)


def test_P_7_3_two_acceptances_cleo_received_first_cleo_swaps() -> None:
    tables, setup = two_acceptances()
    events = play(tables, [*setup, TakeAcceptance(ANA, 0, CLEO)])
    swap = next(e for e in events if isinstance(e, SwapMade))
    assert swap.acceptor == CLEO and AcceptanceRejected(0, BEN, "taken") in events
    assert "Luna-2" in faces(tables.full, CLEO) and "Milo-1" in faces(tables.full, BEN)


def test_P_7_3_the_offerers_receipt_decides_not_the_order_of_commitment() -> None:
    tables, setup = two_acceptances()
    opened, ben, cleo = setup
    events = play(tables, [opened, cleo, ben, TakeAcceptance(ANA, 0, BEN)])
    assert next(e for e in events if isinstance(e, SwapMade)).acceptor == BEN
    # The loser cannot be taken afterwards: the offer has closed.
    assert "no open offer" in refused(tables.full, TakeAcceptance(ANA, 0, CLEO), "P-5.7")


def test_P_7_2_withdrawn_while_being_accepted_acceptance_first_then_withdrawal() -> None:
    tables, (opened, ben, _) = two_acceptances()
    events = play(tables, [opened, ben, WithdrawOffer(ANA, 0)])
    assert events[-2:] == [OfferWithdrawn(0, ANA), AcceptanceRejected(0, BEN, "withdrawn")]
    assert tables.full.locked(BEN) == frozenset() and tables.full.offers == ()
    assert "no open offer" in refused(tables.full, TakeAcceptance(ANA, 0, BEN), "P-5.7")


def test_P_7_2_withdrawn_while_being_accepted_withdrawal_first_then_acceptance() -> None:
    tables, (opened, ben, _) = two_acceptances()
    events = play(tables, [opened, WithdrawOffer(ANA, 0), ben])
    assert events[-1] == AcceptanceRejected(0, BEN, "closed")  # an outcome, not an error
    assert tables.full.acceptances == () and tables.full.locked(BEN) == frozenset()


def test_P_5_5_a_withdrawal_ordered_after_the_swap_is_too_late() -> None:
    tables, (opened, ben, _) = two_acceptances()
    events = play(tables, [opened, ben, TakeAcceptance(ANA, 0, BEN), WithdrawOffer(ANA, 0)])
    assert events[-1] == WithdrawalTooLate(0, ANA)
    assert "Milo-1" in faces(tables.full, ANA)  # the swap stands


EIGHT_OSCAR = [f"Oscar-{k}" for k in range(1, 9)]


def declaration_vs_trade() -> tuple[Replicas[PurrfectState], list[PlayerAction]]:
    """Cleo holds 8 Oscar and Tigre-6; Dan offers Oscar-9 and Cleo commits her Tigre."""
    tables = table({CLEO: [*EIGHT_OSCAR, "Tigre-6"], DAN: ["Oscar-9"]})
    full = tables.full
    return tables, [
        OpenOffer(DAN, tokens(full, DAN, "Oscar-9")),
        AcceptOffer(CLEO, 0, tokens(full, CLEO, "Tigre-6")),
    ]


def test_P_7_2_declaration_races_a_trade_swap_first_declaration_is_valid() -> None:
    tables, setup = declaration_vs_trade()
    events = play(tables, [*setup, TakeAcceptance(DAN, 0, CLEO), DeclarePurrfect(CLEO)])
    declared = next(e for e in events if isinstance(e, PurrfectDeclared))
    assert declared.valid and tables.full.results[-1].declarer == CLEO


def test_P_7_2_declaration_races_a_trade_declaration_first_is_judged_before_the_swap() -> None:
    tables, setup = declaration_vs_trade()
    events = play(tables, [*setup, DeclarePurrfect(CLEO), TakeAcceptance(DAN, 0, CLEO)])
    declared = next(e for e in events if isinstance(e, PurrfectDeclared))
    assert not declared.valid and tables.full.phase == "round"
    assert any(isinstance(e, SwapMade) for e in events)  # her pending acceptance still stood
    assert faces(tables.full, CLEO) == sorted([*EIGHT_OSCAR, "Oscar-9"])


def offerer_declares() -> tuple[Replicas[PurrfectState], list[PlayerAction]]:
    """Ana holds nine Luna and offers one; Ben commits a Milo."""
    tables = table({ANA: [f"Luna-{k}" for k in range(1, 10)], BEN: ["Milo-1"]})
    full = tables.full
    return tables, [
        OpenOffer(ANA, tokens(full, ANA, "Luna-1")),
        AcceptOffer(BEN, 0, tokens(full, BEN, "Milo-1")),
    ]


def test_P_7_4_offerer_declares_before_receiving_the_acceptance() -> None:
    tables, setup = offerer_declares()
    events = play(tables, [*setup, DeclarePurrfect(ANA)])
    assert AcceptanceRejected(0, BEN, "round_over") in events
    assert tables.full.results[-1].declarer == ANA
    assert "has ended" in refused(tables.full, TakeAcceptance(ANA, 0, BEN), "P-7.4")


def test_P_7_4_offerer_receives_the_acceptance_before_declaring() -> None:
    tables, setup = offerer_declares()
    events = play(tables, [*setup, TakeAcceptance(ANA, 0, BEN), DeclarePurrfect(ANA)])
    declared = next(e for e in events if isinstance(e, PurrfectDeclared))
    assert not declared.valid and tables.full.phase == "round"


def two_purrfect() -> Replicas[PurrfectState]:
    nine = range(1, 10)
    return table({ANA: [f"Luna-{k}" for k in nine], BEN: [f"Milo-{k}" for k in nine]})


def test_P_7_4_two_declarations_race_ana_first_wins_ben_is_void() -> None:
    tables = two_purrfect()
    play(tables, [DeclarePurrfect(ANA)])
    assert "has ended" in refused(tables.full, DeclarePurrfect(BEN), "P-7.4")
    result = tables.full.results[-1]
    assert result.declarer == ANA and result.gains[ANA] == 2 and result.gains[BEN] == 1


def test_P_7_4_two_declarations_race_ben_first_wins_ana_is_void() -> None:
    tables = two_purrfect()
    play(tables, [DeclarePurrfect(BEN)])
    assert "has ended" in refused(tables.full, DeclarePurrfect(ANA), "P-7.4")
    result = tables.full.results[-1]
    assert result.declarer == BEN and result.gains[BEN] == 2 and result.gains[ANA] == 1


def test_P_7_1_one_order_gives_every_peer_the_same_public_state() -> None:
    tables, setup = two_acceptances()
    play(tables, [*setup, TakeAcceptance(ANA, 0, CLEO), DeclarePurrfect(DAN)])
    publics = {
        (v.hands, v.offers, v.acceptances, v.totals, v.next_offer_id)
        for v in (tables.seat_view(seat) for seat in range(5))
    }
    assert len(publics) == 1
    assert GAME.view(tables.full, ANA) == tables.seat_view(ANA)
