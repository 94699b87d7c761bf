"""The evidence of a cheat, saved where a person can find it and anybody can check it:
`<home>/evidence/cheat-<time>-<table>-seat<n>.json`, the accusation with its signed envelopes
(docs/fair-play.md, "When a cheat is named")."""

import json
import logging
import time
from pathlib import Path

from lanpurr.fair.accusation import RULES, Accusation

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
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"cheat-{stamp}-{table.hex()[:8]}-seat{accusation.seat}.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record, indent=2))
    except OSError as error:
        log.warning("could not save the evidence: %s", error)
        return ""
    return str(path)
