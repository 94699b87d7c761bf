"""The wire format of actions and events, and option handling."""

from dataclasses import dataclass

import pytest

from lanpurr.core import FacesShown, OptionError, OptionSpec, events_for, resolve_options
from lanpurr.core.wire import decode, encode, from_plain, wire_type


@wire_type("test")
@dataclass(frozen=True)
class Nested:
    seat: int
    cards: tuple[str, ...]
    inner: FacesShown | None


def test_nested_wire_types_round_trip_through_msgpack() -> None:
    value = Nested(2, ("7.0", "M"), FacesShown(((3, "7.0"),), to=(1, 2)))
    assert decode(encode(value)) == value


def test_an_unknown_type_or_missing_field_is_refused_with_its_name() -> None:
    with pytest.raises(ValueError, match="unknown message type 'nope'"):
        from_plain({"t": "nope"})
    with pytest.raises(ValueError, match=r"test\.Nested needs fields"):
        from_plain({"t": "test.Nested", "seat": 1})


def test_private_events_reach_only_their_audience() -> None:
    public = FacesShown(((0, "a"),), to=None)
    private = FacesShown(((1, "b"),), to=(2,))
    secret = FacesShown(((2, "c"),), to=())
    assert events_for([public, private, secret], 2) == [public, private]
    assert events_for([public, private, secret], 0) == [public]


def test_options_name_the_rule_and_the_allowed_values() -> None:
    specs = (OptionSpec("strict_discard", ("off", "on"), "off", "M-5.8"),)
    assert resolve_options(specs, {}) == {"strict_discard": "off"}
    with pytest.raises(OptionError, match=r"M-5.8.*off, on"):
        resolve_options(specs, {"strict_discard": "maybe"})
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        resolve_options(specs, {"colour": "red"})
