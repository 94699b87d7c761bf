"""How many phones watch a table from each laptop, as the players hear it: an `app` message
`{"phones": n}` (docs/protocol.md §13) that a laptop sends when the phones at its page change,
at most one every TELL_EVERY seconds, changes in between merged, so that phones coming and
going cannot fill its log. Kept apart from net/phone/ so that the session needs no server."""

from typing import Any

from net.limits import MAX_PHONES

TELL_EVERY = 2.0


def is_phones(data: Any) -> bool:
    """A phones message, well formed (a count from 0 to MAX_PHONES)."""
    if not isinstance(data, dict) or set(data) != {"phones"}:
        return False
    count = data["phones"]
    return type(count) is int and 0 <= count <= MAX_PHONES
