"""Hidden information (P-10): every seat's replica, fed only what it may receive, shows
exactly what the full state lets that seat see — at every step of whole games."""

from dataclasses import replace

import pytest

from lanpurr.core import FacesShown
from lanpurr.core.replicas import ReplicaMismatch, Replicas
from lanpurr.games.purrfect import GAME, PurrfectState
from lanpurr.games.purrfect.actions import AcceptOffer, OpenOffer, TakeAcceptance, WithdrawOffer
from tests.games.purrfect.drive import drive_game
from tests.games.purrfect.tables import ANA, BEN, CLEO, DAN, EVA, table, tokens


def check(tables: Replicas[PurrfectState]) -> None:
    tables.check()


@pytest.mark.parametrize(
    ("players", "seed", "lineup"),
    [
        (4, 1, None),
        (5, 2, ("heuristic", "random", "heuristic", "random", "heuristic")),
        (7, 3, None),
        (3, 4, ("heuristic", "heuristic", "random")),
    ],
)
def test_P_10_every_replica_view_equals_the_full_view_at_every_step(
    players: int, seed: int, lineup: tuple[str, ...] | None
) -> None:
    played = drive_game(players, seed, lineup, after_step=check)
    assert GAME.is_over(played.tables.full) and len(played.events) > 100


def test_P_10_the_check_catches_a_private_event_sent_to_the_wrong_seat() -> None:
    tables = table({ANA: ["Luna-1"], BEN: ["Milo-1"]})
    tables.apply(OpenOffer(ANA, tokens(tables.full, ANA, "Luna-1")))
    tables.apply(AcceptOffer(BEN, 0, tokens(tables.full, BEN, "Milo-1")))
    step = GAME.apply(tables.full, TakeAcceptance(ANA, 0, BEN))
    tables.full = step.state
    # Misroute the swap's private faces: Cleo instead of Ben.
    wrong = tuple(
        replace(e, to=(ANA, CLEO)) if isinstance(e, FacesShown) else e for e in step.events
    )
    tables.deliver(wrong)
    with pytest.raises(ReplicaMismatch, match="seat 1"):
        tables.check()


def test_P_10_the_check_catches_a_private_face_leaked_to_an_extra_seat() -> None:
    tables = table({DAN: ["Luna-1"]})
    leak = FacesShown(((tokens(tables.full, DAN, "Luna-1")[0], "Luna-1"),), to=(EVA,))
    tables.deliver([leak])
    with pytest.raises(ReplicaMismatch, match="seat 4"):
        tables.check()


def test_P_10_the_offered_cat_is_the_offerers_alone_until_the_swap() -> None:
    tables = table({ANA: ["Luna-1", "Luna-2"], BEN: ["Milo-1", "Milo-2"]})
    offered = tokens(tables.full, ANA, "Luna-1", "Luna-2")
    tables.apply(OpenOffer(ANA, offered))
    tables.check()
    for seat in range(5):
        view = tables.seat_view(seat)
        # Everyone sees who offered and how many cards, with its word.
        assert view.offers[0].seat == ANA and len(view.offers[0].cards) == 2
        assert (view.cat(offered[0]) == "Luna") == (seat == ANA)


def test_P_10_a_rejected_acceptances_cat_is_never_shown() -> None:
    tables = table({ANA: ["Luna-1"], BEN: ["Milo-1"], CLEO: ["Oscar-1"]})
    full = tables.full
    ben, cleo = tokens(full, BEN, "Milo-1"), tokens(full, CLEO, "Oscar-1")
    tables.apply(OpenOffer(ANA, tokens(full, ANA, "Luna-1")))
    tables.apply(AcceptOffer(BEN, 0, ben))
    tables.apply(AcceptOffer(CLEO, 0, cleo))
    tables.apply(TakeAcceptance(ANA, 0, BEN))
    tables.check()
    for seat in (ANA, BEN, DAN, EVA):
        assert tables.seat_view(seat).cat(cleo[0]) is None
    assert tables.seat_view(CLEO).cat(cleo[0]) == "Oscar"
    # Withdrawal: the committed cat stays hidden too.
    tables.apply(OpenOffer(DAN, tables.full.hands[DAN][:1]))
    tables.apply(AcceptOffer(CLEO, 1, cleo))
    tables.apply(WithdrawOffer(DAN, 1))
    assert tables.seat_view(DAN).cat(cleo[0]) is None


def test_P_10_public_facts_are_known_to_everyone() -> None:
    tables = table({})
    for seat in range(5):
        view = tables.seat_view(seat)
        assert view.meow_key == tables.full.meow_key and view.cats == tables.full.cats
        assert [len(h) for h in view.hands] == [9] * 5 and view.totals == (0,) * 5
