"""The games on the fair table: how each engine's hidden moves map onto masked-deck steps,
how bots play a round over an in-memory table, and how the audit replays a round."""

from collections.abc import Sequence

from lanpurr.core.cards import Cards, Face, Token


def with_dealt_faces(
    cards: Cards, hands: Sequence[Sequence[Token]], hand_faces: Sequence[Sequence[Face]]
) -> Cards:
    """`cards` with every dealt hand showing the faces the masked deck dealt. The engine's own
    deal then serves only as the plan: which seat holds which tokens."""
    faces = dict(cards.faces)
    for hand, dealt in zip(hands, hand_faces, strict=True):
        if len(hand) != len(dealt):
            raise ValueError("the masked deal does not match the engine's hand sizes")
        faces.update(zip(hand, dealt, strict=True))
    return Cards(faces, cards.seen_by, cards.next_token)
