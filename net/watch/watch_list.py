"""Who watches a table, as the members hear it: the host's `app` message
`{"watchers": [name, ...]}` (docs/protocol.md §12), sent each time a watcher comes or goes."""

from typing import Any, Protocol

from net.events import Event
from net.limits import MAX_WATCHERS
from net.table_state import TableState
from net.text import clean
from net.watch_events import WatchersChanged


class _Session(Protocol):
    state: TableState | None

    def emit(self, event: Event) -> None: ...


def is_watchers(data: Any) -> bool:
    """A watchers message, well formed (at most MAX_WATCHERS names of at most 64 characters)."""
    if not isinstance(data, dict) or set(data) != {"watchers"}:
        return False
    names = data["watchers"]
    return (
        isinstance(names, list)
        and len(names) <= MAX_WATCHERS
        and all(isinstance(n, str) and len(n) <= 64 for n in names)
    )


def heard(session: _Session, sender: bytes, data: dict[str, Any], replayed: bool) -> None:
    """Only the host says who watches; from anyone else the message means nothing."""
    state = session.state
    if state is None or sender != state.host:
        return
    session.emit(WatchersChanged(tuple(clean(n, 32) for n in data["watchers"])))
