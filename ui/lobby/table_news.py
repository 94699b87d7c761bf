"""What a player reads of the table's news: each network event the lobby shows as words, with
the line it goes to (`NEWS`, one entry per event type).

The words are `Said` callables, translated when shown, so that a change of language says them
again. Nothing here touches the network: an event is a frozen record of net/events.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication

from net import events
from ui.said import Said, sentence


def _tr(text: str, *values: str) -> str:
    """`text` (already in the player's language) with %1, %2… replaced by `values`."""
    for number, value in enumerate(values, start=1):
        text = text.replace(f"%{number}", value)
    return text


translate = QCoreApplication.translate


def left_words(name: str, then: str) -> str:
    """A player who left the table (on purpose, or gone past the grace period), and what the
    game does next under the table's setting (`then`: "bot", "end" or "")."""
    if then == "bot":
        return _tr(
            translate(
                "NetworkClient", "%1 left the table: a bot takes their seat and the game goes on."
            ),
            name,
        )
    if then == "end":
        return _tr(translate("NetworkClient", "%1 left the table: the game ends."), name)
    return _tr(translate("NetworkClient", "%1 left the table."), name)


def joined_text(joined: events.Joined) -> Said:
    """What a player reads on joining: whose table, and the host's fingerprint to compare with
    the one on the host's screen."""
    host, fingerprint = joined.host, joined.fingerprint
    if joined.checked:
        return lambda: _tr(
            translate(
                "NetworkClient", "You joined %1's table. Its host proved its fingerprint, %2."
            ),
            host,
            fingerprint,
        )
    return lambda: _tr(
        translate(
            "NetworkClient",
            "You joined %1's table. Its fingerprint is %2: check that the host's screen shows the "
            "same.",
        ),
        host,
        fingerprint,
    )


def _waiting(event: events.PeerWaiting) -> Said:
    minutes, seconds = divmod(max(event.seconds_left, 0), 60)
    name = event.name
    return lambda: _tr(
        translate("NetworkClient", "Waiting for %1 (reconnecting, %2 left)"),
        name,
        f"{minutes}:{seconds:02d}",
    )


def _back(event: events.PeerBack) -> Said:
    name = event.name
    return lambda: _tr(translate("NetworkClient", "%1 is back."), name)


def _relayed(event: events.PlaysRelayed) -> Said:
    name, via = event.name, event.via
    return lambda: _tr(
        translate(
            "NetworkClient", "%1's laptop cannot reach yours directly: playing through %2's laptop."
        ),
        name,
        via,
    )


def _refused(event: events.RefusedHere) -> Said:
    name, reason = event.name, event.reason
    return lambda: _tr(
        translate(
            "NetworkClient",
            "%1's laptop refuses yours (it says: “%2”): its plays come through the other laptops, "
            "if they hand them on.",
        ),
        name,
        reason,
    )


def _left(event: events.PeerGone | events.PeerLeft) -> Said:
    name, then = event.name, getattr(event, "then", "")
    return lambda: left_words(name, then)


def _closed(event: events.TableClosed) -> Said:
    if event.removed:
        return lambda: _tr(translate("NetworkClient", "The host removed you from the table."))
    reason = sentence(event.reason)
    return lambda: _tr(translate("NetworkClient", "The table was closed: %1"), reason)


def _plain(text: Callable[[Any], str]) -> Callable[[Any], Said]:
    """Words the network layer gave, as a sentence (they are not translated)."""
    return lambda event: sentence(text(event))


@dataclass(frozen=True)
class News:
    """How the lobby shows one kind of event: its words, and where they go."""

    words: Callable[[Any], Said]
    line: str
    """"table": the table's news line, true while this laptop sits there; "passing": the same
    line, true only for a moment; "notice": the window's status line."""


NEWS: dict[type, News] = {
    events.Joined: News(joined_text, "table"),
    events.PeerWaiting: News(_waiting, "table"),
    events.PeerBack: News(_back, "passing"),
    events.PlaysRelayed: News(_relayed, "table"),
    events.RefusedHere: News(_refused, "table"),
    events.PeerGone: News(_left, "table"),
    events.PeerLeft: News(_left, "table"),
    events.TableClosed: News(_closed, "notice"),
    events.JoinRefused: News(_plain(lambda e: e.reason), "notice"),
    events.RequestRefused: News(_plain(lambda e: e.reason), "notice"),
    events.CheaterCaught: News(_plain(str), "notice"),
}
"""Every event the lobby shows as words only (the others change what it shows)."""
