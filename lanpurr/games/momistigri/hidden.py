"""Cards that move in secret (M-10): a blind draw, a 2+2 designated card, a 4+4 gift.

The holder's hand is re-tokened at the move: its cards get fresh tokens in an order that only
the table's secret knows, and only the holder learns their faces; the moved cards get fresh
tokens that only the two players involved learn. Nobody who knew an old token can follow it.
"""

from hashlib import blake2b

from lanpurr.core.cards import Face, Token
from lanpurr.core.game import Seat
from lanpurr.games.momistigri.state import State


class PartialStateError(ValueError):
    """A secret move was applied to a state that does not know the hidden faces."""


def secret_order(state: State, seat: Seat) -> list[Token]:
    """`seat`'s hand in an order that only the table's secret determines. Positions in this
    order are what a blind draw picks, so the drawer cannot aim at a card it knows."""
    if not state.secret:
        raise PartialStateError(
            "a blind draw or secret move can only be resolved on the full state"
        )
    # Sort by a keyed hash of each token: a uniform random order that costs one small hash
    # per card. The nonce (the next fresh token) differs at every secret move.
    key = state.secret + state.cards.next_token.to_bytes(8, "big")
    return sorted(
        state.hands[seat],
        key=lambda token: blake2b(token.to_bytes(8, "big"), key=key[:64], digest_size=16).digest(),
    )


def fresh_tokens(state: State, count: int) -> tuple[Token, ...]:
    start = state.cards.next_token
    return tuple(range(start, start + count))


def faces_of(state: State, tokens: list[Token] | tuple[Token, ...]) -> list[Face]:
    faces = state.cards.faces
    return [faces[t] for t in tokens]


def split_hand(
    state: State, seat: Seat, moving: list[Token], order: list[Token] | None = None
) -> tuple[tuple[tuple[Token, Face], ...], tuple[tuple[Token, Face], ...]]:
    """Fresh (token, face) pairs for the cards that stay with `seat` and for those that move.
    The cards that stay keep the secret order of the hand, so their new tokens say nothing.
    `order` is `secret_order(state, seat)` when the caller has it already."""
    if order is None:
        order = secret_order(state, seat)
    moving_set = set(moving)
    staying = [t for t in order if t not in moving_set]
    tokens = fresh_tokens(state, len(staying) + len(moving))
    faces = faces_of(state, staying + moving)
    pairs = tuple(zip(tokens, faces, strict=True))
    return pairs[: len(staying)], pairs[len(staying) :]
