"""The lines the terminal prints about watching: who watches, the watched table, the end."""

from typing import Any, Protocol

from net import watch_events as w
from ui.terminal.terminal_words import game_title


class _Printer(Protocol):
    def line(self, said: str, **fields: Any) -> None: ...


class _Words(Protocol):
    def who(self, seat: int | None, me: int | None) -> str: ...

    def cards(self, faces: Any) -> str: ...


def hands_shown(words: _Words, update: Any, me: int | None) -> str:
    """At a round's end that shows every hand (Momistigri's), what each hand held: what a
    watcher, and every player, sees then ("" for any other update)."""
    for step in update.steps:
        revealed = getattr(step.event, "revealed", None)
        if not revealed:
            continue
        faces = dict(revealed)
        lines = ["Every hand is shown:"]
        for seat, hand in enumerate(getattr(step.view, "hands", ())):
            held = [faces[token] for token in hand if token in faces]
            if held:
                lines.append(f"  {words.who(seat, me)}: {words.cards(held)}")
        return "\n".join(lines) if len(lines) > 1 else ""
    return ""


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def say(printer: _Printer, event: object) -> None:
    """One line for a watch event (`--json`: its fields, named as below)."""
    if isinstance(event, w.Watching):
        printer.line(
            _sentence(str(event)),
            event="watching",
            host=event.host,
            fingerprint=event.fingerprint,
            address=event.address,
        )
    elif isinstance(event, w.WatchedTable):
        seats = ", ".join(f"Seat {i + 1}: {name or 'free'}" for i, name in enumerate(event.seats))
        printer.line(
            f"{event.host}'s table of {game_title(event.game)} ({event.phase}). {seats}",
            event="watched_table",
            game=event.game,
            seats=list(event.seats),
            phase=event.phase,
            host=event.host,
        )
    elif isinstance(event, w.WatchersChanged):
        printer.line(_sentence(str(event)), event="watchers", names=list(event.names))
    elif isinstance(event, w.WatchEnded):
        printer.line(_sentence(str(event)), event="watch_ended", reason=event.reason)
    elif isinstance(event, w.WatchFollowing):
        printer.line(_sentence(str(event)), event="watch_following", reason=event.reason)
    elif isinstance(event, w.WatcherCutOff):
        printer.line(_sentence(str(event)), event="watcher_cut_off", name=event.name, why=event.why)
