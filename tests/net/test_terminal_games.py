"""Every event of whole games of the three games, through the terminal's words.

Laptops' seats play in memory (as in test_my_seats.py); each laptop has a `Printer`, fed the
events its driver would emit for each pass (the start, progress, every update, rounds checked,
a seat given to a bot, the table's countdown, the end), and, whenever one of its seats may act,
that seat's legal moves as a person's menu, walked to the end of every step. Nothing it prints
may be a traceback, a Python repr, a seat numbered from 0 or a list too long to read.
"""

import contextlib
import io
import logging
import random
import re
from pathlib import Path
from typing import Any

import pytest

from lanpurr.seat.table import TableUpdate
from net import events
from net.game.commands import Gone, TakeSwap
from tests.net.test_my_seats import Laptop, one_pass, table
from ui.terminal.printer import NOT_SHOWN, Printer

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")
LONGEST_MENU = 16
"""More choices than a person reads at once (a hand of Momistigri is at most about 15)."""


def started(printer: Printer, game: str, seat: int | None, players: int) -> None:
    printer.event(events.GameStarted(game, seat, NAMES[:players], 1))


def walk_menu(printer: Printer, laptop: Laptop, update_view: Any) -> None:
    """Offer each acting seat's moves against the update's view, then follow every first
    choice one step at a time (and back) as a person typing numbers would."""
    for seat, runtime in laptop.seats.runtimes.items():
        if not runtime.may_act():
            continue
        printer.seat = seat
        printer.acted()
        legal = list(runtime.game.legal_actions(runtime.current_view(), seat))
        if seat == laptop.seats.my_seat:  # (a view older than the moves, as a pass shows)
            printer.offer_moves(update_view, legal)
        printer.offer_moves(runtime.current_view(), legal)
        for number, _ in list(printer.shown_moves):
            depth = 0
            while printer.choose(number) is None and depth < 6:
                depth += 1
                number = printer.shown_moves[-1][0]
            printer.acted()
            printer.offer_moves(runtime.current_view(), legal)
    printer.seat = laptop.seats.my_seat


def feed(laptops: list[Laptop], printers: list[Printer], out: Any, index: int) -> None:
    printer, laptop = printers[index], laptops[index]
    step, seat = out.progress
    printer.event(events.GameProgress(step, seat))
    for seats, number in out.replaced:
        names = tuple(
            "Bot" if s in seats else NAMES[s] for s in range(len(laptop.seats.spec.members))
        )
        printer.event(events.SeatReplaced(tuple(seats), NAMES[seats[0]], number, names))
    for update in out.updates:
        printer.event(events.GameUpdate(update))
        walk_menu(printer, laptop, update.view)
    for checked in out.rounds:
        printer.event(checked)
    if out.owed:
        owed = tuple(out.owed)
        printer.event(events.TableWaits(owed, tuple(NAMES[s] for s, _ in owed), 590, out.turn))
    if out.over:
        printer.event(events.GameOver(out.scores, out.audits))


def play_through(
    laptops: list[Laptop], printers: list[Printer], rng: random.Random, until: Any = None
) -> None:
    now = 0.0
    for _ in range(20_000):
        if all(lap.last is not None and lap.last.over for lap in laptops):
            return
        if until is not None and until():
            return
        now += 0.05
        index = rng.randrange(len(laptops))
        out = one_pass(laptops[index], laptops, now)
        feed(laptops, printers, out, index)
    raise AssertionError("the game did not end")


def settle(laptops: list[Laptop], printers: list[Printer], rng: random.Random, now: float) -> float:
    """Passes of these laptops alone until none has anything more to send (test_my_seats's
    `settle`, its events printed)."""
    quiet = 0
    while quiet < 2:
        busy = False
        for index in rng.sample(range(len(laptops)), len(laptops)):
            now += 0.05
            out = one_pass(laptops[index], laptops, now)
            feed(laptops, printers, out, index)
            busy = bool(out.frames) or busy
        busy = busy or any(lap.inbox or lap.later for lap in laptops)
        quiet = 0 if busy else quiet + 1
    return now


def printed(game: str, laptops: list[Laptop], drop: bool, tmp: Path) -> list[str]:
    players = len(laptops[0].seats.spec.members)
    printers = [Printer(False, lap.key) for lap in laptops]
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        for printer, laptop in zip(printers, laptops, strict=True):
            started(printer, game, laptop.seats.my_seat, players)
        rng = random.Random(4)
        if drop:
            host, stays, gone = laptops
            play_through(
                laptops,
                printers,
                rng,
                until=lambda: bool(gone.seats.main and gone.seats.main.dealt),
            )
            # (the others hold the same plays when a laptop is counted gone: test_my_seats)
            now = settle(laptops[:2], printers, rng, 10.0)
            host.commands.append(Gone("normal", 1, (2,)))
            host.inbox.clear()
            out = one_pass(host, [host, stays], now + 1)
            feed(laptops, printers, out, 0)
            stays.commands.append(TakeSwap(out.swaps[0]))
            stays.inbox.clear()
            for printer in printers[:2]:
                printer.event(events.HostHandedOn("Ben", "Ana"))
                printer.event(
                    events.LaptopCutOff("Cleo", "it signed two versions of one message", "", False)
                )
            play_through([host, stays], printers[:2], rng)
        else:
            play_through(laptops, printers, rng)
    return said.getvalue().splitlines()


@pytest.mark.parametrize(
    ("game", "holders", "drop"),
    [
        ("momistigri", [0, 1, 1, 2], False),
        ("momistigri", [0, 1, 2], True),
        ("purrfect", [0, 1, 2, 0], False),
        ("gutters", [0, 1], False),
    ],
)
def test_every_event_of_a_whole_game_reads_as_words(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, game: str, holders: list[int], drop: bool
) -> None:
    laptops = table(tmp_path, game, holders)
    with caplog.at_level(logging.ERROR, logger="lanpurr.terminal"):
        lines = printed(game, laptops, drop, tmp_path)
    text = "\n".join(lines)
    assert not caplog.records, caplog.records[0].getMessage()
    assert NOT_SHOWN.split(";")[0] not in text
    assert "Traceback" not in text and "{'" not in text and "(seat=" not in text
    assert not re.search(r"\bseat 0\b", text, re.IGNORECASE), "a seat numbered from 0"
    assert re.search(
        r"^Game over: (Ana|Ben|Cleo|Dan|Bot)((, | and )\w+)*( wins| share the win)", text, re.M
    )
    menus = re.findall(r"((?:^ +\d+\. .*\n)+)", text + "\n", re.M)
    longest = max(menus, key=lambda menu: len(menu.splitlines()))
    assert len(longest.splitlines()) <= LONGEST_MENU, longest
    if game == "gutters":
        assert "No sin mi gato" in text and "Gutters" not in text
        assert not re.search(r"\bt\d\d\b|\bk\d\d\b", text), "a tile or cat by its id"
    if drop:
        said = re.search(r"^Cleo.*\. A bot plays their seat.*the scores stay\.$", text, re.M)
        assert said, "what happened and what happens next, in one line"
        after = text[said.end() :]
        assert not re.search(r"^\W*Cleo:", after, re.M), "the gone player's seat, by their name"


def test_a_line_that_fails_is_one_plain_sentence_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import ui.terminal.printer

    def broken(*_: Any) -> str:
        raise TypeError("tuple indices must be integers or slices, not NoneType")

    printer = Printer(False, b"")
    printer.log_file = "/home/ana/lanpurr/terminal.log"
    said = io.StringIO()
    with contextlib.redirect_stdout(said), caplog.at_level(logging.ERROR):
        started(printer, "momistigri", 0, 3)
        monkeypatch.setattr(ui.terminal.printer, "describe_table", broken)
        printer.event(events.GameUpdate(TableUpdate((), None)))
        monkeypatch.undo()
        printer.event(events.RoundChecked(1, True, "fair", (1, 2, 3), False))
    lines = said.getvalue().splitlines()
    assert lines[1] == NOT_SHOWN.format(where=": /home/ana/lanpurr/terminal.log")
    assert lines[2].startswith("Round 1 checked: fair.")  # the game goes on
    assert "Traceback" not in said.getvalue()
    assert "TypeError" in caplog.text  # the details are in the log
