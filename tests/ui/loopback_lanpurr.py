"""The `lanpurr` command line with its table sockets bound to loopback only (127.0.0.1), for
tests that run a headless laptop beside a real window on this machine: nothing listens on
the machine's other interfaces. Run as `python tests/ui/loopback_lanpurr.py host ...`; use it
with `--no-announce` (no mDNS) and `--interface 127.0.0.1`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from net import lobby
from ui import cli

_init = lobby.Lobby.__init__


def _on_loopback(self: lobby.Lobby, *args: Any, **kwargs: Any) -> None:
    kwargs["bind"] = "127.0.0.1"
    _init(self, *args, **kwargs)


if __name__ == "__main__":
    lobby.Lobby.__init__ = _on_loopback  # type: ignore[method-assign]
    sys.exit(cli.main())
