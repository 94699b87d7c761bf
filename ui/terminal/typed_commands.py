"""The commands a person types at a table in a terminal (`lanpurr host` or `join` with stdin a
terminal): sit N, ready, unready, bot N [LEVEL], unbot N, start, remove NAME, say TEXT, quit,
help, and during a game the number of a listed move.
"""

import argparse
import asyncio
import sys
import threading

from net.table.commands import AddBot, Ready, Remove, RemoveBot, Sit, Start
from net.table.session import TableSession
from net.table_state import TableError
from ui.terminal.printer import Printer
from ui.terminal.speech import tr
from ui.terminal.table_words import BOT_WORDS, bot_level

HELP = (
    "help.title",
    "help.sit",
    "help.bot",
    "help.unbot",
    "help.start",
    "help.say",
    "help.help",
    "help.game",
)
"""The lines of `help`, by the catalogues' key. The commands themselves are typed as they are in
every language: one set of words, the same in every guide and every script."""


def help_text() -> str:
    return "\n".join(tr(key) for key in HELP)


async def read_commands(
    session: TableSession, printer: Printer, done: asyncio.Event, leaving: asyncio.Event
) -> None:
    """Carry out the lines typed on stdin until `done` (set by the end of input) or `leaving`
    (set by `quit`: the player leaves the table on purpose). Lines are read by a daemon thread,
    so that the program ends when the game does without waiting for one more line."""
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str] = asyncio.Queue()

    def read() -> None:
        while True:
            line = sys.stdin.readline()  # ("" at the end of input)
            try:
                loop.call_soon_threadsafe(lines.put_nowait, line)
            except RuntimeError:
                return  # (the program is ending)
            if not line:
                return

    threading.Thread(target=read, name="lanpurr-stdin", daemon=True).start()
    while not done.is_set() and not leaving.is_set():
        line = await lines.get()
        if not line:
            done.set()
            return
        words = line.split()
        if not words:
            continue
        try:
            _command(session, printer, words, leaving)
        except (TableError, ValueError, IndexError, argparse.ArgumentTypeError) as error:
            said = str(error) or tr("error.needs_number")
            said = said if said.endswith((".", "!", "?", ")")) else said + "."
            printer.line(tr("error.cannot", reason=said), event="CommandRefused", reason=said)


def _seat_number(word: str) -> int:
    """A seat as people count them (from 1) to the table's index (from 0)."""
    if not word.isdigit() or int(word) < 1:
        raise ValueError(tr("error.not_a_seat", word=repr(word)))
    return int(word) - 1


def _command(
    session: TableSession, printer: Printer, words: list[str], leaving: asyncio.Event
) -> None:
    verb, rest = words[0].lower(), words[1:]
    state = session.state
    play = session.play
    if verb.isdigit():
        if play is None or not printer.shown_moves:
            raise ValueError(tr("error.not_listed"))
        move = printer.choose(int(verb))
        if move is not None:
            play.act(move)
            printer.acted()
    elif verb in ("help", "?", "h"):
        printer.line(help_text(), event="help")
    elif verb == "sit":
        session.command(Sit(_seat_number(rest[0])))
    elif verb in ("ready", "unready"):
        session.command(Ready(verb == "ready"))
    elif verb == "bot":
        level = bot_level(rest[1]) if len(rest) > 1 else BOT_WORDS["medium"]
        session.command(AddBot(_seat_number(rest[0]), level))
    elif verb == "unbot":
        session.command(RemoveBot(_seat_number(rest[0])))
    elif verb == "start":
        session.command(Start())
    elif verb == "remove" and state is not None:
        matches = [m.key for m in state.members if m.name == " ".join(rest)]
        if not matches:
            raise ValueError(tr("error.nobody_called", name=repr(" ".join(rest))))
        session.command(Remove(matches[0]))
    elif verb == "say":
        session.send(" ".join(rest))
    elif verb == "quit":
        leaving.set()
    else:
        raise ValueError(tr("error.unknown", verb=repr(verb)))
