"""A seat's replica never takes in a stand-in: the check finds one wherever an event can hold
it, and finds none in an event made only of faces the seat was shown."""

from dataclasses import dataclass

from lanpurr.core.cards import Cards
from lanpurr.seat.hidden import carries_stand_in, stand_in, with_stand_ins


@dataclass(frozen=True)
class _Moved:
    seat: int
    cards: tuple[tuple[int, str], ...]
    note: object = None


def test_a_stand_in_is_found_wherever_an_event_can_hold_one() -> None:
    hidden = stand_in(7)
    assert carries_stand_in(_Moved(1, ((7, hidden),)))
    assert carries_stand_in(_Moved(1, (), note={"face": hidden}))
    assert carries_stand_in(_Moved(1, (), note={hidden: 1}))
    assert carries_stand_in(_Moved(1, (), note=[(_Moved(2, ((3, hidden),)),)]))
    assert carries_stand_in((_Moved(0, ()), hidden))
    cards = with_stand_ins(Cards({1: "cat-3"}, {1: None}, 2), [1, 5])
    assert carries_stand_in(_Moved(0, (), note=cards))


def test_faces_the_seat_was_shown_are_no_stand_ins() -> None:
    assert not carries_stand_in(_Moved(1, ((7, "cat-3"), (8, "cat-3"))))
    assert not carries_stand_in(_Moved(1, (), note={"face": "dog", 3: (None, True, b"x")}))
    assert not carries_stand_in(Cards({1: "cat-3"}, {1: None}, 2))
    assert not carries_stand_in(_Moved)  # a class, not an event
