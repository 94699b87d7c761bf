"""The rules of each game in English, Italian and Spanish, readable inside the app.

Texts live next to this module as `<game>.<lang>.md`, written for players (the authoritative
rules with their ids are in the project's rules files; these are the summaries a player learns
from).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QWidget

RULES_DIR = Path(__file__).resolve().parent


def rules_path(game_id: str, language: str) -> Path:
    return RULES_DIR / f"{game_id}.{language}.md"


def rules_text(game_id: str, language: str) -> str:
    """The rules of `game_id` in `language`, falling back to English if missing."""
    path = rules_path(game_id, language)
    if not path.exists():
        path = rules_path(game_id, "en")
    if not path.exists():
        raise FileNotFoundError(f"no rules for game {game_id!r} in {RULES_DIR}")
    return path.read_text(encoding="utf-8")


def show_rules(game_id: str, parent: QWidget | None = None) -> QWidget:
    """Open (or raise) the rules viewer on `game_id`, in the app's language; does not block."""
    from ui.rules.viewer import RulesViewer

    viewer = RulesViewer.open_for(game_id, parent)
    return viewer
