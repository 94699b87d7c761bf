"""lanpurr's own card art: every card draws, colour is never the only cue, and high-DPI screens
get real detail rather than an enlarged low-resolution picture."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from lanpurr.games.momistigri.deck import deck_for
from lanpurr.games.purrfect.cats import faces_of
from ui.art import (
    CARD_ASPECT,
    draw_card_back,
    draw_home,
    draw_momistigri_face,
    draw_purrfect_face,
    draw_stray_cat,
    draw_tile,
    momistigri_suit,
    open_sides,
)
from ui.art.palette import PURRFECT_CATS

W = 100


def render(
    paint: Callable[[QPainter, QRectF], None], ratio: float = 1.0, grey: bool = False
) -> QImage:
    size = (round(W * ratio), round(W * CARD_ASPECT * ratio))
    image = QImage(*size, QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(ratio)
    image.fill(QColor("#1f4e4a"))
    painter = QPainter(image)
    paint(painter, QRectF(0, 0, W, W * CARD_ASPECT))
    painter.end()
    return image.convertToFormat(QImage.Format.Format_Grayscale8) if grey else image


def differing(a: QImage, b: QImage, threshold: int = 40) -> int:
    """Pixels whose grey level differs by more than `threshold`."""
    count = 0
    for y in range(0, a.height(), 2):
        for x in range(0, a.width(), 2):
            if abs(QColor(a.pixel(x, y)).value() - QColor(b.pixel(x, y)).value()) > threshold:
                count += 1
    return count


def test_M_2_3_the_card_art_follows_the_deck_colours(qapp: object) -> None:
    # 1.0 and 1.5 are twins (red 1); 2.0 is purple; M is black with the moon (M-2.4, M-2.6).
    assert momistigri_suit("1.0")[1].name == momistigri_suit("1.5")[1].name == "red"
    assert momistigri_suit("2.0")[1].name == "purple"
    assert momistigri_suit("9.0")[1].name == "purple"
    assert momistigri_suit("M") == (10, momistigri_suit("M")[1])
    assert momistigri_suit("M")[1].symbol == "moon"
    symbols = {momistigri_suit(face)[1].symbol for face in deck_for(5)}
    assert symbols == {"yarn", "fish", "mouse", "bell", "feather", "moon"}


def test_every_card_tile_cat_and_home_draws(qtbot: QtBot) -> None:
    blank = render(lambda p, r: None)
    for face in deck_for(5):
        assert render(lambda p, r, f=face: draw_momistigri_face(p, r, f)) != blank
    for cat in PURRFECT_CATS:
        for face in faces_of(cat):
            assert render(lambda p, r, f=face: draw_purrfect_face(p, r, f)) != blank
    assert render(draw_card_back) != blank
    for shape in "ICJ":
        for rotation in (0, 90, 180, 270):
            assert (
                render(lambda p, r, s=shape, a=rotation: draw_tile(p, QRectF(0, 0, W, W), s, a))
                != blank
            )
    for number in range(1, 16):
        assert (
            render(lambda p, r, k=f"k{number:02d}": draw_stray_cat(p, QRectF(0, 0, W, W), k, 2))
            != blank
        )
    assert render(lambda p, r: draw_home(p, QRectF(0, 0, W, W), "A")) != render(
        lambda p, r: draw_home(p, QRectF(0, 0, W, W), "B")
    )


def test_G_2_2_tile_art_opens_the_sides_the_rules_say(qapp: object) -> None:
    assert open_sides("C", 90) == ("E", "S")
    assert set(open_sides("J", 180)) == {"E", "S", "W"}
    straight = render(lambda p, r: draw_tile(p, QRectF(0, 0, W, W), "I", 0))
    turned = render(lambda p, r: draw_tile(p, QRectF(0, 0, W, W), "I", 90))
    # The channel reaches the top edge at rotation 0 and the left edge at rotation 90.
    assert QColor(straight.pixel(W // 2, 2)) != QColor(turned.pixel(W // 2, 2))
    assert QColor(turned.pixel(2, W // 2)) != QColor(straight.pixel(2, W // 2))


SAME_VALUE = ("5.0", "5.1", "5.2", "5.3", "5.4")  # one five of each colour


@pytest.mark.parametrize("strong", [False, True])
def test_M_2_2_suits_differ_even_in_grey(qtbot: QtBot, strong: bool) -> None:
    """Without colour (grey levels only) two suits still look different: the symbol differs,
    and colour-blind mode adds the letter and a texture."""
    greys = [
        render(lambda p, r, f=f: draw_momistigri_face(p, r, f, strong), grey=True)
        for f in SAME_VALUE
    ]
    for i in range(len(greys)):
        for j in range(i + 1, len(greys)):
            assert differing(greys[i], greys[j]) > 10


def test_colour_blind_mode_strengthens_the_symbols(qtbot: QtBot) -> None:
    def spread(strong: bool, faces: list[str], draw: Callable[..., None]) -> int:
        greys = [render(lambda p, r, f=f: draw(p, r, f, strong), grey=True) for f in faces]
        return min(differing(a, b) for k, a in enumerate(greys) for b in greys[k + 1 :])

    assert spread(True, list(SAME_VALUE), draw_momistigri_face) > 1.5 * spread(
        False, list(SAME_VALUE), draw_momistigri_face
    )
    cats = [f"{cat}-1" for cat in PURRFECT_CATS]
    assert spread(True, cats, draw_purrfect_face) > spread(False, cats, draw_purrfect_face)


def sharpness(image: QImage) -> int:
    """Steep grey-level jumps between horizontal neighbours: a crisp edge is one steep jump, an
    enlarged one is spread over several gentle steps."""
    grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
    total = 0
    for y in range(0, grey.height(), 2):
        previous = QColor(grey.pixel(0, y)).value()
        for x in range(1, grey.width()):
            value = QColor(grey.pixel(x, y)).value()
            total += abs(value - previous) > 60
            previous = value
    return total


def test_high_dpi_rendering_draws_real_detail(qtbot: QtBot) -> None:
    paint = lambda p, r: draw_momistigri_face(p, r, "M")  # noqa: E731
    crisp = render(paint, ratio=2.0)
    enlarged = render(paint, ratio=1.0).scaled(
        crisp.width(),
        crisp.height(),
        Qt.AspectRatioMode.IgnoreAspectRatio,
        Qt.TransformationMode.SmoothTransformation,
    )
    assert (crisp.width(), crisp.height()) == (2 * W, round(2 * W * CARD_ASPECT))
    assert differing(crisp, enlarged, threshold=30) > 100
    assert sharpness(crisp) > 1.5 * sharpness(enlarged)
