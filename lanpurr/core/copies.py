"""`replace` for the engines' frozen states, without `dataclasses.replace`'s per-field work.

A received move is absorbed event by event on every seat, and each event copies the state
with a field or two changed: `dataclasses.replace` calls `__init__` with every field, which was
a tenth of a received move's CPU outside the group. Where a class is a plain frozen dataclass
(every field set by `__init__`, no `__post_init__`, no slots), the copy is its instance
dictionary with the changes; anything else goes through `dataclasses.replace`.
"""

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")


_PLAIN: dict[type[Any], frozenset[str] | None] = {}


def _plain_fields(cls: type[Any]) -> frozenset[str] | None:
    """The field names of a class whose copy may be its dictionary's (None: it may not)."""
    if cls not in _PLAIN:
        plain = (
            dataclasses.is_dataclass(cls)
            and "__slots__" not in cls.__dict__
            and not hasattr(cls, "__post_init__")
            and all(f.init for f in dataclasses.fields(cls))
        )
        _PLAIN[cls] = frozenset(f.name for f in dataclasses.fields(cls)) if plain else None
    return _PLAIN[cls]


def replace(obj: T, /, **changes: Any) -> T:
    """What `dataclasses.replace(obj, **changes)` returns, made faster for plain classes."""
    names = _plain_fields(type(obj))
    state = getattr(obj, "__dict__", None)
    # A dictionary holding more than the fields (a cached value) goes the slow way.
    if names is None or state is None or len(state) != len(names) or not changes.keys() <= names:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    new = object.__new__(type(obj))
    copied = dict(state)
    copied.update(changes)
    object.__setattr__(new, "__dict__", copied)
    return new
