"""Hidden cards: opaque tokens whose holder is public but whose face may not be.

Every physical card in a state is named by a token, a small integer that every peer agrees on.
Where the card sits (which hand, which pile) is kept by the game with tokens only. `Cards` keeps
the other half: the faces this state knows and, for each face, who knows it. A full state knows
every face; a seat's partial state knows only the faces shown to that seat.

A card that moves in secret (a blind draw, a hand reshuffled before a draw) gets a fresh token,
so that nobody who knew the old token can follow it.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

Token = int
Face = str
"""A card's identity in its game, for example "7.0", "M", "Luna-3" or "k01"."""

Seat = int

_NOBODY: frozenset[Seat] = frozenset()


@dataclass(frozen=True, slots=True)
class Cards:
    faces: Mapping[Token, Face] = field(default_factory=dict)
    seen_by: Mapping[Token, frozenset[Seat] | None] = field(default_factory=dict)
    """Who knows each known face; None means face up for everyone."""
    next_token: Token = 0

    def face(self, token: Token) -> Face | None:
        return self.faces.get(token)

    def knows(self, seat: Seat, token: Token) -> bool:
        if token not in self.faces:
            return False
        seers = self.seen_by.get(token, frozenset())
        return seers is None or seat in seers

    def issue(self, count: int) -> tuple["Cards", tuple[Token, ...]]:
        """Reserve `count` fresh tokens (no face yet)."""
        tokens = tuple(range(self.next_token, self.next_token + count))
        return Cards(self.faces, self.seen_by, self.next_token + count), tokens

    def claim(self, tokens: Iterable[Token]) -> "Cards":
        """Note tokens that an event issued, so that later fresh tokens never reuse them."""
        top = max(tokens, default=-1) + 1
        if top <= self.next_token:
            return self
        return Cards(self.faces, self.seen_by, top)

    def show(self, shown: Iterable[tuple[Token, Face]], to: tuple[Seat, ...] | None) -> "Cards":
        """Record that `to` (None: everyone) now knows these faces."""
        faces = dict(self.faces)
        seen_by = dict(self.seen_by)
        for token, face in shown:
            known = faces.get(token)
            if known is not None and known != face:
                raise ValueError(f"token {token} was shown as {known!r}, now as {face!r}")
            faces[token] = face
            before = seen_by.get(token, frozenset())
            if to is None or before is None:
                seen_by[token] = None
            else:
                seen_by[token] = before | frozenset(to)
        return Cards(faces, seen_by, max(self.next_token, max(faces, default=-1) + 1))

    def retire(self, tokens: Iterable[Token]) -> "Cards":
        """Forget tokens that no longer name a card (the card moved on under a fresh token)."""
        gone = set(tokens)
        if not gone:
            return self
        faces = {t: f for t, f in self.faces.items() if t not in gone}
        seen_by = {t: s for t, s in self.seen_by.items() if t not in gone}
        return Cards(faces, seen_by, self.next_token)

    def as_seen_by(self, seat: Seat) -> "Cards":
        """The faces `seat` knows, in a normal form that forgets how they arrived."""
        mine = frozenset((seat,))
        faces: dict[Token, Face] = {}
        seen_by: dict[Token, frozenset[Seat] | None] = {}
        known_by = self.seen_by.get
        for token, face in self.faces.items():
            seers = known_by(token, _NOBODY)
            if seers is None:
                faces[token], seen_by[token] = face, None
            elif seat in seers:
                faces[token], seen_by[token] = face, mine
        return Cards(faces, seen_by, self.next_token)
