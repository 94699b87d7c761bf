"""What the app says about each game, as data: names, one-line descriptions, player counts,
option labels and bot names, all translatable.

Player counts here only label the game cards, so the lobby opens without importing an engine;
the local-game dialog takes the real ranges and options from the engine itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

CONTEXT = "Games"


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # the name lupdate looks for
    """Marks `text` for translation in `context` and returns it unchanged (typed, unlike Qt's)."""
    return text


def tr(text: str) -> str:
    """`text` (marked with QT_TRANSLATE_NOOP("Games", ...)) in the current language."""
    return QCoreApplication.translate(CONTEXT, text)


@dataclass(frozen=True)
class GameInfo:
    game_id: str
    name: str
    """English display name; show it through `tr`."""
    tagline: str
    min_players: int
    max_players: int
    default_players: int


GAMES = (
    GameInfo(
        "momistigri",
        QT_TRANSLATE_NOOP("Games", "Momistigri"),
        QT_TRANSLATE_NOOP(
            "Games", "Draw blind from your neighbour, pair up, and dodge the black cat."
        ),
        3,
        5,
        4,
    ),
    GameInfo(
        "purrfect",
        QT_TRANSLATE_NOOP("Games", "Purrfect"),
        QT_TRANSLATE_NOOP(
            "Games", "Swap cards face down, all at once, until nine of one cat are yours."
        ),
        4,
        7,
        5,
    ),
    GameInfo(
        "gutters",
        QT_TRANSLATE_NOOP("Games", "Not Without My Cat"),
        QT_TRANSLATE_NOOP("Games", "Turn and push gutter tiles to lead stray cats home."),
        1,
        4,
        2,
    ),
)

GAMES_BY_ID = {game.game_id: game for game in GAMES}


def game_name(game_id: str) -> str:
    info = GAMES_BY_ID.get(game_id)
    return tr(info.name) if info else game_id


# Option and value labels, each with a one-line explanation, keyed by the engine's names.
OPTION_LABELS: dict[str, tuple[str, str]] = {
    "strict_discard": (
        QT_TRANSLATE_NOOP("Games", "Must discard"),
        QT_TRANSLATE_NOOP("Games", "When you hold a pair after drawing, you have to put one down."),
    ),
    "five_pair": (
        QT_TRANSLATE_NOOP("Games", "5+5 hands cards to"),
        QT_TRANSLATE_NOOP("Games", "Who gets a card from the pile when someone discards 5+5."),
    ),
    "allow_three": (
        QT_TRANSLATE_NOOP("Games", "Allow three players"),
        QT_TRANSLATE_NOOP("Games", "Play with only three cats and three players."),
    ),
    "mode": (
        QT_TRANSLATE_NOOP("Games", "Mode"),
        QT_TRANSLATE_NOOP("Games", "Everyone for themselves, two teams, all together, or alone."),
    ),
    "board": (
        QT_TRANSLATE_NOOP("Games", "Board"),
        QT_TRANSLATE_NOOP("Games", "The full 4×4 board or a quicker 3×3 one."),
    ),
}

VALUE_LABELS: dict[str, str] = {
    "off": QT_TRANSLATE_NOOP("Games", "off"),
    "on": QT_TRANSLATE_NOOP("Games", "on"),
    "each_opponent": QT_TRANSLATE_NOOP("Games", "every other player"),
    "each_active_including_self": QT_TRANSLATE_NOOP("Games", "every player still in, you too"),
    "competitive": QT_TRANSLATE_NOOP("Games", "everyone for themselves"),
    "teams": QT_TRANSLATE_NOOP("Games", "two teams of two"),
    "coop": QT_TRANSLATE_NOOP("Games", "all together"),
    "solo": QT_TRANSLATE_NOOP("Games", "solo"),
    "standard": QT_TRANSLATE_NOOP("Games", "standard 4×4"),
    "mini": QT_TRANSLATE_NOOP("Games", "mini 3×3"),
}

BEGINNER = QT_TRANSLATE_NOOP("Games", "Beginner")
MEDIUM = QT_TRANSLATE_NOOP("Games", "Medium")
CLEVER = QT_TRANSLATE_NOOP("Games", "Clever")

BOT_LABELS: dict[str, str] = {
    # One set of names wherever a bot is chosen: the engines' bots on this laptop...
    "random": BEGINNER,
    "heuristic": CLEVER,
    "planner": CLEVER,
    # ...and the levels of a hosted table.
    "easy": BEGINNER,
    "normal": MEDIUM,
    "medium": MEDIUM,
    "clever": CLEVER,
    "hard": CLEVER,
}

BOT_HINTS: dict[str, str] = {
    BEGINNER: QT_TRANSLATE_NOOP("Games", "plays at random: good for learning the rules"),
    MEDIUM: QT_TRANSLATE_NOOP("Games", "plays sensibly, with a few slips"),
    CLEVER: QT_TRANSLATE_NOOP("Games", "plays its best"),
}


def option_label(name: str) -> tuple[str, str]:
    """(label, one-line explanation) of an option; unknown options show their own name."""
    label, explanation = OPTION_LABELS.get(name, (name.replace("_", " "), ""))
    return tr(label), tr(explanation) if explanation else ""


def value_label(value: str) -> str:
    return tr(VALUE_LABELS[value]) if value in VALUE_LABELS else value.replace("_", " ")


def bot_label(bot: str) -> str:
    return tr(BOT_LABELS[bot]) if bot in BOT_LABELS else bot.replace("_", " ").capitalize()


def bot_hint(bot: str) -> str:
    """One line on how a bot level plays (empty for an unknown bot)."""
    label = BOT_LABELS.get(bot)
    return tr(BOT_HINTS[label]) if label in BOT_HINTS else ""
