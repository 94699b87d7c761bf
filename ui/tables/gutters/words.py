"""What the No sin mi gato table says: the banner, the ratings, the rows of the score list.

The strings keep the translation context `GuttersTable`, the view's class, so every catalogue
entry stays where it was.
"""

from PySide6.QtCore import QCoreApplication

from lanpurr.games.gutters.components import CATS
from lanpurr.games.gutters.state import GuttersState
from lanpurr.games.gutters.variants import COOP, SOLO, TEAMS, teams_of
from ui.tables.gutters.choices import GuttersChoices

translate = QCoreApplication.translate
"""Every string here is asked in the view class's context, "GuttersTable", as `tr()` did."""


def rating_text(view: GuttersChoices, text: str) -> str:
    ratings = {
        "Best friend of the cats!": translate("GuttersTable", "Best friend of the cats!"),
        "Second-best friend of the cats!": translate(
            "GuttersTable", "Second-best friend of the cats!"
        ),
        "Good job.": translate("GuttersTable", "Good job."),
        "Not bad.": translate("GuttersTable", "Not bad."),
        "You can do better.": translate("GuttersTable", "You can do better."),
        "It will do this time.": translate("GuttersTable", "It will do this time."),
        "Poor cats.": translate("GuttersTable", "Poor cats."),
    }
    return ratings.get(text, text)


def banner(view: GuttersChoices) -> tuple[str, str, bool]:
    s: GuttersState = view.state
    if view.result is not None or s.phase == "over":
        return (
            translate("GuttersTable", "Game over"),
            translate("GuttersTable", "Every cat has found its home."),
            False,
        )
    if s.phase != "play":
        return (
            translate("GuttersTable", "Setting up the roofs"),
            translate("GuttersTable", "Dealing the tiles…"),
            False,
        )
    left = translate("GuttersTable", "actions left: {n}").format(n=s.actions_left)
    if view.my_turn():
        return (
            translate("GuttersTable", "Your turn"),
            translate(
                "GuttersTable",
                "Click a tile to turn it, or push the top tile in from an arrow — {left}",
            ).format(left=left),
            True,
        )
    name = view.names[s.active]
    return (
        translate("GuttersTable", "{name}'s turn").format(name=name),
        translate("GuttersTable", "{name} is moving the gutters — {left}").format(
            name=name, left=left
        ),
        False,
    )


def score_rows(view: GuttersChoices, s: GuttersState) -> list[tuple[str, int, int, bool]]:
    rows = []
    for side in teams_of(s.mode, s.players):
        faces = [f for seat in side for f in s.won_faces(seat)]
        score = sum(CATS[f][1] for f in faces if f in CATS)
        if s.mode in (COOP, SOLO) and s.players > 1:
            name = translate("GuttersTable", "The group")
        elif s.mode == TEAMS:
            name = " + ".join(view.names[seat] for seat in side)
        else:
            name = view.names[side[0]]
        rows.append((name, score, len(faces), s.active in side and s.phase == "play"))
    return rows


def score_history(view: GuttersChoices) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """No list of rounds: a game of No sin mi gato is played in one go, and its scores stand on
    the side panel (`score_rows`)."""
    return [], []
