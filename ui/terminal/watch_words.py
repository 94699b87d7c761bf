"""The lines the terminal prints about watching: who watches, the watched table, the end."""

from typing import Any, Protocol

from net import watch_events as w
from ui.terminal.speech import tr
from ui.terminal.table_words import PHASES
from ui.terminal.terminal_words import game_title, sentence


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
        lines = [tr("watch.hands_shown")]
        for seat, hand in enumerate(getattr(step.view, "hands", ())):
            held = [faces[token] for token in hand if token in faces]
            if held:
                lines.append(f"  {words.who(seat, me)}: {words.cards(held)}")
        return "\n".join(lines) if len(lines) > 1 else ""
    return ""


def say(printer: _Printer, event: object) -> None:
    """One line for a watch event (`--json`: its fields, named as below)."""
    if isinstance(event, w.Watching):
        printer.line(
            sentence(
                tr(
                    "watch.watching",
                    host=event.host,
                    address=event.address,
                    fingerprint=event.fingerprint,
                )
            ),
            event="watching",
            host=event.host,
            fingerprint=event.fingerprint,
            address=event.address,
        )
    elif isinstance(event, w.WatchedTable):
        seats = ", ".join(
            tr("state.seat", n=i + 1, who=name or tr("state.free"))
            for i, name in enumerate(event.seats)
        )
        phase = tr(f"phase.{event.phase}") if event.phase in PHASES else event.phase
        game = game_title(event.game)
        printer.line(
            tr("watch.table", host=event.host, game=game, phase=phase, seats=seats),
            event="watched_table",
            game=event.game,
            seats=list(event.seats),
            phase=event.phase,
            host=event.host,
        )
    elif isinstance(event, w.WatchersChanged):
        said = tr("watch.watchers", names=", ".join(event.names)) if event.names else ""
        printer.line(sentence(said or tr("watch.nobody")), event="watchers",
                     names=list(event.names))  # fmt: skip
    elif isinstance(event, w.WatchEnded):
        said = sentence(tr("watch.ended", reason=event.reason))
        printer.line(said, event="watch_ended", reason=event.reason)
    elif isinstance(event, w.WatchFollowing):
        said = sentence(tr("watch.following", reason=event.reason))
        printer.line(said, event="watch_following", reason=event.reason)
    elif isinstance(event, w.WatcherCutOff):
        said = sentence(tr("watch.cut_off", name=event.name, why=event.why))
        printer.line(said, event="watcher_cut_off", name=event.name, why=event.why)
