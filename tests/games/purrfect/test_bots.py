"""Bots see only their own view and play legal moves; the heuristic plays to its plan."""

import random

from lanpurr.games.purrfect import GAME
from lanpurr.games.purrfect.actions import (
    AcceptOffer,
    DeclarePurrfect,
    OpenOffer,
)
from lanpurr.games.purrfect.bots import BOTS, OFFER_PATIENCE, HeuristicBot, RandomBot
from tests.games.purrfect.drive import drive_game
from tests.games.purrfect.tables import ANA, BEN, table, tokens

NINE_LUNA = [f"Luna-{k}" for k in range(1, 10)]


def test_bots_registry_has_random_and_heuristic() -> None:
    assert set(BOTS) == {"random", "heuristic"}
    rng = random.Random(0)
    for make in BOTS.values():
        assert 0 < make().reaction_delay(rng) < 5


def test_P_6_4_the_heuristic_declares_at_once_when_purrfect() -> None:
    tables = table({ANA: NINE_LUNA})
    for bot in (HeuristicBot(), RandomBot()):
        action = bot.choose(tables.seat_view(ANA), ANA, random.Random(1))
        assert isinstance(action, DeclarePurrfect) and len(action.reshuffle) == 32


def test_the_heuristic_offers_its_weakest_cat_and_keeps_its_target() -> None:
    hand = ["Luna-1", "Luna-2", "Luna-3", "Luna-4", "Luna-5", "Milo-1", "Milo-2", "Oscar-1"]
    tables = table({ANA: [*hand, "Oscar-2"]}, cats=("Luna", "Milo", "Nala", "Oscar", "Simba"))
    view = tables.seat_view(ANA)
    action = HeuristicBot().choose(view, ANA, random.Random(2))
    assert isinstance(action, OpenOffer)
    assert {view.cat(t) for t in action.cards} in ({"Milo"}, {"Oscar"})
    assert 1 <= len(action.cards) <= 2  # never its five Luna


def test_the_heuristic_accepts_an_offer_of_the_right_size_with_its_weakest_cat() -> None:
    hand = ["Milo-1", "Milo-2", "Milo-3", "Milo-4", "Milo-5", "Oscar-1", "Oscar-2", "Oscar-3"]
    tables = table({ANA: ["Luna-1", "Luna-2"], BEN: [*hand, "Simba-1"]})
    tables.apply(OpenOffer(ANA, tokens(tables.full, ANA, "Luna-1", "Luna-2")))
    view = tables.seat_view(BEN)
    bot = HeuristicBot()
    rng = random.Random(3)
    # A new offer is left to the other players (people first) for the bot's first looks.
    for _ in range(OFFER_PATIENCE):
        assert not isinstance(bot.choose(view, BEN, rng), AcceptOffer)
    action = bot.choose(view, BEN, rng)
    assert isinstance(action, AcceptOffer) and action.offer_id == 0
    assert {view.cat(t) for t in action.cards} == {"Oscar"} and len(action.cards) == 2
    GAME.apply(tables.full, action)  # legal on the full state


def test_bots_decide_on_their_own_view_and_only_play_legal_moves() -> None:
    for players, seed in ((5, 21), (7, 22)):
        lineup = ("random", "heuristic", "random") + ("heuristic",) * (players - 3)
        played = drive_game(players, seed, lineup)
        assert played.refused == [] and GAME.is_over(played.tables.full)


def test_bots_do_nothing_outside_a_round() -> None:
    state = GAME.new_state(4, {})
    for bot in (HeuristicBot(), RandomBot()):
        assert bot.choose(GAME.view(state, 0), 0, random.Random(0)) is None
