"""A table in words: who sits in each seat, what a player is expected to do next in the waiting
room, and a table found on the LAN; the same as JSON for scripts; and the bot levels as people
name them.
"""

import argparse
from typing import Any

from net.limits import PROTOCOL_VERSION
from net.listing import Listing
from net.table_state import TableState
from ui.terminal.speech import tr
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


PHASES = ("open", "playing", "closed")


def bot_words(level: str) -> str:
    """A bot level as the app names it, in the player's language ("Medium")."""
    word = LEVEL_WORDS.get(level)
    return tr(f"level.{word}") if word else level.capitalize()


def describe_state(state: TableState) -> str:
    phase = tr(f"phase.{state.phase}") if state.phase in PHASES else state.phase
    host = state.name_of(state.host)
    lines = [tr("state.title", game=game_title(state.game), host=host, phase=phase)]
    for index, seat in enumerate(state.seats):
        if seat.bot:
            level = bot_words(seat.bot)
            if seat.runner:
                who = tr("state.bot_on", level=level, name=state.name_of(seat.runner))
            else:
                who = tr("state.bot", level=level)
        elif seat.player:
            name = state.name_of(seat.player)
            who = tr("state.ready", name=name) if seat.player in state.ready else name
        else:
            who = tr("state.free")
        lines.append("- " + tr("state.seat", n=index + 1, who=who))
    return "\n".join(lines)


def waiting_hint(state: TableState, me: bytes) -> str:
    """What I am expected to do in the waiting room ("" when nothing)."""
    if state.phase != "open" or not me:
        return ""
    if state.member(me) is None:
        return ""  # not yet admitted (or removed: the table says so)
    seat = state.seat_of(me)
    if seat is None:
        return tr("hint.sit")
    if me not in state.ready and me != state.host:
        return tr("hint.ready")
    if me == state.host:
        if any(s.free for s in state.seats):
            return tr("hint.fill")
        return tr("hint.start")
    return tr("hint.wait_host")


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
    lock = " " + tr("listing.private") if listing.private else ""
    state = tr(f"listing.{listing.state}") if listing.state in LISTED else listing.state
    # (Listing fields are cleaned by net.discovery.mdns; the Printer cleans the line again.)
    return (
        f"{game_title(listing.game):<14} {listing.taken}/{listing.seats} {state:<8}{lock} "
        + tr("listing.host", host=listing.host, fingerprint=listing.fingerprint,
             address=listing.address)
        + ("" if listing.version == PROTOCOL_VERSION
           else "  " + tr("listing.protocol", version=listing.version))
    )  # fmt: skip


LISTED = ("open", "playing")
"""The states of a listed table (net.listing) with words in the catalogues."""


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
