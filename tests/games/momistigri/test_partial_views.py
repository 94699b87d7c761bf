"""M-10: every seat's replica, fed only its own events, always shows exactly
`view(full, seat)`; and the check is not vacuous."""

from dataclasses import replace
from typing import Any

import pytest

from lanpurr.core import FacesShown
from lanpurr.core.game import Event
from lanpurr.core.replicas import ReplicaMismatch, Replicas
from lanpurr.games.momistigri import GAME, State
from lanpurr.games.momistigri import events as ev
from tests.games.momistigri.helpers import play_game

OPTIONS = [
    {},
    {"strict_discard": "on", "five_pair": "each_active_including_self"},
]


def check_replicas(replicas: Replicas[State], events: tuple[Event, ...]) -> None:
    replicas.check()
    # legal_actions works on the acting seat's own partial state, with the same result.
    for seat in GAME.to_act(replicas.full):
        if seat >= 0:
            mine = GAME.legal_actions(replicas.seat_view(seat), seat)
            assert mine == GAME.legal_actions(replicas.full, seat)
            assert mine


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("options", OPTIONS, ids=["defaults", "strict+self"])
def test_M_10_every_replica_view_equals_the_full_view_and_gives_the_same_legal_actions(
    players: int, options: dict[str, str]
) -> None:
    for seed in range(4):
        bots = ["heuristic", "random"] * 3
        played = play_game(seed, players, options, bots[:players], after_step=check_replicas)
        assert GAME.is_over(played.final)


def test_M_10_after_a_blind_draw_or_gift_only_the_two_players_know_the_moved_cards() -> None:
    seen: list[str] = []

    def watch(replicas: Replicas[State], events: tuple[Event, ...]) -> None:
        moves = [e for e in events if isinstance(e, ev.CardsDrawn | ev.CardGiven)]
        for move in moves:
            if isinstance(move, ev.CardsDrawn):
                two, moved, rest = (move.drawer, move.holder), move.drawn, move.holder_hand
            else:
                two, moved, rest = (move.giver, move.recipient), (move.card,), move.giver_hand
            seen.append(type(move).__name__)
            for seat in range(replicas.full.players):
                mine = replicas.seat_view(seat)
                assert all(mine.cards.face(t) is None for t in move.retired)
                knows_moved = [mine.cards.face(t) is not None for t in moved]
                knows_rest = [mine.cards.face(t) is not None for t in rest]
                assert all(knows_moved) == (seat in two) and any(knows_moved) == (seat in two)
                owner = two[1] if isinstance(move, ev.CardsDrawn) else two[0]
                assert all(knows_rest) == (seat == owner) or not rest
                assert any(knows_rest) == (seat == owner) or not rest

    for seed in range(3):
        play_game(seed, 4, {}, ["heuristic"] * 4, after_step=watch)
    assert {"CardsDrawn", "CardGiven"} <= set(seen)


class LeakyReplicas(Replicas[State]):
    """A table that sends one private event to the wrong seat (or to nobody)."""

    mode = "wrong_seat"

    def deliver(self, events: Any) -> None:
        changed: list[Event] = []
        for event in events:
            if isinstance(event, FacesShown) and event.to and len(event.to) == 1:
                if self.mode == "wrong_seat":
                    event = replace(event, to=((event.to[0] + 1) % len(self.replicas),))
                else:
                    continue
            changed.append(event)
        super().deliver(changed)


@pytest.mark.parametrize("mode", ["wrong_seat", "dropped"])
def test_M_10_the_replica_check_catches_a_misrouted_or_dropped_private_event(mode: str) -> None:
    replicas = LeakyReplicas.start(GAME, 4, {})
    replicas.mode = mode
    replicas.apply(GAME.chance_action(replicas.full, bytes(32)))
    with pytest.raises(ReplicaMismatch):
        replicas.check()


def test_M_10_the_check_catches_a_dropped_designation() -> None:
    """The 2+2 card is known to its owner only; losing that event must show."""
    found = []

    def watch(replicas: Replicas[State], events: tuple[Event, ...]) -> None:
        if replicas.full.pending and replicas.full.pending.designated is not None:
            found.append(replicas.full.pending.owner)
            owner = replicas.full.pending.owner
            broken = replace(
                replicas.replicas[owner],
                pending=replace(replicas.replicas[owner].pending, designated=None),  # type: ignore[arg-type]
            )
            assert GAME.view(broken, owner) != GAME.view(replicas.full, owner)

    for seed in range(6):
        play_game(seed, 5, {}, ["heuristic"] * 5, after_step=watch)
    assert found, "no game designated a card; choose other seeds"


def test_M_10_the_table_secret_reaches_nobody() -> None:
    replicas = Replicas.start(GAME, 3, {})
    events = replicas.apply(GAME.chance_action(replicas.full, bytes(range(32))))
    secret = [e for e in events if isinstance(e, ev.DrawOrderSecret)]
    assert secret and secret[0].audience == ()
    assert replicas.full.secret
    assert all(not r.secret for r in replicas.replicas)
    assert all(GAME.view(replicas.full, s).secret == b"" for s in range(3))
