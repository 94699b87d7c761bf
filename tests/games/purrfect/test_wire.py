"""Actions and events are plain data: every Purrfect wire type occurs in played games and
round-trips through the wire format unchanged."""

from lanpurr.core.wire import decode, encode, registered
from lanpurr.games.purrfect import GAME
from lanpurr.games.purrfect.actions import DealAgain
from tests.games.purrfect.drive import drive_game
from tests.games.purrfect.tables import table


def test_every_purrfect_wire_type_occurs_in_played_games_and_round_trips() -> None:
    seen: dict[type, object] = {}
    for players, seed in ((7, 3), (6, 11), (4, 5)):
        lineup = ("random", "random") + ("heuristic",) * (players - 2)
        played = drive_game(players, seed, lineup)
        for item in [*played.actions, *played.events]:
            assert decode(encode(item)) == item, item
            seen.setdefault(type(item), item)
    # A round dealt again where it stands (a laptop gone) happens only between laptops.
    deal_again = DealAgain(bytes(range(32)))
    for item in [deal_again, *GAME.apply(table({}).full, deal_again).events]:
        assert decode(encode(item)) == item, item
        seen.setdefault(type(item), item)
    missing = sorted(cls.__name__ for cls in registered("purrfect") if cls not in seen)
    assert not missing, f"never seen in play: {missing}"
