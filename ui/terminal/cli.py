"""The headless network commands: `lanpurr tables`, `lanpurr host`, `lanpurr join`.

They use the same `Lobby` as the app. Output is one line per event (or one JSON object per line
with --json), errors are sentences, and nothing waits for keyboard input unless stdin is a
terminal: `host` and `join` run until the game is over, Ctrl-C, SIGTERM, or the table closes.
On a terminal they also read commands: sit N, ready, unready, bot N [LEVEL], unbot N, start,
remove NAME, say TEXT, quit, and during a game the number of an action to play.

With `--bot LEVEL` this laptop's seat is played by a bot; `host --autostart` starts once every
seat is taken and every player is ready. The game's end is the line
`{"event": "game_over", "scores": [...], "audits": [...]}` and exit status 0 (also when a cheat
was named and the host gave the cheater's seats to a bot: the `cheat` line says so); a refused
join, a cheat that ends the game (4) or a game that cannot go on (5) exits non-zero after one
line on stderr saying why.

Killed in the middle of a game, `join` again (or `host GAME --resume`) with the same home takes
this laptop's seats back where they were (`game_resumed`, net.game.take_up); `host --replace-gone
LEVEL` gives the seats of a laptop that does not come back to a bot (`seat_replaced`). A game
that ends here after the host has already opened the table again with this laptop seated (Play
again, in the app: a `join` that exited at the game's end and is typed again takes that game up
and plays it out first) does not end the command: its `game_over` is followed by
`{"event": "seated_again"}`, and the command plays the next game.

Their options are in `cli_args`, the lines they print in `printer` (the table's own words in
`table_words`, the game's in `terminal_words`), the commands typed at a terminal in
`typed_commands` (all in ui/terminal).
"""

import argparse
import asyncio
import contextlib
import errno
import json
import logging
import logging.handlers
import signal
import sys
from pathlib import Path
from typing import Any

from net import events
from net.home import IdentityDamaged, Profile, home_dir, load_profile
from net.limits import CONNECT_TIMEOUT, CONNECT_TRIES
from net.lobby import AddressError, Lobby
from net.phone.watch import phone_url
from net.table.commands import AddBot, Ready, Start
from net.table.session import TableSession
from net.table_state import OPEN, SEAT_RANGE, TableError, TableState
from net.text import clean
from net.wire.handshake import Refused
from net.wire.mesh import NothingAnswered
from ui.terminal import cli_args, cli_watch, speech
from ui.terminal.printer import Printer
from ui.terminal.speech import tr
from ui.terminal.table_words import BOT_WORDS, describe_listing, listing_json
from ui.terminal.terminal_words import game_title, sentence
from ui.terminal.typed_commands import read_commands


def add_parsers(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Register the network subcommands."""
    cli_args.add_parsers(commands, run_tables, run_host, run_join)


LOG_FILE = "terminal.log"
"""In the home folder: the warnings of `lanpurr host`, `join` and `tables` for a person."""


def log_to(args: argparse.Namespace) -> str:
    """Where warnings go (a peer's bad frame, a refused message, a line that failed). A person
    reads the game, not time-stamped log lines: theirs go to a file in the home folder, named
    when something could not be shown. A script (--json) gets them on stderr, as before.
    Returns the file's path ("" for stderr)."""
    line = "%(asctime)s lanpurr: %(message)s"
    if getattr(args, "json", False):
        logging.basicConfig(level=logging.WARNING, format=line)
        return ""
    path = home_dir(args.home) / LOG_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=2_000_000, backupCount=1, encoding="utf-8"
        )
    except OSError:
        handler, path = logging.NullHandler(), Path("")
    handler.setFormatter(logging.Formatter(line))
    logging.basicConfig(level=logging.WARNING, handlers=[handler], force=True)
    return str(path) if str(path) != "." else ""


def ask_name(args: argparse.Namespace) -> None:
    """A person at a terminal, on the first run without --name: ask what to be called (not
    the system user's name, which is often "root" or a login nobody at the party knows)."""
    if args.name or not sys.stdin.isatty() or (home_dir(args.home) / "identity.json").exists():
        return
    try:
        typed = input(tr("ask.name")).strip()
    except EOFError:
        return
    args.name = typed or None


def profile_for(args: argparse.Namespace) -> Profile | None:
    """The identity, asking before replacing a damaged one; None (after saying why) to stop.
    The language is chosen first: the app's, or English for a script (--json)."""
    speech.use("en" if getattr(args, "json", False) else speech.chosen())
    args.log_file = log_to(args)
    ask_name(args)
    try:
        return load_profile(args.home, args.name, replace_damaged=args.new_identity)
    except IdentityDamaged as damaged:
        print(f"lanpurr: {sentence(str(damaged))}", file=sys.stderr)
        if not sys.stdin.isatty():
            return None
        answer = input(tr("ask.new_identity")).strip().lower()
        if answer not in tr("ask.yes").split("|"):
            return None
        return load_profile(args.home, args.name, replace_damaged=True)


def run_tables(args: argparse.Namespace) -> int:
    profile = profile_for(args)
    if profile is None:
        return 2
    return asyncio.run(_tables(profile, args))


async def _tables(profile: Profile, args: argparse.Namespace) -> int:
    printer = Printer(False)
    lobby = Lobby(profile, lambda event: None, interfaces=args.interface)
    await lobby.browse()
    await asyncio.sleep(max(args.timeout, 0.0))
    found = sorted(lobby.tables.values(), key=lambda t: (t.game, t.host))
    await lobby.close()
    if args.json:
        print(json.dumps([listing_json(t) for t in found], sort_keys=True))
    elif not found:
        print(tr("tables.none", timeout=f"{args.timeout:g}"))
    else:
        for listing in found:
            printer.line(describe_listing(listing))
    return 0


def run_host(args: argparse.Namespace) -> int:
    profile = profile_for(args)
    if profile is None:
        return 2
    return asyncio.run(_play(profile, args, hosting=True))


def run_join(args: argparse.Namespace) -> int:
    profile = profile_for(args)
    if profile is None:
        return 2
    if args.watch:
        return asyncio.run(cli_watch.watch_table(profile, args))
    return asyncio.run(_play(profile, args, hosting=False))


async def _play(profile: Profile, args: argparse.Namespace, hosting: bool) -> int:
    printer = Printer(args.json, profile.identity.public_key)
    printer.log_file = getattr(args, "log_file", "")
    done = asyncio.Event()
    leaving = asyncio.Event()
    """The player typed `quit`: it leaves the table on purpose (the others are told)."""
    outcome: dict[str, Any] = {"code": 0, "reason": "", "over": False}
    held: list[events.Event] = []
    """Events before the first line (the host's `hosting` line comes first)."""
    holder: list[TableSession] = []
    person = args.bot is None and sys.stdin.isatty()

    def end(code: int, reason: str) -> None:
        if outcome["code"] == 0 and not outcome["over"]:
            outcome.update(code=code, reason=reason)
        done.set()

    def on_event(event: events.Event) -> None:
        try:
            take(event)
        except Exception:
            printer.failed(type(event).__name__)

    def offer_later() -> None:
        """After the events of one pass: my choices then match the last view shown (an
        update before the last may show a moment my choices no longer fit)."""
        offer_pending.clear()
        session = holder[0] if holder else None
        if session is not None and session.play is not None and not done.is_set():
            try:
                _offer_actions(session, printer)
            except Exception:
                printer.failed("the moves")

    offer_pending: list[bool] = []

    def take(event: events.Event) -> None:
        if isinstance(event, events.JoinRefused):
            return  # said once, on stderr, below
        if not holder and hosting:
            held.append(event)  # the `hosting` line comes first
            return
        if outcome["over"] or done.is_set():
            return  # game_over (or why the game ended) is the last line
        # (Joining: the host's fingerprint, as it happens; back in a game: its first lines.)
        session = holder[0] if holder else None
        printer.event(event)
        playing = session is not None and session.play is not None
        if isinstance(event, events.GameUpdate) and person and playing and not offer_pending:
            offer_pending.append(True)
            asyncio.get_running_loop().call_soon(offer_later)
        if isinstance(event, events.GameOver) and _seated_again(session):
            printer.line(tr("table.seated_again"), event="seated_again")
        elif isinstance(event, events.GameOver):
            outcome["over"] = True
            done.set()
        elif isinstance(event, events.CheatNamed):
            outcome["cheat"] = True
            if event.ends:
                end(4, event.text)
        elif isinstance(event, events.GameStopped):
            end(4 if outcome.get("cheat") or event.cheat else 5, event.reason)
        elif isinstance(event, events.TableClosed):
            code = 0 if session is None or session.play is None else 5
            end(4 if code and outcome.get("cheat") else code, event.reason)
        elif isinstance(event, events.TableStateChanged) and hosting and args.autostart and session:
            _autostart(session, event.state)

    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, done.set)
    lobby = Lobby(profile, on_event, interfaces=args.interface, grace=args.grace)
    lobby.play_settings.me_bot = args.bot
    lobby.play_settings.offer_choices = not args.bot
    lobby.play_settings.pace = max(args.pace, 0.0)
    lobby.play_settings.replace_gone = getattr(args, "replace_gone", None)
    lobby.play_settings.table_timeout = max(args.table_timeout, 1.0)
    lobby.play_settings.turn_timeout = max(args.turn_timeout, 1.0)
    try:
        session = await (_host(lobby, args, printer) if hosting else _join(lobby, args, printer))
    except (TableError, AddressError) as error:
        print(f"lanpurr: {sentence(str(error))}", file=sys.stderr)
        return 2
    except Refused as refused:
        print("lanpurr: " + tr("join.refused", reason=sentence(clean(refused.reason))),
              file=sys.stderr)  # fmt: skip
        return 3
    except (OSError, TimeoutError, EOFError) as error:
        if hosting:
            print("lanpurr: " + tr("host.could_not", error=error), file=sys.stderr)
            return 2
        print(f"lanpurr: {not_reached(error, args.address)}", file=sys.stderr)
        return 3
    holder.append(session)
    for event in held:
        on_event(event)
    held.clear()
    if hosting and args.autostart and session.state is not None:
        _autostart(session, session.state)
    reader = (
        asyncio.ensure_future(read_commands(session, printer, done, leaving))
        if sys.stdin.isatty()
        else None
    )
    quitting = asyncio.ensure_future(leaving.wait())
    quitting.add_done_callback(lambda _: done.set())
    await done.wait()
    quitting.cancel()
    if reader is not None:
        reader.cancel()
    if outcome["over"] or leaving.is_set():
        await session.flush(timeout=5.0)  # the others may still need my last messages
        if outcome["over"]:
            await lobby.followers_back()  # (watchers of a host that left, to see the end)
        await session.leave("the game is over" if outcome["over"] else "left the table")
        if not outcome["over"]:
            printer.line(tr("left_table"), event="left")
    await lobby.close()
    if outcome["code"]:
        print(f"lanpurr: {sentence(clean(outcome['reason'], 500))}", file=sys.stderr)
    return int(outcome["code"])


def not_reached(error: BaseException, address: str) -> str:
    """Why a join by address got no table, in a sentence a person can act on."""
    check = tr("join.check")
    if isinstance(error, NothingAnswered):
        where = f"{error.address.host}:{error.address.port}"
        within = f"{CONNECT_TIMEOUT * CONNECT_TRIES:g}"
        return tr("join.nothing_answered", address=where, seconds=within, check=check)
    if isinstance(error, OSError) and error.errno in (errno.EHOSTUNREACH, errno.ENETUNREACH):
        return tr("join.unreachable", address=address, check=check)
    if isinstance(error, ConnectionRefusedError):
        return tr("join.nobody_hosts", address=address)
    return tr("join.not_reached", error=str(error) or tr("no_answer"))


def _seated_again(session: TableSession | None) -> bool:
    """Whether the table is open again with this laptop seated, as a game ends here: a game this
    laptop took up after a restart, or whose last moves it was still drawing, while the host
    moved on to the next (Play again). The command is there for that next game."""
    if session is None or session.state is None:
        return False
    return session.state.phase == OPEN and session.state.seat_of(session.me) is not None


def _autostart(session: TableSession, state: TableState) -> None:
    """Start as soon as every seat is taken and every player is ready."""
    if state.phase != "open" or any(s.free for s in state.seats):
        return
    players = [s.player for s in state.seats if s.player is not None and s.player != state.host]
    if all(p in state.ready for p in players):
        try:
            session.command(Start())
        except TableError as error:
            logging.getLogger("lanpurr.net").warning("could not start yet: %s", error)


def _offer_actions(session: TableSession, printer: Printer) -> None:
    """A person at a terminal: their choices, numbered, when it is their turn."""
    game = session.play.game if session.play is not None else None
    if game is None or printer.words is None or not game.choices:
        return
    printer.offer_moves(game.view, list(game.choices))


async def _host(lobby: Lobby, args: argparse.Namespace, printer: Printer) -> TableSession:
    seats = args.seats or SEAT_RANGE.get(args.game, (1, 4))[1]
    if not 0 <= args.bots <= seats:
        raise TableError(tr("host.bots", seats=seats))
    if args.resume:
        session = await lobby.resume_host(announce=not args.no_announce)
    else:
        session = await lobby.host(
            args.game, seats, private=args.private, port=args.port, announce=not args.no_announce
        )
        for seat in range(seats - args.bots, seats):
            session.command(AddBot(seat, args.bot or BOT_WORDS["medium"]))
    addresses = list(args.interface or []) or _my_addresses()
    where = [f"{a}:{session.port}" for a in addresses] or [
        tr("host.this_address", port=session.port)
    ]
    code = session.code
    assert session.state is not None
    game, seats = game_title(session.state.game), len(session.state.seats)
    text = tr("host.hosting", game=game, seats=seats, addresses=", ".join(where))
    fingerprint = lobby.profile.identity.fingerprint
    text += "\n" + tr("host.fingerprint", fingerprint=fingerprint)
    if code:
        text += "\n" + tr("host.code", code=code, address=where[0])
    else:
        text += "\n" + tr("host.join_with", address=where[0])
    phone = _phone_address(lobby, addresses)
    if phone:
        text += "\n" + tr("phone", address=phone)
    assert session.state is not None
    printer.line(
        text,
        event="hosting",
        address=where[0],
        addresses=where,
        code=code,
        port=session.port,
        table=session.state.table.hex(),
        fingerprint=fingerprint,
        phone=phone,
    )
    return session


async def _join(lobby: Lobby, args: argparse.Namespace, printer: Printer) -> TableSession:
    session = await lobby.join(args.address, code=args.code, port=args.port)
    wanted = (args.fingerprint or "").strip().upper()
    if wanted and wanted != session.host_fingerprint:
        await lobby.close()
        raise TableError(
            tr("join.other_key", address=args.address, key=session.host_fingerprint,
               wanted=wanted)
        )  # fmt: skip
    assert session.state is not None
    phone = _phone_address(lobby, list(args.interface or []) or _my_addresses())
    printer.line(
        tr("join.joined", address=args.address, name=lobby.profile.name)
        + ("\n" + tr("phone", address=phone) if phone else ""),
        event="Joined",
        port=session.port,
        table=session.state.table.hex(),
        phone=phone,
    )
    if (args.ready or args.bot) and session.state.phase == "open":
        session.command(Ready(True))  # (back in a game under way: nothing to be ready for)
    return session


def _phone_address(lobby: Lobby, addresses: list[str]) -> str | None:
    """Where a phone watches this laptop's table (net/phone/): the page on the first address
    the table is reached at; None when this laptop serves no page."""
    if lobby.phones is None:
        return None
    if lobby.bind not in ("0.0.0.0", "::", ""):
        addresses = [lobby.bind]
    return phone_url(addresses[0] if addresses else "127.0.0.1", lobby.phones.port)


def _my_addresses() -> list[str]:
    from zeroconf._utils.net import get_all_addresses

    return [a for a in get_all_addresses() if not a.startswith("127.")]
