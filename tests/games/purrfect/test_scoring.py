"""Scoring (P-8.3 to P-8.5) and the end of the game (P-9), with the worked example P-12.5."""

from itertools import product

from lanpurr.core import CHANCE
from lanpurr.core.rng import derive
from lanpurr.games.purrfect import GAME
from lanpurr.games.purrfect.actions import DeclarePurrfect, OpenOffer
from lanpurr.games.purrfect.events import GameWon, RoundScored
from lanpurr.games.purrfect.scoring import game_winner, round_gains
from tests.games.purrfect.tables import ANA, BEN, CLEO, DAN, EVA, refused, table

NINE = {cat: [f"{cat}-{k}" for k in range(1, 10)] for cat in ("Luna", "Milo", "Oscar", "Simba")}


def cards(cat: str, *poses: int) -> list[str]:
    return [f"{cat}-{k}" for k in poses]


CATS5 = ("Luna", "Milo", "Oscar", "Simba", "Tigre")
# P-12.5: best groups Ana 6, Ben 6, Dan 5, Eva 4; Cleo holds 9 Oscar.
P_12_5 = {
    ANA: cards("Luna", 1, 2, 3, 4, 5, 6) + cards("Tigre", 1, 2, 3),
    BEN: cards("Milo", 1, 2, 3, 4, 5, 6) + cards("Tigre", 4, 5, 6),
    CLEO: NINE["Oscar"],
    DAN: cards("Simba", 1, 2, 3, 4, 5) + cards("Luna", 7, 8) + cards("Milo", 7, 8),
    EVA: cards("Simba", 6, 7, 8, 9) + cards("Tigre", 7, 8, 9) + cards("Luna", 9) + cards("Milo", 9),
}


def test_P_8_3_P_8_4_declarer_plus_two_largest_best_groups_plus_one_ties_all_score() -> None:
    assert round_gains(2, (6, 6, 9, 5, 4)) == (1, 1, 2, 0, 0)
    assert round_gains(0, (9, 3, 3, 3)) == (2, 1, 1, 1)
    assert round_gains(1, (7, 9, 5, 6)) == (1, 2, 0, 0)


def test_P_8_4_best_group_is_the_largest_single_cat_count_in_the_hand() -> None:
    tables = table({ANA: ["Luna-1", "Luna-2", "Luna-3", "Milo-1", "Milo-2"]}, players=4)
    state = tables.full
    counts = state.hand_cats(ANA)
    assert state.best_group(ANA) == max(counts.values()) >= 3


def test_P_8_5_pawprints_add_up_and_a_new_round_is_dealt() -> None:
    tables = table({CLEO: NINE["Oscar"]}, totals=(1, 1, 0, 2, 0))
    events = tables.apply(DeclarePurrfect(CLEO))
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.totals == tuple(t + g for t, g in zip((1, 1, 0, 2, 0), scored.gains, strict=True))
    state = tables.full
    assert state.totals == scored.totals and GAME.to_act(state) == {CHANCE}
    state = GAME.apply(state, GAME.chance_action(state, derive("round 2"))).state
    assert state.round == 2 and state.phase == "round" and state.totals == scored.totals
    assert [len(h) for h in state.hands] == [9] * 5


def test_P_12_5_scoring_and_the_tie_rule_cleo_wins_with_four() -> None:
    tables = table(P_12_5, totals=(4, 4, 2, 1, 3), cats=CATS5)
    full = tables.full
    assert [full.best_group(s) for s in (ANA, BEN, DAN, EVA)] == [6, 6, 5, 4]
    events = tables.apply(DeclarePurrfect(CLEO))
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.gains == (1, 1, 2, 0, 0) and scored.totals == (5, 5, 4, 1, 3)
    assert GameWon(CLEO, (5, 5, 4, 1, 3), by_tie_rule=True) in events
    assert tables.full.winner == CLEO and GAME.is_over(tables.full)


def test_P_12_5_variant_ana_alone_at_the_top_with_a_best_group_of_seven() -> None:
    hands = {
        **P_12_5,
        ANA: cards("Luna", 1, 2, 3, 4, 5, 6, 7) + cards("Tigre", 1, 2),
        DAN: cards("Simba", 1, 2, 3, 4, 5)
        + cards("Luna", 8)
        + cards("Milo", 7, 8)
        + cards("Tigre", 3),
    }
    tables = table(hands, totals=(4, 4, 2, 1, 3), cats=CATS5)
    assert tables.full.best_group(ANA) == 7 and tables.full.best_group(DAN) == 5
    events = tables.apply(DeclarePurrfect(CLEO))
    assert GameWon(ANA, (5, 4, 4, 1, 3), by_tie_rule=False) in events


def test_P_12_5_variant_ana_declares_level_with_ben_and_wins_as_the_purrfect_player() -> None:
    hands = {
        ANA: NINE["Oscar"],
        BEN: cards("Luna", 1, 2, 3, 4, 5, 6) + cards("Tigre", 1, 2, 3),
        CLEO: cards("Milo", 1, 2, 3, 4) + cards("Tigre", 4, 5, 6, 7, 8),
        DAN: cards("Simba", 1, 2, 3, 4, 5) + cards("Luna", 7, 8, 9) + cards("Tigre", 9),
        EVA: cards("Simba", 6, 7, 8, 9) + cards("Milo", 5, 6, 7, 8, 9),
    }
    tables = table(hands, totals=(3, 4, 0, 0, 0), cats=CATS5)
    events = tables.apply(DeclarePurrfect(ANA))
    assert GameWon(ANA, (5, 5, 0, 0, 0), by_tie_rule=True) in events


def test_P_1_2_P_9_1_nobody_at_five_means_another_round() -> None:
    assert game_winner((4, 4, 3, 4), declarer=1) is None
    tables = table({BEN: NINE["Milo"]}, totals=(0, 2, 1, 0, 0))
    tables.apply(DeclarePurrfect(BEN))
    assert tables.full.winner is None and GAME.to_act(tables.full) == {CHANCE}


def test_P_9_1_algorithm_steps() -> None:
    assert game_winner((5, 3, 2, 1), declarer=1) == (0, False)  # step 2: alone at the top
    assert game_winner((6, 5, 5, 1), declarer=1) == (0, False)
    assert game_winner((5, 5, 2, 1), declarer=3) == (3, True)  # step 3, even below 5
    assert game_winner((6, 6, 5, 0), declarer=2) == (2, True)  # not among the leaders


def test_P_2_5_pawprints_have_no_limit() -> None:
    tables = table({CLEO: NINE["Oscar"]}, totals=(0, 0, 4, 0, 0))
    events = tables.apply(DeclarePurrfect(CLEO))
    assert GameWon(CLEO, tables.full.totals, by_tie_rule=False) in events
    assert tables.full.totals[CLEO] == 6


def test_P_9_2_exactly_one_winner_and_nothing_after_it() -> None:
    tables = table({CLEO: NINE["Oscar"]}, totals=(0, 0, 4, 0, 0))
    tables.apply(DeclarePurrfect(CLEO))
    state = tables.full
    assert GAME.to_act(state) == frozenset() and state.winner == CLEO
    assert "game is over" in refused(state, DeclarePurrfect(ANA), "P-9.2")
    assert "game is over" in refused(state, OpenOffer(ANA, state.hands[ANA][:1]), "P-9.2")
    # Every possible final table of four has exactly one winner.
    for totals in product(range(8), repeat=4):
        if max(totals) >= 5:
            for declarer in range(4):
                decided = game_winner(totals, declarer)
                assert decided is not None and 0 <= decided[0] < 4


def test_P_9_3_the_game_ends_within_the_round_limit_of_the_table() -> None:
    limits = {n: GAME.new_state(n, {"allow_three": "on"}).round_limit() for n in range(3, 8)}
    assert limits == {3: 5, 4: 6, 5: 7, 6: 9, 7: 10}
    # The slowest possible game: every round awards only 3 pawprints, to the lowest totals.
    for n, limit in limits.items():
        totals, rounds = [0] * n, 0
        while True:
            rounds += 1
            order = sorted(range(n), key=lambda s: totals[s])
            declarer, other = order[0], order[1]
            best = [0] * n
            best[other] = 8
            gains = round_gains(declarer, tuple(best))
            totals = [t + g for t, g in zip(totals, gains, strict=True)]
            if game_winner(tuple(totals), declarer) is not None:
                break
        assert rounds <= limit, (n, rounds)
