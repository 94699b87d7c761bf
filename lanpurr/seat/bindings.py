"""Which masked slot holds which card: the token -> slot bindings every seat keeps alike.

A game whose cards the table follows by token (Purrfect: offers and acceptances name their
tokens in public) binds each token to its masked slot, from public facts only: the deal's slots,
the slots a move names for the cards it offers or commits (checked at its place), the slots a
transfer moved. A card handed over is then exactly the slot bound to its token, and a move that
names a slot bound to another token, or a token bound to another slot, is caught at once. A
binding goes when its slot does (a re-shuffle re-masks the hand into fresh slots).
"""

from collections.abc import Callable, Iterable

from lanpurr.core.cards import Token


class Bindings:
    def __init__(self) -> None:
        self.slot_of: dict[Token, int] = {}
        self.token_at: dict[int, Token] = {}

    def clear(self) -> None:
        self.slot_of.clear()
        self.token_at.clear()

    def conflict(self, pairs: Iterable[tuple[Token, int]]) -> str:
        """What is wrong with binding these (token, slot) pairs: "" when each agrees with
        every binding kept (and with the others)."""
        slot_of = dict(self.slot_of)
        token_at = dict(self.token_at)
        for token, slot in pairs:
            bound = slot_of.get(token)
            if bound is not None and bound != slot:
                return f"named slot {slot} for card {token}, which is bound to slot {bound}"
            other = token_at.get(slot)
            if other is not None and other != token:
                return f"named slot {slot} for card {token}, but slot {slot} holds card {other}"
            slot_of[token] = slot
            token_at[slot] = token
        return ""

    def bind(self, pairs: Iterable[tuple[Token, int]]) -> None:
        for token, slot in pairs:
            self.slot_of[token] = slot
            self.token_at[slot] = token

    def slots(self, tokens: Iterable[Token]) -> list[int]:
        """The bound slots of these tokens, in order (KeyError: one is not bound)."""
        return [self.slot_of[t] for t in tokens]

    def prune(self, live: Callable[[int], bool]) -> None:
        """Drop every binding whose slot is gone (handed over, re-shuffled)."""
        for slot in [s for s in self.token_at if not live(s)]:
            token = self.token_at.pop(slot)
            if self.slot_of.get(token) == slot:
                del self.slot_of[token]
