"""The evidence of a cheat, saved where a person can find it and anybody can check it:
`<home>/evidence/cheat-<time>-<table>-seat<n>.json`, the accusation with its signed envelopes
(docs/fair-play.md, "When a cheat is named")."""

import json
import logging
import time
from pathlib import Path
from typing import Any

from lanpurr.fair.accusation import RULES, Accusation
from lanpurr.fair.envelope import Envelope

log = logging.getLogger("lanpurr.net")


def save(
    folder: Path, table: bytes, game: str, number: int, accusation: Accusation, name: str
) -> str:
    """Write the evidence file; its path, or "" when it could not be written (logged)."""
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
    return _write(folder, f"{table.hex()[:8]}-seat{accusation.seat}", record)


def save_envelopes(
    folder: Path,
    table: bytes,
    game: str,
    number: int,
    laptop: str,
    why: str,
    envelopes: tuple[Envelope, Envelope],
) -> str:
    """The evidence against a laptop the table cut off: two messages it signed under one
    number (its path, or "" when it could not be written)."""
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
    return _write(folder, f"{table.hex()[:8]}-{envelopes[0].sender.hex()[:8]}", record)


def _write(folder: Path, name: str, record: dict[str, Any]) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"cheat-{stamp}-{name}.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record, indent=2))
    except OSError as error:
        log.warning("could not save the evidence: %s", error)
        return ""
    return str(path)
