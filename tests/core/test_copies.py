"""The engines' fast `replace` gives what `dataclasses.replace` gives."""

import dataclasses
from functools import cached_property

import pytest

from lanpurr.core.copies import replace
from lanpurr.games.gutters.engine import GuttersGame


@dataclasses.dataclass(frozen=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True)
class Checked:
    a: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("negative")


@dataclasses.dataclass(frozen=True)
class Cached:
    a: int

    @cached_property
    def double(self) -> int:
        return 2 * self.a


def test_a_copy_has_the_changes_and_leaves_the_original() -> None:
    state = GuttersGame().new_state(2, {"mode": "competitive", "board": "standard"})
    copy = replace(state, turn=5, actions_left=1)
    assert copy == dataclasses.replace(state, turn=5, actions_left=1)
    assert (state.turn, copy.turn, copy.actions_left) == (0, 5, 1)
    assert type(copy) is type(state) and copy.cells == state.cells


def test_an_unknown_field_is_refused_as_dataclasses_refuses_it() -> None:
    with pytest.raises(TypeError):
        replace(Plain(1), c=2)


def test_a_class_that_checks_its_fields_still_checks_them() -> None:
    assert replace(Checked(1), a=2) == Checked(2)
    with pytest.raises(ValueError):
        replace(Checked(1), a=-1)


def test_a_cached_value_of_the_original_is_not_carried_over() -> None:
    original = Cached(1)
    assert original.double == 2
    assert replace(original, a=5).double == 10
    assert replace(Plain(1, (2,)), a=3) == Plain(3, (2,))
