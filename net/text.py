"""Text a peer controls, made safe to print on a terminal or draw in a window.

A peer chooses its name, its chat, the TXT record of its listing and the reasons it gives for a
refusal. Any of them may hold terminal escapes (`ESC [2J` clears the screen, `ESC ] 0;` retitles
the window), carriage returns and newlines (a fake line "the host closed the table"), or
bidirectional overrides that reverse what follows. `clean` keeps the visible characters only;
`shown` does the same for any plain value (a chat message may be a list or a map). The network
layer cleans at its boundary (names, reasons, listings, log lines); the CLI and the app clean
again before printing, so nothing depends on one place being right.
"""

import logging
import re
import unicodedata
from typing import Any

_ESCAPE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]?|\][^\x07\x1b]*(\x07|\x1b\\)?|[@-_]?)")
"""CSI sequences, OSC sequences (to BEL or ST), and the two-character escapes."""
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Control, format (bidi overrides, zero-width), surrogate, private, unassigned, separators."""


def clean(text: object, limit: int = 400) -> str:
    """`text` with escapes and invisible characters removed, whitespace runs as one space,
    and at most `limit` characters (an ellipsis marks a cut)."""
    raw = text if isinstance(text, str) else str(text)
    raw = _ESCAPE.sub("", raw)
    kept: list[str] = []
    for ch in raw:
        if ch.isspace():
            if kept and kept[-1] != " ":
                kept.append(" ")
        elif unicodedata.category(ch) not in _INVISIBLE:
            kept.append(ch)
    result = "".join(kept).strip()
    if len(result) > limit:
        result = result[: max(limit - 1, 0)] + "…"
    return result


def shown(value: Any, limit: int = 400) -> str:
    """Any plain value (str, number, bytes, list, map) as one clean line of at most `limit`."""
    if isinstance(value, str):
        return clean(value, limit)
    if isinstance(value, bytes):
        return clean(f"<{len(value)} bytes>", limit)
    return clean(repr(_bounded(value, 64)), limit)


def _bounded(value: Any, room: int) -> Any:
    """A copy of `value` with at most `room` items overall, so repr stays cheap."""
    if isinstance(value, list | tuple):
        return [_bounded(v, room // 2) for v in value[: max(room, 1)]]
    if isinstance(value, dict):
        return {
            clean(k, 40): _bounded(v, room // 2) for k, v in list(value.items())[: max(room, 1)]
        }
    if isinstance(value, str):
        return clean(value, 200)
    if isinstance(value, bytes):
        return f"<{len(value)} bytes>"
    return value


class CleanLogRecords(logging.Filter):
    """Cleans the arguments of every log record, since they often hold a peer's words."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                clean(a, 300) if isinstance(a, str | bytes) else a for a in record.args
            )
        return True


_LOGGER = logging.getLogger("lanpurr.net")
if not any(isinstance(f, CleanLogRecords) for f in _LOGGER.filters):
    _LOGGER.addFilter(CleanLogRecords())
