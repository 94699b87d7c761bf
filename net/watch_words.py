"""The lines the terminal prints about watching: who watches, the watched table, the end."""

from typing import Any, Protocol

from net.watch_events import WatchedTable, WatchEnded, WatcherCutOff, WatchersChanged, Watching

WATCH_EVENTS = (Watching, WatchedTable, WatchersChanged, WatchEnded, WatcherCutOff)


class _Printer(Protocol):
    def line(self, said: str, **fields: Any) -> None: ...


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def say(printer: _Printer, event: object) -> None:
    """One line for a watch event (`--json`: its fields, named as below)."""
    if isinstance(event, Watching):
        printer.line(
            _sentence(str(event)),
            event="watching",
            host=event.host,
            fingerprint=event.fingerprint,
            address=event.address,
        )
    elif isinstance(event, WatchedTable):
        seats = ", ".join(f"Seat {i + 1}: {name or 'free'}" for i, name in enumerate(event.seats))
        printer.line(
            f"{event.host}'s table of {event.game.capitalize()} ({event.phase}). {seats}",
            event="watched_table",
            game=event.game,
            seats=list(event.seats),
            phase=event.phase,
            host=event.host,
        )
    elif isinstance(event, WatchersChanged):
        printer.line(_sentence(str(event)), event="watchers", names=list(event.names))
    elif isinstance(event, WatchEnded):
        printer.line(_sentence(str(event)), event="watch_ended", reason=event.reason)
    elif isinstance(event, WatcherCutOff):
        printer.line(_sentence(str(event)), event="watcher_cut_off", name=event.name, why=event.why)
