"""Information (G-10): only the order of the face-down cat pile is secret, from everyone.

Whole games of every variant run through `Replicas`: each seat's replica is fed only the events
it receives, its bot chooses from that replica alone, and after every step the replica's view
must equal the full state's view for that seat, with no face of the pile known to any seat.
"""

from dataclasses import replace

import pytest

from lanpurr.core.events import FacesShown
from lanpurr.core.game import CHANCE, Event
from lanpurr.core.replicas import ReplicaMismatch, Replicas
from lanpurr.core.rng import derive, rng_from
from lanpurr.games.gutters import GAME, GuttersGame, GuttersState
from lanpurr.games.gutters.bots import BOTS

VARIANTS = [
    (1, {"mode": "solo"}),
    (2, {}),
    (3, {}),
    (4, {"mode": "teams"}),
    (3, {"mode": "coop"}),
    (2, {"board": "mini"}),
    (1, {"board": "mini"}),
]


def pile_leaks(replicas: Replicas[GuttersState]) -> list[str]:
    """Seats whose replica knows a face in the cat pile (the pile is the same for all)."""
    leaks = []
    for seat in range(len(replicas.replicas)):
        view = replicas.seat_view(seat)
        known = [t for t in replicas.full.cat_pile if view.cards.face(t) is not None]
        if known:
            leaks.append(f"seat {seat} knows the faces of pile tokens {known}")
    return leaks


def play_with_replicas(
    game: GuttersGame, players: int, options: dict[str, str], seed: int
) -> Replicas[GuttersState]:
    replicas = Replicas.start(game, players, options)
    bots = [BOTS["planner"]() for _ in range(players)]
    rngs = [rng_from(seed, "seat", seat) for seat in range(players)]
    step = 0
    while not game.is_over(replicas.full) and replicas.full.turn < 200:
        (seat,) = game.to_act(replicas.full)
        if seat == CHANCE:
            action = game.chance_action(replicas.full, derive(seed, "chance", step))
        else:
            action = bots[seat].choose(replicas.seat_view(seat), seat, rngs[seat])
        replicas.apply(action)
        replicas.check()
        leaks = pile_leaks(replicas)
        assert not leaks, leaks
        step += 1
    return replicas


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_G_10_every_seat_sees_all_but_the_pile_order_in_whole_games(
    players: int, options: dict[str, str]
) -> None:
    replicas = play_with_replicas(GAME, players, options, seed=players * 7 + len(options))
    assert GAME.is_over(replicas.full)
    for seat in range(players):
        view = replicas.seat_view(seat)
        assert view.cells == replicas.full.cells and view.tile_pile == replicas.full.tile_pile
        assert view.won == replicas.full.won
        assert all(view.cards.face(t) for seat_won in view.won for t in seat_won)


def test_G_10_unseen_cats_are_public_but_the_next_cat_is_not() -> None:
    replicas = Replicas.start(GAME, 2, {})
    replicas.apply(GAME.chance_action(replicas.full, derive(1, 0)))
    view = replicas.seat_view(0)
    assert len(view.cat_pile) == 13
    seen = {view.cards.face(t) for t in view.cards.faces}
    assert len(seen) == 2  # the 13 others are unseen, and which ones is plain
    assert view.cards.face(view.cat_pile[0]) is None
    assert replicas.full.cards.face(replicas.full.cat_pile[0]) is not None


class ShuffleShownToSeatZero(GuttersGame):
    """A broken engine: the shuffled pile's faces go to seat 0 instead of to nobody."""

    def _chance(self, state: GuttersState, action: object) -> list[Event]:  # type: ignore[override]
        events = super()._chance(state, action)  # type: ignore[arg-type]
        return [
            replace(e, to=(0,)) if isinstance(e, FacesShown) and e.to == () else e for e in events
        ]


class ViewShowsEverything(GuttersGame):
    """A broken engine: the view forgets to hide anything."""

    def view(self, state: GuttersState, seat: int) -> GuttersState:
        return state


def test_G_10_a_pile_order_leaked_to_a_seat_is_caught() -> None:
    with pytest.raises(AssertionError, match="seat 0 knows the faces of pile tokens"):
        play_with_replicas(ShuffleShownToSeatZero(), 2, {}, seed=3)


def test_G_10_a_view_that_shows_the_pile_order_is_caught() -> None:
    with pytest.raises(ReplicaMismatch, match="seat 0's replica diverged"):
        play_with_replicas(ViewShowsEverything(), 2, {}, seed=3)


def test_G_10_1_the_tile_pile_is_public_in_every_view() -> None:
    replicas = Replicas.start(GAME, 3, {})
    for k in range(3):
        replicas.apply(GAME.chance_action(replicas.full, derive(2, k)))
    for seat in range(3):
        assert replicas.seat_view(seat).tile_pile == replicas.full.tile_pile
    replicas.check()
