"""Colours and symbols of lanpurr's own card art, as data.

Every colour that tells cards apart comes with a symbol or a letter too (M-2.2, P-2.1), so the
art never relies on colour alone.
"""

from dataclasses import dataclass

from PySide6.QtGui import QColor


@dataclass(frozen=True)
class Suit:
    """One Momistigri colour: its frame colour, a paler tint, its symbol and a letter."""

    name: str
    frame: str
    tint: str
    symbol: str
    letter: str


# M-2.2: colour index -> colour and symbol. Letters are the English initials; the symbol is the
# cue that works in every language.
MOMISTIGRI_SUITS: tuple[Suit, ...] = (
    Suit("red", "#c8413b", "#f6d9d5", "yarn", "R"),
    Suit("blue", "#2f6db3", "#d6e4f4", "fish", "B"),
    Suit("green", "#3c8c4a", "#d7ecd9", "mouse", "G"),
    Suit("yellow", "#d9a21b", "#f8ecc6", "bell", "Y"),
    Suit("purple", "#7b4aa8", "#e6dbf1", "feather", "P"),
)
MISTIGRI_SUIT = Suit("black", "#1e1c24", "#3a3744", "moon", "K")


@dataclass(frozen=True)
class PurrfectCat:
    """One Purrfect cat (P-2.1): name, initial, frame colour and coat colours."""

    name: str
    initial: str
    frame: str
    coat: str
    pattern: str
    """A texture drawn on the frame in colour-blind mode: each cat has its own."""


PURRFECT_CATS: dict[str, PurrfectCat] = {
    cat.name: cat
    for cat in (
        PurrfectCat("Luna", "L", "#7d4fb5", "#d9d2e6", "dots"),
        PurrfectCat("Milo", "M", "#e07a1f", "#f0b36b", "stripes"),
        PurrfectCat("Nala", "N", "#c9a013", "#f3dc8c", "waves"),
        PurrfectCat("Oscar", "O", "#24406e", "#5d6b84", "checks"),
        PurrfectCat("Pepper", "P", "#7a7a7a", "#b9b9b9", "crosses"),
        PurrfectCat("Simba", "S", "#c0392b", "#e8a27a", "zigzag"),
        PurrfectCat("Tigre", "T", "#2e8b57", "#c9a36a", "diagonal"),
    )
}

# P-2.2: the pose of `Cat-k`. Artwork only.
PURRFECT_POSES: dict[int, str] = {
    1: "sitting",
    2: "sleeping",
    3: "stretching",
    4: "pouncing",
    5: "grooming",
    6: "playing",
    7: "walking",
    8: "curled",
    9: "yawning",
}

# G-2.3: coat colours of the stray cats, so that each portrait looks like its own cat.
STRAY_COATS: dict[str, tuple[str, str]] = {
    "k01": ("#e9c38b", "#b5834a"),
    "k02": ("#f2f2f2", "#9a9a9a"),
    "k03": ("#8d8d8d", "#555555"),
    "k04": ("#c7b299", "#8a7157"),
    "k05": ("#ffffff", "#e08e3c"),
    "k06": ("#d9a066", "#8b5a2b"),
    "k07": ("#e8883a", "#b4571b"),
    "k08": ("#3a3a3a", "#f5f5f5"),
    "k09": ("#a8b5a0", "#5f6b58"),
    "k10": ("#2d2d2d", "#ffffff"),
    "k11": ("#f0d9a8", "#c99a4a"),
    "k12": ("#6b6b7a", "#3c3c48"),
    "k13": ("#f7f0e6", "#c9b8a0"),
    "k14": ("#b0562b", "#6e2f12"),
    "k15": ("#55575e", "#2b2c30"),
}

CARD_CREAM = "#fbf6ea"
CARD_INK = "#2b2622"
CARD_BACK = "#2c5d63"
CARD_BACK_PAW = "#e7c98f"
ROOF = "#b5643c"
ROOF_DARK = "#8e4526"
GUTTER = "#8fa3ad"
GUTTER_DARK = "#50616b"
HOME_COLOURS = {"A": "#3f7fbf", "B": "#d1702c"}


def qcolor(hex_colour: str, alpha: int = 255) -> QColor:
    colour = QColor(hex_colour)
    colour.setAlpha(alpha)
    return colour
