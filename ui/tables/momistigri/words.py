"""What the Momistigri table says: the banner, the prompt of what to do now, each move in words,
the pending effect and the score history.

The strings keep the translation context `MomistigriTable`, the view's class, so every catalogue
entry stays where it was.
"""

from PySide6.QtCore import QCoreApplication

from lanpurr.games.momistigri.actions import Pass
from lanpurr.games.momistigri.deck import MISTIGRI, colour_of, value_of
from lanpurr.games.momistigri.events import GameEnded
from lanpurr.games.momistigri.rules import binding_pending, cards_to_draw
from lanpurr.games.momistigri.state import (
    DESIGNATE,
    DESIGNATED_DRAW,
    DISCARD,
    DRAW,
    DRAW_THREE,
    DRAW_TWO,
    GIVE,
    HAND_OUT,
    SWAP,
    SWAP_AFTER_DRAW,
    State,
)
from ui.tables.momistigri.choices import MomistigriChoices

translate = QCoreApplication.translate
"""Every string here is asked in the view class's context, "MomistigriTable", as `tr()` did."""


def effect_name(effect: str) -> str:
    names = {
        "discard_other_ones": translate("MomistigriTable", "1+1: discard your other 1s"),
        "designate": translate("MomistigriTable", "2+2: choose the card the next player draws"),
        "swap_with_pile": translate(
            "MomistigriTable", "3+3: swap with the pile after the next draw"
        ),
        "give": translate("MomistigriTable", "4+4: give a card to a player"),
        "hand_out": translate("MomistigriTable", "5+5: hand out cards from the pile"),
        "discard_another_pair": translate("MomistigriTable", "6+6: you may discard another pair"),
        "next_draws_two": translate(
            "MomistigriTable", "7+7: the next player draws 2 cards from you"
        ),
        "next_draws_three": translate(
            "MomistigriTable", "8+8: the next player draws 3 cards from you"
        ),
        "none": translate("MomistigriTable", "colour pair: no effect"),
    }
    return names.get(effect, effect)


def card_name(face: str) -> str:
    if face == MISTIGRI:
        return translate("MomistigriTable", "the Mistigri")
    colours = {
        "red": translate("MomistigriTable", "red"),
        "blue": translate("MomistigriTable", "blue"),
        "green": translate("MomistigriTable", "green"),
        "yellow": translate("MomistigriTable", "yellow"),
        "purple": translate("MomistigriTable", "purple"),
    }
    return translate("MomistigriTable", "{value} {colour}").format(
        value=value_of(face), colour=colours.get(colour_of(face), "")
    )


def banner(view: MomistigriChoices) -> tuple[str, str, bool]:
    s: State = view.state
    if view.round_result is not None:
        return (
            translate("MomistigriTable", "Round {n} is over").format(n=view.round_result.round),
            translate(
                "MomistigriTable",
                "Every hand is shown with its penalty; click the button to go on.",
            ),
            True,
        )
    if view.result is not None:
        return translate("MomistigriTable", "Game over"), winners_text(view, view.result), False
    if s.phase not in (DRAW, DISCARD, SWAP, DESIGNATE, GIVE, HAND_OUT):
        if s.round >= 1 and not s.hands:
            # Between rounds: the deal waits until everyone has read the scores.
            return (
                translate("MomistigriTable", "Round {n} is next").format(n=s.round + 1),
                translate(
                    "MomistigriTable",
                    "Waiting for every player to close the scores; then the cards are dealt.",
                ),
                False,
            )
        return (
            translate("MomistigriTable", "Dealing"),
            translate("MomistigriTable", "The cards are being dealt…"),
            False,
        )
    actor = s.acting_seat()
    if actor != view.seat:
        name = view.names[actor] if actor is not None else ""
        return (
            translate("MomistigriTable", "{name}'s turn").format(name=name),
            doing_text(view, s, actor),
            False,
        )
    return translate("MomistigriTable", "Your turn"), prompt(view, s), True


def doing_text(view: MomistigriChoices, s: State, actor: int | None) -> str:
    name = view.names[actor] if actor is not None else ""
    if s.phase == DRAW:
        prev = s.previous_player(actor) if actor is not None else None
        if prev == view.me:
            return translate("MomistigriTable", "{name} is drawing from your hand.").format(
                name=name
            )
        return translate("MomistigriTable", "{name} is drawing a card.").format(name=name)
    if s.phase == SWAP:
        return translate("MomistigriTable", "{name} swaps a card with the pile (3+3).").format(
            name=name
        )
    if s.phase == DESIGNATE:
        return translate(
            "MomistigriTable", "{name} chooses the card the next player draws (2+2)."
        ).format(name=name)
    if s.phase == GIVE:
        return translate("MomistigriTable", "{name} gives a card away (4+4).").format(name=name)
    if s.phase == HAND_OUT:
        return translate("MomistigriTable", "{name} hands out cards from the pile (5+5).").format(
            name=name
        )
    return translate("MomistigriTable", "{name} may discard a pair.").format(name=name)


def prompt(view: MomistigriChoices, s: State) -> str:
    """What I am expected to do now, in the words of the table."""
    if s.phase == DRAW:
        holder = s.previous_player(view.seat)
        name = view.names[holder] if holder is not None else ""
        pending = binding_pending(s, holder) if holder is not None else None
        if pending is not None and pending.effect == DESIGNATED_DRAW:
            return translate(
                "MomistigriTable",
                "2+2: {name} chose the card you draw — click their fan to take it.",
            ).format(name=name)
        count = cards_to_draw(s, holder) if holder is not None else 1
        if count > 1:
            return translate("MomistigriTable", "Pick {n} cards from {name}'s fan.").format(
                n=count, name=name
            )
        return translate("MomistigriTable", "Pick a card from {name}'s fan.").format(name=name)
    if s.phase == SWAP:
        if view.chosen is None:
            return translate(
                "MomistigriTable", "3+3: click a card of your hand to put on the pile."
            )
        return translate(
            "MomistigriTable",
            "3+3: now click the pile card you take (or your own card to keep it).",
        )
    if s.phase == DESIGNATE:
        nxt = s.next_player(view.seat)
        name = view.names[nxt] if nxt is not None else ""
        return translate(
            "MomistigriTable", "2+2: click the card {name} must draw from you."
        ).format(name=name)
    if s.phase == GIVE:
        if view.chosen is None:
            return translate("MomistigriTable", "4+4: click the card you give away.")
        return translate("MomistigriTable", "4+4: now click the player who gets it.")
    if s.phase == HAND_OUT:
        if view.chosen is None:
            return translate("MomistigriTable", "5+5: click a card of the pile to hand out.")
        return translate("MomistigriTable", "5+5: now click the player who gets it.")
    # DISCARD
    if len(view.selected) == 2:
        choices = view.pair_choices()
        if not choices:
            return why_not_a_pair(view, s)
        if len(choices) == 2:
            return translate("MomistigriTable", "Choose: the pair's effect, or reverse the arrow.")
        return translate("MomistigriTable", "Click Discard pair.")
    if s.pairs_this_turn:
        if s.may_discard:
            return translate(
                "MomistigriTable", "6+6: you may discard another pair, or end your turn."
            )
        return translate(
            "MomistigriTable", "You have discarded your pair for this turn: click End turn."
        )
    if any(isinstance(a, Pass) for a in view.legal()):
        return translate(
            "MomistigriTable", "Select two cards that pair (same colour or value), or Pass."
        )
    return translate("MomistigriTable", "You hold a pair and must discard one: select two cards.")


def why_not_a_pair(view: MomistigriChoices, s: State) -> str:
    """Why the two selected cards cannot be discarded now, naming the rule that forbids it."""
    if not s.may_discard:
        return translate(
            "MomistigriTable", "One pair per turn (only a 6+6 allows another): click End turn."
        )
    faces = [view.face_of(t) for t in view.selected]
    if MISTIGRI in faces:
        return translate(
            "MomistigriTable", "The Mistigri never forms a pair: keep it or let it be drawn."
        )
    return translate(
        "MomistigriTable", "These two cards share neither colour nor value: they are not a pair."
    )


def pending_text(view: MomistigriChoices) -> str:
    """The pending effect as the table shows it (empty if none)."""
    s: State = view.state
    if s.pending is None:
        return ""
    if s.pending.owner == view.me:
        mine = {
            DESIGNATED_DRAW: translate(
                "MomistigriTable", "2+2 pending: the next player takes the card you chose"
            ),
            SWAP_AFTER_DRAW: translate(
                "MomistigriTable", "3+3 pending: you swap with the pile after the next draw"
            ),
            DRAW_TWO: translate(
                "MomistigriTable", "7+7 pending: the next player draws 2 cards from you"
            ),
            DRAW_THREE: translate(
                "MomistigriTable", "8+8 pending: the next player draws 3 cards from you"
            ),
        }
        return mine.get(s.pending.effect, "")
    owner = view.names[s.pending.owner]
    texts = {
        DESIGNATED_DRAW: translate(
            "MomistigriTable", "2+2 pending: the next player takes the card {name} chose"
        ),
        SWAP_AFTER_DRAW: translate(
            "MomistigriTable", "3+3 pending: {name} swaps with the pile after the next draw"
        ),
        DRAW_TWO: translate(
            "MomistigriTable", "7+7 pending: the next player draws 2 cards from {name}"
        ),
        DRAW_THREE: translate(
            "MomistigriTable", "8+8 pending: the next player draws 3 cards from {name}"
        ),
    }
    return texts.get(s.pending.effect, "").format(name=owner)


def score_history(view: MomistigriChoices) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """Penalty points of each round, then the total."""
    if not view.rounds:
        return [], []
    headers = [translate("MomistigriTable", "R{n}").format(n=r.round) for r in view.rounds] + [
        translate("MomistigriTable", "Total")
    ]
    rows = []
    for seat, name in enumerate(view.names):
        cells = [f"+{r.penalties[seat]}" for r in view.rounds]
        rows.append((name, [*cells, str(view.rounds[-1].totals[seat])]))
    return headers, rows


def winners_text(view: MomistigriChoices, result: GameEnded) -> str:
    if result.winners == (view.me,):
        return translate("MomistigriTable", "You win with the fewest penalty points.")
    names = ", ".join(view.names[w] for w in result.winners)
    if len(result.winners) > 1:
        return translate("MomistigriTable", "{names} share the win.").format(names=names)
    return translate("MomistigriTable", "{names} wins with the fewest penalty points.").format(
        names=names
    )
