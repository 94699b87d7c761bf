"""Every peer checks every action as far as its knowledge allows (P-7.1, P-10).

A peer never holds the full state. Applied to a seat's own replica, a trading action must give
exactly the public events the full state gives; the faces come to the two sides of a swap
from each other. A declaration needs the declarer's faces, and the end of a round every hand's.
"""

import pytest

from lanpurr.core import CHANCE, RuleViolation
from lanpurr.core.game import Event
from lanpurr.core.replicas import Replicas
from lanpurr.games.purrfect import GAME
from lanpurr.games.purrfect.actions import DeclarePurrfect, OpenOffer
from lanpurr.games.purrfect.state import PartialStateError
from tests.games.purrfect.drive import drive_game
from tests.games.purrfect.tables import ANA, BEN, refused, table, tokens


def public(events: tuple[Event, ...]) -> list[Event]:
    return [e for e in events if e.audience is None]


def replay_on_replicas(players: int, seed: int, lineup: tuple[str, ...]) -> dict[str, int]:
    played = drive_game(players, seed, lineup)
    tables = Replicas.start(GAME, players, {"allow_three": "on"} if players == 3 else {})
    counts = {"checked": 0, "partial": 0}
    for action in played.actions:
        try:
            step = GAME.apply(tables.full, action)
        except RuleViolation:
            continue
        if action.seat != CHANCE:
            for seat, replica in enumerate(tables.replicas):
                try:
                    mine = GAME.apply(replica, action)
                except PartialStateError:
                    # Only a declaration may need more than the seat knows.
                    assert isinstance(action, DeclarePurrfect)
                    assert seat != action.seat or step.state.phase != "round"
                    counts["partial"] += 1
                    continue
                assert public(mine.events) == public(step.events), (seat, action)
                counts["checked"] += 1
        tables.full = step.state
        tables.deliver(step.events)
    return counts


@pytest.mark.parametrize(("players", "seed"), [(4, 31), (6, 32)])
def test_P_7_1_every_seat_derives_the_same_public_events_from_its_own_replica(
    players: int, seed: int
) -> None:
    lineup = ("random", "random") + ("heuristic",) * (players - 2)
    counts = replay_on_replicas(players, seed, lineup)
    assert counts["checked"] > 500 and counts["partial"] > 0


def test_P_10_an_owner_checks_its_own_cat_others_leave_it_to_the_swap_and_audit() -> None:
    tables = table({ANA: ["Luna-1", "Milo-1"]})
    mixed = OpenOffer(ANA, tokens(tables.full, ANA, "Luna-1", "Milo-1"))
    assert "one cat" in refused(tables.replicas[ANA], mixed, "P-5.3")
    # Ben cannot see Ana's faces, so his replica accepts the offer for now.
    assert GAME.apply(tables.replicas[BEN], mixed).state.offer_of(ANA) is not None
