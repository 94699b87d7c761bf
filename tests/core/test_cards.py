"""Hidden cards: who knows which face, and the normal form a seat's view takes."""

from lanpurr.core import Cards


def test_a_face_shown_to_two_seats_is_known_to_them_only() -> None:
    cards, tokens = Cards().issue(3)
    cards = cards.show([(tokens[0], "7.0")], to=(0, 2))
    assert cards.knows(0, tokens[0]) and cards.knows(2, tokens[0])
    assert not cards.knows(1, tokens[0])
    assert cards.as_seen_by(1).face(tokens[0]) is None
    assert cards.as_seen_by(2).face(tokens[0]) == "7.0"


def test_face_up_cards_are_known_to_everyone() -> None:
    cards = Cards().show([(5, "M")], to=None)
    assert all(cards.knows(seat, 5) for seat in range(7))
    assert cards.next_token == 6


def test_a_view_does_not_depend_on_how_the_knowledge_arrived() -> None:
    full = Cards().show([(0, "a"), (1, "b")], to=()).show([(0, "a")], to=(1, 3))
    replica = Cards().show([(0, "a")], to=(1,)).claim([1])
    assert full.as_seen_by(1) == replica.as_seen_by(1)


def test_showing_a_token_as_another_face_is_refused() -> None:
    cards = Cards().show([(0, "a")], to=())
    try:
        cards.show([(0, "b")], to=(1,))
    except ValueError as error:
        assert "token 0" in str(error)
    else:
        raise AssertionError("a token changed its face")


def test_retired_tokens_are_forgotten_and_never_reissued() -> None:
    cards, tokens = Cards().issue(2)
    cards = cards.show([(tokens[0], "x")], to=(0,)).retire([tokens[0]])
    assert cards.face(tokens[0]) is None
    _, fresh = cards.issue(1)
    assert fresh[0] not in tokens
