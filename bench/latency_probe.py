"""Run `lanpurr` with two stamps the `--json` lines do not carry, for bench/latency.py.

    python bench/latency_probe.py FILE host momistigri ...   # the arguments of `lanpurr`

The code of lanpurr is not changed: two methods are wrapped here, and each writes one JSON
line to FILE (flushed at once, so a killed process keeps what it wrote), on `time.time()`, the
clock every namespace of the machine shares:

- `SeatMoves.act` (a seat's own action, here a bot's): `{"e": "act", "t", "seat", "action",
  …}` with the action's class name and its small int fields (`offer_id`, `to`), stamped when
  the seat starts to play it, written only when the seat took it (not refused);
- `Printer.game_event` for a `GameUpdate` (the `update` line of `--json`): `{"e": "update",
  "t", "steps": [[name, {field: int}], …]}` with each step's seats (`seat`, `drawer`,
  `holder`, `offerer`, `acceptor`, `to`) and `offer_id`, which the `update` line leaves out.

The product's `--json` names neither who made a move nor when a seat chose it: see
docs/benchmarks.md, "Latency per action (issue 36)".
"""

import json
import runpy
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FIELDS = ("seat", "drawer", "holder", "offerer", "acceptor", "offer_id", "to")
"""The int fields of an action or a step that pair an action with its result."""


def small_fields(thing: Any) -> dict[str, int | list[int]]:
    """The int fields of FIELDS that `thing` (an action or an event) has (a tuple of ints, as
    the seats a `FacesShown` is shown to, as a list)."""
    found: dict[str, int | list[int]] = {}
    for name in FIELDS:
        value = getattr(thing, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            found[name] = value
        elif isinstance(value, tuple) and all(type(v) is int for v in value):
            found[name] = list(value)
    return found


def install(path: Path) -> None:
    from lanpurr.seat import own_moves
    from net import events
    from ui.terminal import printer

    out = path.open("a", encoding="utf-8")
    lock = threading.Lock()

    def write(record: dict[str, Any]) -> None:
        with lock:
            out.write(json.dumps(record) + "\n")
            out.flush()

    act = own_moves.SeatMoves.act

    def stamped_act(self: Any, action: Any) -> str | None:
        start = time.time()
        refused = act(self, action)
        if refused is None:
            write({"e": "act", "t": round(start, 4), "seat": self.seat,
                   "action": type(action).__name__, **small_fields(action)})  # fmt: skip
        return refused

    game_event = printer.Printer.game_event

    def stamped_game_event(self: Any, event: Any) -> None:
        if isinstance(event, events.GameUpdate):
            steps = [[type(step.event).__name__, small_fields(step.event)]
                     for step in event.update.steps]  # fmt: skip
            write({"e": "update", "t": round(time.time(), 4), "steps": steps})
        game_event(self, event)

    own_moves.SeatMoves.act = stamped_act  # type: ignore[method-assign]
    printer.Printer.game_event = stamped_game_event  # type: ignore[method-assign]


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    install(Path(sys.argv[1]))
    sys.argv = ["lanpurr", *sys.argv[2:]]
    runpy.run_module("ui.cli", run_name="__main__", alter_sys=True)
