"""The `lanpurr` command. With no arguments it opens the app; subcommands work headless.

Each layer owns its subcommands; they are imported only when used, so headless commands never
load Qt.
"""

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    from lanpurr import simulation
    from net import cli as net_cli

    parser = argparse.ArgumentParser(
        prog="lanpurr", description="Cat card games for LAN parties, with no server."
    )
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    simulation.add_parser(commands)
    net_cli.add_parsers(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list:
        from ui.app import run_app

        return run_app()
    args = build_parser().parse_args(args_list)
    if not hasattr(args, "run"):
        build_parser().print_help()
        return 2
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
