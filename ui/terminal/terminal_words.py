"""A game in words, for a person playing `lanpurr join` at a terminal.

Cards by colour and value ("red 5", "the Mistigri", "Luna"), moves as sentences ("Discard red 5
and blue 5 as a pair"), the table as a few lines, and moves numbered so that a number keeps
meaning the same move until the player acts or the move stops being legal (in Purrfect the
legal moves change while you read them). Colour only where the terminal shows it: stdout is a
terminal and NO_COLOR is not set (https://no-color.org).
"""

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from ui.terminal.speech import join_words, tr, tr_n

_ANSI = {
    # Momistigri's colours (M-2.2) and Purrfect's cats (P-2.1), as terminal colours.
    "red": "31",
    "blue": "34",
    "green": "32",
    "yellow": "33",
    "purple": "35",
    "violet": "35",
    "black": "1",
    "orange": "38;5;208",
    "gold": "33",
    "navy": "34",
    "grey": "90",
}


GAME_TITLES = ("momistigri", "purrfect", "gutters")
"""The games with a name in the catalogues (the id `gutters` is for the wire only)."""


def game_title(game: str) -> str:
    """Each game's name as the players know it, in their language (the app's words)."""
    return tr(f"game.{game}") if game in GAME_TITLES else game.capitalize()


def sentence(text: str) -> str:
    """`text` starting with a capital letter."""
    return text[:1].upper() + text[1:]


def colour_wanted(stream: TextIO, environ: dict[str, str] | None = None) -> bool:
    """Whether to colour text written to `stream`."""
    env = os.environ if environ is None else environ
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and not env.get("NO_COLOR")


@dataclass(frozen=True)
class Words:
    """How to say a game's things: in colour or not, and who sits where."""

    game: str
    names: tuple[str, ...]
    colour: bool = False

    def paint(self, text: str, colour: str) -> str:
        code = _ANSI.get(colour)
        return f"\x1b[{code}m{text}\x1b[0m" if self.colour and code else text

    def who(self, seat: int | None, me: int | None) -> str:
        if seat is None:
            return tr("who.nobody")
        if seat == me:
            return tr("who.you")
        return self.names[seat] if 0 <= seat < len(self.names) else tr("who.seat", n=seat + 1)

    # -- cards ---------------------------------------------------------------------------

    def card(self, face: str | None) -> str:
        """One card face up; "a hidden card" when this laptop may not see it."""
        if face is None:
            return tr("card.hidden")
        if self.game == "momistigri":
            from lanpurr.games.momistigri.deck import MISTIGRI, colour_of, value_of

            if face == MISTIGRI:
                return self.paint(tr("card.mistigri"), "black")
            colour = colour_of(face)
            said = tr("card.momistigri", colour=tr(f"colour.{colour}"), value=value_of(face))
            return self.paint(said, colour)
        if self.game == "purrfect":
            from lanpurr.games.purrfect.cats import CATS

            name = face.split("-")[0]
            colour = next((cat.colour for cat in CATS if cat.name == name), "")
            return self.paint(name, colour)
        return face

    def cards(self, faces: Iterable[str | None]) -> str:
        return join_words([self.card(face) for face in faces]) or tr("cards.none")


def progress_text(words: Words | None, step: str, seat: int | None, me: int | None) -> str:
    """What the table is doing (net.events.GameProgress), for a person at a terminal; "" for
    a step that needs no line (the game is being played)."""
    if step == "shuffling":
        if seat is not None and seat == me:
            return tr("progress.shuffling_you")
        who = words.who(seat, me) if words is not None else tr("who.seat", n=(seat or 0) + 1)
        return tr("progress.shuffling", name=who)
    if step in ("starting", "keys", "seeds", "dealing", "checking", "between"):
        return tr(f"progress.{step}")
    return ""


# -- moves ---------------------------------------------------------------------------------


def describe_move(words: Words, view: Any, action: Any, me: int | None) -> str:
    """A legal move of mine as a sentence."""
    describe = {
        "momistigri": _momistigri_move,
        "purrfect": _purrfect_move,
        "gutters": _gutters_move,
    }.get(words.game)
    return describe(words, view, action, me) if describe else _plain_move(action)


def _face(view: Any, token: Any) -> str | None:
    face = view.cards.face(token)
    return None if face is None else str(face)


def _momistigri_move(words: Words, view: Any, action: Any, me: int | None) -> str:
    from lanpurr.games.momistigri import actions as m

    if isinstance(action, m.Draw):
        previous = view.previous_player(me) if me is not None else None
        holder = view.hands[previous] if previous is not None else ()
        whose = words.who(previous, me)
        if not action.picks:
            return tr("move.take_chosen", name=whose)
        if len(action.picks) == 1:
            return tr("move.draw", n=action.picks[0] + 1, size=len(holder), name=whose)
        positions = join_words([str(p + 1) for p in action.picks])
        return tr("move.draw_many", positions=positions, size=len(holder), name=whose)
    if isinstance(action, m.DiscardPair):
        pair = words.cards(action.faces)
        if action.reverse:
            return tr("move.discard_reverse", pair=pair)
        return tr("move.discard", pair=pair)
    if isinstance(action, m.Swap):
        put, take = words.card(action.put_face), words.card(_face(view, action.take))
        if action.put == action.take:
            return tr("move.swap_back", put=put)
        return tr("move.swap", put=put, take=take)
    if isinstance(action, m.Designate):
        nxt = words.who(view.next_player(me) if me is not None else None, me)
        return tr("move.designate", name=nxt, card=words.card(_face(view, action.card)))
    if isinstance(action, m.Give):
        card = words.card(_face(view, action.card))
        return tr("move.give", card=card, name=words.who(action.to, me))
    if isinstance(action, m.HandOut):
        return tr("move.hand_out", card=words.card(action.face), name=words.who(action.to, me))
    if isinstance(action, m.Pass):
        return tr("move.pass")
    if isinstance(action, m.EndTurn):
        return tr("move.end_turn")
    return _plain_move(action)


def _purrfect_move(words: Words, view: Any, action: Any, me: int | None) -> str:
    from lanpurr.games.purrfect import actions as p

    if isinstance(action, p.OpenOffer):
        faces = [_face(view, t) for t in action.cards]
        word = view.meow_key[len(action.cards) - 1] if view.meow_key else ""
        cats = tr_n("move.offer", len(faces), cat=_cat_name(words, faces[0]))
        return tr("move.offer_saying", cats=cats, word=word) if word else cats
    if isinstance(action, p.WithdrawOffer):
        return tr("move.withdraw")
    if isinstance(action, p.AcceptOffer):
        offer = view.offer_by_id(action.offer_id)
        whose = words.who(offer.seat if offer is not None else None, me)
        faces = [_face(view, t) for t in action.cards]
        return tr_n("move.accept", len(faces), name=whose, cat=_cat_name(words, faces[0]))
    if isinstance(action, p.DeclarePurrfect):
        return tr("move.declare")
    if isinstance(action, p.TakeAcceptance):
        return tr("move.take_acceptance", name=words.who(action.acceptor, me))
    return _plain_move(action)


def _plain_move(action: Any) -> str:
    """A move this terminal has no sentence for, named by its kind (never a Python repr)."""
    kind = type(action).__name__
    spaced = "".join(f" {c.lower()}" if c.isupper() else c for c in kind).strip()
    return sentence(spaced)


def _cat_name(words: Words, face: str | None) -> str:
    return words.card(face) if face is not None else tr("card.hidden_cat")


def _gutters_move(words: Words, view: Any, action: Any, me: int | None) -> str:
    from lanpurr.games.gutters import actions as g

    if isinstance(action, g.Rotate):
        row, column = action.cell
        return tr("move.rotate", row=row + 1, column=column + 1, by=action.by)
    if isinstance(action, g.Insert):
        row, column = action.out
        into = (
            tr("into.row", n=row + 1) if action.line == "row" else tr("into.column", n=column + 1)
        )
        return tr("move.insert", by=action.rotation, into=into, row=row + 1, column=column + 1)
    return _plain_move(action)


# -- the table -----------------------------------------------------------------------------


def describe_table(words: Words, view: Any, me: int | None) -> str:
    """What my seat sees, in a few lines."""
    if words.game == "momistigri":
        return _momistigri_table(words, view, me)
    if words.game == "purrfect":
        return _purrfect_table(words, view, me)
    return ""  # (No sin mi gato's board: ui.terminal.board_words)


def _momistigri_table(words: Words, view: Any, me: int | None) -> str:
    if not view.hands:
        return tr("table.dealing")
    arrow = tr("arrow.clockwise" if view.direction == 1 else "arrow.counter_clockwise")
    lines = [tr("table.round_arrow", round=view.round, arrow=arrow)]
    for seat, hand in enumerate(view.hands):
        turn = "▶ " if seat == view.active else "  "
        name = tr("table.you") if seat == me else words.who(seat, me)
        held = words.cards(_in_order(view, hand)) if seat == me else tr_n("cards", len(hand))
        if not hand:
            held = tr("table.no_cards_left")
        lines.append(f"{turn}{name}: {held}")
    lines.extend(pile_lines(words, [_face(view, t) for t in view.pile]))
    if view.winners:
        out = join_words([words.who(s, me) for s in view.winners])
        lines.append("  " + tr("table.out_of_cards", names=out))
    return "\n".join(lines)


PILE_ROW = 8
"""Cards of the pile on one line: a pile of 31 reads as four short lines."""


def pile_lines(words: Words, pile: Sequence[str | None]) -> list[str]:
    """The discard pile, oldest card first, a few cards a line."""
    if not pile:
        return ["  " + tr("pile.empty")]
    lines = ["  " + tr_n("pile.cards", len(pile))]
    for start in range(0, len(pile), PILE_ROW):
        row = pile[start : start + PILE_ROW]
        lines.append("    " + ", ".join(words.card(face) for face in row))
    return lines


def _in_order(view: Any, hand: Sequence[Any]) -> list[str | None]:
    """My Momistigri hand by value, then colour: pairs are easy to spot."""
    from lanpurr.games.momistigri.deck import colour_of, value_of

    faces = [_face(view, token) for token in hand]
    known = sorted((f for f in faces if f is not None), key=lambda f: (value_of(f), colour_of(f)))
    return [*known, *(f for f in faces if f is None)]


def _purrfect_table(words: Words, view: Any, me: int | None) -> str:
    if not view.hands:
        return tr("table.dealing")
    key = ", ".join(tr_n("meow", n, word=w) for n, w in enumerate(view.meow_key, 1))
    lines = [tr("table.meow_key", round=view.round, key=key)]
    if me is not None and me < len(view.hands):
        by_cat: dict[str, int] = {}
        for token in view.hands[me]:
            face = _face(view, token)
            cat = face.split("-")[0] if face else "?"
            by_cat[cat] = by_cat.get(cat, 0) + 1
        mine = ", ".join(
            f"{count} {words.card(cat + '-0')}" for cat, count in sorted(by_cat.items())
        )
        lines.append("  " + tr("table.your_hand", cards=mine))
    for offer in view.offers:
        word = view.meow_key[len(offer.cards) - 1] if view.meow_key else ""
        if offer.seat == me:
            said = tr_n("table.you_offer", len(offer.cards), word=word)
        else:
            said = tr_n("table.offers", len(offer.cards), name=words.who(offer.seat, me), word=word)
        lines.append(f"  {sentence(said)}")
    if view.winner is not None:
        made = "table.you_made" if view.winner == me else "table.made"
        lines.append("  " + sentence(tr(made, name=words.who(view.winner, me))))
    return "\n".join(lines)


# -- numbered moves ------------------------------------------------------------------------


@dataclass
class MoveNumbers:
    """Numbers for my legal moves that keep meaning the same move while it stays legal."""

    numbers: dict[Any, int] = field(default_factory=dict)

    def update(self, legal: Iterable[Any]) -> list[tuple[int, Any]]:
        """Number `legal`: moves already numbered keep their number, new ones take the
        smallest free numbers (from 1). Returns (number, move) by number."""
        moves = list(legal)
        kept = {move: n for move, n in self.numbers.items() if move in moves}
        used = set(kept.values())
        free = (n for n in range(1, len(moves) + len(used) + 2) if n not in used)
        for move in moves:
            if move not in kept:
                kept[move] = next(free)
        self.numbers = kept
        return sorted(((n, move) for move, n in kept.items()), key=lambda pair: pair[0])

    def move(self, number: int) -> Any | None:
        return next((move for move, n in self.numbers.items() if n == number), None)

    def forget(self) -> None:
        """I acted: the next list starts from 1 again."""
        self.numbers = {}
