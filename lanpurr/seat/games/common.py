"""Helpers the game layers share."""

from collections.abc import Sequence

from lanpurr.core.cards import Cards, Face, Token
from lanpurr.seat.hidden import is_stand_in, with_faces


def choose_tokens(
    cards: Cards, hand: Sequence[Token], moved: Sequence[Face | None]
) -> tuple[Cards, list[Token]]:
    """The tokens of `hand` that carry the moved faces, as far as this seat can tell.

    A face the seat knows goes with its token; a face it learned only from the masked deck goes
    to a token whose face it did not know (the engine then shows it to whom the rules say); a
    face it does not know leaves any token, since nothing it will see depends on which."""
    faces = cards.faces
    used: set[Token] = set()
    chosen: list[Token] = []
    learned: list[tuple[Token, Face]] = []
    for face in moved:
        token = None
        if face is not None:
            token = next((t for t in hand if t not in used and faces.get(t) == face), None)
        if token is None:
            token = next((t for t in hand if t not in used and is_stand_in(faces.get(t))), None)
        if token is None:
            token = next(t for t in hand if t not in used)
        if face is not None and faces.get(token) != face:
            learned.append((token, face))
        used.add(token)
        chosen.append(token)
    if learned:
        cards = with_faces(cards, learned, ())
    return cards, chosen
