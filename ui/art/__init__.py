"""lanpurr's own card art, drawn with QPainter: cats, card faces and backs, tiles and homes."""

from ui.art.cards import (
    CARD_ASPECT,
    draw_card_back,
    draw_momistigri_face,
    draw_paw,
    draw_purrfect_face,
    momistigri_suit,
    purrfect_cat_of,
)
from ui.art.cat import draw_cat
from ui.art.gutters import draw_home, draw_stray_cat, draw_tile, open_sides
from ui.art.symbols import draw_symbol

__all__ = [
    "CARD_ASPECT",
    "draw_card_back",
    "draw_cat",
    "draw_home",
    "draw_momistigri_face",
    "draw_paw",
    "draw_purrfect_face",
    "draw_stray_cat",
    "draw_symbol",
    "draw_tile",
    "momistigri_suit",
    "open_sides",
    "purrfect_cat_of",
]
