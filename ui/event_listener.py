"""Who hears which network event: each listener says the event types it shows, and is let go
when it is destroyed.

A class marks the methods that show events with `@shows(SomeEvent, ...)`; `EventRouter.listen`
subscribes an object with those methods (or with a map given at the call, for an object whose
class is shared by several jobs). The router holds listeners weakly and drops one the moment
its Qt object is destroyed, so a table that is gone is never called. Events of one type go to
the listeners of that type in the order they subscribed; one released while an event is being
handed out (a table left because of that very event) does not get it.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import shiboken6
from PySide6.QtCore import QObject

Handler = Callable[[Any], None]
Method = TypeVar("Method", bound=Callable[..., Any])

_SHOWN = "_lanpurr_shows"
"""The attribute `shows` leaves on a method: the event types it shows."""


def shows(*kinds: type) -> Callable[[Method], Method]:
    """Mark a method as the one that shows events of `kinds`."""

    def mark(method: Method) -> Method:
        setattr(method, _SHOWN, (*getattr(method, _SHOWN, ()), *kinds))
        return method

    return mark


def shown_by(cls: type) -> dict[type, str]:
    """Each event type the methods of `cls` (and of its bases) show, with the method's name;
    a subclass's method wins over its base's."""
    shown: dict[type, str] = {}
    for klass in reversed(cls.__mro__):
        for name, member in vars(klass).items():
            for kind in getattr(member, _SHOWN, ()):
                shown[kind] = name
    return shown


class _Listener:
    """One subscription: the listener, held weakly, and what it does with each type."""

    def __init__(self, owner: QObject, handlers: Mapping[type, Handler]) -> None:
        self.owner = weakref.ref(owner)
        self.handlers: dict[type, Callable[[], Handler | None]] = {}
        for kind, handler in handlers.items():
            if hasattr(handler, "__self__") and hasattr(handler, "__func__"):
                self.handlers[kind] = weakref.WeakMethod(handler)
            else:
                self.handlers[kind] = lambda handler=handler: handler  # type: ignore[misc]

    def handler(self, kind: type) -> Handler | None:
        found = self.handlers.get(kind)
        return found() if found is not None else None

    def alive(self) -> bool:
        owner = self.owner()
        return owner is not None and shiboken6.isValid(owner)


class EventRouter(QObject):
    """Hands each event that comes up from the network to the listeners of its type."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._listeners: list[_Listener] = []

    def listen(self, owner: QObject, handlers: Mapping[type, Handler] | None = None) -> None:
        """Subscribe `owner` to the event types it shows (its `@shows` methods), or to those
        of `handlers`, until it is destroyed or released. Subscribing again replaces them."""
        if handlers is None:
            handlers = {kind: getattr(owner, name) for kind, name in shown_by(type(owner)).items()}
        self.release(owner)
        listener = _Listener(owner, handlers)
        self._listeners.append(listener)
        # (the slot holds nothing of the owner: a destroyed object cannot be reached)
        owner.destroyed.connect(lambda *_: self._drop(listener))

    def release(self, owner: QObject) -> None:
        """`owner` hears nothing more (it may already be gone)."""
        kept = []
        for listener in self._listeners:
            held = listener.owner()
            if held is not None and held is not owner:
                kept.append(listener)
        self._listeners = kept

    def listening(self, owner: QObject) -> tuple[type, ...]:
        """The event types `owner` hears now."""
        for listener in self._listeners:
            if listener.owner() is owner and listener.alive():
                return tuple(listener.handlers)
        return ()

    def deliver(self, event: object) -> None:
        """Hand `event` to every listener of its type, in the order they subscribed."""
        kind = type(event)
        for listener in list(self._listeners):
            if listener not in self._listeners:
                continue  # (released by a listener before it, for this very event)
            if not listener.alive():
                self._drop(listener)
                continue
            handler = listener.handler(kind)
            if handler is not None:
                handler(event)

    def _drop(self, listener: _Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)
