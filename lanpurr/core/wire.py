"""Actions and events as plain data on the wire.

Every action and event type is a frozen dataclass registered with `wire_type`. Its fields hold
only None, bool, int, str, bytes, tuples of those, and other registered dataclasses, so that
`decode(encode(x)) == x` through msgpack.
"""

import dataclasses
from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

import msgpack

T = TypeVar("T")

_REGISTRY: dict[str, type[Any]] = {}
_NAMES: dict[type[Any], str] = {}
_TAG = "t"


def wire_type(namespace: str) -> Callable[[type[T]], type[T]]:
    """Class decorator: register a dataclass as `namespace.ClassName` on the wire."""

    def register(cls: type[T]) -> type[T]:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls.__name__} must be a dataclass to go on the wire")
        name = f"{namespace}.{cls.__name__}"
        if name in _REGISTRY and _REGISTRY[name] is not cls:
            raise TypeError(f"two wire types are named {name}")
        _REGISTRY[name] = cls
        _NAMES[cls] = name
        return cls

    return register


def registered(namespace: str) -> list[type[Any]]:
    """Every wire type of a namespace (a game id, "core", "fair", ...)."""
    prefix = namespace + "."
    return [cls for name, cls in sorted(_REGISTRY.items()) if name.startswith(prefix)]


def to_plain(value: Any) -> Any:
    """A registered dataclass (or a value holding some) as msgpack-ready plain data."""
    name = _NAMES.get(type(value))
    if name is not None:
        plain: dict[str, Any] = {_TAG: name}
        for f in dataclasses.fields(value):
            plain[f.name] = to_plain(getattr(value, f.name))
        return plain
    if isinstance(value, tuple | list):
        return [to_plain(v) for v in value]
    if value is None or isinstance(value, bool | int | str | bytes):
        return value
    raise TypeError(f"{type(value).__name__} cannot go on the wire")


def from_plain(plain: Any) -> Any:
    """Inverse of `to_plain`. Raises ValueError on anything it does not recognise."""
    if isinstance(plain, dict):
        name = plain.get(_TAG)
        cls = _REGISTRY.get(name) if isinstance(name, str) else None
        if cls is None:
            raise ValueError(f"unknown message type {name!r}")
        names = _field_names(cls)
        given = set(plain) - {_TAG}
        if given != names:
            raise ValueError(f"{name} needs fields {sorted(names)}, got {sorted(given)}")
        return cls(**{k: from_plain(v) for k, v in plain.items() if k != _TAG})
    if isinstance(plain, list | tuple):
        return tuple(from_plain(v) for v in plain)
    if plain is None or isinstance(plain, bool | int | str | bytes):
        return plain
    raise ValueError(f"{type(plain).__name__} is not a wire value")


_FIELD_NAMES: dict[type[Any], frozenset[str]] = {}


def _field_names(cls: type[Any]) -> frozenset[str]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = frozenset(f.name for f in dataclasses.fields(cls))
    return names


def encode(value: Any) -> bytes:
    packed: bytes = msgpack.packb(to_plain(value), use_bin_type=True)
    return packed


def decode(data: bytes) -> Any:
    if type(data) is bytes:
        return _decode_bytes(data)
    return from_plain(msgpack.unpackb(data, raw=False, strict_map_key=True))


# A value on the wire is immutable (frozen dataclasses, tuples), so the value of the same bytes
# may be shared: a seat reads each move when it arrives and again when it takes its place.
@lru_cache(maxsize=64)
def _decode_bytes(data: bytes) -> Any:
    return from_plain(msgpack.unpackb(data, raw=False, strict_map_key=True))
