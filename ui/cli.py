"""The `lanpurr` command. With no arguments it opens the app; subcommands work headless.

Each layer owns its subcommands; they are imported only when used, so headless commands never
load Qt.
"""

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path


def version_line() -> str:
    from lanpurr.version import version_text
    from net.limits import PROTOCOL_VERSION

    return f"lanpurr {version_text()} (network protocol {PROTOCOL_VERSION})"


def build_parser() -> argparse.ArgumentParser:
    from lanpurr import simulation
    from ui.terminal import cli as net_cli

    parser = argparse.ArgumentParser(
        prog="lanpurr", description="Cat card games for LAN parties, with no server."
    )
    parser.add_argument("--version", action="version", version=version_line())
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    simulation.add_parser(commands)
    net_cli.add_parsers(commands)
    add_share_parser(commands)
    return parser


def add_share_parser(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    from net.share.server import DEFAULT_PORT

    share = commands.add_parser(
        "share",
        help="give lanpurr to the other laptops over the LAN",
        description=(
            "Serve the lanpurr kit (the apps and the wheels that packaging/build.py makes) to "
            "the LAN, read-only, with a page of install commands in three languages. Runs "
            "until Ctrl-C."
        ),
    )
    share.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT})"
    )
    share.add_argument(
        "--kit",
        type=Path,
        help="the kit folder (default: $LANPURR_KIT, the folder the app was unpacked in, "
        "or 'kit' in the lanpurr data folder)",
    )
    share.add_argument(
        "--bind",
        default="0.0.0.0",
        metavar="ADDRESS",
        help="serve on this address only (default: every network of this laptop)",
    )
    share.set_defaults(run=run_share)


def run_share(args: argparse.Namespace) -> int:
    import logging
    import signal
    import threading

    from net.share.server import KitError, ShareServer, find_kit, scan_kit, url

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s lanpurr: %(message)s")
    folder = find_kit(args.kit)
    if folder is None:
        from net.home import home_dir
        from net.share.share_self import kit_of_running_app, running_app_folder

        if running_app_folder() is not None:
            print("packing this app so that it can be shared (once, about 10 s)…", flush=True)
            folder = kit_of_running_app(home_dir() / "shared-app")
    if folder is None:
        print(
            "lanpurr: no kit to share. Build it with `python packaging/build.py` (it makes "
            "dist/kit), then run `lanpurr share --kit dist/kit`",
            file=sys.stderr,
        )
        return 2
    try:
        kit = scan_kit(folder)
        server = ShareServer(
            kit,
            host=args.bind,
            port=args.port,
            on_download=lambda who, name: print(f"{who} downloaded {name}", flush=True),
        )
    except KitError as error:
        print(f"lanpurr: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"lanpurr: cannot serve on port {args.port} ({error}); try another --port",
              file=sys.stderr)  # fmt: skip
        return 2
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    server.start()
    addresses = server.addresses()
    first = addresses[0]
    print(f"sharing lanpurr from {kit.root} ({kit.describe()})")
    print("on the other laptops, open this address in a web browser:")
    for address in addresses:
        print(f"    {url(address, server.port)}")
    if kit.has_lanpurr_wheel:
        print(
            "or, with Python 3.11+: pip install --no-index "
            f"--trusted-host {first} --find-links {url(first, server.port, '/wheels/')} lanpurr"
        )
    print("Ctrl-C stops sharing", flush=True)
    try:
        while not stop.wait(0.5):
            pass
    finally:
        server.stop()
    print("stopped sharing", flush=True)
    return 0


def forget_the_sodium_copy() -> None:
    """rbcl (the group arithmetic's libsodium) writes its library to a new temporary file at
    every import and leaves it there, 2.8 MB a start. Once loaded the file is not needed: it
    is removed at once (Windows keeps a loaded library's file; there it stays)."""
    import rbcl

    path = getattr(sys.modules.get("rbcl._sodium"), "lib_path", None)
    if rbcl and isinstance(path, str) and os.path.basename(path).startswith("tmp"):
        with contextlib.suppress(OSError):
            os.unlink(path)


def main(argv: Sequence[str] | None = None) -> int:
    from net import stopped

    forget_the_sodium_copy()
    stopped.watch()  # (a process stopped and continued does not blame the others for it)
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list:
        from ui.system_libs import missing_libraries_message

        problem = missing_libraries_message()
        if problem:
            print(problem, file=sys.stderr)
            return 1
        from ui.app import run_app

        return run_app()
    args = build_parser().parse_args(args_list)
    if not hasattr(args, "run"):
        build_parser().print_help()
        return 2
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
