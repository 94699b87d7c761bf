"""Components, game setup and the deal (P-2, P-3, P-4, P-13)."""

import unicodedata
from collections import Counter

import pytest

from lanpurr.core import CHANCE, OptionError, RuleViolation
from lanpurr.core.replicas import Replicas
from lanpurr.core.rng import derive
from lanpurr.games.purrfect import GAME, PurrfectState
from lanpurr.games.purrfect.actions import (
    DealRound,
    DeclarePurrfect,
    DrawCats,
    DrawMeowKey,
    OpenOffer,
)
from lanpurr.games.purrfect.cats import CAT_NAMES, CATS, POSES, cat_of, faces_of, pose_of
from lanpurr.games.purrfect.events import CatsChosen, MeowKeyDrawn, OfferOpened, PurrfectDeclared
from lanpurr.games.purrfect.meows import MEOW_WORDS, MEOWS
from lanpurr.seat.registry import engine as load
from tests.games.purrfect.drive import drive_game
from tests.games.purrfect.tables import KEY, refused, table


def set_up(players: int, seed: int = 0, options: dict[str, str] | None = None) -> PurrfectState:
    state = GAME.new_state(players, options or {})
    draw = 0
    while GAME.to_act(state) == {CHANCE}:
        state = GAME.apply(state, GAME.chance_action(state, derive(seed, draw))).state
        draw += 1
    return state


def test_load_returns_the_purrfect_engine() -> None:
    assert load("purrfect") is GAME
    assert GAME.id == "purrfect"


def test_P_2_1_seven_cats_of_nine_cards_with_distinct_initials() -> None:
    assert CAT_NAMES == ("Luna", "Milo", "Nala", "Oscar", "Pepper", "Simba", "Tigre")
    assert len({cat.initial for cat in CATS}) == 7
    assert all(cat.name.startswith(cat.initial) for cat in CATS)
    assert sum(len(faces_of(c)) for c in CAT_NAMES) == 63


def test_P_2_2_the_pose_never_matters_only_the_cat() -> None:
    assert len(POSES) == 9 and pose_of("Luna-3") == "stretching" and pose_of("Milo-9") == "yawning"
    assert cat_of("Luna-3") == cat_of("Luna-8") == "Luna"
    tables = table({0: [f"Luna-{k}" for k in range(1, 10)]})
    # Nine different poses of one cat are a purrfect hand.
    declared = tables.apply(DeclarePurrfect(0))[0]
    assert isinstance(declared, PurrfectDeclared) and declared.valid


def test_P_2_3_twenty_nine_meow_words_distinct_ignoring_accents_and_case() -> None:
    def plain(word: str) -> str:
        decomposed = unicodedata.normalize("NFKD", word)
        return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()

    assert len(MEOWS) == 29 and [m.id for m in MEOWS] == [f"w{i:02}" for i in range(1, 30)]
    assert len({plain(w) for w in MEOW_WORDS}) == 29


def test_P_2_4_an_offer_is_announced_by_the_word_of_its_size() -> None:
    tables = table({0: ["Luna-1", "Luna-2", "Luna-3"]})
    state = tables.full
    offer = GAME.apply(state, OpenOffer(0, state.hands[0][:3])).events[0]
    assert isinstance(offer, OfferOpened) and offer.word == KEY[2] == "Meong"
    assert 3 not in (offer.offer_id, offer.seat)  # the number itself is not announced


def test_P_3_1_four_to_seven_players() -> None:
    for players in range(4, 8):
        assert GAME.new_state(players, {}).players == players
    for players in (2, 3, 8):
        with pytest.raises(OptionError, match="4 to 7 players"):
            GAME.new_state(players, {})


def test_P_3_1_P_13_allow_three_allows_a_three_player_game_with_three_cats() -> None:
    state = set_up(3, options={"allow_three": "on"})
    assert len(state.cats) == 3 and len(state.hands) == 3
    with pytest.raises(OptionError, match="allow_three"):
        GAME.new_state(3, {"allow_three": "off"})
    with pytest.raises(OptionError, match="2"):
        GAME.new_state(2, {"allow_three": "on"})


def test_P_13_options_default_and_unknown_values() -> None:
    assert GAME.new_state(4, {}).option("allow_three") == "off"
    with pytest.raises(OptionError, match="P-13"):
        GAME.new_state(4, {"allow_three": "maybe"})


def test_P_3_2_the_meow_key_is_four_distinct_words_from_a_joint_draw() -> None:
    state = GAME.new_state(5, {})
    assert GAME.to_act(state) == {CHANCE}
    action = GAME.chance_action(state, derive("key"))
    assert isinstance(action, DrawMeowKey)
    after = GAME.apply(state, action).state
    assert len(set(after.meow_key)) == 4 and set(after.meow_key) <= set(MEOW_WORDS)
    # Same seed, same key on every peer; another seed, another key (for these two seeds).
    assert GAME.apply(state, DrawMeowKey(derive("key"))).state.meow_key == after.meow_key
    assert GAME.apply(state, DrawMeowKey(derive("other"))).state.meow_key != after.meow_key
    with pytest.raises(RuleViolation, match="32 bytes"):
        GAME.apply(state, DrawMeowKey(b"short"))


def test_P_3_2_every_word_can_be_drawn() -> None:
    seen = Counter(w for i in range(200) for w in set_up(4, seed=i).meow_key)
    assert set(seen) == set(MEOW_WORDS)


def test_P_3_2_P_3_3_the_key_and_the_cats_stay_for_the_whole_game() -> None:
    seen: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()

    def note(tables: Replicas[PurrfectState]) -> None:
        if tables.full.cats:
            seen.add((tables.full.meow_key, tables.full.cats))

    played = drive_game(5, 41, after_step=note)
    assert len(played.tables.full.results) >= 2 and len(seen) == 1


def test_P_3_3_as_many_cats_as_players_chosen_by_a_joint_draw() -> None:
    drawn = set()
    for seed in range(40):
        state = set_up(5, seed)
        assert len(state.cats) == 5 and set(state.cats) <= set(CAT_NAMES)
        drawn.add(state.cats)
    assert len(drawn) > 5  # the draw really varies with the seed


def test_P_4_1_nine_cards_each_from_the_cats_in_play_each_seen_only_by_its_owner() -> None:
    state = set_up(6, seed=3)
    assert [len(h) for h in state.hands] == [9] * 6
    faces = [state.cards.face(t) for h in state.hands for t in h]
    assert sorted(f for f in faces if f) == sorted(f for c in state.cats for f in faces_of(c))
    for seat in range(6):
        mine = GAME.view(state, seat)
        assert all(mine.cards.face(t) for t in state.hands[seat])
        others = [t for s, h in enumerate(state.hands) if s != seat for t in h]
        assert not any(mine.cards.face(t) for t in others)


def test_P_4_1_each_round_is_dealt_from_its_own_seed() -> None:
    state = set_up(4, seed=1)
    other = GAME.apply(
        GAME.apply(
            GAME.apply(GAME.new_state(4, {}), DrawMeowKey(derive(1, 0))).state,
            DrawCats(derive(1, 1)),
        ).state,
        DealRound(derive(9, 9)),
    ).state
    assert other.cats == state.cats
    assert [other.cards.face(t) for t in other.hands[0]] != [
        state.cards.face(t) for t in state.hands[0]
    ]


def test_P_4_2_once_dealt_every_seat_may_act_and_not_before() -> None:
    before = GAME.new_state(4, {})
    assert GAME.to_act(before) == {CHANCE}
    assert "wait for the deal" in refused(before, OpenOffer(0, (0,)), "P-4.2")
    assert "DrawMeowKey" in refused(before, DealRound(derive("early")), "P-4.2")
    state = set_up(4)
    assert GAME.to_act(state) == frozenset(range(4))
    assert all(GAME.legal_actions(state, seat) for seat in range(4))
    assert "no random draw" in refused(state, DealRound(derive("again")), "P-4.2")


def test_P_12_1_setup_five_players_forty_five_cards_nala_and_pepper_out() -> None:
    # Ana..Eva; the joint draws gave the key Nyan/Mjau/Meong/Mraaoo and five cats.
    state = GAME.new_state(5, {})
    state = GAME.absorb(state, MeowKeyDrawn(KEY))
    state = GAME.absorb(state, CatsChosen(("Luna", "Milo", "Oscar", "Simba", "Tigre")))
    assert GAME.to_act(state) == {CHANCE}
    state = GAME.apply(state, GAME.chance_action(state, derive("P-12.1"))).state
    assert state.meow_key == ("Nyan", "Mjau", "Meong", "Mraaoo")
    cards = [state.cards.face(t) or "" for h in state.hands for t in h]
    assert len(cards) == 45 and len(set(cards)) == 45
    assert [len(h) for h in state.hands] == [9] * 5
    assert {cat_of(c) for c in cards} == {"Luna", "Milo", "Oscar", "Simba", "Tigre"}
