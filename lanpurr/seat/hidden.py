"""Stand-ins for faces a seat does not know, so the engine can run on a partial state.

A seat applies every ordered action with the game's own `apply`. Where the rules move a card
this seat cannot see (a blind draw between two others), the engine still needs *some* face to
compute events that this seat never receives. Those faces are stand-ins: strings that are no
card of any game, known to nobody (`seen_by` empty), and never folded into the seat's replica.
`carries_stand_in` checks that no event a seat absorbs holds one.
"""

import dataclasses
from collections.abc import Iterable
from typing import Any

from lanpurr.core.cards import Cards, Face, Token

_MARK = "\x00hidden:"


def stand_in(token: Token) -> Face:
    return f"{_MARK}{token}"


def is_stand_in(face: object) -> bool:
    return isinstance(face, str) and face.startswith(_MARK)


def with_stand_ins(cards: Cards, tokens: Iterable[Token]) -> Cards:
    """`cards` with a stand-in face for every token in `tokens` whose face it does not know."""
    missing = [t for t in tokens if t not in cards.faces]
    if not missing:
        return cards
    faces = dict(cards.faces)
    seen_by = dict(cards.seen_by)
    nobody: frozenset[int] = frozenset()
    for token in missing:
        faces[token] = stand_in(token)
        seen_by[token] = nobody
    return Cards(faces, seen_by, cards.next_token)


def with_faces(
    cards: Cards, shown: Iterable[tuple[Token, Face]], to: tuple[int, ...] | None
) -> Cards:
    """`cards` with these faces set (overriding stand-ins) and known to `to`."""
    faces = dict(cards.faces)
    seen_by = dict(cards.seen_by)
    for token, face in shown:
        faces[token] = face
        seen_by[token] = None if to is None else frozenset(to)
    return Cards(faces, seen_by, cards.next_token)


def carries_stand_in(value: Any) -> bool:
    """True if `value` (an event, a state, any nesting of tuples and dataclasses) holds one."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = _KINDS.get(type(item))
        if kind is None:
            kind = _kind_of(type(item))
        if kind is _TEXT:
            if item.startswith(_MARK):
                return True
        elif kind is _ITEMS:
            stack.extend(item)
        elif kind is _MAP:
            stack.extend(item.keys())
            stack.extend(item.values())
        elif kind is _CARDS:
            stack.extend(item.faces.values())
        elif kind:
            stack.extend(getattr(item, name) for name in kind)
    return False


# How `carries_stand_in` looks into a value of each type, decided once per type.
_TEXT: tuple[str, ...] = ("\x00text",)
_ITEMS: tuple[str, ...] = ("\x00items",)
_MAP: tuple[str, ...] = ("\x00map",)
_CARDS: tuple[str, ...] = ("\x00cards",)
_KINDS: dict[type, tuple[str, ...]] = {}


def _kind_of(cls: type) -> tuple[str, ...]:
    """_TEXT, _ITEMS, _MAP, _CARDS, a dataclass's field names, or () for nothing to look at."""
    kind: tuple[str, ...] = ()
    if issubclass(cls, str):
        kind = _TEXT
    elif issubclass(cls, tuple | list):
        kind = _ITEMS
    elif issubclass(cls, dict):
        kind = _MAP
    elif issubclass(cls, Cards):
        kind = _CARDS
    elif dataclasses.is_dataclass(cls):
        kind = tuple(f.name for f in dataclasses.fields(cls))
    _KINDS[cls] = kind
    return kind


def without_faces(cards: Cards, tokens: Iterable[Token]) -> Cards:
    """`cards` with a stand-in face in place of what it knows of `tokens`: what a seat that
    does not know them sees."""
    tokens = list(tokens)
    faces = {t: f for t, f in cards.faces.items() if t not in tokens}
    return with_stand_ins(Cards(faces, cards.seen_by, cards.next_token), tokens)
