"""The rules of the three games (docs/rules/, kept identical to the team's shared copy)."""

import re
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"
PREFIX = {"momistigri": "M", "purrfect": "P", "gutters": "G"}


def rules_text(game: str) -> str:
    return (RULES_DIR / f"{game}.md").read_text()


def rule_ids(game: str) -> set[str]:
    """Every rule id (M-6.4, P-5.7, G-12.3, ...) the rules file of `game` names."""
    return set(re.findall(rf"\b{PREFIX[game]}-\d+(?:\.\d+)*\b", rules_text(game)))
