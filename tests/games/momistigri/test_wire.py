"""Every Momistigri action and event is plain data that round-trips through the wire."""

from lanpurr.core.wire import decode, encode, registered
from lanpurr.games.momistigri import GAME
from lanpurr.games.momistigri.actions import Deal, DealAgain
from tests.games.momistigri.helpers import play_game


def test_every_registered_action_and_event_occurs_in_play_and_round_trips() -> None:
    seen: dict[str, object] = {}
    setups = [
        (3, {}),
        (4, {"strict_discard": "on"}),
        (5, {"five_pair": "each_active_including_self"}),
    ]
    for seed in range(8):
        for players, options in setups:
            bots = ["heuristic", "random"] * 3
            played = play_game(seed, players, options, bots[:players])
            for item in [*played.actions, *played.events]:
                assert decode(encode(item)) == item, item
                seen.setdefault(type(item).__name__, item)
    # A round dealt again where it stands (a laptop gone) happens only between laptops.
    dealt = GAME.apply(GAME.new_state(3, {}), Deal(bytes(32))).state
    deal_again = DealAgain(bytes(range(32)))
    for item in [deal_again, *GAME.apply(GAME.view(dealt, -1), deal_again).events]:
        assert decode(encode(item)) == item, item
        seen.setdefault(type(item).__name__, item)
    names = {cls.__name__ for cls in registered("momistigri")}
    assert len(names) >= 30
    missing = names - set(seen)
    assert not missing, f"never occurred in play: {sorted(missing)}"
