"""M-8.2 between seat runtimes: when a player goes out leaving one holder, that holder finishes a
turn of its own (it may still discard a pair). Every seat must follow that extra turn the same
way as the audit's full-knowledge replay, and end with the same scores."""

from itertools import pairwise
from typing import Any

from lanpurr.games.momistigri.game import GAME
from lanpurr.games.momistigri.state import DISCARD
from tests.seat.test_momistigri_seats import assert_agreed_and_fair, play


def last_turns_started(states: list[Any]) -> int:
    """How many times the play passed to a last holder for its final turn (M-8.2): the turn
    moves to another seat and that seat's turn is the round's last."""
    return sum(
        1
        for before, after in pairwise(states)
        if after.last_turn
        and not before.last_turn
        and after.active != before.active
        and after.phase == DISCARD
    )


def test_the_last_holders_final_turn_is_the_same_on_every_seat() -> None:
    # This deal and these bots reach M-8.2's final turn (the count below proves it). The seed
    # picks the game through the seats' seeded randomness: when the fair protocol draws a
    # different amount of it (one proof per message of shares since decision 18), or at
    # other times (a blind draw asked for before its drawer acts since decision 47; the first
    # shuffle sent with the seeds since decision 55; a blind draw read on arrival since
    # decision 57, whose tickets draw randomness of their own), pick the first seed that
    # reaches the final turn again.
    network = play(4, 2, strict_discard="on")
    assert_agreed_and_fair(network)
    audit = network.runtimes[0]
    reached = sum(
        last_turns_started(record.replay.states)
        for record in audit.rounds
        if record.replay is not None
    )
    assert reached >= 1
    for runtime in network.runtimes:
        for record in runtime.rounds:
            assert record.replay is not None
            for step, (mine, state) in enumerate(
                zip(record.views, record.replay.states, strict=True)
            ):
                assert mine == GAME.view(state, runtime.seat), (
                    f"seat {runtime.seat}, round {record.number}, step {step}"
                )
