"""The moves a phone's page words: every entry has words in each language, and a move of one
game is never worded as another game's move of the same name."""

from __future__ import annotations

import re
from pathlib import Path

from lanpurr.games.momistigri import events as momistigri
from lanpurr.games.purrfect import events as purrfect
from net.phone.moves import KEPT, UNDONE, MoveEntries, move_entry

PAGE = Path(__file__).resolve().parents[2] / "net" / "phone" / "page" / "phone.js"
MADE_BY_THE_PAGE = {"PairDiscarded": {"pair"}, "PileSwapMade": {"put", "take"}}
"""Words the page makes from an entry's fields before it says the move."""


def test_a_momistigri_pile_swap_is_not_worded_as_a_purrfect_swap() -> None:
    pile = momistigri.SwapMade(seat=1, put=7, put_face="3.green", take=9, take_face="6.red")
    entry = move_entry(pile)
    assert entry == {"t": "PileSwapMade", "seat": 1, "put_face": "3.green", "take_face": "6.red"}
    trade = purrfect.SwapMade(0, 1, 2, (1, 2), (3, 4), (5, 6), (7, 8))
    assert move_entry(trade) == {"t": "SwapMade", "offerer": 1, "acceptor": 2, "count": 2}


def test_every_move_has_words_in_each_language_with_only_what_its_entry_gives() -> None:
    script = PAGE.read_text()
    blocks = re.findall(r"^  (en|it|es): \{(.*?)^  \},", script, flags=re.S | re.M)
    assert [language for language, _ in blocks] == ["en", "it", "es"]
    for language, block in blocks:
        words = dict(re.findall(r'(\w+): "((?:[^"\\]|\\.)*)"', block))
        for kind, fields in {**KEPT, **UNDONE, "TurnOver": ("seat",)}.items():
            assert kind in words, (language, kind)
            given = set(fields) | MADE_BY_THE_PAGE.get(kind, set())
            wanted = set(re.findall(r"\{(\w+)\}", words[kind]))
            assert wanted <= given, (language, kind, wanted - given)


def test_a_purrfect_swap_shown_and_then_not_kept_is_told_undone() -> None:
    # Between laptops a swap shows as soon as its take is placed; if a laptop leaves before the
    # two sides' cards come, the swap is not kept and its offer is cancelled with the others.
    entries = MoveEntries()
    shown = purrfect.SwapMade(4, 1, 2, (1,), (3,), (5,), (7,))
    assert entries(shown) == {"t": "SwapMade", "offerer": 1, "acceptor": 2, "count": 1}
    assert entries(purrfect.OfferCancelled(5, 3)) is None  # open, never swapped: nothing to tell
    assert entries(purrfect.OfferCancelled(4, 1)) == {
        "t": "SwapUndone",
        "offerer": 1,
        "acceptor": 2,
    }
    assert entries(purrfect.OfferCancelled(4, 1)) is None  # told once
