"""The evidence of a cheat, saved where a person can find it and anybody can check it:
`<home>/evidence/cheat-<time>-<table>-seat<n>.json`, the accusation with its signed envelopes
(docs/fair-play.md, "When a cheat is named").

`cheat` and `cut_off` build a file's name and content, with no I/O; `write` writes it, for the
driver (`LaptopGame` is handed it as its `keep`)."""

import json
import logging
import time
from pathlib import Path
from typing import Any

from lanpurr.fair.accusation import RULES, Accusation
from lanpurr.fair.envelope import Envelope

log = logging.getLogger("lanpurr.net")


Kept = tuple[str, dict[str, Any]]
"""An evidence file's name (its time stamp left out) and its content."""


def cheat(table: bytes, game: str, number: int, accusation: Accusation, name: str) -> Kept:
    """The evidence of a seat named for a cheat."""
    record = {
        "table": table.hex(),
        "game": game,
        "game_number": number,
        "seat": accusation.seat,
        "name": name,
        "rule": accusation.rule,
        "rule_text": RULES.get(accusation.rule, ""),
        "detail": accusation.detail,
        "when": accusation.when,
        "message": (
            [accusation.message[0].hex(), accusation.message[1]] if accusation.message else None
        ),
        "envelopes": [e.encode().hex() for e in accusation.evidence],
        "how_to_check": "each envelope is a signed lanpurr message (docs/fair-play.md)",
    }
    return f"{table.hex()[:8]}-seat{accusation.seat}", record


def cut_off(
    table: bytes,
    game: str,
    number: int,
    laptop: str,
    why: str,
    envelopes: tuple[Envelope, Envelope],
) -> Kept:
    """The evidence against a laptop the table cut off: two messages it signed under one
    number."""
    record = {
        "table": table.hex(),
        "game": game,
        "game_number": number,
        "laptop": laptop,
        "what": why,
        "envelopes": [e.encode().hex() for e in envelopes],
        "how_to_check": (
            "two signed lanpurr messages with the same sender and sequence number and "
            "different bodies (docs/protocol.md)"
        ),
    }
    return f"{table.hex()[:8]}-{envelopes[0].sender.hex()[:8]}", record


def write(folder: Path, kept: Kept) -> str:
    """Write an evidence file into `folder`; its path, or "" when it could not be written
    (logged)."""
    name, record = kept
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"cheat-{stamp}-{name}.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record, indent=2))
    except OSError as error:
        log.warning("could not save the evidence: %s", error)
        return ""
    return str(path)
