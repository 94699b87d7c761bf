"""M-2: the deck as data."""

from collections import Counter

import pytest

from lanpurr.games.momistigri.deck import (
    COLOUR,
    FULL_DECK,
    MISTIGRI,
    VALUE,
    deck_for,
    hand_value,
    pair_kind,
    symbol_of,
)

# M-2.4, row by row: the colour of each copy.
PRINTED_TABLE = {
    1: "red blue green yellow purple red blue green yellow",
    2: "purple red blue green yellow purple red blue",
    3: "green yellow purple red blue green yellow",
    4: "purple red blue green yellow purple",
    5: "red blue green yellow purple",
    6: "red blue green yellow",
    7: "purple red blue",
    8: "green yellow",
    9: "purple",
}


def test_M_2_1_M_2_deck_has_46_cards_value_v_has_10_minus_v_copies_and_one_mistigri() -> None:
    assert len(FULL_DECK) == 46
    counts = Counter(VALUE[f] for f in FULL_DECK if f != MISTIGRI)
    assert counts == {v: 10 - v for v in range(1, 10)}
    assert FULL_DECK.count(MISTIGRI) == 1


def test_M_2_3_M_2_4_card_names_and_colours_follow_the_printed_table() -> None:
    for value, row in PRINTED_TABLE.items():
        for copy, colour in enumerate(row.split()):
            assert COLOUR[f"{value}.{copy}"] == colour, f"{value}.{copy}"
    assert VALUE[MISTIGRI] == 10 and COLOUR[MISTIGRI] == "black"


def test_M_2_2_every_colour_has_its_symbol_and_the_mistigri_the_moon() -> None:
    assert symbol_of("1.0") == "yarn ball" and symbol_of("1.1") == "fish"
    assert symbol_of("1.2") == "mouse" and symbol_of("1.3") == "bell"
    assert symbol_of("1.4") == "feather" and symbol_of(MISTIGRI) == "moon"


@pytest.mark.parametrize(
    ("colour", "values", "total"),
    [
        ("red", [1, 1, 2, 2, 3, 4, 5, 6, 7], 31),
        ("blue", [1, 1, 2, 2, 3, 4, 5, 6, 7], 31),
        ("green", [1, 1, 2, 3, 3, 4, 5, 6, 8], 33),
        ("yellow", [1, 1, 2, 3, 3, 4, 5, 6, 8], 33),
        ("purple", [1, 2, 2, 3, 4, 4, 5, 7, 9], 37),
        ("black", [10], 10),
    ],
)
def test_M_2_5_cards_per_colour(colour: str, values: list[int], total: int) -> None:
    mine = sorted(VALUE[f] for f in FULL_DECK if COLOUR[f] == colour)
    assert mine == values and sum(mine) == total
    assert hand_value(list(FULL_DECK)) == 175


def test_M_2_6_the_ten_twin_pairs_share_colour_and_value_and_form_value_pairs() -> None:
    twins = [
        (a, b)
        for i, a in enumerate(FULL_DECK)
        for b in FULL_DECK[i + 1 :]
        if a != MISTIGRI and VALUE[a] == VALUE[b] and COLOUR[a] == COLOUR[b]
    ]
    assert sorted(twins) == sorted(
        [("1.0", "1.5"), ("1.1", "1.6"), ("1.2", "1.7"), ("1.3", "1.8"), ("2.0", "2.5"),
         ("2.1", "2.6"), ("2.2", "2.7"), ("3.0", "3.5"), ("3.1", "3.6"), ("4.0", "4.5")]
    )  # fmt: skip
    kind = pair_kind("3.0", "3.5")
    assert kind is not None and kind.is_value_pair and kind.colour == "green"


@pytest.mark.parametrize(
    ("players", "cards", "total", "left_out"),
    [(5, 46, 175, set()), (4, 37, 166, {1}), (3, 28, 141, {1, 2, 9})],
)
def test_M_2_7_deck_by_player_count(
    players: int, cards: int, total: int, left_out: set[int]
) -> None:
    deck = deck_for(players)
    assert len(deck) == cards == 9 * players + 1
    assert hand_value(list(deck)) == total
    assert not {VALUE[f] for f in deck} & left_out
    assert MISTIGRI in deck


def test_M_5_5_M_6_11_pairs_share_colour_or_value_and_never_include_the_mistigri() -> None:
    value_pair = pair_kind("5.0", "5.1")  # red 5, blue 5
    assert value_pair is not None and value_pair.is_value_pair and value_pair.value == 5
    colour_pair = pair_kind("3.2", "9.0")  # both purple: the 9 pairs only by colour
    assert colour_pair is not None and not colour_pair.is_value_pair
    assert pair_kind("3.0", "4.0") is None  # green 3, purple 4
    assert pair_kind(MISTIGRI, "9.0") is None
    assert all(pair_kind(MISTIGRI, f) is None for f in FULL_DECK)
    assert all(
        pair_kind("9.0", f) is None or COLOUR[f] == "purple" for f in FULL_DECK if f != "9.0"
    )


def test_M_5_5_grouped_pair_search_finds_exactly_the_pairs_of_a_brute_force_search() -> None:
    import itertools
    import random

    from lanpurr.games.momistigri.deck import pairs_among

    rng = random.Random(3)
    for _ in range(500):
        known = list(enumerate(rng.sample(FULL_DECK, rng.randint(0, 14))))
        brute = [
            (a, fa, b, fb, kind)
            for (a, fa), (b, fb) in itertools.combinations(known, 2)
            if (kind := pair_kind(fa, fb)) is not None
        ]
        assert pairs_among(known) == brute
