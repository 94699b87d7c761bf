"""`lanpurr` with a laptop whose relay misbehaves once the game is under way, or that reports
what its mesh can tell about a laptop whose messages the round waits for.

Run like `python -m ui.cli` (tests/net/test_relays_netns.py puts it in its own process on the
network). Chosen by environment variables:

- LANPURR_RELAY: `withhold` (hand nothing on any more) or `alter` (hand on each message with
  one bit of its signature flipped, and sign the relay's word for those bytes, as every relay
  does);
- LANPURR_RELAY_AFTER: how many game batches it hands on honestly first (3: by then the game
  is under way);
- LANPURR_REPORT_WITHHELD=1: whenever the table says it waits for some seats (`waits`), print
  `Mesh.withheld` of the laptop of each seat as a JSON line (`withheld`, with `name`, `held`,
  `holders` and `through` as names, `direct`).

It says once, as a JSON line (`relaying`, with `kind`), when it starts to misbehave.
"""

import json
import os
import sys
from typing import Any

from lanpurr.fair.envelope import Envelope
from net.events import Event, TableWaits
from net.limits import BODY
from net.table.session import TableSession
from net.wire import framing
from net.wire.link import Link
from net.wire.mesh import Mesh
from ui.cli import main

KINDS = ("withhold", "alter")


def _is_batch(envelope: Envelope) -> bool:
    try:
        body = framing.unpack(envelope.body, BODY)
    except Exception:
        return False
    if not isinstance(body, dict) or body.get("k") != "app":
        return False
    data = body.get("d")
    return isinstance(data, dict) and "b" in data


def _altered(envelope: Envelope) -> bytes:
    signature = envelope.signature[:-1] + bytes([envelope.signature[-1] ^ 1])
    return Envelope(envelope.table, envelope.sender, envelope.seq, envelope.prev, envelope.body,
                    signature).encode()  # fmt: skip


def install_relay(kind: str, after: int) -> None:
    hand_on = Mesh._hand_on
    counted = {"batches": 0, "said": False}

    def misbehaving_hand_on(mesh: Mesh, link: Link, data: bytes) -> None:
        envelope = Envelope.decode(data)
        if counted["batches"] < after:
            counted["batches"] += _is_batch(envelope)
            hand_on(mesh, link, data)
            return
        if not counted["said"]:
            counted["said"] = True
            print(json.dumps({"event": "relaying", "kind": kind}), flush=True)
        if kind == "alter":
            hand_on(mesh, link, _altered(envelope))

    Mesh._hand_on = misbehaving_hand_on  # type: ignore[method-assign]


def install_report() -> None:
    emit = TableSession.emit

    def emit_and_report(session: TableSession, event: Event) -> None:
        emit(session, event)
        if isinstance(event, TableWaits) and session.play is not None:
            for seat, _ in event.owed:
                key = session.play.game.drops.laptops.get(seat)
                withheld = session.withheld(key) if key is not None else None
                if withheld is None or key is None:
                    continue
                name = session._name
                line: dict[str, Any] = {
                    "event": "withheld",
                    "name": name(key),
                    "held": withheld.held,
                    "holders": {name(k): n for k, n in withheld.holders.items()},
                    "direct": withheld.direct,
                    "through": [name(k) for k in withheld.through],
                }
                print(json.dumps(line), flush=True)

    TableSession.emit = emit_and_report  # type: ignore[method-assign]


def command(argv: list[str], **env: str) -> list[str]:
    """A `lanpurr` command line (`… python -m ui.cli …`) run by this module instead, with
    `env` as its environment variables."""
    argv = list(argv)
    argv[argv.index("ui.cli")] = "tests.net.relaying_laptop"
    python = argv.index(sys.executable)
    return [*argv[:python], "env", *(f"{k}={v}" for k, v in env.items()), *argv[python:]]


if __name__ == "__main__":
    kind = os.environ.get("LANPURR_RELAY", "")
    if kind:
        if kind not in KINDS:
            raise SystemExit(f"LANPURR_RELAY must be one of {', '.join(KINDS)}")
        install_relay(kind, int(os.environ.get("LANPURR_RELAY_AFTER", "3")))
    if os.environ.get("LANPURR_REPORT_WITHHELD") == "1":
        install_report()
    sys.exit(main(sys.argv[1:]))
