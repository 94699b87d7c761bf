"""A guest at a terminal reads cards and moves in words, with stable move numbers."""

import io

from lanpurr.games.momistigri.actions import DiscardPair, Pass
from net.table_state import Member, admit, create, sit
from ui.terminal.table_words import BOT_WORDS, bot_level, describe_state, waiting_hint
from ui.terminal.terminal_words import MoveNumbers, Words, colour_wanted, describe_move


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_cards_are_said_by_colour_and_value_and_coloured_only_on_a_terminal() -> None:
    plain = Words("momistigri", ("Ana", "Ben", "Cleo"))
    assert plain.card("5.3") == "yellow 5" and plain.card("M") == "the Mistigri"
    assert plain.cards(["5.3", "5.2"]) == "yellow 5 and green 5"
    assert "\x1b[33m" in Words("momistigri", (), colour=True).card("5.3")
    assert colour_wanted(Tty(), {}) and not colour_wanted(io.StringIO(), {})
    assert not colour_wanted(Tty(), {"NO_COLOR": "1"})  # https://no-color.org


def test_a_move_reads_as_a_sentence_not_a_python_repr() -> None:
    words = Words("momistigri", ("Ana", "Ben", "Cleo"))
    pair = DiscardPair(seat=1, cards=(10, 16), faces=("5.3", "5.2"), reverse=False)
    said = describe_move(words, None, pair, 1)
    assert said == "Discard yellow 5 and green 5 as a pair"
    assert "DiscardPair" not in said
    assert describe_move(words, None, Pass(seat=1), 1).startswith("Pass")


def test_a_move_keeps_its_number_while_it_stays_legal() -> None:
    numbers = MoveNumbers()
    assert numbers.update(["offer A", "offer B", "offer C"]) == [
        (1, "offer A"), (2, "offer B"), (3, "offer C"),
    ]  # fmt: skip
    # Someone else's offer came and one of mine went: the others keep their numbers.
    assert numbers.update(["offer C", "accept D", "offer A"]) == [
        (1, "offer A"), (2, "accept D"), (3, "offer C"),
    ]  # fmt: skip
    assert numbers.move(3) == "offer C"
    numbers.forget()  # I played: a fresh list
    assert numbers.update(["offer C"]) == [(1, "offer C")]


def test_bot_levels_have_the_apps_names_and_the_old_ones_still_work() -> None:
    assert list(BOT_WORDS) == ["beginner", "medium", "clever"]
    assert [bot_level(w) for w in ("Beginner", "medium", "clever")] == ["easy", "normal", "clever"]
    assert [bot_level(w) for w in ("easy", "normal", "hard")] == ["easy", "normal", "clever"]


def test_the_waiting_room_says_seats_from_one_and_hints_ready() -> None:
    ana, ben = Member(b"a" * 32, "Ana", "", 1), Member(b"b" * 32, "Ben", "", 2)
    state = admit(admit(create(b"t" * 16, ana, "momistigri", 3, None, False), ana), ben)
    state = sit(state, ben.key, 1)
    text = describe_state(state)
    assert "Seat 2: Ben" in text and "Seat 1: Ana" in text and "[open]" not in text
    assert "ready" in waiting_hint(state, ben.key)


def _printed(*said: object, words: bool = True) -> list[str]:
    import contextlib

    from net import events
    from ui.terminal.printer import Printer

    printer = Printer(False, b"")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        if words:
            printer.event(events.GameStarted("momistigri", 0, ("Ana", "Ben", "Cleo"), 1))
        for event in said:
            printer.event(event)  # type: ignore[arg-type]
    return out.getvalue().splitlines()[1 if words else 0 :]


def test_an_emote_a_wait_and_a_refusal_read_as_sentences() -> None:
    from net import events

    lines = _printed(
        events.MessageReceived(b"b" * 32, "Ben", 1, {"emote": "meow"}, False, False),
        events.TableWaits(((2, "played its turn"),), ("Cleo",), 590, True),
        events.TableWaits(((1, "shuffle"),), ("Ben",), 60, False),
        events.ActionRefused("wait: the table is still busy with the previous move"),
    )
    assert lines[0] == "Ben meows."
    assert lines[1] == (
        "Waiting for Cleo to play: if nothing comes in 9:50, the table counts their laptop as gone."
    )
    assert lines[2].startswith("Waiting for Ben's laptop (its shuffle): if nothing comes in 1:00")
    assert lines[3] == "Refused: Wait: the table is still busy with the previous move"


def test_the_game_is_over_with_who_won_and_no_sin_mi_gato_by_its_name() -> None:
    from types import SimpleNamespace

    from lanpurr.games.momistigri.events import GameEnded
    from lanpurr.seat.table import TableUpdate
    from net import events

    ended = SimpleNamespace(event=GameEnded(winners=(1,), totals=(9, 3, 7), rule="M-9.1"))
    lines = _printed(
        events.GameUpdate(TableUpdate((ended,), SimpleNamespace(hands=()))),  # type: ignore[arg-type]
        events.GameOver((9, 3, 7), ("fair",)),
    )
    assert lines[-1] == "Game over: Ben wins. Scores: Ana 9, Ben 3, Cleo 7"
    started = _printed(events.GameStarted("gutters", 1, ("Ana", "Ben"), 1), words=False)
    assert started[0].startswith("Game 1 of No sin mi gato starts: you play seat 2.")


def test_a_draw_worded_against_a_view_where_nobody_else_holds_cards_is_no_traceback() -> None:
    # An update of a pass can show the round's end (every other hand empty) while the moves
    # offered are those of the next round's first draw: the words must not index hands[None].
    from types import SimpleNamespace

    from lanpurr.games.momistigri.actions import Draw

    words = Words("momistigri", ("Ana", "Ben", "Cleo"))
    round_end = SimpleNamespace(hands=((7,), (), ()), previous_player=lambda seat: None)
    said = describe_move(words, round_end, Draw(seat=0, picks=(0,)), 0)
    assert said.startswith("Draw card 1")  # (the cli offers moves against the last view)
