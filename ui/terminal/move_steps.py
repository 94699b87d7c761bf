"""A move as the steps a person at a terminal chooses it by.

A move the rules allow in many shapes (a 2-card draw from a hand of 15 is 105 moves, a push of
No sin mi gato's tile 64) is chosen one step at a time: first what to do, then where, then how.
Each step is a short phrase; the moves that share their first steps share those choices, so no
list a person reads is longer than a hand, a board's side or four turns of a tile.
"""

from dataclasses import dataclass, field
from typing import Any

from ui.terminal.board_words import tile_glyph
from ui.terminal.speech import tr, tr_n
from ui.terminal.terminal_words import MoveNumbers, Words, describe_move

Steps = tuple[str, ...]


def move_steps(words: Words, view: Any, action: Any, me: int | None) -> Steps:
    """The phrases that choose `action`, from the first choice to the last."""
    kind = type(action).__name__
    if words.game == "momistigri":
        steps = _momistigri_steps(words, view, action, me)
        if steps:
            return steps
    if words.game == "gutters" and kind == "Rotate":
        row, column = action.cell
        return (
            tr("step.turn_tile"),
            tr("step.in_row", n=row + 1),
            tr("step.column", n=column + 1),
            _turn(action.by),
        )
    if words.game == "gutters" and kind == "Insert":
        top = view.tile_pile[0] if view.tile_pile else ""
        return (
            tr("step.push"),
            *_edge(action),
            _as_turned(action.rotation) + (f": {tile_glyph(top, action.rotation)}" if top else ""),
        )
    if words.game == "purrfect" and kind == "OpenOffer":
        cat = _first_cat(words, view, action.cards)
        word = view.meow_key[len(action.cards) - 1] if view.meow_key else ""
        count = len(action.cards)
        said = tr_n("step.cards_saying", count, word=word) if word else tr_n("cards", count)
        return (tr("step.offer"), tr("step.of_cat", cat=cat), said)
    if words.game == "purrfect" and kind == "AcceptOffer":
        offer = view.offer_by_id(action.offer_id)
        whose = words.who(offer.seat if offer is not None else None, me)
        count = len(action.cards)
        cat = _first_cat(words, view, action.cards)
        return (
            tr_n("step.accept", count, name=whose),
            tr_n("step.giving", count, cat=cat),
        )
    return (describe_move(words, view, action, me),)


def listed(words: Words, view: Any, action: Any, me: int | None) -> bool:
    """Whether to list `action`: a claim of Purrfect only with nine cards of one cat (P-6.3:
    a false claim shows the whole hand to the table; the app's button lights up only then)."""
    if words.game != "purrfect" or type(action).__name__ != "DeclarePurrfect" or me is None:
        return True
    faces = {view.cards.face(token) for token in view.hands[me]}
    return None not in faces and len({str(face).split("-")[0] for face in faces}) == 1


def _momistigri_steps(words: Words, view: Any, action: Any, me: int | None) -> Steps:
    """The effects that choose among the pile's cards or the players, a step at a time ((): a
    move said in one step)."""
    kind = type(action).__name__
    if kind == "Draw" and len(action.picks) > 1:
        return _draw_steps(words, view, action, me)
    if kind == "DiscardPair":
        from lanpurr.games.momistigri.deck import colour_of, value_of

        low, high = sorted(action.faces, key=lambda f: (value_of(f), colour_of(f)))
        how = (tr("step.reverse"),) if action.reverse else ()
        pair = (
            tr("step.discard"),
            tr("step.your_card", card=words.card(low)),
            tr("step.and_card", card=words.card(high)),
        )
        if action.reverse or _reversible(view, action):
            return (*pair, *(how or (tr("step.as_pair"),)))
        return pair
    if kind == "HandOut":
        return (tr("step.hand_out"), *_pile_card(words, action.face),
                tr("step.to", name=words.who(action.to, me)))  # fmt: skip
    if kind == "Give":
        face = view.cards.face(action.card)
        mine = words.card(None if face is None else str(face))
        return (
            tr("step.give"),
            tr("step.your_card", card=mine),
            tr("step.to", name=words.who(action.to, me)),
        )
    if kind == "Swap":
        put = words.card(action.put_face)
        taken = view.cards.face(action.take)
        swap, put_yours = tr("step.swap"), tr("step.put_yours", card=put)
        if action.put == action.take:
            return (swap, put_yours, tr("step.take_back"))
        take = _pile_card(words, None if taken is None else str(taken))
        return (swap, put_yours, *(tr("step.take", card=t) for t in take))
    return ()


def _reversible(view: Any, action: Any) -> bool:
    """M-6: a value pair of 1, 2 or 3 may reverse the arrow instead of its effect."""
    from lanpurr.games.momistigri.deck import REVERSIBLE, pairs_among

    found = pairs_among(list(zip(action.cards, action.faces, strict=True)))
    return any(kind.is_value_pair and kind.value in REVERSIBLE for *_, kind in found)


def _pile_card(words: Words, face: str | None) -> Steps:
    """A card of the pile (up to 31): its colour first, then the card."""
    from lanpurr.games.momistigri.deck import MISTIGRI, colour_of

    if face is None or face == MISTIGRI:
        return (words.card(face),)
    return (tr("step.colour_card", colour=tr(f"colour.{colour_of(face)}")), words.card(face))


def _draw_steps(words: Words, view: Any, action: Any, me: int | None) -> Steps:
    """M-5.1 effects that draw several cards: one card position at a time."""
    holder = view.previous_player(me) if me is not None else None
    size = len(view.hands[holder]) if holder is not None else 0
    whose = words.who(holder, me)
    count = len(action.picks)
    first = tr("step.draw", count=count, name=whose, n=action.picks[0] + 1, size=size)
    return (first, *(tr("step.and_draw", n=pick + 1, size=size) for pick in action.picks[1:]))


def _turn(degrees: int) -> str:
    if degrees in (90, 180, 270):
        return tr(f"step.turn_{degrees}")
    return tr("step.by_degrees", by=degrees)


def _edge(action: Any) -> Steps:
    """Where the tile goes in: the side of the board opposite to the tile pushed out."""
    row, column = action.out
    if action.line == "column":
        side = tr("step.from_bottom") if row == 0 else tr("step.from_top")
        return (side, tr("step.into", into=tr("into.column", n=column + 1)))
    side = tr("step.from_right") if column == 0 else tr("step.from_left")
    return (side, tr("step.into", into=tr("into.row", n=row + 1)))


def _as_turned(rotation: int) -> str:
    return tr("step.as_it_lies") if rotation == 0 else tr("step.turned", turn=_turn(rotation))


def _first_cat(words: Words, view: Any, cards: tuple[Any, ...]) -> str:
    face = view.cards.face(cards[0]) if cards else None
    return (
        words.card(None if face is None else str(face))
        if face is not None
        else tr("card.hidden_cats")
    )


@dataclass
class MoveMenu:
    """My legal moves as a menu of steps: the choices that follow what I chose so far, each
    with a number that keeps meaning the same choice while it stays possible; 0 goes back."""

    moves: dict[Steps, Any] = field(default_factory=dict)
    chosen: Steps = ()
    numbers: MoveNumbers = field(default_factory=MoveNumbers)

    def offer(self, moves: dict[Steps, Any]) -> list[tuple[int, str]]:
        """Take the moves legal now; the numbered choices to show (0: back)."""
        self.moves = moves
        if not self._options():
            self.chosen = ()  # (what I was choosing is no longer possible)
        return self.shown()

    def shown(self) -> list[tuple[int, str]]:
        numbered = self.numbers.update(self._options())
        return ([(0, tr("step.back"))] if self.chosen else []) + numbered

    def choose(self, number: int) -> Any | None:
        """The move `number` completes, else None (a step deeper, or back). Raises ValueError
        for a number not on the list."""
        if number == 0 and self.chosen:
            self.chosen = self.chosen[:-1]
            self.numbers.forget()
            return None
        step = self.numbers.move(number)
        if step is None:
            raise ValueError(tr("error.not_listed"))
        path = (*self.chosen, step)
        if path in self.moves:
            return self.moves[path]
        self.chosen = path
        self.numbers.forget()
        return None

    def forget(self) -> None:
        """I acted: the next menu starts from its first step, numbered from 1."""
        self.chosen = ()
        self.numbers.forget()

    def _options(self) -> list[str]:
        depth = len(self.chosen)
        options: list[str] = []
        for path in self.moves:
            if len(path) > depth and path[:depth] == self.chosen and path[depth] not in options:
                options.append(path[depth])
        return options
