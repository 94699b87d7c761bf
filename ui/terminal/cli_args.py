"""The options of `lanpurr tables`, `lanpurr host` and `lanpurr join`."""

import argparse
from collections.abc import Callable
from pathlib import Path

from lanpurr.games import GAME_IDS
from net.game.dropouts import TABLE_TIMEOUT, TURN_TIMEOUT
from net.limits import RECONNECT_GRACE
from ui.terminal.table_words import BOT_WORDS, bot_level

Run = Callable[[argparse.Namespace], int]
"""What a subcommand does with its parsed arguments; its exit status."""


def add_parsers(
    commands: "argparse._SubParsersAction[argparse.ArgumentParser]",
    run_tables: Run,
    run_host: Run,
    run_join: Run,
) -> None:
    """Register the network subcommands, each run by its `run_*` function."""
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
    host.add_argument(
        "--autostart",
        action="store_true",
        help="start the game once every seat is taken and every player is ready",
    )
    host.add_argument("--private", action="store_true", help="joining needs the table code")
    host.add_argument(
        "--port", type=int, help="TCP port (default: 47300, or any free one if it is taken)"
    )
    host.add_argument(
        "--resume",
        action="store_true",
        help="host again the table you hosted last on this laptop (after a crash)",
    )
    host.add_argument(
        "--replace-gone",
        type=bot_level,
        metavar="LEVEL",
        help="when a laptop leaves or does not come back mid-game, void the round and go on "
        "with a bot of that level in its seats, run here (default: the game ends)",
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
    join.add_argument(
        "--watch",
        action="store_true",
        help="watch the table without a seat (full or not): see what a player without a hand "
        "sees, and every hand at each round's end",
    )
    join.add_argument(
        "--record",
        type=Path,
        metavar="FILE",
        help="with --watch: also save every message the host sent to FILE (msgpack, one "
        "length-prefixed message after another)",
    )
    join.set_defaults(run=run_join)
    for parser in (host, join):
        parser.add_argument(
            "--bot",
            type=bot_level,
            metavar="LEVEL",
            help=f"a bot plays my seat ({', '.join(BOT_WORDS)}); host: also the --bots' level",
        )
        parser.add_argument(
            "--pace",
            type=float,
            default=0.0,
            metavar="S",
            help="seconds a bot thinks before it acts (default 0)",
        )
        parser.add_argument(
            "--table-timeout",
            type=float,
            default=TABLE_TIMEOUT,
            metavar="S",
            help="seconds the round waits for a message another laptop's software owes before "
            f"the table names that laptop (default {TABLE_TIMEOUT:g})",
        )
        parser.add_argument(
            "--turn-timeout",
            type=float,
            default=TURN_TIMEOUT,
            metavar="S",
            help="seconds a player at another laptop may take for one turn before the table "
            f"names that laptop (default {TURN_TIMEOUT:g})",
        )
