"""The headless network commands: `lanpurr tables`, `lanpurr host`, `lanpurr join`.

They use the same `Lobby` as the app. Output is one line per event (or one JSON object per line
with --json), errors are sentences, and nothing waits for keyboard input unless stdin is a
terminal: `host` and `join` run until Ctrl-C, SIGTERM, or the table closes. On a terminal they
also read commands: sit N, ready, unready, bot N [LEVEL], unbot N, start, remove NAME,
say TEXT, quit.
"""

import argparse
import asyncio
import contextlib
import json
import logging
import signal
import sys
from pathlib import Path
from typing import Any

from lanpurr.games import GAME_IDS
from net import events
from net.discovery import Listing
from net.handshake import Refused
from net.home import IdentityDamaged, Profile, load_profile
from net.limits import PROTOCOL_VERSION, RECONNECT_GRACE
from net.lobby import AddressError, Lobby
from net.session import TableSession
from net.table import BOT_NAMES, SEAT_RANGE, TableError, TableState
from net.text import clean, shown


def add_parsers(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Register the network subcommands."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--name", help="your display name (remembered)")
    common.add_argument("--json", action="store_true", help="print JSON, one object per line")
    common.add_argument(
        "--interface",
        action="append",
        metavar="ADDRESS",
        help="use only this IPv4 address for discovery (repeatable; default: all)",
    )
    common.add_argument(
        "--home",
        type=Path,
        help="data directory (default: $LANPURR_HOME or the user data directory)",
    )
    common.add_argument(
        "--grace",
        type=float,
        default=RECONNECT_GRACE,
        metavar="S",
        help=f"seconds a dropped player's seat is kept for them (default {RECONNECT_GRACE:g})",
    )
    common.add_argument(
        "--new-identity",
        action="store_true",
        help="if your identity file is damaged, replace it with a new one",
    )

    tables = commands.add_parser(
        "tables",
        parents=[common],
        help="list the tables on the LAN",
        description="Browse the LAN for lanpurr tables and list them.",
    )
    tables.add_argument(
        "--timeout", type=float, default=3.0, metavar="S", help="seconds to listen (default 3)"
    )
    tables.set_defaults(run=run_tables)

    host = commands.add_parser(
        "host",
        parents=[common],
        help="host a table",
        description="Host a table, announce it on the LAN, print its address and code.",
    )
    host.add_argument("game", choices=GAME_IDS)
    host.add_argument("--seats", type=int, help="number of seats (default: the most the game has)")
    host.add_argument("--bots", type=int, default=0, metavar="K", help="fill K seats with bots")
    host.add_argument("--private", action="store_true", help="joining needs the table code")
    host.add_argument("--port", type=int, default=0, help="TCP port (default: any free one)")
    host.add_argument(
        "--resume",
        action="store_true",
        help="host again the table you hosted last on this laptop (after a crash)",
    )
    host.add_argument(
        "--no-announce",
        action="store_true",
        help="do not announce on the LAN (join by address only)",
    )
    host.set_defaults(run=run_host)

    join = commands.add_parser(
        "join",
        parents=[common],
        help="join a table by address",
        description="Join the table at ADDRESS (host:port, as `lanpurr host` printed it).",
    )
    join.add_argument("address", help="host:port")
    join.add_argument("--code", help="the code shown on the host's screen (private tables)")
    join.add_argument("--port", type=int, default=0, help="my TCP port (default: any free one)")
    join.add_argument("--ready", action="store_true", help="say ready as soon as seated")
    join.add_argument(
        "--fingerprint",
        metavar="XXXX-XXXX-XXXX-XXXX",
        help="the fingerprint on the host's screen: refuse to join a table held by another key",
    )
    join.set_defaults(run=run_join)


class Printer:
    """Prints events for a person, or as JSON lines for a script."""

    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json

    def line(self, text: str, **fields: Any) -> None:
        """One line: JSON escapes every control character; plain text is cleaned of them
        line by line (what a peer chose can neither move the cursor nor fake a line)."""
        if self.as_json:
            print(json.dumps(fields, sort_keys=True, default=_plain), flush=True)
        else:
            print("\n".join(clean(part, 2000) for part in text.split("\n")), flush=True)

    def event(self, event: events.Event) -> None:
        kind = type(event).__name__
        if isinstance(event, events.TableStateChanged):
            self.line(describe_state(event.state), event=kind, state=state_json(event.state))
        elif isinstance(event, events.MessageReceived):
            self.line(
                f"{event.name}{' (private)' if event.private else ''}: {shown(event.data)}",
                event=kind,
                sender=event.sender.hex(),
                name=event.name,
                seq=event.seq,
                data=event.data,
                private=event.private,
                replayed=event.replayed,
            )
        elif isinstance(event, events.PeerWaiting):
            if event.seconds_left % 15 == 0 or self.as_json:
                self.line(str(event), event=kind, name=event.name, seconds_left=event.seconds_left)
        elif isinstance(event, events.TableFound | events.TableUpdated):
            self.line(describe_listing(event.listing), event=kind, **listing_json(event.listing))
        elif isinstance(event, events.TableLost):
            self.line(f"table gone: {event.service}", event=kind, service=event.service)
        elif isinstance(event, events.Joined | events.CheaterCaught):
            self.line(str(event), event=kind, **vars(event))
        else:
            fields = {k: v for k, v in vars(event).items()}
            text = " ".join(str(v) for v in fields.values())
            self.line(f"{kind}: {text}", event=kind, **fields)


def _plain(value: Any) -> Any:
    if isinstance(value, bytes):
        return value.hex()
    if hasattr(value, "encode") and hasattr(value, "signature"):  # an envelope (evidence)
        return value.encode().hex()
    if isinstance(value, frozenset | set | tuple):
        return list(value)
    return str(value)


def describe_state(state: TableState) -> str:
    seats = ", ".join(f"{i}: {state.describe_seat(i)}" for i in range(len(state.seats)))
    return f"table {state.game} [{state.phase}] seats {seats}"


def state_json(state: TableState) -> dict[str, Any]:
    return {
        "table": state.table.hex(),
        "version": state.version,
        "game": state.game,
        "phase": state.phase,
        "private": state.private,
        "host": state.host.hex(),
        "members": [{"key": m.key.hex(), "name": m.name} for m in state.members],
        "seats": [
            {"player": s.player.hex() if s.player else None, "bot": s.bot} for s in state.seats
        ],
        "ready": sorted(k.hex() for k in state.ready),
    }


def describe_listing(listing: Listing) -> str:
    lock = " private" if listing.private else ""
    # (Listing fields are cleaned by net.discovery; the Printer cleans the line again.)
    return (
        f"{listing.game:<11} {listing.taken}/{listing.seats} {listing.state:<8}{lock} "
        f"host {listing.host} ({listing.fingerprint})  join: lanpurr join {listing.address}"
        + ("" if listing.version == PROTOCOL_VERSION else f"  [protocol {listing.version}]")
    )


def listing_json(listing: Listing) -> dict[str, Any]:
    return {
        "service": listing.service,
        "address": listing.address,
        "addresses": list(listing.addresses),
        "port": listing.port,
        "version": listing.version,
        "game": listing.game,
        "options": listing.options,
        "taken": listing.taken,
        "seats": listing.seats,
        "state": listing.state,
        "host": listing.host,
        "fingerprint": listing.fingerprint,
        "private": listing.private,
        "table": listing.table,
    }


def profile_for(args: argparse.Namespace) -> Profile | None:
    """The identity, asking before replacing a damaged one; None (after saying why) to stop."""
    # Warnings (a peer's bad frame, a refused message) go to stderr, one time-stamped line each.
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s lanpurr: %(message)s")
    try:
        return load_profile(args.home, args.name, replace_damaged=args.new_identity)
    except IdentityDamaged as damaged:
        print(f"lanpurr: {damaged}", file=sys.stderr)
        if not sys.stdin.isatty():
            return None
        answer = input("Make a new identity now? [y/N] ").strip().lower()
        if answer not in ("y", "yes"):
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
        print(
            f"no tables found in {args.timeout:g} s (is multicast blocked? "
            "ask the host for their address and use `lanpurr join HOST:PORT`)"
        )
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
    return asyncio.run(_play(profile, args, hosting=False))


async def _play(profile: Profile, args: argparse.Namespace, hosting: bool) -> int:
    printer = Printer(args.json)
    done = asyncio.Event()
    outcome = {"code": 0}

    def on_event(event: events.Event) -> None:
        if isinstance(event, events.JoinRefused):
            return  # said once, on stderr, below
        printer.event(event)
        if isinstance(event, events.TableClosed):
            done.set()

    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, done.set)
    lobby = Lobby(profile, on_event, interfaces=args.interface, grace=args.grace)
    try:
        session = await (_host(lobby, args, printer) if hosting else _join(lobby, args, printer))
    except (TableError, AddressError) as error:
        print(f"lanpurr: {error}", file=sys.stderr)
        return 2
    except Refused as refused:
        print(f"lanpurr: the table refused you: {clean(refused.reason)}", file=sys.stderr)
        return 3
    except (OSError, TimeoutError, EOFError) as error:
        if hosting:
            print(f"lanpurr: could not open the table ({error}); try another --port",
                  file=sys.stderr)  # fmt: skip
            return 2
        print(
            f"lanpurr: could not reach the table ({error or 'no answer'}); check the "
            "address, and that both laptops are on the same network",
            file=sys.stderr,
        )
        return 3
    reader = (
        asyncio.ensure_future(_read_commands(session, printer, done))
        if sys.stdin.isatty()
        else None
    )
    await done.wait()
    if reader is not None:
        reader.cancel()
    await lobby.close()
    return outcome["code"]


async def _host(lobby: Lobby, args: argparse.Namespace, printer: Printer) -> TableSession:
    seats = args.seats or SEAT_RANGE.get(args.game, (1, 4))[1]
    if not 0 <= args.bots <= seats:
        raise TableError(f"--bots must be between 0 and the number of seats ({seats})")
    if args.resume:
        session = await lobby.resume_host(announce=not args.no_announce)
    else:
        session = await lobby.host(
            args.game, seats, private=args.private, port=args.port, announce=not args.no_announce
        )
        for seat in range(seats - args.bots, seats):
            session.add_bot(seat, "normal")
    addresses = list(args.interface or []) or _my_addresses()
    where = [f"{a}:{session.port}" for a in addresses] or [
        f"<this laptop's address>:{session.port}"
    ]
    code = session.code
    assert session.state is not None
    game, seats = session.state.game, len(session.state.seats)
    text = f"hosting {game} with {seats} seats at {', '.join(where)}"
    fingerprint = lobby.profile.identity.fingerprint
    text += f"\nyour fingerprint: {fingerprint}   (players joining by address compare it)"
    if code:
        text += f"\ntable code: {code}   (players join with: lanpurr join {where[0]} --code {code})"
    else:
        text += f"\nplayers join with: lanpurr join {where[0]}"
    assert session.state is not None
    printer.line(
        text,
        event="Hosting",
        addresses=where,
        code=code,
        port=session.port,
        table=session.state.table.hex(),
        fingerprint=fingerprint,
    )
    return session


async def _join(lobby: Lobby, args: argparse.Namespace, printer: Printer) -> TableSession:
    session = await lobby.join(args.address, code=args.code, port=args.port)
    wanted = (args.fingerprint or "").strip().upper()
    if wanted and wanted != session.host_fingerprint:
        await lobby.close()
        raise TableError(
            f"the table at {args.address} is held by the key {session.host_fingerprint}, not "
            f"{wanted}: it is not the table whose fingerprint you were given"
        )
    assert session.state is not None
    printer.line(
        f"joined {args.address} as {lobby.profile.name}",
        event="Joined",
        port=session.port,
        table=session.state.table.hex(),
    )
    if args.ready:
        session.ready(True)
    return session


def _my_addresses() -> list[str]:
    from zeroconf._utils.net import get_all_addresses

    return [a for a in get_all_addresses() if not a.startswith("127.")]


async def _read_commands(session: TableSession, printer: Printer, done: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    while not done.is_set():
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            done.set()
            return
        words = line.split()
        if not words:
            continue
        try:
            _command(session, words, done)
        except (TableError, ValueError, IndexError) as error:
            printer.line(f"cannot do that: {error}", event="CommandRefused", reason=str(error))


def _command(session: TableSession, words: list[str], done: asyncio.Event) -> None:
    verb, rest = words[0].lower(), words[1:]
    state = session.state
    if verb == "sit":
        session.sit(int(rest[0]))
    elif verb in ("ready", "unready"):
        session.ready(verb == "ready")
    elif verb == "bot":
        session.add_bot(int(rest[0]), rest[1] if len(rest) > 1 else "normal")
    elif verb == "unbot":
        session.remove_bot(int(rest[0]))
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
        done.set()
    else:
        raise ValueError(
            f"unknown command {verb!r}; commands: sit N, ready, unready, bot N "
            f"[{'|'.join(BOT_NAMES)}], unbot N, start, remove NAME, say TEXT, quit"
        )
