"""The commands a person types at a table in a terminal (`lanpurr host` or `join` with stdin a
terminal): sit N, ready, unready, bot N [LEVEL], unbot N, start, remove NAME, say TEXT, quit,
help, and during a game the number of a listed move.
"""

import argparse
import asyncio
import sys
import threading

from net.session import TableSession
from net.table import TableError
from ui.terminal.printer import Printer
from ui.terminal.table_words import BOT_WORDS, bot_level

HELP = """Commands (seats are numbered from 1, as on the app's screen):
  sit N          take seat N               ready / unready   say you are (not) ready
  bot N [LEVEL]  a bot in seat N (beginner, medium or clever; medium if left out)
  unbot N        take the bot out of seat N
  start          start the game (the host)  remove NAME       send a player away (the host)
  say TEXT       talk to the table          quit              leave the table
  help           this list
During a game, type the number of a move; a number keeps meaning the same move until you
play or the move is no longer possible. A move with many ways to play it is chosen in steps
(what, then where, then how); 0 goes back a step."""


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
            said = str(error) or "that command needs a number"
            said = said if said.endswith((".", "!", "?", ")")) else said + "."
            printer.line(f"Cannot do that: {said}", event="CommandRefused", reason=said)


def _seat_number(word: str) -> int:
    """A seat as people count them (from 1) to the table's index (from 0)."""
    if not word.isdigit() or int(word) < 1:
        raise ValueError(f"{word!r} is not a seat number (they start at 1)")
    return int(word) - 1


def _command(
    session: TableSession, printer: Printer, words: list[str], leaving: asyncio.Event
) -> None:
    verb, rest = words[0].lower(), words[1:]
    state = session.state
    play = session.play
    if verb.isdigit():
        if play is None or not printer.shown_moves:
            raise ValueError("that is not one of the moves listed")
        move = printer.choose(int(verb))
        if move is not None:
            play.act(move)
            printer.acted()
    elif verb in ("help", "?", "h"):
        printer.line(HELP, event="help")
    elif verb == "sit":
        session.sit(_seat_number(rest[0]))
    elif verb in ("ready", "unready"):
        session.ready(verb == "ready")
    elif verb == "bot":
        level = bot_level(rest[1]) if len(rest) > 1 else BOT_WORDS["medium"]
        session.add_bot(_seat_number(rest[0]), level)
    elif verb == "unbot":
        session.remove_bot(_seat_number(rest[0]))
    elif verb == "start":
        session.start()
    elif verb == "remove" and state is not None:
        matches = [m.key for m in state.members if m.name == " ".join(rest)]
        if not matches:
            raise ValueError(f"nobody called {' '.join(rest)!r} at this table")
        session.remove(matches[0])
    elif verb == "say":
        session.send(" ".join(rest))
    elif verb == "quit":
        leaving.set()
    else:
        raise ValueError(f"unknown command {verb!r}; type help for the commands")
