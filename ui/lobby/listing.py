"""A table found on the network, as the lobby shows it, and why it may not be joinable."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from net.listing import Listing


@dataclass(frozen=True)
class TableListing:
    key: str
    """Stable id of the table while it is announced (the network layer's service name)."""
    game_id: str
    host_name: str
    seats_taken: int
    seats_total: int
    playing: bool
    address: str
    """host:port, for joining and for showing to people on a network without discovery."""
    private: bool = False
    protocol_ok: bool = True
    protocol_note: str = ""
    """When protocol_ok is False: the two versions, e.g. "2 here, 3 there"."""
    source: Listing | None = field(default=None, compare=False, repr=False)
    """The network layer's own record of the table (every address it advertises), if any."""
    mine: bool = False
    """This laptop sat at this table (its journal is here): it may go back to its game."""
    table_id: str = ""
    """The table's id (hex), the same whichever address or name announces it."""


def why_not_joinable(table: TableListing) -> str | None:
    """Why this table cannot be joined, in words for the player; None when it can be."""
    if not table.protocol_ok:
        text = QCoreApplication.translate(
            "Listing", "Needs another version of lanpurr (%1). Update so both match."
        )
        return text.replace("%1", table.protocol_note)
    if table.playing and not table.mine:
        return QCoreApplication.translate("Listing", "Already playing; wait for the next game.")
    if table.seats_taken >= table.seats_total:
        return QCoreApplication.translate("Listing", "Every seat is taken.")
    return None


def listing_from_net(found: Listing, protocol: int, journals: Path | None = None) -> TableListing:
    """The lobby's view of a `net.listing.Listing`; `journals`: where this laptop keeps the
    journals of the tables it sat at (such a table's game may be joined again: net.game.take_up)."""
    mine = journals is not None and (journals / f"{found.table}.journal").exists()
    return TableListing(
        key=found.service,
        game_id=found.game,
        host_name=found.host,
        seats_taken=found.taken,
        seats_total=found.seats,
        playing=found.state != "open",
        address=found.address,
        private=found.private,
        protocol_ok=found.version == protocol,
        protocol_note=QCoreApplication.translate("NetworkClient", "%1 here, %2 there")
        .replace("%1", str(protocol))
        .replace("%2", str(found.version)),
        source=found,
        mine=mine,
        table_id=found.table,
    )
