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


GAME_TITLES = {"momistigri": "Momistigri", "purrfect": "Purrfect", "gutters": "No sin mi gato"}
"""Each game's name as the players know it (the id `gutters` is for the wire only)."""


def game_title(game: str) -> str:
    return GAME_TITLES.get(game, game.capitalize())


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
            return "nobody"
        if seat == me:
            return "you"
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat + 1}"

    # -- cards ---------------------------------------------------------------------------

    def card(self, face: str | None) -> str:
        """One card face up; "a hidden card" when this laptop may not see it."""
        if face is None:
            return "a hidden card"
        if self.game == "momistigri":
            from lanpurr.games.momistigri.deck import MISTIGRI, colour_of, value_of

            if face == MISTIGRI:
                return self.paint("the Mistigri", "black")
            colour = colour_of(face)
            return self.paint(f"{colour} {value_of(face)}", colour)
        if self.game == "purrfect":
            from lanpurr.games.purrfect.cats import CATS

            name = face.split("-")[0]
            colour = next((cat.colour for cat in CATS if cat.name == name), "")
            return self.paint(name, colour)
        return face

    def cards(self, faces: Iterable[str | None]) -> str:
        return join_words([self.card(face) for face in faces]) or "nothing"


def progress_text(words: Words | None, step: str, seat: int | None, me: int | None) -> str:
    """What the table is doing (net.events.GameProgress), for a person at a terminal; "" for
    a step that needs no line (the game is being played)."""
    if step == "shuffling":
        if seat is not None and seat == me:
            return "Shuffling: your turn to shuffle…"
        who = words.who(seat, me) if words is not None else f"seat {(seat or 0) + 1}"
        return f"Shuffling: {who}'s turn to shuffle…"
    return {
        "starting": "Starting the game…",
        "keys": "Waiting for every laptop to be ready…",
        "seeds": "Drawing the table's luck together…",
        "dealing": "Dealing…",
        "checking": "Checking the round…",
        "between": "Round over: the next one starts when every laptop is ready.",
    }.get(step, "")


def join_words(parts: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def plural(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


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
            return f"Take the card {whose} chose for you"
        if len(action.picks) == 1:
            return f"Draw card {action.picks[0] + 1} of {len(holder)} from {whose}'s hand"
        positions = join_words([str(p + 1) for p in action.picks])
        return f"Draw cards {positions} of {len(holder)} from {whose}'s hand"
    if isinstance(action, m.DiscardPair):
        pair = words.cards(action.faces)
        if action.reverse:
            return f"Discard {pair} and reverse the arrow instead of the effect"
        return f"Discard {pair} as a pair"
    if isinstance(action, m.Swap):
        put, take = words.card(action.put_face), words.card(_face(view, action.take))
        if action.put == action.take:
            return f"Put {put} on the pile and take it back"
        return f"Put {put} on the pile and take {take} from it"
    if isinstance(action, m.Designate):
        nxt = words.who(view.next_player(me) if me is not None else None, me)
        return f"Make {nxt} draw your {words.card(_face(view, action.card))}"
    if isinstance(action, m.Give):
        return f"Give your {words.card(_face(view, action.card))} to {words.who(action.to, me)}"
    if isinstance(action, m.HandOut):
        return f"Hand {words.card(action.face)} from the pile to {words.who(action.to, me)}"
    if isinstance(action, m.Pass):
        return "Pass (discard no pair this turn)"
    if isinstance(action, m.EndTurn):
        return "End your turn"
    return _plain_move(action)


def _purrfect_move(words: Words, view: Any, action: Any, me: int | None) -> str:
    from lanpurr.games.purrfect import actions as p

    if isinstance(action, p.OpenOffer):
        faces = [_face(view, t) for t in action.cards]
        word = view.meow_key[len(action.cards) - 1] if view.meow_key else ""
        said = f' ("{word}!")' if word else ""
        return f"Offer {plural(len(faces), _cat_name(words, faces[0]))}{said}"
    if isinstance(action, p.WithdrawOffer):
        return "Take back your offer"
    if isinstance(action, p.AcceptOffer):
        offer = view.offer_by_id(action.offer_id)
        whose = words.who(offer.seat if offer is not None else None, me)
        faces = [_face(view, t) for t in action.cards]
        return (
            f"Accept {whose}'s offer of {plural(len(faces), 'card')}, giving "
            f"{plural(len(faces), _cat_name(words, faces[0]))}"
        )
    if isinstance(action, p.DeclarePurrfect):
        return "Declare Purrfect! (nine cards of one cat)"
    if isinstance(action, p.TakeAcceptance):
        return f"Swap with {words.who(action.acceptor, me)}, who accepted your offer first"
    return _plain_move(action)


def _plain_move(action: Any) -> str:
    """A move this terminal has no sentence for, named by its kind (never a Python repr)."""
    kind = type(action).__name__
    spaced = "".join(f" {c.lower()}" if c.isupper() else c for c in kind).strip()
    return sentence(spaced)


def _cat_name(words: Words, face: str | None) -> str:
    return words.card(face) if face is not None else "hidden card"


def _gutters_move(words: Words, view: Any, action: Any, me: int | None) -> str:
    from lanpurr.games.gutters import actions as g

    if isinstance(action, g.Rotate):
        row, column = action.cell
        return f"Turn the tile in row {row + 1}, column {column + 1} by {action.by}°"
    if isinstance(action, g.Insert):
        row, column = action.out
        side = "row" if action.line == "row" else "column"
        where = row + 1 if side == "row" else column + 1
        return (
            f"Push the pile's tile, turned {action.rotation}°, into {side} {where} so that "
            f"the tile at row {row + 1}, column {column + 1} leaves"
        )
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
        return "The cards are being dealt…"
    arrow = "clockwise" if view.direction == 1 else "counter-clockwise"
    lines = [f"Round {view.round}, play goes {arrow}."]
    for seat, hand in enumerate(view.hands):
        turn = "▶ " if seat == view.active else "  "
        name = "You" if seat == me else words.who(seat, me)
        held = words.cards(_in_order(view, hand)) if seat == me else plural(len(hand), "card")
        if not hand:
            held = "no cards left"
        lines.append(f"{turn}{name}: {held}")
    lines.extend(pile_lines(words, [_face(view, t) for t in view.pile]))
    if view.winners:
        lines.append("  Out of cards: " + join_words([words.who(s, me) for s in view.winners]))
    return "\n".join(lines)


PILE_ROW = 8
"""Cards of the pile on one line: a pile of 31 reads as four short lines."""


def pile_lines(words: Words, pile: Sequence[str | None]) -> list[str]:
    """The discard pile, oldest card first, a few cards a line."""
    if not pile:
        return ["  Pile: empty"]
    lines = [f"  Pile ({plural(len(pile), 'card')}, the newest last):"]
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
        return "The cards are being dealt…"
    lines = [f"Round {view.round}. Meow key: " + ", ".join(
        f"{n} card{'s' if n > 1 else ''} = {w}!" for n, w in enumerate(view.meow_key, 1)
    )]  # fmt: skip
    if me is not None and me < len(view.hands):
        by_cat: dict[str, int] = {}
        for token in view.hands[me]:
            face = _face(view, token)
            cat = face.split("-")[0] if face else "?"
            by_cat[cat] = by_cat.get(cat, 0) + 1
        mine = ", ".join(
            f"{count} {words.card(cat + '-0')}" for cat, count in sorted(by_cat.items())
        )
        lines.append(f"  Your hand: {mine}")
    for offer in view.offers:
        word = view.meow_key[len(offer.cards) - 1] if view.meow_key else ""
        lines.append(
            f"  {sentence(words.who(offer.seat, me))} offer{'' if offer.seat == me else 's'} "
            f"{plural(len(offer.cards), 'card')}: {word}!"
        )
    if view.winner is not None:
        lines.append(f"  {sentence(words.who(view.winner, me))} made Purrfect!")
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
