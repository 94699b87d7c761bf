"""A table in words: who sits in each seat, what a player is expected to do next in the waiting
room, and a table found on the LAN; the same as JSON for scripts; and the bot levels as people
name them.
"""

import argparse
from typing import Any

from net.limits import PROTOCOL_VERSION
from net.listing import Listing
from net.table import TableState
from ui.terminal.terminal_words import game_title

BOT_WORDS = {"beginner": "easy", "medium": "normal", "clever": "clever"}
"""The bot levels as the app names them, and the table's own name for each."""
BOT_ALIASES = {"easy": "easy", "normal": "normal", "hard": "clever"}
"""Older names, still understood."""
LEVEL_WORDS = {level: word for word, level in BOT_WORDS.items()}


def bot_level(word: str) -> str:
    """The table's bot level for a word typed on the command line."""
    level = BOT_WORDS.get(word.lower()) or BOT_ALIASES.get(word.lower())
    if level is None:
        raise argparse.ArgumentTypeError(f"no bot level {word!r}; choose {', '.join(BOT_WORDS)}")
    return level


def describe_state(state: TableState) -> str:
    phase = {"open": "waiting for players", "playing": "playing", "closed": "closed"}
    lines = [
        f"{game_title(state.game)} at {state.name_of(state.host)}'s table, "
        f"{phase.get(state.phase, state.phase)}:"
    ]
    for index, seat in enumerate(state.seats):
        if seat.bot:
            where = f" on {state.name_of(seat.runner)}'s laptop" if seat.runner else ""
            who = f"{LEVEL_WORDS.get(seat.bot, seat.bot).capitalize()} bot{where}"
        elif seat.player:
            who = state.name_of(seat.player) + (" (ready)" if seat.player in state.ready else "")
        else:
            who = "free"
        lines.append(f"- Seat {index + 1}: {who}")
    return "\n".join(lines)


def waiting_hint(state: TableState, me: bytes) -> str:
    """What I am expected to do in the waiting room ("" when nothing)."""
    if state.phase != "open" or not me:
        return ""
    if state.member(me) is None:
        return ""  # not yet admitted (or removed: the table says so)
    seat = state.seat_of(me)
    if seat is None:
        return "Type `sit N` to take free seat N (help: all commands)."
    if me not in state.ready and me != state.host:
        return "Type `ready` when you are ready to play (help: all commands)."
    if me == state.host:
        if any(s.free for s in state.seats):
            return "Fill the free seats (`bot N`) or wait for players, then type `start`."
        return "Type `start` once everyone is ready."
    return "Waiting for the host to start."


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
        f"{game_title(listing.game):<14} {listing.taken}/{listing.seats} {listing.state:<8}{lock} "
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
