"""Actions and events are plain data: every registered type occurs in play and round-trips."""

from typing import Any

from lanpurr.core.game import CHANCE
from lanpurr.core.rng import derive, rng_from
from lanpurr.core.wire import decode, encode, registered
from lanpurr.games.gutters import GAME
from lanpurr.games.gutters.bots import BOTS
from lanpurr.games.gutters.events import DealVoided

GAMES = [(1, {}), (2, {}), (4, {"mode": "teams"}), (3, {"mode": "coop"}), (2, {"board": "mini"})]


def collect(players: int, options: dict[str, str], seed: int, chance_seed: int) -> list[Any]:
    state = GAME.new_state(players, options)
    bots = [BOTS["planner"]() for _ in range(players)]
    found: list[Any] = []
    step = 0
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        if seat == CHANCE:
            action = GAME.chance_action(state, derive(chance_seed, step))
        else:
            action = bots[seat].choose(GAME.view(state, seat), seat, rng_from(seed, step))
        result = GAME.apply(state, action)
        found += [action, *result.events]
        state = result.state
        step += 1
    return found


def a_voided_deal() -> list[Any]:
    """The set-up of the first chance seed whose deal connects a cat (G-4.5)."""
    for chance_seed in range(1000):
        state = GAME.new_state(2, {})
        found: list[Any] = []
        for step in range(2):
            action = GAME.chance_action(state, derive(chance_seed, step))
            result = GAME.apply(state, action)
            found += [action, *result.events]
            state = result.state
        if any(isinstance(e, DealVoided) for e in found):
            return found
    raise AssertionError("no deal in 1000 seeds connected a cat")


def test_every_registered_type_occurs_in_play_and_round_trips_unchanged() -> None:
    seen: list[Any] = a_voided_deal()
    for index, (players, options) in enumerate(GAMES):
        seen += collect(players, options, seed=index, chance_seed=100 + index)
    for value in seen:
        assert decode(encode(value)) == value, value
    kinds = {type(value) for value in seen}
    missing = [cls.__name__ for cls in registered("gutters") if cls not in kinds]
    assert not missing, f"never seen in play: {missing}"
    assert len(registered("gutters")) == 17
