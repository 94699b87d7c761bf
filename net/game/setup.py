"""What every laptop derives from the started table before its seats can play: the spec (the
same on every laptop), the game's id, the seats' names, the bots, and how this laptop plays."""

import logging
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from hashlib import sha256
from pathlib import Path
from typing import Any

from lanpurr.fair.protocol import FairPeer
from lanpurr.seat.registry import bots_of, layer_for
from lanpurr.seat.table import TableSpec
from net.game.dropouts import TABLE_TIMEOUT, TURN_TIMEOUT
from net.table_state import TableState

log = logging.getLogger("lanpurr.net")

BOT_LEVELS = {"easy": "random", "normal": "", "clever": ""}
"""The table's bot levels and the game's bot each one plays ("" = the game's strongest)."""
FAIR_PEER: Any = FairPeer
"""The fair-play peer each seat runs (a test's cheating laptop swaps in a patched one)."""

Bot = Callable[[Any, int, random.Random], Any]


@dataclass
class PlaySettings:
    """How this laptop plays its seats."""

    me_bot: str | None = None
    """A bot level: my own seat is played by that bot (`lanpurr join --bot`)."""
    pace: float = 0.0
    """Seconds a bot waits before it acts, so a person can follow the table."""
    hold_rounds: bool = False
    """My seat waits for `next_round` after each round (a person reads the scores)."""
    shuffle_proofs: bool = True
    evidence_dir: Path | None = None
    """Where evidence of a cheat is saved (default: the profile's home/evidence)."""
    replace_gone: str | None = None
    """Hosting: the bot level that takes the seats of a laptop that left or did not come back
    (the round is void, the game goes on from the next one); None: the game ends."""
    offer_choices: bool = False
    """A person plays my seat at a terminal: every pass says what it may do (`choices`)."""
    table_timeout: float = TABLE_TIMEOUT
    """Seconds the round may wait for a message another laptop's software owes (dropouts.py)."""
    turn_timeout: float = TURN_TIMEOUT
    """Seconds a person at another laptop may take for one turn."""


def spec_of(state: TableState, shuffle_proofs: bool = True) -> TableSpec:
    """The spec every laptop derives from the started table: the same on every laptop."""
    keys = tuple(seat.seat_key for seat in state.seats)
    if any(key is None for key in keys):
        raise ValueError("a seat is empty")
    return TableSpec.of(
        game_id(state.table, state.games),
        state.game,
        tuple(k for k in keys if k is not None),
        dict(state.options),
        shuffle_proofs=shuffle_proofs,
        shuffle_order=shuffle_order(state),
    )


def shuffle_order(state: TableState) -> tuple[int, ...]:
    """The seats in the order they shuffle each round's deck: the seats of one laptop one
    after the other, laptops in the order of their first seat. A laptop hands the deck from
    one of its seats to the next at once, so the deck crosses the network once per laptop,
    not once per seat (docs/decisions/0055). The same on every laptop: it is read from the
    table state the host signed at Start."""
    first: dict[bytes | None, int] = {}
    for index, seat in enumerate(state.seats):
        first.setdefault(seat.laptop, index)
    return tuple(sorted(range(len(state.seats)), key=lambda i: (first[state.seats[i].laptop], i)))


def game_id(table: bytes, number: int) -> bytes:
    """Each game at a table signs under its own id (Play again never replays an old game)."""
    return sha256(b"lanpurr game\x00" + table + number.to_bytes(4, "big")).digest()[:16]


def line_of(state: TableState) -> tuple[bytes, ...]:
    """The order in which laptops take the host's part (dropouts.py): the host, then every
    other laptop that plays a seat, by its first seat. The same on every laptop: it is read
    from the table state the host signed at Start."""
    line = [state.host]
    for seat in state.seats:
        if seat.laptop is not None and seat.laptop not in line:
            line.append(seat.laptop)
    return tuple(line)


def seat_names(state: TableState) -> tuple[str, ...]:
    names = []
    for index, seat in enumerate(state.seats):
        if seat.player is not None:
            names.append(state.name_of(seat.player))
        else:
            runner = state.name_of(seat.runner) if seat.runner else "?"
            names.append(f"Bot {index + 1} ({runner})")
    return tuple(names)


def bot_choice(game: str, level: str) -> Bot:
    """The `choose` of the game's bot for a table bot level."""
    bots = bots_of(game)
    wanted = BOT_LEVELS.get(level, "")
    name = wanted if wanted in bots else next(n for n in bots if n != "random")
    return bots[name]().choose  # type: ignore[no-any-return]


_PREPARED: set[str] = set()


def prepare(game: str) -> None:
    """Load the game's rules and bots in the background while the table waits in the lobby.

    Otherwise every laptop of the table loads them at the moment of Start, before it can send
    its first message: on a busy laptop that was the slowest part of Start before the shuffle.
    """
    if game in _PREPARED:
        return
    _PREPARED.add(game)

    def load() -> None:
        try:
            layer_for(game)
            bot_choice(game, "normal")
        except Exception as error:  # Start loads it again and says what is wrong
            log.warning("could not load %s ahead of the game: %s", game, error)

    threading.Thread(target=load, name="lanpurr-prepare", daemon=True).start()
